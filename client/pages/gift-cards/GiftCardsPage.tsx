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
import { useLocale, useT } from '../../app/i18n.js';
import { useIntl } from 'react-intl';
import './gift-cards.css';
import { DateTimeInput } from '../../components/DateTimeInput.js';

type FormValues = Omit<GiftCardPurchaseInput, 'amount'> & { preset: number | 'other'; otherAmount?: number };
const FIELDS = ['recipientName', 'recipientEmail', 'message', 'sendDate'] as const;

/** Today in the browser's calendar, YYYY-MM-DD (the server checks it against the shop's). */
const today = (): string => {
  const d = new Date();
  return `${d.getFullYear()}-${String(d.getMonth() + 1).padStart(2, '0')}-${String(d.getDate()).padStart(2, '0')}`;
};

function BalanceChecker() {
  const t = useT();
  const intl = useIntl();
  const locale = useLocale();
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
    <Card title={<h2 className="gift-card-title">{t('desk.gift.balanceTitle')}</h2>} className="gift-balance">
      <Form layout="vertical" onFinish={() => code.trim() && check.mutate(code)} requiredMark={false}>
        <Form.Item label={t('desk.gift.code')} htmlFor="gift-balance-code" extra={t('desk.gift.codeHelp')}>
          <Input.Search
            id="gift-balance-code"
            value={code}
            onChange={(e) => setCode(e.target.value)}
            onSearch={(v) => v.trim() && check.mutate(v)}
            enterButton={<span><SearchOutlined {...decorativeIcon} /> {t('desk.gift.check')}</span>}
            loading={check.isPending}
            autoComplete="off"
            spellCheck={false}
            maxLength={64}
          />
        </Form.Item>
      </Form>
      {result ? (
        <div className="gift-balance-result" role="status">
          <p className="gift-balance-amount">{formatMoney(result.balance, result.currency, locale)}</p>
          <p className="gift-balance-detail">
            {t('desk.gift.left', { amount: formatMoney(result.amount, result.currency, locale), last4: result.last4 })}
            {result.expired ? (
              <StatusTag tone="danger">{t('desk.gift.expired')}</StatusTag>
            ) : result.expiresAt ? (
              intl.formatMessage({ id: 'desk.gift.validUntil' }, { date: () => <DateTime key="until" value={result.expiresAt} /> })
            ) : (
              t('desk.gift.neverExpires')
            )}
          </p>
        </div>
      ) : null}
      {check.isError ? (
        <Alert type="error" showIcon role="alert" title={isApiError(check.error) && check.error.status === 404 ? t('desk.gift.noSuchCode') : check.error.message} />
      ) : null}
    </Card>
  );
}

function MyGiftCards() {
  const t = useT();
  const intl = useIntl();
  const locale = useLocale();
  const session = useSession();
  const mine = useMyGiftCards(Boolean(session));
  if (!session) return null;
  return (
    <Card title={<h2 className="gift-card-title">{t('desk.gift.mineTitle')}</h2>} className="gift-mine">
      {mine.isPending ? (
        <Skeleton active paragraph={{ rows: 2 }} />
      ) : mine.isError ? (
        <LoadError title={t('desk.gift.mineFailed')} description={mine.error.message} onRetry={() => mine.refetch()} />
      ) : mine.data.filter((c) => c.status !== 'void').length === 0 ? (
        <Empty description={t('desk.gift.mineNone')} image={Empty.PRESENTED_IMAGE_SIMPLE} />
      ) : (
        <ul className="gift-mine-list">
          {mine.data
            .filter((c) => c.status !== 'void')
            .map((c) => (
              <li key={c._id}>
                <span className="gift-mine-amount">{formatMoney(c.amount, c.currency, locale)}</span>
                <span>{t('desk.gift.mineFor', { name: c.recipientName, last4: c.last4 })}</span>
                <span className="gift-mine-state">
                  {c.status === 'pending' ? (
                    <Tag>{t('desk.gift.awaitingPayment')}</Tag>
                  ) : (
                    <StatusTag tone="success">{t('desk.gift.balanceLeft', { amount: formatMoney(c.balance, c.currency, locale) })}</StatusTag>
                  )}
                  <span className="gift-mine-send">{intl.formatMessage({ id: 'desk.gift.sent' }, { date: () => <DateTime key="sent" value={c.sendAt} /> })}</span>
                </span>
              </li>
            ))}
        </ul>
      )}
    </Card>
  );
}

export default function GiftCardsPage() {
  const t = useT();
  const locale = useLocale();
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
  // English says the limits as before (1000, not 1,000); other languages in their own digits.
  const number = (n: number) => (locale === 'en' ? String(n) : new Intl.NumberFormat(locale).format(n));
  return (
    <div className="page-container page-section gift-page">
      <PageHeading title={t('desk.gift.title')} lead={t('desk.gift.lead')} />
      <div className="gift-layout">
        <Card title={<h2 className="gift-card-title">{t('desk.gift.buyTitle')}</h2>} className="gift-buy">
          {options.isPending ? (
            <Skeleton active paragraph={{ rows: 8 }} />
          ) : options.isError ? (
            <LoadError title={t('desk.gift.loadFailed')} description={options.error.message} onRetry={() => options.refetch()} />
          ) : (
            <Form
              form={form}
              layout="vertical"
              onFinish={submit}
              requiredMark="optional"
              disabled={!hydrated}
              initialValues={{ preset: o!.presets[1] ?? o!.presets[0] ?? 'other', sendDate: today() }}
            >
              <Form.Item name="preset" label={t('desk.gift.amount', { currency: o!.currency })} rules={[{ required: true, message: t('desk.gift.chooseAmount') }]}>
                <Radio.Group optionType="button" buttonStyle="solid" className="gift-presets">
                  {o!.presets.map((p) => (
                    <Radio.Button key={p} value={p}>
                      {formatMoney(p, o!.currency, locale)}
                    </Radio.Button>
                  ))}
                  <Radio.Button value="other">{t('desk.gift.otherAmount')}</Radio.Button>
                </Radio.Group>
              </Form.Item>
              {preset === 'other' ? (
                <Form.Item
                  name="otherAmount"
                  label={t('desk.gift.otherAmount')}
                  rules={[{ required: true, message: t('desk.gift.enterAmount', { min: number(o!.minAmount), max: number(o!.maxAmount) }) }]}
                  extra={t('desk.gift.amountRange', { min: formatMoney(o!.minAmount, o!.currency, locale), max: formatMoney(o!.maxAmount, o!.currency, locale) })}
                >
                  <InputNumber min={o!.minAmount} max={o!.maxAmount} precision={moneyPrecision(o!.currency)} step={5} prefix={o!.currency} className="gift-other-amount" />
                </Form.Item>
              ) : null}
              <div className="gift-two">
                <Form.Item name="recipientName" label={t('desk.gift.recipientName')} rules={[{ required: true, whitespace: true, message: t('desk.gift.recipientNameRequired') }]}>
                  <Input maxLength={100} autoComplete="off" />
                </Form.Item>
                <Form.Item name="recipientEmail" label={t('desk.gift.recipientEmail')} rules={[{ required: true, type: 'email', message: t('desk.gift.recipientEmailRequired') }]}>
                  <Input type="email" maxLength={254} autoComplete="off" />
                </Form.Item>
              </div>
              <Form.Item name="message" label={t('desk.gift.message')}>
                <Input.TextArea rows={3} maxLength={500} showCount placeholder={t('desk.gift.messagePlaceholder')} />
              </Form.Item>
              <Form.Item name="sendDate" label={t('desk.gift.sendOn')} extra={t('desk.gift.sendOnHelp')}>
                <DateTimeInput type="date" min={today()} className="gift-date" />
              </Form.Item>
              {buy.isError && !(isApiError(buy.error) && buy.error.errors.length) ? (
                <Alert type="error" showIcon role="alert" className="gift-error" title={t('desk.gift.buyFailed')} description={buy.error.message} />
              ) : null}
              {session ? (
                <Button type="primary" htmlType="submit" size="large" icon={<GiftOutlined {...decorativeIcon} />} loading={buy.isPending || redirecting}>
                  {buy.isPending || redirecting ? t('desk.gift.processing') : t('desk.gift.buy')}
                </Button>
              ) : (
                <ButtonLink to={withRedirect('/login', '/gift-cards')} type="primary" size="large">
                  {t('desk.gift.loginToBuy')}
                </ButtonLink>
              )}
              <p className="gift-note">
                {o!.expiryMonths > 0 ? t('desk.gift.validMonths', { count: o!.expiryMonths }) : t('desk.gift.neverExpire')} {t('desk.gift.securePage')}
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
