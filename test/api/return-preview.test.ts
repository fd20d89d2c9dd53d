/**
 * Issue 20 item 19: Return Bikes shows what a return will charge, the late fee included, before staff confirm it.
 * GET /api/rentals/{id}/return-preview prices a return exactly as PUT .../return then charges it, and changes nothing.
 */
import { createBike } from '../support/bike-factories.js';
import { createAdmin, createUser } from '../support/factories.js';
import { HOUR, MINUTE, rentalById, rentalTestEnv } from '../support/rental-factories.js';
import { useTestApp } from '../support/test-app.js';

describe('Return preview (issue 20 item 19)', () => {
  const t = useTestApp({ ...rentalTestEnv, LATE_GRACE_MINUTES: '30' });
  const iso = (ms: number) => new Date(ms).toISOString();

  it('prices the late fee per started hour after the grace, as the return then charges it, and changes nothing', async () => {
    const admin = await createAdmin(t);
    const user = await createUser(t);
    const bike = await createBike(t, { quantity: 2, pricePerHourCents: 1000, pricePerDayCents: 5000 });
    const start = t.clock.now().getTime() + HOUR;
    const booked = await t.http().post('/api/rentals').set('Authorization', user.bearer).send({ bikeId: bike.id, startTime: iso(start), endTime: iso(start + 3 * HOUR), quantity: 2 }).expect(201);
    const id = booked.body.data.rental._id as string;
    await t.http().post(new URL(booked.body.data.payment_url).pathname).type('form').send({ outcome: 'pay' }).expect(303);

    // Back 2 h 40 min after the planned end: 30 minutes of grace, then 2 h 10 min = 3 started hours x 2 units x $10.
    t.clock.advance(HOUR + 3 * HOUR + 2 * HOUR + 40 * MINUTE);
    const returnAt = iso(start + 3 * HOUR + 2 * HOUR + 40 * MINUTE);
    const preview = await t.http().get(`/api/rentals/${id}/return-preview`).query({ returntime: returnAt }).set('Authorization', admin.bearer).expect(200);
    expect(preview.body.data).toEqual({ returnTime: returnAt, totalCost: 60 + 60, lateFee: 60, lateHours: 3, totalPaid: 0, due: 120, currency: 'USD' });
    expect((await rentalById(t, id)).status).toBe('booked');

    // Inside the grace there is no late fee.
    const onTime = await t.http().get(`/api/rentals/${id}/return-preview`).query({ returntime: iso(start + 3 * HOUR + 20 * MINUTE) }).set('Authorization', admin.bearer).expect(200);
    expect(onTime.body.data).toMatchObject({ totalCost: 60, lateFee: 0, lateHours: 0, due: 60 });

    // The return charges what the preview said.
    const returned = await t.http().put(`/api/rentals/${id}/return`).query({ returntime: returnAt }).set('Authorization', admin.bearer).expect(200);
    expect(returned.body.data).toMatchObject({ totalCost: 120, lateFee: 60 });
    // A returned rental has nothing to preview; bad times name the field; customers may not ask.
    await t.http().get(`/api/rentals/${id}/return-preview`).query({ returntime: returnAt }).set('Authorization', admin.bearer).expect(409);
    const future = await t.http().get(`/api/rentals/${id}/return-preview`).query({ returntime: iso(t.clock.now().getTime() + 2 * HOUR) }).set('Authorization', admin.bearer).expect(400);
    expect(future.body.errors[0].path).toBe('returntime');
    await t.http().get(`/api/rentals/${id}/return-preview`).query({ returntime: returnAt }).set('Authorization', user.bearer).expect(403);
  });
});
