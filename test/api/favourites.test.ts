import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { favourites } from '../../src/database/schema/favourites.js';
import { createBike } from '../support/bike-factories.js';
import { createAdmin, createUser, TestUser } from '../support/factories.js';
import { useTestApp } from '../support/test-app.js';

describe('Favourites API', () => {
  let user: TestUser;
  const t = useTestApp();
  beforeEach(async () => {
    user = await createUser(t, { name: 'Fav User' });
  });

  const add = (who: TestUser, bikeId: unknown) => t.http().post('/api/favourite').set('Authorization', who.bearer).send({ bikeId });
  const list = (who: TestUser) => t.http().get('/api/favourite').set('Authorization', who.bearer);

  it('adds a favourite with the bike populated, answers a duplicate with 200 (idempotent), lists and removes it', async () => {
    const bike = await createBike(t, { name: 'Honda CB Hornet', pricePerHourCents: 900 });
    const added = await add(user, bike.id).expect(201);
    expect(added.body).toMatchObject({
      success: true,
      message: 'Bike added to favorites',
      // API clients get the image as an absolute URL on this server (issue 12).
      data: { bikeId: { _id: bike.id, name: 'Honda CB Hornet', pricePerHour: 9, imgageurl: expect.stringMatching(new RegExp(`^http://127\\.0\\.0\\.1:\\d+${bike.imageUrl}$`)) } },
    });
    expect(typeof added.body.data._id).toBe('string');
    expect(typeof added.body.data.createdAt).toBe('string');

    const dup = await add(user, bike.id).expect(200);
    expect(dup.body).toEqual({ success: true, message: 'Bike is already in your favorites', data: added.body.data });
    expect(await t.db.select().from(favourites)).toHaveLength(1);

    const listed = await list(user).expect(200);
    expect(listed.body.success).toBe(true);
    expect(listed.body.data).toEqual([added.body.data]);

    const removed = await t.http().delete(`/api/favourite/${bike.id}`).set('Authorization', user.bearer).expect(200);
    expect(removed.body).toMatchObject({ success: true, message: 'Bike removed from favorites' });
    expect((await list(user).expect(200)).body.data).toEqual([]);

    const again = await t.http().delete(`/api/favourite/${bike.id}`).set('Authorization', user.bearer).expect(200);
    expect(again.body).toEqual({ success: true, message: 'This bike is not in your favorites', data: null });
  });

  it('lists newest first', async () => {
    const first = await createBike(t, { name: 'First' });
    const second = await createBike(t, { name: 'Second' });
    await add(user, first.id).expect(201);
    await t.db.update(favourites).set({ createdAt: new Date('2026-01-01T00:00:00Z') }).where(eq(favourites.bikeId, first.id));
    await add(user, second.id).expect(201);
    const res = await list(user).expect(200);
    expect(res.body.data.map((f: { bikeId: { name: string } }) => f.bikeId.name)).toEqual(['Second', 'First']);
  });

  it('accepts the favourite _id in the delete path too', async () => {
    const bike = await createBike(t);
    const added = await add(user, bike.id).expect(201);
    await t.http().delete(`/api/favourite/${added.body.data._id}`).set('Authorization', user.bearer).expect(200);
    expect(await t.db.select().from(favourites)).toHaveLength(0);
  });

  it('answers 404 for an unknown or deleted bike and 400 for a malformed or missing bikeId', async () => {
    const deleted = await createBike(t, { deletedAt: new Date() });
    for (const id of [randomUUID(), deleted.id]) {
      const res = await add(user, id).expect(404);
      expect(res.body).toMatchObject({ message: 'Bike not found', code: 'NOT_FOUND' });
    }
    for (const bad of ['nope', 42, null]) {
      const res = await add(user, bad).expect(400);
      expect(res.body.errors.map((e: { path: string }) => e.path)).toEqual(['bikeId']);
    }
    const unknown = await t.http().post('/api/favourite').set('Authorization', user.bearer).send({ bikeId: deleted.id, userId: randomUUID() }).expect(400);
    expect(unknown.body.errors).toEqual([{ path: 'userId', message: 'userId is not an allowed field' }]);
    const badPath = await t.http().delete('/api/favourite/nope').set('Authorization', user.bearer).expect(400);
    expect(badPath.body.errors).toEqual([{ path: 'bikeId', message: 'bikeId must be a valid id' }]);
    expect(await t.db.select().from(favourites)).toHaveLength(0);
  });

  it('needs a signed-in user; admins cannot add favourites (403)', async () => {
    const bike = await createBike(t);
    await t.http().post('/api/favourite').send({ bikeId: bike.id }).expect(401);
    await t.http().get('/api/favourite').expect(401);
    await t.http().delete(`/api/favourite/${bike.id}`).expect(401);

    const admin = await createAdmin(t);
    const res = await add(admin, bike.id).expect(403);
    expect(res.body).toMatchObject({ success: false, code: 'FORBIDDEN' });
    expect(await t.db.select().from(favourites)).toHaveLength(0);
    expect((await list(admin).expect(200)).body.data).toEqual([]);
  });

  it("keeps each user's favourites private", async () => {
    const other = await createUser(t, { name: 'Other' });
    const mine = await createBike(t, { name: 'Mine' });
    const theirs = await createBike(t, { name: 'Theirs' });
    await add(user, mine.id).expect(201);
    await add(other, theirs.id).expect(201);
    await add(other, mine.id).expect(201);

    const names = (res: { body: { data: { bikeId: { name: string } }[] } }) => res.body.data.map((f) => f.bikeId.name);
    expect(names(await list(user).expect(200))).toEqual(['Mine']);
    expect(names(await list(other).expect(200))).toEqual(['Mine', 'Theirs']);

    // Removing a bike another user favourited does not touch theirs: it is not in yours (200, nothing changes).
    const notMine = await t.http().delete(`/api/favourite/${theirs.id}`).set('Authorization', user.bearer).expect(200);
    expect(notMine.body.message).toBe('This bike is not in your favorites');
    const otherFavourite = (await list(other).expect(200)).body.data.find((f: { bikeId: { name: string } }) => f.bikeId.name === 'Theirs');
    await t.http().delete(`/api/favourite/${otherFavourite._id}`).set('Authorization', user.bearer).expect(200);
    await t.http().delete(`/api/favourite/${mine.id}`).set('Authorization', user.bearer).expect(200);
    expect(names(await list(other).expect(200))).toEqual(['Mine', 'Theirs']);
  });

  it('drops a deleted bike from favourites', async () => {
    const admin = await createAdmin(t);
    const kept = await createBike(t, { name: 'Kept' });
    const doomed = await createBike(t, { name: 'Doomed' });
    await add(user, kept.id).expect(201);
    await add(user, doomed.id).expect(201);

    await t.http().delete(`/api/bikes/${doomed.id}`).set('Authorization', admin.bearer).expect(200);
    const res = await list(user).expect(200);
    expect(res.body.data.map((f: { bikeId: { name: string } }) => f.bikeId.name)).toEqual(['Kept']);
    await add(user, doomed.id).expect(404);
  });
});
