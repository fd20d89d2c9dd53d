import { Input, type InputProps } from 'antd';
import { useId, useMemo } from 'react';
import { useShopTimeZone } from '../app/app-settings.js';
import { useLocale, type Locale } from '../app/i18n.js';
import { safeTimeZone, zoneLabel, zonedInputToIso } from '../lib/time.js';
import './datetime-input.css';

/**
 * A datetime-local value (the shop's wall-clock time) said in the page's language: 'Thursday, November 26, 2026 at
 * 3:00 PM UTC', 'Donnerstag, 26. November 2026 um 15:00 UTC', Bangla with Bangla digits. Empty for an empty or
 * malformed value.
 */
export function dateTimeReadBack(value: string, zone: string, locale: Locale): string {
  const iso = value ? zonedInputToIso(value, zone) : null;
  if (!iso) return '';
  const at = new Date(iso);
  const tz = safeTimeZone(zone);
  const text = new Intl.DateTimeFormat(locale === 'en' ? 'en-US' : locale, {
    timeZone: tz,
    weekday: 'long',
    day: 'numeric',
    month: 'long',
    year: 'numeric',
    hour: 'numeric',
    minute: '2-digit',
  }).format(at);
  return `${text} ${zoneLabel(at, tz)}`;
}

export type DateTimeInputProps = Omit<InputProps, 'type' | 'value'> & { value: string };

/**
 * The native `<input type="datetime-local">` (mobile pickers, keyboard entry and the tests keep working with it),
 * with a read-back line under it: the browser shows the value in its own language and format, not the page's, so
 * the chosen time is repeated in the page's language (issue 27). The line describes the input (aria-describedby,
 * after any description the caller gives, such as an error).
 */
export function DateTimeInput({ value, 'aria-describedby': describedBy, ...props }: DateTimeInputProps) {
  const zone = useShopTimeZone();
  const locale = useLocale();
  const readBackId = useId();
  const text = useMemo(() => dateTimeReadBack(value, zone, locale), [value, zone, locale]);
  const describers = [describedBy, text ? readBackId : undefined].filter(Boolean).join(' ');
  return (
    <>
      <Input {...props} type="datetime-local" value={value} aria-describedby={describers || undefined} />
      {text ? (
        <p id={readBackId} className="datetime-readback">
          {text}
        </p>
      ) : null}
    </>
  );
}
