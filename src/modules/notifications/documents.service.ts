import { Injectable, NotFoundException } from '@nestjs/common';
import { and, eq, inArray } from 'drizzle-orm';
import PDFDocument from 'pdfkit';
import QRCode from 'qrcode';
import { Clock } from '../../common/clock.js';
import { AuthUser } from '../../common/decorators.js';
import { AppConfig } from '../../config/app-config.js';
import { TransactionHost } from '../../database/transaction-host.js';
import { documentNumbers, DocumentKind } from '../../database/schema/notifications.js';
import { PaymentKind, payments, PaymentRow } from '../../database/schema/payments.js';
import { rentals } from '../../database/schema/rentals.js';
import { users } from '../../database/schema/users.js';
import { formatMinor, formatMoney, minorOfOwnMajor } from '../../common/money.js';
import { isLocale, translate, type Locale, type MessageId } from '../../common/i18n/i18n.js';
import { localizePath, localizeQuoteLabel } from '../../../locales/index.js';
import { pdfWriter } from '../../common/pdf-script.js';
import { toPaymentDto } from '../payments/payments.dto.js';
import { PaymentsRepository } from '../payments/payments.repository.js';
import { giftCardBalancePath, GiftCardsService } from '../payments/gift-cards/gift-cards.service.js';
import { giftCards } from '../../database/schema/gift-cards.js';
import { RentalViews } from '../rentals/rental-views.js';
import { RentalsRepository } from '../rentals/rentals.repository.js';
import { RentalFeedsRepository } from '../rentals/rental-feeds.repository.js';
import { bookingsCalendar } from '../rentals/rental-feeds.js';
import { DocumentNumbers } from './document-numbers.js';
import { formatShopTime, ShopInfo } from './email-templates.js';
import { shopInfo } from './outbox-renderer.js';

export interface PdfFile {
  filename: string;
  number: string;
  content: Buffer;
}

/** One line of a document: `amountMinor` negative for refunds. */
export interface DocumentLine {
  label: string;
  detail?: string;
  amountMinor: number;
  currency: string;
  /** How it was paid (gift card, card at the gateway): shown, not part of the total. */
  tender?: boolean;
}

export interface DocumentModel {
  title: 'Receipt' | 'Invoice';
  /** The customer's language (users.language; English when none): every text, date and amount is in it. */
  locale?: Locale;
  number: string;
  issuedAt: string;
  billedTo: { name: string; email: string; address?: string };
  reference: string;
  facts: [string, string][];
  lines: DocumentLine[];
  /** Per currency: what was charged, paid, still due. */
  totals: { currency: string; charged: number; paid: number; due: number }[];
  note?: string;
}

const PREFIX: Record<DocumentKind, string> = { receipt: 'R', invoice: 'INV' };
const PAID_STATUSES = ['succeeded', 'refunded'];

/** A document's language: its customer's choice, English when none. */
const localeOf = (owner?: { language?: string | null }): Locale => (owner && isLocale(owner.language) ? owner.language : 'en');

/** The texts of one document's language: catalogue messages, amounts and the shop's time in it (English as before). */
function wordsFor(locale: Locale, timeZone: string) {
  const say = (id: MessageId, values?: Record<string, string | number>) => translate(locale, id, values);
  return {
    locale,
    say,
    money: (minor: number, currency: string) => (locale === 'en' ? formatMoney(minor, currency) : formatMinor(minor, currency, locale)),
    /** A negative amount with its sign (a refund): '-$48.00' in English as before, the locale's own minus otherwise. */
    signed: (minor: number, currency: string) =>
      locale === 'en' ? (minor < 0 ? '-' : '') + formatMoney(Math.abs(minor), currency) : formatMinor(minor, currency, locale),
    time: (iso: string) => formatShopTime(iso, timeZone, locale),
    number: (n: number) => (locale === 'en' ? String(n) : new Intl.NumberFormat(locale).format(n)),
    /** A quote line's label ('2 hours × 3 bikes'): the engine names it in English; add-ons and codes keep their names. */
    quoteLabel: (label: string) => (locale === 'en' ? label : localizeQuoteLabel(label, say)),
    provider: (provider: string) => (provider === 'sandbox' ? say('pdf.sandbox') : provider === 'gift_card' ? say('pdf.giftCardProvider') : provider),
  };
}
type Words = ReturnType<typeof wordsFor>;
type Json = Record<string, unknown>;
const obj = (v: unknown): Json => (v && typeof v === 'object' ? (v as Json) : {});
/** A major-unit amount of the rental's view back to minor units of its currency (4800 JPY -> 4800, 4.8 KWD -> 4800). */
const cents = (major: unknown, currency: string): number | null => (typeof major === 'number' && Number.isFinite(major) ? minorOfOwnMajor(major, currency) : null);

export const formatDocumentNumber = (kind: DocumentKind, n: number): string => `${PREFIX[kind]}-${String(n).padStart(6, '0')}`;

/**
 * Receipts (one per successful payment) and invoices (one per rental) as PDF, numbered per shop without gaps
 * (the number is given the first time the document is made, under the row lock of the kind's sequence).
 */
@Injectable()
export class DocumentsService {
  constructor(
    private readonly txHost: TransactionHost,
    private readonly rentals: RentalsRepository,
    private readonly views: RentalViews,
    private readonly payments: PaymentsRepository,
    private readonly config: AppConfig,
    private readonly clock: Clock,
    private readonly documentNumbers: DocumentNumbers,
    private readonly giftCards: GiftCardsService,
    private readonly feeds: RentalFeedsRepository,
  ) {}

  /** The last four characters of the gift cards with these ids. */
  private async giftCardLast4(ids: (string | null)[]): Promise<Map<string, string>> {
    const wanted = [...new Set(ids.filter((id): id is string => Boolean(id)))];
    if (!wanted.length) return new Map();
    const rows = await this.txHost.db.select({ id: giftCards.id, last4: giftCards.last4 }).from(giftCards).where(inArray(giftCards.id, wanted));
    return new Map(rows.map((r) => [r.id, r.last4]));
  }

  /** How a payment was paid, as lines of their own: the gift card's part and the gateway's. */
  private tenderLines(p: PaymentRow, last4: Map<string, string>, w: Words): DocumentLine[] {
    if (!p.giftCardId || p.giftCardMinor <= 0) return [];
    const lines: DocumentLine[] = [
      { label: w.say('pdf.paidByGiftCard', { last4: last4.get(p.giftCardId) ?? '' }), amountMinor: p.giftCardMinor, currency: p.currency, tender: true },
    ];
    if (p.amountMinor > p.giftCardMinor) {
      lines.push({ label: w.say('pdf.paidByCard', { provider: p.provider === 'sandbox' ? w.say('pdf.sandbox') : p.provider }), amountMinor: p.amountMinor - p.giftCardMinor, currency: p.currency, tender: true });
    }
    return lines;
  }

  /** A gift card's sale: its receipt names the card (never its code). */
  private async giftCardSaleReceipt(p: PaymentRow): Promise<PdfFile> {
    const [card] = p.soldGiftCardId ? await this.txHost.db.select().from(giftCards).where(eq(giftCards.id, p.soldGiftCardId)) : [];
    const number = formatDocumentNumber('receipt', await this.ensureNumber('receipt', p.id));
    const [owner] = await this.txHost.db.select().from(users).where(eq(users.id, p.userId));
    const w = wordsFor(localeOf(owner), shopInfo(this.config).timeZone);
    const lines: DocumentLine[] = [
      {
        label: w.say('pdf.giftCard', { last4: card?.last4 ?? '' }),
        detail: card ? w.say('pdf.giftCardFor', { name: card.recipientName, email: card.recipientEmail }) : undefined,
        amountMinor: p.amountMinor,
        currency: p.currency,
      },
    ];
    if (String(p.status) === 'refunded') lines.push({ label: w.say('pdf.refunded'), amountMinor: -p.amountMinor, currency: p.currency });
    const paid = lines.reduce((sum, l) => sum + l.amountMinor, 0);
    return this.render({
      title: 'Receipt',
      locale: w.locale,
      number,
      issuedAt: (p.completedAt ?? p.createdAt).toISOString(),
      billedTo: { name: owner?.name ?? '', email: owner?.email ?? '', address: owner?.address },
      reference: `GC-${p.id.slice(0, 8).toUpperCase()}`,
      facts: [
        [w.say('pdf.paymentId'), p.id],
        [w.say('pdf.paidWith'), w.provider(p.provider)],
        [w.say('pdf.status'), w.say('pdf.statusValue', { status: String(p.status) })],
      ],
      lines,
      totals: [{ currency: p.currency, charged: paid, paid, due: 0 }],
      note: w.say('pdf.giftCardNote'),
    });
  }

  /**
   * The gift card itself, for its recipient (attached to the delivery email): the amount, the message, the code
   * and a QR code opening the balance page with the code. Made when the email is sent, never stored.
   */
  async giftCard(giftCardId: string): Promise<PdfFile> {
    const card = await this.giftCards.findById(giftCardId);
    const code = card && this.giftCards.printableCode(card);
    if (!card || card.status !== 'active' || !code) throw new NotFoundException('Gift card not found');
    const shop = shopInfo(this.config);
    // In its purchaser's language (the one the shop knows; English when none): its QR code opens that language's page.
    const [purchaser] = await this.txHost.db.select({ language: users.language }).from(users).where(eq(users.id, card.purchaserId));
    const w = wordsFor(localeOf(purchaser), shop.timeZone);
    const origin = shop.publicUrl ?? this.config.env.PUBLIC_URL ?? '';
    const url = `${origin}${localizePath(giftCardBalancePath(code), w.locale)}`;
    const qr = await QRCode.toBuffer(url, { type: 'png', margin: 1, width: 220, errorCorrectionLevel: 'M' });
    const content = await renderGiftCardPdf({ shop, code, qr, amountMinor: card.amountMinor, currency: card.currency, to: card.recipientName, message: card.message, expiresAt: card.expiresAt, url, locale: w.locale });
    return { filename: `gift-card-${card.last4}.pdf`, number: card.last4, content };
  }

  /**
   * The booking as a calendar event, the file GET rentals/{id}/calendar.ics answers (same builder, same event uid
   * when PUBLIC_URL is set): attached to the booking confirmation (issue 26).
   */
  async calendar(rentalId: string): Promise<{ filename: string; content: Buffer; contentType: string }> {
    const bookings = await this.feeds.bookings({ kind: 'rental', rentalId }, new Date(0), new Date(0));
    if (bookings.length === 0) throw new NotFoundException('Rental not found');
    const env = this.config.env;
    const host = env.PUBLIC_URL ? new URL(env.PUBLIC_URL).host : 'okaybike.local';
    const body = bookingsCalendar(env.SHOP_NAME, bookings, { host, handovers: false, location: env.SHOP_ADDRESS });
    return { filename: `booking-${bookings[0].ref}.ics`, content: Buffer.from(body, 'utf8'), contentType: 'text/calendar; charset=utf-8; method=PUBLISH' };
  }

  /** The document's number, given once: the same ref always gets the same number, consecutive refs consecutive numbers. */
  ensureNumber(kind: DocumentKind, refId: string): Promise<number> {
    return this.documentNumbers.ensure(kind, refId);
  }

  /** A payment's receipt: its owner or an admin; 404 for anyone else and for payments not (yet) paid. */
  async receipt(paymentId: string, caller?: AuthUser): Promise<PdfFile> {
    const view = await this.payments.findView({ id: paymentId });
    if (!view) {
      const sale = await this.payments.findById(paymentId);
      if (sale?.kind === 'gift_card' && (!caller || caller.role === 'admin' || sale.userId === caller.id) && PAID_STATUSES.includes(sale.status)) {
        return this.giftCardSaleReceipt(sale);
      }
    }
    if (!view || (caller && caller.role !== 'admin' && view.payment.userId !== caller.id) || !PAID_STATUSES.includes(view.payment.status)) {
      throw new NotFoundException('Receipt not found');
    }
    const dto = toPaymentDto(view);
    const number = formatDocumentNumber('receipt', await this.ensureNumber('receipt', paymentId));
    const [owner] = await this.txHost.db.select().from(users).where(eq(users.id, view.payment.userId));
    const p = view.payment;
    const w = wordsFor(localeOf(owner), shopInfo(this.config).timeZone);
    // A rental payment of a fixed window: each line of its quote (bikes, add-ons, a code's discount), as the invoice.
    const itemised = p.kind === 'rental' ? await this.rentalPaymentLines(view.rental.id, p, w) : null;
    const lines: DocumentLine[] = itemised ?? [
      {
        label: w.say('pdf.paymentLine', { kind: p.kind === 'booking_fee' ? 'booking_fee' : 'rental', bike: view.bike.name }),
        detail: w.say('pdf.paymentDetail', { quantity: view.rental.quantity, reference: view.rental.paymentRef }),
        amountMinor: p.amountMinor,
        currency: p.currency,
      },
    ];
    lines.push(...this.tenderLines(p, await this.giftCardLast4([p.giftCardId]), w));
    if (String(p.status) === 'refunded') {
      const when = p.refundedAt ? w.time(p.refundedAt.toISOString()) : null;
      const back = w.say(p.giftCardMinor > 0 ? (p.giftCardMinor === p.amountMinor ? 'pdf.backToGiftCard' : 'pdf.backToGiftCardAndCard') : 'pdf.backToPayer');
      lines.push({ label: w.say('pdf.refunded'), detail: when ? w.say('pdf.backOn', { back, time: when }) : back, amountMinor: -p.amountMinor, currency: p.currency });
    }
    // What was kept: the payment less its refund (the total and the paid line agree, as on the invoice).
    const paid = lines.filter((l) => !l.tender).reduce((s, l) => s + l.amountMinor, 0);
    return this.render({
      title: 'Receipt',
      locale: w.locale,
      number,
      issuedAt: dto.completedAt ?? dto.createdAt,
      billedTo: { name: owner?.name ?? '', email: owner?.email ?? '', address: owner?.address },
      reference: view.rental.paymentRef,
      facts: [
        // The itemised lines do not name the bike: the facts do.
        ...(itemised ? [[w.say('pdf.bike'), w.say('pdf.bikeTimes', { bike: view.bike.name, quantity: view.rental.quantity })] as [string, string]] : []),
        [w.say('pdf.paymentId'), p.id],
        [w.say('pdf.paidWith'), p.provider === 'sandbox' ? w.say('pdf.sandbox') : p.provider],
        [w.say('pdf.status'), w.say('pdf.statusValue', { status: String(p.status) })],
      ],
      lines,
      totals: [{ currency: p.currency, charged: paid, paid, due: 0 }],
      note: w.say('pdf.thanks'),
    });
  }

  /**
   * The lines a rental payment paid for, when it paid exactly the rental's quote (and its late fee): each quote line
   * (the bikes' time, each add-on, a code's discount) and the late fee. Null when the payment is something else (an
   * open-ended rental has no quote; a payment that is not the whole of it keeps its one line).
   */
  private async rentalPaymentLines(rentalId: string, p: PaymentRow, w: Words): Promise<DocumentLine[] | null> {
    const [row] = await this.txHost.db
      .select({ quoteLines: rentals.quoteLines, lateFeeCents: rentals.lateFeeCents, currency: rentals.currency })
      .from(rentals)
      .where(eq(rentals.id, rentalId));
    if (!row?.quoteLines?.length || row.currency !== p.currency) return null;
    const lines: DocumentLine[] = row.quoteLines.map((l) => ({
      label: w.quoteLabel(l.label),
      detail: l.kind !== 'discount' ? w.say('pdf.unitTimes', { quantity: l.quantity, price: w.money(l.unitAmountMinor, p.currency) }) : undefined,
      amountMinor: l.amountMinor,
      currency: p.currency,
    }));
    if (row.lateFeeCents > 0) lines.push({ label: w.say('pdf.lateFee'), detail: w.say('pdf.lateFeeDetail'), amountMinor: row.lateFeeCents, currency: p.currency });
    return lines.reduce((sum, l) => sum + l.amountMinor, 0) === p.amountMinor ? lines : null;
  }

  /** The receipt of a rental's booking fee or rental payment (My Rentals links by rental, without payment ids). */
  async receiptOfRental(rentalId: string, kind: PaymentKind, caller?: AuthUser): Promise<PdfFile> {
    const [payment] = await this.txHost.db
      .select({ id: payments.id })
      .from(payments)
      .where(and(eq(payments.rentalId, rentalId), eq(payments.kind, kind), inArray(payments.status, PAID_STATUSES as PaymentRow['status'][])))
      .orderBy(payments.createdAt)
      .limit(1);
    if (!payment) throw new NotFoundException('Receipt not found');
    return this.receipt(payment.id, caller);
  }

  /** A rental's invoice, itemised (booking fee, hours/days/weeks, late fee, refunds): its owner or an admin. */
  async invoice(rentalId: string, caller?: AuthUser): Promise<PdfFile> {
    const view = await this.rentals.findView(rentalId);
    if (!view || (caller && caller.role !== 'admin' && view.user.id !== caller.id)) throw new NotFoundException('Invoice not found');
    const rental = this.views.toDto(view) as unknown as Json;
    const list: PaymentRow[] = await this.txHost.db.select().from(payments).where(eq(payments.rentalId, rentalId)).orderBy(payments.createdAt);
    const paidList = list.filter((p) => PAID_STATUSES.includes(String(p.status)));
    if (!paidList.length && !['returned', 'paid'].includes(view.rental.status)) throw new NotFoundException('Invoice not found');
    const number = formatDocumentNumber('invoice', await this.ensureNumber('invoice', rentalId));
    const [owner] = await this.txHost.db.select().from(users).where(eq(users.id, view.user.id));
    const lines: DocumentLine[] = [];
    const charged = new Map<string, number>();
    const add = (line: DocumentLine, charge = true) => {
      lines.push(line);
      if (charge) charged.set(line.currency, (charged.get(line.currency) ?? 0) + line.amountMinor);
    };
    const cancelled = view.rental.status === 'cancelled';
    const shop = shopInfo(this.config);
    const w = wordsFor(localeOf(owner), shop.timeZone);
    const fee = list.find((p) => p.kind === 'booking_fee' && PAID_STATUSES.includes(String(p.status)));
    if (fee) {
      const kept = cancelled && String(fee.status) === 'succeeded';
      add({
        label: w.say(kept ? 'pdf.bookingFeeKept' : 'pdf.bookingFee'),
        detail: w.say(kept ? 'pdf.bookingFeeKeptDetail' : 'pdf.bookingFeePaid'),
        amountMinor: fee.amountMinor,
        currency: fee.currency,
      });
    }
    const currency = String(rental.currency ?? view.rental.currency);
    const lateFee = cents(rental.lateFee, currency) ?? 0;
    const quote = obj(rental.quote);
    const quoteLines = Array.isArray(quote.lines) ? (quote.lines as unknown[]).map(obj) : [];
    if (cancelled) {
      // A cancelled booking charges nothing for the rental (what was paid for it is refunded, listed below).
      const detail = view.rental.cancelledAt ? w.say('pdf.rentalCancelledOn', { time: w.time(view.rental.cancelledAt.toISOString()) }) : w.say('pdf.rentalCancelledDetail');
      add({ label: w.say('pdf.rentalCancelled'), detail, amountMinor: 0, currency });
    } else if (quoteLines.length) {
      // The engine's fixed-window quote: whole weeks, days and started hours.
      for (const l of quoteLines) {
        const lineCurrency = String(quote.currency ?? currency);
        const amount = cents(l.amount, lineCurrency);
        if (amount === null) continue;
        const unit = cents(l.unitAmount, lineCurrency);
        add({
          label: typeof l.label === 'string' ? w.quoteLabel(l.label) : w.say('pdf.rental'),
          detail: unit !== null && typeof l.quantity === 'number' ? w.say('pdf.unitTimes', { quantity: l.quantity, price: w.money(unit, String(quote.currency ?? currency)) }) : undefined,
          amountMinor: amount,
          currency: String(quote.currency ?? currency),
        });
      }
    } else if (view.rental.totalCostCents > 0) {
      const hourly = view.rental.pricePerHourCents * view.rental.quantity;
      const base = view.rental.totalCostCents - lateFee;
      const hours = hourly > 0 ? Math.round(base / hourly) : 0;
      add({
        label: w.say('pdf.rentalHours', { hours }),
        detail: w.say('pdf.rentalHoursDetail', { hours, price: w.money(view.rental.pricePerHourCents, currency), quantity: view.rental.quantity }),
        amountMinor: base,
        currency,
      });
    }
    if (lateFee > 0 && !cancelled) add({ label: w.say('pdf.lateFee'), detail: w.say('pdf.lateFeeDetail'), amountMinor: lateFee, currency });
    // Gift-card payments as their own lines (how it was paid; not part of the total).
    const last4 = await this.giftCardLast4(paidList.map((p) => p.giftCardId));
    for (const p of paidList) {
      if (!p.giftCardId || p.giftCardMinor <= 0) continue;
      const kind = p.kind === 'booking_fee' || p.kind === 'late_fee' ? p.kind : 'rental';
      add(
        {
          label: w.say('pdf.giftCard', { last4: last4.get(p.giftCardId) ?? '' }),
          detail: w.say(String(p.status) === 'refunded' ? 'pdf.paidTowardsRefunded' : 'pdf.paidTowards', { kind }),
          amountMinor: p.giftCardMinor,
          currency: p.currency,
          tender: true,
        },
        false,
      );
    }
    for (const p of list.filter((x) => String(x.status) === 'refunded')) {
      const when = p.refundedAt ? w.say('pdf.refundedOn', { time: w.time(p.refundedAt.toISOString()) }) : w.say('pdf.refunded');
      // A refunded booking fee is not charged; a refunded rental or late-fee payment was money given back, not a
      // lower price: it leaves the total alone and is not part of what was paid.
      add(
        {
          label: w.say('pdf.refundOf', { kind: p.kind === 'booking_fee' || p.kind === 'late_fee' ? p.kind : 'rental' }),
          detail: p.kind === 'booking_fee' ? when : w.say('pdf.notInTotal', { refunded: when }),
          amountMinor: -p.amountMinor,
          currency: p.currency,
        },
        p.kind === 'booking_fee',
      );
    }
    // Per currency, never across currencies: the money kept (succeeded, not flagged for refund).
    const paid = new Map<string, number>();
    for (const p of paidList) {
      const keptMinor = String(p.status) === 'succeeded' && !p.paidAfterCloseAt ? p.amountMinor : 0;
      paid.set(p.currency, (paid.get(p.currency) ?? 0) + keptMinor);
    }
    // The security deposit apart from the rental's price: held and released money is no charge; what was kept is,
    // and it was taken from the hold (paid).
    const deposit = obj(rental.deposit);
    if (deposit.status && deposit.status !== 'none') {
      const depositCurrency = String(deposit.currency ?? currency);
      const kept = cents(deposit.capturedAmount, depositCurrency) ?? 0;
      const state = w.say('pdf.depositState', { state: String(deposit.status) });
      add({ label: w.say('pdf.deposit'), detail: w.say('pdf.depositDetail', { amount: w.money(cents(deposit.amount, depositCurrency) ?? 0, depositCurrency), state }), amountMinor: 0, currency: depositCurrency }, false);
      if (kept > 0) {
        add({ label: w.say('pdf.depositKept'), detail: deposit.reason ? String(deposit.reason) : undefined, amountMinor: kept, currency: depositCurrency });
        paid.set(depositCurrency, (paid.get(depositCurrency) ?? 0) + kept);
      }
    }
    const currencies = [...new Set([...charged.keys(), ...paid.keys()])];
    return this.render({
      title: 'Invoice',
      locale: w.locale,
      number,
      issuedAt: this.clock.now().toISOString(),
      billedTo: { name: owner?.name ?? view.user.name, email: owner?.email ?? view.user.email, address: owner?.address },
      reference: view.rental.paymentRef,
      facts: [
        [w.say('pdf.bike'), `${view.bike.name} (${view.bike.brand} ${view.bike.model})`],
        [w.say('pdf.quantity'), w.number(view.rental.quantity)],
        [w.say('pdf.pickUp'), w.time(String(rental.startTime))],
        [w.say('pdf.return'), rental.returnTime ? w.time(String(rental.returnTime)) : rental.endTime ? w.say('pdf.returnDue', { time: w.time(String(rental.endTime)) }) : w.say('pdf.notReturned')],
        [w.say('pdf.status'), w.say('pdf.statusValue', { status: view.rental.status })],
      ],
      lines,
      totals: currencies.map((c) => {
        const ch = charged.get(c) ?? 0;
        const pd = paid.get(c) ?? 0;
        // A cancelled booking owes nothing: its fee was paid (kept or refunded) and the rental is not charged.
        return { currency: c, charged: ch, paid: pd, due: cancelled ? 0 : Math.max(0, ch - pd) };
      }),
    });
  }

  /** Several receipts' numbers for a list (the admin payments export). */
  async numbersOf(kind: DocumentKind, refIds: string[]): Promise<Map<string, string>> {
    if (!refIds.length) return new Map();
    const rows = await this.txHost.db
      .select({ refId: documentNumbers.refId, number: documentNumbers.number })
      .from(documentNumbers)
      .where(and(eq(documentNumbers.kind, kind), inArray(documentNumbers.refId, refIds)));
    return new Map(rows.map((r) => [r.refId, formatDocumentNumber(kind, r.number)]));
  }

  async render(model: DocumentModel): Promise<PdfFile> {
    const content = await renderPdf(model, shopInfo(this.config));
    return { filename: `${model.title.toLowerCase()}-${model.number}.pdf`, number: model.number, content };
  }
}

/**
 * Lays a document out on an A4 page in the shop's look (teal band, name and address) in the document's language:
 * Helvetica, and for Bangla Noto Sans Bengali for the Bengali text (src/common/pdf-script.ts).
 */
export function renderPdf(model: DocumentModel, shop: ShopInfo): Promise<Buffer> {
  const w = wordsFor(model.locale ?? 'en', shop.timeZone);
  const title = w.say(model.title === 'Receipt' ? 'pdf.receipt' : 'pdf.invoice');
  const doc = new PDFDocument({ size: 'A4', margin: 50, info: { Title: `${title} ${model.number}`, Author: shop.name, Producer: shop.name, Creator: shop.name } });
  const chunks: Buffer[] = [];
  const done = new Promise<Buffer>((resolve, reject) => {
    doc.on('data', (c: Buffer) => chunks.push(c));
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);
  });
  const pen = pdfWriter(doc, w.locale);
  const teal = '#0f766e';
  const muted = '#5b6b68';
  const W = doc.page.width;
  const left = 50;
  const right = W - 50;

  doc.rect(0, 0, W, 90).fill(teal);
  doc.fillColor('#ffffff');
  pen.face('Helvetica-Bold');
  doc.fontSize(22);
  pen.text(shop.name, left, 28, { width: 300 });
  pen.face('Helvetica');
  doc.fontSize(9);
  pen.text(shop.address, left, 56, { width: 300 });
  pen.face('Helvetica-Bold');
  doc.fontSize(18);
  pen.text(title.toUpperCase(), 300, 28, { width: right - 300, align: 'right' });
  pen.face('Helvetica');
  doc.fontSize(10);
  pen.text(model.number, 300, 52, { width: right - 300, align: 'right' });

  let y = 115;
  doc.fillColor(muted).fontSize(9);
  pen.text(w.say('pdf.billedTo'), left, y);
  pen.text(w.say('pdf.details'), 300, y);
  y += 14;
  // Each line below the one before, however many lines a long name, address or email wraps to.
  doc.fillColor('#10211e');
  pen.face('Helvetica-Bold');
  doc.fontSize(11);
  pen.text(model.billedTo.name, left, y, { width: 230 });
  pen.face('Helvetica');
  doc.fontSize(10);
  pen.text(model.billedTo.email, left, doc.y + 2, { width: 230 });
  if (model.billedTo.address) pen.text(model.billedTo.address, left, doc.y + 2, { width: 230 });
  const billedToEnd = doc.y;
  const facts: [string, string][] = [
    [w.say('pdf.date'), w.time(model.issuedAt)],
    [w.say('pdf.reference'), model.reference],
    ...model.facts,
  ];
  let fy = y;
  for (const [k, v] of facts) {
    doc.fillColor(muted).fontSize(9);
    pen.text(k, 300, fy, { width: 95 });
    const keyEnd = doc.y;
    doc.fillColor('#10211e').fontSize(9);
    pen.text(v, 395, fy, { width: right - 395 });
    fy = Math.max(doc.y, w.locale === 'en' ? 0 : keyEnd) + 3;
  }
  y = Math.max(fy, billedToEnd, y + 60) + 20;

  doc.rect(left, y, right - left, 22).fill('#e7f5f2');
  doc.fillColor('#0b5c56');
  pen.face('Helvetica-Bold');
  doc.fontSize(10);
  pen.text(w.say('pdf.item'), left + 8, y + 6).text(w.say('pdf.amount'), right - 120, y + 6, { width: 112, align: 'right' });
  y += 28;
  pen.face('Helvetica');
  doc.fillColor('#10211e');
  for (const line of model.lines) {
    doc.fontSize(10).fillColor(line.tender ? muted : '#10211e');
    pen.text(line.label, left + 8, y, { width: 330 });
    const labelEnd = doc.y;
    pen.text(w.signed(line.amountMinor, line.currency), right - 120, y, { width: 112, align: 'right' });
    y = Math.max(doc.y, w.locale === 'en' ? 0 : labelEnd) + 1;
    if (line.detail) {
      doc.fontSize(8.5).fillColor(muted);
      pen.text(line.detail, left + 8, y, { width: 330 });
      y = doc.y;
    }
    y += 6;
    doc.moveTo(left, y).lineTo(right, y).lineWidth(0.5).strokeColor('#dfe7e5').stroke();
    y += 6;
  }
  y += 6;
  for (const t of model.totals) {
    const rows: [string, number, boolean][] = [
      [w.say('pdf.total', { currency: t.currency }), t.charged, true],
      [w.say('pdf.paid'), t.paid, false],
      ...(t.due > 0 ? ([[w.say('pdf.balanceDue'), t.due, true]] as [string, number, boolean][]) : []),
    ];
    for (const [label, value, bold] of rows) {
      pen.face(bold ? 'Helvetica-Bold' : 'Helvetica');
      doc.fontSize(10).fillColor('#10211e');
      pen.text(label, right - 300, y, { width: 170, align: 'right' });
      pen.text(w.money(value, t.currency), right - 120, y, { width: 112, align: 'right' });
      y += w.locale === 'bn' ? 20 : 16;
    }
    y += 4;
  }
  if (model.note) {
    pen.face('Helvetica');
    doc.fontSize(10).fillColor(teal);
    pen.text(model.note, left, y + 16, { width: right - left });
  }
  doc.fontSize(8).fillColor(muted);
  pen.text(`${shop.name} - ${shop.address}`, left, doc.page.height - 70, { width: right - left, align: 'center', lineBreak: false });
  doc.end();
  return done;
}

/**
 * The gift card PDF: an A4 page with the card (teal band, amount, message), its code and QR code, in `locale` (the
 * purchaser's language; English as before): Helvetica, and for Bangla Noto Sans Bengali for the Bengali text.
 */
export function renderGiftCardPdf(card: {
  shop: ShopInfo;
  code: string;
  qr: Buffer;
  amountMinor: number;
  currency: string;
  to: string;
  message: string;
  expiresAt: Date | null;
  url: string;
  locale?: Locale;
}): Promise<Buffer> {
  const { shop } = card;
  const w = wordsFor(card.locale ?? 'en', shop.timeZone);
  const doc = new PDFDocument({ size: 'A4', margin: 50, info: { Title: w.say('desk.giftPdf.title', { last4: card.code.slice(-4) }), Author: shop.name, Producer: shop.name, Creator: shop.name } });
  const chunks: Buffer[] = [];
  const done = new Promise<Buffer>((resolve, reject) => {
    doc.on('data', (c: Buffer) => chunks.push(c));
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);
  });
  const pen = pdfWriter(doc, w.locale);
  const teal = '#0f766e';
  const ink = '#10211e';
  const muted = '#5b6b68';
  const W = doc.page.width;
  const left = 60;
  const width = W - 120;
  // The card: a rounded teal panel.
  doc.roundedRect(left, 60, width, 250, 16).fill(teal);
  doc.fillColor('#ffffff').fontSize(26);
  pen.face('Helvetica-Bold').text(shop.name, left + 30, 90, { width: width - 60 });
  doc.fontSize(13);
  pen.face('Helvetica').text(w.say('desk.giftPdf.heading'), left + 30, 126, { width: width - 60, characterSpacing: w.locale === 'bn' ? 0 : 2 });
  doc.fontSize(44);
  pen.face('Helvetica-Bold').text(w.money(card.amountMinor, card.currency), left + 30, 170, { width: width - 60 });
  doc.fontSize(13);
  pen.face('Helvetica').text(w.say('desk.giftPdf.for', { name: card.to }), left + 30, 240, { width: width - 60 });
  let y = 340;
  if (card.message) {
    doc.fillColor(ink).fontSize(13);
    pen.face('Helvetica-Oblique').text(w.say('desk.giftPdf.message', { message: card.message }), left, y, { width });
    y = doc.y + 24;
  }
  doc.fillColor(muted).fontSize(10);
  pen.face('Helvetica').text(w.say('desk.giftPdf.yourCode'), left, y);
  doc.fillColor(ink).fontSize(19);
  pen.face('Courier-Bold').text(card.code, left, y + 16, { width: width - 160, lineBreak: false });
  doc.image(card.qr, left + width - 150, y - 6, { width: 150 });
  y += 60;
  doc.fillColor(ink).fontSize(10.5);
  pen.face('Helvetica');
  const howTo = [
    w.say('desk.giftPdf.howTo'),
    w.say('desk.giftPdf.scan'),
    card.expiresAt ? w.say('desk.giftPdf.validUntil', { time: w.time(card.expiresAt.toISOString()) }) : w.say('desk.giftPdf.noExpiry'),
  ];
  for (const line of howTo) {
    pen.text(line, left, y, { width: width - 170 });
    y = doc.y + 6;
  }
  doc.fillColor(muted).fontSize(8.5);
  pen.text(card.url.replace(/#.*$/, ''), left, Math.max(y + 10, doc.y + 10), { width: width - 170 });
  doc.fontSize(8).fillColor(muted);
  pen.text(`${shop.name} - ${shop.address}`, left, doc.page.height - 70, { width, align: 'center', lineBreak: false });
  doc.end();
  return done;
}
