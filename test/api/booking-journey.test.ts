import { createBike } from '../support/bike-factories.js';
import { createUser } from '../support/factories.js';
import { book, bookAndPay, choose, expireHolds, freeNowOf, HOUR, MINUTE, paymentsOf, rentalById, rentalTestEnv } from '../support/rental-factories.js';
import { useTestApp } from '../support/test-app.js';

const DAY = 24 * HOUR;
const iso = (ms: number) => new Date(ms).toISOString();

/**
 * Issue 20, the booking journey's server side: a declined or cancelled booking fee keeps the booking while its hold
 * lasts and can be tried again (item 14); a reschedule's quote counts the booking's own units as free (item 15).
 * PGlite, and the PostgreSQL server with TEST_DATABASE_URL.
 */
describe('Booking journey (issue 20)', () => {
  const t = useTestApp(rentalTestEnv);
  const now = () => t.clock.now().getTime();

  describe('a failed booking fee keeps the booking while the hold lasts (item 14)', () => {
    it.each(['fail', 'cancel'] as const)('%s: still held, its units taken; POST booking-fee opens a new checkout that books it', async (outcome) => {
      const user = await createUser(t);
      const bike = await createBike(t, { quantity: 1 });
      const res = await book(t, user, bike.id, { startTime: iso(now() + 5 * MINUTE) }).expect(201);
      const rentalId = res.body.data.rental._id as string;
      await choose(t, res.body.data.payment_url, outcome).expect(303);

      expect((await rentalById(t, rentalId)).status).toBe('pending_fee');
      t.clock.advance(10 * MINUTE);
      expect(await freeNowOf(t, bike.id)).toBe(0);
      const mine = await t.http().get('/api/rentals').set('Authorization', user.bearer).expect(200);
      expect(mine.body.data[0]).toMatchObject({ status: 'pending_fee', bookingFee: { status: outcome === 'fail' ? 'failed' : 'cancelled' } });

      const again = await t.http().post(`/api/rentals/${rentalId}/booking-fee`).set('Authorization', user.bearer).expect(200);
      expect(again.body.data.payment).toMatchObject({ kind: 'booking_fee', status: 'pending', amount: 100, currency: 'BDT' });
      // Asking again while that checkout is open answers the same one.
      const same = await t.http().post(`/api/rentals/${rentalId}/booking-fee`).set('Authorization', user.bearer).expect(200);
      expect(same.body.data.payment._id).toBe(again.body.data.payment._id);
      // The list shows the latest try, once.
      const listed = await t.http().get('/api/rentals').set('Authorization', user.bearer).expect(200);
      expect(listed.body.data).toHaveLength(1);
      expect(listed.body.data[0].bookingFee).toMatchObject({ _id: again.body.data.payment._id, status: 'pending' });

      await choose(t, again.body.data.payment_url, 'pay').expect(303);
      expect((await rentalById(t, rentalId)).status).toBe('booked');
      const fees = await paymentsOf(t, rentalId);
      expect(fees.map((p) => p.status).sort()).toEqual([outcome === 'fail' ? 'failed' : 'cancelled', 'succeeded']);
      const after = await t.http().get('/api/rentals').set('Authorization', user.bearer).expect(200);
      expect(after.body.data[0].bookingFee).toMatchObject({ status: 'succeeded' });
      await t.http().post(`/api/rentals/${rentalId}/booking-fee`).set('Authorization', user.bearer).expect(409, /ALREADY_PAID/);
    });

    it('the hold still ends: a failed fee whose hold lapsed is cancelled by the sweeper, and no retry is opened', async () => {
      const user = await createUser(t);
      const bike = await createBike(t, { quantity: 1 });
      const res = await book(t, user, bike.id, { startTime: iso(now() + DAY) }).expect(201);
      const rentalId = res.body.data.rental._id as string;
      await choose(t, res.body.data.payment_url, 'fail').expect(303);
      t.clock.advance(16 * MINUTE);
      await t.http().post(`/api/rentals/${rentalId}/booking-fee`).set('Authorization', user.bearer).expect(409, /HOLD_EXPIRED/);
      expect(await expireHolds(t)).toBe(1);
      expect((await rentalById(t, rentalId)).status).toBe('cancelled');
      await t.http().post(`/api/rentals/${rentalId}/booking-fee`).set('Authorization', user.bearer).expect(409, /RENTAL_CANCELLED/);
    });

    it("another customer's rental is a 404; at most 5 tries", async () => {
      const user = await createUser(t);
      const other = await createUser(t);
      const bike = await createBike(t, { quantity: 2 });
      const res = await book(t, user, bike.id, { startTime: iso(now() + DAY) }).expect(201);
      const rentalId = res.body.data.rental._id as string;
      await t.http().post(`/api/rentals/${rentalId}/booking-fee`).set('Authorization', other.bearer).expect(404);
      let url = res.body.data.payment_url as string;
      for (let i = 0; i < 4; i++) {
        await choose(t, url, 'fail').expect(303);
        url = (await t.http().post(`/api/rentals/${rentalId}/booking-fee`).set('Authorization', user.bearer).expect(200)).body.data.payment_url;
      }
      await choose(t, url, 'fail').expect(303);
      await t.http().post(`/api/rentals/${rentalId}/booking-fee`).set('Authorization', user.bearer).expect(409, /TOO_MANY_ATTEMPTS/);
    });
  });

  describe("a reschedule's quote counts the booking's own units as free (item 15)", () => {
    it('single-unit bike: its own window is available to it (rentalId), taken to everyone else; only the owner may ask', async () => {
      const user = await createUser(t);
      const other = await createUser(t);
      const bike = await createBike(t, { quantity: 1 });
      const start = now() + 2 * DAY;
      const { rental } = await bookAndPay(t, user, bike.id, { startTime: iso(start) });
      // bookAndPay books open-ended; a window overlapping it:
      const q = { startTime: iso(start + HOUR), endTime: iso(start + 3 * HOUR), quantity: 1 };
      const anonymous = await t.http().get(`/api/bikes/${bike.id}/quote`).query(q).expect(200);
      expect(anonymous.body.data.available).toBe(0);
      const own = await t.http().get(`/api/bikes/${bike.id}/quote`).query({ ...q, rentalId: rental._id }).set('Authorization', user.bearer).expect(200);
      expect(own.body.data.available).toBe(1);
      // The API accepts that same change.
      await t.http().post(`/api/rentals/${rental._id}/reschedule`).set('Authorization', user.bearer).send({ startTime: q.startTime, endTime: q.endTime }).expect(200);

      await t.http().get(`/api/bikes/${bike.id}/quote`).query({ ...q, rentalId: rental._id }).expect(401);
      await t.http().get(`/api/bikes/${bike.id}/quote`).query({ ...q, rentalId: rental._id }).set('Authorization', other.bearer).expect(404);
      const otherBike = await createBike(t, { quantity: 1 });
      await t.http().get(`/api/bikes/${otherBike.id}/quote`).query({ ...q, rentalId: rental._id }).set('Authorization', user.bearer).expect(404);
      const bad = await t.http().get(`/api/bikes/${bike.id}/quote`).query({ ...q, rentalId: 'nope' }).set('Authorization', user.bearer).expect(400);
      expect(bad.body.errors[0].path).toBe('rentalId');
    });
  });
});
