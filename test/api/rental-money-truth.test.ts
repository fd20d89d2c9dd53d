/**
 * Issue 20, money findings 1, 2, 3, 5 and 7: every amount right once a booking changes. A checkout opened before a
 * reschedule or a cancel and paid afterwards is refunded automatically and shows on Payment Attention; a rental
 * takes several payments (its paid amount is the sum of its ledger) so a late fee after a part paid up front can
 * be paid; rescheduling never moves the free-cancellation deadline later; a cancelled booking's invoice owes
 * nothing. The gateway is the built-in sandbox; "paid at the gateway anyway" is its signed success notice, as a
 * hosted page left open would send it.
 */
import { eq } from 'drizzle-orm';
import { payments } from '../../src/database/schema/payments.js';
import { createBike } from '../support/bike-factories.js';
import { createAdmin, createUser, TestUser } from '../support/factories.js';
import { pdfTextLines } from '../support/pdf-text.js';
import {
  choose,
  fullPayment,
  HOUR,
  MINUTE,
  paymentsOf,
  postSandboxWebhook,
  rentalById,
  rentalTestEnv,
  returnRental,
  sandboxNotification,
  sessionRefOf,
  clockMs,
} from '../support/rental-factories.js';
import { renderedOutbox } from '../support/outbox.js';
import { useTestApp } from '../support/test-app.js';

const binary = (res: import('superagent').Response, cb: (err: Error | null, body: Buffer) => void) => {
  const chunks: Buffer[] = [];
  res.on('data', (c: Buffer) => chunks.push(c));
  res.on('end', () => cb(null, Buffer.concat(chunks)));
};

describe('Money truth around reschedules, cancels and late fees (issue 20)', () => {
  const t = useTestApp(rentalTestEnv);
  let user: TestUser;
  let admin: TestUser;
  beforeEach(async () => {
    user = await createUser(t);
    admin = await createAdmin(t);
  });

  const weekBike = () => createBike(t, { quantity: 2, pricePerHourCents: 1000, pricePerDayCents: 5000, pricePerWeekCents: 20000 });
  const nowMs = clockMs(t);
  const at = (hoursFromNow: number) => new Date(nowMs(hoursFromNow * HOUR));

  /** Books [start, start + hours) and pays its fee: the rental is booked. */
  async function bookWindow(bikeId: string, startInHours: number, hours: number) {
    const start = at(startInHours);
    const res = await t
      .http()
      .post('/api/rentals')
      .set('Authorization', user.bearer)
      .send({ bikeId, startTime: start.toISOString(), endTime: new Date(start.getTime() + hours * HOUR).toISOString(), quantity: 1 })
      .expect(201);
    await choose(t, res.body.data.payment_url, 'pay').expect(303);
    return res.body.data.rental as { _id: string; paymentId: string; startTime: string; totalCost: number };
  }
  const reschedule = (id: string, startInHours: number, hours: number) =>
    t
      .http()
      .post(`/api/rentals/${id}/reschedule`)
      .set('Authorization', user.bearer)
      .send({ startTime: at(startInHours).toISOString(), endTime: at(startInHours + hours).toISOString() });
  const cancel = (id: string) => t.http().post(`/api/rentals/${id}/cancel`).set('Authorization', user.bearer);
  const rentalDto = async (id: string) =>
    ((await t.http().get('/api/rentals').set('Authorization', user.bearer).expect(200)).body.data as { _id: string }[]).find((r) => r._id === id) as Record<string, unknown> & { _id: string };
  /** The gateway reports the checkout paid (its page was still open), signed. */
  const paidAtGateway = (paymentUrl: string) => postSandboxWebhook(t, sandboxNotification(t, sessionRefOf(paymentUrl))).expect(200);
  const attention = async () => (await t.http().get('/api/payments/attention').set('Authorization', admin.bearer).expect(200)).body.data as { _id: string; status: string }[];
  /** Money the shop keeps per kind (succeeded and not flagged for refund), minor units. */
  const kept = async (rentalId: string) => {
    const sums: Record<string, number> = {};
    for (const p of await paymentsOf(t, rentalId)) if (p.status === 'succeeded' && !p.paidAfterCloseAt) sums[p.kind] = (sums[p.kind] ?? 0) + p.amountMinor;
    return sums;
  };

  it('finding 1: a full payment opened for a 7-day window and paid after a reschedule to 3 hours is refunded; the rental owes its new price', async () => {
    const bike = await weekBike();
    const rental = await bookWindow(bike.id, 48, 7 * 24);
    expect(rental.totalCost).toBe(200);
    const stale = await fullPayment(t, user, { paymentId: rental.paymentId, totalCost: 200 }).expect(200);
    expect((await reschedule(rental._id, 48, 3).expect(200)).body.data.totalCost).toBe(30);
    // The old checkout was closed by the reschedule: its page no longer takes money.
    const stalePayment = (await paymentsOf(t, rental._id)).find((p) => p.id === stale.body.data.payment._id)!;
    expect(stalePayment.status).toBe('expired');

    const notice = await paidAtGateway(stale.body.data.payment_url);
    expect(notice.body.data).toMatchObject({ status: 'refunded' });
    const refunded = (await paymentsOf(t, rental._id)).find((p) => p.id === stalePayment.id)!;
    expect(refunded).toMatchObject({ status: 'refunded', attention: null });
    expect(refunded.paidAfterCloseAt).toBeInstanceOf(Date);
    expect((await attention()).map((p) => p._id)).toContain(stalePayment.id);
    expect(await rentalById(t, rental._id)).toMatchObject({ totalCostCents: 3000, totalPaidCents: null, status: 'booked' });
    expect((await rentalDto(rental._id)).amountDue).toBe(30);

    // Returned on time, it owes 30 and is paid with 30.
    t.clock.advance(51 * HOUR);
    await returnRental(t, admin, rental._id, at(-0.5).toISOString()).expect(200);
    expect((await rentalById(t, rental._id)).status).toBe('returned');
    const pay = await fullPayment(t, user, { paymentId: rental.paymentId, totalCost: 30 }).expect(200);
    await choose(t, pay.body.data.payment_url, 'pay').expect(303);
    expect(await rentalById(t, rental._id)).toMatchObject({ status: 'paid', totalPaidCents: 3000, totalCostCents: 3000 });
    expect(await kept(rental._id)).toEqual({ booking_fee: 10000, rental: 3000 });
  });

  it('finding 1: a success for more than the rental owes is never kept, even on a checkout still open', async () => {
    const bike = await weekBike();
    const rental = await bookWindow(bike.id, 48, 3);
    const open = await fullPayment(t, user, { paymentId: rental.paymentId, totalCost: 30 }).expect(200);
    // A checkout whose amount is more than the rental owes (as one left open across a price change would be).
    await t.db.update(payments).set({ amountMinor: 20000 }).where(eq(payments.id, open.body.data.payment._id));
    const notice = await paidAtGateway(open.body.data.payment_url);
    expect(notice.body.data).toMatchObject({ status: 'refunded', changed: true });
    expect(await rentalById(t, rental._id)).toMatchObject({ totalPaidCents: null, status: 'booked' });
    expect((await attention()).map((p) => p._id)).toContain(open.body.data.payment._id);
    expect(await kept(rental._id)).toEqual({ booking_fee: 10000 });
  });

  it('finding 2: a checkout opened before a cancel and paid after it is refunded and shown on Payment Attention', async () => {
    const bike = await weekBike();
    const rental = await bookWindow(bike.id, 48, 3);
    // Part up front: a checkout for the 3-hour price, the window made longer, that checkout paid anyway.
    const part = await fullPayment(t, user, { paymentId: rental.paymentId, totalCost: 30 }).expect(200);
    await reschedule(rental._id, 48, 5).expect(200);
    await paidAtGateway(part.body.data.payment_url);
    // The payment for the rest, then the cancel, then that checkout paid.
    const owed = (await rentalDto(rental._id)).amountDue as number;
    const rest = await fullPayment(t, user, { paymentId: rental.paymentId, totalCost: owed }).expect(200);
    await cancel(rental._id).expect(200);
    expect((await paymentsOf(t, rental._id)).filter((p) => p.status === 'pending')).toEqual([]);
    await paidAtGateway(rest.body.data.payment_url);

    const list = await paymentsOf(t, rental._id);
    const restRow = list.find((p) => p.id === rest.body.data.payment._id)!;
    expect(restRow).toMatchObject({ status: 'refunded', attention: null });
    expect(restRow.paidAfterCloseAt).toBeInstanceOf(Date);
    expect((await attention()).map((p) => p._id)).toEqual(expect.arrayContaining([part.body.data.payment._id, rest.body.data.payment._id]));
    // Cancelled 48 h ahead: the fee comes back too; the shop keeps nothing.
    expect(await kept(rental._id)).toEqual({});
    expect(list.filter((p) => p.status === 'succeeded')).toEqual([]);
    expect(await rentalById(t, rental._id)).toMatchObject({ status: 'cancelled', totalPaidCents: null });
  });

  it('finding 3: the late fee of a rental paid up front is paid, and the rental ends paid', async () => {
    const bike = await weekBike();
    const rental = await bookWindow(bike.id, 48, 3);
    const part = await fullPayment(t, user, { paymentId: rental.paymentId, totalCost: 30 }).expect(200);
    await reschedule(rental._id, 48, 5).expect(200);
    await paidAtGateway(part.body.data.payment_url);
    const owed = (await rentalDto(rental._id)).amountDue as number;
    const rest = await fullPayment(t, user, { paymentId: rental.paymentId, totalCost: owed }).expect(200);
    await choose(t, rest.body.data.payment_url, 'pay').expect(303);
    expect((await rentalDto(rental._id)).amountDue).toBe(0);

    // Returned 2 h late (after the 30-minute grace): two started hours of late fee.
    t.clock.advance(56 * HOUR);
    await returnRental(t, admin, rental._id, at(-1).toISOString()).expect(200);
    const returned = await rentalDto(rental._id);
    expect(returned).toMatchObject({ status: 'returned', lateFee: 20, amountDue: 20 });
    const late = await fullPayment(t, user, { paymentId: rental.paymentId, totalCost: 20 }).expect(200);
    await choose(t, late.body.data.payment_url, 'pay').expect(303);
    expect(await rentalById(t, rental._id)).toMatchObject({ status: 'paid', totalCostCents: 7000, totalPaidCents: 7000 });
    expect(await kept(rental._id)).toEqual({ booking_fee: 10000, rental: 5000, late_fee: 2000 });

    // Two late-fee payments of one rental (a second part of the late fee): both kept, as the ledger says.
    const other = await bookWindow(bike.id, 48, 3);
    const pre = await fullPayment(t, user, { paymentId: other.paymentId, totalCost: 30 }).expect(200);
    await choose(t, pre.body.data.payment_url, 'pay').expect(303);
    t.clock.advance(54 * HOUR);
    await returnRental(t, admin, other._id, at(-1).toISOString()).expect(200);
    const lateA = await fullPayment(t, user, { paymentId: other.paymentId, totalCost: 20 }).expect(200);
    await t.db.update(payments).set({ amountMinor: 1000 }).where(eq(payments.id, lateA.body.data.payment._id));
    await paidAtGateway(lateA.body.data.payment_url);
    expect(await rentalById(t, other._id)).toMatchObject({ status: 'returned', totalPaidCents: 4000 });
    const lateB = await fullPayment(t, user, { paymentId: other.paymentId, totalCost: 10 }).expect(200);
    await choose(t, lateB.body.data.payment_url, 'pay').expect(303);
    expect(await rentalById(t, other._id)).toMatchObject({ status: 'paid', totalCostCents: 5000, totalPaidCents: 5000 });
    expect((await paymentsOf(t, other._id)).filter((p) => p.kind === 'late_fee' && p.status === 'succeeded')).toHaveLength(2);
  });

  it('finding 5: rescheduling never moves the free-cancellation deadline later', async () => {
    const bike = await weekBike();
    const rental = await bookWindow(bike.id, 2, 3);
    const deadline = (await rentalDto(rental._id)).freeCancellationUntil as string;
    expect(Date.parse(deadline)).toBe(Date.parse(rental.startTime) - 24 * HOUR);
    await reschedule(rental._id, 72, 3).expect(200);
    expect((await rentalDto(rental._id)).freeCancellationUntil).toBe(deadline);
    await cancel(rental._id).expect(200);
    // Cancelled past the deadline fixed when the fee was paid: the fee is kept, and the email says so.
    expect((await paymentsOf(t, rental._id)).map((p) => [p.kind, p.status])).toEqual([['booking_fee', 'succeeded']]);
    const mails = (await renderedOutbox(t)).filter((m) => m.subject.startsWith('Booking cancelled:'));
    expect(mails.map((m) => m.textBody.includes('The booking fee is kept'))).toEqual([true]);

    // Moved earlier, the deadline follows; moved back later, it stays early.
    const early = await bookWindow(bike.id, 5 * 24, 3);
    const movedTo = (await reschedule(early._id, 2 * 24, 3).expect(200)).body.data.startTime as string;
    const moved = (await rentalDto(early._id)).freeCancellationUntil as string;
    expect(Date.parse(moved)).toBe(Date.parse(movedTo) - 24 * HOUR);
    await reschedule(early._id, 6 * 24, 3).expect(200);
    expect((await rentalDto(early._id)).freeCancellationUntil).toBe(moved);
    t.clock.advance(25 * HOUR);
    await cancel(early._id).expect(200);
    expect((await paymentsOf(t, early._id)).map((p) => [p.kind, p.status])).toEqual([['booking_fee', 'succeeded']]);
  });

  it('finding 7: a cancelled booking whose fee was kept owes nothing on its invoice, amounts per currency', async () => {
    const bike = await weekBike();
    const rental = await bookWindow(bike.id, 2, 3);
    t.clock.advance(30 * MINUTE);
    await cancel(rental._id).expect(200);
    const res = await t.http().get(`/api/rentals/${rental._id}/invoice`).set('Authorization', user.bearer).buffer(true).parse(binary).expect(200);
    const lines = pdfTextLines(res.body as Buffer);
    expect(lines.some((l) => l.startsWith('Balance due'))).toBe(false);
    expect(lines).toEqual(
      expect.arrayContaining([
        'Booking fee (kept)  Tk 100.00',
        'Cancelled after the free-cancellation deadline: the booking fee is kept',
        'Rental: cancelled  $0.00',
        'Total (BDT)  Tk 100.00',
        'Paid  Tk 100.00',
        'Total (USD)  $0.00',
        'Status  cancelled',
      ]),
    );
    // No line of the window's price is charged.
    expect(lines.some((l) => l.startsWith('3 hours'))).toBe(false);

    // Refunded up-front money and a refunded fee: nothing owed, nothing kept, per currency.
    const other = await bookWindow(bike.id, 72, 3);
    const up = await fullPayment(t, user, { paymentId: other.paymentId, totalCost: 30 }).expect(200);
    await choose(t, up.body.data.payment_url, 'pay').expect(303);
    await cancel(other._id).expect(200);
    const second = pdfTextLines((await t.http().get(`/api/rentals/${other._id}/invoice`).set('Authorization', user.bearer).buffer(true).parse(binary).expect(200)).body as Buffer);
    expect(second.some((l) => l.startsWith('Balance due'))).toBe(false);
    expect(second).toEqual(expect.arrayContaining(['Booking fee  Tk 100.00', 'Refund: booking fee  -Tk 100.00', 'Refund: rental  -$30.00', 'Total (BDT)  Tk 0.00', 'Total (USD)  $0.00']));
    expect(second.filter((l) => l === 'Paid  $0.00' || l === 'Paid  Tk 0.00')).toHaveLength(2);
  });
});
