import { Tag } from 'antd';
import { StatusTag, type StatusTone } from './StatusTag.js';
import type { DamageReport, UnitCondition } from '../api/counter.js';
import { formatMoney } from '../lib/money.js';
import { DateTime } from './DateTime.js';
import './damage-report.css';

const SEVERITY_TONE: Record<string, StatusTone> = { minor: 'info', moderate: 'warning', severe: 'danger' };
const PART_ORDER = ['frame', 'wheels', 'brakes', 'lights', 'lock', 'battery'];
const partRank = (part: string) => (PART_ORDER.includes(part) ? PART_ORDER.indexOf(part) : PART_ORDER.length);
const STATE_LABEL: Record<string, string> = { ok: 'OK', worn: 'Worn', damaged: 'Damaged', missing: 'Missing', na: 'n/a' };

/** A damage report: items with severity and cost, notes, photos, what was kept of the deposit (staff and customer). */
export function DamageReportView({ report }: { report: DamageReport }) {
  return (
    <div className="damage-report">
      <p className="damage-report-head">
        <strong>Damage on {report.unitLabel || 'the bike'}</strong> · <DateTime value={report.createdAt} />
        {report.severe ? (
          <StatusTag tone="danger" className="damage-severe-tag">
            Severe: in maintenance
          </StatusTag>
        ) : null}
      </p>
      <ul className="damage-items">
        {report.items.map((item, i) => (
          <li key={i}>
            <StatusTag tone={SEVERITY_TONE[item.severity] ?? 'info'}>{item.severity}</StatusTag> {item.part}
            {item.description ? `: ${item.description}` : ''} · {formatMoney(item.cost, report.currency)}
          </li>
        ))}
      </ul>
      {report.notes ? <p className="damage-notes">{report.notes}</p> : null}
      {report.depositKept !== null ? <p>Kept from the deposit: {formatMoney(report.depositKept, report.currency)}</p> : null}
      <PhotoStrip photos={report.photos} />
    </div>
  );
}

export function PhotoStrip({ photos }: { photos: DamageReport['photos'] }) {
  if (!photos.length) return null;
  return (
    <div className="photo-strip">
      {photos.map((p, i) => (
        <a key={p._id} href={p.url} target="_blank" rel="noreferrer">
          <img src={p.url} width={p.width} height={p.height} alt={`Condition photo ${i + 1}`} loading="lazy" />
        </a>
      ))}
    </div>
  );
}

/** A unit's check-in condition: the checklist and notes. */
export function ConditionView({ condition }: { condition: UnitCondition }) {
  // In the order staff check them (the database keeps an object's keys in its own order).
  const list = Object.entries(condition.checklist as Record<string, string>).sort(([a], [b]) => partRank(a) - partRank(b));
  return (
    <div className="condition-view">
      <p>
        <strong>{condition.stage === 'check_in' ? 'Returned' : 'Handed over'}: {condition.unitLabel}</strong> · <DateTime value={condition.createdAt} />
      </p>
      {list.length ? (
        <p className="condition-list">
          {list.map(([part, state]) => (
            state === 'na' ? (
              <Tag key={part}>
                {part}: {STATE_LABEL[state] ?? state}
              </Tag>
            ) : (
              <StatusTag key={part} tone={state === 'ok' ? 'success' : 'warning'}>
                {part}: {STATE_LABEL[state] ?? state}
              </StatusTag>
            )
          ))}
        </p>
      ) : null}
      {condition.notes ? <p>{condition.notes}</p> : null}
      <PhotoStrip photos={condition.photos} />
    </div>
  );
}
