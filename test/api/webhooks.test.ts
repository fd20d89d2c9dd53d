/**
 * Issue 16, webhooks: admin endpoints, signed deliveries from the outbox to a receiver on 127.0.0.1 (allowed by
 * WEBHOOK_ALLOW_PRIVATE_TARGETS), retries with back-off, attempts logged, manual resend, SSRF refusal.
 */
import { eq } from 'drizzle-orm';
import { createServer, ServerResponse } from 'node:http';
import { webhookDeliveries, webhookEndpoints } from '../../src/database/schema/notifications.js';
import { OutboxWorker, webhookBackoffMs, WEBHOOK_RETRY_WINDOW_MS } from '../../src/modules/notifications/outbox.worker.js';
import { isPrivateAddress, loggableUrl, postWebhook, signWebhook, verifyWebhookSignature } from '../../src/modules/notifications/webhook-http.js';
import { partnerAccepts } from '../support/webhook-signature.js';
import { bikeBody, createBike } from '../support/bike-factories.js';
import { createAdmin, createUser, TestUser } from '../support/factories.js';
import { bookAndPay, rentalTestEnv } from '../support/rental-factories.js';
import { useTestApp } from '../support/test-app.js';
import { startWebhookReceiver, WebhookReceiver } from '../support/webhook-receiver.js';

describe('Webhooks for partners', () => {
  let hooks: WebhookReceiver;
  let worker: OutboxWorker;
  let admin: TestUser;
  const t = useTestApp({ ...rentalTestEnv, WEBHOOK_ALLOW_PRIVATE_TARGETS: 'true' });
  beforeAll(async () => {
    worker = t.app.get(OutboxWorker);
    hooks = await startWebhookReceiver();
  });
  afterAll(async () => {
    await hooks.close();
  });
  beforeEach(async () => {
    hooks.received.length = 0;
    hooks.failNext(0);
    admin = await createAdmin(t);
  });

  const register = (events: string[], url = hooks.url) =>
    t.http().post('/api/webhooks').set('Authorization', admin.bearer).send({ url, events, description: 'Partner' });

  it('registers an endpoint with its secret; lists, reads, updates and deletes it (admins only)', async () => {
    const created = await register(['rental.booked']).expect(201);
    const ep = created.body.data;
    expect(ep).toMatchObject({ url: hooks.url, events: ['rental.booked'], description: 'Partner', enabled: true });
    expect(ep.secret).toMatch(/^whsec_[0-9a-f]{48}$/);
    const list = await t.http().get('/api/webhooks').set('Authorization', admin.bearer).expect(200);
    expect(list.body.data).toEqual([expect.objectContaining({ _id: ep._id })]);
    expect(list.body.data[0].secret).toBeUndefined();
    const updated = await t.http().patch(`/api/webhooks/${ep._id}`).set('Authorization', admin.bearer).send({ events: ['bike.created', 'bike.deleted'], enabled: false }).expect(200);
    expect(updated.body.data).toMatchObject({ events: ['bike.created', 'bike.deleted'], enabled: false });
    await t.http().delete(`/api/webhooks/${ep._id}`).set('Authorization', admin.bearer).expect(200);
    await t.http().get(`/api/webhooks/${ep._id}`).set('Authorization', admin.bearer).expect(404);
    const user = await createUser(t);
    await t.http().get('/api/webhooks').set('Authorization', user.bearer).expect(403);
    await t.http().post('/api/webhooks').send({ url: hooks.url, events: ['rental.booked'] }).expect(401);
  });

  it.each([
    [{ url: 'ftp://example.com/x', events: ['rental.booked'] }, 'url'],
    [{ url: 'not a url', events: ['rental.booked'] }, 'url'],
    [{ url: 'https://example.com/x', events: [] }, 'events'],
    [{ url: 'https://example.com/x', events: ['rental.exploded'] }, 'events'],
    [{ url: 'https://example.com/x' }, 'events'],
  ])('refuses %j naming %s', async (body, field) => {
    const res = await t.http().post('/api/webhooks').set('Authorization', admin.bearer).send(body).expect(400);
    expect(res.body.errors.map((e: { path: string }) => e.path)).toContain(field);
  });

  it('delivers the events it subscribed to, signed, with the event id header, in the API DTOs', async () => {
    const ep = (await register(['rental.created', 'rental.booked', 'payment.succeeded', 'bike.created'])).body.data;
    const user = await createUser(t);
    const bike = await createBike(t);
    const { rental } = await bookAndPay(t, user, bike.id);
    await t.http().post('/api/bikes').set('Authorization', admin.bearer).send(bikeBody({ name: 'Webhook Bike' })).expect(201);
    await worker.runOnce();
    expect(hooks.received.map((h) => h.body.type).sort()).toEqual(['bike.created', 'payment.succeeded', 'rental.booked', 'rental.created']);
    for (const h of hooks.received) {
      const sig = String(h.headers['x-okaybike-signature']);
      expect(sig).toMatch(/^t=\d+,v1=[0-9a-f]{64}$/);
      const ts = Number(/t=(\d+)/.exec(sig)![1]);
      expect(sig).toBe(signWebhook(ep.secret, h.raw, ts));
      expect(verifyWebhookSignature(ep.secret, h.raw, sig, ts)).toBe(true);
      expect(verifyWebhookSignature('whsec_wrong', h.raw, sig, ts)).toBe(false);
      // Checked as a partner would, not only with the function that made it (a signature over the body alone fails).
      expect(partnerAccepts(ep.secret, h.raw, sig)).toBe(true);
      expect(partnerAccepts('whsec_wrong', h.raw, sig)).toBe(false);
      expect(h.headers['x-okaybike-event-id']).toBe(h.body.id);
      expect(Object.keys(h.body).sort()).toEqual(['createdAt', 'data', 'id', 'type']);
    }
    const booked = hooks.received.find((h) => h.body.type === 'rental.booked')!;
    expect(booked.body.data).toMatchObject({ _id: rental._id, status: 'booked', paymentId: rental.paymentId, bookingFee: { status: 'succeeded' } });
    const paid = hooks.received.find((h) => h.body.type === 'payment.succeeded')!;
    expect(paid.body.data).toMatchObject({ kind: 'booking_fee', status: 'succeeded', amount: 100, currency: 'BDT', rental: { _id: rental._id } });
    expect(hooks.received.find((h) => h.body.type === 'bike.created')!.body.data).toMatchObject({ name: 'Webhook Bike' });
    // Delivered once: another run sends nothing.
    await worker.runOnce();
    expect(hooks.received).toHaveLength(4);
  });

  it('a receiver that fails twice gets the event on the third attempt; every attempt is logged and visible', async () => {
    const ep = (await register(['bike.created'])).body.data;
    hooks.failNext(2);
    await t.http().post('/api/bikes').set('Authorization', admin.bearer).send(bikeBody()).expect(201);
    await worker.runOnce();
    expect(hooks.failures).toBe(1);
    // Not again before the back-off has passed.
    await worker.runOnce();
    expect(hooks.failures).toBe(1);
    t.clock.advance(webhookBackoffMs(1) + 1000);
    await worker.runOnce();
    expect(hooks.failures).toBe(2);
    t.clock.advance(webhookBackoffMs(2) + 1000);
    await worker.runOnce();
    expect(hooks.received.map((h) => h.body.type)).toEqual(['bike.created']);
    const page = await t.http().get(`/api/webhooks/${ep._id}/deliveries`).set('Authorization', admin.bearer).expect(200);
    expect(page.body.data.deliveries).toEqual([expect.objectContaining({ eventType: 'bike.created', status: 'succeeded', attempts: 3, lastStatusCode: 200 })]);
    const one = await t.http().get(`/api/webhooks/deliveries/${page.body.data.deliveries[0]._id}`).set('Authorization', admin.bearer).expect(200);
    expect(one.body.data.attemptLog.map((a: { statusCode: number }) => a.statusCode)).toEqual([500, 500, 200]);
    expect(one.body.data.attemptLog[0]).toMatchObject({ responseExcerpt: 'temporarily broken', error: null });
    expect(typeof one.body.data.attemptLog[0].latencyMs).toBe('number');
  });

  it('back-off grows from seconds to hours, and gives up after 3 days', async () => {
    expect(webhookBackoffMs(1)).toBe(10_000);
    expect(webhookBackoffMs(2)).toBe(30_000);
    expect(webhookBackoffMs(7)).toBe(7_290_000); // about 2 hours
    expect(webhookBackoffMs(20)).toBe(6 * 3600_000);
    await register(['bike.created']);
    hooks.failNext(1000);
    await t.http().post('/api/bikes').set('Authorization', admin.bearer).send(bikeBody()).expect(201);
    let attempts = 0;
    for (let i = 0; i < 40; i++) {
      await worker.runOnce();
      const [d] = await t.db.select().from(webhookDeliveries);
      attempts = d.attempts;
      if (d.status !== 'pending') break;
      t.clock.advance(webhookBackoffMs(d.attempts) + 1000);
    }
    const [d] = await t.db.select().from(webhookDeliveries);
    expect(d.status).toBe('failed');
    expect(d.createdAt.getTime() + WEBHOOK_RETRY_WINDOW_MS).toBeLessThanOrEqual(t.clock.now().getTime());
    expect(attempts).toBeGreaterThan(10);
  });

  it('manual resend delivers a delivery again; the test event arrives at once', async () => {
    const ep = (await register(['bike.created'])).body.data;
    const test = await t.http().post(`/api/webhooks/${ep._id}/test`).set('Authorization', admin.bearer).expect(200);
    expect(test.body.data).toMatchObject({ eventType: 'webhook.test', status: 'succeeded', attempts: 1 });
    expect(hooks.received.map((h) => h.body.type)).toEqual(['webhook.test']);
    const resent = await t.http().post(`/api/webhooks/deliveries/${test.body.data._id}/resend`).set('Authorization', admin.bearer).expect(200);
    expect(resent.body.data).toMatchObject({ status: 'succeeded', attempts: 2 });
    expect(resent.body.data.attemptLog).toHaveLength(2);
    expect(hooks.received).toHaveLength(2);
    expect(hooks.received[0].body.id).toBe(hooks.received[1].body.id);
  });

  it('a manual resend while a worker is sending the delivery answers 409 and sends nothing more', async () => {
    // A receiver that holds the first request until released: the worker's attempt is under way meanwhile.
    const bodies: string[] = [];
    let arrived!: () => void;
    const held = new Promise<void>((r) => (arrived = r));
    let waiting: ServerResponse | undefined;
    const slow = createServer((req, res) => {
      const chunks: Buffer[] = [];
      req.on('data', (c: Buffer) => chunks.push(c));
      req.on('end', () => {
        bodies.push(Buffer.concat(chunks).toString('utf8'));
        if (bodies.length === 1) {
          waiting = res;
          arrived();
        } else res.end('ok');
      });
    });
    await new Promise<void>((r) => slow.listen(0, '127.0.0.1', () => r()));
    try {
      const url = `http://127.0.0.1:${(slow.address() as { port: number }).port}/hooks`;
      await register(['bike.created'], url).expect(201);
      await t.http().post('/api/bikes').set('Authorization', admin.bearer).send(bikeBody()).expect(201);
      const sending = worker.runOnce();
      await held;
      const [d] = await t.db.select().from(webhookDeliveries);
      expect(d.leasedUntil).toBeInstanceOf(Date);
      const refused = await t.http().post(`/api/webhooks/deliveries/${d.id}/resend`).set('Authorization', admin.bearer).expect(409);
      expect(refused.body).toMatchObject({ code: 'DELIVERY_IN_FLIGHT' });
      waiting!.end('ok');
      expect(await sending).toMatchObject({ deliveriesSucceeded: 1 });
      expect(bodies).toHaveLength(1);
      const [done] = await t.db.select().from(webhookDeliveries);
      expect(done).toMatchObject({ status: 'succeeded', attempts: 1, leasedUntil: null });
      // Once the attempt is over, a resend goes out at once.
      const resent = await t.http().post(`/api/webhooks/deliveries/${d.id}/resend`).set('Authorization', admin.bearer).expect(200);
      expect(resent.body.data).toMatchObject({ status: 'succeeded', attempts: 2 });
      expect(bodies).toHaveLength(2);
    } finally {
      await new Promise<void>((r) => slow.close(() => r()));
    }
  });

  it('paused and unsubscribed endpoints get nothing', async () => {
    const ep = (await register(['bike.deleted'])).body.data;
    const other = (await register(['bike.created'])).body.data;
    await t.http().patch(`/api/webhooks/${other._id}`).set('Authorization', admin.bearer).send({ enabled: false }).expect(200);
    await t.http().post('/api/bikes').set('Authorization', admin.bearer).send(bikeBody()).expect(201);
    await worker.runOnce();
    expect(hooks.received).toHaveLength(0);
    expect(ep._id).toBeDefined();
  });
});

describe('Webhook targets (SSRF)', () => {
  const t = useTestApp(rentalTestEnv, { reset: false });

  it.each(['http://127.0.0.1:9/x', 'http://localhost/x', 'http://10.1.2.3/x', 'http://[::1]/x', 'http://169.254.169.254/latest/meta-data', 'http://192.168.1.10/x', 'http://[::ffff:127.0.0.1]/x'])(
    'refuses %s without WEBHOOK_ALLOW_PRIVATE_TARGETS',
    async (url) => {
      const admin = await createAdmin(t);
      const res = await t.http().post('/api/webhooks').set('Authorization', admin.bearer).send({ url, events: ['rental.booked'] }).expect(400);
      expect(res.body.errors[0]).toMatchObject({ path: 'url' });
      expect(res.body.message).toMatch(/private or loopback/);
    },
  );

  it('classifies addresses', () => {
    for (const a of ['127.0.0.1', '10.0.0.1', '172.16.5.4', '192.168.0.1', '169.254.1.1', '100.64.0.1', '0.0.0.0', '::1', 'fd00::1', 'fe80::1', '::ffff:10.0.0.1', '::']) {
      expect([a, isPrivateAddress(a)]).toEqual([a, true]);
    }
    for (const a of ['93.184.216.34', '1.1.1.1', '2606:4700:4700::1111']) expect([a, isPrivateAddress(a)]).toEqual([a, false]);
  });
});

describe('Webhook request deadline', () => {
  it('WEBHOOK_TIMEOUT_MS bounds the whole request: a receiver trickling its answer is cut off (inside the lease)', async () => {
    // Answers headers at once, then one byte every 50 ms for 5 s: never silent long enough for an idle timeout.
    const timers = new Set<NodeJS.Timeout>();
    const server = createServer((req, res) => {
      req.resume();
      res.writeHead(200, { 'content-type': 'text/plain' });
      let sent = 0;
      const tick = setInterval(() => {
        if (++sent > 100 || res.destroyed) {
          clearInterval(tick);
          timers.delete(tick);
          if (!res.destroyed) res.end('.');
          return;
        }
        res.write('.');
      }, 50);
      timers.add(tick);
    });
    await new Promise<void>((r) => server.listen(0, '127.0.0.1', () => r()));
    try {
      const url = `http://127.0.0.1:${(server.address() as { port: number }).port}/hooks`;
      const result = await postWebhook(url, '{}', {}, { timeoutMs: 500, allowPrivate: true });
      expect(result).toMatchObject({ statusCode: null, error: 'no answer within 500 ms' });
    } finally {
      for (const tick of timers) clearInterval(tick);
      server.closeAllConnections();
      await new Promise<void>((r) => server.close(() => r()));
    }
  });
});

describe('Webhook targets: IPv6 forms, credentials, a cap per shop, endpoints that keep failing (issue 23)', () => {
  const t = useTestApp(rentalTestEnv, { reset: false });

  it.each([
    'http://[::127.0.0.1]/x',
    'http://[::ffff:0:7f00:1]/x',
    'http://[::ffff:7f00:1]/x',
    'http://[2002:7f00:1::1]/x',
    'http://[2002:5db8:d822::1]/x',
    'http://[2001:0:4136:e378:8000:63bf:80ff:fffe]/x',
    'http://[64:ff9b::7f00:1]/x',
    'http://[fc00::1]/x',
  ])('refuses %s: only global unicast, embedded IPv4 checked', async (url) => {
    const admin = await createAdmin(t);
    const res = await t.http().post('/api/webhooks').set('Authorization', admin.bearer).send({ url, events: ['rental.booked'] }).expect(400);
    expect(res.body.errors[0]).toMatchObject({ path: 'url' });
  });

  it('classifies IPv6 forms that embed an IPv4 address', () => {
    for (const a of ['::127.0.0.1', '::7f00:1', '::ffff:0:7f00:1', '::ffff:0:5db8:d822', '::93.184.216.34', '2002:7f00:1::', '2002:5db8:d822::1', '2001::1', '2001:0:4136:e378:8000:63bf:80ff:fffe', '2001:db8::1', '64:ff9b::5db8:d822', '100::1']) {
      expect([a, isPrivateAddress(a)]).toEqual([a, true]);
    }
    for (const a of ['2606:4700:4700::1111', '2a00:1450:4001:80b::200e', '::ffff:93.184.216.34']) expect([a, isPrivateAddress(a)]).toEqual([a, false]);
  });

  it('refuses a URL with user:password@, and logs targets by origin and path only', async () => {
    const admin = await createAdmin(t);
    for (const url of ['https://partner:s3cret@example.com/hook', 'https://token@example.com/hook']) {
      const res = await t.http().post('/api/webhooks').set('Authorization', admin.bearer).send({ url, events: ['rental.booked'] }).expect(400);
      expect(res.body.errors).toEqual([{ path: 'url', message: 'url must not contain a user name or password: give the partner the signing secret instead' }]);
    }
    expect(loggableUrl('https://partner.example/okaybike/hook?token=abc#x')).toBe('https://partner.example/okaybike/hook');
  });
});

describe('Webhook endpoints: at most WEBHOOK_MAX_ENDPOINTS, and paused when they keep failing', () => {
  const t = useTestApp({ ...rentalTestEnv, WEBHOOK_ALLOW_PRIVATE_TARGETS: 'true', WEBHOOK_MAX_ENDPOINTS: '3', WEBHOOK_PAUSE_AFTER_FAILED_DELIVERIES: '2' });
  let hooks: WebhookReceiver;
  beforeAll(async () => {
    hooks = await startWebhookReceiver();
  });
  afterAll(async () => {
    await hooks.close();
  });

  it('refuses a registration past the cap, also when several arrive at once (409 WEBHOOK_LIMIT)', async () => {
    const admin = await createAdmin(t);
    const answers = await Promise.all(
      Array.from({ length: 6 }, () => t.http().post('/api/webhooks').set('Authorization', admin.bearer).send({ url: hooks.url, events: ['bike.created'] })),
    );
    expect(answers.map((r) => r.status).sort()).toEqual([201, 201, 201, 409, 409, 409]);
    expect(answers.find((r) => r.status === 409)!.body).toMatchObject({ success: false, code: 'WEBHOOK_LIMIT' });
  });

  it('pauses an endpoint whose deliveries keep failing through the whole retry window', async () => {
    const admin = await createAdmin(t);
    const worker = t.app.get(OutboxWorker);
    await t.db.delete(webhookEndpoints);
    const ep = (await t.http().post('/api/webhooks').set('Authorization', admin.bearer).send({ url: hooks.url, events: ['bike.created'] }).expect(201)).body.data;
    hooks.failNext(100_000);
    const giveUp = async () => {
      for (let i = 0; i < 60; i++) {
        await worker.runOnce();
        const pending = await t.db.select().from(webhookDeliveries).where(eq(webhookDeliveries.status, 'pending'));
        if (pending.length === 0) return;
        t.clock.advance(webhookBackoffMs(Math.max(...pending.map((d) => d.attempts))) + 1000);
      }
      throw new Error('deliveries still pending');
    };
    await t.http().post('/api/bikes').set('Authorization', admin.bearer).send(bikeBody()).expect(201);
    await giveUp();
    expect((await t.http().get(`/api/webhooks/${ep._id}`).set('Authorization', admin.bearer).expect(200)).body.data.enabled).toBe(true);
    await t.http().post('/api/bikes').set('Authorization', admin.bearer).send(bikeBody()).expect(201);
    await giveUp();
    expect((await t.http().get(`/api/webhooks/${ep._id}`).set('Authorization', admin.bearer).expect(200)).body.data.enabled).toBe(false);
    hooks.failNext(0);
  });
});
