import { eq, sql } from 'drizzle-orm';
import { bikeUnits, unitReservations } from '../../src/database/schema/fleet.js';
import { paymentNotifications, PaymentRow, payments } from '../../src/database/schema/payments.js';
import { RentalRow, rentals } from '../../src/database/schema/rentals.js';
import { signSandboxPayload, SANDBOX_SIGNATURE_HEADER } from '../../src/modules/payments/sandbox-signature.js';
import { RentalsService } from '../../src/modules/rentals/rentals.service.js';
import type { Clock } from '../../src/common/clock.js';
import { createUser, type TestUser } from './factories.js';
import type { TestApp } from './test-app.js';

/** Known sandbox secret, so tests can sign notifications themselves. */
export const SANDBOX_SECRET = 'test-sandbox-webhook-secret-0123456789';
export const rentalTestEnv = { SANDBOX_WEBHOOK_SECRET: SANDBOX_SECRET };

export const MINUTE = 60_000;
export const HOUR = 60 * MINUTE;

/**
 * `at(ms)`: the ISO time `ms` after the app's clock, where every call in one synchronous stretch of the test reads
 * the same "now". A window written `{ startTime: at(HOUR), endTime: at(4 * HOUR) }` is then exactly 3 hours: read
 * twice, the system clock could tick between the two and make it 3 hours and 1 ms, which a price by the started
 * hour bills as 4 (it did, in CI, on a busy machine). The clock's own moves (`t.clock.advance`) count at once.
 */
export function clockAt(t: { clock: Clock }): (ms: number) => string {
  const ms = clockMs(t);
  return (offset: number) => new Date(ms(offset)).toISOString();
}

/** `clockAt`, in epoch milliseconds. */
export function clockMs(t: { clock: Clock }): (ms: number) => number {
  let system: number | undefined;
  return (offset: number) => {
    if (system === undefined) {
      system = Date.now();
      setImmediate(() => (system = undefined));
    }
    return system + t.clock.offset + offset;
  };
}

/** `n` customers created at once, for races. */
export const createRacers = (t: TestApp, n: number): Promise<TestUser[]> => Promise.all(Array.from({ length: n }, (_, i) => createUser(t, { name: `Racer ${i}` })));

/** How many answers had each status: `{ 201: 1, 409: 49 }`. */
export const tally = (statuses: number[]): Record<number, number> => statuses.reduce<Record<number, number>>((acc, s) => ({ ...acc, [s]: (acc[s] ?? 0) + 1 }), {});

/** An ISO start time `minutes` after the app's clock. */
export const startIn = (t: TestApp, minutes = 60): string => new Date(t.clock.now().getTime() + minutes * MINUTE).toISOString();

export interface BookOptions {
  quantity?: number;
  startTime?: string;
  key?: string;
}

export function book(t: TestApp, user: TestUser, bikeId: string, opts: BookOptions = {}) {
  const req = t
    .http()
    .post('/api/rentals')
    .set('Authorization', user.bearer);
  if (opts.key !== undefined) req.set('Idempotency-Key', opts.key);
  return req.send({ bikeId, startTime: opts.startTime ?? startIn(t), quantity: opts.quantity ?? 1 });
}

/** Path of a sandbox payment_url (the app answers absolute URLs). */
export const pathOf = (url: string): string => new URL(url, 'http://x').pathname;
export const sessionRefOf = (url: string): string => pathOf(url).split('/').pop() as string;

/** The payer chooses on the sandbox page; answers the 303 back to the shop. */
export function choose(t: TestApp, paymentUrl: string, outcome: 'pay' | 'fail' | 'cancel') {
  return t.http().post(pathOf(paymentUrl)).type('form').send({ outcome });
}

/** Books and pays the fee through the sandbox: the rental ends up booked. */
export async function bookAndPay(t: TestApp, user: TestUser, bikeId: string, opts: BookOptions = {}) {
  const res = await book(t, user, bikeId, opts);
  if (res.status !== 201) throw new Error(`booking failed: ${res.status} ${JSON.stringify(res.body)}`);
  const paid = await choose(t, res.body.data.payment_url, 'pay');
  if (paid.status !== 303) throw new Error(`fee payment failed: ${paid.status} ${paid.text}`);
  return { rental: res.body.data.rental as { _id: string; paymentId: string; startTime: string }, paymentUrl: res.body.data.payment_url as string, paymentId: res.body.data.payment._id as string };
}

/**
 * The admin confirms a return (PUT rentals/{id}/return). A return is confirmed once the bike is back, never ahead of
 * the clock: a `returntime` with an offset that is still ahead moves the app's clock there first (a zone-less
 * datetime-local value does not: the test moves the clock itself).
 */
export function returnRental(t: TestApp, admin: TestUser, rentalId: string, returntime: string) {
  const at = /(Z|[+-]\d{2}:?\d{2})$/.test(returntime) ? Date.parse(returntime) : NaN;
  if (Number.isFinite(at) && at > t.clock.now().getTime()) t.clock.advance(at - t.clock.now().getTime());
  return t.http().put(`/api/rentals/${rentalId}/return`).query({ returntime }).set('Authorization', admin.bearer);
}

export function fullPayment(t: TestApp, user: TestUser, body: Record<string, unknown>, key?: string) {
  const req = t.http().post('/api/rentals/fullpayment').set('Authorization', user.bearer);
  if (key !== undefined) req.set('Idempotency-Key', key);
  return req.send(body);
}

/** A sandbox notification signed like the gateway signs it (or with another secret / time). */
export function sandboxNotification(
  t: TestApp,
  sessionRef: string,
  type = 'payment.succeeded',
  opts: { id?: string; secret?: string; timestamp?: number } = {},
): { body: string; signature: string } {
  const created = opts.timestamp ?? Math.floor(t.clock.now().getTime() / 1000);
  const body = JSON.stringify({ id: opts.id ?? `evt_test_${Math.random().toString(36).slice(2)}`, type, data: { sessionRef }, created });
  return { body, signature: signSandboxPayload(opts.secret ?? SANDBOX_SECRET, body, created) };
}

export function postSandboxWebhook(t: TestApp, n: { body: string; signature: string }) {
  return t
    .http()
    .post('/api/payments/webhook/sandbox')
    .set('Content-Type', 'application/json')
    .set(SANDBOX_SIGNATURE_HEADER, n.signature)
    .send(n.body);
}

/**
 * Units not held by an open booking (pending_fee or booked) whatever its window: what the stored stock counter
 * meant before bookings had windows (these tests book open-ended from an hour ahead). Today's free units, the
 * bike's `quantity`, is `freeNowOf`.
 */
export async function stockOf(t: TestApp, bikeId: string): Promise<number> {
  const [row] = await t.db.select({ n: sql<number>`count(*)::int` }).from(bikeUnits).where(
    sql`${bikeUnits.bikeId} = ${bikeId} and ${bikeUnits.status} = 'active' and not exists (
      select 1 from ${unitReservations} r join ${rentals} on ${rentals.id} = r.rental_id
      where r.unit_id = ${bikeUnits.id} and ${rentals.status} in ('pending_fee', 'booked'))`,
  );
  return Number(row.n);
}

/** The bike's `quantity` as the API shows it: units free now. */
export async function freeNowOf(t: TestApp, bikeId: string): Promise<number> {
  const res = await t.http().get(`/api/bikes/${bikeId}`);
  return res.body.data.quantity as number;
}

export async function rentalById(t: TestApp, id: string): Promise<RentalRow> {
  const [row] = await t.db.select().from(rentals).where(eq(rentals.id, id));
  return row;
}

export async function paymentsOf(t: TestApp, rentalId: string): Promise<PaymentRow[]> {
  return t.db.select().from(payments).where(eq(payments.rentalId, rentalId)).orderBy(payments.createdAt);
}

export async function countRows(t: TestApp, table: typeof rentals | typeof payments | typeof paymentNotifications): Promise<number> {
  const [row] = await t.db.select({ n: sql<number>`count(*)::int` }).from(table);
  return Number(row.n);
}

export const expireHolds = (t: TestApp): Promise<number> => t.app.get(RentalsService).expireHolds();
