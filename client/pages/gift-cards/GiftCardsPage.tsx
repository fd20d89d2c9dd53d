import { GiftOutlined, SearchOutlined } from '@ant-design/icons';
import { StatusTag } from '../../components/StatusTag.js';
import { Alert, Button, Card, Empty, Form, Input, InputNumber, Radio, Skeleton, Tag } from 'antd';
import { useEffect, useState } from 'react';
import { useLocation } from 'react-router-dom';
import { useGiftCardBalance, useGiftCardOptions, useMyGiftCards, usePurchaseGiftCard, type GiftCardPurchaseInput } from '../../api/gift-cards.js';
import { isApiError } from '../../api/http.js';
import { useSession } from '../../api/users.js';
import { useHydrated } from '../../app/use-hydrated.js';
import { ButtonLink } from '../../components/ButtonLink.js';
import { DateTime } from '../../components/DateTime.js';
import { decorativeIcon } from '../../components/decorative-icon.js';
import { LoadError } from '../../components/LoadError.js';
import { PageHeading } from '../../components/PageHeading.js';
import { formatMoney, moneyPrecision } from '../../lib/money.js';
import { withRedirect } from '../../lib/safe-redirect.js';
import './gift-cards.css';

type FormValues = Omit<GiftCardPurchaseInput, 'amount'> & { preset: number | 'other'; otherAmount?: number };
const FIELDS = ['recipientName', 'recipientEmail', 'message', 'sendDate'] as const;

/** Today in the browser's calendar, YYYY-MM-DD (the server checks it against the shop's). */
const today = (): string => {
  const d = new Date();
  return `${d.getFullYear()}-${String(d.getMonth() + 1).padStart(2, '0')}-${String(d.getDate()).padStart(2, '0')}`;
};

function BalanceChecker() {
  const location = useLocation();
  const [code, setCode] = useState('');
  const check = useGiftCardBalance();
  // The card's QR code opens this page with the code in the fragment (never sent to a server): check it at once.
  useEffect(() => {
    const fromHash = new URLSearchParams(location.hash.replace(/^#/, '')).get('code');
    if (fromHash) {
      setCode(fromHash);
      check.mutate(fromHash);
    }
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [location.hash]);
  const result = check.data;
  return (
    <Card title={<h2 className="gift-card-title">Check a balance</h2>} className="gift-balance">
      <Form layout="vertical" onFinish={() => code.trim() && check.mutate(code)} requiredMark={false}>
        <Form.Item label="Gift card code" htmlFor="gift-balance-code" extra="As printed on the card, e.g. GIFT-7K3M-Q9XD-2F8H-WN4T">
          <Input.Search
            id="gift-balance-code"
            value={code}
            onChange={(e) => setCode(e.target.value)}
            onSearch={(v) => v.trim() && check.mutate(v)}
            enterButton={<span><SearchOutlined {...decorativeIcon} /> Check</span>}
            loading={check.isPending}
            autoComplete="off"
            spellCheck={false}
            maxLength={64}
          />
        </Form.Item>
      </Form>
      {result ? (
        <div className="gift-balance-result" role="status">
          <p className="gift-balance-amount">{formatMoney(result.balance, result.currency)}</p>
          <p className="gift-balance-detail">
            left of {formatMoney(result.amount, result.currency)} on card ****{result.last4}
            {result.expired ? <StatusTag tone="danger">Expired</StatusTag> : result.expiresAt ? <> · valid until <DateTime value={result.expiresAt} /></> : ' · never expires'}
          </p>
        </div>
      ) : null}
      {check.isError ? (
        <Alert type="error" showIcon role="alert" title={isApiError(check.error) && check.error.status === 404 ? 'No gift card has this code.' : check.error.message} />
      ) : null}
    </Card>
  );
}

function MyGiftCards() {
  const session = useSession();
  const mine = useMyGiftCards(Boolean(session));
  if (!session) return null;
  return (
    <Card title={<h2 className="gift-card-title">Gift cards you bought</h2>} className="gift-mine">
      {mine.isPending ? (
        <Skeleton active paragraph={{ rows: 2 }} />
      ) : mine.isError ? (
        <LoadError title="Your gift cards could not be loaded." description={mine.error.message} onRetry={() => mine.refetch()} />
      ) : mine.data.filter((c) => c.status !== 'void').length === 0 ? (
        <Empty description="No gift cards yet" image={Empty.PRESENTED_IMAGE_SIMPLE} />
      ) : (
        <ul className="gift-mine-list">
          {mine.data
            .filter((c) => c.status !== 'void')
            .map((c) => (
              <li key={c._id}>
                <span className="gift-mine-amount">{formatMoney(c.amount, c.currency)}</span>
                <span>
                  for {c.recipientName} · ****{c.last4}
                </span>
                <span className="gift-mine-state">
                  {c.status === 'pending' ? <Tag>Awaiting payment</Tag> : <StatusTag tone="success">{formatMoney(c.balance, c.currency)} left</StatusTag>}
                  <span className="gift-mine-send">
                    sent <DateTime value={c.sendAt} />
                  </span>
                </span>
              </li>
            ))}
        </ul>
      )}
    </Card>
  );
}

export default function GiftCardsPage() {
  const session = useSession();
  const hydrated = useHydrated();
  const options = useGiftCardOptions();
  const buy = usePurchaseGiftCard();
  const [form] = Form.useForm<FormValues>();
  const preset = Form.useWatch('preset', form);
  const [redirecting, setRedirecting] = useState(false);

  const submit = (values: FormValues) => {
    const amount = values.preset === 'other' ? values.otherAmount : values.preset;
    if (amount === undefined) return;
    buy.mutate(
      { amount, recipientName: values.recipientName, recipientEmail: values.recipientEmail, message: values.message || undefined, sendDate: values.sendDate || undefined },
      {
        onSuccess: (data) => {
          setRedirecting(true);
          window.location.assign(data.payment_url);
        },
        onError: (error) => {
          if (!isApiError(error)) return;
          form.setFields(
            error.errors
              .filter((e) => (FIELDS as readonly string[]).includes(e.path) || e.path === 'amount')
              .map((e) => ({ name: (e.path === 'amount' ? (values.preset === 'other' ? 'otherAmount' : 'preset') : e.path) as keyof FormValues, errors: [e.message] })),
          );
        },
      },
    );
  };

  const o = options.data;
  return (
    <div className="page-container page-section gift-page">
      <PageHeading title="Gift cards" lead="Give a ride: a gift card pays booking fees and rentals at Okay Bike, in part or in full." />
      <div className="gift-layout">
        <Card title={<h2 className="gift-card-title">Buy a gift card</h2>} className="gift-buy">
          {options.isPending ? (
            <Skeleton active paragraph={{ rows: 8 }} />
          ) : options.isError ? (
            <LoadError title="Gift cards could not be loaded." description={options.error.message} onRetry={() => options.refetch()} />
          ) : (
            <Form
              form={form}
              layout="vertical"
              onFinish={submit}
              requiredMark="optional"
              disabled={!hydrated}
              initialValues={{ preset: o!.presets[1] ?? o!.presets[0] ?? 'other', sendDate: today() }}
            >
              <Form.Item name="preset" label={`Amount (${o!.currency})`} rules={[{ required: true, message: 'Please choose an amount' }]}>
                <Radio.Group optionType="button" buttonStyle="solid" className="gift-presets">
                  {o!.presets.map((p) => (
                    <Radio.Button key={p} value={p}>
                      {formatMoney(p, o!.currency)}
                    </Radio.Button>
                  ))}
                  <Radio.Button value="other">Other amount</Radio.Button>
                </Radio.Group>
              </Form.Item>
              {preset === 'other' ? (
                <Form.Item
                  name="otherAmount"
                  label="Other amount"
                  rules={[{ required: true, message: `Please enter an amount from ${o!.minAmount} to ${o!.maxAmount}` }]}
                  extra={`From ${formatMoney(o!.minAmount, o!.currency)} to ${formatMoney(o!.maxAmount, o!.currency)}`}
                >
                  <InputNumber min={o!.minAmount} max={o!.maxAmount} precision={moneyPrecision(o!.currency)} step={5} prefix={o!.currency} className="gift-other-amount" />
                </Form.Item>
              ) : null}
              <div className="gift-two">
                <Form.Item name="recipientName" label="Recipient's name" rules={[{ required: true, whitespace: true, message: "Please enter the recipient's name" }]}>
                  <Input maxLength={100} autoComplete="off" />
                </Form.Item>
                <Form.Item name="recipientEmail" label="Recipient's email" rules={[{ required: true, type: 'email', message: "Please enter the recipient's email" }]}>
                  <Input type="email" maxLength={254} autoComplete="off" />
                </Form.Item>
              </div>
              <Form.Item name="message" label="Message">
                <Input.TextArea rows={3} maxLength={500} showCount placeholder="Happy birthday! Take a ride on me." />
              </Form.Item>
              <Form.Item name="sendDate" label="Send on" extra="The recipient gets the card by email that day at 09:00 (shop time); today means right after payment.">
                <Input type="date" min={today()} className="gift-date" />
              </Form.Item>
              {buy.isError && !(isApiError(buy.error) && buy.error.errors.length) ? (
                <Alert type="error" showIcon role="alert" className="gift-error" title="The gift card could not be bought." description={buy.error.message} />
              ) : null}
              {session ? (
                <Button type="primary" htmlType="submit" size="large" icon={<GiftOutlined {...decorativeIcon} />} loading={buy.isPending || redirecting}>
                  {buy.isPending || redirecting ? 'Processing...' : 'Buy gift card'}
                </Button>
              ) : (
                <ButtonLink to={withRedirect('/login', '/gift-cards')} type="primary" size="large">
                  Log in to buy a gift card
                </ButtonLink>
              )}
              <p className="gift-note">
                {o!.expiryMonths > 0 ? `Valid for ${o!.expiryMonths} months from the purchase.` : 'Gift cards never expire.'} You pay on our payment provider's secure page.
              </p>
            </Form>
          )}
        </Card>
        <div className="gift-side">
          <BalanceChecker />
          <MyGiftCards />
        </div>
      </div>
    </div>
  );
}
