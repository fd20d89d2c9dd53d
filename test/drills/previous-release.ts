/**
 * The previous release's database, as an operator upgrading would have it: its migrations only (the journal up to
 * PREVIOUS_RELEASE_LAST_MIGRATION), and data in every state written by SQL against that schema: rentals pending,
 * booked, returned, paid and cancelled, their fee, rental, late-fee and refunded payments, unit reservations,
 * reviews and votes, favourites, a deleted user, a deleted bike, a unit in maintenance, outbox mail and contact
 * messages. Shared by the upgrade drill (test/drills/upgrade.test.ts) and the backup drill.
 */
import argon2 from 'argon2';
import { randomUUID } from 'node:crypto';
import { copyFileSync, mkdirSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

/** The last migration of the release before this one (README, "Upgrading"): move it on at each release. */
export const PREVIOUS_RELEASE_LAST_MIGRATION = '0005_list_and_job_indexes';

const MIGRATIONS = join(process.cwd(), 'src', 'database', 'migrations');

/** A migrations folder holding the previous release's migrations and journal only. */
export function previousReleaseMigrations(): string {
  const journal = JSON.parse(readFileSync(join(MIGRATIONS, 'meta', '_journal.json'), 'utf8')) as { entries: Array<{ tag: string }> };
  const last = journal.entries.findIndex((e) => e.tag === PREVIOUS_RELEASE_LAST_MIGRATION);
  if (last < 0) throw new Error(`${PREVIOUS_RELEASE_LAST_MIGRATION} is not in the migrations journal`);
  const dir = mkdtempSync(join(tmpdir(), 'okb-prev-migrations-'));
  mkdirSync(join(dir, 'meta'));
  const entries = journal.entries.slice(0, last + 1);
  for (const e of entries) copyFileSync(join(MIGRATIONS, `${e.tag}.sql`), join(dir, `${e.tag}.sql`));
  writeFileSync(join(dir, 'meta', '_journal.json'), JSON.stringify({ ...journal, entries }, null, 2));
  return dir;
}

export const PREVIOUS_PASSWORD = 'previous-release-1';

export interface PreviousReleaseData {
  admin: { email: string };
  customer: { email: string; rentals: number };
}

type Query = (text: string, params?: unknown[]) => Promise<unknown>;

/** Writes the data set with `q` (on the previous release's schema). */
export async function writePreviousReleaseData(q: Query): Promise<PreviousReleaseData> {
  const hash = await argon2.hash(PREVIOUS_PASSWORD);
  const id = () => randomUUID();
  const [admin, customer, other, gone] = [id(), id(), id(), id()];
  const users: Array<[string, string, string, string, boolean]> = [
    [admin, 'Previous Admin', 'prev-admin@example.com', 'admin', false],
    [customer, 'Previous Customer', 'prev-customer@example.com', 'user', false],
    [other, 'Previous Other', 'prev-other@example.com', 'user', false],
    [gone, 'Deleted user', `deleted-${gone}@deleted.invalid`, 'user', true],
  ];
  for (const [uid, name, email, role, deleted] of users) {
    await q(
      `insert into users (id, name, email, password_hash, phone, address, role, session_version, deleted_at)
       values ($1, $2, $3, $4, '+8801700000000', 'Dhaka', $5, $6, $7)`,
      [uid, name, email, hash, role, deleted ? 3 : 1, deleted ? new Date().toISOString() : null],
    );
  }
  const [bikeA, bikeB, bikeGone] = [id(), id(), id()];
  const bikes: Array<[string, string, number, number | null, boolean]> = [
    [bikeA, 'Previous Cruiser', 1250, 9000, false],
    [bikeB, 'Previous Racer', 2000, null, false],
    [bikeGone, 'Previous Retired', 800, 5000, true],
  ];
  for (const [bid, name, hour, day, deleted] of bikes) {
    await q(
      `insert into bikes (id, name, description, image_url, price_per_hour_cents, price_per_day_cents, price_per_week_cents, cc, year, model, brand, deleted_at)
       values ($1, $2, 'From the previous release.', '/images/bikes/bike-1.svg', $3, $4, $5, 150, 2021, 'R15', 'Yamaha', $6)`,
      [bid, name, hour, day, day === null ? null : day * 5, deleted ? new Date().toISOString() : null],
    );
  }
  // Units: bike A six (one in maintenance, one retired), bike B three, the deleted bike one.
  const units: Record<string, string[]> = { [bikeA]: [], [bikeB]: [], [bikeGone]: [] };
  const unitRows: Array<[string, number, string]> = [
    [bikeA, 1, 'active'], [bikeA, 2, 'active'], [bikeA, 3, 'active'], [bikeA, 4, 'active'], [bikeA, 5, 'maintenance'], [bikeA, 6, 'retired'],
    [bikeB, 1, 'active'], [bikeB, 2, 'active'], [bikeB, 3, 'active'],
    [bikeGone, 1, 'retired'],
  ];
  for (const [bid, n, status] of unitRows) {
    const uid = id();
    units[bid].push(uid);
    await q(`insert into bike_units (id, bike_id, label, status) values ($1, $2, $3, $4)`, [uid, bid, `U-${n}`, status]);
  }
  await q(
    `insert into unit_reservations (unit_id, bike_id, kind, period, reason) values ($1, $2, 'maintenance', tstzrange(now() - interval '1 day', now() + interval '2 days'), 'brakes')`,
    [units[bikeA][4], bikeA],
  );

  const day = 24 * 3600_000;
  const at = (days: number) => new Date(Date.now() + days * day).toISOString();
  let ref = 0;
  const rentals: string[] = [];
  let customerRentals = 0;
  /** One rental with its booking fee, the payments its state has, and the units it holds. */
  const rental = async (o: {
    user: string;
    bike: string;
    unit: number;
    status: 'pending_fee' | 'booked' | 'returned' | 'paid' | 'cancelled';
    startDays: number;
    fee: 'pending' | 'succeeded' | 'cancelled' | 'expired' | 'failed';
    quantity?: number;
    lateFee?: number;
    source?: 'online' | 'counter';
    refunded?: boolean;
  }) => {
    const rid = id();
    rentals.push(rid);
    if (o.user === customer) customerRentals++;
    const quantity = o.quantity ?? 1;
    const start = at(o.startDays);
    const end = at(o.startDays + 1);
    const cost = 1250 * 24 * quantity;
    const closed = o.status === 'returned' || o.status === 'paid';
    await q(
      `insert into rentals (id, payment_ref, user_id, bike_id, quantity, start_time, end_time, return_time, status, price_per_hour_cents,
                            price_per_day_cents, total_cost_cents, total_paid_cents, late_fee_cents, stock_released_at, hold_expires_at,
                            source, payment_method, cancelled_at, quote_lines)
       values ($1, $2, $3, $4, $5, $6, $7, $8, $9, 1250, 9000, $10, $11, $12, $13, $14, $15, $16, $17, $18)`,
      [
        rid,
        `prev-${++ref}-${rid.slice(0, 8)}`,
        o.user,
        o.bike,
        quantity,
        start,
        end,
        closed ? end : null,
        o.status,
        // A returned rental's total includes its late fee (as the return computes it): paid never exceeds it.
        closed ? cost + (o.lateFee ?? 0) : cost,
        o.status === 'paid' ? cost + (o.lateFee ?? 0) : null,
        o.lateFee ?? 0,
        closed || o.status === 'cancelled' ? end : null,
        o.status === 'pending_fee' ? at(0.01) : null,
        o.source ?? 'online',
        o.source === 'counter' ? 'cash' : null,
        o.status === 'cancelled' ? at(-0.5) : null,
        JSON.stringify([{ label: '1 day', amountCents: cost }]),
      ],
    );
    const pay = async (kind: string, amount: number, status: string) =>
      q(
        `insert into payments (rental_id, user_id, kind, amount_minor, currency, status, provider, provider_ref, created_at, completed_at, refunded_at)
         values ($1, $2, $3, $4, 'USD', $5, 'sandbox', $6, $7, $8, $9)`,
        [rid, o.user, kind, amount, status, `sbx-${rid.slice(0, 8)}-${kind}-${status}`, start, status === 'pending' ? null : start, status === 'refunded' ? end : null],
      );
    await pay('booking_fee', 500 * quantity, o.fee);
    if (o.status === 'paid') await pay('rental', cost, 'succeeded');
    if (o.lateFee) await pay('late_fee', o.lateFee, 'succeeded');
    if (o.refunded) await pay('rental', cost, 'refunded');
    if (o.status === 'pending_fee' || o.status === 'booked' || closed) {
      for (let i = 0; i < quantity; i++) {
        await q(
          `insert into unit_reservations (unit_id, bike_id, rental_id, kind, period, returned_at) values ($1, $2, $3, 'rental', tstzrange($4, $5, '[)'), $6)`,
          [units[o.bike][o.unit + i], o.bike, rid, start, end, closed ? end : null],
        );
      }
    }
    return rid;
  };
  await rental({ user: customer, bike: bikeA, unit: 0, status: 'pending_fee', startDays: 2, fee: 'pending' });
  await rental({ user: other, bike: bikeA, unit: 1, status: 'pending_fee', startDays: 2, fee: 'pending', quantity: 2 });
  await rental({ user: customer, bike: bikeA, unit: 0, status: 'booked', startDays: 5, fee: 'succeeded' });
  await rental({ user: other, bike: bikeB, unit: 0, status: 'booked', startDays: 1, fee: 'succeeded', source: 'counter' });
  const returned = await rental({ user: customer, bike: bikeA, unit: 0, status: 'returned', startDays: -10, fee: 'succeeded' });
  const paid = await rental({ user: customer, bike: bikeB, unit: 1, status: 'paid', startDays: -8, fee: 'succeeded', lateFee: 700 });
  const paid2 = await rental({ user: other, bike: bikeA, unit: 2, status: 'paid', startDays: -6, fee: 'succeeded', refunded: true });
  await rental({ user: gone, bike: bikeGone, unit: 0, status: 'paid', startDays: -30, fee: 'succeeded' });
  await rental({ user: customer, bike: bikeA, unit: 0, status: 'cancelled', startDays: 3, fee: 'cancelled' });
  await rental({ user: other, bike: bikeB, unit: 0, status: 'cancelled', startDays: 4, fee: 'expired' });
  await rental({ user: other, bike: bikeB, unit: 2, status: 'cancelled', startDays: 6, fee: 'failed' });

  const reviews: Array<[string, string, string, number, string]> = [
    [returned, bikeA, customer, 9, 'Smooth ride.'],
    [paid, bikeB, customer, 6, 'Fine.'],
    [paid2, bikeA, other, 10, 'Great.'],
  ];
  const reviewIds: string[] = [];
  for (const [rid, bid, uid, halves, comment] of reviews) {
    const rv = id();
    reviewIds.push(rv);
    await q(`insert into reviews (id, rental_id, bike_id, user_id, rating_halves, comment, helpful) values ($1, $2, $3, $4, $5, $6, 1)`, [rv, rid, bid, uid, halves, comment]);
  }
  await q(`insert into review_votes (review_id, user_id, value) values ($1, $2, 1), ($3, $4, -1)`, [reviewIds[0], other, reviewIds[2], customer]);
  await q(`insert into favourites (user_id, bike_id) values ($1, $2), ($1, $3), ($4, $2)`, [customer, bikeA, bikeB, other]);
  await q(
    `insert into idempotency_keys (user_id, key, route, request_hash, status_code, response_body) values ($1, 'prev-key-1', 'POST /api/rentals', 'h1', 201, '{"success":true}'), ($1, 'prev-key-2', 'POST /api/rentals', 'h2', null, null)`,
    [customer],
  );
  await q(`insert into contact_messages (name, email, subject, message) values ('Visitor', 'visitor@example.com', 'Hours', 'When do you open?')`);
  for (const [status, key] of [['pending', 'a'], ['sent', 'b'], ['failed', 'c'], ['kept', 'd']]) {
    await q(
      `insert into outbox_emails (dedupe_key, kind, user_id, to_address, subject, html, text_body, status, attempts) values ($1, 'booking', $2, 'prev-customer@example.com', 'Your booking', '<p>Hi</p>', 'Hi', $3, 1)`,
      [`prev-${key}-${customer}`, customer, status],
    );
  }
  return { admin: { email: 'prev-admin@example.com' }, customer: { email: 'prev-customer@example.com', rentals: customerRentals } };
}
