/**
 * Shop data for the browser tests, created through the public API of a running server (test/support/server-process.ts)
 * exactly as a client would: accounts, bikes, and rentals taken through the sandbox payment gateway.
 */

import { scaled } from '../support/machine.mjs';

export const ADMIN = { email: 'admin@example.com', password: 'adminpass123' };
export const ADMIN_ENV = { ADMIN_EMAIL: ADMIN.email, ADMIN_PASSWORD: ADMIN.password, DEMO_MODE: 'false' };


/** 'YYYY-MM-DDTHH:mm' on the shop's clock: the browser suites run the shop in UTC (datetime-local inputs). */
export const shopInput = (ms: number): string => new Date(ms).toISOString().slice(0, 16);

/** Today (UTC, the shop's day) at `hour`:00, plus `days`. */
export const at = (days: number, hour: number): number => {
  const d = new Date();
  return Date.UTC(d.getUTCFullYear(), d.getUTCMonth(), d.getUTCDate() + days, hour);
};

/** Resolves with `check`'s first truthy answer (asked every 250 ms); fails naming `what` after `timeoutMs`. */
export async function eventually<T>(what: string, check: () => Promise<T | undefined | null | false> | T | undefined | null | false, timeoutMs = scaled(120_000)): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await check();
    if (value) return value;
    if (Date.now() > deadline) throw new Error(`still waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 250));
  }
}

export interface Account {
  email: string;
  password: string;
  name: string;
  token: string;
}

export interface BikeFields {
  name: string;
  description: string;
  pricePerHour: number;
  cc: number;
  year: number;
  model: string;
  brand: string;
  imgageurl: string;
  quantity: number;
  isAvailable?: boolean;
  depositAmount?: number;
}

export interface CreatedBike extends BikeFields {
  _id: string;
}

export async function call<T>(base: string, method: string, path: string, options: { token?: string; body?: unknown } = {}): Promise<T> {
  const res = await fetch(`${base}/api/${path}`, {
    method,
    headers: {
      accept: 'application/json',
      ...(options.body === undefined ? {} : { 'content-type': 'application/json' }),
      ...(options.token ? { authorization: `Bearer ${options.token}` } : {}),
    },
    body: options.body === undefined ? undefined : JSON.stringify(options.body),
    // A hung request fails here, naming itself, instead of running the test into Jest's limit.
    signal: AbortSignal.timeout(scaled(30_000)),
  });
  const json = (await res.json()) as { success: boolean; data: T; message: string };
  if (!res.ok || !json.success) throw new Error(`${method} ${path} -> ${res.status} ${JSON.stringify(json)}`);
  return json.data;
}

export async function login(base: string, email: string, password: string): Promise<string> {
  const res = await fetch(`${base}/api/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email, password }),
  });
  const json = (await res.json()) as { token?: string };
  if (!res.ok || !json.token) throw new Error(`login ${email} -> ${res.status} ${JSON.stringify(json)}`);
  return json.token;
}

export async function adminAccount(base: string): Promise<Account> {
  return { ...ADMIN, name: 'Admin', token: await login(base, ADMIN.email, ADMIN.password) };
}

let accounts = 0;

export async function userAccount(base: string, name = 'Test Rider'): Promise<Account> {
  accounts += 1;
  const email = `rider${accounts}-${Date.now()}@example.com`;
  const password = 'rider-secret-1';
  await call(base, 'POST', 'auth/signup', {
    body: { name, email, password, phone: '+8801700000000', address: 'Road 1, Dhaka', role: 'user' },
  });
  return { email, password, name, token: await login(base, email, password) };
}

let bikes = 0;

export async function createBike(base: string, admin: Account, fields: Partial<BikeFields> = {}): Promise<CreatedBike> {
  bikes += 1;
  const bike: BikeFields = {
    name: `Test Bike ${bikes}`,
    description: 'A light naked bike that is easy in city traffic and comfortable on weekend rides.',
    pricePerHour: 12.5,
    cc: 155,
    year: 2024,
    model: `TB-${bikes}`,
    brand: 'Yamaha',
    imgageurl: '/images/bikes/naked-blue.svg',
    quantity: 4,
    ...fields,
  };
  return call<CreatedBike>(base, 'POST', 'bikes', { token: admin.token, body: bike });
}

/** The payer's choice on the sandbox gateway's hosted page (a form post, as the browser sends it). */
export async function payAtSandbox(paymentUrl: string, outcome: 'pay' | 'fail' | 'cancel' = 'pay'): Promise<string> {
  const res = await fetch(paymentUrl, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({ outcome }).toString(),
    redirect: 'manual',
  });
  if (res.status !== 303) throw new Error(`sandbox ${outcome} -> ${res.status} ${await res.text()}`);
  return res.headers.get('location') ?? '';
}

/** Books one unit starting in ten minutes and settles the booking fee at the sandbox; answers the shop's result URL. */
export async function bookWithFee(base: string, user: Account, bikeId: string, outcome: 'pay' | 'fail' | 'cancel' = 'pay'): Promise<string> {
  const booking = await call<{ payment_url: string }>(base, 'POST', 'rentals', {
    token: user.token,
    body: { bikeId, startTime: new Date(Date.now() + 10 * 60_000).toISOString(), quantity: 1 },
  });
  return payAtSandbox(booking.payment_url, outcome);
}

export interface PaidRental {
  rentalId: string;
  /** The rental's checkout reference (rentals/fullpayment, reviews/addreviews). */
  paymentId: string;
}

/**
 * Books a bike from four minutes ago (inside the start's clock skew), pays the fee, has the admin confirm the return
 * now (a return is never confirmed ahead of the clock: one started hour), and pays the rental.
 */
export async function paidRental(base: string, user: Account, admin: Account, bikeId: string): Promise<PaidRental> {
  const start = new Date(Date.now() - 4 * 60_000);
  const booking = await call<{ rental: { _id: string; paymentId: string }; payment_url: string }>(base, 'POST', 'rentals', {
    token: user.token,
    body: { bikeId, startTime: start.toISOString(), quantity: 1 },
  });
  await payAtSandbox(booking.payment_url);
  const returned = await call<{ totalCost: number }>(
    base,
    'PUT',
    `rentals/${booking.rental._id}/return?returntime=${encodeURIComponent(new Date().toISOString())}`,
    { token: admin.token },
  );
  const payment = await call<{ payment_url: string }>(base, 'POST', 'rentals/fullpayment', {
    token: user.token,
    body: { paymentId: booking.rental.paymentId, totalCost: returned.totalCost },
  });
  await payAtSandbox(payment.payment_url);
  return { rentalId: booking.rental._id, paymentId: booking.rental.paymentId };
}

export interface CreatedReview {
  _id: string;
  rating: number;
}

export async function reviewedRental(
  base: string,
  user: Account,
  admin: Account,
  bikeId: string,
  review: { rating: number; comment: string },
): Promise<CreatedReview> {
  const rental = await paidRental(base, user, admin, bikeId);
  return call<CreatedReview>(base, 'POST', 'reviews/addreviews', {
    token: user.token,
    body: { bikeId, rating: review.rating, comment: review.comment, paymentId: rental.paymentId },
  });
}
