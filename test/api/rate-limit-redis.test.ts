import { randomUUID } from 'node:crypto';
import { Redis } from 'ioredis';
import { createBike } from '../support/bike-factories.js';
import { createUser, TestUser } from '../support/factories.js';
import { book, rentalTestEnv } from '../support/rental-factories.js';
import { AuthService } from '../../src/modules/auth/auth.service.js';
import { createTestApp, TestApp, usingPostgres } from '../support/test-app.js';

/** The Redis server of the test machine; keys under okb-safety:<run>: so parallel runs never meet. */
const REDIS_URL = process.env.TEST_REDIS_URL ?? 'redis://127.0.0.1:6379';

describe('Rate limits shared by two instances through Redis (REDIS_URL)', () => {
  const prefix = `okb-safety:${randomUUID()}:`;
  let a: TestApp;
  let b: TestApp;
  beforeAll(async () => {
    const env = { ...rentalTestEnv, REDIS_URL, REDIS_KEY_PREFIX: prefix, LOGIN_RATE_LIMIT: '3', BOOKING_RATE_LIMIT: '3' };
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

  const wrongLogin = (t: TestApp, n: number) => t.http().post('/api/auth/login').send({ email: `shared-${n}@example.com`, password: 'wrong-pass' });

  it('counts login attempts of one address across both instances', async () => {
    expect((await wrongLogin(a, 1)).status).toBe(401);
    expect((await wrongLogin(b, 2)).status).toBe(401);
    expect((await wrongLogin(a, 3)).status).toBe(401);
    // The 4th attempt in the minute is refused, on whichever instance it lands.
    const res = await wrongLogin(b, 4);
    expect(res.status).toBe(429);
    expect(res.body).toMatchObject({ success: false, code: 'TOO_MANY_REQUESTS' });
    expect((await wrongLogin(a, 5)).status).toBe(429);
  });

  it('counts contact messages across both instances, and keeps them under the key prefix', async () => {
    const send = (t: TestApp) =>
      t.http().post('/api/contact').send({ name: 'Visitor', email: 'v@example.com', subject: 'Hi', message: 'A question about rentals.' });
    expect((await send(a)).status).toBe(201);
    expect((await send(b)).status).toBe(201);
    expect((await send(b)).status).toBe(201);
    expect((await send(a)).status).toBe(429);
    const redis = new Redis(REDIS_URL);
    try {
      expect((await redis.keys(`${prefix}rl:*`)).length).toBeGreaterThanOrEqual(2);
    } finally {
      await redis.quit();
    }
  });

  it('counts signups of one address across both instances', async () => {
    // A fresh address (through the trusted loopback proxy): signup has a counter of its own per address.
    const signup = (t: TestApp, n: number, ip = '203.0.113.50') =>
      t.http().post('/api/auth/signup').set('X-Forwarded-For', ip).send({ name: 'Sam', email: `signup-${n}-${randomUUID()}@example.com`, password: 'sam-secret-1', phone: '+880 1', address: 'Dhaka' });
    expect((await signup(a, 1)).status).toBe(201);
    expect((await signup(b, 2)).status).toBe(201);
    expect((await signup(a, 3)).status).toBe(201);
    const refused = await signup(b, 4);
    expect(refused.status).toBe(429);
    expect(refused.body).toMatchObject({ success: false, code: 'TOO_MANY_REQUESTS' });
    expect((await signup(a, 5)).status).toBe(429);
    // Another address is not affected.
    expect((await signup(b, 6, '203.0.113.51')).status).toBe(201);
  });

  it('counts bookings of one customer across both instances, whatever their address', async () => {
    // The same customer on both instances (on PGlite each has its own database: the same id in each).
    const id = randomUUID();
    const onA = await createUser(a, { id });
    const onB: TestUser = usingPostgres() ? { ...onA, token: await tokenOn(b, id), bearer: `Bearer ${await tokenOn(b, id)}` } : await createUser(b, { id });
    const bikeA = await createBike(a, { quantity: 10 });
    const bikeB = usingPostgres() ? bikeA : await createBike(b, { quantity: 10 });
    const bookOn = (t: TestApp, who: TestUser, bikeId: string, ip: string) => book(t, who, bikeId).set('X-Forwarded-For', ip);
    expect((await bookOn(a, onA, bikeA.id, '203.0.113.60')).status).toBe(201);
    expect((await bookOn(b, onB, bikeB.id, '203.0.113.61')).status).toBe(201);
    expect((await bookOn(a, onA, bikeA.id, '203.0.113.62')).status).toBe(201);
    const refused = await bookOn(b, onB, bikeB.id, '203.0.113.63');
    expect(refused.status).toBe(429);
    expect(refused.body).toMatchObject({ success: false, code: 'TOO_MANY_REQUESTS', message: 'Too many bookings, please wait a minute and try again' });
    expect((await bookOn(a, onA, bikeA.id, '203.0.113.64')).status).toBe(429);
    // Another customer is not affected.
    const other = await createUser(a);
    expect((await bookOn(a, other, bikeA.id, '203.0.113.60')).status).toBe(201);
  });

  it('delays an address after repeated wrong passwords on both instances, and lets the owner in from another address', async () => {
    // The per-address limit of 127.0.0.1 is used up above: these come through the (trusted, loopback) proxy.
    const victim = await createUser(a, { email: 'victim@example.com', password: 'right-password' });
    // On PGlite each instance has a database of its own; on PostgreSQL (TEST_DATABASE_URL) they share one.
    if (!usingPostgres()) await createUser(b, { email: 'victim@example.com', password: 'right-password' });
    // Six guesses from six addresses, spread over both instances: the email's count (shared) passes 5.
    for (let i = 0; i < 6; i++) {
      const t = i % 2 ? a : b;
      const res = await t.http().post('/api/auth/login').set('X-Forwarded-For', `203.0.113.${10 + i}`).send({ email: victim.email, password: `guess-${i}` });
      expect(res.status).toBe(401);
    }
    // An address that failed before gets one more try, then waits (LOGIN_RATE_LIMIT is 3 a minute here).
    expect((await a.http().post('/api/auth/login').set('X-Forwarded-For', '203.0.113.10').send({ email: victim.email, password: 'guess-again' })).status).toBe(401);
    const delayed = await b.http().post('/api/auth/login').set('X-Forwarded-For', '203.0.113.10').send({ email: victim.email, password: 'right-password' });
    expect(delayed.status).toBe(429);
    expect(delayed.body.code).toBe('ACCOUNT_LOCKED');
    const owner = await a.http().post('/api/auth/login').set('X-Forwarded-For', '203.0.113.99').send({ email: victim.email, password: 'right-password' });
    expect(owner.status).toBe(200);
  });

  it('verifies tokens per instance although passport keeps one process-wide strategy registry', async () => {
    const onA = await createUser(a);
    const onB = await createUser(b);
    // Each instance has its own secret and database: its own tokens pass, the other's do not.
    await a.http().get('/api/users/me').set('Authorization', onA.bearer).expect(200);
    await b.http().get('/api/users/me').set('Authorization', onB.bearer).expect(200);
    await a.http().get('/api/users/me').set('Authorization', onB.bearer).expect(401);
    await b.http().get('/api/users/me').set('Authorization', onA.bearer).expect(401);
  });
});

/** A token of instance `t` for the user `id` (its own secret). */
async function tokenOn(t: TestApp, id: string): Promise<string> {
  return t.app.get(AuthService).issueToken(id, 'user');
}
