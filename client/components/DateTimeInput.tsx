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

/** A date input's value (YYYY-MM-DD, a calendar day) in the page's language: 'December 10, 1990', '10. Dezember 1990'. */
export function dateReadBack(value: string, locale: Locale): string {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(value)) return '';
  const at = new Date(`${value}T00:00:00Z`);
  if (Number.isNaN(at.getTime())) return '';
  return new Intl.DateTimeFormat(locale === 'en' ? 'en-US' : locale, { timeZone: 'UTC', day: 'numeric', month: 'long', year: 'numeric' }).format(at);
}

export type DateTimeInputProps = Omit<InputProps, 'type' | 'value'> & {
  /** Optional inside an antd Form.Item, which passes the field's value (undefined while empty). */
  value?: string;
  /** 'date' for a calendar day (a birth date): read back without a time or zone. */
  type?: 'datetime-local' | 'date';
};

/**
 * The native `<input type="datetime-local">` (or `type="date"`; mobile pickers, keyboard entry and the tests keep working with it),
 * with a read-back line under it: the browser shows the value in its own language and format, not the page's, so
 * the chosen time is repeated in the page's language (issue 27). The line describes the input (aria-describedby,
 * after any description the caller gives, such as an error).
 */
export function DateTimeInput({ value, type = 'datetime-local', 'aria-describedby': describedBy, ...props }: DateTimeInputProps) {
  const zone = useShopTimeZone();
  const locale = useLocale();
  const readBackId = useId();
  const text = useMemo(() => (!value ? '' : type === 'date' ? dateReadBack(value, locale) : dateTimeReadBack(value, zone, locale)), [type, value, zone, locale]);
  const describers = [describedBy, text ? readBackId : undefined].filter(Boolean).join(' ');
  return (
    <>
      <Input {...props} type={type} value={value} aria-describedby={describers || undefined} />
      {text ? (
        <p id={readBackId} className="datetime-readback">
          {text}
        </p>
      ) : null}
    </>
  );
}
