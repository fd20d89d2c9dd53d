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
import { formatDate, shopDay, toZonedInputValue } from '../../lib/time.js';
import { useLocale, useT } from '../../app/i18n.js';
import { DateTimeInput } from '../../components/DateTimeInput.js';

type Translate = ReturnType<typeof useT>;

const DAYS = 7;
/** An example of a photo's address (the same in every language). */
const URL_PLACEHOLDER = 'https://...';

const addDays = (date: string, days: number): string => {
  const [y, m, d] = date.split('-').map(Number);
  return new Date(Date.UTC(y, m - 1, d + days)).toISOString().slice(0, 10);
};

/** 'Mon 24 Nov' in English as before; the admin's language otherwise ('Mo., 24. Nov.', Bangla digits). */
const dayHeading = (date: string, locale: string): string =>
  new Date(`${date}T12:00:00Z`).toLocaleDateString(locale === 'en' ? 'en-GB' : locale, { weekday: 'short', day: 'numeric', month: 'short', timeZone: 'UTC' });

function priceText(a: Addon, t: Translate, locale: string): string {
  const parts = [];
  if (a.pricePerRental > 0) parts.push(t('desk.addons.perRental', { price: formatMoney(a.pricePerRental, a.currency, locale) }));
  if (a.pricePerDay > 0) parts.push(t('desk.addons.perDay', { price: formatMoney(a.pricePerDay, a.currency, locale) }));
  return parts.length ? parts.join(' + ') : t('desk.addons.free');
}

function fitsText(a: Addon, t: Translate): string {
  if (a.fits === 'all') return t('desk.addons.allBikes');
  if (a.fits === 'brands') return a.fitBrands.join(', ');
  return t('desk.addons.bikeCount', { count: a.fitBikeIds.length });
}

/** A count in the admin's language (Bangla digits for bn; English as before). */
const countText = (n: number, locale: string): string => (locale === 'en' ? String(n) : new Intl.NumberFormat(locale).format(n));

/** Per add-on with stock and day: pieces free all day out of the stock, shaded as they run out. */
function StockWeek() {
  const t = useT();
  const locale = useLocale();
  const zone = useShopTimeZone();
  const today = toZonedInputValue(new Date(), zone).slice(0, 10);
  const [from, setFrom] = useState(today);
  const stock = useAddonStock(from, DAYS);
  const days = Array.from({ length: DAYS }, (_, i) => addDays(from, i));
  const columns: TableColumnsType<AddonStock> = cardTableColumns<AddonStock>([
    { title: t('desk.addons.addon'), key: 'name', render: (_, s) => s.addon.name },
    ...days.map((date, i) => ({
      title: dayHeading(date, locale),
      key: date,
      render: (_: unknown, s: AddonStock) => {
        const day = s.days[i];
        if (!day) return '-';
        const total = s.addon.stock ?? 0;
        const tone = day.free === 0 ? 'is-out' : day.free * 4 <= total ? 'is-low' : 'is-ok';
        return (
          <span className={`stock-cell ${tone}`} title={t('desk.addons.stockCell', { held: countText(day.held, locale), free: countText(day.free, locale) })}>
            {countText(day.free, locale)}/{countText(total, locale)}
          </span>
        );
      },
    })),
  ]);
  return (
    <Card
      className="stock-week"
      title={t('desk.addons.stockWeek')}
      extra={
        <Flex gap={8}>
          <Button icon={<LeftOutlined {...decorativeIcon} />} onClick={() => setFrom(addDays(from, -DAYS))} aria-label={t('desk.addons.previousWeek')} />
          <Button onClick={() => setFrom(today)} disabled={from === today}>
            {t('desk.addons.today')}
          </Button>
          <Button icon={<RightOutlined {...decorativeIcon} />} onClick={() => setFrom(addDays(from, DAYS))} aria-label={t('desk.addons.nextWeek')} />
        </Flex>
      }
    >
      <p className="addons-note">{t('desk.addons.stockNote')}</p>
      {stock.isError ? (
        <LoadError variant="inline" title={t('desk.addons.stockFailed')} description={stock.error.message} onRetry={() => stock.refetch()} retrying={stock.isFetching} />
      ) : stock.isPending ? (
        <Skeleton active paragraph={{ rows: 3 }} />
      ) : stock.data.length === 0 ? (
        <Empty description={t('desk.addons.noStock')} />
      ) : (
        <Table className={`${CARD_TABLE_CLASS} stock-table`} rowKey={(s) => s.addon._id} columns={columns} dataSource={stock.data} pagination={false} size="small" scroll={{ x: 'max-content' }} />
      )}
    </Card>
  );
}

type AddonForm = Omit<AddonInput, 'fitBrands'> & { fitBrands?: string };

function AddonEditor({ editing, onClose }: { editing: Addon | 'new'; onClose(): void }) {
  const t = useT();
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
      notify.success(editing === 'new' ? t('desk.addons.created') : t('desk.addons.saved'));
      onClose();
    } catch (e) {
      notifyError(e, t('desk.addons.saveFailed'));
    }
  };
  return (
    <Modal title={editing === 'new' ? t('desk.addons.new') : t('desk.addons.edit', { name: editing.name })} open onCancel={onClose} footer={null} destroyOnHidden>
      <Form form={form} layout="vertical" initialValues={initial} onFinish={(v) => void save(v)} requiredMark="optional">
        <Form.Item name="name" label={t('desk.addons.name')} rules={[{ required: true, whitespace: true, message: t('desk.addons.nameRequired') }]}>
          <Input maxLength={100} />
        </Form.Item>
        <Form.Item name="description" label={t('desk.addons.description')}>
          <Input.TextArea maxLength={2000} autoSize={{ minRows: 2, maxRows: 4 }} />
        </Form.Item>
        <Form.Item name="imageUrl" label={t('desk.addons.photo')}>
          <Input maxLength={2000} placeholder={URL_PLACEHOLDER} />
        </Form.Item>
        <Form.Item name="tracksStock" valuePropName="checked">
          <Checkbox>{t('desk.addons.counted')}</Checkbox>
        </Form.Item>
        {tracksStock !== false ? (
          <Form.Item name="stock" label={t('desk.addons.pieces')}>
            <InputNumber min={0} max={1000} precision={0} />
          </Form.Item>
        ) : null}
        <Flex gap={12} wrap>
          <Form.Item name="pricePerRental" label={t('desk.addons.pricePerRental')}>
            <InputNumber min={0} precision={decimals} />
          </Form.Item>
          <Form.Item name="pricePerDay" label={t('desk.addons.pricePerDay')}>
            <InputNumber min={0} precision={decimals} />
          </Form.Item>
          <Form.Item name="deposit" label={t('desk.addons.deposit')}>
            <InputNumber min={0} precision={decimals} />
          </Form.Item>
        </Flex>
        <Form.Item name="fits" label={t('desk.addons.fits')}>
          <Radio.Group
            options={[
              { label: t('desk.addons.allBikes'), value: 'all' },
              { label: t('desk.addons.someBrands'), value: 'brands' },
              { label: t('desk.addons.someBikes'), value: 'bikes' },
            ]}
          />
        </Form.Item>
        {fits === 'brands' ? (
          <Form.Item name="fitBrands" label={t('desk.addons.brands')} rules={[{ required: true, message: t('desk.addons.brandRequired') }]}>
            <Input />
          </Form.Item>
        ) : null}
        {fits === 'bikes' ? (
          <Form.Item name="fitBikeIds" label={t('desk.addons.bikeIds')} rules={[{ required: true, message: t('desk.addons.bikeRequired') }]}>
            <Select mode="tags" tokenSeparators={[',', ' ']} open={false} aria-label={t('desk.addons.bikeIds')} />
          </Form.Item>
        ) : null}
        <Form.Item name="perBike" valuePropName="checked">
          <Checkbox>{t('desk.addons.perBike')}</Checkbox>
        </Form.Item>
        <Form.Item name="isActive" valuePropName="checked">
          <Checkbox>{t('desk.addons.offered')}</Checkbox>
        </Form.Item>
        <Flex justify="end" gap={8}>
          <Button onClick={onClose}>{t('desk.addons.cancel')}</Button>
          <Button type="primary" htmlType="submit" loading={create.isPending || update.isPending}>
            {t('desk.addons.save')}
          </Button>
        </Flex>
      </Form>
    </Modal>
  );
}

function AddonList() {
  const t = useT();
  const locale = useLocale();
  const addons = useAddons();
  const [editing, setEditing] = useState<Addon | 'new' | null>(null);
  const columns: TableColumnsType<Addon> = cardTableColumns<Addon>([
    { title: t('desk.addons.name'), dataIndex: 'name' },
    { title: t('desk.addons.price'), key: 'price', render: (_, a) => priceText(a, t, locale) },
    { title: t('desk.addons.stock'), key: 'stock', render: (_, a) => (a.tracksStock ? (a.stock === null ? a.stock : countText(a.stock, locale)) : t('desk.addons.noStockCount')) },
    { title: t('desk.addons.fits'), key: 'fits', render: (_, a) => fitsText(a, t) + (a.perBike ? t('desk.addons.onePerBike') : '') },
    {
      title: t('desk.addons.state'),
      key: 'state',
      render: (_, a) => (a.isActive ? <StatusTag tone="success">{t('desk.addons.stateOffered')}</StatusTag> : <StatusTag tone="warning">{t('desk.addons.stateOff')}</StatusTag>),
    },
    {
      title: t('desk.addons.actions'),
      key: 'actions',
      render: (_, a) => (
        <Button size="small" onClick={() => setEditing(a)}>
          {t('desk.addons.editButton')}
          <span className="visually-hidden"> {a.name}</span>
        </Button>
      ),
    },
  ]);
  return (
    <Card
      title={t('desk.addons.list')}
      extra={
        <Button type="primary" icon={<PlusOutlined {...decorativeIcon} />} onClick={() => setEditing('new')}>
          {t('desk.addons.new')}
        </Button>
      }
    >
      {addons.isError ? (
        <LoadError variant="inline" title={t('desk.addons.listFailed')} description={addons.error.message} onRetry={() => addons.refetch()} retrying={addons.isFetching} />
      ) : addons.isPending ? (
        <Skeleton active paragraph={{ rows: 3 }} />
      ) : addons.data.length === 0 ? (
        <Empty description={t('desk.addons.none')} />
      ) : (
        <Table className={CARD_TABLE_CLASS} rowKey="_id" columns={columns} dataSource={addons.data} pagination={false} size="small" />
      )}
      {editing ? <AddonEditor editing={editing} onClose={() => setEditing(null)} /> : null}
    </Card>
  );
}

function discountText(c: Coupon, addons: Addon[], t: Translate, locale: string): string {
  // English as before ('10% off'); German '10 % Rabatt', Bangla with its digits.
  if (c.kind === 'percent') return t('desk.coupons.percentOff', { percent: locale === 'en' ? `${c.percentOff}%` : new Intl.NumberFormat(locale, { style: 'percent' }).format((c.percentOff ?? 0) / 100) });
  if (c.kind === 'fixed') return t('desk.coupons.amountOff', { amount: formatMoney(c.amountOff ?? 0, c.currency, locale) });
  return t('desk.coupons.freeAddon', { name: addons.find((a) => a._id === c.freeAddonId)?.name ?? t('desk.coupons.anAddon') });
}

type CouponForm = Omit<CouponInput, 'validFrom' | 'validUntil'> & { validFrom?: string; validUntil?: string };

function CouponEditor({ onClose }: { onClose(): void }) {
  const t = useT();
  const [form] = Form.useForm<CouponForm>();
  const create = useCreateCoupon();
  const addons = useAddons();
  const zone = useShopTimeZone();
  // A fixed amount is in the shop's currency, with its own decimals.
  const currency = useShopCurrency();
  const decimals = moneyPrecision(currency);
  const kind = Form.useWatch('kind', form);
  const save = async (values: CouponForm) => {
    // The shop's calendar days (not the browser's), the last one included: valid until the next day begins.
    const day = (v: string | undefined, plus = 0) => (v ? (shopDay(v, zone, plus) ?? undefined) : undefined);
    try {
      await create.mutateAsync({ ...values, validFrom: day(values.validFrom), validUntil: day(values.validUntil, 1) });
      notify.success(t('desk.coupons.created'));
      onClose();
    } catch (e) {
      notifyError(e, t('desk.coupons.createFailed'));
    }
  };
  return (
    <Modal title={t('desk.coupons.new')} open onCancel={onClose} footer={null} destroyOnHidden>
      <Form form={form} layout="vertical" initialValues={{ kind: 'percent', percentOff: 10, minHours: 0, minQuantity: 1, stackable: false }} onFinish={(v) => void save(v)} requiredMark="optional">
        <Form.Item name="code" label={t('desk.coupons.code')} rules={[{ required: true, pattern: /^[A-Za-z0-9_-]{3,40}$/, message: t('desk.coupons.codeRule') }]}>
          <Input maxLength={40} />
        </Form.Item>
        <Form.Item name="kind" label={t('desk.coupons.discount')}>
          <Radio.Group
            options={[
              { label: t('desk.coupons.percent'), value: 'percent' },
              { label: t('desk.coupons.fixed'), value: 'fixed' },
              { label: t('desk.coupons.freeAddonKind'), value: 'free_addon' },
            ]}
          />
        </Form.Item>
        {kind === 'percent' ? (
          <Form.Item name="percentOff" label={t('desk.coupons.percentLabel')} rules={[{ required: true, message: t('desk.coupons.percentRule') }]}>
            <InputNumber min={1} max={100} precision={0} />
          </Form.Item>
        ) : null}
        {kind === 'fixed' ? (
          <Form.Item name="amountOff" label={t('desk.coupons.amountLabel', { currency })} rules={[{ required: true, message: t('desk.coupons.amountRule') }]}>
            <InputNumber min={10 ** -decimals} precision={decimals} />
          </Form.Item>
        ) : null}
        {kind === 'free_addon' ? (
          <Form.Item name="freeAddonId" label={t('desk.coupons.addonLabel')} rules={[{ required: true, message: t('desk.coupons.addonRule') }]}>
            <Select options={(addons.data ?? []).map((a) => ({ label: a.name, value: a._id }))} />
          </Form.Item>
        ) : null}
        <Flex gap={12} wrap>
          <Form.Item name="validFrom" label={t('desk.coupons.validFrom', { zone })}>
            <DateTimeInput type="date" />
          </Form.Item>
          <Form.Item name="validUntil" label={t('desk.coupons.validUntil')}>
            <DateTimeInput type="date" />
          </Form.Item>
        </Flex>
        <Flex gap={12} wrap>
          <Form.Item name="minHours" label={t('desk.coupons.minHours')}>
            <InputNumber min={0} precision={0} />
          </Form.Item>
          <Form.Item name="minQuantity" label={t('desk.coupons.minBikes')}>
            <InputNumber min={1} max={10} precision={0} />
          </Form.Item>
          <Form.Item name="maxUses" label={t('desk.coupons.maxUses')}>
            <InputNumber min={1} precision={0} placeholder={t('desk.coupons.unlimited')} />
          </Form.Item>
          <Form.Item name="maxUsesPerCustomer" label={t('desk.coupons.maxUsesPerCustomer')}>
            <InputNumber min={1} precision={0} placeholder={t('desk.coupons.unlimited')} />
          </Form.Item>
        </Flex>
        <Form.Item name="stackable" valuePropName="checked">
          <Checkbox>{t('desk.coupons.stackable')}</Checkbox>
        </Form.Item>
        <Flex justify="end" gap={8}>
          <Button onClick={onClose}>{t('desk.addons.cancel')}</Button>
          <Button type="primary" htmlType="submit" loading={create.isPending}>
            {t('desk.coupons.create')}
          </Button>
        </Flex>
      </Form>
    </Modal>
  );
}

function CouponList() {
  const t = useT();
  const locale = useLocale();
  const zone = useShopTimeZone();
  const coupons = useCoupons();
  const addons = useAddons();
  const update = useUpdateCoupon();
  const [creating, setCreating] = useState(false);
  const columns: TableColumnsType<Coupon> = cardTableColumns<Coupon>([
    { title: t('desk.coupons.code'), dataIndex: 'code', render: (v: string) => <code>{v}</code> },
    { title: t('desk.coupons.discount'), key: 'discount', render: (_, c) => discountText(c, addons.data ?? [], t, locale) + (c.stackable ? t('desk.coupons.combinable') : '') },
    {
      title: t('desk.coupons.valid'),
      key: 'valid',
      render: (_, c) =>
        c.validFrom || c.validUntil
          ? t('desk.coupons.validRange', {
              from: c.validFrom ? formatDate(c.validFrom, zone, locale) : '…',
              // Its last day: the one its end (the next day's first moment) closes.
              until: c.validUntil ? formatDate(Date.parse(c.validUntil) - 1, zone, locale) : '…',
            })
          : t('desk.coupons.always'),
    },
    {
      title: t('desk.coupons.uses'),
      key: 'uses',
      render: (_, c) => (c.maxUses ? t('desk.coupons.usesOf', { uses: countText(c.uses, locale), max: countText(c.maxUses, locale) }) : countText(c.uses, locale)),
    },
    { title: t('desk.coupons.revenue'), key: 'revenue', render: (_, c) => formatMoney(c.revenue, c.currency, locale) },
    {
      title: t('desk.addons.actions'),
      key: 'actions',
      render: (_, c) => (
        <Switch
          checked={c.isActive}
          aria-label={t('desk.coupons.active', { code: c.code })}
          loading={update.isPending && update.variables?.id === c._id}
          onChange={(isActive) => update.mutate({ id: c._id, isActive }, { onError: (e) => notifyError(e, t('desk.coupons.changeFailed')) })}
        />
      ),
    },
  ]);
  return (
    <Card
      title={t('desk.coupons.list')}
      extra={
        <Button type="primary" icon={<PlusOutlined {...decorativeIcon} />} onClick={() => setCreating(true)}>
          {t('desk.coupons.newButton')}
        </Button>
      }
    >
      {coupons.isError ? (
        <LoadError variant="inline" title={t('desk.coupons.listFailed')} description={coupons.error.message} onRetry={() => coupons.refetch()} retrying={coupons.isFetching} />
      ) : coupons.isPending ? (
        <Skeleton active paragraph={{ rows: 3 }} />
      ) : coupons.data.length === 0 ? (
        <Empty description={t('desk.coupons.none')} />
      ) : (
        <Table className={CARD_TABLE_CLASS} rowKey="_id" columns={columns} dataSource={coupons.data} pagination={false} size="small" />
      )}
      {creating ? <CouponEditor onClose={() => setCreating(false)} /> : null}
    </Card>
  );
}

/** Admin (issue 25): add-ons with their stock for the week, and discount codes with their uses and revenue. */
export default function AddonsPage() {
  const t = useT();
  return (
    <>
      <PageHeading title={t('desk.addons.title')} lead={t('desk.addons.lead')} />
      <Flex vertical gap={16}>
        <StockWeek />
        <AddonList />
        <CouponList />
      </Flex>
    </>
  );
}
