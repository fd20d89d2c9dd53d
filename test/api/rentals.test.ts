import { jest } from '@jest/globals';
import { eq } from 'drizzle-orm';
import { bikes } from '../../src/database/schema/bikes.js';
import { payments } from '../../src/database/schema/payments.js';
import { rentals } from '../../src/database/schema/rentals.js';
import { PaymentGateways } from '../../src/modules/payments/payment-gateways.js';
import { PaymentsService } from '../../src/modules/payments/payments.service.js';
import { addUnits, createBike } from '../support/bike-factories.js';
import { createAdmin, createUser, TestUser } from '../support/factories.js';
import {
  book,
  bookAndPay,
  choose,
  countRows,
  expireHolds,
  fullPayment,
  HOUR,
  MINUTE,
  pathOf,
  paymentsOf,
  rentalById,
  rentalTestEnv,
  returnRental,
  startIn,
  stockOf,
} from '../support/rental-factories.js';
import { useTestApp } from '../support/test-app.js';

describe('Rentals API', () => {
  const t = useTestApp(rentalTestEnv);

  it('books, pays the fee on the sandbox page, is returned, pays the rental and is paid (the whole journey)', async () => {
    const user = await createUser(t, { name: 'Rahim Uddin' });
    const admin = await createAdmin(t);
    const bike = await createBike(t, { name: 'Yamaha R15', pricePerHourCents: 1200, quantity: 3 });
    const startTime = startIn(t, 60);

    const booked = await book(t, user, bike.id, { quantity: 2, startTime }).expect(201);
    expect(booked.body).toMatchObject({
      success: true,
      message: 'Go to the payment page to complete the rental process.',
      data: {
        rental: {
          bikeId: { _id: bike.id, name: 'Yamaha R15', pricePerHour: 12 },
          userId: { _id: user.id, name: 'Rahim Uddin', email: user.email },
          quantity: 2,
          status: 'pending_fee',
          isReturned: false,
          totalCost: 0,
          totalPaid: null,
          reviewAdded: false,
          bookingFee: { amount: 100, currency: 'BDT', status: 'pending' },
          startTime,
        },
        payment: { kind: 'booking_fee', amount: 100, currency: 'BDT', status: 'pending', provider: 'sandbox' },
      },
    });
    const { rental, payment_url: feeUrl, payment } = booked.body.data;
    expect(rental.paymentId).toMatch(/^TXN-[A-Z0-9]{12}$/);
    // The pending booking fee is named, so My Rentals can send the customer back to its checkout while the hold lasts.
    expect(rental.bookingFee._id).toBe(payment._id);
    expect(feeUrl).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/api\/payments\/sandbox\/checkout\/sbx_[0-9a-f]{32}$/);
    expect(new Date(rental.holdExpiresAt).getTime() - t.clock.now().getTime()).toBeGreaterThan(14 * MINUTE);
    expect(await stockOf(t, bike.id)).toBe(1);

    const page = await t.http().get(pathOf(feeUrl)).expect(200);
    expect(page.headers['content-type']).toMatch(/text\/html/);
    expect(page.text).toContain('Okay Pay');
    expect(page.text).toContain('Sandbox');
    expect(page.text).toContain('Okay Bike');
    expect(page.text).toContain('Booking fee for Yamaha R15 x2');
    expect(page.text).toContain('Tk 100.00');
    expect(page.text).toContain(rental.paymentId);
    expect(page.text).toMatch(/<html lang="en">/);
    expect(page.text.match(/<h1/g)).toHaveLength(1);
    expect(page.text).not.toMatch(/<script/i);
    for (const outcome of ['pay', 'fail', 'cancel']) expect(page.text).toContain(`name="outcome" value="${outcome}"`);

    const paid = await choose(t, feeUrl, 'pay').expect(303);
    expect(paid.headers.location).toBe(`/payment/result?payment=${payment._id}`);
    const result = await t.http().get(`/api/payments/${payment._id}`).set('Authorization', user.bearer).expect(200);
    expect(result.body.data).toMatchObject({
      _id: payment._id,
      kind: 'booking_fee',
      amount: 100,
      currency: 'BDT',
      status: 'succeeded',
      payment_url: null,
      rental: { _id: rental._id, paymentId: rental.paymentId, bikeName: 'Yamaha R15', quantity: 2, status: 'booked' },
    });
    const afterFee = await t.http().get(pathOf(feeUrl)).expect(200);
    expect(afterFee.text).toContain('This payment has been completed.');
    expect(afterFee.text).not.toContain('name="outcome"');

    const mine = await t.http().get('/api/rentals').set('Authorization', user.bearer).expect(200);
    expect(mine.body.data).toHaveLength(1);
    expect(mine.body.data[0]).toMatchObject({ _id: rental._id, status: 'booked', holdExpiresAt: null, bookingFee: { status: 'succeeded' } });

    const returnTime = new Date(new Date(startTime).getTime() + 3 * HOUR + 10 * MINUTE).toISOString();
    const returned = await returnRental(t, admin, rental._id, returnTime).expect(200);
    expect(returned.body).toMatchObject({
      message: 'Bike returned successfully',
      data: { status: 'returned', isReturned: true, returnTime, totalCost: 4 * 12 * 2, totalPaid: null },
    });
    expect(await stockOf(t, bike.id)).toBe(3);

    const checkout = await t.http().get(`/api/rentals/trans/${rental.paymentId}`).set('Authorization', user.bearer).expect(200);
    expect(checkout.body.data).toMatchObject({ bikeId: { name: 'Yamaha R15' }, userId: { name: 'Rahim Uddin' }, totalCost: 96, paymentId: rental.paymentId });

    for (const wrong of [95.99, 96.001, 0, 960]) {
      const mismatch = await fullPayment(t, user, { paymentId: rental.paymentId, totalCost: wrong }).expect(409);
      expect(mismatch.body).toMatchObject({ success: false, code: 'AMOUNT_MISMATCH' });
    }
    expect(await paymentsOf(t, rental._id)).toHaveLength(1);

    const pay = await fullPayment(t, user, { paymentId: rental.paymentId, totalCost: 96 }).expect(200);
    expect(pay.body).toMatchObject({ success: true, data: { payment: { kind: 'rental', amount: 96, currency: 'USD', status: 'pending' } } });
    const rentalUrl = pay.body.data.payment_url;
    const again = await fullPayment(t, user, { paymentId: rental._id, totalCost: 96 }).expect(200);
    expect(again.body.data.payment_url).toBe(rentalUrl);
    const rentalPage = await t.http().get(pathOf(rentalUrl)).expect(200);
    expect(rentalPage.text).toContain('Rental of Yamaha R15 x2');
    expect(rentalPage.text).toContain('$96.00');

    await choose(t, rentalUrl, 'pay').expect(303);
    const final = await t.http().get('/api/rentals').set('Authorization', user.bearer).expect(200);
    expect(final.body.data[0]).toMatchObject({ status: 'paid', isReturned: true, totalCost: 96, totalPaid: 96 });
    const done = await fullPayment(t, user, { paymentId: rental.paymentId, totalCost: 96 }).expect(409);
    expect(done.body).toMatchObject({ message: 'This rental is already paid', code: 'ALREADY_PAID' });

    const report = await t.http().get('/api/rentals/rentalpayment').set('Authorization', admin.bearer).expect(200);
    expect(report.body.data).toHaveLength(1);
    expect(report.body.data[0]).toMatchObject({ _id: rental._id, totalCost: 96, totalPaid: 96, amountDue: 0, userId: { email: user.email } });
    expect(report.body.data[0].payments.map((p: { kind: string; status: string }) => `${p.kind}:${p.status}`)).toEqual(['booking_fee:succeeded', 'rental:succeeded']);

    const all = await t.http().get('/api/rentals/allrentalbike').set('Authorization', admin.bearer).expect(200);
    expect(all.body.data[0]).toMatchObject({ _id: rental._id, bikeId: { name: 'Yamaha R15' }, userId: { email: user.email }, totalCost: 96, quantity: 2 });
  });

  describe('validation', () => {
    let user: TestUser;
    let bikeId: string;
    beforeEach(async () => {
      user = await createUser(t);
      bikeId = (await createBike(t, { quantity: 5 })).id;
    });

    const expectNothingWritten = async () => {
      expect(await countRows(t, rentals)).toBe(0);
      expect(await countRows(t, payments)).toBe(0);
      expect(await stockOf(t, bikeId)).toBe(5);
    };

    it.each([
      ['quantity 0', { quantity: 0 }, 'quantity'],
      ['quantity 11', { quantity: 11 }, 'quantity'],
      ['quantity 1.5', { quantity: 1.5 }, 'quantity'],
      ["quantity 'two'", { quantity: 'two' }, 'quantity'],
      ["quantity '2.5' (a numeric string is read as its number, issue 12)", { quantity: '2.5' }, 'quantity'],
      ['no quantity', { quantity: undefined }, 'quantity'],
      ['startTime not a date', { startTime: 'tomorrow' }, 'startTime'],
      ['startTime a date without time', { startTime: '2030-01-01' }, 'startTime'],
      ['startTime a number', { startTime: 1767225600000 }, 'startTime'],
      ['bikeId not an id', { bikeId: 'abc' }, 'bikeId'],
      ['totalCost sent', { totalCost: 1 }, 'totalCost'],
      ['userId sent', { userId: '0b6f1d9e-7c1a-4f3e-9a51-2f0c8d1e4b7a' }, 'userId'],
      ['status sent', { status: 'paid' }, 'status'],
      ['totalPaid sent', { totalPaid: 10 }, 'totalPaid'],
    ])('refuses %s with 400 naming the field and writes nothing', async (_name, over, path) => {
      const body = { bikeId, startTime: startIn(t), quantity: 1, ...over };
      const res = await t.http().post('/api/rentals').set('Authorization', user.bearer).send(body).expect(400);
      expect(res.body).toMatchObject({ success: false, code: 'VALIDATION_FAILED' });
      expect(res.body.errors.map((e: { path: string }) => e.path)).toContain(path);
      await expectNothingWritten();
    });

    it('refuses a start time in the past (beyond 5 minutes of skew) or more than a year ahead', async () => {
      const past = await book(t, user, bikeId, { startTime: new Date(t.clock.now().getTime() - 10 * MINUTE).toISOString() }).expect(400);
      expect(past.body.errors).toEqual([{ path: 'startTime', message: 'startTime must not be in the past' }]);
      await book(t, user, bikeId, { startTime: new Date(t.clock.now().getTime() + 366 * 24 * HOUR).toISOString() }).expect(400);
      await expectNothingWritten();
      await book(t, user, bikeId, { startTime: new Date(t.clock.now().getTime() - 2 * MINUTE).toISOString() }).expect(201);
    });

    it('answers 404 for an unknown or deleted bike and 409 when the stock is short or the bike is switched off', async () => {
      await book(t, user, '7d3c2a9e-51f4-4c8e-9f0a-1b2c3d4e5f60').expect(404);
      const deleted = await createBike(t, { deletedAt: new Date() });
      await book(t, user, deleted.id).expect(404);
      const off = await createBike(t, { isAvailable: false, quantity: 4 });
      const offRes = await book(t, user, off.id).expect(409);
      expect(offRes.body).toMatchObject({ message: 'Bike is already rented', code: 'OUT_OF_STOCK' });
      const short = await book(t, user, bikeId, { quantity: 6 }).expect(409);
      expect(short.body).toMatchObject({ success: false, message: 'Bike is already rented', code: 'OUT_OF_STOCK' });
      await expectNothingWritten();
    });

    it('refuses malformed fullpayment bodies with 400', async () => {
      for (const body of [{}, { paymentId: 'TXN-X' }, { paymentId: 'TXN-X', totalCost: '96 taka' }, { paymentId: 'TXN-X', totalCost: 96, totalPaid: 96 }]) {
        const res = await fullPayment(t, user, body).expect(400);
        expect(res.body.code).toBe('VALIDATION_FAILED');
      }
      await fullPayment(t, user, { paymentId: 'TXN-NOTEXISTING', totalCost: 1 }).expect(404);
    });

    it('refuses a malformed Idempotency-Key with 400', async () => {
      const res = await book(t, user, bikeId, { key: 'x'.repeat(256) }).expect(400);
      expect(res.body.errors[0].path).toBe('Idempotency-Key');
      await expectNothingWritten();
    });
  });

  it("answers 404 for another user's rental on trans and fullpayment", async () => {
    const owner = await createUser(t);
    const other = await createUser(t);
    const admin = await createAdmin(t);
    const bike = await createBike(t);
    const { rental } = await bookAndPay(t, owner, bike.id);
    await returnRental(t, admin, rental._id, new Date(new Date(rental.startTime).getTime() + HOUR).toISOString()).expect(200);

    await t.http().get(`/api/rentals/trans/${rental.paymentId}`).set('Authorization', other.bearer).expect(404);
    await t.http().get(`/api/rentals/trans/${rental._id}`).set('Authorization', other.bearer).expect(404);
    await fullPayment(t, other, { paymentId: rental.paymentId, totalCost: 12.5 }).expect(404);
    const theirs = await t.http().get('/api/rentals').set('Authorization', other.bearer).expect(200);
    expect(theirs.body.data).toEqual([]);
    const feePayment = (await paymentsOf(t, rental._id))[0];
    await t.http().get(`/api/payments/${feePayment.id}`).set('Authorization', other.bearer).expect(404);
    await t.http().get(`/api/payments/${feePayment.id}`).set('Authorization', admin.bearer).expect(200);
    await t.http().get(`/api/rentals/trans/${rental.paymentId}`).set('Authorization', owner.bearer).expect(200);
  });

  it('checks roles: users book and pay, admins return and list everything', async () => {
    const user = await createUser(t);
    const admin = await createAdmin(t);
    const bike = await createBike(t);
    await t.http().post('/api/rentals').send({ bikeId: bike.id, startTime: startIn(t), quantity: 1 }).expect(401);
    await book(t, admin, bike.id).expect(403);
    await t.http().get('/api/rentals').expect(401);
    await t.http().get('/api/rentals').set('Authorization', admin.bearer).expect(403);
    await t.http().get('/api/rentals/allrentalbike').set('Authorization', user.bearer).expect(403);
    await t.http().get('/api/rentals/rentalpayment').set('Authorization', user.bearer).expect(403);
    await t.http().put(`/api/rentals/${bike.id}/return`).query({ returntime: startIn(t) }).set('Authorization', user.bearer).expect(403);
    await fullPayment(t, admin, { paymentId: 'TXN-X', totalCost: 1 }).expect(403);
    await t.http().get('/api/rentals/trans/TXN-X').set('Authorization', admin.bearer).expect(403);
    expect(await countRows(t, rentals)).toBe(0);
  });

  describe('booking fee outcomes and the hold', () => {
    it('a failed or cancelled fee keeps the booking while the hold lasts (issue 20), then the hold ends and the stock comes back once', async () => {
      const user = await createUser(t);
      const bike = await createBike(t, { quantity: 2 });
      for (const outcome of ['fail', 'cancel'] as const) {
        const res = await book(t, user, bike.id, { quantity: 2 }).expect(201);
        expect(await stockOf(t, bike.id)).toBe(0);
        await choose(t, res.body.data.payment_url, outcome).expect(303);
        expect((await rentalById(t, res.body.data.rental._id)).status).toBe('pending_fee');
        expect(await stockOf(t, bike.id)).toBe(0);
        t.clock.advance(16 * MINUTE);
        expect(await expireHolds(t)).toBe(1);
        const row = await rentalById(t, res.body.data.rental._id);
        expect(row.status).toBe('cancelled');
        expect(row.stockReleasedAt).not.toBeNull();
        expect((await paymentsOf(t, row.id))[0].status).toBe(outcome === 'fail' ? 'failed' : 'cancelled');
        expect(await stockOf(t, bike.id)).toBe(2);
        // The page now shows the final state, and choosing again changes nothing.
        await choose(t, res.body.data.payment_url, 'pay').expect(303);
        expect(await stockOf(t, bike.id)).toBe(2);
        expect((await rentalById(t, row.id)).status).toBe('cancelled');
      }
    });

    it('an unpaid hold expires after 15 minutes: rental cancelled, fee expired, stock back exactly once', async () => {
      const user = await createUser(t);
      const bike = await createBike(t, { quantity: 3 });
      const res = await book(t, user, bike.id, { quantity: 2 }).expect(201);
      const rentalId = res.body.data.rental._id;
      expect(await expireHolds(t)).toBe(0);
      t.clock.advance(14 * MINUTE);
      expect(await expireHolds(t)).toBe(0);
      expect(await stockOf(t, bike.id)).toBe(1);

      t.clock.advance(2 * MINUTE);
      const [first, second] = await Promise.all([expireHolds(t), expireHolds(t)]);
      expect(first + second).toBe(1);
      expect(await expireHolds(t)).toBe(0);
      expect(await stockOf(t, bike.id)).toBe(3);
      expect((await rentalById(t, rentalId)).status).toBe('cancelled');
      expect((await paymentsOf(t, rentalId))[0].status).toBe('expired');

      // Paying the lapsed session changes nothing.
      const page = await t.http().get(pathOf(res.body.data.payment_url)).expect(200);
      expect(page.text).toContain('This payment session has expired.');
      await choose(t, res.body.data.payment_url, 'pay').expect(303);
      expect((await paymentsOf(t, rentalId))[0].status).toBe('expired');
      expect(await stockOf(t, bike.id)).toBe(3);
    });

    it('GET rentals releases lapsed holds before answering', async () => {
      const user = await createUser(t);
      const bike = await createBike(t, { quantity: 1 });
      await book(t, user, bike.id).expect(201);
      t.clock.advance(16 * MINUTE);
      const mine = await t.http().get('/api/rentals').set('Authorization', user.bearer).expect(200);
      expect(mine.body.data[0]).toMatchObject({ status: 'cancelled', bookingFee: { status: 'expired' } });
      expect(await stockOf(t, bike.id)).toBe(1);
    });

    it('a booking for units held by a lapsed hold releases it and succeeds', async () => {
      const first = await createUser(t);
      const second = await createUser(t);
      const bike = await createBike(t, { quantity: 1 });
      await book(t, first, bike.id).expect(201);
      await book(t, second, bike.id).expect(409);
      t.clock.advance(16 * MINUTE);
      await book(t, second, bike.id).expect(201);
      expect(await stockOf(t, bike.id)).toBe(0);
    });
  });

  describe('returns', () => {
    it('enforces the return rules', async () => {
      const user = await createUser(t);
      const admin = await createAdmin(t);
      const bike = await createBike(t, { quantity: 4, pricePerHourCents: 1000 });
      const pending = (await book(t, user, bike.id).expect(201)).body.data.rental;
      const afterStart = (r: { startTime: string }, ms: number) => new Date(new Date(r.startTime).getTime() + ms).toISOString();

      const unpaid = await returnRental(t, admin, pending._id, afterStart(pending, HOUR)).expect(409);
      expect(unpaid.body).toMatchObject({ message: 'The booking fee of this rental is not paid' });

      const { rental } = await bookAndPay(t, user, bike.id);
      const early = await returnRental(t, admin, rental._id, afterStart(rental, -MINUTE)).expect(400);
      expect(early.body).toMatchObject({ message: 'Return time must be after the start time', code: 'VALIDATION_FAILED' });
      await returnRental(t, admin, rental._id, afterStart(rental, 0)).expect(400);
      await t.http().put(`/api/rentals/${rental._id}/return`).set('Authorization', admin.bearer).expect(400);
      await returnRental(t, admin, rental._id, 'yesterday').expect(400);
      await returnRental(t, admin, 'not-an-id', afterStart(rental, HOUR)).expect(400);
      await returnRental(t, admin, '0c5b7a8e-1d2f-4e3a-8b9c-0d1e2f3a4b5c', afterStart(rental, HOUR)).expect(404);
      const notReturned = await fullPayment(t, user, { paymentId: rental.paymentId, totalCost: 10 }).expect(409);
      expect(notReturned.body.code).toBe('NOT_RETURNED');
      expect(await stockOf(t, bike.id)).toBe(2);

      const ok = await returnRental(t, admin, rental._id, afterStart(rental, HOUR)).expect(200);
      expect(ok.body.data.totalCost).toBe(10);
      expect(await stockOf(t, bike.id)).toBe(3);
      const twice = await returnRental(t, admin, rental._id, afterStart(rental, 2 * HOUR)).expect(409);
      expect(twice.body).toMatchObject({ message: 'Bike is already returned' });
      expect(await stockOf(t, bike.id)).toBe(3);
      expect((await rentalById(t, rental._id)).totalCostCents).toBe(1000);
    });

    it('charges the price at booking time, by started hour', async () => {
      const user = await createUser(t);
      const admin = await createAdmin(t);
      const bike = await createBike(t, { pricePerHourCents: 1250, quantity: 2 });
      const { rental } = await bookAndPay(t, user, bike.id, { quantity: 2 });
      await t.db.update(bikes).set({ pricePerHourCents: 9900 }).where(eq(bikes.id, bike.id));
      const res = await returnRental(t, admin, rental._id, new Date(new Date(rental.startTime).getTime() + HOUR + 1000).toISOString()).expect(200);
      expect(res.body.data.totalCost).toBe(2 * 12.5 * 2);
    });
  });

  describe('rental payments', () => {
    async function returnedRental() {
      const user = await createUser(t);
      const admin = await createAdmin(t);
      const bike = await createBike(t, { pricePerHourCents: 1000 });
      const { rental } = await bookAndPay(t, user, bike.id);
      await returnRental(t, admin, rental._id, new Date(new Date(rental.startTime).getTime() + 2 * HOUR).toISOString()).expect(200);
      return { user, rental, body: { paymentId: rental.paymentId, totalCost: 20 } };
    }

    it('a lapsed rental payment expires and the next fullpayment opens a fresh one', async () => {
      const { user, rental, body } = await returnedRental();
      const first = await fullPayment(t, user, body).expect(200);
      t.clock.advance(23 * HOUR);
      expect(await t.app.get(PaymentsService).expireLapsedRentalPayments()).toBe(1);
      const page = await t.http().get(pathOf(first.body.data.payment_url)).expect(200);
      expect(page.text).toContain('This payment session has expired.');
      const second = await fullPayment(t, user, body).expect(200);
      expect(second.body.data.payment_url).not.toBe(first.body.data.payment_url);
      expect((await paymentsOf(t, rental._id)).filter((p) => p.kind === 'rental').map((p) => p.status)).toEqual(['expired', 'pending']);
      await choose(t, second.body.data.payment_url, 'pay').expect(303);
      expect((await rentalById(t, rental._id)).totalPaidCents).toBe(2000);
    });

    it('a failed rental payment leaves the rental unpaid and payable again', async () => {
      const { user, rental, body } = await returnedRental();
      const first = await fullPayment(t, user, body).expect(200);
      await choose(t, first.body.data.payment_url, 'fail').expect(303);
      expect((await rentalById(t, rental._id)).status).toBe('returned');
      const second = await fullPayment(t, user, body).expect(200);
      await choose(t, second.body.data.payment_url, 'pay').expect(303);
      expect(await rentalById(t, rental._id)).toMatchObject({ status: 'paid', totalPaidCents: 2000 });
    });

    it('does not replace a payment another request is still opening', async () => {
      const { user, rental, body } = await returnedRental();
      await t.db.insert(payments).values({ rentalId: rental._id, userId: user.id, kind: 'rental', amountMinor: 2000, currency: 'USD', provider: 'sandbox', createdAt: t.clock.now() });
      const busy = await fullPayment(t, user, body).expect(409);
      expect(busy.body.code).toBe('PAYMENT_IN_PROGRESS');
      t.clock.advance(2 * MINUTE);
      await fullPayment(t, user, body).expect(200);
      expect((await paymentsOf(t, rental._id)).filter((p) => p.kind === 'rental').map((p) => p.status).sort()).toEqual(['expired', 'pending']);
    });
  });

  it('a gateway failure cancels the booking, gives the stock back and answers 502', async () => {
    const user = await createUser(t);
    const bike = await createBike(t, { quantity: 1 });
    const gateway = t.app.get(PaymentGateways).current();
    const spy = jest.spyOn(gateway, 'createCheckout').mockRejectedValueOnce(new Error('connection reset'));
    try {
      const res = await book(t, user, bike.id, { key: 'gw-retry-1' }).expect(502);
      expect(res.body).toMatchObject({ success: false, code: 'PAYMENT_GATEWAY_ERROR' });
      expect(await stockOf(t, bike.id)).toBe(1);
      const [row] = await t.db.select().from(rentals);
      expect(row.status).toBe('cancelled');
      expect((await paymentsOf(t, row.id))[0].status).toBe('failed');
      // The same key may be retried once the gateway is back.
      await book(t, user, bike.id, { key: 'gw-retry-1' }).expect(201);
      expect(await stockOf(t, bike.id)).toBe(0);
    } finally {
      spy.mockRestore();
    }
  });

  it('documents the rental and payment endpoints, the Idempotency-Key header and the error answers in OpenAPI', async () => {
    const doc = (await t.http().get('/api/docs-json').expect(200)).body;
    const op = (path: string, method: string) => doc.paths[path]?.[method];
    const expected: [string, string, string][] = [
      ['/api/rentals', 'post', 'createRental'],
      ['/api/rentals', 'get', 'listMyRentals'],
      ['/api/rentals/allrentalbike', 'get', 'listAllRentals'],
      ['/api/rentals/rentalpayment', 'get', 'listRentalPayments'],
      ['/api/rentals/trans/{id}', 'get', 'getRentalForCheckout'],
      ['/api/rentals/{id}/return', 'put', 'returnRental'],
      ['/api/rentals/fullpayment', 'post', 'payRental'],
      ['/api/payments/{id}', 'get', 'getPayment'],
      ['/api/payments/webhook/sandbox', 'post', 'receiveSandboxNotification'],
      ['/api/payments/webhook/stripe', 'post', 'receiveStripeNotification'],
      ['/api/payments/sandbox/checkout/{sessionRef}', 'get', 'showSandboxCheckout'],
      ['/api/payments/sandbox/checkout/{sessionRef}', 'post', 'submitSandboxCheckout'],
    ];
    for (const [path, method, id] of expected) expect(op(path, method)?.operationId).toBe(id);
    for (const path of ['/api/rentals', '/api/rentals/fullpayment']) {
      const post = op(path, 'post');
      expect(post.parameters).toEqual(expect.arrayContaining([expect.objectContaining({ in: 'header', name: 'Idempotency-Key', required: false })]));
      expect(Object.keys(post.responses)).toEqual(expect.arrayContaining(['400', '401', '403', '404', '409', '422', '502']));
    }
    expect(op('/api/rentals/rentalpayment', 'get').description).toMatch(/returned rental/);
  });

  describe('Idempotency-Key', () => {
    it('replays the first response for the same key and body, and refuses the key with another body (422)', async () => {
      const user = await createUser(t);
      const bike = await createBike(t, { quantity: 5 });
      const startTime = startIn(t);
      const first = await book(t, user, bike.id, { key: 'book-1', startTime, quantity: 2 }).expect(201);
      const second = await book(t, user, bike.id, { key: 'book-1', startTime, quantity: 2 }).expect(201);
      expect(second.body).toEqual(first.body);
      expect(await countRows(t, rentals)).toBe(1);
      expect(await stockOf(t, bike.id)).toBe(3);

      const reused = await book(t, user, bike.id, { key: 'book-1', startTime, quantity: 3 }).expect(422);
      expect(reused.body).toMatchObject({ success: false, code: 'IDEMPOTENCY_KEY_REUSED' });
      // Keys belong to their user.
      const other = await createUser(t);
      await book(t, other, bike.id, { key: 'book-1', startTime, quantity: 2 }).expect(201);
      expect(await countRows(t, rentals)).toBe(2);
    });

    it('does not keep an OUT_OF_STOCK answer for its key: the same request books once units are free (issue 20, finding 11)', async () => {
      const user = await createUser(t);
      const bike = await createBike(t, { quantity: 1 });
      const startTime = startIn(t);
      const first = await book(t, user, bike.id, { key: 'big', startTime, quantity: 2 }).expect(409);
      expect(first.body.code).toBe('OUT_OF_STOCK');
      expect(await countRows(t, rentals)).toBe(0);
      await addUnits(t, bike.id, 4);
      const retried = await book(t, user, bike.id, { key: 'big', startTime, quantity: 2 }).expect(201);
      const replay = await book(t, user, bike.id, { key: 'big', startTime, quantity: 2 }).expect(201);
      expect(replay.body).toEqual(retried.body);
      expect(await countRows(t, rentals)).toBe(1);
    });

    it('makes fullpayment retries open one payment', async () => {
      const user = await createUser(t);
      const admin = await createAdmin(t);
      const bike = await createBike(t, { pricePerHourCents: 1000 });
      const { rental } = await bookAndPay(t, user, bike.id);
      await returnRental(t, admin, rental._id, new Date(new Date(rental.startTime).getTime() + 2 * HOUR).toISOString()).expect(200);
      const body = { paymentId: rental.paymentId, totalCost: 20 };
      const a = await fullPayment(t, user, body, 'pay-1').expect(200);
      const b = await fullPayment(t, user, body, 'pay-1').expect(200);
      expect(b.body).toEqual(a.body);
      await fullPayment(t, user, { ...body, totalCost: 21 }, 'pay-1').expect(422);
      const rentalPayments = (await paymentsOf(t, rental._id)).filter((p) => p.kind === 'rental');
      expect(rentalPayments).toHaveLength(1);
      expect(await t.db.select().from(payments).where(eq(payments.kind, 'rental'))).toHaveLength(1);
    });
  });
});
