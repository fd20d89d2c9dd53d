import { eq, sql } from 'drizzle-orm';
import { NewRentalRow, rentals } from '../../src/database/schema/rentals.js';
import { users } from '../../src/database/schema/users.js';
import { createAdmin, createUser, TestUser } from '../support/factories.js';
import { insertBike, insertPayment, insertRental } from '../support/review-factories.js';
import { createBike } from '../support/bike-factories.js';
import { bookAndPay, HOUR, MINUTE } from '../support/rental-factories.js';
import { useTestApp } from '../support/test-app.js';

/** A Wednesday, noon UTC: "today" for these tests. */
const NOW = new Date('2026-06-10T12:00:00Z');

describe('Dashboard API', () => {
  const t = useTestApp();
  beforeEach(() => {
    t.clock.advance(NOW.getTime() - Date.now());
  });

  const signedUpAt = async (user: { id: string }, iso: string) =>
    t.db.update(users).set({ createdAt: new Date(iso) }).where(eq(users.id, user.id));

  const summary = async (admin: TestUser) =>
    (await t.http().get('/api/dashboard/summary').set('Authorization', admin.bearer).expect(200)).body;

  it('computes the totals and the rentals chart from the stored rentals, payments, bikes and users', async () => {
    const admin = await createAdmin(t);
    const rider = await createUser(t, { email: 'rider@example.com' });
    const bike = await insertBike(t, { name: 'Pulsar', quantity: 4 });
    const scooter = await insertBike(t, { name: 'Vespa', quantity: 2 });
    const retired = await insertBike(t, { name: 'Old Timer', quantity: 7, deletedAt: new Date('2026-05-01T00:00:00Z') });
    const rent = (bikeId: string, values: Partial<NewRentalRow>) => insertRental(t, rider.id, bikeId, values);

    const pending = await rent(bike.id, { status: 'pending_fee', quantity: 1 });
    const booked = await rent(scooter.id, { status: 'booked', quantity: 2 });
    const returned = await rent(bike.id, {
      status: 'returned',
      quantity: 1,
      totalCostCents: 3000,
      returnTime: new Date('2026-06-01T10:00:00Z'),
    });
    const paid = await rent(bike.id, {
      status: 'paid',
      quantity: 3,
      totalCostCents: 4550,
      totalPaidCents: 4550,
      returnTime: new Date('2026-06-05T10:00:00Z'),
    });
    const cancelled = await rent(bike.id, { status: 'cancelled', quantity: 5 });
    const onRetired = await rent(retired.id, {
      status: 'returned',
      quantity: 1,
      totalCostCents: 1000,
      returnTime: new Date('2026-04-20T10:00:00Z'),
    });

    await insertPayment(t, pending, { status: 'pending' });
    for (const r of [booked, returned, paid, onRetired]) await insertPayment(t, r);
    await insertPayment(t, cancelled, { status: 'failed' });
    await insertPayment(t, paid, { kind: 'rental', amountMinor: 4550, currency: 'USD', status: 'failed' });
    await insertPayment(t, paid, { kind: 'rental', amountMinor: 4550, currency: 'USD' });
    await insertPayment(t, returned, { kind: 'rental', amountMinor: 3000, currency: 'USD', status: 'pending' });

    const body = await summary(admin);
    expect(body).toMatchObject({ success: true, message: 'Dashboard summary retrieved successfully' });
    expect(body.data.totals).toEqual({
      totalRented: 2 + 1 + 3 + 1,
      totalEarn: 45.5,
      currency: 'USD',
      bookingFees: { amount: 400, currency: 'BDT' },
      // The fleet's active units, once each: the pending and booked rentals' units are among them.
      totalBikes: 4 + 2,
      totalUsers: 2,
      addonRevenue: { amount: 0, currency: 'USD' },
      couponUses: 0,
      couponDiscounts: { amount: 0, currency: 'USD' },
    });
    expect(body.data.rentals).toEqual([
      { _id: paid.id, bikeName: 'Pulsar', cost: 45.5, userEmail: 'rider@example.com', quantity: 3 },
      { _id: returned.id, bikeName: 'Pulsar', cost: 30, userEmail: 'rider@example.com', quantity: 1 },
      { _id: onRetired.id, bikeName: 'Old Timer', cost: 10, userEmail: 'rider@example.com', quantity: 1 },
    ]);
    expect(JSON.stringify(body)).not.toMatch(/password|argon2/i);
  });

  it('counts every unit of the fleet once: units booked for later are not added to the stock again (issue 20, finding 9)', async () => {
    const admin = await createAdmin(t);
    const rider = await createUser(t);
    const bike = await createBike(t, { quantity: 5 });
    // Tomorrow, 3 units (free now, so in the shop), and 1 unit out right now.
    await bookAndPay(t, rider, bike.id, { quantity: 3, startTime: new Date(NOW.getTime() + 24 * HOUR).toISOString() });
    const now = await bookAndPay(t, rider, bike.id, { quantity: 1, startTime: new Date(NOW.getTime() + 5 * MINUTE).toISOString() });
    t.clock.advance(10 * MINUTE);
    expect(now.rental._id).toBeDefined();
    expect((await summary(admin)).data.totals.totalBikes).toBe(5);
  });

  it('shows at most the 50 most recently returned rentals in the chart', async () => {
    const admin = await createAdmin(t);
    const rider = await createUser(t);
    const bike = await insertBike(t);
    const start = Date.UTC(2026, 4, 1);
    await t.db.insert(rentals).values(
      Array.from({ length: 55 }, (_, i) => ({
        paymentRef: `pay_chart_${i}`,
        userId: rider.id,
        bikeId: bike.id,
        quantity: 1,
        startTime: new Date(start + i * 3_600_000),
        returnTime: new Date(start + (i + 1) * 3_600_000),
        status: 'returned' as const,
        pricePerHourCents: 1000,
        totalCostCents: (i + 1) * 100,
        stockReleasedAt: new Date(start + (i + 1) * 3_600_000),
      })),
    );
    const body = await summary(admin);
    expect(body.data.rentals).toHaveLength(50);
    expect(body.data.rentals[0].cost).toBe(55);
    expect(body.data.rentals[49].cost).toBe(6);
    expect(body.data.totals.totalRented).toBe(55);
  });

  it('counts signups per day over the last 7 days (zeros included) and per month (gaps included)', async () => {
    const admin = await createAdmin(t, { name: 'Admin' });
    await signedUpAt(admin, '2026-02-15T08:00:00Z');
    const at = async (name: string, iso: string) => signedUpAt(await createUser(t, { name }), iso);
    await at('April', '2026-04-03T09:00:00Z');
    await at('Outside window', '2026-06-03T23:59:59Z');
    await at('Window start', '2026-06-04T00:00:00Z');
    await at('Monday', '2026-06-08T15:00:00Z');
    await at('Today early', '2026-06-10T00:30:00Z');
    await at('Today late', '2026-06-10T11:00:00Z');

    const { data } = await summary(admin);
    expect(data.signupsLast7Days).toEqual([
      { date: '2026-06-04', weekday: 'Thu', count: 1 },
      { date: '2026-06-05', weekday: 'Fri', count: 0 },
      { date: '2026-06-06', weekday: 'Sat', count: 0 },
      { date: '2026-06-07', weekday: 'Sun', count: 0 },
      { date: '2026-06-08', weekday: 'Mon', count: 1 },
      { date: '2026-06-09', weekday: 'Tue', count: 0 },
      { date: '2026-06-10', weekday: 'Wed', count: 2 },
    ]);
    expect(data.signupsByMonth).toEqual([
      { month: '2026-02', count: 1 },
      { month: '2026-03', count: 0 },
      { month: '2026-04', count: 1 },
      { month: '2026-05', count: 0 },
      { month: '2026-06', count: 5 },
    ]);
    expect(data.totals.totalUsers).toBe(7);
    expect(data.newUsers.map((u: { name: string }) => u.name)).toEqual([
      'Today late',
      'Today early',
      'Monday',
      'Window start',
      'Outside window',
      'April',
      'Admin',
    ]);
    expect(Object.keys(data.newUsers[0]).sort()).toEqual(['_id', 'createdAt', 'email', 'name']);
    expect(data.newUsers[0].createdAt).toBe('2026-06-10T11:00:00.000Z');

    // The window follows the clock: two days later the Monday signup is still in, the first day is out.
    t.clock.advance(2 * 24 * 3_600_000);
    const later = (await summary(admin)).data.signupsLast7Days;
    expect(later.map((d: { date: string }) => d.date)).toEqual([
      '2026-06-06', '2026-06-07', '2026-06-08', '2026-06-09', '2026-06-10', '2026-06-11', '2026-06-12',
    ]);
    expect(later.map((d: { count: number }) => d.count)).toEqual([0, 0, 1, 0, 2, 0, 0]);
  });

  it('answers with zeros when nothing happened, and lists only the 10 newest users', async () => {
    const admin = await createAdmin(t);
    await signedUpAt(admin, '2025-11-20T00:00:00Z');
    let body = await summary(admin);
    expect(body.data.totals).toEqual({
      totalRented: 0,
      totalEarn: 0,
      currency: 'USD',
      bookingFees: { amount: 0, currency: 'BDT' },
      totalBikes: 0,
      totalUsers: 1,
      addonRevenue: { amount: 0, currency: 'USD' },
      couponUses: 0,
      couponDiscounts: { amount: 0, currency: 'USD' },
    });
    expect(body.data.rentals).toEqual([]);
    expect(body.data.signupsLast7Days).toHaveLength(7);
    expect(body.data.signupsLast7Days.every((d: { count: number }) => d.count === 0)).toBe(true);
    expect(body.data.signupsByMonth).toEqual([{ month: '2025-11', count: 1 }]);

    for (let i = 0; i < 12; i++) await signedUpAt(await createUser(t, { name: `N${i}` }), `2026-01-${String(i + 1).padStart(2, '0')}T00:00:00Z`);
    body = await summary(admin);
    expect(body.data.newUsers.map((u: { name: string }) => u.name)).toEqual(['N11', 'N10', 'N9', 'N8', 'N7', 'N6', 'N5', 'N4', 'N3', 'N2']);
    expect(body.data.signupsByMonth).toEqual([
      { month: '2025-11', count: 1 },
      { month: '2025-12', count: 0 },
      { month: '2026-01', count: 12 },
    ]);
  });

  it('is for admins only', async () => {
    const user = await createUser(t);
    await t.http().get('/api/dashboard/summary').expect(401);
    const res = await t.http().get('/api/dashboard/summary').set('Authorization', user.bearer).expect(403);
    expect(res.body).toMatchObject({ success: false, code: 'FORBIDDEN' });
  });
});

describe('Dashboard summary of a large shop (1,000 users or more)', () => {
  let admin: TestUser;
  const t = useTestApp({}, { reset: false });
  beforeAll(async () => {
    await t.reset();
    admin = await createAdmin(t);
    await t.db.execute(
      sql`insert into users (name, email, password_hash) select 'Bulk ' || g, 'bulk' || g || '@example.com', 'not-a-hash' from generate_series(1, 1000) g`,
    );
  });

  const totalUsers = async () =>
    (await t.http().get('/api/dashboard/summary').set('Authorization', admin.bearer).expect(200)).body.data.totals.totalUsers as number;

  it('answers a change with the kept summary at once and refreshes it in the background; a new day is summed afresh', async () => {
    expect(await totalUsers()).toBe(1001);
    await createUser(t, { name: 'Newcomer' });
    // The kept figures answer at once (the sums read every row of a large shop)...
    expect(await totalUsers()).toBe(1001);
    // ...while they are refreshed in the background: the change shows without anyone waiting for the sums.
    let seen = 1001;
    while (seen === 1001) seen = await totalUsers();
    expect(seen).toBe(1002);
    // The kept summary never outlives its day: tomorrow's first call sums again before answering.
    await t.db.execute(sql`insert into users (name, email, password_hash) values ('Quiet', 'quiet@example.com', 'not-a-hash')`);
    t.clock.advance(24 * 60 * 60 * 1000);
    expect(await totalUsers()).toBe(1003);
  });
});
