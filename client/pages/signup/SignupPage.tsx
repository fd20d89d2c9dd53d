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
import { useLocale, useLocalePath, useT } from '../../app/i18n.js';

export default function SignupPage() {
  const [form] = Form.useForm<SignupInput>();
  useAdoptPrefilled(form, ['name', 'email', 'password', 'phone', 'address']);
  const signup = useSignup();
  const navigate = useNavigate();
  const hydrated = useHydrated();
  const login = useLogin();
  const t = useT();
  const locale = useLocale();
  const lp = useLocalePath();
  // Came from 'Login to Rent': the new customer is signed in and brought back to the booking (issue 20 item 13).
  const [params] = useSearchParams();
  const back = safeRedirect(params.get(REDIRECT_PARAM));
  const busy = signup.isPending || login.isPending;

  const submit = (values: SignupInput) => {
    // Spec section 5: no client-side checks; the server validates and its field errors are shown inline.
    const input = Object.fromEntries(FIELDS.map((field) => [field, values[field] ?? ''])) as unknown as SignupInput;
    // Signing up on a German or Bangla page chooses that language for the dashboard and emails (issue 27).
    signup.mutate(locale === 'en' ? input : { ...input, language: locale }, {
      onSuccess: () => {
        notify.success(t('signup.success'));
        if (!back) {
          navigate(lp('/login'));
          return;
        }
        login.mutate(
          { email: input.email, password: input.password },
          { onSuccess: () => navigate(back), onError: () => navigate(lp(withRedirect('/login', back))) },
        );
      },
      onError: (error) => {
        // The spec's toast for empty fields; a taken email or a field that breaks a rule says so instead (issue 20 item 20).
        const empty = FIELDS.some((field) => !String(input[field] ?? '').trim());
        if (isApiError(error) && error.status === 409) notify.error(t('signup.emailTaken'));
        else if (empty || !isApiError(error) || error.status !== 400) notify.error(t('signup.allRequired'));
        else notify.error(t('signup.checkFields'));
        if (!isApiError(error)) return;
        const problems = error.errors
          .filter((e) => (FIELDS as readonly string[]).includes(e.path))
          .map((e) => ({ field: e.path as SignupField, serverMessage: e.message, taken: false }));
        if (error.status === 409) problems.push({ field: 'email', serverMessage: error.message, taken: true });
        // One message per field: the first the server gave.
        const byField = new Map<SignupField, { serverMessage: string; taken: boolean }>();
        for (const { field, ...problem } of problems) if (!byField.has(field)) byField.set(field, problem);
        form.setFields(
          [...byField].map(([field, problem]) => ({
            name: field,
            errors: [signupFieldMessage({ field, ...problem, value: String(input[field] ?? '') }, locale)],
          })),
        );
      },
    });
  };

  return (
    <AuthCard
      title={t('signup.title')}
      lead={t('signup.lead')}
      footer={
        <>
          {t('signup.haveAccount')} <Link to={lp(withRedirect('/login', back))}>{t('signup.login')}</Link>
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
        <Form.Item label={t('signup.name')} name="name">
          <Input autoComplete="name" prefix={<UserOutlined {...decorativeIcon} />} placeholder={t('signup.namePlaceholder')} />
        </Form.Item>
        <Form.Item label={t('signup.email')} name="email">
          <Input type="email" autoComplete="email" prefix={<MailOutlined {...decorativeIcon} />} placeholder={t('login.emailPlaceholder')} />
        </Form.Item>
        <Form.Item label={t('signup.password')} name="password">
          <Input.Password autoComplete="new-password" prefix={<LockOutlined {...decorativeIcon} />} placeholder={t('signup.passwordPlaceholder')} />
        </Form.Item>
        <Form.Item label={t('signup.phone')} name="phone">
          <Input type="tel" autoComplete="tel" prefix={<PhoneOutlined {...decorativeIcon} />} placeholder="+1 555 123 4567" />
        </Form.Item>
        <Form.Item label={t('signup.address')} name="address">
          <Input autoComplete="street-address" prefix={<EnvironmentOutlined {...decorativeIcon} />} placeholder={t('signup.addressPlaceholder')} />
        </Form.Item>
        <Button type="primary" htmlType="submit" block disabled={busy || !hydrated}>
          {busy ? t('signup.submitting') : t('signup.submit')}
        </Button>
      </Form>
    </AuthCard>
  );
}
