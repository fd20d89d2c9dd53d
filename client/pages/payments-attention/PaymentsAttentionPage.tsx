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

const KIND_LABEL: Record<string, string> = { booking_fee: 'Booking fee', rental: 'Rental payment', late_fee: 'Late fee' };

/** What the admin has to know (and do) about one payment. */
function situation(p: AttentionPayment): { tone: StatusTone; label: string; detail: string } {
  if (p.attention === 'refund_failed') {
    return {
      tone: 'danger',
      label: 'Refund failed',
      detail: p.paidAfterCloseAt
        ? 'Paid after its booking lapsed; the gateway refused the refund. Refund it at the gateway.'
        : 'The gateway refused the refund. Refund it at the gateway.',
    };
  }
  if (p.attention) return { tone: 'warning', label: 'Refund under way', detail: 'Paid after its booking lapsed; being refunded automatically.' };
  return { tone: 'success', label: 'Refunded automatically', detail: 'Paid after its booking lapsed; the money went back.' };
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
  const navigation = useNavigation();
  const list = useAttentionPayments();
  const data = list.data;
  const open = data?.filter((p) => p.attention).length ?? 0;

  const columns: TableColumnsType<AttentionPayment> = [
    {
      title: 'Situation',
      key: 'situation',
      render: (_, p) => {
        const s = situation(p);
        return (
          <div style={{ maxWidth: 200 }}>
            <StatusTag tone={s.tone}>{s.label}</StatusTag>
            <div style={{ marginTop: 4, fontSize: 13 }}>{s.detail}</div>
          </div>
        );
      },
    },
    {
      title: 'Payment',
      key: 'payment',
      render: (_, p) => (
        <>
          <div>
            {formatMoney(p.amount, p.currency)} · {KIND_LABEL[p.kind] ?? p.kind}
          </div>
          <div style={{ fontSize: 13 }}>Status: {p.status}</div>
          {p.paidAfterCloseAt ? (
            <div style={{ fontSize: 13 }}>
              Paid late: <DateTime value={p.paidAfterCloseAt} />
            </div>
          ) : null}
        </>
      ),
    },
    {
      title: 'Rental and customer',
      key: 'rental',
      render: (_, p) => (
        <>
          <div>{p.rental.bikeName}</div>
          <div style={{ fontSize: 13 }}>
            {p.rental.paymentId} · {p.rental.status}
          </div>
          <div style={{ fontSize: 13 }}>{p.customer.name}</div>
          <div style={{ fontSize: 13 }}>{p.customer.email}</div>
        </>
      ),
    },
    {
      title: 'Documents',
      key: 'documents',
      render: (_, p) =>
        p.receiptUrl || p.invoiceUrl ? (
          <div style={{ display: 'flex', flexDirection: 'column', gap: 4 }}>
            {p.receiptUrl ? <DocumentLink href={p.receiptUrl} label="Receipt" name={`Receipt (PDF) for ${p.rental.paymentId}`} /> : null}
            {p.invoiceUrl ? <DocumentLink href={p.invoiceUrl} label="Invoice" name={`Invoice (PDF) for ${p.rental.paymentId}`} /> : null}
          </div>
        ) : (
          'None: never recorded as paid'
        ),
    },
  ];

  return (
    <>
      <PageHeading
        title="Payments needing attention"
        lead={
          data
            ? `${open} need${open === 1 ? 's' : ''} an admin; ${data.length - open} late payment${data.length - open === 1 ? ' was' : 's were'} refunded automatically.`
            : 'Late payments refunded automatically and refunds the gateway refused.'
        }
      />
      <Card>
        {list.isError && !data ? (
          <LoadError title="The payments could not be loaded." onRetry={() => list.refetch()} variant="dashboard" />
        ) : (
          <ScrollRegion label="Payments needing attention">
            <Table<AttentionPayment>
              rowKey="_id"
              columns={columns}
              dataSource={data ?? []}
              pagination={false}
              loading={list.isPending || navigation.state === 'loading'}
              locale={{ emptyText: <Empty description="No payments need attention" /> }}
            />
          </ScrollRegion>
        )}
      </Card>
      <DepositAttentionCard />
    </>
  );
}
