/**
 * Issue 16, the time-driven and refund emails: pick-up reminder (REMINDER_HOURS_BEFORE_START before the start),
 * return due soon (RETURN_DUE_SOON_MINUTES before the end), overdue (after the end plus LATE_GRACE_MINUTES) and
 * refunded (with its `payment.refunded` webhook). The suite's clock moves, the worker's reminder scan runs at
 * each step, and the messages go through the SMTP server started here. Every message is checked to arrive once
 * per rental and kind, with the window written in the shop's zone (Asia/Dhaka, UTC+6, no daylight saving).
 */
import { sql } from 'drizzle-orm';
import { outboxEmails } from '../../src/database/schema/notifications.js';
import { OutboxWorker } from '../../src/modules/notifications/outbox.worker.js';
import { createBike } from '../support/bike-factories.js';
import { createAdmin, createUser, TestUser } from '../support/factories.js';
import { choose, HOUR, MINUTE, rentalTestEnv } from '../support/rental-factories.js';
import { SmtpSink, startSmtpSink } from '../support/smtp-sink.js';
import { createTestApp, TestApp } from '../support/test-app.js';
import { startWebhookReceiver, WebhookReceiver } from '../support/webhook-receiver.js';

const DAY = 24 * HOUR;
const MONTHS = ['January', 'February', 'March', 'April', 'May', 'June', 'July', 'August', 'September', 'October', 'November', 'December'];
const pad = (n: number) => String(n).padStart(2, '0');
/** How the shop writes an instant in Asia/Dhaka (UTC+6 all year). */
const dhaka = (ms: number): string => {
  const d = new Date(ms + 6 * HOUR);
  return `${d.getUTCDate()} ${MONTHS[d.getUTCMonth()]} ${d.getUTCFullYear()} at ${pad(d.getUTCHours())}:${pad(d.getUTCMinutes())} (Asia/Dhaka)`;
};

describe('Reminder, overdue and refund emails (SHOP_TIME_ZONE=Asia/Dhaka)', () => {
  let t: TestApp;
  let smtp: SmtpSink;
  let hooks: WebhookReceiver;
  let worker: OutboxWorker;
  beforeAll(async () => {
    smtp = await startSmtpSink();
    hooks = await startWebhookReceiver();
    t = await createTestApp({
      ...rentalTestEnv,
      SMTP_URL: smtp.url,
      SHOP_TIME_ZONE: 'Asia/Dhaka',
      REMINDER_HOURS_BEFORE_START: '6',
      RETURN_DUE_SOON_MINUTES: '45',
      LATE_GRACE_MINUTES: '30',
      WEBHOOK_ALLOW_PRIVATE_TARGETS: 'true',
    });
    worker = t.app.get(OutboxWorker);
  });
  afterAll(async () => {
    await t.close();
    await smtp.close();
    await hooks.close();
  });
  beforeEach(async () => {
    await t.reset();
    smtp.messages.length = 0;
    hooks.received.length = 0;
  });

  /** 03:00 UTC (09:00 in Dhaka) `days` days after the suite's today. */
  const morning = (days: number): number => {
    const d = new Date(t.clock.now().getTime() + days * DAY);
    return Date.UTC(d.getUTCFullYear(), d.getUTCMonth(), d.getUTCDate(), 3);
  };
  /** Moves the suite's clock to `at` (never backwards). */
  const moveTo = (at: number) => {
    const by = at - t.clock.now().getTime();
    expect(by).toBeGreaterThanOrEqual(0);
    t.clock.advance(by);
  };
  /** Books [start, end) and pays its fee through the sandbox: booked. */
  const bookPaid = async (user: TestUser, bikeId: string, start: number, end: number) => {
    const res = await t
      .http()
      .post('/api/rentals')
      .set('Authorization', user.bearer)
      .send({ bikeId, startTime: new Date(start).toISOString(), endTime: new Date(end).toISOString(), quantity: 1 })
      .expect(201);
    await choose(t, res.body.data.payment_url, 'pay').expect(303);
    return res.body.data.rental as { _id: string; paymentId: string };
  };
  /** Sends what the booking itself wrote (confirmation, receipt) and forgets it. */
  const flushBookingMail = async () => {
    await worker.runOnce();
    smtp.messages.length = 0;
  };
  const kindOf = (m: { headers: Record<string, string> }) => m.headers['x-okaybike-message-kind'];
  /** Message count per "recipient kind". */
  const tally = () =>
    smtp.messages.reduce<Record<string, number>>((acc, m) => {
      const key = `${m.envelopeTo[0]} ${kindOf(m)}`;
      acc[key] = (acc[key] ?? 0) + 1;
      return acc;
    }, {});

  it('pick-up reminder: once, REMINDER_HOURS_BEFORE_START before the start, not for bookings made inside that window', async () => {
    const bike = await createBike(t, { name: 'Hero Sprint', quantity: 3 });
    const early = await createUser(t, { email: 'early@example.com', name: 'Early Bird' });
    const later = await createUser(t, { email: 'later@example.com' });
    const lastMinute = await createUser(t, { email: 'last@example.com' });
    const start = morning(3);
    const earlyRental = await bookPaid(early, bike.id, start, start + 4 * HOUR);
    await bookPaid(later, bike.id, start + DAY, start + DAY + 2 * HOUR);
    await flushBookingMail();

    moveTo(start - 6 * HOUR - MINUTE);
    expect(await worker.scheduleReminders()).toBe(0);
    moveTo(start - 6 * HOUR + MINUTE);
    // Booked now, 5 h 59 min before its start: already inside the window, so no reminder.
    await bookPaid(lastMinute, bike.id, start, start + HOUR);
    expect(await worker.scheduleReminders()).toBe(1);
    expect(await worker.scheduleReminders()).toBe(0);
    moveTo(start - HOUR);
    expect(await worker.scheduleReminders()).toBe(0);
    await worker.runOnce();
    expect(tally()).toEqual({ 'early@example.com pickup_reminder': 1, 'last@example.com booking_confirmed': 1, 'last@example.com payment_received': 1 });
    const reminder = smtp.messages.find((m) => kindOf(m) === 'pickup_reminder')!;
    expect(reminder.subject).toBe(`Reminder: pick up Hero Sprint ${dhaka(start)}`);
    expect(reminder.subject).toMatch(/ at 09:00 \(Asia\/Dhaka\)$/);
    expect(reminder.text).toContain('Hello Early Bird,');
    expect(reminder.text).toContain(`Pick-up: ${dhaka(start)}`);
    expect(reminder.text).toContain(`Return: ${dhaka(start + 4 * HOUR)}`);
    expect(reminder.text).toContain(`Booking reference: ${earlyRental.paymentId}`);

    // The second booking's reminder comes in its own window, once; the first gets nothing more.
    smtp.messages.length = 0;
    moveTo(start + DAY - 5 * HOUR);
    await worker.scheduleReminders();
    await worker.scheduleReminders();
    await worker.runOnce();
    const reminders = smtp.messages.filter((m) => kindOf(m) === 'pickup_reminder');
    expect(reminders.map((m) => m.envelopeTo[0])).toEqual(['later@example.com']);
    expect(reminders[0].subject).toBe(`Reminder: pick up Hero Sprint ${dhaka(start + DAY)}`);
    const [{ n }] = await t.db
      .select({ n: sql<number>`count(*)::int` })
      .from(outboxEmails)
      .where(sql`${outboxEmails.kind} = 'pickup_reminder'`);
    expect(Number(n)).toBe(2);
  });

  it('return due soon RETURN_DUE_SOON_MINUTES before the end, overdue after the grace period: once per rental', async () => {
    const bike = await createBike(t, { name: 'Duranta Flash', quantity: 2 });
    const short = await createUser(t, { email: 'short@example.com' });
    const long = await createUser(t, { email: 'long@example.com' });
    const start = morning(2);
    const shortEnd = start + 4 * HOUR; // 13:00 in Dhaka
    const longEnd = start + 8 * HOUR; // 17:00 in Dhaka
    await bookPaid(short, bike.id, start, shortEnd);
    await bookPaid(long, bike.id, start, longEnd);
    await flushBookingMail();

    moveTo(start + 10 * MINUTE); // both picked up; the pick-up reminders' window is over
    expect(await worker.scheduleReminders()).toBe(0);
    moveTo(shortEnd - 46 * MINUTE);
    expect(await worker.scheduleReminders()).toBe(0);
    moveTo(shortEnd - 44 * MINUTE);
    expect(await worker.scheduleReminders()).toBe(1);
    expect(await worker.scheduleReminders()).toBe(0);
    moveTo(shortEnd + 29 * MINUTE); // inside the grace period
    expect(await worker.scheduleReminders()).toBe(0);
    moveTo(shortEnd + 31 * MINUTE);
    expect(await worker.scheduleReminders()).toBe(1);
    expect(await worker.scheduleReminders()).toBe(0);
    await worker.runOnce();
    expect(tally()).toEqual({ 'short@example.com return_due_soon': 1, 'short@example.com overdue': 1 });
    const soon = smtp.messages.find((m) => kindOf(m) === 'return_due_soon')!;
    expect(soon.subject).toBe('Return due soon: Duranta Flash');
    expect(soon.text).toContain(`Please bring Duranta Flash back by ${dhaka(shortEnd)}.`);
    expect(soon.text).toMatch(/back by \d+ \w+ \d{4} at 13:00 \(Asia\/Dhaka\)\./);
    const overdue = smtp.messages.find((m) => kindOf(m) === 'overdue')!;
    expect(overdue.subject).toBe('Overdue: Duranta Flash');
    expect(overdue.text).toContain(`Duranta Flash was due back at ${dhaka(shortEnd)}.`);

    moveTo(longEnd - 30 * MINUTE);
    expect(await worker.scheduleReminders()).toBe(1);
    moveTo(longEnd + HOUR);
    expect(await worker.scheduleReminders()).toBe(1);
    moveTo(longEnd + 2 * DAY);
    expect(await worker.scheduleReminders()).toBe(0);
    await worker.runOnce();
    await worker.runOnce();
    expect(tally()).toEqual({
      'short@example.com return_due_soon': 1,
      'short@example.com overdue': 1,
      'long@example.com return_due_soon': 1,
      'long@example.com overdue': 1,
    });
    expect(smtp.messages.find((m) => m.envelopeTo[0] === 'long@example.com' && kindOf(m) === 'overdue')!.text).toContain(
      `was due back at ${dhaka(longEnd)}.`,
    );
  });

  it('a returned rental gets neither "due soon" nor "overdue"', async () => {
    const bike = await createBike(t, { quantity: 1 });
    const user = await createUser(t, { email: 'ontime@example.com' });
    const admin = await createAdmin(t);
    const start = morning(1);
    const rental = await bookPaid(user, bike.id, start, start + 2 * HOUR);
    await flushBookingMail();
    moveTo(start + HOUR);
    await t.http().put(`/api/rentals/${rental._id}/return`).query({ returntime: new Date(start + HOUR).toISOString() }).set('Authorization', admin.bearer).expect(200);
    moveTo(start + 2 * HOUR - 10 * MINUTE);
    expect(await worker.scheduleReminders()).toBe(0);
    moveTo(start + 5 * HOUR);
    expect(await worker.scheduleReminders()).toBe(0);
  });

  it('a free cancellation refunds the fee: one "refunded" email and one payment.refunded webhook', async () => {
    const admin = await createAdmin(t);
    await t.http().post('/api/webhooks').set('Authorization', admin.bearer).send({ url: hooks.url, events: ['payment.refunded'] }).expect(201);
    const bike = await createBike(t, { name: 'Phoenix City', quantity: 1 });
    const user = await createUser(t, { email: 'refund@example.com', name: 'Refund Rahman' });
    const start = morning(4);
    const rental = await bookPaid(user, bike.id, start, start + 3 * HOUR);
    await flushBookingMail();
    await t.http().post(`/api/rentals/${rental._id}/cancel`).set('Authorization', user.bearer).expect(200);
    await worker.runOnce();
    await worker.runOnce();
    expect(tally()).toEqual({ 'refund@example.com cancelled': 1, 'refund@example.com refunded': 1 });
    const refunded = smtp.messages.find((m) => kindOf(m) === 'refunded')!;
    expect(refunded.subject).toBe('Refund: Tk 100.00');
    expect(refunded.text).toContain('Hello Refund Rahman,');
    expect(refunded.text).toContain('We refunded Tk 100.00 to the way you paid.');
    expect(refunded.text).toContain(`Booking reference: ${rental.paymentId}`);
    expect(refunded.text).toContain('Bike: Phoenix City');
    const cancelled = smtp.messages.find((m) => kindOf(m) === 'cancelled')!;
    expect(cancelled.text).toContain('is cancelled free of charge. The booking fee of Tk 100.00 is being refunded; you get a separate email when it is done.');
    expect(cancelled.text).toContain(`Pick-up: ${dhaka(start)}`);

    expect(hooks.received.map((h) => h.body.type)).toEqual(['payment.refunded']);
    expect(hooks.received[0].body.data).toMatchObject({ kind: 'booking_fee', status: 'refunded', amount: 100, currency: 'BDT', rental: { _id: rental._id } });
    expect(hooks.received[0].headers['x-okaybike-event-id']).toBe(hooks.received[0].body.id);
  });

  it('a cancellation inside FREE_CANCELLATION_HOURS says the fee is kept, and nothing is refunded', async () => {
    const bike = await createBike(t, { quantity: 1 });
    const user = await createUser(t, { email: 'late-cancel@example.com' });
    const start = t.clock.now().getTime() + 5 * HOUR;
    const rental = await bookPaid(user, bike.id, start, start + HOUR);
    await flushBookingMail();
    await t.http().post(`/api/rentals/${rental._id}/cancel`).set('Authorization', user.bearer).expect(200);
    await worker.runOnce();
    expect(tally()).toEqual({ 'late-cancel@example.com cancelled': 1 });
    expect(smtp.messages[0].text).toContain('The booking fee is kept, as the cancellation came after the free cancellation period.');
  });
});
