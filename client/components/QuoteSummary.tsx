import { Alert, Skeleton } from 'antd';
import type { UseQueryResult } from '@tanstack/react-query';
import type { Quote } from '../api/bikes.js';
import { formatMoney } from '../lib/money.js';
import { formatDuration } from '../lib/time.js';
import { useIntl } from 'react-intl';
import { useLocale, useT } from '../app/i18n.js';
import { localizeQuoteLabel } from '../../locales/index.js';
import './quote-summary.css';

/** The free-cancellation and late-return rules of a quote, in one sentence each. */
export function QuoteTermsText({ quote }: { quote: Quote }) {
  const { terms } = quote;
  const t = useT();
  const locale = useLocale();
  const fee = formatMoney(terms.bookingFee, terms.bookingFeeCurrency, locale);
  return (
    <ul className="quote-terms">
      <li>{t('quote.freeCancellation', { hours: terms.freeCancellationHours, fee })}</li>
      <li>{t('quote.lateReturn', { amount: formatMoney(terms.lateFeePerHour, quote.currency, locale), minutes: terms.lateGraceMinutes })}</li>
    </ul>
  );
}

/** A quote line's label in the page's language (shared with the server's emails: locales/index.ts). */
export { localizeQuoteLabel };

/**
 * A window's live availability and itemised price (GET bikes/{id}/quote), shown before anything is booked: the
 * lines, the total, the terms, and — said before the click — when too few units are free for the window.
 */
export function QuoteSummary({ quote, quantity, id }: { quote: UseQueryResult<Quote>; quantity: number; id?: string }) {
  const t = useT();
  const intl = useIntl();
  const locale = useLocale();
  // A failed quote blocks the booking, even when an older answer is still cached (issue 20 item 16).
  if (quote.isError) {
    return <Alert id={id} type="error" showIcon title={t('quote.noPrice')} description={quote.error.message} role="alert" />;
  }
  // While another window's answer is still at hand (placeholder), it is not shown as this window's.
  if (!quote.data || quote.isPlaceholderData) {
    return (
      <div id={id} className="quote-summary" aria-busy="true">
        <p className="quote-availability" role="status">
          {t('quote.checking')}
        </p>
        <Skeleton active title={false} paragraph={{ rows: 3 }} />
      </div>
    );
  }
  const data = quote.data;
  const enough = data.available >= quantity;
  // Issue 25: an add-on with too few pieces free for the window, said like the units.
  const shortAddons = (data.addons ?? []).filter((a) => a.available !== null && a.available < a.quantity);
  const length = new Date(data.endTime).getTime() - new Date(data.startTime).getTime();
  return (
    <section id={id} className="quote-summary" aria-label={t('quote.label')} aria-busy={quote.isFetching || undefined}>
      <p className={`quote-availability ${enough ? 'is-free' : 'is-full'}`} role="status">
        {data.available === 0
          ? t('quote.noneFree')
          : enough
            ? t('quote.available', { count: data.available })
            : t('quote.onlyFew', { count: data.available })}
      </p>
      {shortAddons.map((a) => (
        <p key={a.addonId} className="quote-availability is-full" role="status">
          {a.available === 0 ? t('quote.addonFull', { name: a.name }) : t('quote.addonFew', { count: a.available ?? 0, name: a.name })}
        </p>
      ))}
      <table className="quote-lines">
        <caption className="visually-hidden">{t('quote.priceFor', { duration: formatDuration(length, t) })}</caption>
        <tbody>
          {data.lines.map((line, index) => (
            <tr key={index} className={line.kind === 'discount' ? 'quote-discount' : undefined}>
              <th scope="row">{localizeQuoteLabel(line.label, t)}</th>
              <td>{formatMoney(line.amount, data.currency, locale)}</td>
            </tr>
          ))}
        </tbody>
        <tfoot>
          <tr>
            <th scope="row">{t('quote.totalFor', { duration: formatDuration(length, t) })}</th>
            <td className="quote-total">{formatMoney(data.total, data.currency, locale)}</td>
          </tr>
        </tfoot>
      </table>
      {data.deposit && data.deposit.amount > 0 ? (
        <p className="quote-deposit">
          {intl.formatMessage(
            { id: 'quote.deposit' },
            { amount: formatMoney(data.deposit.amount, data.deposit.currency, locale), b: (chunks) => <strong>{chunks}</strong> },
          )}
        </p>
      ) : null}
      <QuoteTermsText quote={data} />
    </section>
  );
}
