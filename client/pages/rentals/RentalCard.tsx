import { Button, Card } from 'antd';
import type { ReactNode } from 'react';
import { Link } from 'react-router-dom';
import { FormattedMessage } from 'react-intl';
import type { Rental } from '../../api/rentals.js';
import { ButtonLink } from '../../components/ButtonLink.js';
import { DateTime } from '../../components/DateTime.js';
import { FactList, type Fact } from '../../components/FactList.js';
import { formatMoney } from '../../lib/money.js';
import { formatDuration } from '../../lib/time.js';
import { RentalStatusTag } from '../../components/rental-display.js';
import { AgreementButton, BookingChangeButtons } from './RentalActions.js';
import { RetryFeeButton } from '../../components/RetryFeeButton.js';
import { amountDue, feeNeedsRetry, resumeFeeLink } from '../../lib/rental-state.js';
import { RentalDocuments } from '../../components/RentalDocuments.js';
import { ReturnReport } from './ReturnReport.js';
import { DepositState } from '../../components/DepositState.js';
import { HoldCountdown } from '../../components/HoldCountdown.js';
import { useIntl } from 'react-intl';
import { useLocale, useT, type MessageId } from '../../app/i18n.js';
import { localizePath } from '../../../locales/index.js';
import { localizeQuoteLabel } from '../../components/QuoteSummary.js';

type Translate = ReturnType<typeof useT>;

/** What the rental's state means for the renter, in one sentence (no sentence where the numbers say it all). */
function StateNote({ rental }: { rental: Rental }): ReactNode {
  const intl = useIntl();
  const t = useT();
  const locale = useLocale();
  // The sentences with a date in them: the date is a <DateTime> element inside the translated sentence.
  const withDate = (id: MessageId, value: string | null | undefined, values: Record<string, string> = {}, fallback?: string) =>
    intl.formatMessage({ id }, { ...values, date: () => <DateTime key="date" value={value} {...(fallback ? { fallback } : {})} /> });
  switch (rental.status) {
    case 'pending_fee':
      if (feeNeedsRetry(rental)) {
        const reason = rental.bookingFee?.status === 'cancelled' || rental.bookingFee?.status === 'expired' ? rental.bookingFee.status : 'declined';
        return withDate('rentals.feeNotThrough', rental.holdExpiresAt, { reason }, t('rentals.holdEnds'));
      }
      return withDate('rentals.feeNotPaid', rental.holdExpiresAt, { resume: resumeFeeLink(rental) ? 'yes' : 'no' }, t('rentals.holdEnds'));
    case 'booked':
      if (rental.endTime) return rental.overdue ? withDate('rentals.overdueNote', rental.endTime) : t('rentals.fixedNote');
      return t('rentals.openNote');
    case 'returned':
      return rental.lateFee ? t('rentals.returnedLate', { amount: formatMoney(rental.lateFee, rental.currency, locale) }) : t('rentals.returnedNote');
    case 'cancelled':
      return (
        <>
          {rental.bookingFee?.status === 'refunded'
            ? t('rentals.cancelledRefunded')
            : rental.bookingFee?.status === 'succeeded'
              ? t('rentals.cancelledKept')
              : t('rentals.cancelledUnpaid')}{' '}
          {t('rentals.nothingOwed')} <Link to={localizePath(`/bike/${rental.bikeId._id}`, locale)}>{t('rentals.bookAgain')}</Link>
        </>
      );
    default:
      return null;
  }
}

/** The state note's paragraph, when the state has a sentence. */
function StateNoteParagraph({ rental }: { rental: Rental }) {
  const note = <StateNote rental={rental} />;
  return hasStateNote(rental) ? <p className="rental-note">{note}</p> : null;
}

/** Whether StateNote says anything for this rental (every state but paid). */
const hasStateNote = (rental: Rental): boolean => ['pending_fee', 'booked', 'returned', 'cancelled'].includes(rental.status);

/**
 * The spec's 'total cost', said truthfully: an open-ended booking has none until the return, a cancelled one costs
 * nothing (issue 20 item 18).
 */
function totalCostText(rental: Rental, t: Translate, locale: string): string {
  if (rental.status === 'cancelled') return t('rentals.nothingCancelled');
  if (!rental.endTime && !rental.returnTime && rental.totalCost === 0) return t('rentals.chargedAtReturn');
  return formatMoney(rental.totalCost, rental.currency, locale);
}

/**
 * One rental on My Rentals: the spec's fields (bike name, start, return, quantity, total cost) and its state.
 * `level`: the card's heading level under the page's headings (2 under the h1, 3 under the Cancelled h2).
 */
export function RentalCard({ rental, level = 2 }: { rental: Rental; level?: 2 | 3 }) {
  const Heading = level === 2 ? 'h2' : 'h3';
  const t = useT();
  const locale = useLocale();
  const money = (amount: number, currency: string) => formatMoney(amount, currency, locale);
  const due = amountDue(rental);
  const paid = Boolean(rental.totalPaid) && due <= 0;
  const payable = rental.totalCost > 0 && due > 0;
  const resume = resumeFeeLink(rental);
  const titleId = `rental-${rental._id}-title`;
  const facts: Fact[] = [
    { term: t('rentals.start'), value: <DateTime value={rental.startTime} /> },
    {
      term: t('rentals.return'),
      value: rental.returnTime ? (
        <DateTime value={rental.returnTime} />
      ) : rental.status === 'cancelled' ? (
        t('rentals.notApplicable')
      ) : rental.endTime ? (
        <FormattedMessage id={'rentals.due' satisfies MessageId} values={{ date: () => <DateTime key="date" value={rental.endTime} /> }} />
      ) : (
        t('rentals.notReturned')
      ),
    },
    { term: t('rentals.quantity'), value: new Intl.NumberFormat(locale).format(rental.quantity) },
    { term: t('rentals.totalCost'), value: totalCostText(rental, t, locale), valueClassName: 'rental-cost' },
  ];
  if (rental.lateFee) facts.push({ term: t('rentals.lateFee'), value: money(rental.lateFee, rental.currency), valueClassName: 'rental-cost' });
  if (rental.totalPaid && due > 0) facts.push({ term: t('rentals.stillDue'), value: money(due, rental.currency), valueClassName: 'rental-cost' });
  if (rental.deposit && rental.deposit.status !== 'none') facts.push({ term: t('rentals.deposit'), value: <DepositState deposit={rental.deposit} /> });
  return (
    <Card className="rental-card" role="article" aria-labelledby={titleId}>
      <div className="rental-card-head">
        <Heading id={titleId} className="rental-card-title">
          {rental.bikeId.name}
        </Heading>
        <span className="rental-card-tags">
          {rental.overdue ? <span className="rental-status-tag rental-overdue-tag">{t('rentals.overdue')}</span> : null}
          <RentalStatusTag status={rental.status} />
        </span>
      </div>
      <FactList className="rental-facts" facts={facts} />
      {rental.quote && rental.quote.lines.length > 0 && !paid && rental.status !== 'cancelled' ? (
        <p className="rental-quote-lines">
          {rental.endTime ? t('rentals.pricedAs', { duration: formatDuration(new Date(rental.endTime).getTime() - new Date(rental.startTime).getTime(), t) }) : ''}
          {rental.quote.lines.map((line) => `${localizeQuoteLabel(line.label, t)}: ${money(line.amount, rental.quote?.currency ?? rental.currency)}`).join(' · ')}
        </p>
      ) : null}
      {paid ? null : <StateNoteParagraph rental={rental} />}
      {rental.status === 'pending_fee' && rental.holdExpiresAt ? <HoldCountdown until={rental.holdExpiresAt} /> : null}
      <RentalDocuments rental={rental} />
      {rental.status === 'returned' || rental.status === 'paid' ? <ReturnReport rentalId={rental._id} /> : null}
      {/* A cancelled booking owes nothing and never will: no Pay Now at all rather than one that stays disabled. */}
      {!paid && rental.status !== 'cancelled' ? (
        <div className="rental-actions">
          <BookingChangeButtons rental={rental} />
          <AgreementButton rental={rental} />
          {resume ? (
            <ButtonLink to={resume} type="primary" aria-label={t('rentals.payFeeFor', { bike: rental.bikeId.name })}>
              {t('rentals.payFee')}
            </ButtonLink>
          ) : feeNeedsRetry(rental) ? (
            <RetryFeeButton rental={rental} />
          ) : null}
          {payable && rental.status !== 'pending_fee' ? (
            <ButtonLink to={`/checkout/${encodeURIComponent(rental.paymentId)}`} type="primary" aria-label={t('rentals.payNowFor', { bike: rental.bikeId.name })}>
              {t('rentals.payNow')}
            </ButtonLink>
          ) : (
            // Spec: Pay Now is disabled while the total cost is 0 (the bike is not back yet) or the booking fee is unpaid.
            <Button type="primary" disabled aria-label={t('rentals.payNowFor', { bike: rental.bikeId.name })}>
              {t('rentals.payNow')}
            </Button>
          )}
        </div>
      ) : null}
    </Card>
  );
}
