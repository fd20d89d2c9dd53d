import { useShopTimeZone } from '../app/app-settings.js';
import { formatDate, formatDateTime } from '../lib/time.js';
import { useLocale } from '../app/i18n.js';

/**
 * A date (and time) in the shop's time zone, named ('Nov 24, 2026, 1:30 PM UTC'). The zone comes from the app
 * settings, so the server's HTML and the hydrated page print the same text.
 */
export function DateTime({ value, dateOnly = false, fallback = 'N/A' }: { value: string | null | undefined; dateOnly?: boolean; fallback?: string }) {
  const zone = useShopTimeZone();
  const locale = useLocale();
  if (!value) return <>{fallback}</>;
  const at = new Date(value);
  if (Number.isNaN(at.getTime())) return <>{fallback}</>;
  if (dateOnly) return <time dateTime={at.toISOString()}>{formatDate(at, zone, locale)}</time>;
  // The time and its zone stay on one line when the date wraps ('1:30 PM UTC', never a lone 'UTC'); same text.
  const text = formatDateTime(at, zone, locale);
  const cut = text.lastIndexOf(', ') + 2;
  return (
    <time dateTime={at.toISOString()}>
      {text.slice(0, cut)}
      <span className="okb-nowrap">{text.slice(cut)}</span>
    </time>
  );
}
