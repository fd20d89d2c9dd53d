import { Button, Card, Form, Input } from 'antd';
import { useChangePassword, type PasswordChange } from '../../api/users.js';
import { isApiError } from '../../api/http.js';
import { notify } from '../../app/notify.js';
import { PageHeading } from '../../components/PageHeading.js';

interface Values extends PasswordChange {
  confirmPassword: string;
}

const FIELDS = ['currentPassword', 'newPassword'] as const;

/** Password & Security: change the password of the signed-in account; every other session ends. */
export default function ChangePasswordPage() {
  const [form] = Form.useForm<Values>();
  const change = useChangePassword();

  const save = ({ currentPassword, newPassword }: Values) => {
    change.mutate(
      { currentPassword, newPassword },
      {
        onSuccess: () => {
          form.resetFields();
          notify.success('Password changed. You were signed out everywhere else.');
        },
        onError: (error) => {
          notify.error('Password Change Failed');
          if (!isApiError(error)) return;
          form.setFields(
            error.errors
              .filter((e) => (FIELDS as readonly string[]).includes(e.path))
              .map((e) => ({ name: e.path as (typeof FIELDS)[number], errors: [e.message.replace(/^currentPassword is not your current password$/, 'This is not your current password')] })),
          );
        },
      },
    );
  };

  return (
    <div className="change-password-page">
      <PageHeading title="Password & Security" lead="Choose a new password. Other devices signed in to your account are signed out." />
      <Card style={{ maxWidth: 520 }}>
        <Form form={form} layout="vertical" onFinish={save} requiredMark={false}>
          <Form.Item label="Current password" name="currentPassword" rules={[{ required: true, message: 'Please enter your current password' }]}>
            <Input.Password autoComplete="current-password" />
          </Form.Item>
          <Form.Item
            label="New password"
            name="newPassword"
            rules={[
              { required: true, message: 'Please enter a new password' },
              { min: 8, message: 'The new password must be at least 8 characters' },
              { max: 128, message: 'The new password must be at most 128 characters' },
            ]}
          >
            <Input.Password autoComplete="new-password" />
          </Form.Item>
          <Form.Item
            label="Confirm new password"
            name="confirmPassword"
            dependencies={['newPassword']}
            rules={[
              { required: true, message: 'Please repeat the new password' },
              ({ getFieldValue }) => ({
                validator: (_rule, value) =>
                  !value || getFieldValue('newPassword') === value ? Promise.resolve() : Promise.reject(new Error('The two passwords do not match')),
              }),
            ]}
          >
            <Input.Password autoComplete="new-password" />
          </Form.Item>
          <Button type="primary" htmlType="submit" loading={change.isPending}>
            Change Password
          </Button>
        </Form>
      </Card>
    </div>
  );
}
