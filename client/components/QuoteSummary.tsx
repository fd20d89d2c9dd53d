import { Alert, Skeleton } from 'antd';
import type { UseQueryResult } from '@tanstack/react-query';
import type { Quote } from '../api/bikes.js';
import { formatMoney } from '../lib/money.js';
import { formatDuration } from '../lib/time.js';
import './quote-summary.css';

/** The free-cancellation and late-return rules of a quote, in one sentence each. */
export function QuoteTermsText({ quote }: { quote: Quote }) {
  const { terms } = quote;
  const fee = formatMoney(terms.bookingFee, terms.bookingFeeCurrency);
  return (
    <ul className="quote-terms">
      <li>
        Free cancellation until {terms.freeCancellationHours} h before the pick-up (the {fee} booking fee is refunded); after that the fee is kept.
      </li>
      <li>
        Late return: {formatMoney(terms.lateFeePerHour, quote.currency)} per started hour after a {terms.lateGraceMinutes}-minute grace period.
      </li>
    </ul>
  );
}

/**
 * A window's live availability and itemised price (GET bikes/{id}/quote), shown before anything is booked: the
 * lines, the total, the terms, and — said before the click — when too few units are free for the window.
 */
export function QuoteSummary({ quote, quantity, id }: { quote: UseQueryResult<Quote>; quantity: number; id?: string }) {
  // A failed quote blocks the booking, even when an older answer is still cached (issue 20 item 16).
  if (quote.isError) {
    return <Alert id={id} type="error" showIcon title="No price for this window" description={quote.error.message} role="alert" />;
  }
  // While another window's answer is still at hand (placeholder), it is not shown as this window's.
  if (!quote.data || quote.isPlaceholderData) {
    return (
      <div id={id} className="quote-summary" aria-busy="true">
        <p className="quote-availability" role="status">
          Checking availability and price for these times…
        </p>
        <Skeleton active title={false} paragraph={{ rows: 3 }} />
      </div>
    );
  }
  const data = quote.data;
  const enough = data.available >= quantity;
  const length = new Date(data.endTime).getTime() - new Date(data.startTime).getTime();
  return (
    <section id={id} className="quote-summary" aria-label="Price and availability" aria-busy={quote.isFetching || undefined}>
      <p className={`quote-availability ${enough ? 'is-free' : 'is-full'}`} role="status">
        {data.available === 0
          ? 'No unit is free for this window. Try other times.'
          : enough
            ? `Available: ${data.available} ${data.available === 1 ? 'unit' : 'units'} free for this window`
            : `Only ${data.available} ${data.available === 1 ? 'unit is' : 'units are'} free for this window. Lower the quantity or pick other times.`}
      </p>
      <table className="quote-lines">
        <caption className="visually-hidden">Price for {formatDuration(length)}</caption>
        <tbody>
          {data.lines.map((line, index) => (
            <tr key={index}>
              <th scope="row">{line.label}</th>
              <td>{formatMoney(line.amount, data.currency)}</td>
            </tr>
          ))}
        </tbody>
        <tfoot>
          <tr>
            <th scope="row">Total for {formatDuration(length)}</th>
            <td className="quote-total">{formatMoney(data.total, data.currency)}</td>
          </tr>
        </tfoot>
      </table>
      {data.deposit && data.deposit.amount > 0 ? (
        <p className="quote-deposit">
          Security deposit: <strong>{formatMoney(data.deposit.amount, data.deposit.currency)}</strong>, held on your card a day before the pick-up and released
          after the return. Nothing is charged unless the bike comes back damaged.
        </p>
      ) : null}
      <QuoteTermsText quote={data} />
    </section>
  );
}
