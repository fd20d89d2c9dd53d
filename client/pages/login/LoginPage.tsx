import { LockOutlined, MailOutlined } from '@ant-design/icons';
import { Button, Divider, Form, Input } from 'antd';
import { Link, useNavigate, useSearchParams } from 'react-router-dom';
import { useLogin } from '../../api/auth.js';
import type { LoginInput } from '../../api/types.js';
import { useDemoAccounts } from '../../app/app-settings.js';
import { notifyError } from '../../app/notify.js';
import { useHydrated } from '../../app/use-hydrated.js';
import { useLocalePath, useT } from '../../app/i18n.js';
import { AuthCard } from '../../components/AuthCard.js';
import { decorativeIcon } from '../../components/decorative-icon.js';
import { useAdoptPrefilled } from '../../app/prefilled.js';
import { REDIRECT_PARAM, safeRedirect, withRedirect } from '../../lib/safe-redirect.js';

export default function LoginPage() {
  const [form] = Form.useForm<LoginInput>();
  useAdoptPrefilled(form, ['email', 'password']);
  const login = useLogin();
  const navigate = useNavigate();
  const demo = useDemoAccounts();
  const hydrated = useHydrated();
  const t = useT();
  const lp = useLocalePath();
  // 'Login to Rent' sends the visitor here with the way back to the bike and the window they chose (issue 20 item 13).
  const [params] = useSearchParams();
  const back = safeRedirect(params.get(REDIRECT_PARAM));

  const submit = (values: LoginInput) => {
    login.mutate(values, {
      onSuccess: () => navigate(back ?? '/dashboard'),
      onError: (error) => {
        console.warn('Login failed:', error.message);
        notifyError(error, t('login.failed'));
      },
    });
  };

  return (
    <AuthCard
      title={t('login.title')}
      lead={t('login.lead')}
      footer={
        <>
          {t('login.newHere')} <Link to={lp(withRedirect('/signup', back))}>{t('login.createAccount')}</Link>
        </>
      }
    >
      {demo ? (
        <div className="demo-fill" role="group" aria-label={t('login.demoAccounts')}>
          <span className="demo-fill-label">{t('login.tryDemo')}</span>
          <div className="demo-fill-buttons">
            {/* Until the scripts run a click could not fill anything: the buttons say so by being disabled. */}
            <Button disabled={!hydrated} onClick={() => form.setFieldsValue(demo.user)}>
              {t('login.demoUser')}
            </Button>
            <Button disabled={!hydrated} onClick={() => form.setFieldsValue(demo.admin)}>
              {t('login.demoAdmin')}
            </Button>
          </div>
          <Divider plain className="demo-fill-divider">
            {t('login.orYourAccount')}
          </Divider>
        </div>
      ) : null}
      <Form<LoginInput> form={form} layout="vertical" requiredMark={false} onFinish={submit} method="post" size="large">
        <Form.Item label={t('login.email')} name="email" rules={[{ required: true, message: t('login.emailRequired') }]}>
          <Input type="email" autoComplete="email" prefix={<MailOutlined {...decorativeIcon} />} placeholder={t('login.emailPlaceholder')} />
        </Form.Item>
        <Form.Item label={t('login.password')} name="password" rules={[{ required: true, message: t('login.passwordRequired') }]}>
          <Input.Password autoComplete="current-password" prefix={<LockOutlined {...decorativeIcon} />} placeholder={t('login.passwordPlaceholder')} />
        </Form.Item>
        <Button type="primary" htmlType="submit" block loading={login.isPending} disabled={!hydrated}>
          {t('login.submit')}
        </Button>
      </Form>
    </AuthCard>
  );
}
