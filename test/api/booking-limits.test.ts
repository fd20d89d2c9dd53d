/**
 * Issue 20, finding 6: what one customer and one client address may hold. The shipped defaults: at most 400 unit-days
 * (MAX_HELD_UNIT_DAYS) and no share limit (MAX_BIKE_SHARE_PERCENT 0; these tests set 60 unit-days and half of one
 * bike's units at a time, one unit always); a customer books a bike again only 30 minutes after two unpaid bookings of it ended (REBOOK_COOLDOWN_MINUTES);
 * one address books at most MAX_UNITS_PER_ADDRESS units per HOLD_MINUTES (Redis with REDIS_URL).
 */
import { randomUUID } from 'node:crypto';
import { Redis } from 'ioredis';
import { eq } from 'drizzle-orm';
import { payments } from '../../src/database/schema/payments.js';
import { bikeShareUnits, bookingFeeRefund, unitDays } from '../../src/modules/rentals/booking-limits.js';
import { parseEnv } from '../../src/config/env.schema.js';
import { createBike } from '../support/bike-factories.js';
import { createUser, TestUser } from '../support/factories.js';
import { book, bookAndPay, choose, HOUR, MINUTE, rentalTestEnv, clockAt } from '../support/rental-factories.js';
import { createTestApp, TestApp, useTestApp } from '../support/test-app.js';

const DAY = 24 * HOUR;

/** The shipped defaults (test-app loosens them for the other suites). */
const DEFAULTS = { MAX_BIKE_SHARE_PERCENT: '50', MAX_HELD_UNIT_DAYS: '60', REBOOK_COOLDOWN_MINUTES: '30' };

function post(t: TestApp, user: TestUser, body: Record<string, unknown>, address?: string) {
  const req = t.http().post('/api/rentals').set('Authorization', user.bearer);
  if (address) req.set('X-Forwarded-For', address);
  return req.send(body);
}

describe('Booking limits (issue 20, finding 6)', () => {
  it('ships defaults a shop wants and reads them from the environment', () => {
    const env = parseEnv({ NODE_ENV: 'test' });
    expect(env).toMatchObject({ MAX_HELD_UNIT_DAYS: 400, MAX_BIKE_SHARE_PERCENT: 0, REBOOK_COOLDOWN_MINUTES: 30, MAX_UNITS_PER_ADDRESS: 20, CANCELLATION_FEE_KEPT_PERCENT: 0 });
    expect(() => parseEnv({ NODE_ENV: 'test', CANCELLATION_FEE_KEPT_PERCENT: '40' })).toThrow(/CANCELLATION_FEE_KEPT_PERCENT/);
    expect(() => parseEnv({ NODE_ENV: 'test', MAX_BIKE_SHARE_PERCENT: '120' })).toThrow(/MAX_BIKE_SHARE_PERCENT/);
  });

  it('the pure rules: kept share, units of a bike, unit-days', () => {
    expect(bookingFeeRefund(10000, 0)).toEqual({ refundMinor: 10000, keptMinor: 0 });
    expect(bookingFeeRefund(10000, 100)).toEqual({ refundMinor: 0, keptMinor: 10000 });
    expect(bookingFeeRefund(999, 25)).toEqual({ refundMinor: 749, keptMinor: 250 });
    expect([1, 2, 3, 4, 1002].map((n) => bikeShareUnits(n, 50))).toEqual([1, 1, 1, 2, 501]);
    const now = new Date('2026-06-01T00:00:00Z');
    expect(unitDays({ start: new Date('2026-06-02T00:00:00Z'), end: new Date('2026-06-04T12:00:00Z') }, 2, now)).toBe(5);
    expect(unitDays({ start: new Date('2026-06-02T00:00:00Z'), end: null }, 3, now)).toBe(3);
  });

  describe('per customer, with the shipped defaults', () => {
    const t = useTestApp({ ...rentalTestEnv, ...DEFAULTS, MAX_PENDING_BOOKINGS: '10' });
    const at = clockAt(t);

    it('MAX_HELD_UNIT_DAYS: a year of most of the fleet is refused (429 HOLDING_LIMIT); within 60 unit-days is booked', async () => {
      const user = await createUser(t);
      const bike = await createBike(t, { quantity: 10 });
      const other = await createBike(t, { quantity: 10 });
      const hoard = await post(t, user, { bikeId: bike.id, startTime: at(HOUR), endTime: at(HOUR + 364 * DAY), quantity: 1 }).expect(429);
      expect(hoard.body).toMatchObject({ success: false, code: 'HOLDING_LIMIT' });
      expect(hoard.body.message).toContain('60 bike-days');
      // An open-ended booking counts a day per unit: 2; then 2 units x 20 days and 1 unit x 18 days: 60, the limit exactly.
      await bookAndPay(t, user, other.id, { startTime: at(HOUR), quantity: 2 });
      await post(t, user, { bikeId: bike.id, startTime: at(2 * DAY), endTime: at(22 * DAY), quantity: 2 }).expect(201);
      await post(t, user, { bikeId: bike.id, startTime: at(30 * DAY), endTime: at(48 * DAY), quantity: 1 }).expect(201);
      const more = await post(t, user, { bikeId: bike.id, startTime: at(60 * DAY), endTime: at(61 * DAY), quantity: 1 }).expect(429);
      expect(more.body.code).toBe('HOLDING_LIMIT');
      // Another customer is not affected.
      await post(t, await createUser(t), { bikeId: bike.id, startTime: at(60 * DAY), endTime: at(61 * DAY), quantity: 1 }).expect(201);
    });

    it('a reschedule counts too: not into a year-long window; its own booking is not counted twice', async () => {
      const user = await createUser(t);
      const bike = await createBike(t, { quantity: 10 });
      const booked = await post(t, user, { bikeId: bike.id, startTime: at(2 * DAY), endTime: at(22 * DAY), quantity: 2 }).expect(201);
      const id = booked.body.data.rental._id as string;
      const move = (startTime: string, endTime: string) =>
        t.http().post(`/api/rentals/${id}/reschedule`).set('Authorization', user.bearer).send({ startTime, endTime });
      const year = await move(at(2 * DAY), at(300 * DAY)).expect(429);
      expect(year.body.code).toBe('HOLDING_LIMIT');
      // 2 units x 30 days = 60: the limit exactly, the booking's own 40 unit-days not added.
      const moved = await move(at(3 * DAY), at(33 * DAY));
      // The whole answer on a failure: a 429 here once came with no code in CI's log (HOLDING_LIMIT or BIKE_SHARE_LIMIT?).
      expect({ status: moved.status, body: moved.body }).toMatchObject({ status: 200, body: { success: true } });
    });

    it('MAX_BIKE_SHARE_PERCENT: half of a bike\'s units for overlapping times (429 BIKE_SHARE_LIMIT), one unit always', async () => {
      const user = await createUser(t);
      const four = await createBike(t, { quantity: 4 });
      const one = await createBike(t, { quantity: 1 });
      const window = { startTime: at(2 * HOUR), endTime: at(6 * HOUR) };
      await post(t, user, { bikeId: four.id, ...window, quantity: 2 }).expect(201);
      const third = await post(t, user, { bikeId: four.id, ...window, quantity: 1 }).expect(429);
      expect(third.body).toMatchObject({ code: 'BIKE_SHARE_LIMIT' });
      expect(third.body.message).toContain('at most 2 units of this bike');
      // Other times, another customer, a single-unit bike: booked.
      await post(t, user, { bikeId: four.id, startTime: at(6 * HOUR), endTime: at(9 * HOUR), quantity: 2 }).expect(201);
      await post(t, await createUser(t), { bikeId: four.id, ...window, quantity: 2 }).expect(201);
      await post(t, user, { bikeId: one.id, ...window, quantity: 1 }).expect(201);
    });

    it('REBOOK_COOLDOWN_MINUTES: after two unpaid bookings of a bike ended, the next waits 30 minutes (429 REBOOK_COOLDOWN)', async () => {
      const user = await createUser(t);
      const bike = await createBike(t, { quantity: 1 });
      const startTime = at(3 * HOUR);
      const first = await book(t, user, bike.id, { startTime }).expect(201);
      await t.http().post(`/api/rentals/${first.body.data.rental._id}/cancel`).set('Authorization', user.bearer).expect(200);
      // One unpaid booking ended books again at once. (A declined or abandoned checkout keeps its booking while the hold
      // lasts, issue 20 item 14: the customer ends this one.)
      const second = await book(t, user, bike.id, { startTime }).expect(201);
      await choose(t, second.body.data.payment_url, 'cancel').expect(303);
      await t.http().post(`/api/rentals/${second.body.data.rental._id}/cancel`).set('Authorization', user.bearer).expect(200);
      const third = await book(t, user, bike.id, { startTime }).expect(429);
      expect(third.body).toMatchObject({ code: 'REBOOK_COOLDOWN' });
      expect(third.body.message).toContain('30 minutes');
      // The unit is free for everyone else meanwhile; the customer books once the cool-down has passed.
      t.clock.advance(31 * MINUTE);
      await book(t, user, bike.id, { startTime: at(3 * HOUR) }).expect(201);
    });

    it('a paid booking cancelled does not count toward the cool-down', async () => {
      const user = await createUser(t);
      const bike = await createBike(t, { quantity: 1 });
      for (let i = 0; i < 3; i++) {
        const { rental } = await bookAndPay(t, user, bike.id, { startTime: at(3 * DAY) });
        await t.http().post(`/api/rentals/${rental._id}/cancel`).set('Authorization', user.bearer).expect(200);
      }
      await book(t, user, bike.id, { startTime: at(3 * DAY) }).expect(201);
    });
  });

  describe('per address (MAX_UNITS_PER_ADDRESS)', () => {
    const t = useTestApp({ ...rentalTestEnv, MAX_UNITS_PER_ADDRESS: '3' });
    const at = clockAt(t);

    it('fresh accounts on one address book at most 3 units per HOLD_MINUTES (429 ADDRESS_LIMIT); another address is not affected', async () => {
      const bike = await createBike(t, { quantity: 10 });
      const body = (quantity: number) => ({ bikeId: bike.id, startTime: at(HOUR), quantity });
      await post(t, await createUser(t), body(2), '203.0.113.7').expect(201);
      await post(t, await createUser(t), body(1), '203.0.113.7').expect(201);
      const refused = await post(t, await createUser(t), body(1), '203.0.113.7').expect(429);
      expect(refused.body).toMatchObject({ success: false, code: 'ADDRESS_LIMIT' });
      await post(t, await createUser(t), body(2), '198.51.100.4').expect(201);
    });

    it('a booking refused for stock gives its units back to the address', async () => {
      const bike = await createBike(t, { quantity: 1 });
      const user = await createUser(t);
      await post(t, user, { bikeId: bike.id, startTime: at(HOUR), quantity: 2 }, '203.0.113.9').expect(409);
      await post(t, user, { bikeId: bike.id, startTime: at(HOUR), quantity: 1 }, '203.0.113.9').expect(201);
      const other = await createBike(t, { quantity: 5 });
      await post(t, await createUser(t), { bikeId: other.id, startTime: at(HOUR), quantity: 2 }, '203.0.113.9').expect(201);
      await post(t, await createUser(t), { bikeId: other.id, startTime: at(HOUR), quantity: 1 }, '203.0.113.9').expect(429);
    });
  });

  describe('per address across two instances through Redis (REDIS_URL)', () => {
    const REDIS_URL = process.env.TEST_REDIS_URL ?? 'redis://127.0.0.1:6379';
    const prefix = `okb-money2:${randomUUID()}:`;
    let a: TestApp;
    let b: TestApp;
    beforeAll(async () => {
      const env = { ...rentalTestEnv, REDIS_URL, REDIS_KEY_PREFIX: prefix, MAX_UNITS_PER_ADDRESS: '3' };
      a = await createTestApp(env);
      b = await createTestApp(env);
    });
    afterAll(async () => {
      await a?.close();
      await b?.close();
      const redis = new Redis(REDIS_URL);
      const keys = await redis.keys(`${prefix}*`);
      if (keys.length) await redis.del(...keys);
      await redis.quit();
    });

    it('counts the units of one address on both instances', async () => {
      const start = (t: TestApp) => new Date(t.clock.now().getTime() + HOUR).toISOString();
      const onA = await createBike(a, { quantity: 5 });
      const onB = await createBike(b, { quantity: 5 });
      await post(a, await createUser(a), { bikeId: onA.id, startTime: start(a), quantity: 2 }, '192.0.2.50').expect(201);
      const refused = await post(b, await createUser(b), { bikeId: onB.id, startTime: start(b), quantity: 2 }, '192.0.2.50').expect(429);
      expect(refused.body.code).toBe('ADDRESS_LIMIT');
      await post(b, await createUser(b), { bikeId: onB.id, startTime: start(b), quantity: 1 }, '192.0.2.50').expect(201);
    });
  });

  describe('CANCELLATION_FEE_KEPT_PERCENT=100', () => {
    const t = useTestApp({ ...rentalTestEnv, CANCELLATION_FEE_KEPT_PERCENT: '100' });

    it('keeps the booking fee of a cancellation inside the free period', async () => {
      const user = await createUser(t);
      const bike = await createBike(t, { quantity: 1 });
      const { rental } = await bookAndPay(t, user, bike.id, { startTime: new Date(t.clock.now().getTime() + 3 * DAY).toISOString() });
      await t.http().post(`/api/rentals/${rental._id}/cancel`).set('Authorization', user.bearer).expect(200);
      const [fee] = await t.db.select().from(payments).where(eq(payments.rentalId, rental._id));
      expect(fee).toMatchObject({ kind: 'booking_fee', status: 'succeeded' });
    });
  });
});
