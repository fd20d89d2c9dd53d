import './addons.css';
import { LeftOutlined, PlusOutlined, RightOutlined } from '@ant-design/icons';
import { Button, Card, Checkbox, Empty, Flex, Form, Input, InputNumber, Modal, Radio, Select, Skeleton, Switch, Table, type TableColumnsType } from 'antd';
import { useState } from 'react';
import {
  useAddons,
  useAddonStock,
  useCoupons,
  useCreateAddon,
  useCreateCoupon,
  useUpdateAddon,
  useUpdateCoupon,
  type Addon,
  type AddonInput,
  type AddonStock,
  type Coupon,
  type CouponInput,
} from '../../api/addons.js';
import { useShopCurrency, useShopTimeZone } from '../../app/app-settings.js';
import { notify, notifyError } from '../../app/notify.js';
import { CARD_TABLE_CLASS, cardTableColumns } from '../../components/card-table.js';
import { decorativeIcon } from '../../components/decorative-icon.js';
import { LoadError } from '../../components/LoadError.js';
import { PageHeading } from '../../components/PageHeading.js';
import { StatusTag } from '../../components/StatusTag.js';
import { formatMoney, moneyPrecision } from '../../lib/money.js';
import { toZonedInputValue } from '../../lib/time.js';

const DAYS = 7;

const addDays = (date: string, days: number): string => {
  const [y, m, d] = date.split('-').map(Number);
  return new Date(Date.UTC(y, m - 1, d + days)).toISOString().slice(0, 10);
};

const dayHeading = (date: string): string =>
  new Date(`${date}T12:00:00Z`).toLocaleDateString('en-GB', { weekday: 'short', day: 'numeric', month: 'short', timeZone: 'UTC' });

function priceText(a: Addon): string {
  const parts = [];
  if (a.pricePerRental > 0) parts.push(`${formatMoney(a.pricePerRental, a.currency)} per rental`);
  if (a.pricePerDay > 0) parts.push(`${formatMoney(a.pricePerDay, a.currency)} per day`);
  return parts.length ? parts.join(' + ') : 'Free';
}

function fitsText(a: Addon): string {
  if (a.fits === 'all') return 'All bikes';
  if (a.fits === 'brands') return a.fitBrands.join(', ');
  return `${a.fitBikeIds.length} bike${a.fitBikeIds.length === 1 ? '' : 's'}`;
}

/** Per add-on with stock and day: pieces free all day out of the stock, shaded as they run out. */
function StockWeek() {
  const zone = useShopTimeZone();
  const today = toZonedInputValue(new Date(), zone).slice(0, 10);
  const [from, setFrom] = useState(today);
  const stock = useAddonStock(from, DAYS);
  const days = Array.from({ length: DAYS }, (_, i) => addDays(from, i));
  const columns: TableColumnsType<AddonStock> = cardTableColumns<AddonStock>([
    { title: 'Add-on', key: 'name', render: (_, s) => s.addon.name },
    ...days.map((date, i) => ({
      title: dayHeading(date),
      key: date,
      render: (_: unknown, s: AddonStock) => {
        const day = s.days[i];
        if (!day) return '-';
        const total = s.addon.stock ?? 0;
        const tone = day.free === 0 ? 'is-out' : day.free * 4 <= total ? 'is-low' : 'is-ok';
        return (
          <span className={`stock-cell ${tone}`} title={`${day.held} held at most, ${day.free} free all day`}>
            {day.free}/{total}
          </span>
        );
      },
    })),
  ]);
  return (
    <Card
      className="stock-week"
      title="Stock this week"
      extra={
        <Flex gap={8}>
          <Button icon={<LeftOutlined {...decorativeIcon} />} onClick={() => setFrom(addDays(from, -DAYS))} aria-label="Previous week" />
          <Button onClick={() => setFrom(today)} disabled={from === today}>
            Today
          </Button>
          <Button icon={<RightOutlined {...decorativeIcon} />} onClick={() => setFrom(addDays(from, DAYS))} aria-label="Next week" />
        </Flex>
      }
    >
      <p className="addons-note">Pieces free all day out of the stock, for each add-on with stock (the shop's time zone).</p>
      {stock.isError ? (
        <LoadError variant="inline" title="The stock could not be loaded" description={stock.error.message} onRetry={() => stock.refetch()} retrying={stock.isFetching} />
      ) : stock.isPending ? (
        <Skeleton active paragraph={{ rows: 3 }} />
      ) : stock.data.length === 0 ? (
        <Empty description="No add-on with stock yet" />
      ) : (
        <Table className={`${CARD_TABLE_CLASS} stock-table`} rowKey={(s) => s.addon._id} columns={columns} dataSource={stock.data} pagination={false} size="small" scroll={{ x: 'max-content' }} />
      )}
    </Card>
  );
}

type AddonForm = Omit<AddonInput, 'fitBrands'> & { fitBrands?: string };

function AddonEditor({ editing, onClose }: { editing: Addon | 'new'; onClose(): void }) {
  const [form] = Form.useForm<AddonForm>();
  const create = useCreateAddon();
  const update = useUpdateAddon();
  const fits = Form.useWatch('fits', form);
  const tracksStock = Form.useWatch('tracksStock', form);
  // Prices in the add-on's currency (a new one: the shop's), with its own decimals.
  const shopCurrency = useShopCurrency();
  const decimals = moneyPrecision(editing === 'new' ? shopCurrency : editing.currency);
  const initial: AddonForm =
    editing === 'new'
      ? { name: '', description: '', tracksStock: true, stock: 10, pricePerRental: 0, pricePerDay: 0, deposit: 0, fits: 'all', fitBrands: '', perBike: false, isActive: true }
      : { ...editing, stock: editing.stock ?? 0, fitBrands: editing.fitBrands.join(', '), fitBikeIds: editing.fitBikeIds };
  const save = async (values: AddonForm) => {
    const body: AddonInput = {
      ...values,
      name: values.name,
      fitBrands: (values.fitBrands ?? '')
        .split(',')
        .map((b) => b.trim())
        .filter(Boolean),
    };
    try {
      if (editing === 'new') await create.mutateAsync(body);
      else await update.mutateAsync({ id: editing._id, ...body });
      notify.success(editing === 'new' ? 'Add-on created' : 'Add-on saved');
      onClose();
    } catch (e) {
      notifyError(e, 'The add-on could not be saved.');
    }
  };
  return (
    <Modal title={editing === 'new' ? 'New add-on' : `Edit ${editing.name}`} open onCancel={onClose} footer={null} destroyOnHidden>
      <Form form={form} layout="vertical" initialValues={initial} onFinish={(v) => void save(v)} requiredMark="optional">
        <Form.Item name="name" label="Name" rules={[{ required: true, whitespace: true, message: 'Please enter a name' }]}>
          <Input maxLength={100} />
        </Form.Item>
        <Form.Item name="description" label="Description">
          <Input.TextArea maxLength={2000} autoSize={{ minRows: 2, maxRows: 4 }} />
        </Form.Item>
        <Form.Item name="imageUrl" label="Photo URL">
          <Input maxLength={2000} placeholder="https://..." />
        </Form.Item>
        <Form.Item name="tracksStock" valuePropName="checked">
          <Checkbox>Counted stock (untick for insurance and other add-ons without pieces)</Checkbox>
        </Form.Item>
        {tracksStock !== false ? (
          <Form.Item name="stock" label="Pieces in stock">
            <InputNumber min={0} max={1000} precision={0} />
          </Form.Item>
        ) : null}
        <Flex gap={12} wrap>
          <Form.Item name="pricePerRental" label="Price per rental">
            <InputNumber min={0} precision={decimals} />
          </Form.Item>
          <Form.Item name="pricePerDay" label="Price per day">
            <InputNumber min={0} precision={decimals} />
          </Form.Item>
          <Form.Item name="deposit" label="Deposit per piece">
            <InputNumber min={0} precision={decimals} />
          </Form.Item>
        </Flex>
        <Form.Item name="fits" label="Fits">
          <Radio.Group
            options={[
              { label: 'All bikes', value: 'all' },
              { label: 'Some brands', value: 'brands' },
              { label: 'Some bikes', value: 'bikes' },
            ]}
          />
        </Form.Item>
        {fits === 'brands' ? (
          <Form.Item name="fitBrands" label="Brands (comma separated)" rules={[{ required: true, message: 'Name at least one brand' }]}>
            <Input />
          </Form.Item>
        ) : null}
        {fits === 'bikes' ? (
          <Form.Item name="fitBikeIds" label="Bike ids" rules={[{ required: true, message: 'Name at least one bike' }]}>
            <Select mode="tags" tokenSeparators={[',', ' ']} open={false} aria-label="Bike ids" />
          </Form.Item>
        ) : null}
        <Form.Item name="perBike" valuePropName="checked">
          <Checkbox>One per bike (e.g. a helmet per rider)</Checkbox>
        </Form.Item>
        <Form.Item name="isActive" valuePropName="checked">
          <Checkbox>Offered on the booking screen</Checkbox>
        </Form.Item>
        <Flex justify="end" gap={8}>
          <Button onClick={onClose}>Cancel</Button>
          <Button type="primary" htmlType="submit" loading={create.isPending || update.isPending}>
            Save
          </Button>
        </Flex>
      </Form>
    </Modal>
  );
}

function AddonList() {
  const addons = useAddons();
  const [editing, setEditing] = useState<Addon | 'new' | null>(null);
  const columns: TableColumnsType<Addon> = cardTableColumns<Addon>([
    { title: 'Name', dataIndex: 'name' },
    { title: 'Price', key: 'price', render: (_, a) => priceText(a) },
    { title: 'Stock', key: 'stock', render: (_, a) => (a.tracksStock ? a.stock : 'No stock') },
    { title: 'Fits', key: 'fits', render: (_, a) => fitsText(a) + (a.perBike ? ' · one per bike' : '') },
    { title: 'State', key: 'state', render: (_, a) => (a.isActive ? <StatusTag tone="success">offered</StatusTag> : <StatusTag tone="warning">off</StatusTag>) },
    {
      title: 'Actions',
      key: 'actions',
      render: (_, a) => (
        <Button size="small" onClick={() => setEditing(a)}>
          Edit<span className="visually-hidden"> {a.name}</span>
        </Button>
      ),
    },
  ]);
  return (
    <Card
      title="Add-ons"
      extra={
        <Button type="primary" icon={<PlusOutlined {...decorativeIcon} />} onClick={() => setEditing('new')}>
          New add-on
        </Button>
      }
    >
      {addons.isError ? (
        <LoadError variant="inline" title="The add-ons could not be loaded" description={addons.error.message} onRetry={() => addons.refetch()} retrying={addons.isFetching} />
      ) : addons.isPending ? (
        <Skeleton active paragraph={{ rows: 3 }} />
      ) : addons.data.length === 0 ? (
        <Empty description="No add-ons yet: helmets, locks, child seats or insurance" />
      ) : (
        <Table className={CARD_TABLE_CLASS} rowKey="_id" columns={columns} dataSource={addons.data} pagination={false} size="small" />
      )}
      {editing ? <AddonEditor editing={editing} onClose={() => setEditing(null)} /> : null}
    </Card>
  );
}

function discountText(c: Coupon, addons: Addon[]): string {
  if (c.kind === 'percent') return `${c.percentOff}% off`;
  if (c.kind === 'fixed') return `${formatMoney(c.amountOff ?? 0, c.currency)} off`;
  return `Free ${addons.find((a) => a._id === c.freeAddonId)?.name ?? 'add-on'}`;
}

type CouponForm = Omit<CouponInput, 'validFrom' | 'validUntil'> & { validFrom?: string; validUntil?: string };

function CouponEditor({ onClose }: { onClose(): void }) {
  const [form] = Form.useForm<CouponForm>();
  const create = useCreateCoupon();
  const addons = useAddons();
  const zone = useShopTimeZone();
  // A fixed amount is in the shop's currency, with its own decimals.
  const currency = useShopCurrency();
  const decimals = moneyPrecision(currency);
  const kind = Form.useWatch('kind', form);
  const save = async (values: CouponForm) => {
    const iso = (v?: string) => (v ? new Date(`${v}T00:00:00`).toISOString() : undefined);
    try {
      await create.mutateAsync({ ...values, validFrom: iso(values.validFrom), validUntil: iso(values.validUntil) });
      notify.success('Code created');
      onClose();
    } catch (e) {
      notifyError(e, 'The code could not be created.');
    }
  };
  return (
    <Modal title="New discount code" open onCancel={onClose} footer={null} destroyOnHidden>
      <Form form={form} layout="vertical" initialValues={{ kind: 'percent', percentOff: 10, minHours: 0, minQuantity: 1, stackable: false }} onFinish={(v) => void save(v)} requiredMark="optional">
        <Form.Item name="code" label="Code" rules={[{ required: true, pattern: /^[A-Za-z0-9_-]{3,40}$/, message: '3-40 letters, digits, _ or -' }]}>
          <Input maxLength={40} />
        </Form.Item>
        <Form.Item name="kind" label="Discount">
          <Radio.Group
            options={[
              { label: 'Percent', value: 'percent' },
              { label: 'Fixed amount', value: 'fixed' },
              { label: 'Free add-on', value: 'free_addon' },
            ]}
          />
        </Form.Item>
        {kind === 'percent' ? (
          <Form.Item name="percentOff" label="Percent off" rules={[{ required: true, message: 'Enter 1 to 100' }]}>
            <InputNumber min={1} max={100} precision={0} />
          </Form.Item>
        ) : null}
        {kind === 'fixed' ? (
          <Form.Item name="amountOff" label={`Amount off (${currency})`} rules={[{ required: true, message: 'Enter an amount' }]}>
            <InputNumber min={10 ** -decimals} precision={decimals} />
          </Form.Item>
        ) : null}
        {kind === 'free_addon' ? (
          <Form.Item name="freeAddonId" label="Add-on given free (one piece)" rules={[{ required: true, message: 'Choose an add-on' }]}>
            <Select options={(addons.data ?? []).map((a) => ({ label: a.name, value: a._id }))} />
          </Form.Item>
        ) : null}
        <Flex gap={12} wrap>
          <Form.Item name="validFrom" label={`Valid from (${zone})`}>
            <Input type="date" />
          </Form.Item>
          <Form.Item name="validUntil" label="Valid until">
            <Input type="date" />
          </Form.Item>
        </Flex>
        <Flex gap={12} wrap>
          <Form.Item name="minHours" label="Minimum hours">
            <InputNumber min={0} precision={0} />
          </Form.Item>
          <Form.Item name="minQuantity" label="Minimum bikes">
            <InputNumber min={1} max={10} precision={0} />
          </Form.Item>
          <Form.Item name="maxUses" label="Uses in total">
            <InputNumber min={1} precision={0} placeholder="Unlimited" />
          </Form.Item>
          <Form.Item name="maxUsesPerCustomer" label="Uses per customer">
            <InputNumber min={1} precision={0} placeholder="Unlimited" />
          </Form.Item>
        </Flex>
        <Form.Item name="stackable" valuePropName="checked">
          <Checkbox>Can be combined with other combinable codes</Checkbox>
        </Form.Item>
        <Flex justify="end" gap={8}>
          <Button onClick={onClose}>Cancel</Button>
          <Button type="primary" htmlType="submit" loading={create.isPending}>
            Create code
          </Button>
        </Flex>
      </Form>
    </Modal>
  );
}

function CouponList() {
  const coupons = useCoupons();
  const addons = useAddons();
  const update = useUpdateCoupon();
  const [creating, setCreating] = useState(false);
  const columns: TableColumnsType<Coupon> = cardTableColumns<Coupon>([
    { title: 'Code', dataIndex: 'code', render: (v: string) => <code>{v}</code> },
    { title: 'Discount', key: 'discount', render: (_, c) => discountText(c, addons.data ?? []) + (c.stackable ? ' · combinable' : '') },
    {
      title: 'Valid',
      key: 'valid',
      render: (_, c) => (c.validFrom || c.validUntil ? `${c.validFrom?.slice(0, 10) ?? '…'} to ${c.validUntil?.slice(0, 10) ?? '…'}` : 'Always'),
    },
    { title: 'Uses', key: 'uses', render: (_, c) => `${c.uses}${c.maxUses ? ` of ${c.maxUses}` : ''}` },
    { title: 'Revenue', key: 'revenue', render: (_, c) => formatMoney(c.revenue, c.currency) },
    {
      title: 'Actions',
      key: 'actions',
      render: (_, c) => (
        <Switch
          checked={c.isActive}
          aria-label={`${c.code} active`}
          loading={update.isPending && update.variables?.id === c._id}
          onChange={(isActive) => update.mutate({ id: c._id, isActive }, { onError: (e) => notifyError(e, 'The code could not be changed.') })}
        />
      ),
    },
  ]);
  return (
    <Card
      title="Discount codes"
      extra={
        <Button type="primary" icon={<PlusOutlined {...decorativeIcon} />} onClick={() => setCreating(true)}>
          New code
        </Button>
      }
    >
      {coupons.isError ? (
        <LoadError variant="inline" title="The codes could not be loaded" description={coupons.error.message} onRetry={() => coupons.refetch()} retrying={coupons.isFetching} />
      ) : coupons.isPending ? (
        <Skeleton active paragraph={{ rows: 3 }} />
      ) : coupons.data.length === 0 ? (
        <Empty description="No discount codes yet" />
      ) : (
        <Table className={CARD_TABLE_CLASS} rowKey="_id" columns={columns} dataSource={coupons.data} pagination={false} size="small" />
      )}
      {creating ? <CouponEditor onClose={() => setCreating(false)} /> : null}
    </Card>
  );
}

/** Admin (issue 25): add-ons with their stock for the week, and discount codes with their uses and revenue. */
export default function AddonsPage() {
  return (
    <>
      <PageHeading title="Add-ons & Codes" lead="Helmets, locks and insurance rented with the bikes, their stock for the week, and discount codes." />
      <Flex vertical gap={16}>
        <StockWeek />
        <AddonList />
        <CouponList />
      </Flex>
    </>
  );
}
