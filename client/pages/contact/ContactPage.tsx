import { ClockCircleOutlined, EnvironmentOutlined, MailOutlined, PhoneOutlined } from '@ant-design/icons';
import { Alert, Button, Card, Form, Input } from 'antd';
import { useState } from 'react';
import { useSearchParams } from 'react-router-dom';
import type { ContactInput } from '../../api/contact.js';
import { useSendContactMessage } from '../../api/contact.js';
import { isApiError } from '../../api/http.js';
import { useHydrated } from '../../app/use-hydrated.js';
import { PageHeading } from '../../components/PageHeading.js';
import './contact.css';
import { useAdoptPrefilled } from '../../app/prefilled.js';
import { SHOP_ADDRESS } from '../../lib/shop.js';

const FIELDS: (keyof ContactInput)[] = ['name', 'email', 'subject', 'message'];

const DETAILS = [
  { icon: <EnvironmentOutlined />, title: 'Address', body: SHOP_ADDRESS },
  { icon: <PhoneOutlined />, title: 'Phone', body: <a href="tel:+8801700000000">+880 1700-000000</a> },
  { icon: <MailOutlined />, title: 'Email', body: <a href="mailto:support@okaybike.com">support@okaybike.com</a> },
  { icon: <ClockCircleOutlined />, title: 'Opening hours', body: 'Saturday to Thursday, 8:00 to 20:00; Friday, 14:00 to 20:00' },
];

export default function ContactPage() {
  const [form] = Form.useForm<ContactInput>();
  // A link may suggest the subject (the accessibility page's "Report a barrier": ?subject=Accessibility barrier).
  const [params] = useSearchParams();
  const suggestedSubject = (params.get('subject') ?? '').trim().slice(0, 120);
  useAdoptPrefilled(form, ['name', 'email', 'subject', 'message']);
  const send = useSendContactMessage();
  const hydrated = useHydrated();
  const [result, setResult] = useState<{ type: 'success' | 'error'; text: string } | null>(null);

  const submit = (values: ContactInput) => {
    setResult(null);
    send.mutate(values, {
      onSuccess: (response) => {
        setResult({ type: 'success', text: response.message });
        form.resetFields();
      },
      onError: (error) => {
        const fieldErrors = isApiError(error)
          ? error.errors.filter((e) => (FIELDS as string[]).includes(e.path)).map((e) => ({ name: e.path as keyof ContactInput, errors: [e.message] }))
          : [];
        form.setFields(fieldErrors);
        if (fieldErrors.length === 0) {
          setResult({ type: 'error', text: isApiError(error) ? error.message : 'Your message could not be sent. Please try again.' });
        }
      },
    });
  };

  return (
    <div className="page-container page-section">
      <PageHeading title="Contact Us" lead="Questions about a rental, a group booking or your account? We respond in 1-2 business days." />
      <div className="contact-layout">
        <Card title={<h2 className="contact-card-title">Send us a message</h2>}>
          {result ? <Alert className="contact-result" type={result.type} showIcon title={result.text} role={result.type === 'error' ? 'alert' : 'status'} /> : null}
          <Form form={form} layout="vertical" onFinish={submit} requiredMark="optional" disabled={!hydrated} initialValues={suggestedSubject ? { subject: suggestedSubject } : undefined}>
            <Form.Item name="name" label="Name" rules={[{ required: true, whitespace: true, message: 'Please enter your name' }]}>
              <Input autoComplete="name" maxLength={100} />
            </Form.Item>
            <Form.Item name="email" label="Email" rules={[{ required: true, message: 'Please enter your email' }]}>
              <Input type="email" autoComplete="email" maxLength={254} />
            </Form.Item>
            <Form.Item name="subject" label="Subject" rules={[{ required: true, whitespace: true, message: 'Please enter a subject' }]}>
              <Input maxLength={150} />
            </Form.Item>
            <Form.Item name="message" label="Message" rules={[{ required: true, whitespace: true, message: 'Please enter your message' }]}>
              <Input.TextArea rows={6} maxLength={5000} />
            </Form.Item>
            <Button type="primary" htmlType="submit" size="large" loading={send.isPending}>
              Send Message
            </Button>
          </Form>
        </Card>
        <ul className="contact-details">
          {DETAILS.map((d) => (
            <li key={d.title}>
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
