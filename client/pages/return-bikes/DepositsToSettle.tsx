import { Button, Card, Form, Input, InputNumber, Modal, Popconfirm, Space, Table, type TableColumnsType } from 'antd';
import { useMemo, useState } from 'react';
import { useCaptureDeposit, useReleaseDeposit } from '../../api/deposits.js';
import type { Rental } from '../../api/rentals.js';
import { notify, notifyError } from '../../app/notify.js';
import { CARD_TABLE_CLASS, cardTableColumns } from '../../components/card-table.js';
import { DepositState } from '../../components/DepositState.js';
import { formatMoney, moneyPrecision } from '../../lib/money.js';

/** Keep part (or all) of a held deposit: an amount up to the hold and the reason the customer is told. */
function CaptureModal({ rental, onClose }: { rental: Rental; onClose: () => void }) {
  const capture = useCaptureDeposit();
  const [form] = Form.useForm<{ amount: number; reason: string }>();
  const held = rental.deposit.heldAmount;
  // The deposit currency's own decimals (JPY none, KWD three): the smallest amount is one minor unit.
  const decimals = moneyPrecision(rental.deposit.currency);
  const smallest = 10 ** -decimals;
  const submit = async () => {
    const values = await form.validateFields();
    try {
      await capture.mutateAsync({ id: rental._id, amount: values.amount, reason: values.reason.trim() });
      notify.success(`Kept ${formatMoney(values.amount, rental.deposit.currency)} of the deposit; the rest is released`);
      onClose();
    } catch (e) {
      notifyError(e);
    }
  };
  return (
    <Modal open title={`Keep part of the deposit: ${rental.bikeId.name}`} okText="Keep this amount" onOk={submit} onCancel={onClose} confirmLoading={capture.isPending} destroyOnHidden>
      <p>
        Held: {formatMoney(held, rental.deposit.currency)}. What you do not keep is released to {rental.userId.name || 'the customer'} at once.
      </p>
      <Form form={form} layout="vertical" initialValues={{ amount: undefined, reason: '' }}>
        <Form.Item
          label={`Amount to keep (${rental.deposit.currency})`}
          name="amount"
          rules={[
            { required: true, message: 'Enter the amount to keep' },
            { type: 'number', min: smallest, max: held, message: `Between ${smallest} and ${held}` },
          ]}
        >
          <InputNumber min={smallest} max={held} step={1} precision={decimals} style={{ width: '100%' }} autoFocus />
        </Form.Item>
        <Form.Item label="Reason (told to the customer)" name="reason" rules={[{ required: true, whitespace: true, message: 'Say why part of the deposit is kept' }, { max: 500 }]}>
          <Input placeholder="e.g. Scratched frame" maxLength={500} />
        </Form.Item>
      </Form>
    </Modal>
  );
}

/** Return Bikes: deposits still held (bikes back or on the road), to release or keep part of. */
export function DepositsToSettle({ rentals }: { rentals: Rental[] }) {
  const release = useReleaseDeposit();
  const [capturing, setCapturing] = useState<Rental | null>(null);
  const rows = useMemo(() => rentals.filter((r) => r.deposit?.status === 'held'), [rentals]);
  if (rows.length === 0) return null;
  const columns: TableColumnsType<Rental> = cardTableColumns<Rental>([
    { title: 'Bike Name', key: 'bike', render: (_, r) => <strong>{r.bikeId?.name || 'N/A'}</strong> },
    { title: 'Rented By', key: 'user', render: (_, r) => r.userId?.name || 'N/A' },
    { title: 'Rental', key: 'status', render: (_, r) => (r.status === 'booked' ? 'Out or booked' : 'Returned') },
    { title: 'Deposit', key: 'deposit', render: (_, r) => <DepositState deposit={r.deposit} /> },
    {
      title: 'Actions',
      key: 'actions',
      render: (_, r) => (
        <Space wrap>
          <Popconfirm
            title="Release the whole deposit?"
            description="The hold is cancelled; this cannot be undone."
            okText="Release"
            onConfirm={async () => {
              try {
                await release.mutateAsync(r._id);
                notify.success('Deposit released');
              } catch (e) {
                notifyError(e);
              }
            }}
          >
            <Button aria-label={`Release deposit of ${r.bikeId?.name ?? ''}`.trim()}>Release deposit</Button>
          </Popconfirm>
          <Button danger aria-label={`Keep part of the deposit of ${r.bikeId?.name ?? ''}`.trim()} onClick={() => setCapturing(r)}>
            Keep part
          </Button>
        </Space>
      ),
    },
  ]);
  return (
    <Card title="Deposits to settle" className="deposits-to-settle" style={{ marginTop: 16 }}>
      <Table<Rental> rowKey="_id" columns={columns} dataSource={rows} className={CARD_TABLE_CLASS} pagination={rows.length > 10 ? { pageSize: 10 } : false} />
      {capturing ? <CaptureModal key={capturing._id} rental={capturing} onClose={() => setCapturing(null)} /> : null}
    </Card>
  );
}
