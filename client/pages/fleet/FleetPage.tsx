import { LeftOutlined, PlusOutlined, QrcodeOutlined, RightOutlined, ShopOutlined, ToolOutlined } from '@ant-design/icons';
import { Alert, Button, Card, Empty, Form, Input, Modal, Select, Skeleton, Space, Table, type TableColumnsType } from 'antd';
import { useId, useMemo, useState } from 'react';
import { useNavigate, useParams } from 'react-router-dom';
import { useBike } from '../../api/bikes.js';
import { labelSheetUrl } from '../../api/counter.js';
import { useAddMaintenance, useAddUnit, useTimeline, useUnits, useUpdateUnit, type Unit, type UnitStatus } from '../../api/fleet.js';
import { isApiError } from '../../api/http.js';
import { useShopTimeZone } from '../../app/app-settings.js';
import { useLocale, useT, type MessageId } from '../../app/i18n.js';
import { notify } from '../../app/notify.js';
import { ButtonLink } from '../../components/ButtonLink.js';
import { DateTime } from '../../components/DateTime.js';
import { decorativeIcon } from '../../components/decorative-icon.js';
import { PageHeading } from '../../components/PageHeading.js';
import { formatMoney } from '../../lib/money.js';
import { shopDayStart, toZonedInputValue, zonedInputToIso } from '../../lib/time.js';
import { BikePicker } from './BikePicker.js';
import { FleetTimeline } from './Timeline.js';
import { unitStatusName } from './fleet-words.js';
import './fleet.css';
import { LoadError } from '../../components/LoadError.js';
import { DateTimeInput } from '../../components/DateTimeInput.js';

const TIMELINE_DAYS = 14;
const STATUS_OPTIONS: { value: UnitStatus; label: MessageId }[] = [
  { value: 'active', label: 'fleet.unitStatusOption.active' },
  { value: 'maintenance', label: 'fleet.unitStatusOption.maintenance' },
  { value: 'retired', label: 'fleet.unitStatusOption.retired' },
];

const problemText = (error: unknown, fallback: string) => (isApiError(error) && error.kind === 'http' ? error.message : fallback);

/** Put a unit into maintenance for a period (409 when a booking holds it then). */
function MaintenanceDialog({ unit, onClose }: { unit: Unit; onClose(): void }) {
  const t = useT();
  const zone = useShopTimeZone();
  const startId = useId();
  const endId = useId();
  const reasonId = useId();
  const [start, setStart] = useState(() => toZonedInputValue(new Date(), zone));
  const [end, setEnd] = useState(() => toZonedInputValue(Date.now() + 24 * 3_600_000, zone));
  const [reason, setReason] = useState('');
  const [problem, setProblem] = useState<string | null>(null);
  const add = useAddMaintenance();
  const submit = () => {
    const startIso = zonedInputToIso(start, zone);
    const endIso = zonedInputToIso(end, zone);
    if (!startIso || !endIso || new Date(endIso) <= new Date(startIso)) return setProblem(t('fleet.maint.endAfterStart'));
    if (!reason.trim()) return setProblem(t('fleet.maint.reasonNeeded'));
    setProblem(null);
    add.mutate(
      { unitId: unit._id, start: startIso, end: endIso, reason: reason.trim() },
      {
        onSuccess: () => {
          notify.success(t('fleet.maint.saved', { unit: unit.label }));
          onClose();
        },
        onError: (error) =>
          setProblem(isApiError(error) && error.status === 409 ? t('fleet.maint.conflict') : problemText(error, t('fleet.maint.failed'))),
      },
    );
  };
  return (
    <Modal open title={t('fleet.maint.title', { unit: unit.label })} okText={t('fleet.maint.save')} onOk={submit} onCancel={onClose} confirmLoading={add.isPending} destroyOnHidden>
      <Form layout="vertical" component="div">
        <Form.Item label={t('fleet.maint.from')} htmlFor={startId}>
          <DateTimeInput id={startId} value={start} onChange={(e) => setStart(e.target.value)} />
        </Form.Item>
        <Form.Item label={t('fleet.maint.until')} htmlFor={endId}>
          <DateTimeInput id={endId} value={end} min={start} onChange={(e) => setEnd(e.target.value)} />
        </Form.Item>
        <Form.Item label={t('fleet.maint.reason')} htmlFor={reasonId}>
          <Input id={reasonId} value={reason} maxLength={200} onChange={(e) => setReason(e.target.value)} placeholder={t('fleet.maint.reasonPlaceholder')} />
        </Form.Item>
      </Form>
      {problem ? <Alert type="error" showIcon role="alert" title={problem} /> : null}
    </Modal>
  );
}

function AddUnitForm({ bikeId }: { bikeId: string }) {
  const t = useT();
  const [label, setLabel] = useState('');
  const [notes, setNotes] = useState('');
  const add = useAddUnit();
  const labelId = useId();
  const notesId = useId();
  const submit = () => {
    if (!label.trim()) return notify.error(t('fleet.units.labelNeeded'));
    add.mutate(
      { bikeId, label: label.trim(), ...(notes.trim() ? { notes: notes.trim() } : {}) },
      {
        onSuccess: (unit) => {
          notify.success(t('fleet.units.added', { unit: unit.label }));
          setLabel('');
          setNotes('');
        },
        onError: (error) => notify.error(problemText(error, t('fleet.units.addFailed'))),
      },
    );
  };
  return (
    <Form layout="vertical" className="fleet-add-unit" onFinish={submit} aria-label={t('fleet.units.addForm')}>
      <Form.Item label={t('fleet.units.labelField')} htmlFor={labelId}>
        <Input id={labelId} value={label} maxLength={60} onChange={(e) => setLabel(e.target.value)} />
      </Form.Item>
      <Form.Item label={t('fleet.notes')} htmlFor={notesId}>
        <Input id={notesId} value={notes} maxLength={200} onChange={(e) => setNotes(e.target.value)} />
      </Form.Item>
      <Form.Item label={<span className="visually-hidden">{t('fleet.units.add')}</span>}>
        <Button htmlType="submit" type="primary" icon={<PlusOutlined {...decorativeIcon} />} loading={add.isPending}>
          {t('fleet.units.addUnit')}
        </Button>
      </Form.Item>
    </Form>
  );
}

function UnitsCard({ bikeId }: { bikeId: string }) {
  const t = useT();
  const units = useUnits(bikeId);
  const update = useUpdateUnit();
  const [maintaining, setMaintaining] = useState<Unit | null>(null);
  const columns: TableColumnsType<Unit> = [
    { title: t('fleet.units.label'), dataIndex: 'label', render: (label: string) => <strong>{label}</strong> },
    {
      title: t('fleet.units.status'),
      key: 'status',
      render: (_, unit) => (
        <Select<UnitStatus>
          aria-label={t('fleet.units.statusOf', { unit: unit.label })}
          value={unit.status}
          options={STATUS_OPTIONS.map((option) => ({ value: option.value, label: t(option.label) }))}
          style={{ minWidth: 140 }}
          onChange={(status) =>
            update.mutate(
              { unitId: unit._id, status },
              {
                onSuccess: () => notify.success(t('fleet.units.nowStatus', { unit: unit.label, status: unitStatusName(status, t) })),
                onError: (error) => notify.error(problemText(error, t('fleet.units.statusFailed'))),
              },
            )
          }
        />
      ),
    },
    { title: t('fleet.notes'), dataIndex: 'notes', render: (notes: string | null) => notes || <span className="admin-muted">{t('fleet.units.none')}</span> },
    { title: t('fleet.units.addedColumn'), dataIndex: 'createdAt', render: (at: string) => <DateTime value={at} dateOnly /> },
    {
      title: t('fleet.units.actions'),
      key: 'actions',
      render: (_, unit) => (
        <Button icon={<ToolOutlined {...decorativeIcon} />} onClick={() => setMaintaining(unit)} disabled={unit.status === 'retired'} aria-label={t('fleet.units.scheduleFor', { unit: unit.label })}>
          {t('fleet.maintenance')}
        </Button>
      ),
    },
  ];
  return (
    <Card title={<h2 className="fleet-card-title">{t('fleet.units.title')}</h2>} className="fleet-card">
      {units.isError ? (
        <LoadError title={t('fleet.units.loadError')} description={units.error.message} onRetry={() => units.refetch()} />
      ) : (
        <Table<Unit>
          rowKey="_id"
          className="fleet-units"
          columns={columns}
          dataSource={units.data ?? []}
          loading={units.isPending}
          pagination={false}
          locale={{ emptyText: <Empty description={t('fleet.units.empty')} /> }}
        />
      )}
      <AddUnitForm bikeId={bikeId} />
      {maintaining ? <MaintenanceDialog key={maintaining._id} unit={maintaining} onClose={() => setMaintaining(null)} /> : null}
    </Card>
  );
}

function TimelineCard({ bikeId }: { bikeId: string }) {
  const t = useT();
  const zone = useShopTimeZone();
  const [offset, setOffset] = useState(0);
  const { from, to, days } = useMemo(() => {
    const now = new Date();
    const list = Array.from({ length: TIMELINE_DAYS }, (_, i) => shopDayStart(now, zone, offset + i));
    return { from: list[0], to: shopDayStart(now, zone, offset + TIMELINE_DAYS), days: list };
  }, [offset, zone]);
  const timeline = useTimeline(bikeId, from, to);
  return (
    <Card
      className="fleet-card"
      title={<h2 className="fleet-card-title">{t('fleet.timeline.title')}</h2>}
      extra={
        <Space wrap>
          <Button icon={<LeftOutlined {...decorativeIcon} />} onClick={() => setOffset((o) => o - 7)}>
            {t('fleet.timeline.earlier')}
          </Button>
          <Button onClick={() => setOffset(0)} disabled={offset === 0}>
            {t('fleet.timeline.today')}
          </Button>
          <Button onClick={() => setOffset((o) => o + 7)}>
            {t('fleet.timeline.later')} <RightOutlined {...decorativeIcon} />
          </Button>
        </Space>
      }
    >
      {timeline.isError ? (
        <LoadError title={t('fleet.timeline.loadError')} description={timeline.error.message} onRetry={() => timeline.refetch()} />
      ) : timeline.data ? (
        timeline.data.units.length === 0 ? (
          <Empty description={t('fleet.timeline.noUnits')} />
        ) : (
          <FleetTimeline timeline={timeline.data} days={days} />
        )
      ) : (
        <Skeleton active paragraph={{ rows: 4 }} />
      )}
    </Card>
  );
}

/** /dashboard/fleet and /dashboard/fleet/:id (admin): a bike's units, their maintenance, and the availability timeline. */
export default function FleetPage() {
  const t = useT();
  const locale = useLocale();
  const rate = (amount: number, currency: string, per: 'hour' | 'day' | 'week') => t('fleet.rate', { price: formatMoney(amount, currency, locale), per });
  const { id = '' } = useParams();
  const navigate = useNavigate();
  const pickerId = useId();
  const bike = useBike(id);
  const name = bike.data?.name;
  return (
    <>
      <PageHeading
        title={name ? t('fleet.page.titleOf', { name }) : t('fleet.page.title')}
        lead={
          bike.data
            ? [
                bike.data.totalUnits === null || bike.data.totalUnits === undefined
                  ? t('fleet.page.stockUnknown', { free: bike.data.quantity })
                  : t('fleet.page.stock', { free: bike.data.quantity, total: bike.data.totalUnits }),
                rate(bike.data.pricePerHour, bike.data.currency, 'hour'),
                bike.data.pricePerDay ? rate(bike.data.pricePerDay, bike.data.currency, 'day') : null,
                bike.data.pricePerWeek ? rate(bike.data.pricePerWeek, bike.data.currency, 'week') : null,
              ]
                .filter(Boolean)
                .join(' · ')
            : t('fleet.page.pick')
        }
        extra={
          <span className="fleet-actions">
            <ButtonLink type="primary" to={id ? `/dashboard/counter?bike=${encodeURIComponent(id)}` : '/dashboard/counter'} icon={<ShopOutlined {...decorativeIcon} />}>
              {t('fleet.counterSale')}
            </ButtonLink>
            {id ? (
              <Button href={labelSheetUrl(id)} target="_blank" rel="noreferrer" icon={<QrcodeOutlined {...decorativeIcon} />}>
                {t('fleet.page.labelsOfBike')}
              </Button>
            ) : null}
            <Button href={labelSheetUrl()} target="_blank" rel="noreferrer" icon={<QrcodeOutlined {...decorativeIcon} />}>
              {t('fleet.page.labelsOfFleet')}
            </Button>
          </span>
        }
      />
      <Card className="fleet-card">
        <Form layout="vertical" component="div">
          <Form.Item label={t('fleet.bike')} htmlFor={pickerId} style={{ marginBottom: 0 }}>
            <BikePicker id={pickerId} value={id || undefined} onChange={(next) => navigate(`/dashboard/fleet/${encodeURIComponent(next)}`)} />
          </Form.Item>
        </Form>
      </Card>
      {id ? (
        bike.isError ? (
          <Alert type="error" showIcon title={t('fleet.page.bikeError')} description={bike.error.message} />
        ) : (
          <>
            <TimelineCard bikeId={id} />
            <UnitsCard bikeId={id} />
          </>
        )
      ) : null}
    </>
  );
}
