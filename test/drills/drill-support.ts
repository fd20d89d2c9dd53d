/**
 * Shared by the resilience drills: the built server as a child process (test/support/server-process.ts), a
 * PostgreSQL database of each drill's own, and small API helpers (fetch) to set up data and book and pay like
 * a client does.
 */
import { PGlite } from '@electric-sql/pglite';
import { randomUUID } from 'node:crypto';
import { join } from 'node:path';
import pg from 'pg';
import { pgliteExtensions } from '../../src/database/pglite-extensions.js';
import { scaled } from '../support/machine.mjs';
import { ServerProcess, startServer } from '../support/server-process.js';

export const DRILL_JWT_SECRET = 'drill-jwt-secret-0123456789abcdef0123456789';
export const DRILL_ADMIN = { email: 'drill-admin@example.com', password: 'drill-admin-password' };

/**
 * Every drill server: operator admin, no login or booking throttling (the drills' clients book in a loop; the
 * hoarding limits have their own API tests), a known sandbox secret, quiet logs.
 */
export const drillEnv = (extra: Record<string, string> = {}): Record<string, string> => ({
  ADMIN_EMAIL: DRILL_ADMIN.email,
  ADMIN_PASSWORD: DRILL_ADMIN.password,
  LOGIN_RATE_LIMIT: '100000',
  BOOKING_RATE_LIMIT: '1000000',
  MAX_PENDING_BOOKINGS: '1000',
  SANDBOX_WEBHOOK_SECRET: 'drill-sandbox-webhook-secret-0123456789',
  JWT_SECRET: DRILL_JWT_SECRET,
  LOG_LEVEL: 'error',
  ...extra,
});

export { startServer };
export type { ServerProcess };

// ------------------------------------------------------------------------------------------------ PostgreSQL

const LOCAL_PG = 'postgres://postgres@127.0.0.1:5432/postgres';

/** The server to run the PostgreSQL drills on: TEST_DATABASE_URL's server, else the local one if it answers. */
export async function postgresServerUrl(): Promise<string | null> {
  const base = process.env.TEST_DATABASE_URL ?? LOCAL_PG;
  const client = new pg.Client({ connectionString: base, connectionTimeoutMillis: 1500 });
  try {
    await client.connect();
    await client.query('select 1');
    return base;
  } catch {
    return null;
  } finally {
    await client.end().catch(() => undefined);
  }
}

const withDatabase = (url: string, name: string): string => {
  const u = new URL(url);
  u.pathname = `/${name}`;
  return u.href;
};

/**
 * The prefix of the drills' own databases: okb_drill_ unless DRILL_DB_PREFIX names another (`okb_<name>_`, so
 * drills run side by side on one server by several people never drop each other's databases).
 */
export const DRILL_DB_PREFIX = /^okb_[a-z0-9]+_$/.test(process.env.DRILL_DB_PREFIX ?? '') ? process.env.DRILL_DB_PREFIX! : 'okb_drill_';

/** A fresh, empty database `name` on that server (dropped and created again); returns its URL. */
export async function freshDatabase(serverUrl: string, name: string): Promise<string> {
  if (!/^okb_[a-z0-9]+_[a-z0-9_]+$/.test(name)) throw new Error(`drill databases are named okb_<prefix>_*: ${name}`);
  const admin = new pg.Client({ connectionString: withDatabase(serverUrl, 'postgres') });
  await admin.connect();
  try {
    await admin.query(`drop database if exists ${name} with (force)`);
    await admin.query(`create database ${name}`);
  } finally {
    await admin.end();
  }
  return withDatabase(serverUrl, name);
}

/** Runs `fn` with a SQL client on a database: PostgreSQL (url) or the embedded data directory of a STOPPED server. */
export async function withSql<T>(target: { url: string } | { dataDir: string }, fn: (query: (text: string, params?: unknown[]) => Promise<Record<string, unknown>[]>) => Promise<T>): Promise<T> {
  if ('url' in target) {
    const client = new pg.Client({ connectionString: target.url });
    await client.connect();
    try {
      return await fn(async (text, params) => (await client.query(text, params as unknown[])).rows);
    } finally {
      await client.end();
    }
  }
  const db = await PGlite.create(join(target.dataDir, 'pgdata'), { extensions: pgliteExtensions });
  try {
    return await fn(async (text, params) => (await db.query<Record<string, unknown>>(text, params as unknown[])).rows);
  } finally {
    await db.close();
  }
}

// ------------------------------------------------------------------------------------------------ HTTP

export interface Reply {
  status: number;
  body: any; // eslint-disable-line @typescript-eslint/no-explicit-any
  headers: Headers;
}

export interface CallOptions {
  token?: string;
  body?: unknown;
  key?: string;
  timeoutMs?: number;
  headers?: Record<string, string>;
}

/** One JSON API call; network failures reject (the caller decides what they mean). */
export async function call(baseUrl: string, method: string, path: string, opts: CallOptions = {}): Promise<Reply> {
  const res = await fetch(`${baseUrl}${path}`, {
    method,
    headers: {
      ...(opts.body !== undefined ? { 'content-type': 'application/json' } : {}),
      ...(opts.token ? { authorization: `Bearer ${opts.token}` } : {}),
      ...(opts.key ? { 'idempotency-key': opts.key } : {}),
      ...(opts.headers ?? {}),
    },
    body: opts.body === undefined ? undefined : JSON.stringify(opts.body),
    redirect: 'manual',
    signal: AbortSignal.timeout(opts.timeoutMs ?? 30_000),
  });
  const text = await res.text();
  let body: unknown = text;
  try {
    body = text ? JSON.parse(text) : null;
  } catch {
    // HTML (the sandbox page) or empty
  }
  return { status: res.status, body, headers: res.headers };
}

export async function login(baseUrl: string, email: string, password: string): Promise<string> {
  const res = await call(baseUrl, 'POST', '/api/auth/login', { body: { email, password } });
  if (res.status !== 200) throw new Error(`login ${email}: ${res.status} ${JSON.stringify(res.body)}`);
  return res.body.token as string;
}

export async function adminToken(baseUrl: string): Promise<string> {
  return login(baseUrl, DRILL_ADMIN.email, DRILL_ADMIN.password);
}

export interface DrillUser {
  id: string;
  email: string;
  password: string;
  token: string;
}

/** `count` users through signup + login, a few at a time. */
export async function createUsers(baseUrl: string, count: number, prefix = 'drill'): Promise<DrillUser[]> {
  const make = async (i: number): Promise<DrillUser> => {
    const email = `${prefix}-${i}-${randomUUID().slice(0, 8)}@example.com`;
    const password = 'drill-password-1';
    const res = await call(baseUrl, 'POST', '/api/auth/signup', {
      body: { name: `Drill User ${i}`, email, password, phone: '+8801700000000', address: 'Dhaka' },
    });
    if (res.status !== 201) throw new Error(`signup: ${res.status} ${JSON.stringify(res.body)}`);
    return { id: res.body.data._id as string, email, password, token: await login(baseUrl, email, password) };
  };
  const users: DrillUser[] = [];
  for (let i = 0; i < count; i += 5) {
    users.push(...(await Promise.all(Array.from({ length: Math.min(5, count - i) }, (_, j) => make(i + j)))));
  }
  return users;
}

export async function createBike(baseUrl: string, token: string, quantity: number, name = `Drill Bike ${randomUUID().slice(0, 6)}`): Promise<string> {
  const res = await call(baseUrl, 'POST', '/api/bikes', {
    token,
    body: {
      name,
      description: 'A bike for the resilience drills.',
      pricePerHour: 12.5,
      cc: 150,
      year: 2022,
      model: 'R15',
      brand: 'Yamaha',
      imgageurl: '/images/bikes/bike-1.svg',
      quantity,
    },
  });
  if (res.status !== 201) throw new Error(`create bike: ${res.status} ${JSON.stringify(res.body)}`);
  return res.body.data._id as string;
}

/** A start time tomorrow (bookings may not start in the past). */
export const tomorrow = (): string => new Date(Date.now() + 24 * 3600_000).toISOString();

export interface BookingRequest {
  key: string;
  body: { bikeId: string; startTime: string; quantity: number };
}

export const bookingRequest = (bikeId: string, quantity = 1): BookingRequest => ({
  key: `drill-${randomUUID()}`,
  body: { bikeId, startTime: tomorrow(), quantity },
});

export function book(baseUrl: string, user: DrillUser, req: BookingRequest, timeoutMs?: number): Promise<Reply> {
  return call(baseUrl, 'POST', '/api/rentals', { token: user.token, body: req.body, key: req.key, timeoutMs });
}

/** The payer presses Pay on the sandbox page (path of payment_url, on whichever server is up now). */
export async function payOnSandbox(baseUrl: string, paymentUrl: string, timeoutMs = 30_000, outcome: 'pay' | 'cancel' = 'pay'): Promise<number> {
  const res = await fetch(`${baseUrl}${new URL(paymentUrl).pathname}`, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: `outcome=${outcome}`,
    redirect: 'manual',
    signal: AbortSignal.timeout(timeoutMs),
  });
  await res.arrayBuffer();
  return res.status;
}

export const sleep = (ms: number): Promise<void> => new Promise((r) => setTimeout(r, ms));

/**
 * Polls `fn` until it returns true; resolves with the time it took (what a drill reports), or rejects once
 * `timeoutMs` (its value on an idle machine) scaled to the machine has passed: the wait ends on the signal, the limit
 * only says when a drill that hangs fails (a drained outbox took over 200 s at a load of 15 on two cores).
 */
export async function waitFor(what: string, fn: () => Promise<boolean>, timeoutMs: number, everyMs = 100): Promise<number> {
  const started = Date.now();
  const limit = scaled(timeoutMs);
  for (;;) {
    try {
      if (await fn()) return Date.now() - started;
    } catch {
      // not yet
    }
    if (Date.now() - started > limit) throw new Error(`${what}: not within ${limit} ms`);
    await sleep(everyMs);
  }
}

// ------------------------------------------------------------------------------------------------ invariants

export interface StockRow {
  bikeId: string;
  quantity: number;
  held: number;
}

/**
 * The database-level facts every drill checks: per-bike stock against the units held by live bookings, rentals
 * without their booking-fee payment, rentals whose status disagrees with their fee, and rental ids found.
 */
export async function inspect(target: { url: string } | { dataDir: string }, rentalIds: string[]) {
  return withSql(target, async (q) => {
    const stock = (
      await q(
        // quantity: the bike's active units that no unreturned booking's reservation holds (a reservation left behind
        // by a cancelled booking counts against it); held: the units live bookings asked for.
        `select b.id as "bikeId",
                ((select count(*) from bike_units u where u.bike_id = b.id and u.status = 'active')
                 - (select count(distinct ur.unit_id) from unit_reservations ur join rentals r on r.id = ur.rental_id
                     where ur.bike_id = b.id and ur.kind = 'rental' and r.status not in ('returned', 'paid')))::int as quantity,
                coalesce((select sum(r.quantity) from rentals r where r.bike_id = b.id and r.status in ('pending_fee', 'booked')), 0)::int as held
           from bikes b order by b.created_at`,
      )
    ).map((r) => ({ bikeId: String(r.bikeId), quantity: Number(r.quantity), held: Number(r.held) }));
    const withoutFee = Number(
      (await q(`select count(*)::int as n from rentals r where not exists (select 1 from payments p where p.rental_id = r.id and p.kind = 'booking_fee')`))[0].n,
    );
    const feeMismatch = Number(
      (
        await q(
          `select count(*)::int as n from rentals r join payments p on p.rental_id = r.id and p.kind = 'booking_fee'
            where (p.status = 'succeeded') <> (r.status in ('booked', 'returned', 'paid'))`,
        )
      )[0].n,
    );
    const found = rentalIds.length
      ? (await q(`select id::text as id from rentals where id::text = any($1::text[])`, [rentalIds])).map((r) => String(r.id))
      : [];
    const rentals = Number((await q(`select count(*)::int as n from rentals`))[0].n);
    const perUser = (await q(`select user_id::text as "userId", count(*)::int as n from rentals group by user_id`)).map((r) => ({
      userId: String(r.userId),
      n: Number(r.n),
    }));
    const feeStatus = (
      await q(`select r.id::text as id, r.status, p.status as "feeStatus" from rentals r join payments p on p.rental_id = r.id and p.kind = 'booking_fee'`)
    ).map((r) => ({ id: String(r.id), status: String(r.status), feeStatus: String(r.feeStatus) }));
    // Idempotency: a booking's key is claimed in the booking's own transaction, so every rental has exactly one key
    // (answered 201, or still unanswered when the process died) and no two answered keys name the same rental.
    const [keys] = await q(
      `select count(*) filter (where status_code = 201 or status_code is null)::int as "withRental",
              count(*) filter (where status_code = 201)::int as answered,
              count(distinct response_body->'data'->'rental'->>'_id') filter (where status_code = 201)::int as "distinctRentals"
         from idempotency_keys where route = 'POST /api/rentals'`,
    );
    return {
      stock,
      withoutFee,
      feeMismatch,
      found,
      rentals,
      perUser,
      feeStatus,
      keys: { withRental: Number(keys.withRental), answered: Number(keys.answered), distinctRentals: Number(keys.distinctRentals) },
    };
  });
}
