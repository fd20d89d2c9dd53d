import { eq } from 'drizzle-orm';
import { bikes } from '../../src/database/schema/bikes.js';
import { bikeUnits } from '../../src/database/schema/fleet.js';
import { webhookEndpoints } from '../../src/database/schema/notifications.js';
import { favourites } from '../../src/database/schema/favourites.js';
import { users } from '../../src/database/schema/users.js';
import { createBike } from '../support/bike-factories.js';
import { createAdmin, createUser, TestUser } from '../support/factories.js';
import { book, choose, fullPayment, MINUTE, pathOf, rentalTestEnv, returnRental } from '../support/rental-factories.js';
import { useTestApp } from '../support/test-app.js';

/**
 * Issue 12: a client written for the original API, served from another origin, works unchanged. Each test calls
 * as that client does (its exact payloads).
 */
const CLIENT = 'http://127.0.0.1:5999';
const ZONE = 'America/New_York';
const env = { ...rentalTestEnv, CORS_ORIGINS: CLIENT, SHOP_TIME_ZONE: ZONE };

/** A wall-clock time in `zone` as an HTML datetime-local input gives it: `2026-11-24T07:30`. */
function datetimeLocal(at: Date, zone: string): string {
  const parts = Object.fromEntries(
    new Intl.DateTimeFormat('en-CA', { timeZone: zone, hourCycle: 'h23', year: 'numeric', month: '2-digit', day: '2-digit', hour: '2-digit', minute: '2-digit' })
      .formatToParts(at)
      .map((p) => [p.type, p.value]),
  );
  return `${parts.year}-${parts.month}-${parts.day}T${parts.hour}:${parts.minute}`;
}

describe('Clients of the original API, on another origin (issue 12)', () => {
  let user: TestUser;
  let admin: TestUser;
  const t = useTestApp(env);
  beforeEach(async () => {
    user = await createUser(t, { name: 'Rahim Uddin', phone: '+8801711000000', address: 'House 12, Dhaka' });
    admin = await createAdmin(t);
  });

  /** The API as the other origin's browser calls it: Origin header, bearer token. */
  const api = (method: 'get' | 'post' | 'put' | 'patch' | 'delete', path: string, who?: TestUser) => {
    const req = t.http()[method](path).set('Origin', CLIENT);
    return who ? req.set('Authorization', who.bearer) : req;
  };

  describe('1. images', () => {
    it('gives API clients absolute image URLs, keeps paths for the shop pages, and stores nothing new', async () => {
      const bike = await createBike(t, { name: 'Image Bike', imageUrl: '/images/bikes/sport-red.svg' });
      const external = await createBike(t, { name: 'External', imageUrl: 'https://cdn.example/x.png' });
      const list = await api('get', '/api/bikes?limit=10').expect(200);
      const origin = new URL(`http://${list.request.url.split('/')[2]}`).origin;
      const byId = Object.fromEntries(list.body.data.bikes.map((b: { _id: string; imgageurl: string }) => [b._id, b.imgageurl]));
      expect(byId[bike.id]).toBe(`${origin}/images/bikes/sport-red.svg`);
      expect(byId[external.id]).toBe('https://cdn.example/x.png');
      expect((await api('get', `/api/bikes/${bike.id}`).expect(200)).body.data.imgageurl).toBe(`${origin}/images/bikes/sport-red.svg`);

      await api('post', '/api/favourite', user).send({ bikeId: bike.id }).expect(201);
      const favs = await api('get', '/api/favourite', user).expect(200);
      expect(favs.body.data[0].bikeId.imgageurl).toBe(`${origin}/images/bikes/sport-red.svg`);

      // The shop's own web client (X-Okb-Client: web) keeps the stored path.
      const own = await t.http().get(`/api/bikes/${bike.id}`).set('X-Okb-Client', 'web').expect(200);
      expect(own.body.data.imgageurl).toBe('/images/bikes/sport-red.svg');

      // An admin client echoing the absolute URL back stores the path again.
      const read = (await api('get', `/api/bikes/${bike.id}`).expect(200)).body.data;
      await api('put', `/api/bikes/${bike.id}`, admin).send(read).expect(200);
      const [row] = await t.db.select().from(bikes).where(eq(bikes.id, bike.id));
      expect(row.imageUrl).toBe('/images/bikes/sport-red.svg');
    });

    it('serves public files to other origins (Cross-Origin-Resource-Policy: cross-origin), the API stays same-origin', async () => {
      const image = await t.http().get('/images/bikes/sport-red.svg');
      expect(image.headers['cross-origin-resource-policy']).toBe('cross-origin');
      const favicon = await t.http().head('/favicon.svg');
      expect(favicon.headers['cross-origin-resource-policy']).toBe('cross-origin');
      const json = await api('get', '/api/bikes').expect(200);
      expect(json.headers['cross-origin-resource-policy']).toBe('same-origin');
      expect(json.headers['access-control-allow-origin']).toBe(CLIENT);
    });
  });

  describe('2. echoed read-only fields', () => {
    it('PUT users/me with the whole profile object it read saves the profile and ignores _id, role, createdAt', async () => {
      const me = (await api('get', '/api/users/me', user).expect(200)).body.data;
      expect(Object.keys(me).sort()).toEqual(['_id', 'address', 'createdAt', 'email', 'language', 'name', 'phone', 'role']);
      const body = { _id: me._id, name: 'Rahim U.', email: me.email, phone: '+8801999000000', address: 'Road 5', role: 'admin', createdAt: '2001-01-01T00:00:00.000Z' };
      const res = await api('put', '/api/users/me', user).send(body).expect(200);
      expect(res.body).toMatchObject({ success: true, message: 'Profile Updated Successfully', data: { _id: user.id, name: 'Rahim U.', phone: '+8801999000000', address: 'Road 5', role: 'user', createdAt: me.createdAt } });
      const [row] = await t.db.select().from(users).where(eq(users.id, user.id));
      expect(row.role).toBe('user');
      expect(row.createdAt.toISOString()).toBe(me.createdAt);
      // Mongo-style extras an original client may carry.
      await api('put', '/api/users/me', user).send({ ...body, __v: 0, updatedAt: me.createdAt, id: me._id }).expect(200);
    });

    it('a field the resource does not have stays a 400 naming it', async () => {
      const res = await api('put', '/api/users/me', user).send({ name: 'X', password: 'new-secret-1', isAdmin: true }).expect(400);
      expect(res.body.errors.map((e: { path: string }) => e.path).sort()).toEqual(['isAdmin', 'password']);
      expect(res.body.errors[0].message).toMatch(/is not an allowed field$/);
    });

    it('PUT bikes/{id} with the bike detail it read (rating summary included) updates the bike', async () => {
      const bike = await createBike(t, { name: 'Old Name', quantity: 3 });
      const read = (await api('get', `/api/bikes/${bike.id}`).expect(200)).body.data;
      expect(read).toHaveProperty('averageRating');
      const res = await api('put', `/api/bikes/${bike.id}`, admin).send({ ...read, name: 'New Name', _id: 'not-even-a-uuid', createdAt: 'whatever', __v: 0 }).expect(200);
      expect(res.body.data).toMatchObject({ _id: bike.id, name: 'New Name', createdAt: bike.createdAt.toISOString() });
      const bad = await api('put', `/api/bikes/${bike.id}`, admin).send({ ...read, owner: 'me' }).expect(400);
      expect(bad.body.errors).toEqual([{ path: 'owner', message: 'owner is not an allowed field' }]);
    });

    it('PATCH webhooks/{id} with the endpoint it read (_id, createdAt, updatedAt) updates it', async () => {
      const [row] = await t.db
        .insert(webhookEndpoints)
        .values({ url: 'https://8.8.8.8/okaybike', events: ['rental.booked'], description: 'Partner', secret: 'whsec_test' })
        .returning();
      const read = (await api('get', `/api/webhooks/${row.id}`, admin).expect(200)).body.data;
      expect(Object.keys(read).sort()).toEqual(['_id', 'createdAt', 'description', 'enabled', 'events', 'updatedAt', 'url']);
      const res = await api('patch', `/api/webhooks/${row.id}`, admin)
        .send({ ...read, description: 'Insurer', _id: 'not-even-a-uuid', createdAt: '2001-01-01T00:00:00.000Z', __v: 0, id: read._id })
        .expect(200);
      expect(res.body.data).toMatchObject({ _id: row.id, description: 'Insurer', createdAt: read.createdAt });
      const [after] = await t.db.select().from(webhookEndpoints).where(eq(webhookEndpoints.id, row.id));
      expect(after.createdAt.toISOString()).toBe(read.createdAt);
      const bad = await api('patch', `/api/webhooks/${row.id}`, admin).send({ ...read, secret: 'mine' }).expect(400);
      expect(bad.body.errors).toEqual([{ path: 'secret', message: 'secret is not an allowed field' }]);
    });

    it('PATCH units/{unitId} with the unit it read (_id, bikeId, createdAt) updates it', async () => {
      const bike = await createBike(t, { quantity: 1 });
      const other = await createBike(t, { quantity: 1 });
      const [read] = (await api('get', `/api/bikes/${bike.id}/units`, admin).expect(200)).body.data;
      expect(Object.keys(read).sort()).toEqual(['_id', 'bikeId', 'createdAt', 'label', 'notes', 'status']);
      const res = await api('patch', `/api/units/${read._id}`, admin)
        .send({ ...read, notes: 'New tyres', bikeId: other.id, createdAt: '2001-01-01T00:00:00.000Z', _id: other.id })
        .expect(200);
      expect(res.body.data).toMatchObject({ _id: read._id, bikeId: bike.id, notes: 'New tyres', createdAt: read.createdAt });
      const [row] = await t.db.select().from(bikeUnits).where(eq(bikeUnits.id, read._id));
      expect(row.bikeId).toBe(bike.id);
      const bad = await api('patch', `/api/units/${read._id}`, admin).send({ ...read, reservedBy: 'me' }).expect(400);
      expect(bad.body.errors).toEqual([{ path: 'reservedBy', message: 'reservedBy is not an allowed field' }]);
    });

    it('a create route does not take echoed fields: POST bikes with _id is a 400', async () => {
      const res = await api('post', '/api/bikes', admin)
        .send({ _id: '7d3c2a9e-51f4-4c8e-9f0a-1b2c3d4e5f60', name: 'N', description: 'D', pricePerHour: 5, cc: 100, year: 2024, model: 'M', brand: 'B', imgageurl: '/images/bikes/sport-red.svg', quantity: 1 })
        .expect(400);
      expect(res.body.errors).toEqual([{ path: '_id', message: '_id is not an allowed field' }]);
    });
  });

  describe('3. numeric strings', () => {
    it('PUT bikes/{id} with "quantity": "6" and other number-input strings saves numbers', async () => {
      const bike = await createBike(t, { quantity: 2 });
      const read = (await api('get', `/api/bikes/${bike.id}`).expect(200)).body.data;
      const res = await api('put', `/api/bikes/${bike.id}`, admin).send({ ...read, quantity: '6', pricePerHour: '12.5', cc: '155', year: '2024' }).expect(200);
      expect(res.body.data).toMatchObject({ quantity: 6, pricePerHour: 12.5, cc: 155, year: 2024 });
    });

    it('POST bikes, POST rentals and POST rentals/fullpayment take numeric strings too', async () => {
      const created = await api('post', '/api/bikes', admin)
        .send({ name: 'Form Bike', description: 'From a form', pricePerHour: '10', cc: '125', year: '2023', model: 'F', brand: 'Form', imgageurl: '/images/bikes/sport-red.svg', quantity: '3' })
        .expect(201);
      expect(created.body.data).toMatchObject({ pricePerHour: 10, cc: 125, year: 2023, quantity: 3 });
      const booked = await api('post', '/api/rentals', user)
        .send({ bikeId: created.body.data._id, startTime: new Date(t.clock.now().getTime() + 60 * MINUTE).toISOString(), quantity: '2' })
        .expect(201);
      expect(booked.body.data.rental.quantity).toBe(2);
      const paid = await t.http().post(pathOf(booked.body.data.payment_url)).type('form').send({ outcome: 'pay' }).expect(303);
      expect(paid.headers.location).toContain('/payment/result');
      const returned = await returnRental(t, admin, booked.body.data.rental._id, new Date(t.clock.now().getTime() + 3 * 60 * MINUTE).toISOString()).expect(200);
      const cost = returned.body.data.totalCost as number;
      const pay = await fullPayment(t, user, { paymentId: booked.body.data.rental.paymentId, totalCost: String(cost) }).set('Origin', CLIENT);
      expect(pay.status).toBe(200);
    });

    it('POST and PUT bikes take pricePerDay and pricePerWeek as numeric strings (nullable numbers)', async () => {
      const body = { name: 'Tourer', description: 'Long trips', pricePerHour: '10', cc: '650', year: '2024', model: 'T', brand: 'Tour', imgageurl: '/images/bikes/sport-red.svg', quantity: '1' };
      const created = await api('post', '/api/bikes', admin).send({ ...body, pricePerDay: '50', pricePerWeek: '200.5' }).expect(201);
      expect(created.body.data).toMatchObject({ pricePerDay: 50, pricePerWeek: 200.5 });
      const id = created.body.data._id as string;
      const read = (await api('get', `/api/bikes/${id}`).expect(200)).body.data;
      const updated = await api('put', `/api/bikes/${id}`, admin).send({ ...read, pricePerDay: '60', pricePerWeek: null }).expect(200);
      expect(updated.body.data).toMatchObject({ pricePerDay: 60, pricePerWeek: null });
      const [row] = await t.db.select().from(bikes).where(eq(bikes.id, id));
      expect(row).toMatchObject({ pricePerDayCents: 6000, pricePerWeekCents: null });
      const bad = await api('put', `/api/bikes/${id}`, admin).send({ ...read, pricePerDay: 'fifty' }).expect(400);
      expect([...new Set(bad.body.errors.map((e: { path: string }) => e.path))]).toEqual(['pricePerDay']);
    });

    it('anything that is not exactly a number stays a 400 naming the field', async () => {
      const bike = await createBike(t);
      const read = (await api('get', `/api/bikes/${bike.id}`).expect(200)).body.data;
      for (const bad of ['six', '6 ', ' 6', '6px', '', '0x10', '1,5', 'Infinity', 'NaN']) {
        const res = await api('put', `/api/bikes/${bike.id}`, admin).send({ ...read, quantity: bad }).expect(400);
        expect(res.body.errors.map((e: { path: string }) => e.path)).toContain('quantity');
      }
      const fraction = await api('put', `/api/bikes/${bike.id}`, admin).send({ ...read, quantity: '2.5' }).expect(400);
      expect(fraction.body.errors).toEqual(expect.arrayContaining([{ path: 'quantity', message: 'quantity must be a whole number' }]));
    });
  });

  describe('4. return URL', () => {
    it('books with a returnUrl on the allowed origin; the sandbox page sends the payer back there with the outcome', async () => {
      const bike = await createBike(t, { quantity: 2 });
      const returnUrl = `${CLIENT}/done.html?from=okb#top`;
      const res = await api('post', '/api/rentals', user)
        .send({ bikeId: bike.id, startTime: new Date(t.clock.now().getTime() + 60 * MINUTE).toISOString(), quantity: 1, returnUrl })
        .expect(201);
      const paymentId = res.body.data.payment._id as string;
      const paymentUrl = new URL(res.body.data.payment_url as string);
      expect(paymentUrl.searchParams.get('return')).toBe(returnUrl);

      const page = await t.http().get(`${paymentUrl.pathname}${paymentUrl.search}`).expect(200);
      expect(page.text).toContain(`action="${paymentUrl.pathname}?return=${encodeURIComponent(returnUrl).replace(/&/g, '&amp;')}"`);
      const paid = await t.http().post(`${paymentUrl.pathname}${paymentUrl.search}`).type('form').send({ outcome: 'pay' }).expect(303);
      const back = new URL(paid.headers.location as string);
      expect(back.origin).toBe(CLIENT);
      expect(back.pathname).toBe('/done.html');
      expect(Object.fromEntries(back.searchParams)).toEqual({ from: 'okb', payment: paymentId, status: 'succeeded' });
      expect(back.hash).toBe('#top');

      // The other origin (not signed in to the shop) reads the outcome by the payment id, without personal data.
      const status = await t.http().get(`/api/payments/${paymentId}/status`).set('Origin', CLIENT).expect(200);
      expect(status.body.data).toEqual({ _id: paymentId, kind: 'booking_fee', status: 'succeeded', amount: 100, currency: 'BDT', createdAt: expect.any(String), completedAt: expect.any(String) });
      // After the end, the page's link returns there too.
      const done = await t.http().get(`${paymentUrl.pathname}${paymentUrl.search}`).expect(200);
      expect(done.text).toContain(`href="${`${CLIENT}/done.html?from=okb&payment=${paymentId}&status=succeeded#top`.replace(/&/g, '&amp;')}"`);
    });

    it('cancel and fail come back with their status; returnUrl as a query parameter works too', async () => {
      const bike = await createBike(t, { quantity: 2 });
      for (const [outcome, status] of [['cancel', 'cancelled'], ['fail', 'failed']] as const) {
        const res = await api('post', `/api/rentals?returnUrl=${encodeURIComponent(`${CLIENT}/back`)}`, user)
          .send({ bikeId: bike.id, startTime: new Date(t.clock.now().getTime() + 60 * MINUTE).toISOString(), quantity: 1 })
          .expect(201);
        const url = new URL(res.body.data.payment_url as string);
        const answer = await t.http().post(`${url.pathname}${url.search}`).type('form').send({ outcome }).expect(303);
        expect(answer.headers.location).toBe(`${CLIENT}/back?payment=${res.body.data.payment._id}&status=${status}`);
      }
    });

    it('the rental payment (POST rentals/fullpayment) takes a returnUrl too', async () => {
      const bike = await createBike(t, { quantity: 2, pricePerHourCents: 1000 });
      const res = await api('post', '/api/rentals', user).send({ bikeId: bike.id, startTime: new Date(t.clock.now().getTime() + 60 * MINUTE).toISOString(), quantity: 1 }).expect(201);
      await t.http().post(pathOf(res.body.data.payment_url)).type('form').send({ outcome: 'pay' }).expect(303);
      const returned = await returnRental(t, admin, res.body.data.rental._id, new Date(t.clock.now().getTime() + 3 * 60 * MINUTE).toISOString()).expect(200);
      const pay = await api('post', '/api/rentals/fullpayment', user)
        .send({ paymentId: res.body.data.rental.paymentId, totalCost: returned.body.data.totalCost, returnUrl: `${CLIENT}/paid` })
        .expect(200);
      const url = new URL(pay.body.data.payment_url as string);
      const answer = await t.http().post(`${url.pathname}${url.search}`).type('form').send({ outcome: 'pay' }).expect(303);
      expect(answer.headers.location).toBe(`${CLIENT}/paid?payment=${pay.body.data.payment._id}&status=succeeded`);
    });

    it('another origin, or not a URL, is a 400 naming returnUrl and books nothing', async () => {
      const bike = await createBike(t, { quantity: 2 });
      for (const bad of ['https://evil.example/steal', 'javascript:alert(1)', '/relative', 42, `${CLIENT.replace('5999', '5998')}/x`]) {
        const res = await api('post', '/api/rentals', user)
          .send({ bikeId: bike.id, startTime: new Date(t.clock.now().getTime() + 60 * MINUTE).toISOString(), quantity: 1, returnUrl: bad })
          .expect(400);
        expect(res.body).toMatchObject({ success: false, code: 'VALIDATION_FAILED', errors: [{ path: 'returnUrl' }] });
      }
      expect((await api('get', '/api/rentals', user).expect(200)).body.data).toEqual([]);
      const viaQuery = await api('post', `/api/rentals/fullpayment?returnUrl=${encodeURIComponent('https://evil.example/')}`, user).send({ paymentId: 'TXN-NONE', totalCost: 1 }).expect(400);
      expect(viaQuery.body.errors).toEqual([{ path: 'returnUrl', message: expect.stringContaining('https://evil.example is not allowed') }]);
    });

    it('a return address tampered with on the sandbox page is ignored (the shop result page instead)', async () => {
      const bike = await createBike(t, { quantity: 2 });
      const res = await book(t, user, bike.id).expect(201);
      const answer = await t.http().post(`${pathOf(res.body.data.payment_url)}?return=${encodeURIComponent('https://evil.example/')}`).type('form').send({ outcome: 'pay' }).expect(303);
      expect(answer.headers.location).toBe(`/payment/result?payment=${res.body.data.payment._id}`);
    });

    it('without a returnUrl, a booking from an allowed origin sends the payer back to that origin; the shop\'s own pages and other origins keep the result page (issue 20, finding 22)', async () => {
      const bike = await createBike(t, { quantity: 3 });
      const body = () => ({ bikeId: bike.id, startTime: new Date(t.clock.now().getTime() + 60 * MINUTE).toISOString(), quantity: 1 });
      const fromClient = await api('post', '/api/rentals', user).send(body()).expect(201);
      const url = new URL(fromClient.body.data.payment_url as string);
      expect(url.searchParams.get('return')).toBe(`${CLIENT}/`);
      const cancelled = await t.http().post(`${url.pathname}${url.search}`).type('form').send({ outcome: 'cancel' }).expect(303);
      expect(cancelled.headers.location).toBe(`${CLIENT}/?payment=${fromClient.body.data.payment._id}&status=cancelled`);

      // The shop's own client (no Origin on a same-origin call here) and an origin not allowed: the shop's result page.
      for (const origin of [undefined, 'https://evil.example']) {
        const req = t.http().post('/api/rentals').set('Authorization', user.bearer);
        if (origin) req.set('Origin', origin);
        const res = await req.send(body()).expect(201);
        const paid = await choose(t, res.body.data.payment_url, 'pay').expect(303);
        expect(paid.headers.location).toBe(`/payment/result?payment=${res.body.data.payment._id}`);
      }
    });

    it('the public status is 404 for an unknown payment and 400 for a malformed id', async () => {
      await t.http().get('/api/payments/7d3c2a9e-51f4-4c8e-9f0a-1b2c3d4e5f60/status').expect(404);
      const bad = await t.http().get('/api/payments/nope/status').expect(400);
      expect(bad.body.errors).toEqual([{ path: 'id', message: expect.any(String) }]);
    });
  });

  describe('5. shop time zone', () => {
    it('reads a datetime-local start "in 30 minutes" in SHOP_TIME_ZONE instead of refusing it as past', async () => {
      const bike = await createBike(t, { quantity: 2 });
      const at = new Date(Math.ceil((t.clock.now().getTime() + 30 * MINUTE) / MINUTE) * MINUTE);
      const local = datetimeLocal(at, ZONE);
      const res = await api('post', '/api/rentals', user).send({ bikeId: bike.id, startTime: local, quantity: 1 }).expect(201);
      expect(res.body.data.rental.startTime).toBe(at.toISOString());
      // With an offset the instant is kept whatever the zone.
      const explicit = await api('post', '/api/rentals', user).send({ bikeId: bike.id, startTime: at.toISOString(), quantity: 1 }).expect(201);
      expect(explicit.body.data.rental.startTime).toBe(at.toISOString());
    });

    it('reads a zone-less return time in SHOP_TIME_ZONE', async () => {
      const bike = await createBike(t, { quantity: 2, pricePerHourCents: 1000 });
      const start = new Date(Math.ceil((t.clock.now().getTime() + 10 * MINUTE) / MINUTE) * MINUTE);
      const booked = await api('post', '/api/rentals', user).send({ bikeId: bike.id, startTime: start.toISOString(), quantity: 1 }).expect(201);
      await t.http().post(pathOf(booked.body.data.payment_url)).type('form').send({ outcome: 'pay' }).expect(303);
      const back = new Date(start.getTime() + 90 * MINUTE);
      t.clock.advance(back.getTime() - t.clock.now().getTime());
      const res = await returnRental(t, admin, booked.body.data.rental._id, datetimeLocal(back, ZONE)).expect(200);
      expect(res.body.data.returnTime).toBe(back.toISOString());
      expect(res.body.data.totalCost).toBe(20);
    });
    it('reads zone-less fleet times (a maintenance block, the availability range) in SHOP_TIME_ZONE', async () => {
      const bike = await createBike(t, { quantity: 1 });
      const [unit] = await t.db.select().from(bikeUnits).where(eq(bikeUnits.bikeId, bike.id));
      const start = new Date(Math.ceil((t.clock.now().getTime() + 2 * 24 * 60 * MINUTE) / (60 * MINUTE)) * 60 * MINUTE);
      const end = new Date(start.getTime() + 3 * 60 * MINUTE);
      const block = await api('post', `/api/units/${unit.id}/maintenance`, admin)
        .send({ start: datetimeLocal(start, ZONE), end: datetimeLocal(end, ZONE), reason: 'Brakes' })
        .expect(201);
      expect(block.body.data).toMatchObject({ start: start.toISOString(), end: end.toISOString() });
      const availability = await t
        .http()
        .get(`/api/bikes/${bike.id}/availability`)
        .query({ from: datetimeLocal(start, ZONE), to: datetimeLocal(end, ZONE) })
        .expect(200);
      expect(availability.body.data.intervals).toEqual([{ start: start.toISOString(), end: end.toISOString(), free: 0 }]);
    });
  });

  describe('6. favourites are idempotent', () => {
    it('adding twice answers 200 "Bike is already in your favorites"; removing one that is not there answers 200', async () => {
      const bike = await createBike(t);
      const first = await api('post', '/api/favourite', user).send({ bikeId: bike.id }).expect(201);
      expect(first.body.message).toBe('Bike added to favorites');
      const again = await api('post', '/api/favourite', user).send({ bikeId: bike.id }).expect(200);
      expect(again.body).toMatchObject({ success: true, message: 'Bike is already in your favorites', data: { _id: first.body.data._id } });
      expect(await t.db.select().from(favourites)).toHaveLength(1);

      const removed = await api('delete', `/api/favourite/${bike.id}`, user).expect(200);
      expect(removed.body).toEqual({ success: true, message: 'Bike removed from favorites', data: null });
      const notThere = await api('delete', `/api/favourite/${bike.id}`, user).expect(200);
      expect(notThere.body).toEqual({ success: true, message: 'This bike is not in your favorites', data: null });
    });
  });

  describe('7. kept and documented', () => {
    it('creates answer 201, totalPaid is a number or null, empty lists are 200 []', async () => {
      expect((await api('get', '/api/rentals', user).expect(200)).body.data).toEqual([]);
      expect((await api('get', '/api/favourite', user).expect(200)).body.data).toEqual([]);
      const bike = await createBike(t, { quantity: 2, pricePerHourCents: 1000 });
      const booked = await api('post', '/api/rentals', user).send({ bikeId: bike.id, startTime: new Date(t.clock.now().getTime() + 60 * MINUTE).toISOString(), quantity: 1 }).expect(201);
      expect(booked.body.data.rental.totalPaid).toBeNull();
      await t.http().post(pathOf(booked.body.data.payment_url)).type('form').send({ outcome: 'pay' }).expect(303);
      const returned = await returnRental(t, admin, booked.body.data.rental._id, new Date(t.clock.now().getTime() + 2 * 60 * MINUTE).toISOString()).expect(200);
      const pay = await api('post', '/api/rentals/fullpayment', user).send({ paymentId: booked.body.data.rental.paymentId, totalCost: returned.body.data.totalCost }).expect(200);
      await t.http().post(pathOf(pay.body.data.payment_url)).type('form').send({ outcome: 'pay' }).expect(303);
      const [rental] = (await api('get', '/api/rentals', user).expect(200)).body.data;
      expect(rental.totalPaid).toBe(returned.body.data.totalCost);
      expect(typeof rental.totalPaid).toBe('number');
    });
  });
});

describe('Absolute image URLs from PUBLIC_URL (issue 12)', () => {
  const t = useTestApp({ ...env, PUBLIC_URL: 'https://bikes.example/' });

  it('builds them on PUBLIC_URL whatever Host the request carries', async () => {
    const bike = await createBike(t, { imageUrl: '/images/bikes/sport-red.svg' });
    const res = await t.http().get(`/api/bikes/${bike.id}`).set('Host', 'evil.example').expect(200);
    expect(res.body.data.imgageurl).toBe('https://bikes.example/images/bikes/sport-red.svg');
  });
});
