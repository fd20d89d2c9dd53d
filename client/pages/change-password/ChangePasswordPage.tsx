import { Button, Card, Form, Input } from 'antd';
import { useChangePassword, type PasswordChange } from '../../api/users.js';
import { isApiError } from '../../api/http.js';
import { useT } from '../../app/i18n.js';
import { notify } from '../../app/notify.js';
import { PageHeading } from '../../components/PageHeading.js';

interface Values extends PasswordChange {
  confirmPassword: string;
}

const FIELDS = ['currentPassword', 'newPassword'] as const;
/** The new password's length, as the API checks it (signup's rules). */
const PASSWORD_MIN = 8;
const PASSWORD_MAX = 128;

/** Password & Security: change the password of the signed-in account; every other session ends. */
export default function ChangePasswordPage() {
  const [form] = Form.useForm<Values>();
  const change = useChangePassword();
  const t = useT();

  const save = ({ currentPassword, newPassword }: Values) => {
    change.mutate(
      { currentPassword, newPassword },
      {
        onSuccess: () => {
          form.resetFields();
          notify.success(t('password.changed'));
        },
        onError: (error) => {
          notify.error(t('password.failed'));
          if (!isApiError(error)) return;
          form.setFields(
            error.errors
              .filter((e) => (FIELDS as readonly string[]).includes(e.path))
              .map((e) => ({ name: e.path as (typeof FIELDS)[number], errors: [e.message === 'currentPassword is not your current password' ? t('password.notCurrent') : e.message] })),
          );
        },
      },
    );
  };

  return (
    <div className="change-password-page">
      <PageHeading title={t('profile.settings.password')} lead={t('password.lead')} />
      <Card style={{ maxWidth: 520 }}>
        <Form form={form} layout="vertical" onFinish={save} requiredMark={false}>
          <Form.Item label={t('password.current')} name="currentPassword" rules={[{ required: true, message: t('password.currentRequired') }]}>
            <Input.Password autoComplete="current-password" />
          </Form.Item>
          <Form.Item
            label={t('password.new')}
            name="newPassword"
            rules={[
              { required: true, message: t('password.newRequired') },
              { min: PASSWORD_MIN, message: t('password.min', { min: PASSWORD_MIN }) },
              { max: PASSWORD_MAX, message: t('password.max', { max: PASSWORD_MAX }) },
            ]}
          >
            <Input.Password autoComplete="new-password" />
          </Form.Item>
          <Form.Item
            label={t('password.confirm')}
            name="confirmPassword"
            dependencies={['newPassword']}
            rules={[
              { required: true, message: t('password.confirmRequired') },
              ({ getFieldValue }) => ({
                validator: (_rule, value) =>
                  !value || getFieldValue('newPassword') === value ? Promise.resolve() : Promise.reject(new Error(t('password.mismatch'))),
              }),
            ]}
          >
            <Input.Password autoComplete="new-password" />
          </Form.Item>
          <Button type="primary" htmlType="submit" loading={change.isPending}>
            {t('password.submit')}
          </Button>
        </Form>
      </Card>
    </div>
  );
}
