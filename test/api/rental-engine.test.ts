import { jest } from '@jest/globals';
import { eq } from 'drizzle-orm';
import { bikeUnits, unitReservations } from '../../src/database/schema/fleet.js';
import { payments } from '../../src/database/schema/payments.js';
import { addUnits, bikeBody, createBike } from '../support/bike-factories.js';
import { createAdmin, createUser, TestUser } from '../support/factories.js';
import {
  book,
  bookAndPay,
  choose,
  createRacers,
  freeNowOf,
  fullPayment,
  HOUR,
  MINUTE,
  paymentsOf,
  rentalById,
  rentalTestEnv,
  returnRental,
  startIn,
  tally,
  clockAt,
} from '../support/rental-factories.js';
import { useTestApp } from '../support/test-app.js';

const DAY = 24 * HOUR;
const iso = (ms: number) => new Date(ms).toISOString();

/**
 * Issue 10: bookings for a window on a fleet of units. Runs on PGlite and, with TEST_DATABASE_URL, on the
 * PostgreSQL server, where the concurrent requests really run in parallel.
 */
describe('Rental engine: windows, units, quotes, cancel, reschedule', () => {
  const t = useTestApp(rentalTestEnv);

  const now = () => t.clock.now().getTime();
  const bookWindow = (user: TestUser, bikeId: string, start: number, end: number | null, quantity = 1) =>
    t
      .http()
      .post('/api/rentals')
      .set('Authorization', user.bearer)
      .send({ bikeId, startTime: iso(start), ...(end === null ? {} : { endTime: iso(end) }), quantity });
  const quote = (bikeId: string, start: number, end: number, quantity = 1) =>
    t.http().get(`/api/bikes/${bikeId}/quote`).query({ startTime: iso(start), endTime: iso(end), quantity });
  const priced = { pricePerHourCents: 1000, pricePerDayCents: 5000, pricePerWeekCents: 20000 };

  describe('concurrency (the exclusion constraint decides)', () => {
    it('200 simultaneous bookings of a 3-unit bike for overlapping windows: exactly 3 succeed', async () => {
      const bike = await createBike(t, { quantity: 3 });
      const racers = await createRacers(t, 200);
      const base = now() + 2 * DAY;
      // Every window overlaps the hour [base + 3h, base + 4h).
      const results = await Promise.all(racers.map((u, i) => bookWindow(u, bike.id, base + (i % 3) * HOUR, base + (4 + (i % 5)) * HOUR)));
      expect(tally(results.map((r) => r.status))).toEqual({ 201: 3, 409: 197 });
      for (const r of results.filter((x) => x.status === 409)) expect(r.body).toMatchObject({ message: 'Bike is already rented', code: 'OUT_OF_STOCK' });
      const labels = results.filter((r) => r.status === 201).map((r) => r.body.data.rental.units[0].label);
      expect(new Set(labels).size).toBe(3);
    });

    it('50 simultaneous bookings of a 1-unit bike for 50 disjoint windows all succeed', async () => {
      const bike = await createBike(t, { quantity: 1 });
      const racers = await createRacers(t, 50);
      const base = now() + DAY;
      const results = await Promise.all(racers.map((u, i) => bookWindow(u, bike.id, base + i * 2 * HOUR, base + (i * 2 + 1) * HOUR)));
      expect(tally(results.map((r) => r.status))).toEqual({ 201: 50 });
    });
  });

  it("a future booking leaves today's quantity unchanged; one covering now takes it", async () => {
    const user = await createUser(t);
    const bike = await createBike(t, { quantity: 3 });
    expect(await freeNowOf(t, bike.id)).toBe(3);
    await bookWindow(user, bike.id, now() + 30 * DAY, now() + 31 * DAY).expect(201);
    expect(await freeNowOf(t, bike.id)).toBe(3);
    const detail = await t.http().get(`/api/bikes/${bike.id}`).expect(200);
    expect(detail.body.data).toMatchObject({ quantity: 3, totalUnits: 3 });
    await bookWindow(user, bike.id, now(), now() + 2 * HOUR).expect(201);
    expect(await freeNowOf(t, bike.id)).toBe(2);
    // An open-ended booking from now holds its unit until it is returned (a unit with no later booking).
    await bookWindow(user, bike.id, now(), null).expect(201);
    expect(await freeNowOf(t, bike.id)).toBe(1);
  });

  describe('quote', () => {
    it.each([
      ['3 h', 3 * HOUR, 30],
      ['5 h', 5 * HOUR, 50],
      ['26 h', 26 * HOUR, 70],
      ['6 days', 6 * DAY, 200],
      ['8 days', 8 * DAY, 250],
      ['exactly 24 h', 24 * HOUR, 50],
      ['23 h 59 min', 24 * HOUR - MINUTE, 50],
      ['exactly 7 days', 7 * DAY, 200],
    ])('%s', async (_label, ms, total) => {
      const bike = await createBike(t, { ...priced, quantity: 2 });
      const start = now() + DAY;
      const res = await quote(bike.id, start, start + ms).expect(200);
      expect(res.body.data).toMatchObject({ total, currency: 'USD', available: 2, startTime: iso(start), endTime: iso(start + ms) });
      const sum = res.body.data.lines.reduce((s: number, l: { amount: number }) => s + l.amount, 0);
      expect(sum).toBe(total);
      expect(res.body.data.terms).toMatchObject({ lateFeePerHour: 10, lateGraceMinutes: 30, freeCancellationHours: 24, bookingFee: 100, bookingFeeCurrency: 'BDT' });
    });

    it('multiplies by the quantity, itemises, and answers 400 naming the field for a bad window', async () => {
      const bike = await createBike(t, { ...priced, quantity: 2 });
      const start = now() + DAY;
      const res = await quote(bike.id, start, start + 26 * HOUR, 2).expect(200);
      expect(res.body.data.total).toBe(140);
      expect(res.body.data.lines).toEqual([
        { label: '1 day × 2 bikes', quantity: 2, unitAmount: 50, amount: 100 },
        { label: '2 hours × 2 bikes', quantity: 4, unitAmount: 10, amount: 40 },
      ]);
      const backwards = await quote(bike.id, start, start - HOUR).expect(400);
      expect(backwards.body.errors[0].path).toBe('endTime');
      const past = await quote(bike.id, now() - DAY, now()).expect(400);
      expect(past.body.errors[0].path).toBe('startTime');
      const many = await quote(bike.id, start, start + HOUR, 11).expect(400);
      expect(many.body.errors[0].path).toBe('quantity');
      await t.http().get(`/api/bikes/${bike.id}/quote`).query({ startTime: iso(start) }).expect(400);
    });

    it('bike responses carry the day and week prices, and admins set and clear them', async () => {
      const admin = await createAdmin(t);
      const created = await t.http().post('/api/bikes').set('Authorization', admin.bearer).send(bikeBody({ quantity: 3, pricePerDay: 50, pricePerWeek: 200 })).expect(201);
      expect(created.body.data).toMatchObject({ pricePerDay: 50, pricePerWeek: 200, quantity: 3, totalUnits: 3 });
      const id = created.body.data._id;
      const units = await t.http().get(`/api/bikes/${id}/units`).set('Authorization', admin.bearer).expect(200);
      expect(units.body.data.map((u: { label: string }) => u.label)).toEqual(['Yamaha-1', 'Yamaha-2', 'Yamaha-3']);
      const cleared = await t.http().put(`/api/bikes/${id}`).set('Authorization', admin.bearer).send(bikeBody({ quantity: 3, pricePerDay: null })).expect(200);
      expect(cleared.body.data).toMatchObject({ pricePerDay: null, pricePerWeek: 200 });
    });
  });

  it('a fixed window: totalCost is the quote at booking, payable right after the fee; a late return adds the late fee', async () => {
    const user = await createUser(t);
    const admin = await createAdmin(t);
    const bike = await createBike(t, { ...priced, quantity: 1 });
    const start = now() + HOUR;
    const end = start + 26 * HOUR;
    const res = await bookWindow(user, bike.id, start, end).expect(201);
    const rental = res.body.data.rental;
    expect(rental).toMatchObject({ endTime: iso(end), dueAt: iso(end), totalCost: 70, quote: { total: 70, currency: 'USD' }, lateFee: 0, source: 'online', overdue: false });
    expect(rental.units).toHaveLength(1);
    // Prices changed after booking do not change the rental.
    await t.http().put(`/api/bikes/${bike.id}`).set('Authorization', admin.bearer).send(bikeBody({ quantity: 1, pricePerHour: 99, pricePerDay: 999 })).expect(200);
    await choose(t, res.body.data.payment_url, 'pay').expect(303);
    const pay = await fullPayment(t, user, { paymentId: rental.paymentId, totalCost: 70 }).expect(200);
    await choose(t, pay.body.data.payment_url, 'pay').expect(303);
    expect(await rentalById(t, rental._id)).toMatchObject({ status: 'booked', totalPaidCents: 7000 });

    // Back 2 h 10 min late: 30 minutes of grace, then 2 started hours at 10 per hour.
    t.clock.advance(end + 2 * HOUR + 10 * MINUTE - now());
    const overdue = await t.http().get('/api/rentals/allrentalbike').set('Authorization', admin.bearer).expect(200);
    expect(overdue.body.data[0]).toMatchObject({ overdue: true });
    const returned = await returnRental(t, admin, rental._id, iso(end + 2 * HOUR + 10 * MINUTE)).expect(200);
    expect(returned.body.data).toMatchObject({ status: 'returned', lateFee: 20, totalCost: 90, totalPaid: 70, amountDue: 20 });
    const late = await fullPayment(t, user, { paymentId: rental.paymentId, totalCost: 20 }).expect(200);
    expect(late.body.data.payment).toMatchObject({ kind: 'late_fee', amount: 20 });
    await choose(t, late.body.data.payment_url, 'pay').expect(303);
    expect(await rentalById(t, rental._id)).toMatchObject({ status: 'paid', totalPaidCents: 9000 });
  });

  it('a return within the grace adds nothing and frees the unit from the return on', async () => {
    const user = await createUser(t);
    const admin = await createAdmin(t);
    const bike = await createBike(t, { ...priced, quantity: 1 });
    const start = now() + HOUR;
    const { rental } = await bookAndPay(t, user, bike.id, { startTime: iso(start) });
    const back = await returnRental(t, admin, rental._id, iso(start + 3 * HOUR)).expect(200);
    expect(back.body.data).toMatchObject({ lateFee: 0, totalCost: 30 });
    // The open-ended booking now holds [start, return): later windows are free again.
    await bookWindow(user, bike.id, start + 4 * HOUR, start + 5 * HOUR).expect(201);
  });

  it("refuses a customer's fourth booking awaiting its fee (429 TOO_MANY_PENDING), also under concurrency", async () => {
    const user = await createUser(t);
    const bike = await createBike(t, { quantity: 10 });
    const results = await Promise.all(Array.from({ length: 8 }, (_, i) => bookWindow(user, bike.id, now() + (i + 1) * DAY, now() + (i + 1) * DAY + HOUR)));
    expect(tally(results.map((r) => r.status))).toEqual({ 201: 3, 429: 5 });
    expect(results.find((r) => r.status === 429)!.body).toMatchObject({ success: false, code: 'TOO_MANY_PENDING' });
    // Paying one fee makes room for another.
    await choose(t, results.find((r) => r.status === 201)!.body.data.payment_url, 'pay').expect(303);
    await bookWindow(user, bike.id, now() + 20 * DAY, now() + 20 * DAY + HOUR).expect(201);
  });

  describe('cancel', () => {
    it('free until FREE_CANCELLATION_HOURS before the start: the fee is refunded and the unit free at once', async () => {
      const user = await createUser(t);
      const bike = await createBike(t, { quantity: 1 });
      const start = now() + 3 * DAY;
      const { rental } = await bookAndPay(t, user, bike.id, { startTime: iso(start) });
      const other = await createUser(t);
      await book(t, other, bike.id, { startTime: iso(start + DAY) }).expect(409);
      const res = await t.http().post(`/api/rentals/${rental._id}/cancel`).set('Authorization', user.bearer).expect(200);
      expect(res.body.data).toMatchObject({ status: 'cancelled', bookingFee: { status: 'refunded' }, canCancel: false, units: [] });
      const [fee] = await paymentsOf(t, rental._id);
      expect(fee).toMatchObject({ status: 'refunded' });
      expect(fee.refundedAt).not.toBeNull();
      await book(t, other, bike.id, { startTime: iso(start + DAY) }).expect(201);
      const again = await t.http().post(`/api/rentals/${rental._id}/cancel`).set('Authorization', user.bearer).expect(409);
      expect(again.body.code).toBe('RENTAL_CANCELLED');
    });

    it('inside the last FREE_CANCELLATION_HOURS the fee is kept; after the start it is refused', async () => {
      const user = await createUser(t);
      const bike = await createBike(t, { quantity: 2 });
      const { rental } = await bookAndPay(t, user, bike.id, { startTime: iso(now() + 5 * HOUR) });
      const listed = await t.http().get('/api/rentals').set('Authorization', user.bearer).expect(200);
      expect(listed.body.data[0]).toMatchObject({ canCancel: true, freeCancellationUntil: iso(new Date(rental.startTime).getTime() - 24 * HOUR) });
      const res = await t.http().post(`/api/rentals/${rental._id}/cancel`).set('Authorization', user.bearer).expect(200);
      expect(res.body.data).toMatchObject({ status: 'cancelled', bookingFee: { status: 'succeeded' } });

      const started = await bookAndPay(t, user, bike.id, { startTime: iso(now() + HOUR) });
      t.clock.advance(2 * HOUR);
      const late = await t.http().post(`/api/rentals/${started.rental._id}/cancel`).set('Authorization', user.bearer).expect(409);
      expect(late.body.code).toBe('RENTAL_STARTED');
      const stranger = await createUser(t);
      await t.http().post(`/api/rentals/${started.rental._id}/cancel`).set('Authorization', stranger.bearer).expect(404);
    });

    /** A fixed window booked, its fee paid and its rental paid up front (Pay Now). */
    const bookPaidUpFront = async (user: TestUser, bikeId: string, start: number, end: number) => {
      const res = await bookWindow(user, bikeId, start, end).expect(201);
      const rental = res.body.data.rental as { _id: string; paymentId: string; totalCost: number };
      await choose(t, res.body.data.payment_url, 'pay').expect(303);
      const pay = await fullPayment(t, user, { paymentId: rental.paymentId, totalCost: rental.totalCost }).expect(200);
      await choose(t, pay.body.data.payment_url, 'pay').expect(303);
      expect(await rentalById(t, rental._id)).toMatchObject({ status: 'booked', totalPaidCents: rental.totalCost * 100 });
      return rental;
    };
    const statusByKind = async (rentalId: string) => Object.fromEntries((await paymentsOf(t, rentalId)).map((p) => [p.kind, p.status]));

    it('a rental paid up front and cancelled in the free window: the fee and the rental payment are refunded', async () => {
      const user = await createUser(t);
      const bike = await createBike(t, { ...priced, quantity: 1 });
      const rental = await bookPaidUpFront(user, bike.id, now() + 3 * DAY, now() + 3 * DAY + 5 * HOUR);
      const res = await t.http().post(`/api/rentals/${rental._id}/cancel`).set('Authorization', user.bearer).expect(200);
      expect(res.body.data).toMatchObject({ status: 'cancelled', bookingFee: { status: 'refunded' } });
      expect(await statusByKind(rental._id)).toEqual({ booking_fee: 'refunded', rental: 'refunded' });
      for (const p of await paymentsOf(t, rental._id)) expect(p.refundedAt).not.toBeNull();
    });

    it('a rental paid up front and cancelled late: the fee is kept, the rental payment refunded', async () => {
      const user = await createUser(t);
      const bike = await createBike(t, { ...priced, quantity: 1 });
      const rental = await bookPaidUpFront(user, bike.id, now() + 5 * HOUR, now() + 8 * HOUR);
      const res = await t.http().post(`/api/rentals/${rental._id}/cancel`).set('Authorization', user.bearer).expect(200);
      expect(res.body.data).toMatchObject({ status: 'cancelled', bookingFee: { status: 'succeeded' } });
      expect(await statusByKind(rental._id)).toEqual({ booking_fee: 'succeeded', rental: 'refunded' });
    });

    it('exactly FREE_CANCELLATION_HOURS before the start is still free; a millisecond later the fee is kept', async () => {
      const user = await createUser(t);
      const bike = await createBike(t, { quantity: 2 });
      const frozen = new Date(Math.ceil(now() / 1000) * 1000 + 1000);
      const clock = jest.spyOn(t.clock, 'now').mockImplementation(() => new Date(frozen));
      try {
        const start = frozen.getTime() + 24 * HOUR;
        const onTime = await bookAndPay(t, user, bike.id, { startTime: iso(start) });
        const late = await bookAndPay(t, user, bike.id, { startTime: iso(start) });
        const free = await t.http().post(`/api/rentals/${onTime.rental._id}/cancel`).set('Authorization', user.bearer).expect(200);
        expect(free.body.data).toMatchObject({ status: 'cancelled', bookingFee: { status: 'refunded' } });
        clock.mockImplementation(() => new Date(frozen.getTime() + 1));
        const kept = await t.http().post(`/api/rentals/${late.rental._id}/cancel`).set('Authorization', user.bearer).expect(200);
        expect(kept.body.data).toMatchObject({ status: 'cancelled', bookingFee: { status: 'succeeded' } });
      } finally {
        clock.mockRestore();
      }
    });

    it('an unpaid booking cancelled by its customer ends at once (fee cancelled, units free)', async () => {
      const user = await createUser(t);
      const bike = await createBike(t, { quantity: 1 });
      const res = await book(t, user, bike.id).expect(201);
      await t.http().post(`/api/rentals/${res.body.data.rental._id}/cancel`).set('Authorization', user.bearer).expect(200);
      expect((await paymentsOf(t, res.body.data.rental._id))[0].status).toBe('cancelled');
      await book(t, user, bike.id).expect(201);
    });
  });

  it('reschedule of a rental paid up front is refused (409 ALREADY_PAID) and leaves it as it was', async () => {
    const user = await createUser(t);
    const bike = await createBike(t, { ...priced, quantity: 1 });
    const start = now() + 2 * DAY;
    const res = await bookWindow(user, bike.id, start, start + 3 * HOUR).expect(201);
    const rental = res.body.data.rental;
    await choose(t, res.body.data.payment_url, 'pay').expect(303);
    const pay = await fullPayment(t, user, { paymentId: rental.paymentId, totalCost: 30 }).expect(200);
    await choose(t, pay.body.data.payment_url, 'pay').expect(303);
    const moved = await t
      .http()
      .post(`/api/rentals/${rental._id}/reschedule`)
      .set('Authorization', user.bearer)
      .send({ startTime: iso(start + DAY), endTime: iso(start + DAY + 30 * HOUR) })
      .expect(409);
    expect(moved.body).toMatchObject({ success: false, code: 'ALREADY_PAID' });
    expect(await rentalById(t, rental._id)).toMatchObject({ startTime: new Date(start), endTime: new Date(start + 3 * HOUR), totalCostCents: 3000, totalPaidCents: 3000 });
  });

  it('reschedule: moves to a free window with a new quote, 409 when the new window is taken', async () => {
    const user = await createUser(t);
    const other = await createUser(t);
    const bike = await createBike(t, { ...priced, quantity: 1 });
    const start = now() + 2 * DAY;
    const { rental } = await bookAndPay(t, user, bike.id, { startTime: iso(start) });
    const blocker = await bookWindow(other, bike.id, start + 10 * DAY, start + 11 * DAY);
    // The open-ended booking holds the unit for ever: the other customer cannot book later either.
    expect(blocker.status).toBe(409);
    const moved = await t
      .http()
      .post(`/api/rentals/${rental._id}/reschedule`)
      .set('Authorization', user.bearer)
      .send({ startTime: iso(start + DAY), endTime: iso(start + DAY + 5 * HOUR) })
      .expect(200);
    expect(moved.body.data).toMatchObject({ startTime: iso(start + DAY), endTime: iso(start + DAY + 5 * HOUR), totalCost: 50, quote: { total: 50 } });
    await bookWindow(other, bike.id, start + 10 * DAY, start + 11 * DAY).expect(201);
    const taken = await t
      .http()
      .post(`/api/rentals/${rental._id}/reschedule`)
      .set('Authorization', user.bearer)
      .send({ startTime: iso(start + 10 * DAY + HOUR), endTime: iso(start + 10 * DAY + 2 * HOUR) })
      .expect(409);
    expect(taken.body).toMatchObject({ message: 'Bike is already rented', code: 'OUT_OF_STOCK' });
    // The failed move kept the booking where it was.
    expect((await rentalById(t, rental._id)).startTime.toISOString()).toBe(iso(start + DAY));
  });

  describe('fleet', () => {
    it('a unit in maintenance cannot be booked for that period; a block over a booking is refused', async () => {
      const admin = await createAdmin(t);
      const user = await createUser(t);
      const bike = await createBike(t, { quantity: 1 });
      const [unit] = await t.db.select().from(bikeUnits).where(eq(bikeUnits.bikeId, bike.id));
      const start = now() + 2 * DAY;
      const block = await t
        .http()
        .post(`/api/units/${unit.id}/maintenance`)
        .set('Authorization', admin.bearer)
        .send({ start: iso(start), end: iso(start + DAY), reason: 'Brakes' })
        .expect(201);
      expect(block.body.data).toMatchObject({ unitId: unit.id, start: iso(start), end: iso(start + DAY), reason: 'Brakes' });
      await bookWindow(user, bike.id, start + HOUR, start + 2 * HOUR).expect(409);
      await bookWindow(user, bike.id, start + DAY, start + DAY + HOUR).expect(201);
      const busy = await t
        .http()
        .post(`/api/units/${unit.id}/maintenance`)
        .set('Authorization', admin.bearer)
        .send({ start: iso(start + DAY), end: iso(start + 2 * DAY), reason: 'Tyres' })
        .expect(409);
      expect(busy.body.code).toBe('UNIT_BUSY');
      const availability = await t.http().get(`/api/bikes/${bike.id}/availability`).query({ from: iso(start), to: iso(start + 3 * DAY) }).expect(200);
      expect(availability.body.data).toMatchObject({ bikeId: bike.id, totalUnits: 1 });
      expect(availability.body.data.intervals).toEqual([
        { start: iso(start), end: iso(start + DAY), free: 0 },
        { start: iso(start + DAY + HOUR), end: iso(start + 3 * DAY), free: 1 },
      ].flatMap((x, i) => (i === 0 ? [x, { start: iso(start + DAY), end: iso(start + DAY + HOUR), free: 0 }] : [x])).reduce<{ start: string; end: string; free: number }[]>((acc, x) => {
        const last = acc[acc.length - 1];
        if (last && last.free === x.free && last.end === x.start) last.end = x.end;
        else acc.push({ ...x });
        return acc;
      }, []));
      const timeline = await t.http().get(`/api/bikes/${bike.id}/timeline`).set('Authorization', admin.bearer).query({ from: iso(start), to: iso(start + 3 * DAY) }).expect(200);
      expect(timeline.body.data.units[0].blocks.map((b: { kind: string }) => b.kind)).toEqual(['maintenance', 'booking']);
      await t.http().delete(`/api/units/${unit.id}/maintenance/${block.body.data._id}`).set('Authorization', admin.bearer).expect(200);
      await bookWindow(user, bike.id, start + HOUR, start + 2 * HOUR).expect(201);
    });

    it('an admin edit that sends back the loaded quantity never creates or destroys units', async () => {
      const admin = await createAdmin(t);
      const user = await createUser(t);
      const created = await t.http().post('/api/bikes').set('Authorization', admin.bearer).send(bikeBody({ quantity: 4 })).expect(201);
      const id = created.body.data._id;
      const loaded = (await t.http().get(`/api/bikes/${id}`)).body.data.quantity;
      // A booking covering now lands between the load and the save.
      await bookWindow(user, id, now(), now() + HOUR).expect(201);
      const saved = await t.http().put(`/api/bikes/${id}`).set('Authorization', admin.bearer).send(bikeBody({ quantity: loaded })).expect(200);
      expect(saved.body.data).toMatchObject({ totalUnits: 4 });
      const more = await t.http().put(`/api/bikes/${id}`).set('Authorization', admin.bearer).send(bikeBody({ quantity: 5 })).expect(200);
      expect(more.body.data).toMatchObject({ quantity: 4, totalUnits: 5 });
      const fewer = await t.http().put(`/api/bikes/${id}`).set('Authorization', admin.bearer).send(bikeBody({ quantity: 2 })).expect(200);
      expect(fewer.body.data).toMatchObject({ quantity: 2, totalUnits: 3 });
      const none = await t.http().put(`/api/bikes/${id}`).set('Authorization', admin.bearer).send(bikeBody({ quantity: 0 })).expect(200);
      expect(none.body.data).toMatchObject({ quantity: 0, totalUnits: 1 });
    });

    describe('an edit that also sends the quantity it loaded (loadedQuantity) changes the fleet by the difference', () => {
      const put = (admin: TestUser, id: string, quantity: number, loadedQuantity: number) =>
        t.http().put(`/api/bikes/${id}`).set('Authorization', admin.bearer).send({ ...bikeBody({ quantity }), loadedQuantity });

      it('a return between the load and the save retires nothing', async () => {
        const admin = await createAdmin(t);
        const user = await createUser(t);
        const bike = await createBike(t, { quantity: 4 });
        const { rental } = await bookAndPay(t, user, bike.id, { startTime: iso(now()) });
        const loaded = await freeNowOf(t, bike.id);
        expect(loaded).toBe(3);
        t.clock.advance(10 * MINUTE);
        await returnRental(t, admin, rental._id, iso(now())).expect(200);
        expect(await freeNowOf(t, bike.id)).toBe(4);
        const saved = await put(admin, bike.id, loaded, loaded).expect(200);
        expect(saved.body.data).toMatchObject({ quantity: 4, totalUnits: 4 });
      });

      it('a window ending between the load and the save retires nothing', async () => {
        const admin = await createAdmin(t);
        const user = await createUser(t);
        const bike = await createBike(t, { quantity: 4 });
        await bookWindow(user, bike.id, now(), now() + HOUR).expect(201);
        const loaded = await freeNowOf(t, bike.id);
        expect(loaded).toBe(3);
        t.clock.advance(2 * HOUR);
        expect(await freeNowOf(t, bike.id)).toBe(4);
        const saved = await put(admin, bike.id, loaded, loaded).expect(200);
        expect(saved.body.data).toMatchObject({ quantity: 4, totalUnits: 4 });
      });

      it('a booking between the load and the save creates nothing', async () => {
        const admin = await createAdmin(t);
        const user = await createUser(t);
        const bike = await createBike(t, { quantity: 4 });
        const loaded = await freeNowOf(t, bike.id);
        await bookWindow(user, bike.id, now(), now() + HOUR).expect(201);
        const saved = await put(admin, bike.id, loaded, loaded).expect(200);
        expect(saved.body.data).toMatchObject({ quantity: 3, totalUnits: 4 });
      });

      it('a real change adds or retires exactly the difference; more than the free units is a 409', async () => {
        const admin = await createAdmin(t);
        const user = await createUser(t);
        const bike = await createBike(t, { quantity: 4 });
        await bookWindow(user, bike.id, now(), now() + DAY).expect(201);
        const more = await put(admin, bike.id, 5, 3).expect(200);
        expect(more.body.data).toMatchObject({ quantity: 5, totalUnits: 6 });
        const fewer = await put(admin, bike.id, 2, 5).expect(200);
        expect(fewer.body.data).toMatchObject({ quantity: 2, totalUnits: 3 });
        const tooMany = await put(admin, bike.id, 0, 3).expect(409);
        expect(tooMany.body.code).toBe('NOT_ENOUGH_FREE_UNITS');
        expect(await freeNowOf(t, bike.id)).toBe(2);
        const bad = await put(admin, bike.id, 2, -1).expect(400);
        expect(bad.body.errors[0].path).toBe('loadedQuantity');
      });
    });

    describe('retiring a unit or putting it into maintenance moves its future bookings', () => {
      const unitOfRental = async (rentalId: string): Promise<string> => {
        const [row] = await t.db.select({ unitId: unitReservations.unitId }).from(unitReservations).where(eq(unitReservations.rentalId, rentalId));
        return row.unitId;
      };
      const setStatus = (admin: TestUser, unitId: string, status: string) =>
        t.http().patch(`/api/units/${unitId}`).set('Authorization', admin.bearer).send({ status });

      it('to another unit free for the window, in the same change', async () => {
        const admin = await createAdmin(t);
        const user = await createUser(t);
        const bike = await createBike(t, { quantity: 2 });
        const first = await bookWindow(user, bike.id, now() + DAY, now() + DAY + 2 * HOUR).expect(201);
        const second = await bookWindow(user, bike.id, now() + 3 * DAY, now() + 3 * DAY + HOUR).expect(201);
        const unitA = await unitOfRental(first.body.data.rental._id);
        // Both bookings on one unit (the second chose at random).
        await t.db.update(unitReservations).set({ unitId: unitA }).where(eq(unitReservations.rentalId, second.body.data.rental._id));
        await setStatus(admin, unitA, 'retired').expect(200);
        const movedFirst = await unitOfRental(first.body.data.rental._id);
        const movedSecond = await unitOfRental(second.body.data.rental._id);
        expect(movedFirst).not.toBe(unitA);
        expect(movedSecond).toBe(movedFirst);
        const [unit] = await t.db.select().from(bikeUnits).where(eq(bikeUnits.id, unitA));
        expect(unit.status).toBe('retired');
        const mine = await t.http().get('/api/rentals').set('Authorization', user.bearer).expect(200);
        const seen = (mine.body.data as { _id: string; units: { _id: string }[] }[]).find((r) => r._id === first.body.data.rental._id);
        expect(seen?.units.map((u) => u._id)).toEqual([movedFirst]);
      });

      it('refuses with 409 naming the bookings no other unit can take, and changes nothing', async () => {
        const admin = await createAdmin(t);
        const user = await createUser(t);
        const bike = await createBike(t, { quantity: 2 });
        const a = await bookWindow(user, bike.id, now() + DAY, now() + DAY + 2 * HOUR).expect(201);
        const b = await bookWindow(user, bike.id, now() + DAY + HOUR, now() + DAY + 3 * HOUR).expect(201);
        const c = await bookWindow(user, bike.id, now() + 5 * DAY, now() + 5 * DAY + HOUR).expect(201);
        const unitA = await unitOfRental(a.body.data.rental._id);
        await t.db.update(unitReservations).set({ unitId: unitA }).where(eq(unitReservations.rentalId, c.body.data.rental._id));
        const refused = await setStatus(admin, unitA, 'maintenance').expect(409);
        expect(refused.body.code).toBe('UNIT_HAS_BOOKINGS');
        expect(refused.body.message).toContain(a.body.data.rental._id);
        expect(refused.body.message).not.toContain(b.body.data.rental._id);
        expect(refused.body.message).not.toContain(c.body.data.rental._id);
        const [unit] = await t.db.select().from(bikeUnits).where(eq(bikeUnits.id, unitA));
        expect(unit.status).toBe('active');
        expect(await unitOfRental(a.body.data.rental._id)).toBe(unitA);
        expect(await unitOfRental(c.body.data.rental._id)).toBe(unitA);
      });

      it('a rental already under way keeps its unit; a unit without bookings changes at once', async () => {
        const admin = await createAdmin(t);
        const user = await createUser(t);
        const bike = await createBike(t, { quantity: 1 });
        const out = await bookWindow(user, bike.id, now(), null).expect(201);
        const unitId = await unitOfRental(out.body.data.rental._id);
        await setStatus(admin, unitId, 'maintenance').expect(200);
        expect(await unitOfRental(out.body.data.rental._id)).toBe(unitId);
        await setStatus(admin, unitId, 'active').expect(200);
      });
    });

    it('units: add, rename, retire; a retired unit is not booked', async () => {
      const admin = await createAdmin(t);
      const user = await createUser(t);
      const bike = await createBike(t, { quantity: 0 });
      const unit = await t.http().post(`/api/bikes/${bike.id}/units`).set('Authorization', admin.bearer).send({ label: 'FRAME-77', notes: 'New' }).expect(201);
      expect(unit.body.data).toMatchObject({ bikeId: bike.id, label: 'FRAME-77', status: 'active', notes: 'New' });
      const dup = await t.http().post(`/api/bikes/${bike.id}/units`).set('Authorization', admin.bearer).send({ label: 'frame-77' }).expect(409);
      expect(dup.body.code).toBe('UNIT_LABEL_TAKEN');
      await t.http().patch(`/api/units/${unit.body.data._id}`).set('Authorization', admin.bearer).send({ status: 'retired' }).expect(200);
      await bookWindow(user, bike.id, now() + DAY, now() + DAY + HOUR).expect(409);
      await t.http().patch(`/api/units/${unit.body.data._id}`).set('Authorization', admin.bearer).send({ status: 'active' }).expect(200);
      await bookWindow(user, bike.id, now() + DAY, now() + DAY + HOUR).expect(201);
    });
  });

  it('counter sale: booked at once without the online fee, the quote recorded as paid in cash', async () => {
    const admin = await createAdmin(t);
    const customer = await createUser(t, { email: 'walkin@example.com' });
    const bike = await createBike(t, { ...priced, quantity: 1 });
    const start = now();
    const res = await t
      .http()
      .post('/api/rentals/counter')
      .set('Authorization', admin.bearer)
      .send({ customerEmail: 'WalkIn@example.com', bikeId: bike.id, startTime: iso(start), endTime: iso(start + 5 * HOUR), quantity: 1, paymentMethod: 'cash', paid: true })
      .expect(201);
    expect(res.body.data).toMatchObject({ status: 'booked', source: 'counter', paymentMethod: 'cash', bookingFee: null, totalCost: 50, totalPaid: 50, amountDue: 0, userId: { _id: customer.id } });
    const rows = await t.db.select().from(payments).where(eq(payments.rentalId, res.body.data._id));
    expect(rows).toEqual([expect.objectContaining({ kind: 'rental', provider: 'cash', status: 'succeeded', amountMinor: 5000 })]);
    expect(await freeNowOf(t, bike.id)).toBe(0);
    const back = await returnRental(t, admin, res.body.data._id, iso(start + 4 * HOUR)).expect(200);
    expect(back.body.data).toMatchObject({ status: 'paid' });
    await t.http().post('/api/rentals/counter').set('Authorization', admin.bearer).send({ customerEmail: 'nobody@example.com', bikeId: bike.id, startTime: iso(now()), quantity: 1, paymentMethod: 'cash', paid: false }).expect(404);
  });

  it('admin lists take page and limit', async () => {
    const admin = await createAdmin(t);
    const user = await createUser(t);
    const bike = await createBike(t, { quantity: 5 });
    await addUnits(t, bike.id, 0);
    for (let i = 0; i < 3; i++) await bookAndPay(t, user, bike.id, { startTime: startIn(t, 60 + i) });
    const all = await t.http().get('/api/rentals/allrentalbike').set('Authorization', admin.bearer).expect(200);
    expect(all.body.data).toHaveLength(3);
    const page2 = await t.http().get('/api/rentals/allrentalbike').query({ page: 2, limit: 2 }).set('Authorization', admin.bearer).expect(200);
    expect(page2.body.data).toHaveLength(1);
    expect(page2.body.data[0]._id).toBe(all.body.data[2]._id);
    await t.http().get('/api/rentals/rentalpayment').query({ page: 1, limit: 1001 }).set('Authorization', admin.bearer).expect(400);
  });

  it('a hosted payment page opened before the hold lapsed takes no money after it: nothing charged, nothing to refund', async () => {
    // (A gateway that reports a payment after the booking ended gets it refunded: payments.test.ts and
    // test/service/rental-money.test.ts.)
    const admin = await createAdmin(t);
    const user = await createUser(t);
    const bike = await createBike(t, { quantity: 1 });
    const res = await book(t, user, bike.id).expect(201);
    t.clock.advance(16 * MINUTE);
    await t.app.get((await import('../../src/modules/rentals/hold-sweeper.service.js')).HoldSweeper).expireHolds();
    await choose(t, res.body.data.payment_url, 'pay').expect(303);
    const [fee] = await t.db.select().from(payments).where(eq(payments.rentalId, res.body.data.rental._id));
    expect(fee).toMatchObject({ status: 'expired', refundedAt: null, attention: null });
    const attention = await t.http().get('/api/payments/attention').set('Authorization', admin.bearer).expect(200);
    expect(attention.body.data).toEqual([]);
  });
});

describe('Rental engine: bookings rate limited per customer (BOOKING_RATE_LIMIT)', () => {
  const t = useTestApp({ ...rentalTestEnv, BOOKING_RATE_LIMIT: '2' });

  const at = clockAt(t);
  const window = (day: number) => ({ startTime: at(day * DAY), endTime: at(day * DAY + HOUR) });

  it("a customer's third booking in a minute is 429; another customer from the same address is not limited", async () => {
    const bike = await createBike(t, { quantity: 5 });
    const [first, second] = [await createUser(t, { name: 'First' }), await createUser(t, { name: 'Second' })];
    const post = (user: TestUser, day: number) => t.http().post('/api/rentals').set('Authorization', user.bearer).send({ bikeId: bike.id, quantity: 1, ...window(day) });
    await post(first, 1).expect(201);
    await post(first, 2).expect(201);
    const third = await post(first, 3).expect(429);
    expect(third.body).toMatchObject({ success: false, message: 'Too many bookings, please wait a minute and try again' });
    expect(third.headers['retry-after']).toBeDefined();
    // Both customers call from the same address: the limit counts customers, not addresses.
    await post(second, 4).expect(201);
    await post(second, 5).expect(201);
    await post(second, 6).expect(429);
  });

  it('reschedules are limited per customer too', async () => {
    const bike = await createBike(t, { quantity: 5 });
    const user = await createUser(t);
    const other = await createUser(t, { name: 'Other' });
    const booked = await t.http().post('/api/rentals').set('Authorization', user.bearer).send({ bikeId: bike.id, quantity: 1, ...window(1) }).expect(201);
    const move = (day: number) => t.http().post(`/api/rentals/${booked.body.data.rental._id}/reschedule`).set('Authorization', user.bearer).send(window(day));
    await move(2).expect(200);
    await move(3).expect(200);
    const refused = await move(4).expect(429);
    expect(refused.body.message).toBe('Too many changes to bookings, please wait a minute and try again');
    const theirs = await t.http().post('/api/rentals').set('Authorization', other.bearer).send({ bikeId: bike.id, quantity: 1, ...window(5) }).expect(201);
    await t.http().post(`/api/rentals/${theirs.body.data.rental._id}/reschedule`).set('Authorization', other.bearer).send(window(6)).expect(200);
  });
});
