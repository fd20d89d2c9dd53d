import { BadRequestException, Injectable, NotFoundException, OnModuleInit } from '@nestjs/common';
import { desc, eq } from 'drizzle-orm';
import { AuthUser } from '../../../common/decorators.js';
import { Clock } from '../../../common/clock.js';
import { invalidField } from '../../../common/field-error.js';
import { minorOfField, toMajor } from '../../../common/money.js';
import { parseShopTime } from '../../../common/shop-time.js';
import { AppConfig } from '../../../config/app-config.js';
import { GiftCardRow, giftCards } from '../../../database/schema/gift-cards.js';
import { PaymentRow, payments } from '../../../database/schema/payments.js';
import { TransactionHost } from '../../../database/transaction-host.js';
import { resolveJwtSecret } from '../../auth/jwt-secret.js';
import { DomainEvents } from '../../events/domain-events.service.js';
import { toPaymentSummaryDto } from '../payments.dto.js';
import { PaymentsRepository } from '../payments.repository.js';
import { PaymentsService } from '../payments.service.js';
import { generateGiftCardCode, giftCardCodeHash, giftCardLast4, GiftCardCodeSealer, normaliseGiftCardCode } from './gift-card-code.js';
import { GiftCardLedger } from './gift-card-ledger.js';
import { GiftCardBalanceDto, GiftCardDto, GiftCardOptionsDto, GiftCardPurchaseDto, PurchaseGiftCardDto, toGiftCardDto } from './gift-cards.dto.js';

const DAY_MS = 24 * 60 * 60 * 1000;
/** A gift card's checkout stays payable for a day (Stripe Checkout's maximum). */
const PURCHASE_TTL_MS = 23 * 60 * 60 * 1000;
/** The send date's hour in the shop's time zone. */
const SEND_HOUR = '09:00';

/** The page where a holder checks a balance; the card's QR code opens it with the code in the fragment (never sent to a server). */
/** Where the gateway returns a gift card's buyer: `?payment=<id>&status=...` is added. */
export const GIFT_CARD_RESULT_PATH = '/gift-cards/result';

export const giftCardBalancePath = (code: string): string => `/gift-cards#code=${encodeURIComponent(code)}`;

function addMonths(at: Date, months: number): Date {
  const d = new Date(at.getTime());
  d.setUTCMonth(d.getUTCMonth() + months);
  return d;
}

/**
 * Gift cards (issue 25): sold on the public Gift cards page through the gateway (a payment of kind gift_card,
 * without a rental); issued when that payment succeeds (an `issue` movement, the purchaser's confirmation, the
 * webhook `giftcard.purchased`, and the recipient's email with the PDF card scheduled for the send date).
 */
@Injectable()
export class GiftCardsService implements OnModuleInit {
  private readonly sealer: GiftCardCodeSealer;

  constructor(
    private readonly txHost: TransactionHost,
    private readonly ledger: GiftCardLedger,
    private readonly payments: PaymentsService,
    private readonly paymentRows: PaymentsRepository,
    private readonly events: DomainEvents,
    private readonly clock: Clock,
    private readonly config: AppConfig,
  ) {
    this.sealer = new GiftCardCodeSealer(resolveJwtSecret(config.env));
  }

  onModuleInit(): void {
    this.payments.onSettled((payment, at) => this.applySale(payment, at));
  }

  options(): GiftCardOptionsDto {
    const env = this.config.env;
    return {
      currency: this.config.giftCardCurrency,
      presets: env.GIFT_CARD_PRESETS.filter((a) => a >= env.GIFT_CARD_MIN_AMOUNT && a <= env.GIFT_CARD_MAX_AMOUNT),
      minAmount: env.GIFT_CARD_MIN_AMOUNT,
      maxAmount: env.GIFT_CARD_MAX_AMOUNT,
      expiryMonths: env.GIFT_CARD_EXPIRY_MONTHS,
    };
  }

  /** The printable code of a card (for its PDF), or null when the server secret changed since it was sold. */
  printableCode(card: GiftCardRow): string | null {
    return this.sealer.open(card.codeSealed);
  }

  findById(id: string): Promise<GiftCardRow | undefined> {
    return this.ledger.findById(id);
  }

  /** POST gift-cards: a pending card and its payment, then the hosted checkout (outside the transaction). */
  async purchase(user: AuthUser, dto: PurchaseGiftCardDto, origin: string): Promise<GiftCardPurchaseDto> {
    const env = this.config.env;
    // In the gift card currency's own minor units (a yen, a fils); more decimals than it has is a 400 naming amount.
    const amountMinor = minorOfField(dto.amount, this.config.giftCardCurrency, 'amount');
    if (dto.amount < env.GIFT_CARD_MIN_AMOUNT || dto.amount > env.GIFT_CARD_MAX_AMOUNT) {
      throw invalidField('amount', `amount must be between ${env.GIFT_CARD_MIN_AMOUNT} and ${env.GIFT_CARD_MAX_AMOUNT} ${this.config.giftCardCurrency}`);
    }
    const now = this.clock.now();
    const sendAt = this.sendAt(dto.sendDate, now);
    const code = normaliseGiftCardCode(generateGiftCardCode())!;
    const { card, payment } = await this.txHost.run(async () => {
      const [card] = await this.txHost.db
        .insert(giftCards)
        .values({
          codeHash: giftCardCodeHash(code),
          codeSealed: this.sealer.seal(code),
          last4: giftCardLast4(code),
          amountMinor,
          currency: this.config.giftCardCurrency,
          purchaserId: user.id,
          recipientName: dto.recipientName,
          recipientEmail: dto.recipientEmail,
          message: dto.message ?? '',
          sendAt,
          createdAt: now,
        })
        .returning();
      const payment = await this.paymentRows.insert({
        rentalId: null,
        soldGiftCardId: card.id,
        userId: user.id,
        kind: 'gift_card',
        amountMinor,
        currency: card.currency,
        provider: this.payments.currentProvider(),
        status: 'pending',
        expiresAt: new Date(now.getTime() + PURCHASE_TTL_MS),
      });
      return { card, payment };
    });
    const shop = this.payments.publicOrigin(origin);
    try {
      // The payer comes back to the gift card's payment result page (GIFT_CARD_RESULT_PATH), which reads the outcome.
      const session = await this.payments.createCheckout(payment, `Gift card for ${dto.recipientName}`, shop, `${shop}${GIFT_CARD_RESULT_PATH}`);
      const current = (await this.txHost.run(() => this.payments.attachCheckout(payment.id, session))) ?? payment;
      return { payment_url: session.url, payment: toPaymentSummaryDto(current), giftCard: toGiftCardDto(card, 0) };
    } catch (e) {
      await this.payments.settle(payment.id, 'failed');
      throw e;
    }
  }

  /**
   * YYYY-MM-DD at 09:00 in the shop's time zone; today (the day has begun in the shop's zone) means at once, as
   * the page says. 400 naming sendDate otherwise.
   */
  private sendAt(sendDate: string | undefined, now: Date): Date {
    if (sendDate === undefined) return now;
    const at = parseShopTime(`${sendDate}T${SEND_HOUR}`);
    if (Number.isNaN(at.getTime())) throw invalidField('sendDate', 'sendDate must be a date YYYY-MM-DD');
    const dayEnd = parseShopTime(`${sendDate}T23:59`);
    if (dayEnd.getTime() < now.getTime()) throw invalidField('sendDate', 'sendDate must be today or later');
    if (at.getTime() > now.getTime() + 366 * DAY_MS) throw invalidField('sendDate', 'sendDate must be within a year');
    const dayStart = parseShopTime(`${sendDate}T00:00`);
    return dayStart.getTime() <= now.getTime() ? now : at;
  }

  /** A gift card's sale became final: paid, the card is issued; otherwise it is void. */
  private async applySale(payment: PaymentRow, at: Date): Promise<void> {
    if (payment.kind !== 'gift_card' || !payment.soldGiftCardId) return;
    const card = await this.ledger.lock(payment.soldGiftCardId);
    if (!card || card.status !== 'pending') return;
    if (payment.status !== 'succeeded') {
      await this.txHost.db.update(giftCards).set({ status: 'void' }).where(eq(giftCards.id, card.id));
      return;
    }
    const months = this.config.env.GIFT_CARD_EXPIRY_MONTHS;
    const [issued] = await this.txHost.db
      .update(giftCards)
      .set({ status: 'active', issuedAt: at, expiresAt: months > 0 ? addMonths(at, months) : null })
      .where(eq(giftCards.id, card.id))
      .returning();
    await this.ledger.append(card.id, 'issue', card.amountMinor, payment.id);
    const data = toGiftCardDto(issued, card.amountMinor);
    await this.events.record({ type: 'giftcard.purchased', data, userId: card.purchaserId });
    await this.events.record({
      type: 'giftcard.delivery',
      data,
      userId: null,
      dedupeKey: `gift_card:${card.id}`,
      email: { to: card.recipientEmail, at: card.sendAt },
    });
  }

  /** GET gift-cards/{code}: the balance for whoever holds the code (rate limited per address by the controller). */
  async balanceOf(code: string): Promise<GiftCardBalanceDto> {
    if (!normaliseGiftCardCode(code)) throw new BadRequestException({ message: 'code is not a valid gift card code', code: 'GIFT_CARD_INVALID', errors: [{ path: 'code', message: 'code is not a valid gift card code' }] });
    const card = await this.ledger.findByCode(code);
    if (!card || card.status !== 'active') throw new NotFoundException({ message: 'No gift card has this code', code: 'GIFT_CARD_UNKNOWN' });
    const balance = await this.ledger.balance(card.id);
    const expired = card.expiresAt !== null && card.expiresAt.getTime() <= this.clock.now().getTime();
    return {
      last4: card.last4,
      amount: toMajor(card.amountMinor, card.currency),
      balance: expired ? 0 : toMajor(balance, card.currency),
      currency: card.currency,
      expiresAt: card.expiresAt?.toISOString() ?? null,
      expired,
    };
  }

  /** The gift cards a customer bought (admins: every card), newest first. */
  async list(caller: AuthUser, limit = 200): Promise<GiftCardDto[]> {
    const rows = await this.txHost.db
      .select({ card: giftCards, paymentId: payments.id })
      .from(giftCards)
      .leftJoin(payments, eq(payments.soldGiftCardId, giftCards.id))
      .where(caller.role === 'admin' ? undefined : eq(giftCards.purchaserId, caller.id))
      .orderBy(desc(giftCards.createdAt), desc(giftCards.id))
      .limit(limit);
    const out: GiftCardDto[] = [];
    for (const { card, paymentId } of rows) out.push({ ...toGiftCardDto(card, await this.ledger.balance(card.id)), paymentId });
    return out;
  }
}
