import { BadRequestException, Injectable } from '@nestjs/common';
import { and, asc, desc, eq, sql } from 'drizzle-orm';
import { Clock } from '../../../common/clock.js';
import { TransactionHost } from '../../../database/transaction-host.js';
import { GiftCardMovementKind, GiftCardMovementRow, GiftCardRow, giftCardMovements, giftCards } from '../../../database/schema/gift-cards.js';
import { giftCardCodeHash, normaliseGiftCardCode } from './gift-card-code.js';

/** The field a payment's gift card code arrives in (every 400 about it names it). */
export const GIFT_CARD_FIELD = 'giftCardCode';

/** 400 naming the field, with a code saying why (GIFT_CARD_UNKNOWN, GIFT_CARD_EXPIRED...). */
const refused = (reason: string, code: string) =>
  new BadRequestException({ message: `${GIFT_CARD_FIELD} ${reason}`, code, errors: [{ path: GIFT_CARD_FIELD, message: `${GIFT_CARD_FIELD} ${reason}` }] });

/**
 * The gift cards' ledger. Every change of a balance is one movement appended under the card's row lock (`FOR NO
 * KEY UPDATE`): the next `seq` and `balance_after` are computed from the last movement, and the database refuses
 * a balance below zero (`gift_card_movements_balance_non_negative`) and two movements with one `seq`
 * (`gift_card_movements_seq_unique`), so two tabs spending one card at once take their turns and the second
 * sees what the first left.
 */
@Injectable()
export class GiftCardLedger {
  constructor(
    private readonly txHost: TransactionHost,
    private readonly clock: Clock,
  ) {}

  async findByCode(code: string): Promise<GiftCardRow | undefined> {
    const normalised = normaliseGiftCardCode(code);
    if (!normalised) return undefined;
    const [row] = await this.txHost.db.select().from(giftCards).where(eq(giftCards.codeHash, giftCardCodeHash(normalised))).limit(1);
    return row;
  }

  async findById(id: string): Promise<GiftCardRow | undefined> {
    const [row] = await this.txHost.db.select().from(giftCards).where(eq(giftCards.id, id)).limit(1);
    return row;
  }

  /** The balance: the running balance of the last movement (0 before the first). */
  async balance(giftCardId: string): Promise<number> {
    const [last] = await this.txHost.db
      .select({ balance: giftCardMovements.balanceAfter })
      .from(giftCardMovements)
      .where(eq(giftCardMovements.giftCardId, giftCardId))
      .orderBy(desc(giftCardMovements.seq))
      .limit(1);
    return last?.balance ?? 0;
  }

  movements(giftCardId: string): Promise<GiftCardMovementRow[]> {
    return this.txHost.db.select().from(giftCardMovements).where(eq(giftCardMovements.giftCardId, giftCardId)).orderBy(asc(giftCardMovements.seq));
  }

  /** Row-locks the card for the rest of the current transaction. */
  async lock(giftCardId: string): Promise<GiftCardRow | undefined> {
    const [row] = await this.txHost.db.select().from(giftCards).where(eq(giftCards.id, giftCardId)).for('no key update');
    return row;
  }

  /**
   * Appends one movement of `amountMinor` (signed) to a card the caller locked. The database refuses a balance
   * below zero (23514): callers compute what they may take under the lock first.
   */
  async append(giftCardId: string, kind: GiftCardMovementKind, amountMinor: number, paymentId: string | null): Promise<GiftCardMovementRow> {
    const at = this.clock.now().toISOString();
    const result = await this.txHost.db.execute(sql`
      insert into ${giftCardMovements} (gift_card_id, seq, kind, amount_minor, balance_after, payment_id, created_at)
      select ${giftCardId}::uuid, coalesce(max(seq), 0) + 1, ${kind}, ${amountMinor}::int,
             coalesce((select balance_after from ${giftCardMovements} where gift_card_id = ${giftCardId}::uuid order by seq desc limit 1), 0) + ${amountMinor}::int,
             ${paymentId}::uuid, ${at}::timestamptz
        from ${giftCardMovements} where gift_card_id = ${giftCardId}::uuid
      returning id`);
    const rows = ((result as { rows?: { id: string }[] }).rows ?? (result as unknown as { id: string }[]));
    const [row] = await this.txHost.db.select().from(giftCardMovements).where(eq(giftCardMovements.id, rows[0].id));
    return row;
  }

  /**
   * The card a payment in `currency` may be paid with, locked, with its balance: 400 naming giftCardCode when
   * the code is unknown, the card not active (unpaid, voided), expired, in another currency or empty.
   */
  async lockForPayment(code: unknown, currency: string): Promise<{ card: GiftCardRow; balance: number }> {
    if (typeof code !== 'string' || !code.trim()) throw refused('must be a gift card code', 'GIFT_CARD_INVALID');
    const found = await this.findByCode(code);
    if (!found) throw refused('is not a valid gift card code', 'GIFT_CARD_UNKNOWN');
    const card = (await this.lock(found.id))!;
    if (card.status !== 'active') throw refused('is not a valid gift card code', 'GIFT_CARD_UNKNOWN');
    const now = this.clock.now();
    if (card.expiresAt && card.expiresAt.getTime() <= now.getTime()) {
      throw refused(`is a gift card that expired on ${card.expiresAt.toISOString().slice(0, 10)}`, 'GIFT_CARD_EXPIRED');
    }
    if (card.currency !== currency) throw refused(`is a gift card in ${card.currency}; this payment is in ${currency}`, 'GIFT_CARD_CURRENCY');
    const balance = await this.balance(card.id);
    if (balance <= 0) throw refused('is a gift card with no balance left', 'GIFT_CARD_EMPTY');
    return { card, balance };
  }

  /** Gives a payment's gift-card part back to its card (the payment failed, lapsed or was refunded), once per payment and kind. */
  async giveBack(giftCardId: string, paymentId: string, kind: 'release' | 'refund', amountMinor: number): Promise<void> {
    if (amountMinor <= 0) return;
    await this.lock(giftCardId);
    const [already] = await this.txHost.db
      .select({ id: giftCardMovements.id })
      .from(giftCardMovements)
      .where(and(eq(giftCardMovements.giftCardId, giftCardId), eq(giftCardMovements.paymentId, paymentId), sql`${giftCardMovements.kind} in ('release', 'refund')`))
      .limit(1);
    if (already) return;
    await this.append(giftCardId, kind, amountMinor, paymentId);
  }
}
