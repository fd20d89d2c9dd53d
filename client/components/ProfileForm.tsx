import { EditOutlined } from '@ant-design/icons';
import { Button, Card, Form, Input, Select, Space, type InputRef } from 'antd';
import { forwardRef, useEffect, useImperativeHandle, useRef, useState } from 'react';
import { isApiError, type ApiError } from '../api/http.js';
import type { User } from '../api/types.js';
import { useUpdateMe, type ProfileInput } from '../api/users.js';
import { DEFAULT_LOCALE, LOCALE_NAMES, LOCALES } from '../../locales/index.js';
import { useLocale, useT, type Locale } from '../app/i18n.js';
import { notify } from '../app/notify.js';
import { useHydrated } from '../app/use-hydrated.js';
import { decorativeIcon } from './decorative-icon.js';

const FIELDS = ['name', 'email', 'phone', 'address'] as const;

const toValues = (user: User): ProfileInput => ({
  name: user.name,
  email: user.email,
  phone: user.phone,
  address: user.address,
  // No choice yet (null) reads as the shop's default, which is what the dashboard shows.
  language: user.language ?? DEFAULT_LOCALE,
});

type Translate = ReturnType<typeof useT>;

/**
 * A field error of PUT /api/users/me in the page's language. The server words its validation messages in English
 * only: English shows them as today, the other languages say the same thing from the catalogue.
 */
function fieldMessage(field: (typeof FIELDS)[number], message: string, locale: Locale, t: Translate): string {
  if (locale === DEFAULT_LOCALE) return message;
  const max = /shorter than or equal to (\d+)/.exec(message);
  if (max) return t('signup.maxLength', { max: Number(max[1]) });
  if (/must not be empty|should not be empty/.test(message)) {
    return t(field === 'name' ? 'signup.empty.name' : field === 'email' ? 'signup.empty.email' : field === 'phone' ? 'signup.empty.phone' : 'signup.empty.address');
  }
  if (field === 'email') return t('signup.emailInvalid');
  return t('signup.checkField', { field });
}

/** A taken email (409) is the API's own message, translated by its English text. */
const conflictMessage = (error: ApiError, locale: Locale, t: Translate): string =>
  locale !== DEFAULT_LOCALE && error.message === 'Email is already in use' ? t('api.error.emailInUse') : error.message;

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
    const t = useT();
    const locale = useLocale();

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
      // The language is sent only when it changed: a user who never chose one keeps following the shop's default.
      if (values.language && values.language !== (user.language ?? DEFAULT_LOCALE)) input.language = values.language;
      const closeLoading = notify.loading(t('profile.updating'));
      update.mutate(input, {
        onSuccess: (saved) => {
          form.setFieldsValue(toValues(saved));
          setEditing(false);
          notify.success(t('profile.updated'));
        },
        onError: (error) => {
          notify.error(t('profile.updateFailed'));
          if (!isApiError(error)) return;
          const fieldErrors = error.errors
            .filter((e) => (FIELDS as readonly string[]).includes(e.path))
            .map((e) => ({ name: e.path as keyof ProfileInput, errors: [fieldMessage(e.path as (typeof FIELDS)[number], e.message, locale, t)] }));
          // A taken email is a conflict, not a field error, but the email field is where it belongs.
          if (error.status === 409 && fieldErrors.length === 0) fieldErrors.push({ name: 'email', errors: [conflictMessage(error, locale, t)] });
          form.setFields(fieldErrors);
        },
        onSettled: () => closeLoading(),
      });
    };

    return (
      <div ref={cardRef} className="profile-form-anchor">
        <Card
          title={<h2 className="profile-card-title">{t('profile.personalInformation')}</h2>}
          extra={
            editing ? null : (
              <Button icon={<EditOutlined {...decorativeIcon} />} onClick={startEditing} disabled={!hydrated} aria-label={t('profile.editDetails')}>
                {t('profile.edit')}
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
            <Form.Item label={t('profile.id')} htmlFor="profile-id">
              <Input id="profile-id" value={user._id} readOnly variant="filled" className="profile-id-input" />
            </Form.Item>
            <div className="profile-form-grid">
              <Form.Item label={t('profile.name')} name="name">
                <Input ref={nameRef} autoComplete="name" readOnly={!editing} variant={editing ? 'outlined' : 'filled'} />
              </Form.Item>
              <Form.Item label={t('profile.email')} name="email">
                <Input type="email" autoComplete="email" readOnly={!editing} variant={editing ? 'outlined' : 'filled'} />
              </Form.Item>
              <Form.Item label={t('profile.phone')} name="phone">
                <Input type="tel" autoComplete="tel" readOnly={!editing} variant={editing ? 'outlined' : 'filled'} />
              </Form.Item>
              <Form.Item label={t('profile.address')} name="address">
                <Input autoComplete="street-address" readOnly={!editing} variant={editing ? 'outlined' : 'filled'} />
              </Form.Item>
              <Form.Item label={t('language.label')} name="language">
                <Select
                  options={LOCALES.map((option) => ({ value: option, label: <span lang={option}>{LOCALE_NAMES[option]}</span> }))}
                  disabled={!editing}
                  variant={editing ? 'outlined' : 'filled'}
                />
              </Form.Item>
            </div>
            {editing ? (
              <Space wrap className="profile-form-actions">
                <Button onClick={cancel} disabled={update.isPending}>
                  {t('profile.cancel')}
                </Button>
                <Button type="primary" htmlType="submit" loading={update.isPending} disabled={!hydrated}>
                  {t('profile.save')}
                </Button>
              </Space>
            ) : null}
          </Form>
        </Card>
      </div>
    );
  },
);
