import { eq } from 'drizzle-orm';
import fc from 'fast-check';
import { currencyExponent } from '../../locales/currency.js';
import { bikes } from '../../src/database/schema/bikes.js';
import { damageReports } from '../../src/database/schema/counter.js';
import { giftCards } from '../../src/database/schema/gift-cards.js';
import { outboxEmails } from '../../src/database/schema/notifications.js';
import { payments } from '../../src/database/schema/payments.js';
import { rentals } from '../../src/database/schema/rentals.js';
import { GiftCardsService } from '../../src/modules/payments/gift-cards/gift-cards.service.js';
import { createAdmin, createUser, TestUser } from '../support/factories.js';
import { bikeBody } from '../support/bike-factories.js';
import { parseCsv } from '../support/csv.js';
import { renderedOutbox } from '../support/outbox.js';
import { pdfTextLines } from '../support/pdf-text.js';
import { choose, fullPayment, HOUR, MINUTE, pathOf, rentalTestEnv, clockAt } from '../support/rental-factories.js';
import { DepositsService } from '../../src/modules/rentals/deposits/deposits.service.js';
import { PaymentGateways } from '../../src/modules/payments/payment-gateways.js';
import { SandboxGateway } from '../../src/modules/payments/sandbox.gateway.js';
import { useTestApp } from '../support/test-app.js';

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- API answers read field by field in assertions
type Json = Record<string, any>;

/** `major` in minor units of `currency`, failing when it is not a whole number of them (a fractional minor unit). */
function minorOf(major: number, currency: string): number {
  const scaled = major * 10 ** currencyExponent(currency);
  const minor = Math.round(scaled);
  if (Math.abs(scaled - minor) > 1e-9) throw new Error(`${major} ${currency} is not a whole number of minor units`);
  return minor;
}

const binary = (res: import('superagent').Response, cb: (err: Error | null, body: Buffer) => void) => {
  const chunks: Buffer[] = [];
  res.on('data', (c: Buffer) => chunks.push(c));
  res.on('end', () => cb(null, Buffer.concat(chunks)));
};

/** A price in major units with the currency's own decimals (JPY none, KWD three). */
const priceOf = (currency: string, min: number, max: number) => fc.integer({ min, max }).map((minor) => minor / 10 ** currencyExponent(currency));

/**
 * Issue 27: a shop in JPY (no decimals) and one in KWD (three) quote, book, hold a deposit, capture part of it and
 * refund a payment through the API, over random windows, prices and add-ons: every amount is a whole number of the
 * currency's minor units, the quote's total is the booking's and the sum of its lines, captured + released = held.
 */
describe.each(['JPY', 'KWD'])('A shop in %s (issue 27)', (currency) => {
  const t = useTestApp(
    { ...rentalTestEnv, RENTAL_CURRENCY: currency, GIFT_CARD_MIN_AMOUNT: '1', GIFT_CARD_MAX_AMOUNT: '100000', GIFT_CARD_LOOKUP_RATE_LIMIT: '1000', BOOKING_RATE_LIMIT: '100000', REBOOK_COOLDOWN_MINUTES: '0', MAX_HELD_UNIT_DAYS: '0', MAX_UNITS_PER_ADDRESS: '0', MAX_PENDING_BOOKINGS: '1000' },
    { reset: false },
  );
  let admin: TestUser;
  const at = clockAt(t);
  const exp = currencyExponent(currency);
  beforeAll(async () => {
    await t.reset();
    admin = await createAdmin(t);
  });

  it('new bikes and add-ons take the shop currency; amounts with more decimals than it has are refused', async () => {
    const price = exp === 0 ? 1200 : 1.235;
    const bike = await t.http().post('/api/bikes').set('Authorization', admin.bearer).send(bikeBody({ pricePerHour: price, depositAmount: price })).expect(201);
    expect(bike.body.data).toMatchObject({ currency, pricePerHour: price, depositAmount: price });
    // Stored in the currency's own minor units (before: always x100, so 1200 JPY was 120000 and 12.5 JPY was taken).
    const [stored] = await t.db.select().from(bikes).where(eq(bikes.id, bike.body.data._id));
    expect([stored.pricePerHourCents, stored.depositAmountCents]).toEqual([1235, 1235].map((m) => (exp === 0 ? 1200 : m)));
    const quote = await t.http().get(`/api/bikes/${bike.body.data._id}/quote`).query({ startTime: at(2 * HOUR), endTime: at(3 * HOUR), quantity: 1 }).expect(200);
    expect(quote.body.data).toMatchObject({ total: price, currency, deposit: { amount: price, currency } });
    const tooFine = exp === 0 ? 12.5 : 1.2345;
    const bad = await t.http().post('/api/bikes').set('Authorization', admin.bearer).send(bikeBody({ pricePerHour: tooFine })).expect(400);
    expect(JSON.stringify(bad.body)).toContain('pricePerHour');
    const addon = await t.http().post('/api/addons').set('Authorization', admin.bearer).send({ name: 'Helmet', pricePerRental: price, stock: 5 }).expect(201);
    expect(addon.body.data).toMatchObject({ currency, pricePerRental: price });
  });

  it('quote = booking = sum of lines, deposit captured + released = held, refunds exact (property)', async () => {
    const user = await createUser(t);
    await fc.assert(
      fc.asyncProperty(
        fc.record({
          pricePerHour: priceOf(currency, 1, 100_000),
          pricePerDay: fc.option(priceOf(currency, 1, 1_000_000), { nil: null }),
          deposit: priceOf(currency, 1, 1_000_000),
          addonPerRental: priceOf(currency, 1, 100_000),
          addonPerDay: priceOf(currency, 0, 100_000),
          addonDeposit: priceOf(currency, 0, 100_000),
          addonQty: fc.integer({ min: 0, max: 3 }),
          quantity: fc.integer({ min: 1, max: 2 }),
          offsetHours: fc.integer({ min: 2, max: 20 }),
          minutes: fc.integer({ min: 60, max: 9 * 24 * 60 }),
          captureShare: fc.double({ min: 0.01, max: 1, noNaN: true }),
        }),
        async (c) => {
          const bike = await t
            .http()
            .post('/api/bikes')
            .set('Authorization', admin.bearer)
            .send(bikeBody({ pricePerHour: c.pricePerHour, pricePerDay: c.pricePerDay ?? undefined, depositAmount: c.deposit, quantity: 2 }))
            .expect(201);
          const bikeId = bike.body.data._id as string;
          const addon = await t
            .http()
            .post('/api/addons')
            .set('Authorization', admin.bearer)
            .send({ name: 'Pannier', pricePerRental: c.addonPerRental, pricePerDay: c.addonPerDay, deposit: c.addonDeposit, stock: 20, fits: 'bikes', fitBikeIds: [bikeId] })
            .expect(201);
          const addons = c.addonQty ? [{ addonId: addon.body.data._id as string, quantity: c.addonQty }] : [];
          const startTime = at(c.offsetHours * HOUR);
          const endTime = at(c.offsetHours * HOUR + c.minutes * 60_000);

          const quoted = await t
            .http()
            .get(`/api/bikes/${bikeId}/quote`)
            .query({ startTime, endTime, quantity: c.quantity, ...(addons.length ? { addons: `${addons[0].addonId}:${addons[0].quantity}` } : {}) })
            .expect(200);
          const q = quoted.body.data as Json;
          expect(q.currency).toBe(currency);
          const quoteTotal = minorOf(q.total, currency);
          expect((q.lines as Json[]).reduce((s, l) => s + minorOf(l.amount, currency), 0)).toBe(quoteTotal);
          const depositMinor = minorOf(q.deposit.amount, currency);
          expect(depositMinor).toBe(minorOf(c.deposit, currency) * c.quantity + minorOf(c.addonDeposit, currency) * c.addonQty);

          const booked = await t.http().post('/api/rentals').set('Authorization', user.bearer).send({ bikeId, startTime, endTime, quantity: c.quantity, addons }).expect(201);
          const rental = booked.body.data.rental as Json;
          expect(rental.currency).toBe(currency);
          expect(minorOf(rental.quote.total, currency)).toBe(quoteTotal);
          expect(minorOf(rental.totalCost, currency)).toBe(quoteTotal);
          expect((rental.quote.lines as Json[]).reduce((s, l) => s + minorOf(l.amount, currency), 0)).toBe(quoteTotal);
          const row = (await t.db.select().from(rentals).where(eq(rentals.id, rental._id)))[0];
          expect(row.totalCostCents).toBe(quoteTotal);
          await t.http().post(pathOf(booked.body.data.payment_url)).type('form').send({ outcome: 'pay', card: 'visa' }).expect(303);

          // Paying the rental up front: the checkout asks the exact total (a payment row of it, in minor units).
          const paid = await fullPayment(t, user, { paymentId: row.paymentRef, totalCost: rental.totalCost });
          expect(paid.status).toBe(200);
          await choose(t, paid.body.data.payment_url, 'pay').expect(303);
          const rentalPayments = (await t.db.select().from(payments).where(eq(payments.rentalId, rental._id))).filter((p) => p.kind === 'rental');
          expect(rentalPayments.map((p) => [p.amountMinor, p.currency, p.status])).toEqual([[quoteTotal, currency, 'succeeded']]);

          // The deposit: held whole, part captured, the rest released.
          const mine = async () => ((await t.http().get('/api/rentals').set('Authorization', user.bearer).expect(200)).body.data as Json[]).find((r) => r._id === rental._id)!;
          await t.app.get(DepositsService).holdNow(rental._id);
          const held = (await mine()).deposit as Json;
          expect(held).toMatchObject({ currency, status: 'held' });
          expect(minorOf(held.heldAmount, currency)).toBe(depositMinor);
          const captureMinor = Math.max(1, Math.min(depositMinor, Math.round(depositMinor * c.captureShare)));
          const captureMajor = captureMinor / 10 ** exp;
          await t.http().post(`/api/rentals/${rental._id}/deposit/capture`).set('Authorization', admin.bearer).send({ amount: captureMajor, reason: 'Scratched' }).expect(200);
          const after = (await mine()).deposit as Json;
          expect(minorOf(after.capturedAmount, currency)).toBe(captureMinor);
          expect(minorOf(after.heldAmount, currency)).toBe(depositMinor);
          const moved = (await t.app.get(DepositsService).movements(rental._id)).filter((m) => m.status !== 'failed');
          const sum = (kind: string) => moved.filter((m) => m.kind === kind).reduce((s, m) => s + m.amountMinor, 0);
          expect(sum('hold')).toBe(depositMinor);
          expect(sum('capture')).toBe(captureMinor);
          // A partial capture releases the rest at the gateway (no release movement): the card was charged exactly
          // the captured part of the hold, in the currency's minor units, and the rest went back.
          const hold = moved.find((m) => m.kind === 'hold')!;
          const intent = (t.app.get(PaymentGateways).get('sandbox') as SandboxGateway).deposits.intent(hold.providerRef!)!;
          expect([intent.amountMinor, intent.capturedMinor, intent.currency]).toEqual([depositMinor, captureMinor, currency]);
          expect(intent.status).toBe('succeeded');
          expect(sum('release')).toBe(0);

          // Cancelled ahead of the start: the up-front payment comes back whole.
          const cancelled = await t.http().post(`/api/rentals/${rental._id}/cancel`).set('Authorization', user.bearer);
          expect(cancelled.status).toBe(200);
          {
            const back = (await t.db.select().from(payments).where(eq(payments.rentalId, rental._id))).filter((p) => p.kind === 'rental');
            expect(back.map((p) => [p.amountMinor, p.status])).toEqual([[quoteTotal, 'refunded']]);
          }
        },
      ),
      { numRuns: 10, seed: 27 },
    );
  });

  it('a gift card, a fixed-amount code, a damage cost kept from the deposit, the exports, receipts and invoices: exact in the currency', async () => {
    /** The JPY or the KWD value of this shop. */
    const v = <T,>(jpy: T, kwd: T): T => (exp === 0 ? jpy : kwd);
    const user = await createUser(t, { name: 'Gift Holder' });

    // (a) A gift card sold in the shop currency; an amount with more decimals than it has is refused.
    const bad = await t.http().post('/api/gift-cards').set('Authorization', user.bearer).send({ amount: v(2500.5, 2.3455), recipientName: 'R', recipientEmail: 'r@example.com' }).expect(400);
    expect(bad.body.errors[0].path).toBe('amount');
    const cardAmount = v(2500, 2.345);
    const sold = await t.http().post('/api/gift-cards').set('Authorization', user.bearer).send({ amount: cardAmount, recipientName: 'Rahim Uddin', recipientEmail: 'rahim@example.com' }).expect(201);
    expect(sold.body.data.payment).toMatchObject({ kind: 'gift_card', amount: cardAmount, currency });
    expect(sold.body.data.giftCard).toMatchObject({ amount: cardAmount, balance: 0, currency });
    const page = new URL(sold.body.data.payment_url);
    await t.http().post(`${page.pathname}${page.search}`).type('form').send({ outcome: 'pay' }).expect(303);
    const [cardRow] = await t.db.select().from(giftCards).where(eq(giftCards.id, sold.body.data.giftCard._id));
    expect([cardRow.amountMinor, cardRow.currency, cardRow.status]).toEqual([v(2500, 2345), currency, 'active']);
    const code = t.app.get(GiftCardsService).printableCode(cardRow)!;
    const balance = async () => (await t.http().get(`/api/gift-cards/${encodeURIComponent(code)}`).expect(200)).body.data as Json;
    expect(await balance()).toMatchObject({ amount: cardAmount, balance: cardAmount, currency });

    // (b) A fixed-amount code in the shop currency, taken off the quote and the booking exactly.
    const bike = (
      await t.http().post('/api/bikes').set('Authorization', admin.bearer).send(bikeBody({ pricePerHour: v(1500, 1.255), depositAmount: v(10000, 10.125), quantity: 1 })).expect(201)
    ).body.data as Json;
    const codeName = `FIX${currency}`;
    const coupon = await t.http().post('/api/coupons').set('Authorization', admin.bearer).send({ code: codeName, kind: 'fixed', amountOff: v(700, 0.375) }).expect(201);
    expect(coupon.body.data).toMatchObject({ amountOff: v(700, 0.375), currency });
    const fine = await t.http().post('/api/coupons').set('Authorization', admin.bearer).send({ code: `FINE${currency}`, kind: 'fixed', amountOff: v(12.5, 1.2345) }).expect(400);
    expect(JSON.stringify(fine.body)).toContain('amountOff');
    const startTime = at(MINUTE);
    const endTime = at(MINUTE + 3 * HOUR);
    const total = v(3800, 3.39);
    const quote = await t.http().get(`/api/bikes/${bike._id}/quote`).query({ startTime, endTime, quantity: 1, coupon: codeName }).expect(200);
    expect(quote.body.data).toMatchObject({ total, discount: v(700, 0.375), currency });
    const booked = await t.http().post('/api/rentals').set('Authorization', user.bearer).send({ bikeId: bike._id, startTime, endTime, quantity: 1, coupon: codeName }).expect(201);
    const rental = booked.body.data.rental as Json;
    expect(rental.totalCost).toBe(total);
    expect((await t.db.select().from(rentals).where(eq(rentals.id, rental._id)))[0].totalCostCents).toBe(v(3800, 3390));
    await t.http().post(pathOf(booked.body.data.payment_url)).type('form').send({ outcome: 'pay', card: 'visa' }).expect(303);

    // The gift card pays what its balance allows, the gateway the rest.
    const paid = await fullPayment(t, user, { paymentId: rental.paymentId, totalCost: total, giftCardCode: code }).expect(200);
    expect(paid.body.data.payment).toMatchObject({ amount: total, currency, status: 'pending' });
    await choose(t, paid.body.data.payment_url, 'pay').expect(303);
    const [pay] = (await t.db.select().from(payments).where(eq(payments.rentalId, rental._id))).filter((p) => p.kind === 'rental');
    expect([pay.amountMinor, pay.giftCardMinor, pay.currency, pay.status]).toEqual([v(3800, 3390), v(2500, 2345), currency, 'succeeded']);
    expect(await balance()).toMatchObject({ balance: 0, currency });
    const payment = await t.http().get(`/api/payments/${pay.id}`).set('Authorization', user.bearer).expect(200);
    expect(payment.body.data).toMatchObject({ amount: total, currency });

    // (c) The counter: a damage cost in the currency's own decimals, kept from the deposit.
    t.clock.advance(2 * MINUTE);
    const unitId = (rental.units as Json[])[0]._id as string;
    const out = await t.http().post(`/api/counter/rentals/${rental._id}/check-out`).set('Authorization', admin.bearer).send({ unitIds: [unitId] }).expect(200);
    expect(out.body.data.rental.deposit).toMatchObject({ status: 'held', heldAmount: v(10000, 10.125), currency });
    t.clock.advance(HOUR);
    const checklist = { frame: 'damaged', wheels: 'ok', brakes: 'ok', lights: 'ok', lock: 'ok', battery: 'na' };
    const checkIn = (cost: number) =>
      t.http().post(`/api/counter/rentals/${rental._id}/check-in`).set('Authorization', admin.bearer).send({ units: [{ unitId, checklist, damage: [{ part: 'frame', severity: 'minor', cost, description: 'scratch' }] }] });
    const refused = await checkIn(v(12.5, 1.2345)).expect(400);
    expect(JSON.stringify(refused.body.errors)).toContain('cost');
    const damage = v(3000, 3.125);
    const done = (await checkIn(damage).expect(200)).body.data as Json;
    expect(done.damageReports[0]).toMatchObject({ cost: damage, items: [{ part: 'frame', cost: damage }] });
    const [report] = await t.db.select().from(damageReports).where(eq(damageReports.rentalId, rental._id));
    expect([report.costMinor, report.currency]).toEqual([v(3000, 3125), currency]);
    const kept = (await t.http().post(`/api/counter/rentals/${rental._id}/deposit`).set('Authorization', admin.bearer).send({ action: 'capture', amount: damage, damageReportId: report.id }).expect(200)).body.data as Json;
    expect(kept.rental.deposit).toMatchObject({ status: 'partially_captured', amount: v(10000, 10.125), capturedAmount: damage, currency });
    expect(kept.damageReports[0].depositKept).toBe(damage);
    expect((await t.db.select().from(damageReports).where(eq(damageReports.id, report.id)))[0].depositKeptMinor).toBe(v(3000, 3125));
    const moved = (await t.app.get(DepositsService).movements(rental._id)).filter((m) => m.kind === 'capture' && m.status !== 'failed');
    expect(moved.map((m) => m.amountMinor)).toEqual([v(3000, 3125)]);
    const summary = await renderedOutbox(t, eq(outboxEmails.kind, 'check_in_summary'));
    expect(summary.map((e) => e.textBody).join('\n')).toContain(v('JPY 3,000', 'KWD 3.125'));

    // (d) Exports, receipts, invoices and the dashboard: the currency's own decimals.
    const csv = async (kind: string) => parseCsv((await t.http().get(`/api/exports/${kind}`).set('Authorization', admin.bearer).expect(200)).text);
    const pick = (rows: string[][], id: string, names: string[]) => {
      const row = rows.find((r) => r[0] === id)!;
      return names.map((n) => row[rows[0].indexOf(n)]);
    };
    expect(pick(await csv('rentals'), rental._id, ['price_per_hour', 'currency', 'total_cost', 'total_paid', 'coupons', 'discount'])).toEqual(
      v(['1500', 'JPY', '3800', '3800', codeName, '700'], ['1.255', 'KWD', '3.390', '3.390', codeName, '0.375']),
    );
    expect(pick(await csv('payments'), pay.id, ['amount', 'currency', 'gift_card_amount'])).toEqual(v(['3800', 'JPY', '2500'], ['3.390', 'KWD', '2.345']));
    expect(pick(await csv('gift-cards'), cardRow.id, ['amount', 'balance', 'currency'])).toEqual(v(['2500', '0', 'JPY'], ['2.345', '0.000', 'KWD']));
    const pdf = async (path: string) => pdfTextLines((await t.http().get(path).set('Authorization', user.bearer).buffer(true).parse(binary).expect(200)).body as Buffer);
    const receipt = await pdf(`/api/payments/${pay.id}/receipt`);
    expect(receipt).toEqual(
      expect.arrayContaining([
        `Paid by gift card ****${code.slice(-4)}  ${v('JPY 2,500', 'KWD 2.345')}`,
        `Paid by card (Sandbox gateway)  ${v('JPY 1,300', 'KWD 1.045')}`,
        `Paid  ${v('JPY 3,800', 'KWD 3.390')}`,
      ]),
    );
    const invoice = await pdf(`/api/rentals/${rental._id}/invoice`);
    expect(invoice).toEqual(expect.arrayContaining([`Deposit kept  ${v('JPY 3,000', 'KWD 3.125')}`, `Gift card ****${code.slice(-4)}  ${v('JPY 2,500', 'KWD 2.345')}`]));
    expect(invoice.join('\n')).toContain(`${v('JPY 10,000', 'KWD 10.125')}, partly kept, the rest released`);
    const viewed = await t.http().get(`/api/payments/${pay.id}`).set('Authorization', user.bearer).expect(200);
    expect(viewed.body.data).toMatchObject({ amount: total, currency, rental: { totalCost: total } });
    const dash = (await t.http().get('/api/dashboard/summary').set('Authorization', admin.bearer).expect(200)).body.data as Json;
    expect(dash.giftCards).toMatchObject({ currency, soldCount: 1, soldAmount: cardAmount, outstanding: 0, redeemed: cardAmount });
    expect(dash.totals.couponDiscounts).toEqual({ amount: v(700, 0.375), currency });
    expect((dash.rentals as Json[]).find((r) => r._id === rental._id)?.cost).toBe(total);
  });
});
