/**
 * Issue 25, gift cards: sold through the gateway, delivered by email with a PDF card on the send date; a means of
 * payment whose balance is a ledger that never goes below zero (also under concurrent spending); partial payments
 * with the rest at the gateway; refunds back to the card; the balance endpoint.
 */
import { and, asc, eq } from 'drizzle-orm';
import { domainEvents, outboxEmails } from '../../src/database/schema/notifications.js';
import { giftCardMovements, giftCards } from '../../src/database/schema/gift-cards.js';
import { payments } from '../../src/database/schema/payments.js';
import { GiftCardsService } from '../../src/modules/payments/gift-cards/gift-cards.service.js';
import { OutboxWorker } from '../../src/modules/notifications/outbox.worker.js';
import { createBike } from '../support/bike-factories.js';
import { createAdmin, createUser, TestUser } from '../support/factories.js';
import { pdfTextLines } from '../support/pdf-text.js';
import { choose, fullPayment, HOUR, pathOf, rentalById, rentalTestEnv, tally } from '../support/rental-factories.js';
import { SmtpSink, startSmtpSink } from '../support/smtp-sink.js';
import { createTestApp, TestApp } from '../support/test-app.js';

const DAY = 24 * HOUR;

describe('Gift cards (issue 25)', () => {
  let t: TestApp;
  let smtp: SmtpSink;
  beforeAll(async () => {
    smtp = await startSmtpSink();
    t = await createTestApp({
      ...rentalTestEnv,
      SMTP_URL: smtp.url,
      MAIL_FROM: 'Okay Bike <shop@okaybike.test>',
      PUBLIC_URL: 'https://shop.okaybike.test',
      // The fee in the gift cards' currency, so a card can pay it too.
      BOOKING_FEE_CURRENCY: 'USD',
      BOOKING_FEE_AMOUNT: '10',
      GIFT_CARD_LOOKUP_RATE_LIMIT: '1000',
    });
  });
  afterAll(async () => {
    await t.close();
    await smtp.close();
  });
  beforeEach(async () => {
    await t.reset();
    smtp.messages.length = 0;
  });

  /** Buys a card through the sandbox and answers it with its code (as its PDF carries it). */
  async function buyCard(buyer: TestUser, amount: number, extra: Record<string, unknown> = {}) {
    const res = await t
      .http()
      .post('/api/gift-cards')
      .set('Authorization', buyer.bearer)
      .send({ amount, recipientName: 'Rahim Uddin', recipientEmail: 'rahim@example.com', message: 'Happy birthday!', ...extra })
      .expect(201);
    const { payment_url: url, giftCard, payment } = res.body.data;
    expect(payment).toMatchObject({ kind: 'gift_card', status: 'pending', amount });
    expect(giftCard).toMatchObject({ status: 'pending', amount, balance: 0 });
    expect(JSON.stringify(res.body)).not.toMatch(/GIFT-/);
    // As the page's form posts: with the return address the checkout was opened with.
    const page = new URL(url);
    expect(page.searchParams.get('return')).toMatch(/\/gift-cards\/result$/);
    const paid = await t.http().post(`${page.pathname}${page.search}`).type('form').send({ outcome: 'pay' }).expect(303);
    // Back to the gift card's own payment result page.
    expect(paid.headers.location).toMatch(/\/gift-cards\/result\?payment=[0-9a-f-]{36}&status=succeeded$/);
    const [row] = await t.db.select().from(giftCards).where(eq(giftCards.id, giftCard._id));
    return { id: row.id, code: t.app.get(GiftCardsService).printableCode(row)!, paymentId: payment._id as string };
  }

  async function balanceOf(code: string): Promise<number> {
    return (await t.http().get(`/api/gift-cards/${encodeURIComponent(code)}`).expect(200)).body.data.balance;
  }

  /** A booked fixed window 48 h ahead owing `hours` x 10 USD, its fee paid through the sandbox. */
  async function bookedRental(user: TestUser, bikeId: string, hours = 3) {
    const start = t.clock.now().getTime() + 48 * HOUR;
    const res = await t
      .http()
      .post('/api/rentals')
      .set('Authorization', user.bearer)
      .send({ bikeId, startTime: new Date(start).toISOString(), endTime: new Date(start + hours * HOUR).toISOString(), quantity: 1 })
      .expect(201);
    await choose(t, res.body.data.payment_url, 'pay').expect(303);
    return res.body.data.rental as { _id: string; paymentId: string };
  }

  it("a send date of today sends the card at once, not at 09:00", async () => {
    const buyer = await createUser(t, { name: 'Tahmina Akter', email: 'tahmina@example.com' });
    const today = t.clock.now().toISOString().slice(0, 10);
    const card = await buyCard(buyer, 20, { sendDate: today });
    const [row] = await t.db.select().from(giftCards).where(eq(giftCards.id, card.id));
    expect(row.sendAt.getTime()).toBeLessThanOrEqual(t.clock.now().getTime());
  });

  it('purchase, paid, emailed on the send date with a PDF card bearing the code and a QR code; webhook event and dashboard', async () => {
    const buyer = await createUser(t, { name: 'Nadia Rahman', email: 'nadia@example.com' });
    const sendDate = new Date(t.clock.now().getTime() + 3 * DAY).toISOString().slice(0, 10);
    const card = await buyCard(buyer, 50, { sendDate });
    // Stored: a hash, a sealed copy and the last four characters; never the code in clear.
    const [row] = await t.db.select().from(giftCards).where(eq(giftCards.id, card.id));
    expect(row).toMatchObject({ status: 'active', amountMinor: 5000, currency: 'USD', last4: card.code.slice(-4) });
    expect(JSON.stringify(row)).not.toContain(card.code.replace(/^GIFT-/, '').replace(/-/g, ''));
    expect(card.code).toMatch(/^GIFT-[0-9A-HJKMNP-TV-Z]{4}(-[0-9A-HJKMNP-TV-Z]{4}){3}$/);
    const [event] = await t.db.select().from(domainEvents).where(eq(domainEvents.type, 'giftcard.purchased'));
    expect(event.data).toMatchObject({ _id: card.id, amount: 50, last4: card.code.slice(-4) });
    expect(JSON.stringify(event.data)).not.toContain(card.code);

    const worker = t.app.get(OutboxWorker);
    await worker.runOnce();
    // The purchaser's confirmation now; the recipient's card waits for its day.
    expect(smtp.messages.map((m) => m.envelopeTo[0])).toEqual(['nadia@example.com']);
    expect(smtp.messages[0].subject).toBe('Gift card bought: $50.00 for Rahim Uddin');
    t.clock.advance(2 * DAY);
    await worker.runOnce();
    expect(smtp.messages).toHaveLength(1);
    t.clock.advance(1 * DAY + 12 * HOUR);
    await worker.runOnce();
    expect(smtp.messages).toHaveLength(2);
    const mail = smtp.messages[1];
    expect(mail.envelopeTo).toEqual(['rahim@example.com']);
    expect(mail.subject).toBe('You received a $50.00 gift card from Okay Bike');
    expect(mail.text).toContain('Hello Rahim Uddin,');
    expect(mail.text).toContain('Happy birthday!');
    // The code travels only in the PDF (made at send time): the stored message holds none.
    expect(mail.text).not.toContain(card.code);
    const [stored] = await t.db.select().from(outboxEmails).where(eq(outboxEmails.kind, 'gift_card'));
    expect(`${stored.html}${stored.textBody}`).not.toContain(card.code);
    expect(mail.attachments).toHaveLength(1);
    const pdf = mail.attachments[0];
    expect(pdf.filename).toBe(`gift-card-${card.code.slice(-4)}.pdf`);
    const lines = pdfTextLines(pdf.body);
    expect(lines).toEqual(expect.arrayContaining(['GIFT CARD', '$50.00', 'For Rahim Uddin', '"Happy birthday!"', card.code, 'It never expires.']));
    // The QR code is an image on the page.
    expect(pdf.body.toString('latin1')).toMatch(/\/Subtype \/Image/);

    expect(await balanceOf(card.code)).toBe(50);
    const admin = await createAdmin(t);
    const dash = await t.http().get('/api/dashboard/summary').set('Authorization', admin.bearer).expect(200);
    expect(dash.body.data.giftCards).toEqual({ currency: 'USD', soldCount: 1, soldAmount: 50, outstanding: 50, redeemed: 0 });
  });

  it('a partial payment: the card pays its balance, the gateway the rest; receipts and invoices show the gift card as its own line', async () => {
    const buyer = await createUser(t);
    const card = await buyCard(buyer, 12);
    const bike = await createBike(t, { quantity: 2, pricePerHourCents: 1000 });
    const rental = await bookedRental(buyer, bike.id);
    const res = await fullPayment(t, buyer, { paymentId: rental.paymentId, totalCost: 30, giftCardCode: card.code.toLowerCase().replace(/-/g, ' ') }).expect(200);
    expect(res.body.data.payment).toMatchObject({ status: 'pending', amount: 30, provider: 'sandbox' });
    // The hosted page charges what is left.
    const page = await t.http().get(pathOf(res.body.data.payment_url)).expect(200);
    expect(page.text).toContain('$18.00');
    expect(page.text).toContain('$12.00 paid by gift card');
    expect(await balanceOf(card.code)).toBe(0);
    await choose(t, res.body.data.payment_url, 'pay').expect(303);
    expect(await rentalById(t, rental._id)).toMatchObject({ totalPaidCents: 3000 });
    const [pay] = await t.db.select().from(payments).where(and(eq(payments.rentalId, rental._id), eq(payments.kind, 'rental')));
    expect(pay).toMatchObject({ status: 'succeeded', amountMinor: 3000, giftCardMinor: 1200, giftCardId: card.id });
    const receipt = await t.http().get(`/api/payments/${pay.id}/receipt`).set('Authorization', buyer.bearer).buffer(true).parse(binary).expect(200);
    const lines = pdfTextLines(receipt.body as Buffer);
    expect(lines).toEqual(expect.arrayContaining([`Paid by gift card ****${card.code.slice(-4)}  $12.00`, 'Paid by card (Sandbox gateway)  $18.00', 'Paid  $30.00']));
    const invoice = await t.http().get(`/api/rentals/${rental._id}/invoice`).set('Authorization', buyer.bearer).buffer(true).parse(binary).expect(200);
    expect(pdfTextLines(invoice.body as Buffer)).toEqual(expect.arrayContaining([`Gift card ****${card.code.slice(-4)}  $12.00`]));
  });

  it('a payment the card covers wholly completes with no gateway; a failed fee gives its gift-card part back', async () => {
    const buyer = await createUser(t);
    const card = await buyCard(buyer, 45);
    const bike = await createBike(t, { quantity: 3, pricePerHourCents: 1000 });
    const rental = await bookedRental(buyer, bike.id);
    const res = await fullPayment(t, buyer, { paymentId: rental.paymentId, totalCost: 30, giftCardCode: card.code }).expect(200);
    expect(res.body.data.payment).toMatchObject({ status: 'succeeded', provider: 'gift_card', amount: 30 });
    expect(res.body.data.payment_url).toMatch(/\/payment\/result\?payment=/);
    expect(await rentalById(t, rental._id)).toMatchObject({ status: 'booked', totalPaidCents: 3000 });
    expect(await balanceOf(card.code)).toBe(15);

    // The booking fee (10 USD) with the card: 10 taken; the fee's checkout is not needed.
    const start = t.clock.now().getTime() + 72 * HOUR;
    const booked = await t
      .http()
      .post('/api/rentals')
      .set('Authorization', buyer.bearer)
      .send({ bikeId: bike.id, startTime: new Date(start).toISOString(), endTime: new Date(start + HOUR).toISOString(), quantity: 1, giftCardCode: card.code })
      .expect(201);
    expect(booked.body.data.payment).toMatchObject({ status: 'succeeded', provider: 'gift_card', amount: 10 });
    expect(booked.body.data.rental.status).toBe('booked');
    expect(await balanceOf(card.code)).toBe(5);

    // 5 left pays half a fee; the card declines the rest: the 5 come back to the gift card.
    const third = await t
      .http()
      .post('/api/rentals')
      .set('Authorization', buyer.bearer)
      .send({ bikeId: bike.id, startTime: new Date(start + 24 * HOUR).toISOString(), endTime: new Date(start + 25 * HOUR).toISOString(), quantity: 1, giftCardCode: card.code })
      .expect(201);
    expect(third.body.data.payment).toMatchObject({ status: 'pending', provider: 'sandbox' });
    expect(await balanceOf(card.code)).toBe(0);
    await choose(t, third.body.data.payment_url, 'fail').expect(303);
    expect(await balanceOf(card.code)).toBe(5);
    const kinds = (await t.db.select().from(giftCardMovements).where(eq(giftCardMovements.giftCardId, card.id)).orderBy(asc(giftCardMovements.seq))).map((m) => [m.kind, m.amountMinor, m.balanceAfter]);
    expect(kinds).toEqual([['issue', 4500, 4500], ['redeem', -3000, 1500], ['redeem', -1000, 500], ['redeem', -500, 0], ['release', 500, 500]]);
  });

  it('a refund of gift-card money goes back to the gift card (and the rest to the card at the gateway)', async () => {
    const buyer = await createUser(t);
    const card = await buyCard(buyer, 20);
    const bike = await createBike(t, { quantity: 2, pricePerHourCents: 1000 });
    const rental = await bookedRental(buyer, bike.id);
    const res = await fullPayment(t, buyer, { paymentId: rental.paymentId, totalCost: 30, giftCardCode: card.code }).expect(200);
    await choose(t, res.body.data.payment_url, 'pay').expect(303);
    expect(await balanceOf(card.code)).toBe(0);
    // Cancelled 48 h ahead: the fee and the rental payment come back.
    await t.http().post(`/api/rentals/${rental._id}/cancel`).set('Authorization', buyer.bearer).expect(200);
    expect(await balanceOf(card.code)).toBe(20);
    expect(await rentalById(t, rental._id)).toMatchObject({ status: 'cancelled', totalPaidCents: null });
    const [refunded] = await t.db.select().from(payments).where(and(eq(payments.rentalId, rental._id), eq(payments.kind, 'rental')));
    expect(refunded.status).toBe('refunded');
    const last = (await t.db.select().from(giftCardMovements).where(eq(giftCardMovements.giftCardId, card.id)).orderBy(asc(giftCardMovements.seq))).pop();
    expect(last).toMatchObject({ kind: 'refund', amountMinor: 2000, balanceAfter: 2000, paymentId: refunded.id });
  });

  it('an unknown, malformed or unpaid code is a 400 naming giftCardCode, and nothing is opened', async () => {
    const buyer = await createUser(t);
    const bike = await createBike(t, { quantity: 2, pricePerHourCents: 1000 });
    const rental = await bookedRental(buyer, bike.id);
    const before = (await t.db.select().from(payments)).length;
    for (const code of ['GIFT-0000-0000-0000-0000', 'not a code', '']) {
      const res = await fullPayment(t, buyer, { paymentId: rental.paymentId, totalCost: 30, giftCardCode: code }).expect(400);
      expect(res.body.errors[0].path).toBe('giftCardCode');
      expect(res.body.message).toMatch(/^giftCardCode /);
    }
    // A card whose sale was not paid cannot pay.
    const pending = await t.http().post('/api/gift-cards').set('Authorization', buyer.bearer).send({ amount: 25, recipientName: 'A', recipientEmail: 'a@example.com' }).expect(201);
    const [row] = await t.db.select().from(giftCards).where(eq(giftCards.id, pending.body.data.giftCard._id));
    const code = t.app.get(GiftCardsService).printableCode(row)!;
    const res = await fullPayment(t, buyer, { paymentId: rental.paymentId, totalCost: 30, giftCardCode: code }).expect(400);
    expect(res.body).toMatchObject({ code: 'GIFT_CARD_UNKNOWN', errors: [{ path: 'giftCardCode' }] });
    expect((await t.db.select().from(payments)).length).toBe(before + 1); // the gift card's own sale only
    // The purchase form names its fields too.
    const bad = await t.http().post('/api/gift-cards').set('Authorization', buyer.bearer).send({ amount: 2, recipientName: 'A', recipientEmail: 'nope', sendDate: '2020-01-01' }).expect(400);
    expect(bad.body.errors.map((e: { path: string }) => e.path)).toEqual(expect.arrayContaining(['recipientEmail']));
    const early = await t.http().post('/api/gift-cards').set('Authorization', buyer.bearer).send({ amount: 2, recipientName: 'A', recipientEmail: 'a@example.com' }).expect(400);
    expect(early.body.errors[0].path).toBe('amount');
    const past = await t.http().post('/api/gift-cards').set('Authorization', buyer.bearer).send({ amount: 20, recipientName: 'A', recipientEmail: 'a@example.com', sendDate: '2020-01-01' }).expect(400);
    expect(past.body.errors[0].path).toBe('sendDate');
    await t.http().post('/api/gift-cards').send({ amount: 20, recipientName: 'A', recipientEmail: 'a@example.com' }).expect(401);
  });

  it('a gift card spent from many tabs at once never goes below zero: the balance is taken once', async () => {
    const buyer = await createUser(t);
    const card = await buyCard(buyer, 50);
    const TABS = 8;
    const bike = await createBike(t, { quantity: TABS, pricePerHourCents: 1000 });
    const rentals = [];
    for (let i = 0; i < TABS; i++) rentals.push(await bookedRental(buyer, bike.id));
    const answers = await Promise.all(rentals.map((r) => fullPayment(t, buyer, { paymentId: r.paymentId, totalCost: 30, giftCardCode: card.code })));
    const statuses = answers.map((a) => a.status);
    // 30 + 20 covered (one wholly, one partly), every other tab told the card is empty.
    expect(tally(statuses)).toEqual({ 200: 2, 400: TABS - 2 });
    for (const a of answers.filter((x) => x.status === 400)) expect(a.body).toMatchObject({ code: 'GIFT_CARD_EMPTY', errors: [{ path: 'giftCardCode' }] });
    const covered = (await t.db.select().from(payments).where(eq(payments.giftCardId, card.id))).map((p) => p.giftCardMinor).sort();
    expect(covered).toEqual([2000, 3000]);
    const ledger = await t.db.select().from(giftCardMovements).where(eq(giftCardMovements.giftCardId, card.id)).orderBy(asc(giftCardMovements.seq));
    expect(ledger.map((m) => m.seq)).toEqual([1, 2, 3]);
    expect(ledger.every((m) => m.balanceAfter >= 0)).toBe(true);
    expect(ledger.reduce((s, m) => s + m.amountMinor, 0)).toBe(0);
    expect(await balanceOf(card.code)).toBe(0);
  }, 120_000);

  it('the database refuses a movement that would take a balance below zero, and two movements with one sequence number', async () => {
    const buyer = await createUser(t);
    const card = await buyCard(buyer, 10);
    await expect(t.db.insert(giftCardMovements).values({ giftCardId: card.id, seq: 2, kind: 'redeem', amountMinor: -1100, balanceAfter: -100 })).rejects.toThrow();
    await expect(t.db.insert(giftCardMovements).values({ giftCardId: card.id, seq: 1, kind: 'redeem', amountMinor: -100, balanceAfter: 900 })).rejects.toThrow();
  });

  it('GET gift-cards/{code}: the balance for the holder; 400 for what cannot be a code, 404 for an unknown one', async () => {
    const buyer = await createUser(t);
    const card = await buyCard(buyer, 25);
    const res = await t.http().get(`/api/gift-cards/${card.code.toLowerCase()}`).expect(200);
    expect(res.body.data).toEqual({ last4: card.code.slice(-4), amount: 25, balance: 25, currency: 'USD', expiresAt: null, expired: false });
    const bad = await t.http().get('/api/gift-cards/abc').expect(400);
    expect(bad.body.errors[0].path).toBe('code');
    await t.http().get('/api/gift-cards/GIFT-0000-0000-0000-0001').expect(404);
    // The purchaser sees the card (never the code) in their list.
    const mine = await t.http().get('/api/gift-cards').set('Authorization', buyer.bearer).expect(200);
    expect(mine.body.data).toHaveLength(1);
    // With the sale's payment, by which the payment result page finds the card it paid for.
    expect(mine.body.data[0]).toMatchObject({ recipientName: 'Rahim Uddin', recipientEmail: 'rahim@example.com', paymentId: card.paymentId });
    expect(JSON.stringify(mine.body)).not.toContain(card.code);
  });
});

describe('Gift cards: lookups are rate limited, expiry is configurable', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ ...rentalTestEnv, GIFT_CARD_LOOKUP_RATE_LIMIT: '3', GIFT_CARD_EXPIRY_MONTHS: '12' });
  });
  afterAll(() => t.close());

  it('guessing is limited per address; a card expires after GIFT_CARD_EXPIRY_MONTHS', async () => {
    const buyer = await createUser(t);
    const res = await t.http().post('/api/gift-cards').set('Authorization', buyer.bearer).send({ amount: 25, recipientName: 'A', recipientEmail: 'a@example.com' }).expect(201);
    await choose(t, res.body.data.payment_url, 'pay').expect(303);
    const [row] = await t.db.select().from(giftCards).where(eq(giftCards.id, res.body.data.giftCard._id));
    expect(row.expiresAt!.getTime() - row.issuedAt!.getTime()).toBeGreaterThan(364 * DAY);
    const code = t.app.get(GiftCardsService).printableCode(row)!;
    const statuses = [];
    for (let i = 0; i < 5; i++) statuses.push((await t.http().get(`/api/gift-cards/GIFT-0000-0000-0000-000${i}`)).status);
    expect(statuses).toEqual([404, 404, 404, 429, 429]);
    // Expired: the balance reads 0 and it cannot pay.
    t.clock.advance(367 * DAY);
    const bike = await createBike(t, { quantity: 1, pricePerHourCents: 1000 });
    const start = t.clock.now().getTime() + 48 * HOUR;
    const booked = await t.http().post('/api/rentals').set('Authorization', buyer.bearer).send({ bikeId: bike.id, startTime: new Date(start).toISOString(), endTime: new Date(start + HOUR).toISOString(), quantity: 1 }).expect(201);
    await choose(t, booked.body.data.payment_url, 'pay').expect(303);
    const refused = await fullPayment(t, buyer, { paymentId: booked.body.data.rental.paymentId, totalCost: 10, giftCardCode: code }).expect(400);
    expect(refused.body).toMatchObject({ code: 'GIFT_CARD_EXPIRED', errors: [{ path: 'giftCardCode' }] });
  });
});

const binary = (res: import('superagent').Response, cb: (err: Error | null, body: Buffer) => void) => {
  const chunks: Buffer[] = [];
  res.on('data', (c: Buffer) => chunks.push(c));
  res.on('end', () => cb(null, Buffer.concat(chunks)));
};
