import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { bikes } from '../../src/database/schema/bikes.js';
import { rentals, RentalStatus } from '../../src/database/schema/rentals.js';
import { reviews } from '../../src/database/schema/reviews.js';
import { bikeBody, createBike, createBikes } from '../support/bike-factories.js';
import { createAdmin, createUser, TestUser } from '../support/factories.js';
import { TestApp, useTestApp } from '../support/test-app.js';

interface BikeJson {
  _id: string;
  name: string;
  brand: string;
  model: string;
  [key: string]: unknown;
}

const names = (list: BikeJson[]) => list.map((b) => b.name);

async function insertRental(t: TestApp, userId: string, bikeId: string, status: RentalStatus) {
  const [row] = await t.db
    .insert(rentals)
    .values({
      paymentRef: `ref-${randomUUID()}`,
      userId,
      bikeId,
      quantity: 1,
      startTime: new Date('2026-02-01T10:00:00Z'),
      status,
      pricePerHourCents: 1250,
    })
    .returning();
  return row;
}

describe('Bikes API', () => {
  const t = useTestApp();

  describe('GET /api/bikes', () => {
    it('pages with limit 3: totalPages, the last page, and an empty 200 beyond it', async () => {
      await createBikes(t, 7);
      const first = await t.http().get('/api/bikes?page=1&limit=3').expect(200);
      expect(first.body).toMatchObject({
        success: true,
        message: 'Bikes retrieved successfully',
        data: { currentPage: 1, totalPages: 3, totalCount: 7 },
      });
      expect(names(first.body.data.bikes)).toEqual(['Bike 01', 'Bike 02', 'Bike 03']);

      const last = await t.http().get('/api/bikes?page=3&limit=3').expect(200);
      expect(names(last.body.data.bikes)).toEqual(['Bike 07']);
      expect(last.body.data).toMatchObject({ currentPage: 3, totalPages: 3, totalCount: 7 });

      const beyond = await t.http().get('/api/bikes?page=9&limit=3').expect(200);
      expect(beyond.body.data).toEqual({ bikes: [], currentPage: 9, totalPages: 3, totalCount: 7 });
    });

    it('defaults to page 1 and 10 per page, and an empty table still reports one page', async () => {
      const empty = await t.http().get('/api/bikes').expect(200);
      expect(empty.body.data).toEqual({ bikes: [], currentPage: 1, totalPages: 1, totalCount: 0 });

      await createBikes(t, 12);
      const res = await t.http().get('/api/bikes').expect(200);
      expect(res.body.data.bikes).toHaveLength(10);
      expect(res.body.data).toMatchObject({ currentPage: 1, totalPages: 2, totalCount: 12 });
    });

    it('shows the bike in the API shape, including out-of-stock and switched-off bikes, never deleted ones', async () => {
      const bike = await createBike(t, { name: 'Shape', pricePerHourCents: 1250, quantity: 0, isAvailable: false });
      await createBike(t, { name: 'Gone', deletedAt: new Date() });
      const res = await t.http().get('/api/bikes').expect(200);
      expect(res.body.data.bikes).toEqual([
        {
          _id: bike.id,
          name: 'Shape',
          description: bike.description,
          // API clients get the image as an absolute URL on this server (issue 12).
          imgageurl: expect.stringMatching(new RegExp(`^http://127\\.0\\.0\\.1:\\d+${bike.imageUrl}$`)),
          pricePerHour: 12.5,
          // Issue 10: day and week prices and the fleet size join the shape.
          pricePerDay: null,
          pricePerWeek: null,
          depositAmount: 0,
          currency: 'USD',
          cc: bike.cc,
          year: bike.year,
          model: bike.model,
          brand: bike.brand,
          quantity: 0,
          totalUnits: 0,
          isAvailable: false,
          createdAt: bike.createdAt.toISOString(),
          updatedAt: bike.updatedAt.toISOString(),
        },
      ]);
    });

    it('filters brand and model by case-insensitive substring', async () => {
      await createBike(t, { name: 'A', brand: 'Yamaha', model: 'R15 V4' });
      await createBike(t, { name: 'B', brand: 'Honda', model: 'CBR 150R' });
      await createBike(t, { name: 'C', brand: 'yamaha', model: 'FZ-S' });

      const brand = await t.http().get('/api/bikes?brand=YAM').expect(200);
      expect(names(brand.body.data.bikes).sort()).toEqual(['A', 'C']);

      const model = await t.http().get('/api/bikes?model=cbr').expect(200);
      expect(names(model.body.data.bikes)).toEqual(['B']);

      const both = await t.http().get('/api/bikes').query({ brand: 'yamaha', model: 'fz' }).expect(200);
      expect(names(both.body.data.bikes)).toEqual(['C']);
      expect(both.body.data.totalCount).toBe(1);

      const blank = await t.http().get('/api/bikes').query({ brand: '', model: '  ' }).expect(200);
      expect(blank.body.data.totalCount).toBe(3);
    });

    it('treats %, _ and \\ in filters as literal characters, never wildcards', async () => {
      await createBike(t, { name: 'Percent', model: '100% Electric' });
      await createBike(t, { name: 'Underscore', model: 'X_1' });
      await createBike(t, { name: 'Plain', model: 'XA1' });
      await createBike(t, { name: 'Slash', model: 'A\\B' });

      const percent = await t.http().get('/api/bikes').query({ model: '%' }).expect(200);
      expect(names(percent.body.data.bikes)).toEqual(['Percent']);

      const underscore = await t.http().get('/api/bikes').query({ model: 'x_1' }).expect(200);
      expect(names(underscore.body.data.bikes)).toEqual(['Underscore']);

      const slash = await t.http().get('/api/bikes').query({ model: 'a\\b' }).expect(200);
      expect(names(slash.body.data.bikes)).toEqual(['Slash']);

      const regexLike = await t.http().get('/api/bikes').query({ searchTerm: '.*' }).expect(200);
      expect(regexLike.body.data.bikes).toEqual([]);
    });

    it('matches searchTerm against name, brand or model, case-insensitively; blank means no filter', async () => {
      await createBike(t, { name: 'Thunder Cruiser', brand: 'Bajaj', model: 'Pulsar' });
      await createBike(t, { name: 'City Hopper', brand: 'Thunderbolt', model: 'C1' });
      await createBike(t, { name: 'Roadster', brand: 'Hero', model: 'THUNDER-X' });
      await createBike(t, { name: 'Quiet One', brand: 'Suzuki', model: 'Gixxer' });

      const res = await t.http().get('/api/bikes').query({ searchTerm: 'thunder' }).expect(200);
      expect(names(res.body.data.bikes).sort()).toEqual(['City Hopper', 'Roadster', 'Thunder Cruiser']);
      expect(res.body.data.totalCount).toBe(3);

      const blank = await t.http().get('/api/bikes').query({ searchTerm: '   ' }).expect(200);
      expect(blank.body.data.totalCount).toBe(4);
    });

    it('orders newest first over the whole set with recentlyAdded=true, oldest first otherwise', async () => {
      await createBikes(t, 5);
      const recent = await t.http().get('/api/bikes?recentlyAdded=true&limit=3').expect(200);
      expect(names(recent.body.data.bikes)).toEqual(['Bike 05', 'Bike 04', 'Bike 03']);
      const recentPage2 = await t.http().get('/api/bikes?recentlyAdded=true&limit=3&page=2').expect(200);
      expect(names(recentPage2.body.data.bikes)).toEqual(['Bike 02', 'Bike 01']);

      for (const value of ['', 'false']) {
        const res = await t.http().get('/api/bikes').query({ recentlyAdded: value, limit: 3 }).expect(200);
        expect(names(res.body.data.bikes)).toEqual(['Bike 01', 'Bike 02', 'Bike 03']);
      }
    });

    it.each([
      ['page=0', 'page'],
      ['page=abc', 'page'],
      ['limit=0', 'limit'],
      ['limit=101', 'limit'],
      ['limit=2.5', 'limit'],
      ['recentlyAdded=yes', 'recentlyAdded'],
      [`brand=${'b'.repeat(101)}`, 'brand'],
      [`searchTerm=${'s'.repeat(101)}`, 'searchTerm'],
      ['brand=a&brand=b', 'brand'],
      ['sort=price', 'sort'],
    ])('answers 400 naming the field for %s', async (query, field) => {
      const res = await t.http().get(`/api/bikes?${query}`).expect(400);
      expect(res.body).toMatchObject({ success: false, code: 'VALIDATION_FAILED' });
      expect(res.body.errors.map((e: { path: string }) => e.path)).toContain(field);
    });
  });

  describe('GET /api/bikes/:id and related', () => {
    it('returns one bike with its rating summary', async () => {
      const bike = await createBike(t, { name: 'Rated' });
      const plain = await t.http().get(`/api/bikes/${bike.id}`).expect(200);
      expect(plain.body).toMatchObject({
        success: true,
        data: { _id: bike.id, name: 'Rated', pricePerHour: 12.5, averageRating: null, reviewCount: 0 },
      });

      const user = await createUser(t);
      for (const halves of [9, 8, 8]) {
        const rental = await insertRental(t, user.id, bike.id, 'paid');
        await t.db.insert(reviews).values({ rentalId: rental.id, bikeId: bike.id, userId: user.id, ratingHalves: halves });
      }
      const rated = await t.http().get(`/api/bikes/${bike.id}`).expect(200);
      // (4.5 + 4 + 4) / 3 = 4.1666...
      expect(rated.body.data).toMatchObject({ averageRating: 4.2, reviewCount: 3 });
    });

    it('answers 404 for an unknown or deleted bike and 400 for a malformed id', async () => {
      const deleted = await createBike(t, { deletedAt: new Date() });
      for (const id of [randomUUID(), deleted.id]) {
        const res = await t.http().get(`/api/bikes/${id}`).expect(404);
        expect(res.body).toEqual({ success: false, message: 'Bike not found', code: 'NOT_FOUND' });
        await t.http().get(`/api/bikes/related/${id}`).expect(404);
      }
      const bad = await t.http().get('/api/bikes/not-a-uuid').expect(400);
      expect(bad.body).toMatchObject({ code: 'VALIDATION_FAILED', errors: [{ path: 'id', message: 'id must be a valid id' }] });
      await t.http().get("/api/bikes/related/1' or '1'='1").expect(400);
    });

    it('lists up to 8 other bikes, same brand first, then same engine class, then closest price', async () => {
      const target = await createBike(t, { name: 'Target', brand: 'Yamaha', cc: 155, pricePerHourCents: 1000 });
      await createBike(t, { name: 'Same brand far', brand: 'YAMAHA', cc: 1000, pricePerHourCents: 9000 });
      await createBike(t, { name: 'Same class far price', brand: 'Honda', cc: 150, pricePerHourCents: 5000 });
      await createBike(t, { name: 'Same class near price', brand: 'Suzuki', cc: 160, pricePerHourCents: 1100 });
      await createBike(t, { name: 'Other class near price', brand: 'Hero', cc: 650, pricePerHourCents: 1000 });
      await createBike(t, { name: 'Deleted twin', brand: 'Yamaha', cc: 155, pricePerHourCents: 1000, deletedAt: new Date() });
      for (let i = 0; i < 6; i++) {
        await createBike(t, { name: `Filler ${i}`, brand: 'Kawasaki', cc: 1200, pricePerHourCents: 20000 + i });
      }

      const res = await t.http().get(`/api/bikes/related/${target.id}`).expect(200);
      const list: string[] = names(res.body.data);
      expect(list).toHaveLength(8);
      expect(list.slice(0, 4)).toEqual(['Same brand far', 'Same class near price', 'Same class far price', 'Other class near price']);
      expect(list).not.toContain('Target');
      expect(list).not.toContain('Deleted twin');
    });
  });

  describe('admin writes', () => {
    let admin: TestUser;
    let user: TestUser;
    beforeEach(async () => {
      admin = await createAdmin(t);
      user = await createUser(t);
    });

    it('creates, updates and deletes a bike', async () => {
      const created = await t.http().post('/api/bikes').set('Authorization', admin.bearer).send(bikeBody()).expect(201);
      expect(created.body).toMatchObject({
        success: true,
        message: 'Bike Added Successfully',
        data: { name: 'Yamaha R15 V4', pricePerHour: 12.5, currency: 'USD', quantity: 4, isAvailable: true, imgageurl: 'https://images.example.com/r15.jpg' },
      });
      const id = created.body.data._id as string;
      const [row] = await t.db.select().from(bikes).where(eq(bikes.id, id));
      expect(row.pricePerHourCents).toBe(1250);

      const withoutSwitch = bikeBody({ pricePerHour: 0.1, isAvailable: undefined, imgageurl: '/images/bikes/r15.jpg' });
      const defaulted = await t.http().post('/api/bikes').set('Authorization', admin.bearer).send(withoutSwitch).expect(201);
      expect(defaulted.body.data).toMatchObject({ isAvailable: true, pricePerHour: 0.1 });

      const updated = await t
        .http()
        .put(`/api/bikes/${id}`)
        .set('Authorization', admin.bearer)
        .send(bikeBody({ name: 'Yamaha R15 M', pricePerHour: 19.99, quantity: 0, isAvailable: false }))
        .expect(200);
      expect(updated.body).toMatchObject({
        message: 'Bike Updated Successfully',
        data: { _id: id, name: 'Yamaha R15 M', pricePerHour: 19.99, quantity: 0, isAvailable: false },
      });
      const keepSwitch = await t
        .http()
        .put(`/api/bikes/${id}`)
        .set('Authorization', admin.bearer)
        .send(bikeBody({ isAvailable: undefined }))
        .expect(200);
      expect(keepSwitch.body.data.isAvailable).toBe(false);

      const deleted = await t.http().delete(`/api/bikes/${id}`).set('Authorization', admin.bearer).expect(200);
      expect(deleted.body).toMatchObject({ success: true, message: 'Bike Deleted Successfully' });
      const [gone] = await t.db.select().from(bikes).where(eq(bikes.id, id));
      expect(gone.deletedAt).toBeInstanceOf(Date);

      await t.http().get(`/api/bikes/${id}`).expect(404);
      await t.http().put(`/api/bikes/${id}`).set('Authorization', admin.bearer).send(bikeBody()).expect(404);
      await t.http().delete(`/api/bikes/${id}`).set('Authorization', admin.bearer).expect(404);
      const list = await t.http().get('/api/bikes').expect(200);
      expect(list.body.data.bikes.map((b: BikeJson) => b._id)).not.toContain(id);
    });

    it('refuses anonymous callers with 401 and users with 403', async () => {
      const bike = await createBike(t);
      const calls = [
        () => t.http().post('/api/bikes').send(bikeBody()),
        () => t.http().put(`/api/bikes/${bike.id}`).send(bikeBody()),
        () => t.http().delete(`/api/bikes/${bike.id}`),
      ];
      for (const call of calls) {
        const anonymous = await call();
        expect(anonymous.status).toBe(401);
        const asUser = await call().set('Authorization', user.bearer);
        expect(asUser.status).toBe(403);
        expect(asUser.body).toMatchObject({ success: false, code: 'FORBIDDEN' });
      }
      const rows = await t.db.select().from(bikes);
      expect(rows).toHaveLength(1);
      expect(rows[0]).toMatchObject({ name: bike.name, deletedAt: null });
    });

    it("answers 'Please fill all the fields' naming every missing field", async () => {
      const res = await t.http().post('/api/bikes').set('Authorization', admin.bearer).send({ name: 'Only a name', cc: 150 }).expect(400);
      expect(res.body).toMatchObject({ success: false, message: 'Please fill all the fields', code: 'VALIDATION_FAILED' });
      const paths = res.body.errors.map((e: { path: string }) => e.path);
      expect(paths).toEqual(expect.arrayContaining(['description', 'pricePerHour', 'year', 'model', 'brand', 'imgageurl', 'quantity']));
      expect(paths).not.toContain('name');
      expect(paths).not.toContain('cc');

      const blank = await t.http().post('/api/bikes').set('Authorization', admin.bearer).send(bikeBody({ brand: '   ' })).expect(400);
      expect(blank.body).toMatchObject({ message: 'Please fill all the fields', errors: [{ path: 'brand', message: 'brand is required' }] });

      const update = await createBike(t);
      const put = await t.http().put(`/api/bikes/${update.id}`).set('Authorization', admin.bearer).send({ name: 'New' }).expect(400);
      expect(put.body.message).toBe('Please fill all the fields');

      expect(await t.db.select().from(bikes)).toHaveLength(1);
    });

    it('keeps the validation message when every field is present but one is malformed', async () => {
      const res = await t.http().post('/api/bikes').set('Authorization', admin.bearer).send(bikeBody({ cc: 'fast' })).expect(400);
      expect(res.body.message).not.toBe('Please fill all the fields');
      expect(new Set(res.body.errors.map((e: { path: string }) => e.path))).toEqual(new Set(['cc']));
    });

    it.each([
      ['a negative quantity', { quantity: -1 }, 'quantity'],
      ['a fractional quantity', { quantity: 1.5 }, 'quantity'],
      ['a quantity as text', { quantity: 'three' }, 'quantity'],
      ['a negative price', { pricePerHour: -5 }, 'pricePerHour'],
      ['a price with 3 decimals', { pricePerHour: 1.234 }, 'pricePerHour'],
      ['a huge price', { pricePerHour: 1e9 }, 'pricePerHour'],
      ['a fractional cc', { cc: 150.5 }, 'cc'],
      ['a year before 1900', { year: 1899 }, 'year'],
      ['a year two years ahead', { year: new Date().getUTCFullYear() + 2 }, 'year'],
      ['a huge name', { name: 'n'.repeat(5000) }, 'name'],
      ['a huge description', { description: 'd'.repeat(5000) }, 'description'],
      ['a javascript: image url', { imgageurl: 'javascript:alert(1)' }, 'imgageurl'],
      ['a protocol-relative image url', { imgageurl: '//evil.example/x.png' }, 'imgageurl'],
      ['isAvailable as text', { isAvailable: 'yes' }, 'isAvailable'],
    ])('rejects %s with 400', async (_label, override, field) => {
      const res = await t.http().post('/api/bikes').set('Authorization', admin.bearer).send(bikeBody(override)).expect(400);
      expect(res.body.code).toBe('VALIDATION_FAILED');
      expect(res.body.errors.map((e: { path: string }) => e.path)).toContain(field);
      expect(await t.db.select().from(bikes)).toHaveLength(0);
    });

    it('rejects unknown fields on create and update and leaves the row unchanged', async () => {
      const bike = await createBike(t, { name: 'Original' });
      for (const extra of [{ role: 'admin' }, { deletedAt: null }]) {
        const put = await t.http().put(`/api/bikes/${bike.id}`).set('Authorization', admin.bearer).send(bikeBody({ name: 'Changed', ...extra })).expect(400);
        const field = Object.keys(extra)[0];
        expect(put.body.errors).toEqual([{ path: field, message: `${field} is not an allowed field` }]);
      }
      // A create has nothing to echo: even a bike's own read-only fields are refused there.
      for (const extra of [{ _id: randomUUID() }, { role: 'admin' }, { createdAt: '2000-01-01T00:00:00Z' }, { deletedAt: null }]) {
        await t.http().post('/api/bikes').set('Authorization', admin.bearer).send(bikeBody(extra)).expect(400);
      }
      const rows = await t.db.select().from(bikes);
      expect(rows).toHaveLength(1);
      expect(rows[0]).toMatchObject({ id: bike.id, name: 'Original', createdAt: bike.createdAt, updatedAt: bike.updatedAt });
    });

    it("accepts the bike's own read-only fields echoed back on update and never applies them (issue 12)", async () => {
      const bike = await createBike(t, { name: 'Original' });
      await t.http()
        .put(`/api/bikes/${bike.id}`)
        .set('Authorization', admin.bearer)
        .send(bikeBody({ name: 'Changed', _id: randomUUID(), createdAt: '2000-01-01T00:00:00Z' }))
        .expect(200);
      const rows = await t.db.select().from(bikes);
      expect(rows).toHaveLength(1);
      expect(rows[0]).toMatchObject({ id: bike.id, name: 'Changed', createdAt: bike.createdAt });
    });

    it('answers 400 for a malformed id on update and delete', async () => {
      await t.http().put('/api/bikes/123').set('Authorization', admin.bearer).send(bikeBody()).expect(400);
      const res = await t.http().delete('/api/bikes/123').set('Authorization', admin.bearer).expect(400);
      expect(res.body.errors).toEqual([{ path: 'id', message: 'id must be a valid id' }]);
    });

    it.each(['pending_fee', 'booked'] as const)('refuses to delete a bike with a %s rental (409)', async (status) => {
      const bike = await createBike(t);
      await insertRental(t, user.id, bike.id, status);
      const res = await t.http().delete(`/api/bikes/${bike.id}`).set('Authorization', admin.bearer).expect(409);
      expect(res.body).toEqual({
        success: false,
        message: 'This bike has unreturned rentals and cannot be deleted',
        code: 'BIKE_HAS_OPEN_RENTALS',
      });
      const [row] = await t.db.select().from(bikes).where(eq(bikes.id, bike.id));
      expect(row.deletedAt).toBeNull();
    });

    it('deletes a bike whose rentals are all finished, keeping the rentals and its row', async () => {
      const bike = await createBike(t, { name: 'Retired' });
      for (const status of ['returned', 'paid', 'cancelled'] as const) await insertRental(t, user.id, bike.id, status);
      await t.http().delete(`/api/bikes/${bike.id}`).set('Authorization', admin.bearer).expect(200);
      expect(await t.db.select().from(rentals).where(eq(rentals.bikeId, bike.id))).toHaveLength(3);
      const [row] = await t.db.select().from(bikes).where(eq(bikes.id, bike.id));
      expect(row).toMatchObject({ name: 'Retired' });
      expect(row.deletedAt).not.toBeNull();
    });
  });

  it('documents every bikes operation in OpenAPI with unique operation ids', async () => {
    const doc = await t.http().get('/api/docs-json').expect(200);
    const ops = [
      doc.body.paths['/api/bikes'].get,
      doc.body.paths['/api/bikes'].post,
      doc.body.paths['/api/bikes/{id}'].get,
      doc.body.paths['/api/bikes/{id}'].put,
      doc.body.paths['/api/bikes/{id}'].delete,
      doc.body.paths['/api/bikes/related/{id}'].get,
    ];
    expect(ops.map((o) => o.operationId)).toEqual(
      expect.arrayContaining([
        expect.stringMatching(/listBikes$/),
        expect.stringMatching(/createBike$/),
        expect.stringMatching(/getBike$/),
        expect.stringMatching(/updateBike$/),
        expect.stringMatching(/deleteBike$/),
        expect.stringMatching(/listRelatedBikes$/),
      ]),
    );
    expect(Object.keys(doc.body.paths['/api/bikes/{id}'].delete.responses)).toEqual(expect.arrayContaining(['200', '400', '401', '403', '404', '409']));
    const queryNames = doc.body.paths['/api/bikes'].get.parameters.map((p: { name: string }) => p.name);
    expect(queryNames).toEqual(expect.arrayContaining(['page', 'limit', 'brand', 'model', 'recentlyAdded', 'searchTerm']));
    const allIds: string[] = Object.values(doc.body.paths as Record<string, Record<string, { operationId: string }>>).flatMap((p) =>
      Object.values(p).map((o) => o.operationId),
    );
    for (const op of ops) expect(allIds.filter((id) => id === op.operationId)).toHaveLength(1);
  });
});
