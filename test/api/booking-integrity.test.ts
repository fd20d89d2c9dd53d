/**
 * Issue 20, findings 8, 10 and 11: the price fixed is the price the customer saw, a return is not confirmed ahead of
 * time, a counter sale is not cancelled online, a stock conflict is not replayed under its Idempotency-Key once a unit
 * is free, and a reschedule tells the customer (email) and partners (webhook rental.rescheduled).
 */
import { eq } from 'drizzle-orm';
import { bikes } from '../../src/database/schema/bikes.js';
import { domainEvents, outboxEmails, webhookDeliveries } from '../../src/database/schema/notifications.js';
import { payments } from '../../src/database/schema/payments.js';
import { rentals } from '../../src/database/schema/rentals.js';
import { createBike } from '../support/bike-factories.js';
import { createAdmin, createUser } from '../support/factories.js';
import { book, bookAndPay, countRows, HOUR, MINUTE, rentalById, rentalTestEnv, clockAt } from '../support/rental-factories.js';
import { renderedOutbox } from '../support/outbox.js';
import { useTestApp } from '../support/test-app.js';

describe('Booking integrity (issue 20)', () => {
  const t = useTestApp({ ...rentalTestEnv, WEBHOOK_ALLOW_PRIVATE_TARGETS: 'true' });
  const at = clockAt(t);

  describe('reservation periods are half-open [start, end)', () => {
    // rangeOf (src/modules/bikes/fleet.repository.ts) builds every reservation's period and every overlap probe; with
    // '[]' a booking ending at 12:00 and one starting at 12:00 would share the instant and the second be refused.
    it('books back-to-back windows on a one-unit bike, and refuses one overlapping either', async () => {
      const [first, second, third] = await Promise.all([createUser(t), createUser(t), createUser(t)]);
      const bike = await createBike(t, { quantity: 1, pricePerHourCents: 1000 });
      const post = (user: typeof first, startTime: string, endTime: string) =>
        t.http().post('/api/rentals').set('Authorization', user.bearer).send({ bikeId: bike.id, startTime, endTime, quantity: 1 });
      // One instant for all three windows: the clock runs, and at() read twice would leave a gap of milliseconds.
      const base = t.clock.now().getTime();
      const hour = (n: number) => new Date(base + n * HOUR).toISOString();
      expect((await post(first, hour(1), hour(3))).status).toBe(201);
      const after = await post(second, hour(3), hour(5));
      expect({ status: after.status, message: after.body.message as string }).toEqual({ status: 201, message: expect.any(String) });
      const overlapping = await post(third, hour(2), hour(4));
      expect(overlapping.status).toBe(409);
      expect(await countRows(t, rentals)).toBe(2);
    });
  });

  describe('finding 8: expectedTotal on POST rentals', () => {
    it('answers 409 PRICE_CHANGED with the new quote when the price changed since the quote, and books nothing', async () => {
      const user = await createUser(t);
      const bike = await createBike(t, { quantity: 2, pricePerHourCents: 1000 });
      const window = { startTime: at(HOUR), endTime: at(4 * HOUR), quantity: 1 };
      const quote = await t.http().get(`/api/bikes/${bike.id}/quote`).query(window).expect(200);
      expect(quote.body.data.total).toBe(30);

      // An admin raises the price between the quote and the booking.
      await t.db.update(bikes).set({ pricePerHourCents: 1500 }).where(eq(bikes.id, bike.id));
      const stale = await t.http().post('/api/rentals').set('Authorization', user.bearer).send({ bikeId: bike.id, ...window, expectedTotal: 30 }).expect(409);
      expect(stale.body).toMatchObject({ success: false, code: 'PRICE_CHANGED', data: { total: 45, currency: 'USD', available: 2 } });
      expect(stale.body.message).toContain('45');
      expect(await countRows(t, rentals)).toBe(0);

      // Booked at the price the customer has now seen; a client that sends no expectedTotal is unchanged.
      const ok = await t.http().post('/api/rentals').set('Authorization', user.bearer).send({ bikeId: bike.id, ...window, expectedTotal: 45 }).expect(201);
      expect(ok.body.data.rental.totalCost).toBe(45);
      const plain = await t.http().post('/api/rentals').set('Authorization', user.bearer).send({ bikeId: bike.id, ...window }).expect(201);
      expect(plain.body.data.rental.totalCost).toBe(45);
    });

    it('a PRICE_CHANGED answer is not kept for the Idempotency-Key: the same request books once the price is back', async () => {
      const user = await createUser(t);
      const bike = await createBike(t, { quantity: 1, pricePerHourCents: 1000 });
      const body = { bikeId: bike.id, startTime: at(HOUR), endTime: at(3 * HOUR), quantity: 1, expectedTotal: 20 };
      await t.db.update(bikes).set({ pricePerHourCents: 1200 }).where(eq(bikes.id, bike.id));
      await t.http().post('/api/rentals').set('Authorization', user.bearer).set('Idempotency-Key', 'price-1').send(body).expect(409);
      await t.db.update(bikes).set({ pricePerHourCents: 1000 }).where(eq(bikes.id, bike.id));
      const booked = await t.http().post('/api/rentals').set('Authorization', user.bearer).set('Idempotency-Key', 'price-1').send(body).expect(201);
      expect(booked.body.data.rental.totalCost).toBe(20);
    });

    it('expectedTotal that is malformed, or without endTime, is a 400 naming the field', async () => {
      const user = await createUser(t);
      const bike = await createBike(t);
      for (const [extra, field] of [
        [{ endTime: at(3 * HOUR), expectedTotal: 'thirty' }, 'expectedTotal'],
        [{ endTime: at(3 * HOUR), expectedTotal: 12.345 }, 'expectedTotal'],
        [{ endTime: at(3 * HOUR), expectedTotal: -1 }, 'expectedTotal'],
        [{ expectedTotal: 30 }, 'expectedTotal'],
      ] as const) {
        const res = await t.http().post('/api/rentals').set('Authorization', user.bearer).send({ bikeId: bike.id, startTime: at(HOUR), quantity: 1, ...extra }).expect(400);
        expect(res.body.errors.map((e: { path: string }) => e.path)).toContain(field);
      }
      expect(await countRows(t, rentals)).toBe(0);
    });
  });

  describe('finding 10', () => {
    it('a return time in the future is a 400 naming returntime, and nothing is returned', async () => {
      const user = await createUser(t);
      const admin = await createAdmin(t);
      const bike = await createBike(t, { quantity: 1 });
      const { rental } = await bookAndPay(t, user, bike.id, { startTime: at(5 * MINUTE) });
      t.clock.advance(HOUR);
      const ahead = await t.http().put(`/api/rentals/${rental._id}/return`).query({ returntime: at(2 * HOUR) }).set('Authorization', admin.bearer).expect(400);
      expect(ahead.body).toMatchObject({ code: 'VALIDATION_FAILED', errors: [{ path: 'returntime', message: 'Return time must not be in the future' }] });
      expect((await rentalById(t, rental._id)).status).toBe('booked');
      // Now (a minute's skew either way) is fine.
      await t.http().put(`/api/rentals/${rental._id}/return`).query({ returntime: at(MINUTE) }).set('Authorization', admin.bearer).expect(200);
    });

    it('a customer cannot cancel (or move) a counter sale online: 409 COUNTER_SALE, the cash stays taken and the booking stays', async () => {
      const admin = await createAdmin(t);
      const customer = await createUser(t);
      const bike = await createBike(t, { quantity: 1, pricePerHourCents: 1000 });
      const sale = await t.http()
        .post('/api/rentals/counter')
        .set('Authorization', admin.bearer)
        .send({ customerEmail: customer.email, bikeId: bike.id, startTime: at(2 * HOUR), endTime: at(7 * HOUR), quantity: 1, paymentMethod: 'cash', paid: true })
        .expect(201);
      const id = sale.body.data._id as string;
      const cancel = await t.http().post(`/api/rentals/${id}/cancel`).set('Authorization', customer.bearer).expect(409);
      expect(cancel.body).toMatchObject({ code: 'COUNTER_SALE' });
      const move = await t.http().post(`/api/rentals/${id}/reschedule`).set('Authorization', customer.bearer).send({ startTime: at(3 * HOUR), endTime: at(8 * HOUR) }).expect(409);
      expect(move.body.code).toBe('COUNTER_SALE');
      expect((await rentalById(t, id)).status).toBe('booked');
      const [cash] = await t.db.select().from(payments).where(eq(payments.rentalId, id));
      expect(cash).toMatchObject({ provider: 'cash', status: 'succeeded' });
    });
  });

  describe('finding 11', () => {
    it('an OUT_OF_STOCK answer is not replayed under its Idempotency-Key once the unit is free again', async () => {
      const holder = await createUser(t);
      const other = await createUser(t);
      const bike = await createBike(t, { quantity: 1 });
      const startTime = at(2 * HOUR);
      const held = (await book(t, holder, bike.id, { startTime }).expect(201)).body.data.rental;
      const refused = await book(t, other, bike.id, { startTime, key: 'retry-me' }).expect(409);
      expect(refused.body.code).toBe('OUT_OF_STOCK');
      await t.http().post(`/api/rentals/${held._id}/cancel`).set('Authorization', holder.bearer).expect(200);
      const booked = await book(t, other, bike.id, { startTime, key: 'retry-me' }).expect(201);
      // From then on the key answers the booking it made.
      const replay = await book(t, other, bike.id, { startTime, key: 'retry-me' }).expect(201);
      expect(replay.body.data.rental._id).toBe(booked.body.data.rental._id);
    });

    it('a reschedule records rental.rescheduled: an email with the new window and a webhook delivery', async () => {
      const admin = await createAdmin(t);
      const user = await createUser(t);
      const hook = await t.http().post('/api/webhooks').set('Authorization', admin.bearer).send({ url: 'http://127.0.0.1:9/hooks', events: ['rental.rescheduled'] }).expect(201);
      const bike = await createBike(t, { name: 'Hero Splendor', quantity: 1 });
      const { rental } = await bookAndPay(t, user, bike.id, { startTime: '2027-03-01T09:00:00.000Z' });
      await t.http()
        .post(`/api/rentals/${rental._id}/reschedule`)
        .set('Authorization', user.bearer)
        .send({ startTime: '2027-03-04T10:00:00.000Z', endTime: '2027-03-04T14:00:00.000Z' })
        .expect(200);

      const [event] = await t.db.select().from(domainEvents).where(eq(domainEvents.type, 'rental.rescheduled'));
      expect(event.data).toMatchObject({ _id: rental._id, startTime: '2027-03-04T10:00:00.000Z', endTime: '2027-03-04T14:00:00.000Z' });
      const [mail] = await renderedOutbox(t, eq(outboxEmails.kind, 'rescheduled'));
      expect(mail).toMatchObject({ toAddress: user.email, subject: 'Booking changed: Hero Splendor' });
      expect(mail.textBody).toContain('Pick-up: 4 March 2027 at 10:00 (UTC)');
      expect(mail.textBody).toContain('Return: 4 March 2027 at 14:00 (UTC)');
      const deliveries = await t.db.select().from(webhookDeliveries).where(eq(webhookDeliveries.endpointId, hook.body.data._id));
      expect(deliveries.map((d) => d.eventType)).toEqual(['rental.rescheduled']);
    });
  });
});
