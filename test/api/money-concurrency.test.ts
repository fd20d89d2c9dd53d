/**
 * Issue 20, money finding 4: a cancel and a payment notification of the same rental take their locks in one order
 * (the rental, then its payments), so on the PostgreSQL server they wait for each other instead of deadlocking
 * (40P01 answered 500 to the cancel, the notification and the sandbox page). Each race fires both at once; every
 * answer is a success and the end state is the same whichever came first: the booking cancelled 48 h ahead, all its
 * money refunded, no payment left open. Runs on PGlite too (where the requests are serialised).
 */
import { and, eq, inArray } from 'drizzle-orm';
import { payments } from '../../src/database/schema/payments.js';
import { createBike } from '../support/bike-factories.js';
import { TestUser } from '../support/factories.js';
import {
  choose,
  createRacers,
  fullPayment,
  HOUR,
  paymentsOf,
  postSandboxWebhook,
  rentalById,
  rentalTestEnv,
  sandboxNotification,
  sessionRefOf,
  tally,
} from '../support/rental-factories.js';
import { useTestApp } from '../support/test-app.js';

const RACES = 40;

describe('Cancel against a payment notification (issue 20, finding 4)', () => {
  const t = useTestApp(rentalTestEnv);

  async function bookWindow(user: TestUser, bikeId: string) {
    const start = t.clock.now().getTime() + 48 * HOUR;
    const res = await t
      .http()
      .post('/api/rentals')
      .set('Authorization', user.bearer)
      .send({ bikeId, startTime: new Date(start).toISOString(), endTime: new Date(start + 3 * HOUR).toISOString(), quantity: 1 })
      .expect(201);
    return res.body.data as { rental: { _id: string; paymentId: string }; payment_url: string };
  }

  async function race(user: TestUser, rentalId: string, paymentUrl: string) {
    const [cancelled, notified] = await Promise.all([
      t.http().post(`/api/rentals/${rentalId}/cancel`).set('Authorization', user.bearer),
      postSandboxWebhook(t, sandboxNotification(t, sessionRefOf(paymentUrl))),
    ]);
    return [cancelled.status, notified.status];
  }

  async function expectAllRefunded(rentalIds: string[]) {
    for (const id of rentalIds) {
      expect(await rentalById(t, id)).toMatchObject({ status: 'cancelled', totalPaidCents: null });
      const list = await paymentsOf(t, id);
      // Whatever won: the fee and any rental payment came back (cancelled 48 h ahead), nothing is open.
      expect(list.filter((p) => p.status === 'pending' || p.status === 'succeeded')).toEqual([]);
    }
    const refundedLate = await t.db.select().from(payments).where(and(inArray(payments.rentalId, rentalIds), eq(payments.status, 'refunded')));
    expect(refundedLate.every((p) => p.attention === null)).toBe(true);
  }

  it(`${RACES} races of a cancel against the booking fee's success notice: no 5xx, every booking cancelled and refunded`, async () => {
    const bike = await createBike(t, { quantity: RACES, pricePerHourCents: 1000 });
    const racers = await createRacers(t, RACES);
    const booked = [];
    for (const user of racers) booked.push({ user, ...(await bookWindow(user, bike.id)) });
    const statuses: number[] = [];
    for (const b of booked) statuses.push(...(await race(b.user, b.rental._id, b.payment_url)));
    expect(tally(statuses)).toEqual({ 200: 2 * RACES });
    await expectAllRefunded(booked.map((b) => b.rental._id));
  }, 600_000);

  it(`${RACES} races of a cancel against an up-front payment's success notice: no 5xx, every booking cancelled and refunded`, async () => {
    const bike = await createBike(t, { quantity: RACES, pricePerHourCents: 1000 });
    const racers = await createRacers(t, RACES);
    const booked = [];
    for (const user of racers) {
      const b = await bookWindow(user, bike.id);
      await choose(t, b.payment_url, 'pay').expect(303);
      const up = await fullPayment(t, user, { paymentId: b.rental.paymentId, totalCost: 30 }).expect(200);
      booked.push({ user, rentalId: b.rental._id, url: up.body.data.payment_url as string });
    }
    const statuses: number[] = [];
    for (const b of booked) statuses.push(...(await race(b.user, b.rentalId, b.url)));
    expect(tally(statuses)).toEqual({ 200: 2 * RACES });
    await expectAllRefunded(booked.map((b) => b.rentalId));
  }, 600_000);
});
