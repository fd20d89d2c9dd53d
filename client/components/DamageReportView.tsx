import { Tag } from 'antd';
import { StatusTag, type StatusTone } from './StatusTag.js';
import type { DamageReport, UnitCondition } from '../api/counter.js';
import { useLocale, useT, type MessageId } from '../app/i18n.js';
import { formatMoney } from '../lib/money.js';
import { DateTime } from './DateTime.js';
import './damage-report.css';

type Translate = ReturnType<typeof useT>;

const SEVERITY_TONE: Record<string, StatusTone> = { minor: 'info', moderate: 'warning', severe: 'danger' };
const PART_ORDER = ['frame', 'wheels', 'brakes', 'lights', 'lock', 'battery'];
const partRank = (part: string) => (PART_ORDER.includes(part) ? PART_ORDER.indexOf(part) : PART_ORDER.length);

const PART_LABEL: Record<string, MessageId> = {
  frame: 'fleet.part.frame',
  wheels: 'fleet.part.wheels',
  brakes: 'fleet.part.brakes',
  lights: 'fleet.part.lights',
  lock: 'fleet.part.lock',
  battery: 'fleet.part.battery',
};
const SEVERITY_LABEL: Record<string, MessageId> = { minor: 'fleet.severity.minor', moderate: 'fleet.severity.moderate', severe: 'fleet.severity.severe' };
const STATE_LABEL: Record<string, MessageId> = {
  ok: 'fleet.check.ok',
  worn: 'fleet.check.worn',
  damaged: 'fleet.check.damaged',
  missing: 'fleet.check.missing',
  na: 'fleet.check.na',
};

/** A checklist part in the page's language ('frame' -> 'Rahmen'); a part staff typed themselves stays as typed. */
export const partName = (part: string, t: Translate): string => (Object.hasOwn(PART_LABEL, part) ? t(PART_LABEL[part]) : part);
/** A damage's severity in the page's language ('minor' -> 'leicht'). */
export const severityName = (severity: string, t: Translate): string => (Object.hasOwn(SEVERITY_LABEL, severity) ? t(SEVERITY_LABEL[severity]) : severity);
/** A checklist state in the page's language ('worn' -> 'Abgenutzt'). */
export const checkStateName = (state: string, t: Translate): string => (Object.hasOwn(STATE_LABEL, state) ? t(STATE_LABEL[state]) : state);

/** A damage report: items with severity and cost, notes, photos, what was kept of the deposit (staff and customer). */
export function DamageReportView({ report }: { report: DamageReport }) {
  const t = useT();
  const locale = useLocale();
  return (
    <div className="damage-report">
      <p className="damage-report-head">
        <strong>{report.unitLabel ? t('fleet.damage.onUnit', { unit: report.unitLabel }) : t('fleet.damage.onBike')}</strong> · <DateTime value={report.createdAt} />
        {report.severe ? (
          <StatusTag tone="danger" className="damage-severe-tag">
            {t('fleet.damage.severe')}
          </StatusTag>
        ) : null}
      </p>
      <ul className="damage-items">
        {report.items.map((item, i) => (
          <li key={i}>
            <StatusTag tone={SEVERITY_TONE[item.severity] ?? 'info'}>{severityName(item.severity, t)}</StatusTag> {partName(item.part, t)}
            {item.description ? `: ${item.description}` : ''} · {formatMoney(item.cost, report.currency, locale)}
          </li>
        ))}
      </ul>
      {report.notes ? <p className="damage-notes">{report.notes}</p> : null}
      {report.depositKept !== null ? <p>{t('fleet.damage.kept', { amount: formatMoney(report.depositKept, report.currency, locale) })}</p> : null}
      <PhotoStrip photos={report.photos} />
    </div>
  );
}

export function PhotoStrip({ photos }: { photos: DamageReport['photos'] }) {
  const t = useT();
  if (!photos.length) return null;
  return (
    <div className="photo-strip">
      {photos.map((p, i) => (
        <a key={p._id} href={p.url} target="_blank" rel="noreferrer">
          <img src={p.url} width={p.width} height={p.height} alt={t('fleet.damage.photo', { n: i + 1 })} loading="lazy" />
        </a>
      ))}
    </div>
  );
}

/** A unit's check-in condition: the checklist and notes. */
export function ConditionView({ condition }: { condition: UnitCondition }) {
  const t = useT();
  // In the order staff check them (the database keeps an object's keys in its own order).
  const list = Object.entries(condition.checklist as Record<string, string>).sort(([a], [b]) => partRank(a) - partRank(b));
  return (
    <div className="condition-view">
      <p>
        <strong>{t(condition.stage === 'check_in' ? 'fleet.condition.returned' : 'fleet.condition.handedOver', { unit: condition.unitLabel })}</strong> ·{' '}
        <DateTime value={condition.createdAt} />
      </p>
      {list.length ? (
        <p className="condition-list">
          {list.map(([part, state]) => (
            state === 'na' ? (
              <Tag key={part}>
                {partName(part, t)}: {checkStateName(state, t)}
              </Tag>
            ) : (
              <StatusTag key={part} tone={state === 'ok' ? 'success' : 'warning'}>
                {partName(part, t)}: {checkStateName(state, t)}
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
