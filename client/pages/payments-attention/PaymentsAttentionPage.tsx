import { FilePdfOutlined } from '@ant-design/icons';
import { Card, Empty, Table, type TableColumnsType } from 'antd';
import { useNavigation } from 'react-router-dom';
import { useAttentionPayments, type AttentionPayment } from '../../api/payments.js';
import { decorativeIcon } from '../../components/decorative-icon.js';
import { PageHeading } from '../../components/PageHeading.js';
import { DepositAttentionCard } from './DepositAttention.js';
import { DateTime } from '../../components/DateTime.js';
import { formatMoney } from '../../lib/money.js';
import { StatusTag, type StatusTone } from '../../components/StatusTag.js';
import { LoadError } from '../../components/LoadError.js';
import { ScrollRegion } from '../../components/ScrollRegion.js';
import { useIntl } from 'react-intl';
import { useLocale, useT, type MessageId } from '../../app/i18n.js';

type Translate = ReturnType<typeof useT>;

const KIND_LABEL: Record<string, MessageId> = { booking_fee: 'desk.attention.kind.booking_fee', rental: 'desk.attention.kind.rental', late_fee: 'desk.attention.kind.late_fee' };

/** What the admin has to know (and do) about one payment. */
function situation(p: AttentionPayment, t: Translate): { tone: StatusTone; label: string; detail: string } {
  if (p.attention === 'refund_failed') {
    return {
      tone: 'danger',
      label: t('desk.attention.refundFailed'),
      detail: p.paidAfterCloseAt ? t('desk.attention.refundFailedLate') : t('desk.attention.refundFailedText'),
    };
  }
  if (p.attention) return { tone: 'warning', label: t('desk.attention.underWay'), detail: t('desk.attention.underWayText') };
  return { tone: 'success', label: t('desk.attention.auto'), detail: t('desk.attention.autoText') };
}

/** `name`: the link's accessible name, which says whose document it is (the column shows only `label`). */
function DocumentLink({ href, label, name }: { href: string; label: string; name: string }) {
  return (
    <a href={href} download rel="nofollow" aria-label={name}>
      <FilePdfOutlined {...decorativeIcon} /> {label}
    </a>
  );
}

/** Admin (issue 11): late payments refunded automatically and refunds the gateway refused, with their documents. */
export default function PaymentsAttentionPage() {
  const t = useT();
  const intl = useIntl();
  const locale = useLocale();
  const navigation = useNavigation();
  const list = useAttentionPayments();
  const data = list.data;
  const open = data?.filter((p) => p.attention).length ?? 0;

  const columns: TableColumnsType<AttentionPayment> = [
    {
      title: t('desk.attention.situation'),
      key: 'situation',
      render: (_, p) => {
        const s = situation(p, t);
        return (
          <div style={{ maxWidth: 200 }}>
            <StatusTag tone={s.tone}>{s.label}</StatusTag>
            <div style={{ marginTop: 4, fontSize: 13 }}>{s.detail}</div>
          </div>
        );
      },
    },
    {
      title: t('desk.attention.payment'),
      key: 'payment',
      render: (_, p) => (
        <>
          <div>
            {formatMoney(p.amount, p.currency, locale)} · {KIND_LABEL[p.kind] ? t(KIND_LABEL[p.kind]) : p.kind}
          </div>
          <div style={{ fontSize: 13 }}>{t('desk.attention.status', { status: t('desk.attention.paymentStatus', { status: p.status }) })}</div>
          {p.paidAfterCloseAt ? (
            <div style={{ fontSize: 13 }}>{intl.formatMessage({ id: 'desk.attention.paidLate' }, { date: () => <DateTime key="late" value={p.paidAfterCloseAt} /> })}</div>
          ) : null}
        </>
      ),
    },
    {
      title: t('desk.attention.rentalCustomer'),
      key: 'rental',
      render: (_, p) => (
        <>
          <div>{p.rental.bikeName}</div>
          <div style={{ fontSize: 13 }}>
            {p.rental.paymentId} · {t('desk.attention.rentalStatus', { status: p.rental.status })}
          </div>
          <div style={{ fontSize: 13 }}>{p.customer.name}</div>
          <div style={{ fontSize: 13 }}>{p.customer.email}</div>
        </>
      ),
    },
    {
      title: t('desk.attention.documents'),
      key: 'documents',
      render: (_, p) =>
        p.receiptUrl || p.invoiceUrl ? (
          <div style={{ display: 'flex', flexDirection: 'column', gap: 4 }}>
            {p.receiptUrl ? <DocumentLink href={p.receiptUrl} label={t('desk.attention.receipt')} name={t('desk.attention.receiptFor', { reference: p.rental.paymentId })} /> : null}
            {p.invoiceUrl ? <DocumentLink href={p.invoiceUrl} label={t('desk.attention.invoice')} name={t('desk.attention.invoiceFor', { reference: p.rental.paymentId })} /> : null}
          </div>
        ) : (
          t('desk.attention.noDocuments')
        ),
    },
  ];

  return (
    <>
      <PageHeading
        title={t('desk.attention.title')}
        lead={data ? t('desk.attention.summary', { count: open, n: data.length - open }) : t('desk.attention.lead')}
      />
      <Card>
        {list.isError && !data ? (
          <LoadError title={t('desk.attention.loadFailed')} onRetry={() => list.refetch()} variant="dashboard" />
        ) : (
          <ScrollRegion label={t('desk.attention.title')}>
            <Table<AttentionPayment>
              rowKey="_id"
              columns={columns}
              dataSource={data ?? []}
              pagination={false}
              loading={list.isPending || navigation.state === 'loading'}
              locale={{ emptyText: <Empty description={t('desk.attention.none')} /> }}
            />
          </ScrollRegion>
        )}
      </Card>
      <DepositAttentionCard />
    </>
  );
}
