import { LeftOutlined, PlusOutlined, QrcodeOutlined, RightOutlined, ShopOutlined, ToolOutlined } from '@ant-design/icons';
import { Alert, Button, Card, Empty, Form, Input, Modal, Select, Skeleton, Space, Table, type TableColumnsType } from 'antd';
import { useId, useMemo, useState } from 'react';
import { useNavigate, useParams } from 'react-router-dom';
import { useBike } from '../../api/bikes.js';
import { labelSheetUrl } from '../../api/counter.js';
import { useAddMaintenance, useAddUnit, useTimeline, useUnits, useUpdateUnit, type Unit, type UnitStatus } from '../../api/fleet.js';
import { isApiError } from '../../api/http.js';
import { useShopTimeZone } from '../../app/app-settings.js';
import { notify } from '../../app/notify.js';
import { ButtonLink } from '../../components/ButtonLink.js';
import { DateTime } from '../../components/DateTime.js';
import { decorativeIcon } from '../../components/decorative-icon.js';
import { PageHeading } from '../../components/PageHeading.js';
import { formatRate } from '../../lib/money.js';
import { shopDayStart, toZonedInputValue, zonedInputToIso } from '../../lib/time.js';
import { BikePicker } from './BikePicker.js';
import { FleetTimeline } from './Timeline.js';
import './fleet.css';
import { LoadError } from '../../components/LoadError.js';

const TIMELINE_DAYS = 14;
const STATUS_OPTIONS: { value: UnitStatus; label: string }[] = [
  { value: 'active', label: 'Active' },
  { value: 'maintenance', label: 'Maintenance' },
  { value: 'retired', label: 'Retired' },
];

const problemText = (error: unknown, fallback: string) => (isApiError(error) && error.kind === 'http' ? error.message : fallback);

/** Put a unit into maintenance for a period (409 when a booking holds it then). */
function MaintenanceDialog({ unit, onClose }: { unit: Unit; onClose(): void }) {
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
    if (!startIso || !endIso || new Date(endIso) <= new Date(startIso)) return setProblem('The end must be after the start.');
    if (!reason.trim()) return setProblem('Say why the unit is in maintenance.');
    setProblem(null);
    add.mutate(
      { unitId: unit._id, start: startIso, end: endIso, reason: reason.trim() },
      {
        onSuccess: () => {
          notify.success(`${unit.label} is in maintenance for that period.`);
          onClose();
        },
        onError: (error) =>
          setProblem(isApiError(error) && error.status === 409 ? 'A booking holds this unit in that period. Pick another period or unit.' : problemText(error, 'The block could not be saved.')),
      },
    );
  };
  return (
    <Modal open title={`Maintenance for ${unit.label}`} okText="Save maintenance" onOk={submit} onCancel={onClose} confirmLoading={add.isPending} destroyOnHidden>
      <Form layout="vertical" component="div">
        <Form.Item label="From" htmlFor={startId}>
          <Input id={startId} type="datetime-local" value={start} onChange={(e) => setStart(e.target.value)} />
        </Form.Item>
        <Form.Item label="Until" htmlFor={endId}>
          <Input id={endId} type="datetime-local" value={end} min={start} onChange={(e) => setEnd(e.target.value)} />
        </Form.Item>
        <Form.Item label="Reason" htmlFor={reasonId}>
          <Input id={reasonId} value={reason} maxLength={200} onChange={(e) => setReason(e.target.value)} placeholder="Brake service" />
        </Form.Item>
      </Form>
      {problem ? <Alert type="error" showIcon role="alert" title={problem} /> : null}
    </Modal>
  );
}

function AddUnitForm({ bikeId }: { bikeId: string }) {
  const [label, setLabel] = useState('');
  const [notes, setNotes] = useState('');
  const add = useAddUnit();
  const labelId = useId();
  const notesId = useId();
  const submit = () => {
    if (!label.trim()) return notify.error('Give the unit a label or frame number.');
    add.mutate(
      { bikeId, label: label.trim(), ...(notes.trim() ? { notes: notes.trim() } : {}) },
      {
        onSuccess: (unit) => {
          notify.success(`Unit ${unit.label} added.`);
          setLabel('');
          setNotes('');
        },
        onError: (error) => notify.error(problemText(error, 'The unit could not be added.')),
      },
    );
  };
  return (
    <Form layout="vertical" className="fleet-add-unit" onFinish={submit} aria-label="Add a unit">
      <Form.Item label="Label or frame number" htmlFor={labelId}>
        <Input id={labelId} value={label} maxLength={60} onChange={(e) => setLabel(e.target.value)} />
      </Form.Item>
      <Form.Item label="Notes" htmlFor={notesId}>
        <Input id={notesId} value={notes} maxLength={200} onChange={(e) => setNotes(e.target.value)} />
      </Form.Item>
      <Form.Item label={<span className="visually-hidden">Add</span>}>
        <Button htmlType="submit" type="primary" icon={<PlusOutlined {...decorativeIcon} />} loading={add.isPending}>
          Add unit
        </Button>
      </Form.Item>
    </Form>
  );
}

function UnitsCard({ bikeId }: { bikeId: string }) {
  const units = useUnits(bikeId);
  const update = useUpdateUnit();
  const [maintaining, setMaintaining] = useState<Unit | null>(null);
  const columns: TableColumnsType<Unit> = [
    { title: 'Label', dataIndex: 'label', render: (label: string) => <strong>{label}</strong> },
    {
      title: 'Status',
      key: 'status',
      render: (_, unit) => (
        <Select<UnitStatus>
          aria-label={`Status of ${unit.label}`}
          value={unit.status}
          options={STATUS_OPTIONS}
          style={{ minWidth: 140 }}
          onChange={(status) =>
            update.mutate(
              { unitId: unit._id, status },
              {
                onSuccess: () => notify.success(`${unit.label} is now ${status}.`),
                onError: (error) => notify.error(problemText(error, 'The status could not be changed.')),
              },
            )
          }
        />
      ),
    },
    { title: 'Notes', dataIndex: 'notes', render: (notes: string | null) => notes || <span className="admin-muted">N/A</span> },
    { title: 'Added', dataIndex: 'createdAt', render: (at: string) => <DateTime value={at} dateOnly /> },
    {
      title: 'Actions',
      key: 'actions',
      render: (_, unit) => (
        <Button icon={<ToolOutlined {...decorativeIcon} />} onClick={() => setMaintaining(unit)} disabled={unit.status === 'retired'} aria-label={`Schedule maintenance for ${unit.label}`}>
          Maintenance
        </Button>
      ),
    },
  ];
  return (
    <Card title={<h2 className="fleet-card-title">Units</h2>} className="fleet-card">
      {units.isError ? (
        <LoadError title="The units could not be loaded." description={units.error.message} onRetry={() => units.refetch()} />
      ) : (
        <Table<Unit>
          rowKey="_id"
          className="fleet-units"
          columns={columns}
          dataSource={units.data ?? []}
          loading={units.isPending}
          pagination={false}
          locale={{ emptyText: <Empty description="No units yet. Add the first one below." /> }}
        />
      )}
      <AddUnitForm bikeId={bikeId} />
      {maintaining ? <MaintenanceDialog key={maintaining._id} unit={maintaining} onClose={() => setMaintaining(null)} /> : null}
    </Card>
  );
}

function TimelineCard({ bikeId }: { bikeId: string }) {
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
      title={<h2 className="fleet-card-title">Availability timeline</h2>}
      extra={
        <Space wrap>
          <Button icon={<LeftOutlined {...decorativeIcon} />} onClick={() => setOffset((o) => o - 7)}>
            Earlier
          </Button>
          <Button onClick={() => setOffset(0)} disabled={offset === 0}>
            Today
          </Button>
          <Button onClick={() => setOffset((o) => o + 7)}>
            Later <RightOutlined {...decorativeIcon} />
          </Button>
        </Space>
      }
    >
      {timeline.isError ? (
        <LoadError title="The timeline could not be loaded." description={timeline.error.message} onRetry={() => timeline.refetch()} />
      ) : timeline.data ? (
        timeline.data.units.length === 0 ? (
          <Empty description="This bike has no units yet." />
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
  const { id = '' } = useParams();
  const navigate = useNavigate();
  const pickerId = useId();
  const bike = useBike(id);
  const name = bike.data?.name;
  return (
    <>
      <PageHeading
        title={name ? `Fleet: ${name}` : 'Fleet'}
        lead={
          bike.data
            ? `${bike.data.quantity} free now of ${bike.data.totalUnits ?? '?'} active units · ${[
                formatRate(bike.data.pricePerHour, bike.data.currency, 'hour'),
                bike.data.pricePerDay ? formatRate(bike.data.pricePerDay, bike.data.currency, 'day') : null,
                bike.data.pricePerWeek ? formatRate(bike.data.pricePerWeek, bike.data.currency, 'week') : null,
              ]
                .filter(Boolean)
                .join(' · ')}`
            : 'Pick a bike to see its units, put one into maintenance and read its bookings day by day.'
        }
        extra={
          <span className="fleet-actions">
            <ButtonLink type="primary" to={id ? `/dashboard/counter?bike=${encodeURIComponent(id)}` : '/dashboard/counter'} icon={<ShopOutlined {...decorativeIcon} />}>
              Counter sale
            </ButtonLink>
            {id ? (
              <Button href={labelSheetUrl(id)} target="_blank" rel="noreferrer" icon={<QrcodeOutlined {...decorativeIcon} />}>
                QR labels of this bike
              </Button>
            ) : null}
            <Button href={labelSheetUrl()} target="_blank" rel="noreferrer" icon={<QrcodeOutlined {...decorativeIcon} />}>
              QR labels of the fleet
            </Button>
          </span>
        }
      />
      <Card className="fleet-card">
        <Form layout="vertical" component="div">
          <Form.Item label="Bike" htmlFor={pickerId} style={{ marginBottom: 0 }}>
            <BikePicker id={pickerId} value={id || undefined} onChange={(next) => navigate(`/dashboard/fleet/${encodeURIComponent(next)}`)} />
          </Form.Item>
        </Form>
      </Card>
      {id ? (
        bike.isError ? (
          <Alert type="error" showIcon title="This bike could not be loaded." description={bike.error.message} />
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
