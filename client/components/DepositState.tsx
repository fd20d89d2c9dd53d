import type { Deposit } from '../api/deposits.js';
import { formatMoney } from '../lib/money.js';
import { DateTime } from './DateTime.js';

const LABEL: Record<Deposit['status'], string> = {
  none: 'No deposit',
  pending: 'Deposit pending',
  held: 'Deposit held',
  released: 'Deposit released',
  captured: 'Deposit kept',
  partially_captured: 'Deposit partly kept',
  failed: 'Deposit hold failed',
  expired: 'Deposit hold expired',
};

/** The deposit's state and amount in one line: "Deposit held: $300.00 (until …)". */
export function DepositState({ deposit }: { deposit: Deposit }) {
  const amount = formatMoney(deposit.amount, deposit.currency);
  const kept = formatMoney(deposit.capturedAmount, deposit.currency);
  return (
    <span className={`deposit-state deposit-${deposit.status}`}>
      <strong>{LABEL[deposit.status]}</strong>: {amount}
      {deposit.status === 'pending' ? ' (held on your card a day before the start; nothing is charged)' : null}
      {deposit.status === 'held' && deposit.method === 'charge' ? ' (charged instead of held; refunded after the return)' : null}
      {deposit.status === 'held' && deposit.captureBefore && deposit.method === 'hold' ? (
        <span className="deposit-detail">
          {' '}
          (on your card, not charged; this hold runs until <DateTime value={deposit.captureBefore} /> and is renewed while you ride)
        </span>
      ) : null}
      {deposit.status === 'captured' || deposit.status === 'partially_captured' ? ` (${kept} kept${deposit.reason ? `: ${deposit.reason}` : ''})` : null}
      {deposit.actionUrl ? (
        <>
          {' '}
          <a href={deposit.actionUrl}>Confirm the hold with your bank</a>
        </>
      ) : null}
    </span>
  );
}
