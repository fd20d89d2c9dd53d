import { EditOutlined } from '@ant-design/icons';
import { Button, Card, Form, Input, Space, type InputRef } from 'antd';
import { forwardRef, useEffect, useImperativeHandle, useRef, useState } from 'react';
import { isApiError } from '../api/http.js';
import type { User } from '../api/types.js';
import { useUpdateMe, type ProfileInput } from '../api/users.js';
import { notify } from '../app/notify.js';
import { useHydrated } from '../app/use-hydrated.js';
import { decorativeIcon } from './decorative-icon.js';

const FIELDS = ['name', 'email', 'phone', 'address'] as const;

const toValues = (user: User): ProfileInput => ({ name: user.name, email: user.email, phone: user.phone, address: user.address });

export interface ProfileFormHandle {
  /** Scrolls the form into view, switches it to editing and focuses the first field. */
  startEditing(): void;
}

/**
 * Read-only profile details that become editable after the edit button (spec section 4: read-only, editing,
 * then saved or cancelled). Shared by Profile and Update Profile, which opens it already editing.
 */
export const ProfileForm = forwardRef<ProfileFormHandle, { user: User; initialEditing?: boolean }>(
  function ProfileForm({ user, initialEditing = false }, ref) {
    const [form] = Form.useForm<ProfileInput>();
    const [editing, setEditing] = useState(initialEditing);
    const update = useUpdateMe();
    const hydrated = useHydrated();
    const cardRef = useRef<HTMLDivElement>(null);
    const nameRef = useRef<InputRef>(null);
    const focusName = useRef(false);

    // While reading, the form mirrors the server; a refetch never overwrites what the user is typing.
    useEffect(() => {
      if (!editing) form.setFieldsValue(toValues(user));
    }, [editing, form, user]);

    useEffect(() => {
      if (editing && focusName.current) {
        focusName.current = false;
        nameRef.current?.focus();
      }
    }, [editing]);

    const startEditing = () => {
      focusName.current = true;
      setEditing(true);
      if (editing) nameRef.current?.focus();
    };

    useImperativeHandle(ref, () => ({
      startEditing() {
        cardRef.current?.scrollIntoView({ behavior: 'smooth', block: 'start' });
        startEditing();
      },
    }));

    const cancel = () => {
      form.resetFields();
      form.setFieldsValue(toValues(user));
      setEditing(false);
    };

    const save = (values: ProfileInput) => {
      const input = Object.fromEntries(FIELDS.map((field) => [field, values[field] ?? ''])) as unknown as ProfileInput;
      const closeLoading = notify.loading('Updating Profile');
      update.mutate(input, {
        onSuccess: (saved) => {
          form.setFieldsValue(toValues(saved));
          setEditing(false);
          notify.success('Profile Updated Successfully');
        },
        onError: (error) => {
          notify.error('Profile Update Failed');
          if (!isApiError(error)) return;
          const fieldErrors = error.errors
            .filter((e) => (FIELDS as readonly string[]).includes(e.path))
            .map((e) => ({ name: e.path as keyof ProfileInput, errors: [e.message] }));
          // A taken email is a conflict, not a field error, but the email field is where it belongs.
          if (error.status === 409 && fieldErrors.length === 0) fieldErrors.push({ name: 'email', errors: [error.message] });
          form.setFields(fieldErrors);
        },
        onSettled: () => closeLoading(),
      });
    };

    return (
      <div ref={cardRef} className="profile-form-anchor">
        <Card
          title={<h2 className="profile-card-title">Personal Information</h2>}
          extra={
            editing ? null : (
              <Button icon={<EditOutlined {...decorativeIcon} />} onClick={startEditing} disabled={!hydrated} aria-label="Edit profile details">
                Edit
              </Button>
            )
          }
          className="profile-card"
        >
          <Form<ProfileInput>
            form={form}
            layout="vertical"
            requiredMark={false}
            initialValues={toValues(user)}
            onFinish={save}
            noValidate
            className="profile-form"
          >
            <Form.Item label="ID" htmlFor="profile-id">
              <Input id="profile-id" value={user._id} readOnly variant="filled" className="profile-id-input" />
            </Form.Item>
            <div className="profile-form-grid">
              <Form.Item label="Name" name="name">
                <Input ref={nameRef} autoComplete="name" readOnly={!editing} variant={editing ? 'outlined' : 'filled'} />
              </Form.Item>
              <Form.Item label="Email" name="email">
                <Input type="email" autoComplete="email" readOnly={!editing} variant={editing ? 'outlined' : 'filled'} />
              </Form.Item>
              <Form.Item label="Phone" name="phone">
                <Input type="tel" autoComplete="tel" readOnly={!editing} variant={editing ? 'outlined' : 'filled'} />
              </Form.Item>
              <Form.Item label="Address" name="address">
                <Input autoComplete="street-address" readOnly={!editing} variant={editing ? 'outlined' : 'filled'} />
              </Form.Item>
            </div>
            {editing ? (
              <Space wrap className="profile-form-actions">
                <Button onClick={cancel} disabled={update.isPending}>
                  Cancel
                </Button>
                <Button type="primary" htmlType="submit" loading={update.isPending} disabled={!hydrated}>
                  Save Changes
                </Button>
              </Space>
            ) : null}
          </Form>
        </Card>
      </div>
    );
  },
);
