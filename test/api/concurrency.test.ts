import { createBike } from '../support/bike-factories.js';
import { createAdmin, createUser } from '../support/factories.js';
import { rentals } from '../../src/database/schema/rentals.js';
import { payments } from '../../src/database/schema/payments.js';
import {
  book,
  bookAndPay,
  countRows,
  createRacers,
  expireHolds,
  HOUR,
  MINUTE,
  rentalById,
  rentalTestEnv,
  returnRental,
  startIn,
  stockOf,
  tally,
} from '../support/rental-factories.js';
import { useTestApp } from '../support/test-app.js';

/**
 * Races that must never oversell or give stock back twice. Runs on PGlite (which serialises the requests itself)
 * and, in CI, on the PostgreSQL server (TEST_DATABASE_URL), where the requests really run in parallel.
 */
describe('Rentals under concurrency', () => {
  const t = useTestApp(rentalTestEnv);


  it.each([50, 200])('%i simultaneous bookings of the last unit: exactly one 201, the rest 409, stock 0', async (n) => {
    const bike = await createBike(t, { quantity: 1 });
    const racers = await createRacers(t, n);
    const startTime = startIn(t);
    const results = await Promise.all(racers.map((u) => book(t, u, bike.id, { startTime })));
    expect(tally(results.map((r) => r.status))).toEqual({ 201: 1, 409: n - 1 });
    for (const r of results.filter((x) => x.status === 409)) expect(r.body).toMatchObject({ message: 'Bike is already rented', code: 'OUT_OF_STOCK' });
    expect(await stockOf(t, bike.id)).toBe(0);
    expect(await countRows(t, rentals)).toBe(1);
    expect(await countRows(t, payments)).toBe(1);
  });

  it('with 3 units left, exactly 3 of 50 simultaneous bookings succeed', async () => {
    const bike = await createBike(t, { quantity: 3 });
    const racers = await createRacers(t, 50);
    const results = await Promise.all(racers.map((u) => book(t, u, bike.id)));
    expect(tally(results.map((r) => r.status))).toEqual({ 201: 3, 409: 47 });
    expect(await stockOf(t, bike.id)).toBe(0);
    expect(await countRows(t, rentals)).toBe(3);
  });

  it('simultaneous bookings of several units never take more than the stock', async () => {
    const bike = await createBike(t, { quantity: 7 });
    const racers = await createRacers(t, 30);
    const results = await Promise.all(racers.map((u, i) => book(t, u, bike.id, { quantity: (i % 3) + 1 })));
    const taken = results.filter((r) => r.status === 201).reduce((sum, r) => sum + r.body.data.rental.quantity, 0);
    expect(results.every((r) => r.status === 201 || r.status === 409)).toBe(true);
    expect(taken).toBeLessThanOrEqual(7);
    expect(await stockOf(t, bike.id)).toBe(7 - taken);
  });

  it('two simultaneous returns of one rental give the stock back once', async () => {
    const user = await createUser(t);
    const admin = await createAdmin(t);
    const bike = await createBike(t, { quantity: 5, pricePerHourCents: 1000 });
    const booked = [];
    for (let i = 0; i < 5; i++) booked.push((await bookAndPay(t, user, bike.id)).rental);
    expect(await stockOf(t, bike.id)).toBe(0);

    for (const rental of booked) {
      const at = new Date(new Date(rental.startTime).getTime() + 2 * HOUR).toISOString();
      const [a, b] = await Promise.all([returnRental(t, admin, rental._id, at), returnRental(t, admin, rental._id, at)]);
      expect([a.status, b.status].sort()).toEqual([200, 409]);
      expect((await rentalById(t, rental._id)).totalCostCents).toBe(2000);
    }
    expect(await stockOf(t, bike.id)).toBe(5);
  });

  it('hold expiry run by several sweepers at once gives each hold back once', async () => {
    const bike = await createBike(t, { quantity: 10 });
    const racers = await createRacers(t, 10);
    await Promise.all(racers.map((u) => book(t, u, bike.id).expect(201)));
    expect(await stockOf(t, bike.id)).toBe(0);
    t.clock.advance(16 * MINUTE);
    const counts = await Promise.all([expireHolds(t), expireHolds(t), expireHolds(t)]);
    expect(counts.reduce((a, b) => a + b, 0)).toBe(10);
    expect(await stockOf(t, bike.id)).toBe(10);
  });

  it('10 concurrent retries with one Idempotency-Key create one rental and all get the first response', async () => {
    const user = await createUser(t);
    const bike = await createBike(t, { quantity: 5 });
    const startTime = startIn(t);
    const results = await Promise.all(Array.from({ length: 10 }, () => book(t, user, bike.id, { key: 'same-key-1', startTime, quantity: 2 })));
    expect(results.map((r) => r.status)).toEqual(Array(10).fill(201));
    for (const r of results) expect(r.body).toEqual(results[0].body);
    expect(await countRows(t, rentals)).toBe(1);
    expect(await countRows(t, payments)).toBe(1);
    expect(await stockOf(t, bike.id)).toBe(3);
  });
});
