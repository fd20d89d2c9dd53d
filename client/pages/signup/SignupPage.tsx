import { EnvironmentOutlined, LockOutlined, MailOutlined, PhoneOutlined, UserOutlined } from '@ant-design/icons';
import { Button, Form, Input } from 'antd';
import { Link, useNavigate, useSearchParams } from 'react-router-dom';
import { useLogin, useSignup } from '../../api/auth.js';
import { isApiError } from '../../api/http.js';
import type { SignupInput } from '../../api/types.js';
import { notify } from '../../app/notify.js';
import { useHydrated } from '../../app/use-hydrated.js';
import { AuthCard } from '../../components/AuthCard.js';
import { decorativeIcon } from '../../components/decorative-icon.js';
import { useAdoptPrefilled } from '../../app/prefilled.js';
import { REDIRECT_PARAM, safeRedirect, withRedirect } from '../../lib/safe-redirect.js';
import { SIGNUP_FIELDS as FIELDS, signupFieldMessage, type SignupField } from './signup-messages.js';

export default function SignupPage() {
  const [form] = Form.useForm<SignupInput>();
  useAdoptPrefilled(form, ['name', 'email', 'password', 'phone', 'address']);
  const signup = useSignup();
  const navigate = useNavigate();
  const hydrated = useHydrated();
  const login = useLogin();
  // Came from 'Login to Rent': the new customer is signed in and brought back to the booking (issue 20 item 13).
  const [params] = useSearchParams();
  const back = safeRedirect(params.get(REDIRECT_PARAM));
  const busy = signup.isPending || login.isPending;

  const submit = (values: SignupInput) => {
    // Spec section 5: no client-side checks; the server validates and its field errors are shown inline.
    const input = Object.fromEntries(FIELDS.map((field) => [field, values[field] ?? ''])) as unknown as SignupInput;
    signup.mutate(input, {
      onSuccess: () => {
        notify.success('Signup Successful');
        if (!back) {
          navigate('/login');
          return;
        }
        login.mutate(
          { email: input.email, password: input.password },
          { onSuccess: () => navigate(back), onError: () => navigate(withRedirect('/login', back)) },
        );
      },
      onError: (error) => {
        // The spec's toast for empty fields; a taken email or a field that breaks a rule says so instead (issue 20 item 20).
        const empty = FIELDS.some((field) => !String(input[field] ?? '').trim());
        if (isApiError(error) && error.status === 409) notify.error('An account with this email already exists.');
        else if (empty || !isApiError(error) || error.status !== 400) notify.error('All fields are required');
        else notify.error('Please check the highlighted fields.');
        if (!isApiError(error)) return;
        const problems = error.errors
          .filter((e) => (FIELDS as readonly string[]).includes(e.path))
          .map((e) => ({ field: e.path as SignupField, serverMessage: e.message }));
        if (error.status === 409) problems.push({ field: 'email', serverMessage: error.message });
        // One message per field: the first the server gave.
        const byField = new Map<SignupField, string>();
        for (const { field, serverMessage } of problems) if (!byField.has(field)) byField.set(field, serverMessage);
        form.setFields(
          [...byField].map(([field, serverMessage]) => ({
            name: field,
            errors: [signupFieldMessage({ field, serverMessage, value: String(input[field] ?? '') })],
          })),
        );
      },
    });
  };

  return (
    <AuthCard
      title="Sign Up"
      lead="Create your account to rent bikes by the hour."
      footer={
        <>
          Already have an account? <Link to={withRedirect('/login', back)}>Login</Link>
        </>
      }
    >
      <Form<SignupInput>
        form={form}
        layout="vertical"
        requiredMark={false}
        onFinish={submit}
        // A field's error goes once it is edited: 'Please enter your name' never stays under a filled field.
        onValuesChange={(changed: Partial<SignupInput>) =>
          form.setFields(Object.keys(changed).map((name) => ({ name: name as SignupField, errors: [] })))
        }
        method="post"
        size="large"
        noValidate
      >
        <Form.Item label="Name" name="name">
          <Input autoComplete="name" prefix={<UserOutlined {...decorativeIcon} />} placeholder="Your full name" />
        </Form.Item>
        <Form.Item label="Email" name="email">
          <Input type="email" autoComplete="email" prefix={<MailOutlined {...decorativeIcon} />} placeholder="you@example.com" />
        </Form.Item>
        <Form.Item label="Password" name="password">
          <Input.Password autoComplete="new-password" prefix={<LockOutlined {...decorativeIcon} />} placeholder="Choose a password" />
        </Form.Item>
        <Form.Item label="Phone" name="phone">
          <Input type="tel" autoComplete="tel" prefix={<PhoneOutlined {...decorativeIcon} />} placeholder="+1 555 123 4567" />
        </Form.Item>
        <Form.Item label="Address" name="address">
          <Input autoComplete="street-address" prefix={<EnvironmentOutlined {...decorativeIcon} />} placeholder="Street, city" />
        </Form.Item>
        <Button type="primary" htmlType="submit" block disabled={busy || !hydrated}>
          {busy ? 'Signing Up...' : 'Sign Up'}
        </Button>
      </Form>
    </AuthCard>
  );
}
