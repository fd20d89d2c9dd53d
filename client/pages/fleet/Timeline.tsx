import { Popconfirm } from 'antd';
import { useMemo } from 'react';
import type { Timeline as TimelineData, TimelineBlock, TimelineUnit } from '../../api/fleet.js';
import { useRemoveMaintenance } from '../../api/fleet.js';
import { useShopTimeZone } from '../../app/app-settings.js';
import { useLocale, useT, type Locale } from '../../app/i18n.js';
import { notify } from '../../app/notify.js';
import { formatDateTime } from '../../lib/time.js';
import { rentalStateName, unitStatusName } from './fleet-words.js';

type Translate = ReturnType<typeof useT>;

/**
 * The days' column heads in the page's language: the weekday, then the day and month as the language orders them
 * ('Thu' 'Nov 26'; 'Do.' '26. Nov.').
 */
function dayFormats(zone: string, locale: Locale) {
  const tag = locale === 'en' ? 'en-US' : locale;
  return {
    weekday: new Intl.DateTimeFormat(tag, { timeZone: zone, weekday: 'short' }),
    date: new Intl.DateTimeFormat(tag, { timeZone: zone, day: 'numeric', month: 'short' }),
  };
}

function blockText(block: TimelineBlock, zone: string, t: Translate, locale: Locale): string {
  const when = t('fleet.timeline.when', {
    start: formatDateTime(block.start, zone, locale),
    end: block.end ? formatDateTime(block.end, zone, locale) : t('fleet.timeline.untilReturned'),
  });
  if (block.kind === 'maintenance') return block.reason ? t('fleet.timeline.maintenanceFor', { reason: block.reason, when }) : t('fleet.timeline.maintenance', { when });
  const name = block.customerName;
  const state = block.status ? rentalStateName(block.status, t) : null;
  if (name && state) return t('fleet.timeline.bookingByState', { name, state, when });
  if (name) return t('fleet.timeline.bookingBy', { name, when });
  if (state) return t('fleet.timeline.bookingState', { state, when });
  return t('fleet.timeline.booking', { when });
}

function Block({ unit, block, from, to, zone }: { unit: TimelineUnit; block: TimelineBlock; from: number; to: number; zone: string }) {
  const t = useT();
  const locale = useLocale();
  const remove = useRemoveMaintenance();
  const start = Math.max(from, new Date(block.start).getTime());
  const end = Math.min(to, block.end ? new Date(block.end).getTime() : to);
  if (end <= start) return null;
  const left = ((start - from) / (to - from)) * 100;
  const width = Math.max(((end - start) / (to - from)) * 100, 0.8);
  const text = blockText(block, zone, t, locale);
  const short = block.kind === 'maintenance' ? t('fleet.maintenance') : (block.customerName ?? t('fleet.timeline.booked'));
  const style = { left: `${left}%`, width: `${width}%` };
  const className = `timeline-block timeline-${block.kind}${block.end ? '' : ' is-open'}${block.status ? ` timeline-status-${block.status}` : ''}`;
  if (block.kind === 'maintenance' && block._id) {
    const blockId = block._id;
    return (
      <Popconfirm
        title={t('fleet.timeline.endBlock')}
        description={text}
        okText={t('fleet.timeline.removeBlock')}
        cancelText={t('fleet.timeline.keep')}
        onConfirm={() =>
          remove.mutate(
            { unitId: unit._id, blockId },
            { onSuccess: () => notify.success(t('fleet.timeline.removed')), onError: (e) => notify.error(e.message) },
          )
        }
      >
        <button type="button" className={className} style={style} title={text} aria-label={`${unit.label}: ${text}`}>
          <span aria-hidden="true">{short}</span>
        </button>
      </Popconfirm>
    );
  }
  return (
    <span className={className} style={style} title={text} role="img" aria-label={`${unit.label}: ${text}`}>
      <span aria-hidden="true">{short}</span>
    </span>
  );
}

/** Units x days: each unit's bookings and maintenance blocks over the window, in the shop's time zone. */
export function FleetTimeline({ timeline, days }: { timeline: TimelineData; days: string[] }) {
  const t = useT();
  const locale = useLocale();
  const zone = useShopTimeZone();
  const formats = useMemo(() => dayFormats(zone, locale), [zone, locale]);
  const from = new Date(timeline.from).getTime();
  const to = new Date(timeline.to).getTime();
  const now = Date.now();
  const nowLeft = now > from && now < to ? ((now - from) / (to - from)) * 100 : null;
  return (
    <div className="timeline-scroll" role="region" aria-label={t('fleet.timeline.title')} tabIndex={0}>
      <table className="timeline" style={{ ['--timeline-days' as string]: days.length }}>
        <thead>
          <tr>
            <th scope="col" className="timeline-unit-head">
              {t('fleet.timeline.unit')}
            </th>
            {days.map((day) => {
              const at = new Date(day);
              return (
                <th scope="col" key={day} className="timeline-day">
                  <span className="timeline-weekday">{formats.weekday.format(at)}</span> {formats.date.format(at)}
                </th>
              );
            })}
          </tr>
        </thead>
        <tbody>
          {timeline.units.map((unit) => (
            <tr key={unit._id}>
              <th scope="row" className="timeline-unit">
                {unit.label}
                {unit.status !== 'active' ? <span className={`timeline-unit-status unit-status-${unit.status}`}> {unitStatusName(unit.status, t)}</span> : null}
              </th>
              <td colSpan={days.length} className="timeline-track-cell">
                <div className="timeline-track">
                  {days.map((day) => (
                    <span key={day} className="timeline-gridline" aria-hidden="true" />
                  ))}
                  {nowLeft !== null ? <span className="timeline-now" style={{ left: `${nowLeft}%` }} aria-hidden="true" /> : null}
                  {unit.blocks.map((block, index) => (
                    <Block key={index} unit={unit} block={block} from={from} to={to} zone={zone} />
                  ))}
                  {unit.blocks.length === 0 ? <span className="visually-hidden">{t('fleet.timeline.free')}</span> : null}
                </div>
              </td>
            </tr>
          ))}
        </tbody>
      </table>
      <p className="timeline-legend">
        <span className="timeline-swatch timeline-booking" aria-hidden="true" /> {t('fleet.timeline.legendBooking')}
        <span className="timeline-swatch timeline-maintenance" aria-hidden="true" /> {t('fleet.timeline.legendMaintenance')}
        <span className="timeline-swatch timeline-now-swatch" aria-hidden="true" /> {t('fleet.timeline.now')}
      </p>
    </div>
  );
}
