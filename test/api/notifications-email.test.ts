/**
 * Issue 16, email: messages written to the outbox in the event's transaction, sent by the worker through a real
 * SMTP server started here (smtp-server), once; retried with back-off; kept for the dashboard without SMTP_URL.
 */
import { eq } from 'drizzle-orm';
import ICAL from 'ical.js';
import { outboxEmails } from '../../src/database/schema/notifications.js';
import { OutboxWorker, smtpTimeouts } from '../../src/modules/notifications/outbox.worker.js';
import { createBike } from '../support/bike-factories.js';
import { createAdmin, createUser } from '../support/factories.js';
import { bookAndPay, fullPayment, choose, HOUR, rentalTestEnv, returnRental, book, expireHolds, MINUTE } from '../support/rental-factories.js';
import { SmtpSink, startSmtpSink } from '../support/smtp-sink.js';
import { renderedOutbox } from '../support/outbox.js';
import { createTestApp, TestApp, useTestApp } from '../support/test-app.js';

const signupBody = (email: string) => ({ name: 'Nadia Rahman', email, password: 'secret-pass-1', phone: '+8801700000001', address: 'Road 2, Dhaka' });

describe('Customer emails through SMTP', () => {
  let t: TestApp;
  let smtp: SmtpSink;
  let worker: OutboxWorker;
  beforeAll(async () => {
    smtp = await startSmtpSink();
    t = await createTestApp({ ...rentalTestEnv, SMTP_URL: smtp.url, MAIL_FROM: 'Okay Bike <shop@okaybike.test>', SHOP_NAME: 'Okay Bike Dhanmondi', PUBLIC_URL: 'https://shop.okaybike.test' });
    worker = t.app.get(OutboxWorker);
  });
  afterAll(async () => {
    await t.close();
    await smtp.close();
  });
  beforeEach(async () => {
    await t.reset();
    smtp.messages.length = 0;
  });

  it('signup sends a welcome message, once', async () => {
    await t.http().post('/api/auth/signup').send(signupBody('nadia@example.com')).expect(201);
    expect(smtp.messages).toHaveLength(0); // nothing is sent inside the request
    await worker.runOnce();
    expect(smtp.messages).toHaveLength(1);
    const [mail] = smtp.messages;
    expect(mail.envelopeTo).toEqual(['nadia@example.com']);
    expect(mail.subject).toBe('Welcome to Okay Bike Dhanmondi');
    expect(mail.headers.from).toContain('shop@okaybike.test');
    // The address is not verified: the welcome quotes nothing the signup typed, the name included.
    expect(mail.text).toContain('Hello,');
    expect(mail.text).not.toContain('Nadia');
    expect(mail.html).not.toContain('Nadia');
    expect(mail.text).toContain('https://shop.okaybike.test/allbikes');
    expect(mail.html).toContain('#0f766e');
    // No tracking: no remote images or pixels.
    expect(mail.html).not.toMatch(/<img/i);
    await worker.runOnce();
    expect(smtp.messages).toHaveLength(1);
    const [row] = await t.db.select().from(outboxEmails);
    expect(row).toMatchObject({ status: 'sent', attempts: 1, kind: 'welcome' });
    expect(mail.messageId).toBe(`<${row.id}@okaybike.outbox>`);
  });

  it('a booking paid through the gateway brings the confirmation (window, units, price) and the receipt with its PDF', async () => {
    const user = await createUser(t, { name: 'Karim Ahmed' });
    const bike = await createBike(t, { name: 'Yamaha R15 V4', quantity: 3 });
    const { rental } = await bookAndPay(t, user, bike.id, { quantity: 2, startTime: '2027-06-01T09:00:00.000Z' });
    await worker.runOnce();
    const subjects = smtp.messages.map((m) => m.subject).sort();
    expect(subjects).toEqual(['Booking confirmed: Yamaha R15 V4', 'Payment received: Tk 100.00']);
    const confirmation = smtp.messages.find((m) => m.subject.startsWith('Booking confirmed'))!;
    expect(confirmation.envelopeTo).toEqual([user.email]);
    expect(confirmation.text).toContain('Pick-up: 1 June 2027 at 09:00 (UTC)');
    expect(confirmation.text).toContain('Quantity: 2');
    expect(confirmation.text).toContain(`Booking reference: ${rental.paymentId}`);
    expect(confirmation.text).toContain('$12.50 per hour per bike');
    expect(confirmation.text).toContain('Booking fee: Tk 100.00 (paid)');
    // The booking as a calendar file (issue 26): the .ics GET rentals/{id}/calendar.ics answers, read back by ical.js.
    expect(confirmation.text).toContain('attached as a calendar file (.ics)');
    expect(confirmation.attachments).toHaveLength(1);
    const [ics] = confirmation.attachments;
    expect(ics.contentType).toBe('text/calendar');
    expect(ics.filename).toMatch(/^booking-.+\.ics$/);
    const calendar = new ICAL.Component(ICAL.parse(ics.body.toString('utf8')));
    const events = calendar.getAllSubcomponents('vevent').map((v) => new ICAL.Event(v));
    expect(events).toHaveLength(1);
    expect(events[0].startDate.toJSDate().toISOString()).toBe('2027-06-01T09:00:00.000Z');
    expect(events[0].summary).toContain('Yamaha R15 V4 ×2');
    expect(events[0].summary).toContain('Karim');
    expect(events[0].uid).toBe(`${rental._id}@shop.okaybike.test`);
    expect(events[0].location).toBeTruthy();
    const fromApi = await t.http().get(`/api/rentals/${rental._id}/calendar.ics`).set('authorization', `Bearer ${user.token}`).expect(200);
    const apiEvent = new ICAL.Event(new ICAL.Component(ICAL.parse(fromApi.text)).getFirstSubcomponent('vevent')!);
    expect(apiEvent.summary).toBe(events[0].summary);
    expect(apiEvent.endDate.toJSDate().getTime()).toBe(events[0].endDate.toJSDate().getTime());
    const receipt = smtp.messages.find((m) => m.subject.startsWith('Payment received'))!;
    expect(receipt.attachments).toHaveLength(1);
    expect(receipt.attachments[0].contentType).toBe('application/pdf');
    expect(receipt.attachments[0].filename).toBe('receipt-R-000001.pdf');
    expect(receipt.attachments[0].body.subarray(0, 5).toString()).toBe('%PDF-');
    expect(receipt.text).toContain('booking fee of Yamaha R15 V4 x 2');
  });

  it('the rental payment after the return sends a second receipt with the next number', async () => {
    const user = await createUser(t);
    const admin = await createAdmin(t);
    const bike = await createBike(t, { quantity: 1 });
    const start = t.clock.now().getTime() + HOUR;
    const { rental } = await bookAndPay(t, user, bike.id, { startTime: new Date(start).toISOString() });
    await returnRental(t, admin, rental._id, new Date(start + 3 * HOUR).toISOString()).expect(200);
    const pay = await fullPayment(t, user, { paymentId: rental.paymentId, totalCost: 37.5 }).expect(200);
    await choose(t, pay.body.data.payment_url, 'pay').expect(303);
    await worker.runOnce();
    const receipts = smtp.messages.filter((m) => m.subject.startsWith('Payment received')).map((m) => m.attachments[0]?.filename).sort();
    expect(receipts).toEqual(['receipt-R-000001.pdf', 'receipt-R-000002.pdf']);
    expect(smtp.messages.map((m) => m.subject)).toContain('Payment received: $37.50');
  });

  it('an unpaid booking whose hold lapses tells the customer it was cancelled', async () => {
    const user = await createUser(t);
    const bike = await createBike(t);
    await book(t, user, bike.id).expect(201);
    t.clock.advance(16 * MINUTE);
    expect(await expireHolds(t)).toBe(1);
    await worker.runOnce();
    expect(smtp.messages.map((m) => m.subject)).toEqual([expect.stringMatching(/^Booking cancelled: /)]);
    expect(smtp.messages[0].text).toContain('not paid in time');
  });

  it('retries with back-off when the SMTP server refuses, and sends once it accepts', async () => {
    smtp.rejectNext(2);
    await t.http().post('/api/auth/signup').send(signupBody('retry@example.com')).expect(201);
    await worker.runOnce();
    let [row] = await t.db.select().from(outboxEmails);
    expect(row).toMatchObject({ status: 'pending', attempts: 1 });
    expect(row.lastError).toMatch(/451/);
    // Not due again before its back-off.
    await worker.runOnce();
    [row] = await t.db.select().from(outboxEmails);
    expect(row.attempts).toBe(1);
    t.clock.advance(31_000);
    await worker.runOnce();
    [row] = await t.db.select().from(outboxEmails);
    expect(row).toMatchObject({ status: 'pending', attempts: 2 });
    t.clock.advance(61_000);
    await worker.runOnce();
    [row] = await t.db.select().from(outboxEmails).where(eq(outboxEmails.id, row.id));
    expect(row).toMatchObject({ status: 'sent', attempts: 3 });
    expect(smtp.messages).toHaveLength(1);
  });

  it('an email is leased only while its own send runs: a worker stuck on one leaves the others to another worker, each sent once', async () => {
    for (let i = 0; i < 4; i++) await t.http().post('/api/auth/signup').send(signupBody(`lease-${i}@example.com`)).expect(201);
    const gate = smtp.holdNext();
    const stuck = worker.runOnce();
    await gate.held;
    // One row is claimed (the one on the wire); the other three carry no lease, so nobody has to wait for this send.
    const rows = await t.db.select().from(outboxEmails);
    expect(rows.map((r) => r.attempts).sort()).toEqual([0, 0, 0, 1]);
    const leased = rows.find((r) => r.attempts === 1)!;
    expect(leased.nextAttemptAt.getTime()).toBeGreaterThan(t.clock.now().getTime());
    const other = await worker.runOnce();
    expect(other).toMatchObject({ emailsSent: 3, emailsFailed: 0 });
    gate.release();
    expect(await stuck).toMatchObject({ emailsSent: 1, emailsFailed: 0 });
    expect(smtp.messages.map((m) => m.envelopeTo[0]).sort()).toEqual(['lease-0@example.com', 'lease-1@example.com', 'lease-2@example.com', 'lease-3@example.com']);
    expect((await t.db.select().from(outboxEmails)).every((r) => r.status === 'sent' && r.attempts === 1)).toBe(true);
  });

  it.each([2_000, 60_000, 3_600_000])('with OUTBOX_LEASE_MS=%d the SMTP client gives up before the lease ends', (lease) => {
    const { deadlineMs, client } = smtpTimeouts(lease);
    expect(deadlineMs).toBeLessThan(lease);
    for (const ms of Object.values(client)) expect(ms).toBeLessThanOrEqual(deadlineMs);
    expect(client.connectionTimeout + client.greetingTimeout).toBeLessThan(deadlineMs);
  });

  it('two workers running at once send each message once (SKIP LOCKED claim)', async () => {
    for (let i = 0; i < 12; i++) await t.http().post('/api/auth/signup').send(signupBody(`many-${i}@example.com`)).expect(201);
    await Promise.all([worker.runOnce(), worker.runOnce(), worker.runOnce()]);
    expect(smtp.messages).toHaveLength(12);
    expect(new Set(smtp.messages.map((m) => m.envelopeTo[0])).size).toBe(12);
  });
});

describe('Without SMTP_URL', () => {
  const t = useTestApp(rentalTestEnv);

  it("a stranger's text typed as the name never reaches the address it was sent to; a deleted user's name and address leave the outbox", async () => {
    const lure = 'Your account is suspended: verify at http://evil.example';
    await t.http().post('/api/auth/signup').send({ ...signupBody('victim@example.com'), name: lure }).expect(201);
    await t.app.get(OutboxWorker).runOnce();
    const [row] = await renderedOutbox(t);
    expect(row.html + row.textBody + row.subject).not.toContain('evil.example');

    const admin = await createAdmin(t);
    const user = await createUser(t, { name: 'Rina Begum', email: 'rina@example.com' });
    await t.http().put('/api/users/me/password').set('Authorization', user.bearer).send({ currentPassword: user.password, newPassword: 'rina-new-secret-2' }).expect(200);
    await t.app.get(OutboxWorker).runOnce();
    const before = await renderedOutbox(t, eq(outboxEmails.userId, user.id));
    expect(before.length).toBeGreaterThan(0);
    expect(before.map((e) => e.toAddress + e.html + e.textBody).join()).toContain('Rina');
    await t.http().delete(`/api/users/${user.id}`).set('Authorization', admin.bearer).expect(200);
    const after = await t.db.select().from(outboxEmails).where(eq(outboxEmails.userId, user.id));
    expect(after).toHaveLength(before.length);
    const page = await t.http().get('/api/notifications/emails').set('Authorization', admin.bearer).expect(200);
    const shown = JSON.stringify(page.body) + JSON.stringify(after);
    expect(shown).not.toContain('rina@example.com');
    expect(shown).not.toContain('Rina');
  });

  it('keeps the messages, and admins read them (list and one with its bodies); others may not', async () => {
    await t.http().post('/api/auth/signup').send(signupBody('kept@example.com')).expect(201);
    await t.app.get(OutboxWorker).runOnce();
    const admin = await createAdmin(t);
    const list = await t.http().get('/api/notifications/emails').set('Authorization', admin.bearer).expect(200);
    expect(list.body.data).toMatchObject({ total: 1, smtpConfigured: false, emails: [{ kind: 'welcome', to: 'kept@example.com', status: 'kept', subject: 'Welcome to Okay Bike' }] });
    expect(list.body.data.emails[0].html).toBeUndefined();
    const one = await t.http().get(`/api/notifications/emails/${list.body.data.emails[0]._id}`).set('Authorization', admin.bearer).expect(200);
    expect(one.body.data.html).toContain('<h1');
    expect(one.body.data.text).toContain('Welcome to Okay Bike');
    const user = await createUser(t);
    await t.http().get('/api/notifications/emails').set('Authorization', user.bearer).expect(403);
    await t.http().get('/api/notifications/emails').expect(401);
    await t.http().get('/api/notifications/emails?status=nope').set('Authorization', admin.bearer).expect(400);
  });
});
