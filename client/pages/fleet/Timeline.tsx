import { Popconfirm } from 'antd';
import type { Timeline as TimelineData, TimelineBlock, TimelineUnit } from '../../api/fleet.js';
import { useRemoveMaintenance } from '../../api/fleet.js';
import { useShopTimeZone } from '../../app/app-settings.js';
import { notify } from '../../app/notify.js';
import { formatDateTime } from '../../lib/time.js';

const DAY_LABEL = (at: Date, zone: string) =>
  new Intl.DateTimeFormat('en-US', { timeZone: zone, weekday: 'short', day: 'numeric', month: 'short' }).formatToParts(at);

function blockText(block: TimelineBlock, zone: string): string {
  const when = `${formatDateTime(block.start, zone)} to ${block.end ? formatDateTime(block.end, zone) : 'until returned'}`;
  if (block.kind === 'maintenance') return `Maintenance${block.reason ? ` (${block.reason})` : ''}: ${when}`;
  return `Booking${block.customerName ? ` by ${block.customerName}` : ''}${block.status ? `, ${block.status.replace('_', ' ')}` : ''}: ${when}`;
}

function Block({ unit, block, from, to, zone }: { unit: TimelineUnit; block: TimelineBlock; from: number; to: number; zone: string }) {
  const remove = useRemoveMaintenance();
  const start = Math.max(from, new Date(block.start).getTime());
  const end = Math.min(to, block.end ? new Date(block.end).getTime() : to);
  if (end <= start) return null;
  const left = ((start - from) / (to - from)) * 100;
  const width = Math.max(((end - start) / (to - from)) * 100, 0.8);
  const text = blockText(block, zone);
  const short = block.kind === 'maintenance' ? 'Maintenance' : (block.customerName ?? 'Booked');
  const style = { left: `${left}%`, width: `${width}%` };
  const className = `timeline-block timeline-${block.kind}${block.end ? '' : ' is-open'}${block.status ? ` timeline-status-${block.status}` : ''}`;
  if (block.kind === 'maintenance' && block._id) {
    const blockId = block._id;
    return (
      <Popconfirm
        title="End this maintenance block?"
        description={text}
        okText="Remove block"
        cancelText="Keep"
        onConfirm={() =>
          remove.mutate(
            { unitId: unit._id, blockId },
            { onSuccess: () => notify.success('Maintenance block removed.'), onError: (e) => notify.error(e.message) },
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
  const zone = useShopTimeZone();
  const from = new Date(timeline.from).getTime();
  const to = new Date(timeline.to).getTime();
  const now = Date.now();
  const nowLeft = now > from && now < to ? ((now - from) / (to - from)) * 100 : null;
  return (
    <div className="timeline-scroll" role="region" aria-label="Availability timeline" tabIndex={0}>
      <table className="timeline" style={{ ['--timeline-days' as string]: days.length }}>
        <thead>
          <tr>
            <th scope="col" className="timeline-unit-head">
              Unit
            </th>
            {days.map((day) => {
              const parts = DAY_LABEL(new Date(day), zone);
              const get = (t: string) => parts.find((p) => p.type === t)?.value ?? '';
              return (
                <th scope="col" key={day} className="timeline-day">
                  <span className="timeline-weekday">{get('weekday')}</span> {get('month')} {get('day')}
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
                {unit.status !== 'active' ? <span className={`timeline-unit-status unit-status-${unit.status}`}> {unit.status}</span> : null}
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
                  {unit.blocks.length === 0 ? <span className="visually-hidden">Free for the whole period</span> : null}
                </div>
              </td>
            </tr>
          ))}
        </tbody>
      </table>
      <p className="timeline-legend">
        <span className="timeline-swatch timeline-booking" aria-hidden="true" /> Booking
        <span className="timeline-swatch timeline-maintenance" aria-hidden="true" /> Maintenance (select a block to remove it)
        <span className="timeline-swatch timeline-now-swatch" aria-hidden="true" /> Now
      </p>
    </div>
  );
}
