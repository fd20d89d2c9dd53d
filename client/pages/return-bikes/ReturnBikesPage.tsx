import { CalculatorOutlined } from '@ant-design/icons';
import { Button, Card, Empty, Segmented, Table, theme, type TableColumnsType } from 'antd';
import { useMemo, useState } from 'react';
import { useAllRentals, type Rental } from '../../api/rentals.js';
import { breakAfter } from '../../components/break-after.js';
import { CARD_TABLE_CLASS, cardTableColumns } from '../../components/card-table.js';
import { decorativeIcon } from '../../components/decorative-icon.js';
import { PageHeading } from '../../components/PageHeading.js';
import { DateTime } from '../../components/DateTime.js';
import { useShopTimeZone } from '../../app/app-settings.js';
import { shopDayStart, toZonedInputValue } from '../../lib/time.js';
import { ReturnModal } from './ReturnModal.js';
import { DepositsToSettle } from './DepositsToSettle.js';
import './return-bikes.css';
import { LoadError } from '../../components/LoadError.js';
import { useT, type MessageId } from '../../app/i18n.js';

/** Out on the road (or booked ahead): the booking fee is paid and the bike has not come back yet. */
const isOut = (rental: Rental) => rental.status === 'booked';

type DueState = 'overdue' | 'due' | 'out' | 'upcoming' | 'open';

/**
 * Overdue only when the server says so (past the return time plus the grace period it applies), due today (a
 * return time passed but still inside the grace counts as due, not overdue), out with a later return, not started,
 * or open-ended.
 */
function dueState(rental: Rental, now: number, endOfToday: number): DueState {
  if (rental.overdue) return 'overdue';
  const start = new Date(rental.startTime).getTime();
  if (start > now) return 'upcoming';
  const due = rental.dueAt ?? rental.endTime;
  if (!due) return 'open';
  return new Date(due).getTime() <= endOfToday ? 'due' : 'out';
}

const DUE_LABEL: Record<DueState, MessageId> = {
  overdue: 'desk.return.due.overdue',
  due: 'desk.return.due.due',
  out: 'desk.return.due.out',
  upcoming: 'desk.return.due.upcoming',
  open: 'desk.return.due.open',
};

const DUE_ORDER: Record<DueState, number> = { overdue: 0, due: 1, out: 2, open: 3, upcoming: 4 };

/** The desk's views (issue 20 item 19): what comes back today, what is out now, what is late; 'All' is the spec's list. */
type ReturnGroup = 'all' | 'today' | 'out' | 'overdue';
const GROUPS: { value: ReturnGroup; label: MessageId }[] = [
  { value: 'all', label: 'desk.return.group.all' },
  { value: 'today', label: 'desk.return.group.today' },
  { value: 'out', label: 'desk.return.group.out' },
  { value: 'overdue', label: 'desk.return.group.overdue' },
];
const IN_GROUP: Record<ReturnGroup, (state: DueState) => boolean> = {
  all: () => true,
  today: (state) => state === 'due' || state === 'overdue',
  out: (state) => state !== 'upcoming',
  overdue: (state) => state === 'overdue',
};

function DueCell({ rental, state }: { rental: Rental; state: DueState }) {
  const t = useT();
  const due = rental.dueAt ?? rental.endTime;
  return (
    <div className="return-due">
      <span className={`return-due-tag return-due-${state}`}>{t(DUE_LABEL[state])}</span>
      <span className="return-due-time">{due ? <DateTime value={due} /> : t('desk.return.na')}</span>
    </div>
  );
}

export default function ReturnBikesPage() {
  const t = useT();
  const na = t('desk.return.na');
  const rentals = useAllRentals();
  const { token } = theme.useToken();
  const [returning, setReturning] = useState<{ rental: Rental; initialValue: string } | null>(null);
  const [group, setGroup] = useState<ReturnGroup>('all');
  const zone = useShopTimeZone();
  const { rows: allRows, states, counts } = useMemo(() => {
    const now = Date.now();
    const endOfToday = new Date(shopDayStart(new Date(now), zone, 1)).getTime();
    const states = new Map<string, DueState>();
    const out = (rentals.data ?? []).filter(isOut);
    for (const rental of out) states.set(rental._id, dueState(rental, now, endOfToday));
    const counts = { overdue: 0, due: 0 };
    for (const state of states.values()) if (state === 'overdue' || state === 'due') counts[state] += 1;
    // Overdue first, then due today, then the rest by start time.
    const rows = [...out].sort(
      (a, b) =>
        DUE_ORDER[states.get(a._id) ?? 'out'] - DUE_ORDER[states.get(b._id) ?? 'out'] ||
        new Date(a.startTime).getTime() - new Date(b.startTime).getTime(),
    );
    return { rows, states, counts };
  }, [rentals.data, zone]);

  const rows = allRows.filter((rental) => IN_GROUP[group](states.get(rental._id) ?? 'out'));

  const open = (rental: Rental) => {
    const now = new Date();
    const initialValue = now.getTime() > new Date(rental.startTime).getTime() ? toZonedInputValue(now, zone) : '';
    setReturning({ rental, initialValue });
  };

  const columns: TableColumnsType<Rental> = cardTableColumns<Rental>([
    { title: t('desk.return.bikeName'), key: 'bike', render: (_, rental) => <strong>{rental.bikeId?.name || na}</strong> },
    {
      title: t('desk.return.rentedBy'),
      key: 'user',
      render: (_, rental) => (
        // One wrapper: on phones the cell is a label/value grid, and name and email belong to the value.
        <div>
          <div>{rental.userId?.name || na}</div>
          {rental.userId?.email ? <div style={{ color: token.colorTextSecondary, fontSize: token.fontSizeSM, overflowWrap: 'break-word' }}>{breakAfter(rental.userId.email, '@')}</div> : null}
        </div>
      ),
    },
    { title: t('desk.return.startTime'), key: 'start', render: (_, rental) => <DateTime value={rental.startTime} /> },
    { title: t('desk.return.unit'), key: 'unit', render: (_, rental) => (rental.units && rental.units.length > 0 ? rental.units.map((u) => u.label).join(', ') : na) },
    { title: t('desk.return.due'), key: 'due', render: (_, rental) => <DueCell rental={rental} state={states.get(rental._id) ?? 'out'} /> },
    {
      title: t('desk.return.actions'),
      key: 'actions',
      className: 'return-actions-cell',
      render: (_, rental) => (
        // Spec: 'Calculate & Return' on every row; a booking that has not started is marked 'Not started' beside it
        // and left out of the Today, Out and Overdue views.
        <Button
          type={states.get(rental._id) === 'upcoming' ? 'default' : 'primary'}
          icon={<CalculatorOutlined {...decorativeIcon} />}
          aria-label={rental.bikeId?.name ? t('desk.return.calculateOf', { bike: rental.bikeId.name }) : t('desk.return.calculate')}
          onClick={() => open(rental)}
        >
          {t('desk.return.calculate')}
        </Button>
      ),
    },
  ]);

  return (
    <>
      <PageHeading title={t('desk.return.title')} lead={t('desk.return.lead')} />
      {counts.overdue + counts.due > 0 ? (
        <p className="return-summary" role="status">
          {counts.overdue > 0 ? <span className="return-due-tag return-due-overdue">{t('desk.return.overdueCount', { count: counts.overdue })}</span> : null}
          {counts.due > 0 ? <span className="return-due-tag return-due-due">{t('desk.return.dueCount', { count: counts.due })}</span> : null}
        </p>
      ) : null}
      <Segmented<ReturnGroup>
        className="return-groups"
        options={GROUPS.map((g) => ({ value: g.value, label: t(g.label) }))}
        value={group}
        onChange={setGroup}
        aria-label={t('desk.return.show')}
      />
      <Card>
        {rentals.isError && !rentals.data ? (
          <LoadError title={t('desk.return.loadFailed')} onRetry={() => rentals.refetch()} variant="dashboard" />
        ) : (
          <Table<Rental>
            rowKey="_id"
            columns={columns}
            dataSource={rows}
            loading={rentals.isPending}
            className={`return-table ${CARD_TABLE_CLASS}`}
            rowClassName={(rental) => `return-row-${states.get(rental._id) ?? 'out'}`}
            pagination={rows.length > 10 ? { pageSize: 10, hideOnSinglePage: true, showSizeChanger: false } : false}
            locale={{ emptyText: <Empty description={t('desk.return.none')} styles={{ description: { color: token.colorTextSecondary } }} /> }}
          />
        )}
      </Card>
      <DepositsToSettle rentals={rentals.data ?? []} />
      {returning ? <ReturnModal key={returning.rental._id} {...returning} onClose={() => setReturning(null)} /> : null}
    </>
  );
}
