import { eq } from 'drizzle-orm';
import { favourites } from '../../src/database/schema/favourites.js';
import { payments } from '../../src/database/schema/payments.js';
import { rentals } from '../../src/database/schema/rentals.js';
import { reviews, reviewVotes } from '../../src/database/schema/reviews.js';
import { users } from '../../src/database/schema/users.js';
import { AuthService } from '../../src/modules/auth/auth.service.js';
import { createAdmin, createUser, TestUser } from '../support/factories.js';
import { insertBike, insertPayment, insertRental, insertReview } from '../support/review-factories.js';
import { useTestApp } from '../support/test-app.js';

const noSecrets = (body: unknown): void => {
  const text = JSON.stringify(body);
  expect(text).not.toMatch(/argon2/i);
  expect(text).not.toMatch(/password/i);
};

describe('Users API', () => {
  const t = useTestApp();

  const as = (user: TestUser) => ({
    get: (path: string) => t.http().get(path).set('Authorization', user.bearer),
    put: (path: string) => t.http().put(path).set('Authorization', user.bearer),
    del: (path: string) => t.http().delete(path).set('Authorization', user.bearer),
  });

  /** An admin and `n` users whose createdAt go up one day at a time (user 1 oldest). */
  async function population(n: number): Promise<{ admin: TestUser; people: TestUser[] }> {
    const admin = await createAdmin(t, { name: 'Boss' });
    await t.db.update(users).set({ createdAt: new Date('2025-12-31T00:00:00Z') }).where(eq(users.id, admin.id));
    const people: TestUser[] = [];
    for (let i = 1; i <= n; i++) {
      const u = await createUser(t, { name: `User ${i}` });
      await t.db.update(users).set({ createdAt: new Date(Date.UTC(2026, 0, i)) }).where(eq(users.id, u.id));
      people.push(u);
    }
    return { admin, people };
  }

  describe('GET users/allusers', () => {
    it('pages newest first with limit 3, and returns everyone with limit 1000', async () => {
      const { admin } = await population(7);

      const first = await as(admin).get('/api/users/allusers?page=1&limit=3').expect(200);
      expect(first.body.data).toMatchObject({ currentPage: 1, totalPages: 3, totalUsers: 8, totalCount: 8 });
      expect(first.body.data.users.map((u: { name: string }) => u.name)).toEqual(['User 7', 'User 6', 'User 5']);
      expect(Object.keys(first.body.data.users[0]).sort()).toEqual(['_id', 'address', 'createdAt', 'email', 'language', 'name', 'phone', 'role']);
      noSecrets(first.body);

      const last = await as(admin).get('/api/users/allusers?page=3&limit=3').expect(200);
      expect(last.body.data.users.map((u: { name: string }) => u.name)).toEqual(['User 1', 'Boss']);
      const beyond = await as(admin).get('/api/users/allusers?page=4&limit=3').expect(200);
      expect(beyond.body.data).toMatchObject({ users: [], currentPage: 4, totalPages: 3 });

      const all = await as(admin).get('/api/users/allusers?limit=1000').expect(200);
      expect(all.body.data).toMatchObject({ currentPage: 1, totalPages: 1, totalUsers: 8 });
      expect(all.body.data.users).toHaveLength(8);
      noSecrets(all.body);

      const defaults = await as(admin).get('/api/users/allusers').expect(200);
      expect(defaults.body.data).toMatchObject({ currentPage: 1, totalPages: 1 });
    });

    it('rejects bad paging with 400 naming the parameter', async () => {
      const admin = await createAdmin(t);
      for (const [query, path] of [
        ['limit=0', 'limit'],
        ['limit=1001', 'limit'],
        ['limit=abc', 'limit'],
        ['page=0', 'page'],
        ['page=1.5', 'page'],
      ]) {
        const res = await as(admin).get(`/api/users/allusers?${query}`).expect(400);
        expect([...new Set(res.body.errors.map((e: { path: string }) => e.path))]).toEqual([path]);
      }
    });
  });

  describe('PUT users/:id/role', () => {
    it('promotes a user to admin, idempotently', async () => {
      const admin = await createAdmin(t);
      const user = await createUser(t);
      const res = await as(admin).put(`/api/users/${user.id}/role`).expect(200);
      expect(res.body).toMatchObject({ success: true, message: 'User Promoted Successfully', data: { _id: user.id, role: 'admin' } });
      noSecrets(res.body);
      const [row] = await t.db.select().from(users).where(eq(users.id, user.id));
      expect(row.role).toBe('admin');

      const again = await as(admin).put(`/api/users/${user.id}/role`).expect(200);
      expect(again.body).toMatchObject({ message: 'User is already an admin', data: { role: 'admin' } });

      // A role change ends the user's sessions (issue 11): the token from before no longer works at all...
      await as(user).get('/api/users/allusers').expect(401);
      // ...and a token of the current session opens admin routes even though its claim says user: roles come
      // from the database.
      const current = await t.app.get(AuthService).issueToken(user.id, 'user', row.sessionVersion);
      await t.http().get('/api/users/allusers').set('Authorization', `Bearer ${current}`).expect(200);
    });

    it('demotes another admin with { role: "user" }', async () => {
      const admin = await createAdmin(t);
      const other = await createAdmin(t);
      const res = await as(admin).put(`/api/users/${other.id}/role`).send({ role: 'user' }).expect(200);
      expect(res.body.data.role).toBe('user');
      await as(other).get('/api/users/allusers').expect(401);
      const [row] = await t.db.select().from(users).where(eq(users.id, other.id));
      const current = await t.app.get(AuthService).issueToken(other.id, 'admin', row.sessionVersion);
      await t.http().get('/api/users/allusers').set('Authorization', `Bearer ${current}`).expect(403);
      await as(admin).put(`/api/users/${other.id}/role`).send({ role: 'root' }).expect(400);
    });

    it('refuses your own role (409), unknown users (404), bad ids (400)', async () => {
      const admin = await createAdmin(t);
      const self = await as(admin).put(`/api/users/${admin.id}/role`).send({ role: 'user' }).expect(409);
      expect(self.body).toMatchObject({ success: false, message: 'You cannot change your own role' });
      await as(admin).put(`/api/users/${admin.id}/role`).expect(409);
      await as(admin).put('/api/users/1b4e28ba-2fa1-4d2b-9e3a-7c1f0e6d5a4b/role').expect(404);
      const bad = await as(admin).put('/api/users/xyz/role').expect(400);
      expect(bad.body.errors).toEqual([{ path: 'id', message: 'id must be a valid id' }]);
      const [row] = await t.db.select().from(users).where(eq(users.id, admin.id));
      expect(row.role).toBe('admin');
    });
  });

  describe('DELETE users/:id', () => {
    it('anonymises a deleted user and keeps the payment ledger: rentals and payments stay in the admin reports', async () => {
      const admin = await createAdmin(t);
      const user = await createUser(t, { name: 'Leaving Person', phone: '+8801999999999', address: 'Secret Road 5' });
      const bike = await insertBike(t);
      const rental = await insertRental(t, user.id, bike.id, { status: 'returned' });
      await insertPayment(t, rental);
      await insertReview(t, await insertRental(t, user.id, bike.id));
      await t.db.insert(favourites).values({ userId: user.id, bikeId: bike.id });
      const reportBefore = await as(admin).get('/api/rentals/rentalpayment').expect(200);
      const allBefore = await as(admin).get('/api/rentals/allrentalbike').expect(200);

      const res = await as(admin).del(`/api/users/${user.id}`).expect(200);
      expect(res.body).toEqual({ success: true, message: 'User Deleted Successfully', data: null });
      const [row] = await t.db.select().from(users).where(eq(users.id, user.id));
      expect(row).toMatchObject({ name: 'Deleted user', phone: '', address: '', passwordHash: '!', role: 'user' });
      expect(row.email).not.toContain(user.email.split('@')[0]);
      expect(row.deletedAt).toBeInstanceOf(Date);
      // The ledger is kept: the rentals and their payments, in the admin reports as before.
      expect(await t.db.select().from(rentals)).toHaveLength(2);
      expect(await t.db.select().from(payments)).toHaveLength(1);
      const reportAfter = await as(admin).get('/api/rentals/rentalpayment').expect(200);
      const allAfter = await as(admin).get('/api/rentals/allrentalbike').expect(200);
      expect(reportBefore.body.data.length).toBeGreaterThanOrEqual(1);
      expect(reportAfter.body.data).toHaveLength(reportBefore.body.data.length);
      expect(JSON.stringify(reportAfter.body.data)).toContain(rental.id);
      expect(JSON.stringify(allAfter.body.data)).toContain(rental.id);
      expect(JSON.stringify(allBefore.body.data)).toContain(rental.id);
      expect(JSON.stringify(reportAfter.body)).not.toMatch(/Leaving Person|Secret Road|8801999999999/);
      // Reviews and favourites go with the person.
      expect(await t.db.select().from(reviews)).toHaveLength(0);
      expect(await t.db.select().from(favourites)).toHaveLength(0);
      // Gone from the users list, cannot log in, the token no longer works, a second delete is a 404.
      const list = await as(admin).get('/api/users/allusers?limit=1000').expect(200);
      expect(list.body.data.users.map((u: { _id: string }) => u._id)).not.toContain(user.id);
      await t.http().post('/api/auth/login').send({ email: user.email, password: user.password }).expect(401);
      await as(user).get('/api/users/me').expect(401);
      await as(admin).del(`/api/users/${user.id}`).expect(404);
      await as(admin).put(`/api/users/${user.id}/role`).expect(404);
      // The address is free again.
      await t.http().post('/api/auth/signup').send({ name: 'New', email: user.email, password: 'another-1', phone: '1', address: 'x' }).expect(201);
    });

    it('the database refuses to delete a user row that has rentals or payments (the ledger cannot be erased)', async () => {
      const user = await createUser(t);
      const bike = await insertBike(t);
      await insertPayment(t, await insertRental(t, user.id, bike.id, { status: 'paid' }));
      await expect(t.db.delete(users).where(eq(users.id, user.id))).rejects.toThrow();
      expect(await t.db.select().from(payments)).toHaveLength(1);
    });

    it('refuses a user with unreturned rentals with 409 USER_HAS_OPEN_RENTALS', async () => {
      const admin = await createAdmin(t);
      const bike = await insertBike(t);
      for (const status of ['pending_fee', 'booked'] as const) {
        const user = await createUser(t);
        await insertRental(t, user.id, bike.id, { status: 'paid' });
        await insertRental(t, user.id, bike.id, { status });
        const res = await as(admin).del(`/api/users/${user.id}`).expect(409);
        expect(res.body).toMatchObject({ success: false, code: 'USER_HAS_OPEN_RENTALS' });
        expect(await t.db.select().from(users).where(eq(users.id, user.id))).toHaveLength(1);
      }
    });

    it('refuses to delete yourself (409) and answers 404/400 for unknown or bad ids', async () => {
      const admin = await createAdmin(t);
      const self = await as(admin).del(`/api/users/${admin.id}`).expect(409);
      expect(self.body).toMatchObject({ success: false, message: 'You cannot delete your own account' });
      await as(admin).del('/api/users/1b4e28ba-2fa1-4d2b-9e3a-7c1f0e6d5a4b').expect(404);
      await as(admin).del('/api/users/42').expect(400);
      expect(await t.db.select().from(users)).toHaveLength(1);
    });

    it("keeps the helpful counts of other users' reviews right when a voter is deleted", async () => {
      const admin = await createAdmin(t);
      const author = await createUser(t);
      const keeper = await createUser(t);
      const leaver = await createUser(t);
      const bike = await insertBike(t);
      const r1 = await insertReview(t, await insertRental(t, author.id, bike.id));
      const r2 = await insertReview(t, await insertRental(t, author.id, bike.id));
      const leaversOwn = await insertReview(t, await insertRental(t, leaver.id, bike.id));
      const vote = (u: TestUser, id: string, v: string) =>
        t.http().put(`/api/reviews/${id}/vote`).set('Authorization', u.bearer).send({ vote: v }).expect(200);
      await vote(keeper, r1.id, 'helpful');
      await vote(leaver, r1.id, 'helpful');
      await vote(keeper, r2.id, 'helpful');
      await vote(leaver, r2.id, 'not_helpful');
      await vote(keeper, leaversOwn.id, 'helpful');

      await as(admin).del(`/api/users/${leaver.id}`).expect(200);

      const rows = await t.db.select({ id: reviews.id, helpful: reviews.helpful }).from(reviews);
      expect(Object.fromEntries(rows.map((r) => [r.id, r.helpful]))).toEqual({ [r1.id]: 1, [r2.id]: 1 });
      expect(await t.db.select().from(reviewVotes)).toHaveLength(2);
      const list = await t.http().get(`/api/reviews/getpostreviews/${bike.id}`).expect(200);
      expect(list.body.data.map((r: { helpful: number }) => r.helpful)).toEqual([1, 1]);
    });
  });

  it('answers 401 to anonymous callers and 403 to users on every admin route', async () => {
    const user = await createUser(t);
    const target = await createUser(t);
    await t.http().get('/api/users/allusers').expect(401);
    await t.http().put(`/api/users/${target.id}/role`).expect(401);
    await t.http().delete(`/api/users/${target.id}`).expect(401);
    await as(user).get('/api/users/allusers').expect(403);
    await as(user).put(`/api/users/${target.id}/role`).expect(403);
    await as(user).put(`/api/users/${user.id}/role`).expect(403);
    const forbidden = await as(user).del(`/api/users/${target.id}`).expect(403);
    expect(forbidden.body).toMatchObject({ success: false, code: 'FORBIDDEN' });
    const [row] = await t.db.select().from(users).where(eq(users.id, user.id));
    expect(row.role).toBe('user');
    expect(await t.db.select().from(users)).toHaveLength(2);
  });

  it('keeps GET and PUT users/me working, without the password hash', async () => {
    const user = await createUser(t, { name: 'Mina', email: 'mina@example.com' });
    const me = await as(user).get('/api/users/me').expect(200);
    expect(me.body.data).toMatchObject({ _id: user.id, name: 'Mina', email: 'mina@example.com', role: 'user' });
    noSecrets(me.body);
    const updated = await t.http().put('/api/users/me').set('Authorization', user.bearer).send({ phone: '+8801800000000' }).expect(200);
    expect(updated.body).toMatchObject({ message: 'Profile Updated Successfully', data: { phone: '+8801800000000', name: 'Mina' } });
    noSecrets(updated.body);
    // The profile's own read-only role echoed back (issue 12) is accepted and never applied; a field it lacks is a 400.
    const echoed = await t.http().put('/api/users/me').set('Authorization', user.bearer).send({ ...me.body.data, role: 'admin' }).expect(200);
    expect(echoed.body.data.role).toBe('user');
    const [row] = await t.db.select().from(users).where(eq(users.id, user.id));
    expect(row.role).toBe('user');
    const unknown = await t.http().put('/api/users/me').set('Authorization', user.bearer).send({ isAdmin: true }).expect(400);
    expect(unknown.body.errors.map((e: { path: string }) => e.path)).toEqual(['isAdmin']);
  });
});
