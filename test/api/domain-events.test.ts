/**
 * Issue 16: every code path that tells someone what happened records its event (and the customer's email) in
 * its own transaction: one `DomainEvents` call each. A rolled-back request records nothing.
 */
import { asc } from 'drizzle-orm';
import { domainEvents, outboxEmails } from '../../src/database/schema/notifications.js';
import { bikeBody, createBike } from '../support/bike-factories.js';
import { createAdmin, createUser } from '../support/factories.js';
import { book, bookAndPay, choose, expireHolds, fullPayment, HOUR, MINUTE, rentalTestEnv, returnRental } from '../support/rental-factories.js';
import { useTestApp } from '../support/test-app.js';

describe('Domain events recorded by the existing code paths', () => {
  const t = useTestApp(rentalTestEnv);

  const events = async () => (await t.db.select().from(domainEvents).orderBy(asc(domainEvents.createdAt), asc(domainEvents.id))).map((e) => e.type);
  const emails = async () => (await t.db.select().from(outboxEmails)).map((e) => e.kind).sort();

  it('signup -> user.signed_up and a welcome email; a refused signup records nothing', async () => {
    const body = { name: 'Event User', email: 'events@example.com', password: 'secret-pass-1', phone: '+8801700000000', address: 'Dhaka' };
    await t.http().post('/api/auth/signup').send(body).expect(201);
    await t.http().post('/api/auth/signup').send(body).expect(409);
    expect(await events()).toEqual(['user.signed_up']);
    expect(await emails()).toEqual(['welcome']);
    const [ev] = await t.db.select().from(domainEvents);
    expect(ev.data).toMatchObject({ email: 'events@example.com', role: 'user' });
    expect(JSON.stringify(ev.data)).not.toContain('password');
  });

  it('book -> rental.created; pay the fee -> rental.booked + payment.succeeded; return -> rental.returned; pay -> rental.paid + payment.succeeded', async () => {
    const user = await createUser(t);
    const admin = await createAdmin(t);
    const bike = await createBike(t);
    const start = t.clock.now().getTime() + HOUR;
    const { rental } = await bookAndPay(t, user, bike.id, { startTime: new Date(start).toISOString() });
    expect(await events()).toEqual(['rental.created', 'rental.booked', 'payment.succeeded']);
    await returnRental(t, admin, rental._id, new Date(start + 2 * HOUR).toISOString()).expect(200);
    await returnRental(t, admin, rental._id, new Date(start + 2 * HOUR).toISOString()).expect(409);
    const pay = await fullPayment(t, user, { paymentId: rental.paymentId, totalCost: 25 }).expect(200);
    await choose(t, pay.body.data.payment_url, 'pay').expect(303);
    expect(await events()).toEqual(['rental.created', 'rental.booked', 'payment.succeeded', 'rental.returned', 'rental.paid', 'payment.succeeded']);
    expect(await emails()).toEqual(['booking_confirmed', 'payment_received', 'payment_received']);
    const rows = await t.db.select().from(domainEvents);
    const paid = rows.find((r) => r.type === 'rental.paid')!;
    expect(paid.data).toMatchObject({ _id: rental._id, status: 'paid', totalPaid: 25 });
    expect(paid.userId).toBe(user.id);
  });

  it('a failed booking fee (kept while the hold lasts) and a lapsed hold -> rental.cancelled (once each) with the cancellation email', async () => {
    const user = await createUser(t);
    const bike = await createBike(t, { quantity: 5 });
    const failed = await book(t, user, bike.id).expect(201);
    await choose(t, failed.body.data.payment_url, 'fail').expect(303);
    await book(t, user, bike.id).expect(201);
    t.clock.advance(16 * MINUTE);
    await expireHolds(t);
    await expireHolds(t);
    expect(await events()).toEqual(['rental.created', 'rental.created', 'rental.cancelled', 'rental.cancelled']);
    expect(await emails()).toEqual(['cancelled', 'cancelled']);
  });

  it('a password change -> user.password_changed and its email; a wrong current password records nothing', async () => {
    const user = await createUser(t, { password: 'old-password-1' });
    await t.http().put('/api/users/me/password').set('Authorization', user.bearer).send({ currentPassword: 'wrong-password', newPassword: 'new-password-2' }).expect(400);
    expect(await events()).toEqual([]);
    await t.http().put('/api/users/me/password').set('Authorization', user.bearer).send({ currentPassword: 'old-password-1', newPassword: 'new-password-2' }).expect(200);
    expect(await events()).toEqual(['user.password_changed']);
    expect(await emails()).toEqual(['password_changed']);
  });

  it('bikes created, updated and deleted by admins -> bike.created, bike.updated, bike.deleted', async () => {
    const admin = await createAdmin(t);
    const created = await t.http().post('/api/bikes').set('Authorization', admin.bearer).send(bikeBody({ name: 'Evented' })).expect(201);
    const id = created.body.data._id;
    await t.http().put(`/api/bikes/${id}`).set('Authorization', admin.bearer).send(bikeBody({ name: 'Evented 2' })).expect(200);
    await t.http().delete(`/api/bikes/${id}`).set('Authorization', admin.bearer).expect(200);
    await t.http().delete(`/api/bikes/${id}`).set('Authorization', admin.bearer).expect(404);
    expect(await events()).toEqual(['bike.created', 'bike.updated', 'bike.deleted']);
    const rows = await t.db.select().from(domainEvents);
    expect(rows.map((r) => (r.data as { name: string }).name)).toEqual(['Evented', 'Evented 2', 'Evented 2']);
    expect(await emails()).toEqual([]);
  });
});
