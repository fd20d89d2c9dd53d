import './availability-calendar.css';
import { LeftOutlined, RightOutlined } from '@ant-design/icons';
import { Button } from 'antd';
import { useQuery } from '@tanstack/react-query';
import { useEffect, useId, useMemo, useRef, useState, type KeyboardEvent } from 'react';
import { useApi } from '../api/api-context.js';
import { bikeCalendarQuery, type BikeCalendar } from '../api/shop.js';
import { LoadError } from './LoadError.js';
import { useLocale, useNumberFormat, useT } from '../app/i18n.js';
import { formatMessage, type Locale } from '../../locales/index.js';

type CalendarDay = BikeCalendar['days'][number];

export interface DayRange {
  /** `YYYY-MM-DD` in the shop's zone. */
  start: string | null;
  end: string | null;
}

const WEEKDAY_NAMES = ['Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat', 'Sun'];
const DAY_MS = 86_400_000;

const addDays = (date: string, n: number) => new Date(Date.parse(`${date}T00:00:00Z`) + n * DAY_MS).toISOString().slice(0, 10);
const monthOf = (date: string) => date.slice(0, 7);
const addMonths = (month: string, n: number) => {
  const [y, m] = month.split('-').map(Number);
  const d = new Date(Date.UTC(y, m - 1 + n, 1));
  return d.toISOString().slice(0, 7);
};
const lastDayOf = (month: string) => addDays(`${addMonths(month, 1)}-01`, -1);
const weekdayOf = (date: string) => (new Date(`${date}T00:00:00Z`).getUTCDay() + 6) % 7;
/** English reads dates the British way ('Friday 27 November 2026'); other languages their own (Bangla digits in bn). */
const dateLocale = (locale: Locale) => (locale === 'en' ? 'en-GB' : locale);
const longDate = (date: string, locale: Locale = 'en') =>
  new Intl.DateTimeFormat(dateLocale(locale), { timeZone: 'UTC', weekday: 'long', day: 'numeric', month: 'long', year: 'numeric' }).format(new Date(`${date}T00:00:00Z`));
const monthTitle = (month: string, locale: Locale) =>
  new Intl.DateTimeFormat(dateLocale(locale), { timeZone: 'UTC', month: 'long', year: 'numeric' }).format(new Date(`${month}-01T00:00:00Z`));
/** Monday first; English keeps its three letters, other languages take Intl's short names. */
const weekdayNames = (locale: Locale): string[] =>
  locale === 'en'
    ? WEEKDAY_NAMES
    : WEEKDAY_NAMES.map((_, i) => new Intl.DateTimeFormat(locale, { timeZone: 'UTC', weekday: 'short' }).format(new Date(Date.UTC(2024, 0, 1 + i))));

/** What a day is called to a screen reader: 'Friday 27 November 2026, 3 of 5 bikes free'. */
export function dayName(day: CalendarDay, totalUnits: number, quantity: number, locale: Locale = 'en'): string {
  const date = longDate(day.date, locale);
  switch (day.status) {
    case 'closed':
      return formatMessage(locale, 'cal.dayClosed', { date });
    case 'booked':
      return formatMessage(locale, 'cal.dayBooked', { date });
    case 'partial':
      return formatMessage(locale, 'cal.dayPartial', { date, count: quantity });
    default:
      return formatMessage(locale, 'cal.dayFree', { date, free: day.freeUnits, total: totalUnits });
  }
}

/**
 * A month of a bike's availability for `quantity` units, per day in the shop's zone (GET /api/bikes/{id}/calendar):
 * free, free at some times, fully booked or closed. The days form one keyboard grid (arrows, Home/End, PageUp/
 * PageDown; Enter or Space picks): the first pick is the pick-up day, the second the return day. A live region says
 * what was picked; the days are read as "Friday 27 November 2026, 3 of 5 bikes free".
 */
export function AvailabilityCalendar({
  bikeId,
  quantity,
  today,
  value,
  onChange,
}: {
  bikeId: string;
  quantity: number;
  /** Today in the shop's zone, `YYYY-MM-DD`. */
  today: string;
  value: DayRange;
  onChange(range: DayRange): void;
}) {
  const api = useApi();
  const locale = useLocale();
  const t = useT();
  // The day's number in the language's digits, as its name says it (Bangla '১২'): the label stays in the name.
  const dayNumber = useNumberFormat();
  const [month, setMonth] = useState(monthOf(value.start ?? today));
  const [focused, setFocused] = useState(value.start ?? today);
  const [announcement, setAnnouncement] = useState('');
  const gridRef = useRef<HTMLDivElement>(null);
  const moved = useRef(false);
  const titleId = useId();
  const from = `${month}-01`;
  const to = lastDayOf(month);
  const calendar = useQuery(bikeCalendarQuery(api, bikeId, from, to, quantity));
  const days = useMemo(() => new Map((calendar.data?.days ?? []).map((d) => [d.date, d])), [calendar.data]);
  const totalUnits = calendar.data?.totalUnits ?? 0;

  // Keyboard focus follows the focused day when it moved by key (not on the first render).
  useEffect(() => {
    if (!moved.current) return;
    const cell = gridRef.current?.querySelector<HTMLButtonElement>(`[data-date="${focused}"]`);
    if (!cell) return;
    cell.focus();
    // Once: a later refetch (another quantity) must not take focus from the field the customer is in.
    moved.current = false;
  }, [focused, month]);

  const moveTo = (date: string) => {
    if (date < `${monthOf(today)}-01`) return;
    moved.current = true;
    if (monthOf(date) !== month) setMonth(monthOf(date));
    setFocused(date);
  };

  const pick = (day: CalendarDay) => {
    if (day.status === 'booked' || day.status === 'closed') {
      setAnnouncement(t('cal.cannotBook', { date: longDate(day.date, locale), reason: day.status }));
      return;
    }
    if (!value.start || value.end || day.date < value.start) {
      onChange({ start: day.date, end: null });
      setAnnouncement(t('cal.pickedStart', { date: longDate(day.date, locale) }));
    } else {
      onChange({ start: value.start, end: day.date });
      setAnnouncement(t('cal.pickedEnd', { date: longDate(day.date, locale) }));
    }
  };

  const onKeyDown = (e: KeyboardEvent<HTMLButtonElement>, date: string) => {
    const steps: Record<string, () => string> = {
      ArrowLeft: () => addDays(date, -1),
      ArrowRight: () => addDays(date, 1),
      ArrowUp: () => addDays(date, -7),
      ArrowDown: () => addDays(date, 7),
      Home: () => addDays(date, -weekdayOf(date)),
      End: () => addDays(date, 6 - weekdayOf(date)),
      PageUp: () => addDays(date, -28),
      PageDown: () => addDays(date, 28),
    };
    const step = steps[e.key];
    if (!step) return;
    e.preventDefault();
    moveTo(step());
  };

  const cells: (string | null)[] = [];
  for (let i = 0; i < weekdayOf(from); i++) cells.push(null);
  for (let d = from; d <= to; d = addDays(d, 1)) cells.push(d);
  while (cells.length % 7) cells.push(null);
  const weeks: (string | null)[][] = [];
  for (let i = 0; i < cells.length; i += 7) weeks.push(cells.slice(i, i + 7));
  const tabStop = monthOf(focused) === month && focused >= from && focused <= to ? focused : (cells.find((c) => c && c >= today) ?? from);
  const inRange = (date: string) => Boolean(value.start && value.end && date > value.start && date < value.end);

  return (
    <div className="okb-cal">
      <div className="okb-cal-head">
        <Button
          type="text"
          icon={<LeftOutlined aria-hidden="true" />}
          aria-label={t('cal.previousMonth')}
          disabled={month <= monthOf(today)}
          onClick={() => setMonth(addMonths(month, -1))}
        />
        <h3 id={titleId} aria-live="polite">
          {monthTitle(month, locale)}
        </h3>
        <Button type="text" icon={<RightOutlined aria-hidden="true" />} aria-label={t('cal.nextMonth')} onClick={() => setMonth(addMonths(month, 1))} />
      </div>
      {calendar.isError ? (
        <LoadError title={t('cal.loadError')} onRetry={() => calendar.refetch()} retrying={calendar.isFetching} variant="inline" />
      ) : (
        <div ref={gridRef} role="grid" aria-labelledby={titleId} className="okb-cal-grid">
          <div role="row">
            {weekdayNames(locale).map((w) => (
              <div role="columnheader" key={w} className="okb-cal-weekday">
                <abbr title={w}>{w}</abbr>
              </div>
            ))}
          </div>
          {weeks.map((week, i) => (
            <div role="row" key={i}>
              {week.map((date, j) => {
                if (!date) return <div role="gridcell" key={`${i}-${j}`} className="okb-cal-day" data-outside="true" />;
                // While a month loads its days stay in place (focus is never lost), read as being checked.
                const day: CalendarDay = days.get(date) ?? { date, status: 'booked', freeUnits: 0 };
                const loading = !days.has(date);
                const selected = date === value.start || date === value.end;
                return (
                  <div role="gridcell" key={date} aria-selected={selected}>
                    <button
                      type="button"
                      className="okb-cal-day"
                      data-date={date}
                      data-status={loading ? 'loading' : day.status}
                      data-in-range={inRange(date)}
                      data-selected={selected}
                      aria-disabled={loading || day.status === 'booked' || day.status === 'closed'}
                      aria-label={loading ? t('cal.dayChecking', { date: longDate(date, locale) }) : dayName(day, totalUnits, quantity, locale)}
                      tabIndex={date === tabStop ? 0 : -1}
                      onClick={() => (loading ? setAnnouncement(t('cal.checking')) : pick(day))}
                      onFocus={() => setFocused(date)}
                      onKeyDown={(e) => onKeyDown(e, date)}
                    >
                      {/* The day's number is its visible text (part of its name, WCAG 2.5.3); its state shows as a pattern. */}
                      {dayNumber(Number(date.slice(8)))}
                    </button>
                  </div>
                );
              })}
            </div>
          ))}
        </div>
      )}
      <div className="okb-cal-legend" aria-hidden="true">
        <span data-status="free">{t('cal.free')}</span>
        <span data-status="partial">{t('cal.partial')}</span>
        <span data-status="booked">{t('cal.booked')}</span>
        <span data-status="closed">{t('cal.closed')}</span>
      </div>
      <div className="visually-hidden" role="status" aria-live="polite">
        {announcement}
      </div>
    </div>
  );
}
