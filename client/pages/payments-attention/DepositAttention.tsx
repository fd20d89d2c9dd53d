import { Card, Empty, Table, type TableColumnsType } from 'antd';
import { Link } from 'react-router-dom';
import { useDepositAttention, type DepositAttention } from '../../api/deposits.js';
import { DepositState } from '../../components/DepositState.js';
import { LoadError } from '../../components/LoadError.js';
import { ScrollRegion } from '../../components/ScrollRegion.js';

const WHY: Record<string, string> = {
  expiring: 'Hold lapses within a day (renewed automatically while the rental is open)',
  fallback_charge: 'Renewal declined: the deposit was charged instead; release it at the return to refund it',
  reauth_failed: 'Renewal declined and the fallback charge failed',
  hold_failed: 'The card declined the hold',
  requires_action: "Waiting for the customer's confirmation (emailed)",
  gateway_error: 'The gateway refused a capture or release; try again',
};

/** Payment Attention: deposits with holds lapsing soon, renewals, failures and fallback charges. */
export function DepositAttentionCard() {
  const list = useDepositAttention();
  const columns: TableColumnsType<DepositAttention> = [
    { title: 'Booking', key: 'ref', render: (_, d) => <strong>{d.paymentId}</strong> },
    { title: 'Bike', dataIndex: 'bikeName', key: 'bike' },
    { title: 'Customer', key: 'customer', render: (_, d) => `${d.customerName} (${d.customerEmail})` },
    { title: 'Deposit', key: 'deposit', render: (_, d) => <DepositState deposit={d.deposit} /> },
    { title: 'Why', key: 'why', render: (_, d) => WHY[d.attention] ?? d.attention },
    {
      title: 'Ledger',
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
    <Card title="Security deposits" style={{ marginTop: 16 }} extra={<Link to="/dashboard/returnbikes">Return Bikes</Link>}>
      {list.isError && !list.data ? (
        <LoadError title="The deposits could not be loaded." onRetry={() => list.refetch()} variant="dashboard" />
      ) : (
        <ScrollRegion label="Security deposits">
          <Table<DepositAttention>
            rowKey="rentalId"
            columns={columns}
            dataSource={list.data ?? []}
            pagination={false}
            loading={list.isPending}
            locale={{ emptyText: <Empty description="No deposits need attention" /> }}
          />
        </ScrollRegion>
      )}
    </Card>
  );
}
