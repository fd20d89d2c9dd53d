import { Button, Card, Form, Input, InputNumber, Modal, Popconfirm, Space, Table, type TableColumnsType } from 'antd';
import { useMemo, useState } from 'react';
import { useCaptureDeposit, useReleaseDeposit } from '../../api/deposits.js';
import type { Rental } from '../../api/rentals.js';
import { notify, notifyError } from '../../app/notify.js';
import { CARD_TABLE_CLASS, cardTableColumns } from '../../components/card-table.js';
import { DepositState } from '../../components/DepositState.js';
import { formatMoney, moneyPrecision } from '../../lib/money.js';
import { useLocale, useT } from '../../app/i18n.js';

/** Keep part (or all) of a held deposit: an amount up to the hold and the reason the customer is told. */
function CaptureModal({ rental, onClose }: { rental: Rental; onClose: () => void }) {
  const t = useT();
  const locale = useLocale();
  const money = (amount: number) => formatMoney(amount, rental.deposit.currency, locale);
  // English says the limits as before (0.01, 1000); other languages in their own digits.
  const number = (n: number) => (locale === 'en' ? String(n) : new Intl.NumberFormat(locale, { maximumFractionDigits: 3 }).format(n));
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
      notify.success(t('desk.deposits.kept', { amount: money(values.amount) }));
      onClose();
    } catch (e) {
      notifyError(e);
    }
  };
  return (
    <Modal
      open
      title={t('desk.deposits.keepTitle', { bike: rental.bikeId.name })}
      okText={t('desk.deposits.keepAmount')}
      cancelText={t('desk.return.cancel')}
      onOk={submit} onCancel={onClose} confirmLoading={capture.isPending} destroyOnHidden>
      <p>{t('desk.deposits.held', { amount: money(held), name: rental.userId.name || t('desk.deposits.theCustomer') })}</p>
      <Form form={form} layout="vertical" initialValues={{ amount: undefined, reason: '' }}>
        <Form.Item
          label={t('desk.deposits.amountToKeep', { currency: rental.deposit.currency })}
          name="amount"
          rules={[
            { required: true, message: t('desk.deposits.enterAmount') },
            { type: 'number', min: smallest, max: held, message: t('desk.deposits.between', { min: number(smallest), max: number(held) }) },
          ]}
        >
          <InputNumber min={smallest} max={held} step={1} precision={decimals} style={{ width: '100%' }} autoFocus />
        </Form.Item>
        <Form.Item label={t('desk.deposits.reason')} name="reason" rules={[{ required: true, whitespace: true, message: t('desk.deposits.reasonRequired') }, { max: 500 }]}>
          <Input placeholder={t('desk.deposits.reasonPlaceholder')} maxLength={500} />
        </Form.Item>
      </Form>
    </Modal>
  );
}

/** Return Bikes: deposits still held (bikes back or on the road), to release or keep part of. */
export function DepositsToSettle({ rentals }: { rentals: Rental[] }) {
  const t = useT();
  const na = t('desk.return.na');
  const release = useReleaseDeposit();
  const [capturing, setCapturing] = useState<Rental | null>(null);
  const rows = useMemo(() => rentals.filter((r) => r.deposit?.status === 'held'), [rentals]);
  if (rows.length === 0) return null;
  const columns: TableColumnsType<Rental> = cardTableColumns<Rental>([
    { title: t('desk.return.bikeName'), key: 'bike', render: (_, r) => <strong>{r.bikeId?.name || na}</strong> },
    { title: t('desk.return.rentedBy'), key: 'user', render: (_, r) => r.userId?.name || na },
    { title: t('desk.deposits.rental'), key: 'status', render: (_, r) => (r.status === 'booked' ? t('desk.deposits.outOrBooked') : t('desk.deposits.returned')) },
    { title: t('desk.deposits.deposit'), key: 'deposit', render: (_, r) => <DepositState deposit={r.deposit} /> },
    {
      title: t('desk.return.actions'),
      key: 'actions',
      render: (_, r) => (
        <Space wrap>
          <Popconfirm
            title={t('desk.deposits.releaseConfirm')}
            description={t('desk.deposits.releaseWarning')}
            okText={t('desk.deposits.release')}
            cancelText={t('desk.return.cancel')}
            onConfirm={async () => {
              try {
                await release.mutateAsync(r._id);
                notify.success(t('desk.deposits.released'));
              } catch (e) {
                notifyError(e);
              }
            }}
          >
            <Button aria-label={t('desk.deposits.releaseOf', { bike: r.bikeId?.name ?? '' }).trim()}>{t('desk.deposits.releaseDeposit')}</Button>
          </Popconfirm>
          <Button danger aria-label={t('desk.deposits.keepOf', { bike: r.bikeId?.name ?? '' }).trim()} onClick={() => setCapturing(r)}>
            {t('desk.deposits.keepPart')}
          </Button>
        </Space>
      ),
    },
  ]);
  return (
    <Card title={t('desk.deposits.title')} className="deposits-to-settle" style={{ marginTop: 16 }}>
      <Table<Rental> rowKey="_id" columns={columns} dataSource={rows} className={CARD_TABLE_CLASS} pagination={rows.length > 10 ? { pageSize: 10 } : false} />
      {capturing ? <CaptureModal key={capturing._id} rental={capturing} onClose={() => setCapturing(null)} /> : null}
    </Card>
  );
}
