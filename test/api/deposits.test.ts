import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { isUniqueViolation } from '../../src/database/pg-errors.js';
import { depositMovements, deposits } from '../../src/database/schema/deposits.js';
import { outboxEmails } from '../../src/database/schema/notifications.js';
import { domainEvents } from '../../src/database/schema/notifications.js';
import { PaymentGateways } from '../../src/modules/payments/payment-gateways.js';
import { SandboxGateway } from '../../src/modules/payments/sandbox.gateway.js';
import { CrashSimulation, DepositsService, STUCK_AFTER_MS } from '../../src/modules/rentals/deposits/deposits.service.js';
import { bikeBody, createBike } from '../support/bike-factories.js';
import { createAdmin, createUser, TestUser } from '../support/factories.js';
import { HOUR, MINUTE, pathOf, postSandboxWebhook, rentalTestEnv, returnRental, SANDBOX_SECRET, clockAt } from '../support/rental-factories.js';
import { paymentNotifications } from '../../src/database/schema/payments.js';
import { signSandboxPayload } from '../../src/modules/payments/sandbox-signature.js';
import { scaled } from '../support/machine.mjs';
import { renderedOutbox } from '../support/outbox.js';
import { useTestApp } from '../support/test-app.js';
import { pdfTextLines } from '../support/pdf-text.js';

const DAY = 24 * HOUR;
const binary = (res: import('superagent').Response, cb: (err: Error | null, body: Buffer) => void) => {
  const chunks: Buffer[] = [];
  res.on('data', (c: Buffer) => chunks.push(c));
  res.on('end', () => cb(null, Buffer.concat(chunks)));
};

describe('Security deposits (issue 21)', () => {
  const t = useTestApp(rentalTestEnv);
  const service = () => t.app.get(DepositsService);
  const sandbox = () => (t.app.get(PaymentGateways).get('sandbox') as SandboxGateway).deposits;
  const at = clockAt(t);

  afterEach(() => {
    service().afterGatewayCall = undefined;
  });

  /** Books `bike` for [start, end) and pays the fee on the sandbox page with `card`. */
  async function bookAndPay(user: TestUser, bikeId: string, startInMs: number, lengthMs: number, card = 'visa', quantity = 1) {
    const res = await t
      .http()
      .post('/api/rentals')
      .set('Authorization', user.bearer)
      .send({ bikeId, startTime: at(startInMs), endTime: at(startInMs + lengthMs), quantity })
      .expect(201);
    expect(res.body.data.rental.deposit).toMatchObject({ status: 'pending', heldAmount: 0 });
    await t.http().post(pathOf(res.body.data.payment_url)).type('form').send({ outcome: 'pay', card }).expect(303);
    return res.body.data.rental._id as string;
  }

  const rentalOf = async (user: TestUser, id: string) => {
    const res = await t.http().get('/api/rentals').set('Authorization', user.bearer).expect(200);
    return (res.body.data as { _id: string; deposit: Record<string, unknown> }[]).find((r) => r._id === id)!;
  };
  const movementsOf = (rentalId: string) => service().movements(rentalId);
  const depositOf = async (rentalId: string) => (await t.db.select().from(deposits).where(eq(deposits.rentalId, rentalId)))[0];
  const capture = (admin: TestUser, id: string, body: Record<string, unknown>) =>
    t.http().post(`/api/rentals/${id}/deposit/capture`).set('Authorization', admin.bearer).send(body);
  const release = (admin: TestUser, id: string) => t.http().post(`/api/rentals/${id}/deposit/release`).set('Authorization', admin.bearer);
  const emailKinds = async () => (await t.db.select({ kind: outboxEmails.kind }).from(outboxEmails)).map((e) => e.kind);

  it('bikes take depositAmount (numeric strings too); the quote shows deposit x quantity; rentals of other bikes show none', async () => {
    const admin = await createAdmin(t);
    const created = await t.http().post('/api/bikes').set('Authorization', admin.bearer).send(bikeBody({ depositAmount: '300' })).expect(201);
    expect(created.body.data.depositAmount).toBe(300);
    const bad = await t.http().post('/api/bikes').set('Authorization', admin.bearer).send(bikeBody({ depositAmount: -1 })).expect(400);
    expect(JSON.stringify(bad.body)).toContain('depositAmount');
    const id = created.body.data._id as string;
    const updated = await t.http().put(`/api/bikes/${id}`).set('Authorization', admin.bearer).send(bikeBody({ depositAmount: 250.5 })).expect(200);
    expect(updated.body.data.depositAmount).toBe(250.5);
    const quote = await t.http().get(`/api/bikes/${id}/quote`).query({ startTime: at(DAY), endTime: at(2 * DAY), quantity: 2 }).expect(200);
    expect(quote.body.data.deposit).toEqual({ amount: 501, currency: 'USD' });
  });

  it('a bike without a deposit: the rental carries deposit status none', async () => {
    const user = await createUser(t);
    const plain = await createBike(t);
    const res = await t.http().post('/api/rentals').set('Authorization', user.bearer).send({ bikeId: plain.id, startTime: at(HOUR), endTime: at(DAY), quantity: 1 }).expect(201);
    expect(res.body.data.rental.deposit).toEqual({
      amount: 0,
      currency: 'USD',
      status: 'none',
      heldAmount: 0,
      capturedAmount: 0,
      captureBefore: null,
      reason: null,
      method: null,
      actionUrl: null,
    });
  });

  it('places the hold 24 h before the start (not earlier), with the Visa merchant-initiated window of 5 days', async () => {
    const user = await createUser(t);
    const bike = await createBike(t, { depositAmountCents: 15000 });
    const id = await bookAndPay(user, bike.id, 3 * DAY, DAY, 'visa', 2);
    await service().runDue();
    expect((await rentalOf(user, id)).deposit).toMatchObject({ amount: 300, status: 'pending', heldAmount: 0 });

    t.clock.advance(2 * DAY - MINUTE);
    await service().runDue();
    expect((await rentalOf(user, id)).deposit.status).toBe('pending');
    expect(await movementsOf(id)).toHaveLength(0);

    t.clock.advance(2 * MINUTE);
    const from = t.clock.now().getTime();
    await service().runDue();
    const to = t.clock.now().getTime();
    const dep = (await rentalOf(user, id)).deposit;
    expect(dep).toMatchObject({ amount: 300, currency: 'USD', status: 'held', heldAmount: 300, capturedAmount: 0, method: 'hold' });
    const captureBefore = new Date(dep.captureBefore as string).getTime();
    expect(captureBefore).toBeGreaterThanOrEqual(from + 5 * DAY);
    expect(captureBefore).toBeLessThanOrEqual(to + 5 * DAY);
    const [hold] = await movementsOf(id);
    expect(hold).toMatchObject({ kind: 'hold', status: 'succeeded', amountMinor: 30000, open: true, initiator: 'merchant' });
    expect(hold.idempotencyKey).toBe(`okb-deposit-${hold.id}`);
    expect(sandbox().intent(hold.providerRef!)).toMatchObject({ status: 'requires_capture', amountMinor: 30000 });
    expect(await emailKinds()).toContain('deposit_held');
    const events = (await t.db.select({ type: domainEvents.type }).from(domainEvents)).map((e) => e.type);
    expect(events).toContain('deposit.held');
  });

  it('a 9-day rental on Visa is re-authorised before day 5 with no gap: the new hold exists before the old one is released', async () => {
    const user = await createUser(t);
    const bike = await createBike(t, { depositAmountCents: 20000 });
    const id = await bookAndPay(user, bike.id, HOUR, 9 * DAY);
    const t0 = t.clock.now().getTime();
    await service().runDue();
    const first = (await movementsOf(id))[0];
    expect(first.captureBefore!.getTime() - t0).toBeGreaterThanOrEqual(5 * DAY);
    expect(first.captureBefore!.getTime() - t.clock.now().getTime()).toBeLessThanOrEqual(5 * DAY);

    t.clock.advance(3 * DAY);
    await service().runDue();
    expect(await movementsOf(id)).toHaveLength(1);

    t.clock.advance(DAY + HOUR); // day 4 + 1 h: within DEPOSIT_REAUTH_MARGIN_HOURS (24) of the lapse at day 5
    await service().runDue();
    const [old, renewed, released] = await movementsOf(id);
    expect(renewed).toMatchObject({ kind: 'hold', status: 'succeeded', open: true, replacedBy: null });
    expect(released).toMatchObject({ kind: 'release', status: 'succeeded', targetId: old.id });
    expect(old).toMatchObject({ open: false, replacedBy: renewed.id });
    // No gap: the new hold was authorised before the release of the old one was even written.
    expect(renewed.completedAt!.getTime()).toBeLessThanOrEqual(released.createdAt.getTime());
    expect(sandbox().intent(old.providerRef!)!.status).toBe('canceled');
    expect(sandbox().intent(renewed.providerRef!)!.status).toBe('requires_capture');
    const dep = (await rentalOf(user, id)).deposit;
    expect(dep).toMatchObject({ status: 'held', heldAmount: 200 });
    expect(new Date(dep.captureBefore as string).getTime()).toBe(renewed.captureBefore!.getTime());
    expect(renewed.captureBefore!.getTime()).toBeGreaterThan(t0 + 9 * DAY);

    // Returned on day 9 and released: nothing left open.
    t.clock.advance(5 * DAY - HOUR);
    await service().runDue();
    const admin = await createAdmin(t);
    await returnRental(t, admin, id, t.clock.now().toISOString()).expect(200);
    const res = await release(admin, id).expect(200);
    expect(res.body.data.deposit).toMatchObject({ status: 'released', capturedAmount: 0 });
    expect(sandbox().intent(renewed.providerRef!)!.status).toBe('canceled');
    expect((await movementsOf(id)).filter((m) => m.open)).toHaveLength(0);
  });

  it('a failing re-authorisation falls back to charging the deposit (email, Payment Attention), refunded after the return', async () => {
    const user = await createUser(t);
    const admin = await createAdmin(t);
    const bike = await createBike(t, { depositAmountCents: 10000 });
    const id = await bookAndPay(user, bike.id, HOUR, 8 * DAY, 'one_hold');
    await service().runDue();
    expect((await depositOf(id)).status).toBe('held');

    t.clock.advance(4 * DAY + HOUR);
    await service().runDue();
    const list = await movementsOf(id);
    expect(list.map((m) => `${m.kind}:${m.status}`)).toEqual(['hold:succeeded', 'hold:failed', 'charge:succeeded', 'release:succeeded']);
    const charge = list[2];
    expect(charge.open).toBe(true);
    const dep = await depositOf(id);
    expect(dep).toMatchObject({ status: 'held', method: 'charge', heldMinor: 10000, attention: 'fallback_charge', holdId: charge.id });
    expect(await emailKinds()).toContain('deposit_fallback_charge');
    const attention = await t.http().get('/api/rentals/deposits/attention').set('Authorization', admin.bearer).expect(200);
    const row = (attention.body.data as { rentalId: string; attention: string; movements: string[] }[]).find((d) => d.rentalId === id)!;
    expect(row.attention).toBe('fallback_charge');
    expect(row.movements.join(' | ')).toMatch(/hold: succeeded.*hold: failed \(card_declined\).*fallback charge: succeeded.*release: succeeded/);

    await returnRental(t, admin, id, t.clock.now().toISOString()).expect(200);
    const res = await release(admin, id).expect(200);
    expect(res.body.data.deposit).toMatchObject({ status: 'released', method: 'charge' });
    const refund = (await movementsOf(id)).find((m) => m.kind === 'refund')!;
    expect(refund).toMatchObject({ status: 'succeeded', amountMinor: 10000, targetId: charge.id });
    expect(sandbox().intent(charge.providerRef!)).toMatchObject({ refundedMinor: 10000 });
  });

  it('the sandbox tells the shop when a hold lapses (signed deposit_hold.expired): recorded at once, without the scheduler; a replay changes nothing', async () => {
    const user = await createUser(t);
    const bike = await createBike(t, { depositAmountCents: 8000 });
    const id = await bookAndPay(user, bike.id, HOUR, 2 * DAY, 'visa');
    await service().runDue();
    expect((await depositOf(id)).status).toBe('held');
    const [hold] = await movementsOf(id);

    // Past Visa's 5-day merchant window; the scheduler does not run. The "network" cancels the hold and notifies.
    t.clock.advance(5 * DAY + HOUR);
    expect(sandbox().expireLapsed()).toEqual([hold.providerRef]);
    const noticed = () => t.db.select().from(paymentNotifications).where(eq(paymentNotifications.eventType, 'deposit_hold.expired'));
    const deadline = Date.now() + scaled(10_000);
    while ((await depositOf(id)).status !== 'expired' && Date.now() < deadline) await new Promise((r) => setTimeout(r, 25));
    expect(await depositOf(id)).toMatchObject({ status: 'expired', attention: 'hold_failed' });
    expect((await movementsOf(id)).map((m) => `${m.kind}:${m.status}`)).toEqual(['hold:succeeded', 'expire:succeeded']);
    const [notice] = await noticed();
    expect(notice).toMatchObject({ provider: 'sandbox', paymentId: null });
    expect((notice.payload as { data: unknown }).data).toEqual({ intentRef: hold.providerRef });
    const events = (await t.db.select({ type: domainEvents.type }).from(domainEvents)).map((e) => e.type);
    expect(events).toContain('deposit.failed');

    // The same notice again (a gateway retries): acknowledged, nothing recorded twice.
    const body = JSON.stringify(notice.payload);
    const created = (notice.payload as { created: number }).created;
    const replay = await postSandboxWebhook(t, { body, signature: signSandboxPayload(SANDBOX_SECRET, body, created) }).expect(200);
    expect(replay.body.message).toBe('Notification already processed');
    expect(await noticed()).toHaveLength(1);
    expect(await movementsOf(id)).toHaveLength(2);
  });

  it('a signed notice naming a hold that has not lapsed changes nothing: the deposits ask the gateway, not the notice', async () => {
    const user = await createUser(t);
    const bike = await createBike(t, { depositAmountCents: 8000 });
    const id = await bookAndPay(user, bike.id, HOUR, 2 * DAY, 'visa');
    await service().runDue();
    const [hold] = await movementsOf(id);
    const created = Math.floor(t.clock.now().getTime() / 1000);
    const body = JSON.stringify({ id: 'evt_forged_expiry', type: 'deposit_hold.expired', data: { intentRef: hold.providerRef }, created });
    await postSandboxWebhook(t, { body, signature: signSandboxPayload(SANDBOX_SECRET, body, created) }).expect(200);
    expect(await depositOf(id)).toMatchObject({ status: 'held', heldMinor: 8000 });
    expect((await movementsOf(id)).map((m) => m.kind)).toEqual(['hold']);
    // Without the hold's reference the notice is a 400 naming the field.
    const bad = JSON.stringify({ id: 'evt_no_ref', type: 'deposit_hold.expired', data: {}, created });
    const res = await postSandboxWebhook(t, { body: bad, signature: signSandboxPayload(SANDBOX_SECRET, bad, created) }).expect(400);
    expect(res.body.message).toMatch(/data\.intentRef/);
  });

  it('a partial capture with a reason releases the rest; a second capture and a capture or release after it are 409 DEPOSIT_SETTLED', async () => {
    const user = await createUser(t);
    const admin = await createAdmin(t);
    const bike = await createBike(t, { depositAmountCents: 30000 });
    const id = await bookAndPay(user, bike.id, HOUR, DAY);
    await service().runDue();
    await returnRental(t, admin, id, at(DAY)).expect(200);

    await capture(admin, id, { amount: 45 }).expect(400);
    await capture(admin, id, { amount: 301, reason: 'Too much' }).expect(400);
    await capture(admin, id, { amount: 0, reason: 'Nothing' }).expect(400);
    await t.http().post(`/api/rentals/${id}/deposit/capture`).set('Authorization', user.bearer).send({ amount: 45, reason: 'x' }).expect(403);

    const res = await capture(admin, id, { amount: '45', reason: 'Scratched frame' }).expect(200);
    expect(res.body.data.deposit).toMatchObject({ status: 'partially_captured', heldAmount: 300, capturedAmount: 45, reason: 'Scratched frame' });
    const hold = (await movementsOf(id))[0];
    expect(sandbox().intent(hold.providerRef!)).toMatchObject({ status: 'succeeded', capturedMinor: 4500 });

    const again = await capture(admin, id, { amount: 10, reason: 'Again' }).expect(409);
    expect(again.body.code ?? again.body.error?.code ?? JSON.stringify(again.body)).toContain('DEPOSIT_SETTLED');
    expect(JSON.stringify((await release(admin, id).expect(409)).body)).toContain('DEPOSIT_SETTLED');
    expect(await emailKinds()).toContain('deposit_captured');
    const [email] = await renderedOutbox(t, eq(outboxEmails.kind, 'deposit_captured'));
    expect(email.textBody).toContain('Scratched frame');
    expect(email.textBody).toContain('$45.00');

    // The invoice shows the deposit apart from the rental's price.
    const invoice = await t.http().get(`/api/rentals/${id}/invoice`).set('Authorization', user.bearer).buffer(true).parse(binary).expect(200);
    const text = pdfTextLines(invoice.body as Buffer).join('\n');
    expect(text).toContain('Security deposit');
    expect(text).toContain('partly kept, the rest released');
    expect(text).toContain('Deposit kept');
    expect(text).toContain('Scratched frame');
  });

  it('a capture after a release is 409 DEPOSIT_SETTLED', async () => {
    const user = await createUser(t);
    const admin = await createAdmin(t);
    const bike = await createBike(t, { depositAmountCents: 5000 });
    const id = await bookAndPay(user, bike.id, HOUR, DAY);
    await service().runDue();
    await release(admin, id).expect(200);
    expect(JSON.stringify((await capture(admin, id, { amount: 10, reason: 'Late damage' }).expect(409)).body)).toContain('DEPOSIT_SETTLED');
    expect(await emailKinds()).toContain('deposit_released');
  });

  it('two (and five) concurrent captures capture once', async () => {
    const user = await createUser(t);
    const admin = await createAdmin(t);
    const bike = await createBike(t, { depositAmountCents: 30000 });
    const id = await bookAndPay(user, bike.id, HOUR, DAY);
    await service().runDue();
    const answers = await Promise.all(Array.from({ length: 5 }, (_, i) => capture(admin, id, { amount: 10 + i, reason: `Damage ${i}` })));
    expect(answers.map((a) => a.status).sort()).toEqual([200, 409, 409, 409, 409]);
    const captures = (await movementsOf(id)).filter((m) => m.kind === 'capture');
    expect(captures).toHaveLength(1);
    const dep = await depositOf(id);
    expect(dep.capturedMinor).toBe(captures[0].amountMinor);
    // And in the database itself, whoever writes it (a second instance, a script): a second capture of the hold, or a
    // release after its capture, is refused (23505). The service checks first under the deposit's row lock; removing
    // that check alone, or these indexes alone, keeps capture-once; removing both fails this and three more tests.
    const again = (kind: 'capture' | 'release') =>
      t.db.insert(depositMovements).values({ ...captures[0], id: randomUUID(), kind, idempotencyKey: `again-${kind}`, status: 'pending' });
    for (const kind of ['capture', 'release'] as const) {
      const refused = await again(kind).then(() => null, (e: unknown) => e);
      expect(isUniqueViolation(refused)).toBe(true);
    }
  });

  it("the dashboard's earnings count captured deposits, never holds", async () => {
    const user = await createUser(t);
    const admin = await createAdmin(t);
    const bike = await createBike(t, { depositAmountCents: 30000 });
    const earn = async () => (await t.http().get('/api/dashboard/summary').set('Authorization', admin.bearer).expect(200)).body.data.totals.totalEarn as number;
    const id = await bookAndPay(user, bike.id, HOUR, DAY);
    await service().runDue();
    expect((await depositOf(id)).status).toBe('held');
    expect(await earn()).toBe(0);
    await capture(admin, id, { amount: 45.5, reason: 'Bent lever' }).expect(200);
    expect(await earn()).toBe(45.5);
  });

  it("a cancelled booking's hold is released at once", async () => {
    const user = await createUser(t);
    const bike = await createBike(t, { depositAmountCents: 8000 });
    const id = await bookAndPay(user, bike.id, 2 * HOUR, DAY);
    await service().runDue();
    const [hold] = await movementsOf(id);
    expect(hold.status).toBe('succeeded');
    const res = await t.http().post(`/api/rentals/${id}/cancel`).set('Authorization', user.bearer).expect(200);
    expect(res.body.data.deposit).toMatchObject({ status: 'released' });
    expect(sandbox().intent(hold.providerRef!)!.status).toBe('canceled');
  });

  it('a crash between the gateway call and the commit neither loses nor doubles the hold (the same idempotency key is sent again)', async () => {
    const user = await createUser(t);
    const bike = await createBike(t, { depositAmountCents: 12000 });
    const id = await bookAndPay(user, bike.id, HOUR, DAY);
    const before = sandbox().authorisations;
    service().afterGatewayCall = () => {
      throw new CrashSimulation('killed after the gateway authorised');
    };
    await expect(service().runDue()).rejects.toThrow(CrashSimulation);
    service().afterGatewayCall = undefined;
    // The gateway holds it; our ledger row is still pending with its key.
    expect(sandbox().authorisations).toBe(before + 1);
    const [pending] = await movementsOf(id);
    expect(pending).toMatchObject({ kind: 'hold', status: 'pending', providerRef: null });
    expect((await depositOf(id)).status).toBe('pending');

    // The restarted scheduler resumes it (the row is older than STUCK_AFTER_MS): same key, same authorisation.
    t.clock.advance(STUCK_AFTER_MS + MINUTE);
    await service().runDue();
    await service().runDue();
    const list = await movementsOf(id);
    expect(list).toHaveLength(1);
    expect(list[0]).toMatchObject({ status: 'succeeded', open: true });
    expect(sandbox().authorisations).toBe(before + 1);
    expect((await depositOf(id))).toMatchObject({ status: 'held', heldMinor: 12000, holdId: list[0].id });
  });

  it('a crash after the gateway captured: the retry is refused (409) and the resumed capture completes once', async () => {
    const user = await createUser(t);
    const admin = await createAdmin(t);
    const bike = await createBike(t, { depositAmountCents: 12000 });
    const id = await bookAndPay(user, bike.id, HOUR, DAY);
    await service().runDue();
    service().afterGatewayCall = () => {
      throw new CrashSimulation('killed after the gateway captured');
    };
    await capture(admin, id, { amount: 20, reason: 'Broken light' }).expect(500);
    service().afterGatewayCall = undefined;
    await capture(admin, id, { amount: 30, reason: 'Broken light' }).expect(409);
    t.clock.advance(STUCK_AFTER_MS + MINUTE);
    await service().runDue();
    const captures = (await movementsOf(id)).filter((m) => m.kind === 'capture');
    expect(captures).toHaveLength(1);
    expect(captures[0]).toMatchObject({ status: 'succeeded', amountMinor: 2000 });
    expect(await depositOf(id)).toMatchObject({ status: 'partially_captured', capturedMinor: 2000, reason: 'Broken light' });
  });

  it('a card whose bank asks for confirmation: the customer gets a link; confirmed on the sandbox page, the hold is held', async () => {
    const user = await createUser(t);
    const bike = await createBike(t, { depositAmountCents: 9000 });
    const id = await bookAndPay(user, bike.id, HOUR, DAY, 'confirm');
    await service().runDue();
    const dep = (await rentalOf(user, id)).deposit;
    expect(dep.status).toBe('pending');
    expect(dep.actionUrl).toMatch(/\/api\/payments\/sandbox\/deposit\/sbx_pi_/);
    expect(await emailKinds()).toContain('deposit_confirmation_needed');
    const page = await t.http().get(pathOf(dep.actionUrl as string)).expect(200);
    expect(page.text).toContain('Confirm');
    await t.http().post(pathOf(dep.actionUrl as string)).type('form').send({}).expect(303);
    t.clock.advance(STUCK_AFTER_MS + MINUTE);
    await service().runDue();
    const after = (await rentalOf(user, id)).deposit;
    expect(after).toMatchObject({ status: 'held', heldAmount: 90 });
  });

  it('a declined card: the deposit is failed and shows on Payment Attention', async () => {
    const user = await createUser(t);
    const bike = await createBike(t, { depositAmountCents: 9000 });
    const id = await bookAndPay(user, bike.id, HOUR, DAY, 'declined');
    await service().runDue();
    expect((await rentalOf(user, id)).deposit.status).toBe('failed');
    expect((await depositOf(id)).attention).toBe('hold_failed');
    const events = (await t.db.select({ type: domainEvents.type }).from(domainEvents)).map((e) => e.type);
    expect(events).toContain('deposit.failed');
  });

  it('a counter sale records the deposit taken on the card terminal; released at the return', async () => {
    const user = await createUser(t);
    const admin = await createAdmin(t);
    const bike = await createBike(t, { depositAmountCents: 10000 });
    const res = await t
      .http()
      .post('/api/rentals/counter')
      .set('Authorization', admin.bearer)
      .send({ bikeId: bike.id, startTime: at(MINUTE), endTime: at(DAY), quantity: 1, customerEmail: user.email, paymentMethod: 'cash', paid: true, depositMethod: 'card_terminal' })
      .expect(201);
    const id = res.body.data._id as string;
    expect(res.body.data.deposit).toMatchObject({ status: 'held', heldAmount: 100, method: 'card_terminal' });
    const done = await capture(admin, id, { amount: 100, reason: 'Lost lock' }).expect(200);
    expect(done.body.data.deposit).toMatchObject({ status: 'captured', capturedAmount: 100 });
    expect(await t.db.select().from(depositMovements).where(eq(depositMovements.rentalId, id))).toHaveLength(2);
  });
});
