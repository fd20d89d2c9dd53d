import { ConflictException } from '@nestjs/common';
import { sql } from 'drizzle-orm';
import { HoldSweeper } from '../../src/modules/rentals/hold-sweeper.service.js';
import { RentalPaymentsService } from '../../src/modules/rentals/rental-payments.service.js';
import { ReturnService } from '../../src/modules/rentals/return.service.js';
import { createBike } from '../support/bike-factories.js';
import { createAdmin, createUser, TestUser } from '../support/factories.js';
import { PaymentsService } from '../../src/modules/payments/payments.service.js';
import { SANDBOX_SIGNATURE_HEADER } from '../../src/modules/payments/sandbox-signature.js';
import {
  book,
  bookAndPay,
  choose,
  freeNowOf,
  fullPayment,
  HOUR,
  MINUTE,
  paymentsOf,
  rentalById,
  rentalTestEnv,
  returnRental,
  sandboxNotification,
  sessionRefOf,
} from '../support/rental-factories.js';
import { createTestApp, TestApp } from '../support/test-app.js';

/**
 * Service-level tests of the money and stock rules (issue 15): the services the controllers call, on a real PGlite
 * database with the whole app around them, for the paths no API test reaches: the periodic sweep itself, the return
 * of a cancelled rental, a rental with nothing left to pay, and a payment outcome after the rental's final state.
 * Every expectation reads the rows the services wrote.
 */
describe('Rental money and stock, at the service level', () => {
  let t: TestApp;
  let user: TestUser;
  let admin: TestUser;
  const caller = () => ({ id: user.id, name: user.name, email: user.email, role: 'user' as const });
  const idempotencyKeys = async () =>
    Number(((await t.db.execute(sql`select count(*)::int as n from idempotency_keys`)) as unknown as { rows: { n: number }[] }).rows[0].n);

  beforeAll(async () => {
    t = await createTestApp(rentalTestEnv);
  });
  afterAll(() => t.close());
  beforeEach(async () => {
    await t.reset();
    user = await createUser(t);
    admin = await createAdmin(t);
  });

  it('the periodic sweep cancels lapsed holds, expires lapsed rental payments and purges answered idempotency keys, once when sweeps overlap', async () => {
    const bike = await createBike(t, { quantity: 2, pricePerHourCents: 1000 });
    const held = (await book(t, user, bike.id, { key: 'hold-1' }).expect(201)).body.data.rental as { _id: string };
    const { rental: ridden } = await bookAndPay(t, user, bike.id, { key: 'ride-1' });
    t.clock.advance(3 * HOUR);
    const back = new Date(new Date(ridden.startTime).getTime() + 2 * HOUR).toISOString();
    await returnRental(t, admin, ridden._id, back).expect(200);
    await fullPayment(t, user, { paymentId: ridden.paymentId, totalCost: 20 }, 'pay-1').expect(200);
    expect(await idempotencyKeys()).toBe(3);

    // A day later: the hold lapsed long ago, the rental payment's checkout (23 h) too, the keys' replay window (24 h).
    t.clock.advance(25 * HOUR);
    const sweeper = t.app.get(HoldSweeper);
    await Promise.all([sweeper.sweep(), sweeper.sweep()]);

    expect((await rentalById(t, held._id)).status).toBe('cancelled');
    expect((await paymentsOf(t, held._id)).map((p) => [p.kind, p.status])).toEqual([['booking_fee', 'expired']]);
    const ridePayments = await paymentsOf(t, ridden._id);
    expect(ridePayments.map((p) => [p.kind, p.status])).toEqual([
      ['booking_fee', 'succeeded'],
      ['rental', 'expired'],
    ]);
    // The ride is still owed and can be paid again; both units are free.
    expect((await rentalById(t, ridden._id)).status).toBe('returned');
    expect(await freeNowOf(t, bike.id)).toBe(2);
    expect(await idempotencyKeys()).toBe(0);

    // Sweeping again changes nothing.
    await sweeper.sweep();
    expect((await paymentsOf(t, held._id)).map((p) => p.status)).toEqual(['expired']);
    expect((await paymentsOf(t, ridden._id)).map((p) => p.status)).toEqual(['succeeded', 'expired']);
    await fullPayment(t, user, { paymentId: ridden.paymentId, totalCost: 20 }).expect(200);
  });

  it('a cancelled rental cannot be returned, and nothing about it changes', async () => {
    const bike = await createBike(t, { quantity: 1, pricePerHourCents: 1000 });
    const booked = (await book(t, user, bike.id).expect(201)).body.data;
    await choose(t, booked.payment_url, 'cancel').expect(303);
    // A cancelled fee keeps the booking while the hold lasts (issue 20); the lapsed hold cancels it.
    t.clock.advance(16 * MINUTE);
    await t.app.get(HoldSweeper).expireHolds();
    const before = await rentalById(t, booked.rental._id);
    expect(before.status).toBe('cancelled');

    const returns = t.app.get(ReturnService);
    t.clock.advance(2 * HOUR);
    const attempt = returns.returnRental(booked.rental._id, t.clock.now().toISOString());
    await expect(attempt).rejects.toBeInstanceOf(ConflictException);
    await expect(attempt).rejects.toMatchObject({ response: { code: 'RENTAL_CANCELLED' } });
    expect(await rentalById(t, booked.rental._id)).toEqual(before);
    expect((await paymentsOf(t, booked.rental._id)).map((p) => [p.kind, p.status])).toEqual([['booking_fee', 'cancelled']]);
    expect(await freeNowOf(t, bike.id)).toBe(1);
  });

  it('a rental with nothing left to pay opens no payment', async () => {
    const bike = await createBike(t, { quantity: 1, pricePerHourCents: 1000 });
    const { rental } = await bookAndPay(t, user, bike.id);
    t.clock.advance(2 * HOUR);
    await returnRental(t, admin, rental._id, new Date(new Date(rental.startTime).getTime() + 30 * MINUTE).toISOString()).expect(200);
    const pay = await fullPayment(t, user, { paymentId: rental.paymentId, totalCost: 10 }).expect(200);
    await choose(t, pay.body.data.payment_url, 'pay').expect(303);
    expect((await rentalById(t, rental._id)).status).toBe('paid');
    const paymentsBefore = await paymentsOf(t, rental._id);

    const payments = t.app.get(RentalPaymentsService);
    const again = payments.payRental(caller(), { paymentId: rental.paymentId, totalCost: 10 }, undefined, 'http://127.0.0.1');
    await expect(again).rejects.toBeInstanceOf(ConflictException);
    expect(await paymentsOf(t, rental._id)).toEqual(paymentsBefore);
    expect((await rentalById(t, rental._id)).totalPaidCents).toBe(1000);
  });

  it('a fee the gateway reports paid after the sweep cancelled its booking is refunded once and books nothing', async () => {
    const bike = await createBike(t, { quantity: 1, pricePerHourCents: 1000 });
    const booked = (await book(t, user, bike.id).expect(201)).body.data;
    t.clock.advance(20 * MINUTE);
    await t.app.get(HoldSweeper).sweep();
    expect((await rentalById(t, booked.rental._id)).status).toBe('cancelled');
    // Another customer takes the only unit meanwhile.
    const other = await createUser(t, { email: 'other@example.com' });
    const { rental: theirs } = await bookAndPay(t, other, bike.id);

    // The gateway took the money anyway (its page was still open) and says so, signed, after the final state.
    const payments = t.app.get(PaymentsService);
    const notice = sandboxNotification(t, sessionRefOf(booked.payment_url), 'payment.succeeded', { id: 'evt_late_1' });
    const headers = { [SANDBOX_SIGNATURE_HEADER.toLowerCase()]: notice.signature };
    const first = await payments.handleNotification('sandbox', Buffer.from(notice.body), headers);
    expect(first).toMatchObject({ message: 'Notification recorded; the payment was already closed and is refunded', data: { status: 'refunded', changed: false } });
    const [fee] = await paymentsOf(t, booked.rental._id);
    // Flagged for admins until the refund went through, then cleared.
    expect(fee).toMatchObject({ kind: 'booking_fee', status: 'refunded', attention: null });
    expect(fee.refundedAt).toBeInstanceOf(Date);
    // The booking stays cancelled, the other customer keeps the unit.
    expect((await rentalById(t, booked.rental._id))).toMatchObject({ status: 'cancelled', totalPaidCents: null });
    expect((await rentalById(t, theirs._id)).status).toBe('booked');

    // The same notice again, and another one for the same payment: nothing more is refunded.
    const again = await payments.handleNotification('sandbox', Buffer.from(notice.body), headers);
    expect(again.message).toBe('Notification already processed');
    const another = sandboxNotification(t, sessionRefOf(booked.payment_url), 'payment.succeeded', { id: 'evt_late_2' });
    const third = await payments.handleNotification('sandbox', Buffer.from(another.body), { [SANDBOX_SIGNATURE_HEADER.toLowerCase()]: another.signature });
    expect(third).toMatchObject({ message: 'Notification recorded; the payment was already final', data: { status: 'refunded', changed: false } });
    expect((await paymentsOf(t, booked.rental._id)).map((p) => [p.status, p.refundedAt?.getTime()])).toEqual([['refunded', fee.refundedAt!.getTime()]]);
  });
});
