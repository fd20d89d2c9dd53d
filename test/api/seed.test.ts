import { sql } from 'drizzle-orm';
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { seedDemoData } from '../../src/database/seed/seed.js';
import { TransactionHost } from '../../src/database/transaction-host.js';
import { PasswordService } from '../../src/modules/auth/password.service.js';
import { TestApp, useTestApp } from '../support/test-app.js';

const rows = async <T>(t: TestApp, query: ReturnType<typeof sql>) => (await t.db.execute(query)) as unknown as { rows: T[] };

describe('seedDemoData', () => {
  const t = useTestApp({}, { reset: false });
  beforeAll(async () => {
    await t.reset();
    const passwords = t.app.get(PasswordService);
    const opts = { now: new Date(), hashPassword: (pw: string) => passwords.hash(pw), bookingFeeMinor: 10_000, bookingFeeCurrency: 'BDT', rentalCurrency: 'USD' };
    expect(await seedDemoData(t.app.get(TransactionHost), opts)).toEqual({ seeded: true });
    expect(await seedDemoData(t.app.get(TransactionHost), opts)).toEqual({ seeded: false });
  });

  it('lists 110+ bikes over 10+ brands, each with an image that ships in the repository', async () => {
    const { rows: bikes } = await rows<{ image_url: string; brand: string; quantity: number }>(t, sql`select image_url, brand, (select count(*)::int from bike_units u where u.bike_id = bikes.id and u.status = 'active'
      and not exists (select 1 from unit_reservations r where r.unit_id = u.id and r.period @> now())) as quantity from bikes`);
    expect(bikes.length).toBeGreaterThanOrEqual(110);
    expect(new Set(bikes.map((b) => b.brand)).size).toBeGreaterThanOrEqual(10);
    for (const b of bikes) expect(existsSync(join(process.cwd(), 'public', b.image_url))).toBe(true);
    expect(bikes.some((b) => b.quantity === 0)).toBe(true);
    expect(bikes.some((b) => b.quantity === 1)).toBe(true);
  });

  it('has the demo accounts and ~40 users whose signups cover the last year and the last week', async () => {
    const { rows: users } = await rows<{ email: string; role: string; age_days: number }>(
      t,
      sql`select email, role, extract(epoch from (now() - created_at)) / 86400 as age_days from users`,
    );
    expect(users.find((u) => u.email === 'user@okaybike.demo')?.role).toBe('user');
    expect(users.find((u) => u.email === 'admin@okaybike.demo')?.role).toBe('admin');
    expect(users.length).toBeGreaterThanOrEqual(40);
    expect(users.filter((u) => Number(u.age_days) <= 7).length).toBeGreaterThanOrEqual(10);
    const months = new Set(users.map((u) => Math.floor(Number(u.age_days) / 30)));
    expect(months.size).toBeGreaterThanOrEqual(10);
  });

  it('has units, day and week prices, windowed bookings holding their units, and a maintenance block (issue 10)', async () => {
    const { rows: fleet } = await rows<{ units: number; priced: number; windowed: number; held: number; open: number; maintenance: number }>(
      t,
      sql`select (select count(*)::int from bike_units) as units,
                 (select count(*)::int from bikes where price_per_day_cents is not null and price_per_week_cents is not null) as priced,
                 (select count(*)::int from rentals where end_time is not null and quote_lines is not null and status in ('pending_fee', 'booked')) as windowed,
                 (select count(*)::int from unit_reservations where kind = 'rental') as held,
                 (select coalesce(sum(quantity), 0)::int from rentals where status in ('pending_fee', 'booked')) as open,
                 (select count(*)::int from unit_reservations where kind = 'maintenance') as maintenance`,
    );
    expect(fleet[0].units).toBeGreaterThan(110);
    expect(fleet[0].priced).toBeGreaterThan(10);
    expect(fleet[0].windowed).toBeGreaterThan(0);
    expect(fleet[0].held).toBe(fleet[0].open);
    expect(fleet[0].maintenance).toBe(1);
  });

  it('has rentals in every state, each with its payments, and reviews and favourites', async () => {
    const { rows: states } = await rows<{ status: string; n: number }>(t, sql`select status, count(*)::int as n from rentals group by status`);
    expect(states.map((s) => s.status).sort()).toEqual(['booked', 'cancelled', 'paid', 'pending_fee', 'returned']);
    const { rows: orphans } = await rows<{ n: number }>(
      t,
      sql`select count(*)::int as n from rentals r where not exists (select 1 from payments p where p.rental_id = r.id and p.kind = 'booking_fee')`,
    );
    expect(orphans[0].n).toBe(0);
    const { rows: unpaid } = await rows<{ n: number }>(
      t,
      sql`select count(*)::int as n from rentals r where r.status = 'paid' and not exists (select 1 from payments p where p.rental_id = r.id and p.kind = 'rental' and p.status = 'succeeded' and p.amount_minor = r.total_paid_cents)`,
    );
    expect(unpaid[0].n).toBe(0);
    const { rows: counts } = await rows<{ reviews: number; favourites: number; bad_sums: number }>(
      t,
      sql`select (select count(*)::int from reviews) as reviews, (select count(*)::int from favourites) as favourites,
                 (select count(*)::int from reviews r where r.helpful <> coalesce((select sum(value) from review_votes v where v.review_id = r.id), 0)) as bad_sums`,
    );
    expect(counts[0].reviews).toBeGreaterThan(5);
    expect(counts[0].favourites).toBeGreaterThanOrEqual(4);
    expect(counts[0].bad_sums).toBe(0);
  });
});
