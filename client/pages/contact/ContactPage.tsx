import { ClockCircleOutlined, EnvironmentOutlined, MailOutlined, PhoneOutlined } from '@ant-design/icons';
import { Alert, Button, Card, Form, Input } from 'antd';
import { useState } from 'react';
import { useSearchParams } from 'react-router-dom';
import type { ContactInput } from '../../api/contact.js';
import { useSendContactMessage } from '../../api/contact.js';
import { isApiError } from '../../api/http.js';
import { useLocale, useT } from '../../app/i18n.js';
import { useHydrated } from '../../app/use-hydrated.js';
import { PageHeading } from '../../components/PageHeading.js';
import './contact.css';
import { useAdoptPrefilled } from '../../app/prefilled.js';
import { DEFAULT_LOCALE } from '../../../locales/index.js';
import { contactFieldMessage, type ContactField } from './contact-messages.js';

const FIELDS: ContactField[] = ['name', 'email', 'subject', 'message'];
const SUPPORT_EMAIL = 'support@okaybike.com';

export default function ContactPage() {
  const t = useT();
  const locale = useLocale();
  const [form] = Form.useForm<ContactInput>();
  // A link may suggest the subject (the accessibility page's "Report a barrier": ?subject=Accessibility barrier).
  const [params] = useSearchParams();
  const suggestedSubject = (params.get('subject') ?? '').trim().slice(0, 120);
  useAdoptPrefilled(form, ['name', 'email', 'subject', 'message']);
  const send = useSendContactMessage();
  const hydrated = useHydrated();
  const [result, setResult] = useState<{ type: 'success' | 'error'; text: string } | null>(null);

  const details = [
    { key: 'address', icon: <EnvironmentOutlined />, title: t('pub.contact.address'), body: t('pub.contact.addressText') },
    { key: 'phone', icon: <PhoneOutlined />, title: t('pub.contact.phone'), body: <a href="tel:+8801700000000">+880 1700-000000</a> },
    { key: 'email', icon: <MailOutlined />, title: t('pub.contact.email'), body: <a href={`mailto:${SUPPORT_EMAIL}`}>{SUPPORT_EMAIL}</a> },
    { key: 'hours', icon: <ClockCircleOutlined />, title: t('pub.contact.hours'), body: t('pub.contact.hoursText') },
  ];

  const submit = (values: ContactInput) => {
    setResult(null);
    send.mutate(values, {
      onSuccess: () => {
        setResult({ type: 'success', text: t('pub.contact.sent') });
        form.resetFields();
      },
      onError: (error) => {
        const fieldErrors = isApiError(error)
          ? error.errors
              .filter((e) => (FIELDS as string[]).includes(e.path))
              .map((e) => ({ name: e.path as ContactField, errors: [contactFieldMessage(e.path as ContactField, e.message, locale)] }))
          : [];
        form.setFields(fieldErrors);
        if (fieldErrors.length === 0) {
          // English pages show the server's own sentence; other languages say it in theirs.
          let text = t('pub.contact.failed');
          if (isApiError(error) && locale === DEFAULT_LOCALE) text = error.message;
          else if (isApiError(error) && error.status === 429) text = t('api.error.tooManyAttempts');
          setResult({ type: 'error', text });
        }
      },
    });
  };

  return (
    <div className="page-container page-section">
      <PageHeading title={t('pub.contact.title')} lead={t('pub.contact.lead')} />
      <div className="contact-layout">
        <Card title={<h2 className="contact-card-title">{t('pub.contact.sendUs')}</h2>}>
          {result ? <Alert className="contact-result" type={result.type} showIcon title={result.text} role={result.type === 'error' ? 'alert' : 'status'} /> : null}
          <Form form={form} layout="vertical" onFinish={submit} requiredMark="optional" disabled={!hydrated} initialValues={suggestedSubject ? { subject: suggestedSubject } : undefined}>
            <Form.Item name="name" label={t('pub.contact.name')} rules={[{ required: true, whitespace: true, message: t('pub.contact.required.name') }]}>
              <Input autoComplete="name" maxLength={100} />
            </Form.Item>
            <Form.Item name="email" label={t('pub.contact.email')} rules={[{ required: true, message: t('pub.contact.required.email') }]}>
              <Input type="email" autoComplete="email" maxLength={254} />
            </Form.Item>
            <Form.Item name="subject" label={t('pub.contact.subject')} rules={[{ required: true, whitespace: true, message: t('pub.contact.required.subject') }]}>
              <Input maxLength={150} />
            </Form.Item>
            <Form.Item name="message" label={t('pub.contact.message')} rules={[{ required: true, whitespace: true, message: t('pub.contact.required.message') }]}>
              <Input.TextArea rows={6} maxLength={5000} />
            </Form.Item>
            <Button type="primary" htmlType="submit" size="large" loading={send.isPending}>
              {t('pub.contact.send')}
            </Button>
          </Form>
        </Card>
        <ul className="contact-details">
          {details.map((d) => (
            <li key={d.key}>
              <Card>
                <span className="contact-icon" aria-hidden="true">
                  {d.icon}
                </span>
                <div>
                  <h2 className="contact-detail-title">{d.title}</h2>
                  <p className="contact-detail-body">{d.body}</p>
                </div>
              </Card>
            </li>
          ))}
        </ul>
      </div>
    </div>
  );
}
