import { Injectable, NotFoundException } from '@nestjs/common';
import { and, eq, inArray } from 'drizzle-orm';
import PDFDocument from 'pdfkit';
import { Clock } from '../../common/clock.js';
import { AuthUser } from '../../common/decorators.js';
import { AppConfig } from '../../config/app-config.js';
import { TransactionHost } from '../../database/transaction-host.js';
import { documentNumbers, DocumentKind } from '../../database/schema/notifications.js';
import { PaymentKind, payments, PaymentRow } from '../../database/schema/payments.js';
import { users } from '../../database/schema/users.js';
import { formatMoney, minorOfOwnMajor } from '../../common/money.js';
import { toPaymentDto } from '../payments/payments.dto.js';
import { PaymentsRepository } from '../payments/payments.repository.js';
import { RentalViews } from '../rentals/rental-views.js';
import { RentalsRepository } from '../rentals/rentals.repository.js';
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
}

export interface DocumentModel {
  title: 'Receipt' | 'Invoice';
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
/** The deposit's state on an invoice. */
const DEPOSIT_WORDS: Record<string, string> = {
  pending: 'to be held on the card before the start (not charged)',
  held: 'held on the card (not charged)',
  released: 'released',
  captured: 'kept in full',
  partially_captured: 'partly kept, the rest released',
  failed: 'hold declined',
  expired: 'hold expired',
};
type Json = Record<string, unknown>;
const obj = (v: unknown): Json => (v && typeof v === 'object' ? (v as Json) : {});
const cents = (major: unknown): number | null => (typeof major === 'number' && Number.isFinite(major) ? minorOfOwnMajor(major) : null);

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
  ) {}

  /** The document's number, given once: the same ref always gets the same number, consecutive refs consecutive numbers. */
  ensureNumber(kind: DocumentKind, refId: string): Promise<number> {
    return this.documentNumbers.ensure(kind, refId);
  }

  /** A payment's receipt: its owner or an admin; 404 for anyone else and for payments not (yet) paid. */
  async receipt(paymentId: string, caller?: AuthUser): Promise<PdfFile> {
    const view = await this.payments.findView({ id: paymentId });
    if (!view || (caller && caller.role !== 'admin' && view.payment.userId !== caller.id) || !PAID_STATUSES.includes(view.payment.status)) {
      throw new NotFoundException('Receipt not found');
    }
    const dto = toPaymentDto(view);
    const number = formatDocumentNumber('receipt', await this.ensureNumber('receipt', paymentId));
    const [owner] = await this.txHost.db.select().from(users).where(eq(users.id, view.payment.userId));
    const p = view.payment;
    const what = p.kind === 'booking_fee' ? 'Booking fee' : 'Rental';
    const lines: DocumentLine[] = [
      { label: `${what}: ${view.bike.name}`, detail: `Quantity ${view.rental.quantity}, booking ${view.rental.paymentRef}`, amountMinor: p.amountMinor, currency: p.currency },
    ];
    if (String(p.status) === 'refunded') {
      const when = p.refundedAt ? formatShopTime(p.refundedAt.toISOString(), shopInfo(this.config).timeZone) : null;
      lines.push({ label: 'Refunded', detail: when ? `Back to the payer ${when}` : undefined, amountMinor: -p.amountMinor, currency: p.currency });
    }
    // What was kept: the payment less its refund (the total and the paid line agree, as on the invoice).
    const paid = lines.reduce((s, l) => s + l.amountMinor, 0);
    return this.render({
      title: 'Receipt',
      number,
      issuedAt: dto.completedAt ?? dto.createdAt,
      billedTo: { name: owner?.name ?? '', email: owner?.email ?? '', address: owner?.address },
      reference: view.rental.paymentRef,
      facts: [
        ['Payment id', p.id],
        ['Paid with', p.provider === 'sandbox' ? 'Sandbox gateway' : p.provider],
        ['Status', String(p.status)],
      ],
      lines,
      totals: [{ currency: p.currency, charged: paid, paid, due: 0 }],
      note: 'Thank you for riding with us.',
    });
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
    const fee = list.find((p) => p.kind === 'booking_fee' && PAID_STATUSES.includes(String(p.status)));
    if (fee) {
      const kept = cancelled && String(fee.status) === 'succeeded';
      add({
        label: kept ? 'Booking fee (kept)' : 'Booking fee',
        detail: kept ? 'Cancelled after the free-cancellation deadline: the booking fee is kept' : 'Paid when booking',
        amountMinor: fee.amountMinor,
        currency: fee.currency,
      });
    }
    const currency = String(rental.currency ?? view.rental.currency);
    const lateFee = cents(rental.lateFee) ?? 0;
    const quote = obj(rental.quote);
    const quoteLines = Array.isArray(quote.lines) ? (quote.lines as unknown[]).map(obj) : [];
    if (cancelled) {
      // A cancelled booking charges nothing for the rental (what was paid for it is refunded, listed below).
      const when = view.rental.cancelledAt ? ` ${formatShopTime(view.rental.cancelledAt.toISOString(), shop.timeZone)}` : '';
      add({ label: 'Rental: cancelled', detail: `Cancelled${when}: the rental is not charged`, amountMinor: 0, currency });
    } else if (quoteLines.length) {
      // The engine's fixed-window quote: whole weeks, days and started hours.
      for (const l of quoteLines) {
        const amount = cents(l.amount);
        if (amount === null) continue;
        const unit = cents(l.unitAmount);
        add({
          label: String(l.label ?? 'Rental'),
          detail: unit !== null && typeof l.quantity === 'number' ? `${l.quantity} x ${formatMoney(unit, String(quote.currency ?? currency))}` : undefined,
          amountMinor: amount,
          currency: String(quote.currency ?? currency),
        });
      }
    } else if (view.rental.totalCostCents > 0) {
      const hourly = view.rental.pricePerHourCents * view.rental.quantity;
      const base = view.rental.totalCostCents - lateFee;
      const hours = hourly > 0 ? Math.round(base / hourly) : 0;
      add({
        label: `Rental: ${hours} hour${hours === 1 ? '' : 's'}`,
        detail: `${hours} h x ${formatMoney(view.rental.pricePerHourCents, currency)} x ${view.rental.quantity} bike${view.rental.quantity === 1 ? '' : 's'}`,
        amountMinor: base,
        currency,
      });
    }
    if (lateFee > 0 && !cancelled) add({ label: 'Late fee', detail: 'Returned after the end of the window', amountMinor: lateFee, currency });
    for (const p of list.filter((x) => String(x.status) === 'refunded')) {
      const when = p.refundedAt ? `Refunded ${formatShopTime(p.refundedAt.toISOString(), shop.timeZone)}` : 'Refunded';
      // A refunded booking fee is not charged; a refunded rental or late-fee payment was money given back, not a
      // lower price: it leaves the total alone and is not part of what was paid.
      add(
        {
          label: p.kind === 'booking_fee' ? 'Refund: booking fee' : p.kind === 'late_fee' ? 'Refund: late fee' : 'Refund: rental',
          detail: p.kind === 'booking_fee' ? when : `${when}; not part of the total`,
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
      const kept = cents(deposit.capturedAmount) ?? 0;
      add({ label: 'Security deposit', detail: `${formatMoney(cents(deposit.amount) ?? 0, depositCurrency)}, ${DEPOSIT_WORDS[String(deposit.status)] ?? String(deposit.status)}`, amountMinor: 0, currency: depositCurrency }, false);
      if (kept > 0) {
        add({ label: 'Deposit kept', detail: deposit.reason ? String(deposit.reason) : undefined, amountMinor: kept, currency: depositCurrency });
        paid.set(depositCurrency, (paid.get(depositCurrency) ?? 0) + kept);
      }
    }
    const currencies = [...new Set([...charged.keys(), ...paid.keys()])];
    return this.render({
      title: 'Invoice',
      number,
      issuedAt: this.clock.now().toISOString(),
      billedTo: { name: owner?.name ?? view.user.name, email: owner?.email ?? view.user.email, address: owner?.address },
      reference: view.rental.paymentRef,
      facts: [
        ['Bike', `${view.bike.name} (${view.bike.brand} ${view.bike.model})`],
        ['Quantity', String(view.rental.quantity)],
        ['Pick-up', formatShopTime(String(rental.startTime), shop.timeZone)],
        ['Return', rental.returnTime ? formatShopTime(String(rental.returnTime), shop.timeZone) : rental.endTime ? `due ${formatShopTime(String(rental.endTime), shop.timeZone)}` : 'not returned yet'],
        ['Status', view.rental.status],
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

/** Lays a document out on an A4 page in the shop's look (teal band, name and address), Helvetica only. */
export function renderPdf(model: DocumentModel, shop: ShopInfo): Promise<Buffer> {
  const doc = new PDFDocument({ size: 'A4', margin: 50, info: { Title: `${model.title} ${model.number}`, Author: shop.name, Producer: shop.name, Creator: shop.name } });
  const chunks: Buffer[] = [];
  const done = new Promise<Buffer>((resolve, reject) => {
    doc.on('data', (c: Buffer) => chunks.push(c));
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);
  });
  const teal = '#0f766e';
  const muted = '#5b6b68';
  const W = doc.page.width;
  const left = 50;
  const right = W - 50;

  doc.rect(0, 0, W, 90).fill(teal);
  doc.fillColor('#ffffff').font('Helvetica-Bold').fontSize(22).text(shop.name, left, 28, { width: 300 });
  doc.font('Helvetica').fontSize(9).text(shop.address, left, 56, { width: 300 });
  doc.font('Helvetica-Bold').fontSize(18).text(model.title.toUpperCase(), 300, 28, { width: right - 300, align: 'right' });
  doc.font('Helvetica').fontSize(10).text(model.number, 300, 52, { width: right - 300, align: 'right' });

  let y = 115;
  doc.fillColor(muted).fontSize(9).text('BILLED TO', left, y);
  doc.text('DETAILS', 300, y);
  y += 14;
  // Each line below the one before, however many lines a long name, address or email wraps to.
  doc.fillColor('#10211e').font('Helvetica-Bold').fontSize(11).text(model.billedTo.name, left, y, { width: 230 });
  doc.font('Helvetica').fontSize(10).text(model.billedTo.email, left, doc.y + 2, { width: 230 });
  if (model.billedTo.address) doc.text(model.billedTo.address, left, doc.y + 2, { width: 230 });
  const billedToEnd = doc.y;
  const facts: [string, string][] = [
    ['Date', formatShopTime(model.issuedAt, shop.timeZone)],
    ['Booking reference', model.reference],
    ...model.facts,
  ];
  let fy = y;
  for (const [k, v] of facts) {
    doc.fillColor(muted).fontSize(9).text(k, 300, fy, { width: 95 });
    doc.fillColor('#10211e').fontSize(9).text(v, 395, fy, { width: right - 395 });
    fy = doc.y + 3;
  }
  y = Math.max(fy, billedToEnd, y + 60) + 20;

  doc.rect(left, y, right - left, 22).fill('#e7f5f2');
  doc.fillColor('#0b5c56').font('Helvetica-Bold').fontSize(10).text('Item', left + 8, y + 6).text('Amount', right - 120, y + 6, { width: 112, align: 'right' });
  y += 28;
  doc.font('Helvetica').fillColor('#10211e');
  for (const line of model.lines) {
    doc.fontSize(10).fillColor('#10211e').text(line.label, left + 8, y, { width: 330 });
    const amount = (line.amountMinor < 0 ? '-' : '') + formatMoney(Math.abs(line.amountMinor), line.currency);
    doc.text(amount, right - 120, y, { width: 112, align: 'right' });
    y = doc.y + 1;
    if (line.detail) {
      doc.fontSize(8.5).fillColor(muted).text(line.detail, left + 8, y, { width: 330 });
      y = doc.y;
    }
    y += 6;
    doc.moveTo(left, y).lineTo(right, y).lineWidth(0.5).strokeColor('#dfe7e5').stroke();
    y += 6;
  }
  y += 6;
  for (const t of model.totals) {
    const rows: [string, number, boolean][] = [
      [`Total (${t.currency})`, t.charged, true],
      ['Paid', t.paid, false],
      ...(t.due > 0 ? ([['Balance due', t.due, true]] as [string, number, boolean][]) : []),
    ];
    for (const [label, value, bold] of rows) {
      doc.font(bold ? 'Helvetica-Bold' : 'Helvetica').fontSize(10).fillColor('#10211e');
      doc.text(label, right - 300, y, { width: 170, align: 'right' });
      doc.text(formatMoney(value, t.currency), right - 120, y, { width: 112, align: 'right' });
      y += 16;
    }
    y += 4;
  }
  if (model.note) doc.font('Helvetica').fontSize(10).fillColor(teal).text(model.note, left, y + 16, { width: right - left });
  doc
    .fontSize(8)
    .fillColor(muted)
    .text(`${shop.name} - ${shop.address}`, left, doc.page.height - 70, { width: right - left, align: 'center', lineBreak: false });
  doc.end();
  return done;
}

