import { LockOutlined, MailOutlined } from '@ant-design/icons';
import { Button, Divider, Form, Input } from 'antd';
import { Link, useNavigate, useSearchParams } from 'react-router-dom';
import { useLogin } from '../../api/auth.js';
import type { LoginInput } from '../../api/types.js';
import { useDemoAccounts } from '../../app/app-settings.js';
import { notifyError } from '../../app/notify.js';
import { useHydrated } from '../../app/use-hydrated.js';
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
  // 'Login to Rent' sends the visitor here with the way back to the bike and the window they chose (issue 20 item 13).
  const [params] = useSearchParams();
  const back = safeRedirect(params.get(REDIRECT_PARAM));

  const submit = (values: LoginInput) => {
    login.mutate(values, {
      onSuccess: () => navigate(back ?? '/dashboard'),
      onError: (error) => {
        console.warn('Login failed:', error.message);
        notifyError(error, 'Login failed. Please try again.');
      },
    });
  };

  return (
    <AuthCard
      title="Login"
      lead="Welcome back! Log in to rent bikes and manage your rentals."
      footer={
        <>
          New to Okay Bike? <Link to={withRedirect('/signup', back)}>Create an account</Link>
        </>
      }
    >
      {demo ? (
        <div className="demo-fill" role="group" aria-label="Demo accounts">
          <span className="demo-fill-label">Try a demo account</span>
          <div className="demo-fill-buttons">
            {/* Until the scripts run a click could not fill anything: the buttons say so by being disabled. */}
            <Button disabled={!hydrated} onClick={() => form.setFieldsValue(demo.user)}>
              User
            </Button>
            <Button disabled={!hydrated} onClick={() => form.setFieldsValue(demo.admin)}>
              Admin
            </Button>
          </div>
          <Divider plain className="demo-fill-divider">
            or use your account
          </Divider>
        </div>
      ) : null}
      <Form<LoginInput> form={form} layout="vertical" requiredMark={false} onFinish={submit} method="post" size="large">
        <Form.Item label="Email" name="email" rules={[{ required: true, message: 'Please enter your email' }]}>
          <Input type="email" autoComplete="email" prefix={<MailOutlined {...decorativeIcon} />} placeholder="you@example.com" />
        </Form.Item>
        <Form.Item label="Password" name="password" rules={[{ required: true, message: 'Please enter your password' }]}>
          <Input.Password autoComplete="current-password" prefix={<LockOutlined {...decorativeIcon} />} placeholder="Your password" />
        </Form.Item>
        <Button type="primary" htmlType="submit" block loading={login.isPending} disabled={!hydrated}>
          Login
        </Button>
      </Form>
    </AuthCard>
  );
}
