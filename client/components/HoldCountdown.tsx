import { ClockCircleOutlined } from '@ant-design/icons';
import { useEffect, useRef, useState } from 'react';
import { useHydrated } from '../app/use-hydrated.js';
import { formatRemaining, holdAnnouncement } from '../lib/hold-countdown.js';
import { decorativeIcon } from './decorative-icon.js';
import './hold-countdown.css';
import { useLocale, useT } from '../app/i18n.js';

/**
 * How long an unpaid booking still holds its units (issue 26): a live mm:ss clock (role timer, which screen readers
 * do not read out on every tick) and a polite status line that changes only at the start, at 10, 5 and 1 minutes
 * left and at the end (client/lib/hold-countdown.ts). Nothing on the server render: the clock is the browser's.
 */
export function HoldCountdown({ until, onEnd }: { until: string | null | undefined; onEnd?: () => void }) {
  const hydrated = useHydrated();
  const t = useT();
  const locale = useLocale();
  const end = until ? Date.parse(until) : NaN;
  const [now, setNow] = useState(() => Date.now());
  const first = useRef<number | null>(null);
  useEffect(() => {
    if (!Number.isFinite(end)) return;
    const timer = window.setInterval(() => setNow(Date.now()), 1000);
    return () => window.clearInterval(timer);
  }, [end]);
  const left = end - now;
  const ended = Number.isFinite(end) && left <= 0;
  useEffect(() => {
    if (ended) onEnd?.();
  }, [ended, onEnd]);
  if (!hydrated || !Number.isFinite(end)) return null;
  first.current ??= left;
  const announcement = holdAnnouncement(left, first.current, t);
  return (
    <div className="hold-countdown">
      <p className="hold-countdown-clock">
        <ClockCircleOutlined {...decorativeIcon} /> {ended ? t('hold.ended') : t('hold.heldFor')}{' '}
        {ended ? null : (
          <span role="timer" aria-label={t('hold.left', { time: formatRemaining(left, locale) })} className="hold-countdown-time">
            {formatRemaining(left, locale)}
          </span>
        )}
      </p>
      <p className="visually-hidden" role="status" aria-live="polite" aria-atomic="true" data-announcement={announcement.key}>
        {announcement.text}
      </p>
    </div>
  );
}
