import { Card, Empty, Table, type TableColumnsType } from 'antd';
import { Link } from 'react-router-dom';
import { useDepositAttention, type DepositAttention } from '../../api/deposits.js';
import { DepositState } from '../../components/DepositState.js';
import { LoadError } from '../../components/LoadError.js';
import { ScrollRegion } from '../../components/ScrollRegion.js';
import { useT, type MessageId } from '../../app/i18n.js';

const WHY: Record<string, MessageId> = {
  expiring: 'desk.attention.why.expiring',
  fallback_charge: 'desk.attention.why.fallback_charge',
  reauth_failed: 'desk.attention.why.reauth_failed',
  hold_failed: 'desk.attention.why.hold_failed',
  requires_action: 'desk.attention.why.requires_action',
  gateway_error: 'desk.attention.why.gateway_error',
};

/** Payment Attention: deposits with holds lapsing soon, renewals, failures and fallback charges. */
export function DepositAttentionCard() {
  const t = useT();
  const list = useDepositAttention();
  const columns: TableColumnsType<DepositAttention> = [
    { title: t('desk.attention.booking'), key: 'ref', render: (_, d) => <strong>{d.paymentId}</strong> },
    { title: t('desk.attention.bike'), dataIndex: 'bikeName', key: 'bike' },
    { title: t('desk.attention.customer'), key: 'customer', render: (_, d) => `${d.customerName} (${d.customerEmail})` },
    { title: t('desk.attention.deposit'), key: 'deposit', render: (_, d) => <DepositState deposit={d.deposit} /> },
    { title: t('desk.attention.why'), key: 'why', render: (_, d) => (WHY[d.attention] ? t(WHY[d.attention]) : d.attention) },
    {
      title: t('desk.attention.ledger'),
      key: 'ledger',
      render: (_, d) => (
        <ul className="deposit-ledger">
          {d.movements.map((m, i) => (
            <li key={i}>{m}</li>
          ))}
        </ul>
      ),
    },
  ];
  return (
    <Card title={t('desk.attention.deposits')} style={{ marginTop: 16 }} extra={<Link to="/dashboard/returnbikes">{t('desk.attention.returnBikes')}</Link>}>
      {list.isError && !list.data ? (
        <LoadError title={t('desk.attention.depositsFailed')} onRetry={() => list.refetch()} variant="dashboard" />
      ) : (
        <ScrollRegion label={t('desk.attention.deposits')}>
          <Table<DepositAttention>
            rowKey="rentalId"
            columns={columns}
            dataSource={list.data ?? []}
            pagination={false}
            loading={list.isPending}
            locale={{ emptyText: <Empty description={t('desk.attention.noDeposits')} /> }}
          />
        </ScrollRegion>
      )}
    </Card>
  );
}
