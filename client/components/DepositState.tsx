import { useIntl } from 'react-intl';
import type { Deposit } from '../api/deposits.js';
import { useLocale, useT, type MessageId } from '../app/i18n.js';
import { formatMoney } from '../lib/money.js';
import { DateTime } from './DateTime.js';

const LABEL: Record<Deposit['status'], MessageId> = {
  none: 'fleet.deposit.none',
  pending: 'fleet.deposit.pending',
  held: 'fleet.deposit.held',
  released: 'fleet.deposit.released',
  captured: 'fleet.deposit.captured',
  partially_captured: 'fleet.deposit.partiallyCaptured',
  failed: 'fleet.deposit.failed',
  expired: 'fleet.deposit.expired',
};

/** The deposit's state and amount in one line, in the page's language: "Deposit held: $300.00 (until …)". */
export function DepositState({ deposit }: { deposit: Deposit }) {
  const t = useT();
  const intl = useIntl();
  const locale = useLocale();
  const amount = formatMoney(deposit.amount, deposit.currency, locale);
  const kept = formatMoney(deposit.capturedAmount, deposit.currency, locale);
  const label = LABEL[deposit.status] as MessageId | undefined;
  return (
    <span className={`deposit-state deposit-${deposit.status}`}>
      <strong>{label ? t(label) : deposit.status}</strong>: {amount}
      {deposit.status === 'pending' ? <> {t('fleet.deposit.pendingNote')}</> : null}
      {deposit.status === 'held' && deposit.method === 'charge' ? <> {t('fleet.deposit.chargedNote')}</> : null}
      {deposit.status === 'held' && deposit.captureBefore && deposit.method === 'hold' ? (
        <span className="deposit-detail">
          {' '}
          {intl.formatMessage({ id: 'fleet.deposit.holdNote' }, { date: () => <DateTime key="date" value={deposit.captureBefore} /> })}
        </span>
      ) : null}
      {deposit.status === 'captured' || deposit.status === 'partially_captured' ? (
        <> {deposit.reason ? t('fleet.deposit.keptFor', { amount: kept, reason: deposit.reason }) : t('fleet.deposit.kept', { amount: kept })}</>
      ) : null}
      {deposit.actionUrl ? (
        <>
          {' '}
          <a href={deposit.actionUrl}>{t('fleet.deposit.confirm')}</a>
        </>
      ) : null}
    </span>
  );
}
