import { eq } from 'drizzle-orm';
import { bikes } from '../../src/database/schema/bikes.js';
import { reviews, reviewVotes } from '../../src/database/schema/reviews.js';
import { createAdmin, createUser, TestUser } from '../support/factories.js';
import { insertBike, insertRental, insertReview } from '../support/review-factories.js';
import { useTestApp } from '../support/test-app.js';

describe('Reviews API', () => {
  const t = useTestApp();

  const addReview = (user: TestUser, body: Record<string, unknown>) =>
    t.http().post('/api/reviews/addreviews').set('Authorization', user.bearer).send(body);

  const vote = (user: TestUser, reviewId: string, value: unknown) =>
    t.http().put(`/api/reviews/${reviewId}/vote`).set('Authorization', user.bearer).send({ vote: value });

  const helpfulOf = async (reviewId: string): Promise<number> => {
    const [row] = await t.db.select({ helpful: reviews.helpful }).from(reviews).where(eq(reviews.id, reviewId));
    return row.helpful;
  };

  describe('POST reviews/addreviews', () => {
    it('reviews a paid rental named by its paymentId, once', async () => {
      const user = await createUser(t, { name: 'Nadia Islam' });
      const bike = await insertBike(t, { name: 'Honda CB Hornet' });
      const rental = await insertRental(t, user.id, bike.id);

      const res = await addReview(user, { bikeId: bike.id, rating: 4.5, comment: 'Great brakes', paymentId: rental.paymentRef }).expect(201);
      expect(res.body).toMatchObject({
        success: true,
        message: 'Review added successfully',
        data: {
          bikeId: { _id: bike.id, name: 'Honda CB Hornet' },
          userId: { _id: user.id, name: 'Nadia Islam' },
          rating: 4.5,
          comment: 'Great brakes',
          helpful: 0,
          myVote: 0,
        },
      });
      expect(new Date(res.body.data.date).toString()).not.toBe('Invalid Date');
      const rows = await t.db.select().from(reviews);
      expect(rows).toHaveLength(1);
      expect(rows[0]).toMatchObject({ rentalId: rental.id, bikeId: bike.id, userId: user.id, ratingHalves: 9, helpful: 0 });

      const again = await addReview(user, { bikeId: bike.id, rating: 3, comment: 'Again', paymentId: rental.paymentRef }).expect(409);
      expect(again.body).toMatchObject({ success: false, message: 'You have already reviewed this rental' });
      expect(await t.db.select().from(reviews)).toHaveLength(1);
    });

    it('accepts the rental id as paymentId, and an empty comment', async () => {
      const user = await createUser(t);
      const bike = await insertBike(t);
      const rental = await insertRental(t, user.id, bike.id);
      const res = await addReview(user, { bikeId: bike.id, rating: 1, comment: '', paymentId: rental.id }).expect(201);
      expect(res.body.data).toMatchObject({ rating: 1, comment: '' });
      const noComment = await insertRental(t, user.id, bike.id);
      await addReview(user, { bikeId: bike.id, rating: 5, paymentId: noComment.paymentRef }).expect(201);
    });

    it('refuses rentals that are not paid with 409', async () => {
      const user = await createUser(t);
      const bike = await insertBike(t);
      for (const status of ['pending_fee', 'booked', 'returned', 'cancelled'] as const) {
        const rental = await insertRental(t, user.id, bike.id, { status });
        const res = await addReview(user, { bikeId: bike.id, rating: 4, comment: 'x', paymentId: rental.paymentRef }).expect(409);
        expect(res.body).toMatchObject({ success: false, message: 'Only paid rentals can be reviewed' });
      }
      expect(await t.db.select().from(reviews)).toHaveLength(0);
    });

    it("answers 404 for another user's rental, an unknown paymentId, or a rental of another bike", async () => {
      const owner = await createUser(t);
      const other = await createUser(t);
      const bike = await insertBike(t);
      const otherBike = await insertBike(t);
      const rental = await insertRental(t, owner.id, bike.id);

      await addReview(other, { bikeId: bike.id, rating: 4, comment: 'x', paymentId: rental.paymentRef }).expect(404);
      await addReview(other, { bikeId: bike.id, rating: 4, comment: 'x', paymentId: rental.id }).expect(404);
      await addReview(owner, { bikeId: bike.id, rating: 4, comment: 'x', paymentId: 'pay_unknown' }).expect(404);
      await addReview(owner, { bikeId: otherBike.id, rating: 4, comment: 'x', paymentId: rental.paymentRef }).expect(404);
      expect(await t.db.select().from(reviews)).toHaveLength(0);
    });

    it('rejects bad ratings, long comments and injected fields with 400, writing nothing', async () => {
      const user = await createUser(t);
      const bike = await insertBike(t);
      const rental = await insertRental(t, user.id, bike.id);
      const body = { bikeId: bike.id, rating: 4, comment: 'ok', paymentId: rental.paymentRef };

      // A numeric string ('4', an HTML input's value) is read as the number (issue 12); anything else stays a 400.
      for (const rating of [0, 5.5, 0.3, -1, 'four', '4 stars', '', null]) {
        const res = await addReview(user, { ...body, rating }).expect(400);
        expect(res.body.code).toBe('VALIDATION_FAILED');
        expect(res.body.errors.map((e: { path: string }) => e.path)).toContain('rating');
      }
      const long = await addReview(user, { ...body, comment: 'x'.repeat(1001) }).expect(400);
      expect(long.body.errors.map((e: { path: string }) => e.path)).toEqual(['comment']);

      const injected = await addReview(user, { ...body, helpful: 100, userId: user.id }).expect(400);
      expect(injected.body.errors.map((e: { path: string }) => e.path).sort()).toEqual(['helpful', 'userId']);

      const missing = await addReview(user, {}).expect(400);
      expect(missing.body.errors.map((e: { path: string }) => e.path)).toEqual(expect.arrayContaining(['bikeId', 'rating', 'paymentId']));

      expect(await t.db.select().from(reviews)).toHaveLength(0);
      await addReview(user, { ...body, comment: 'x'.repeat(1000) }).expect(201);
    });

    it('is for signed-in users with role user', async () => {
      const admin = await createAdmin(t);
      const bike = await insertBike(t);
      await t.http().post('/api/reviews/addreviews').send({ bikeId: bike.id, rating: 4, paymentId: 'x' }).expect(401);
      await addReview(admin, { bikeId: bike.id, rating: 4, paymentId: 'x' }).expect(403);
    });
  });

  describe('GET reviews/getpostreviews/:bikeId and reviews/getuserreviews', () => {
    it("lists a bike's reviews newest first with reviewer names and never emails", async () => {
      const ana = await createUser(t, { name: 'Ana', email: 'ana-secret@example.com' });
      const bob = await createUser(t, { name: 'Bob', email: 'bob-secret@example.com' });
      const bike = await insertBike(t, { name: 'Suzuki Gixxer' });
      const otherBike = await insertBike(t);
      const older = await insertReview(t, await insertRental(t, ana.id, bike.id), {
        ratingHalves: 6,
        comment: 'Fine',
        createdAt: new Date('2026-03-02T10:00:00Z'),
      });
      const newer = await insertReview(t, await insertRental(t, bob.id, bike.id), {
        ratingHalves: 10,
        comment: 'Superb',
        createdAt: new Date('2026-03-05T10:00:00Z'),
      });
      await insertReview(t, await insertRental(t, bob.id, otherBike.id));

      const res = await t.http().get(`/api/reviews/getpostreviews/${bike.id}`).expect(200);
      expect(res.body.success).toBe(true);
      expect(res.body.data).toEqual([
        {
          _id: newer.id,
          bikeId: { _id: bike.id, name: 'Suzuki Gixxer' },
          userId: { _id: bob.id, name: 'Bob' },
          date: '2026-03-05T10:00:00.000Z',
          rating: 5,
          comment: 'Superb',
          helpful: 0,
          myVote: 0,
        },
        expect.objectContaining({ _id: older.id, rating: 3, userId: { _id: ana.id, name: 'Ana' } }),
      ]);
      const text = JSON.stringify(res.body);
      expect(text).not.toMatch(/secret@example\.com|email|password|argon2/i);

      const signedIn = await t.http().get(`/api/reviews/getpostreviews/${bike.id}`).set('Authorization', ana.bearer).expect(200);
      expect(JSON.stringify(signedIn.body)).not.toMatch(/@example\.com/);
    });

    it("keeps a deleted bike's reviews readable; 404 for a bike that never existed, 400 for a bad id", async () => {
      const user = await createUser(t);
      const bike = await insertBike(t);
      await insertReview(t, await insertRental(t, user.id, bike.id));
      await t.db.update(bikes).set({ deletedAt: new Date() }).where(eq(bikes.id, bike.id));

      const res = await t.http().get(`/api/reviews/getpostreviews/${bike.id}`).expect(200);
      expect(res.body.data).toHaveLength(1);
      const none = await insertBike(t);
      expect((await t.http().get(`/api/reviews/getpostreviews/${none.id}`).expect(200)).body.data).toEqual([]);
      await t.http().get('/api/reviews/getpostreviews/1b4e28ba-2fa1-4d2b-9e3a-7c1f0e6d5a4b').expect(404);
      const bad = await t.http().get('/api/reviews/getpostreviews/not-an-id').expect(400);
      expect(bad.body.errors).toEqual([{ path: 'bikeId', message: 'bikeId must be a valid id' }]);
    });

    it("lists the caller's own reviews with bike names, newest first", async () => {
      const me = await createUser(t);
      const other = await createUser(t);
      const a = await insertBike(t, { name: 'Bike A' });
      const b = await insertBike(t, { name: 'Bike B' });
      await insertReview(t, await insertRental(t, me.id, a.id), { createdAt: new Date('2026-03-01T00:00:00Z') });
      await insertReview(t, await insertRental(t, me.id, b.id), { createdAt: new Date('2026-03-04T00:00:00Z') });
      await insertReview(t, await insertRental(t, other.id, a.id));

      const res = await t.http().get('/api/reviews/getuserreviews').set('Authorization', me.bearer).expect(200);
      expect(res.body.data.map((r: { bikeId: { name: string } }) => r.bikeId.name)).toEqual(['Bike B', 'Bike A']);
      expect(res.body.data.every((r: { userId: { _id: string } }) => r.userId._id === me.id)).toBe(true);
      await t.http().get('/api/reviews/getuserreviews').expect(401);
    });
  });

  describe('PUT reviews/:id/vote', () => {
    it('counts one vote per user: +1, switching moves by 2, repeating changes nothing, none resets', async () => {
      const author = await createUser(t);
      const voter = await createUser(t);
      const bike = await insertBike(t);
      const review = await insertReview(t, await insertRental(t, author.id, bike.id));

      const first = await vote(voter, review.id, 'helpful').expect(200);
      expect(first.body).toMatchObject({ success: true, data: { _id: review.id, helpful: 1, myVote: 1 } });
      expect(await helpfulOf(review.id)).toBe(1);

      expect((await vote(voter, review.id, 'helpful').expect(200)).body.data).toEqual({ _id: review.id, helpful: 1, myVote: 1 });
      expect((await vote(voter, review.id, 'not_helpful').expect(200)).body.data).toEqual({ _id: review.id, helpful: -1, myVote: -1 });
      expect((await vote(voter, review.id, -1).expect(200)).body.data.helpful).toBe(-1);
      expect((await vote(voter, review.id, 1).expect(200)).body.data.helpful).toBe(1);
      expect((await vote(voter, review.id, 'none').expect(200)).body.data).toEqual({ _id: review.id, helpful: 0, myVote: 0 });
      expect((await vote(voter, review.id, 0).expect(200)).body.data.helpful).toBe(0);
      expect(await t.db.select().from(reviewVotes)).toHaveLength(0);

      await vote(voter, review.id, 'not_helpful').expect(200);
      const list = await t.http().get(`/api/reviews/getpostreviews/${bike.id}`).set('Authorization', voter.bearer).expect(200);
      expect(list.body.data[0]).toMatchObject({ helpful: -1, myVote: -1 });
      const anonymous = await t.http().get(`/api/reviews/getpostreviews/${bike.id}`).expect(200);
      expect(anonymous.body.data[0]).toMatchObject({ helpful: -1, myVote: 0 });
    });

    it('sums the votes of several users, admins included', async () => {
      const author = await createUser(t);
      const bike = await insertBike(t);
      const review = await insertReview(t, await insertRental(t, author.id, bike.id));
      const admin = await createAdmin(t);
      const a = await createUser(t);
      const b = await createUser(t);
      await vote(admin, review.id, 'helpful').expect(200);
      await vote(a, review.id, 'helpful').expect(200);
      const res = await vote(b, review.id, 'not_helpful').expect(200);
      expect(res.body.data).toEqual({ _id: review.id, helpful: 1, myVote: -1 });
      await vote(a, review.id, 'not_helpful').expect(200);
      expect(await helpfulOf(review.id)).toBe(-1);
    });

    it('keeps the sum right under concurrent votes by 5 users', async () => {
      const author = await createUser(t);
      const bike = await insertBike(t);
      const review = await insertReview(t, await insertRental(t, author.id, bike.id));
      const voters = await Promise.all(Array.from({ length: 5 }, () => createUser(t)));

      const results = await Promise.all(voters.map((v) => vote(v, review.id, 'helpful')));
      expect(results.map((r) => r.status)).toEqual([200, 200, 200, 200, 200]);
      expect(await helpfulOf(review.id)).toBe(5);

      await Promise.all(voters.map((v, i) => vote(v, review.id, i < 2 ? 'not_helpful' : 'helpful')));
      expect(await helpfulOf(review.id)).toBe(1);
      const votes = await t.db.select().from(reviewVotes).where(eq(reviewVotes.reviewId, review.id));
      expect(votes.reduce((sum, v) => sum + v.value, 0)).toBe(1);
    });

    it('refuses votes on your own review (409), unknown reviews (404), bad votes and ids (400), anonymous callers (401)', async () => {
      const author = await createUser(t);
      const voter = await createUser(t);
      const bike = await insertBike(t);
      const review = await insertReview(t, await insertRental(t, author.id, bike.id));

      const own = await vote(author, review.id, 'helpful').expect(409);
      expect(own.body).toMatchObject({ success: false, message: 'You cannot vote on your own review' });
      await vote(voter, '1b4e28ba-2fa1-4d2b-9e3a-7c1f0e6d5a4b', 'helpful').expect(404);
      for (const bad of ['yes', 2, null, '1']) {
        const res = await vote(voter, review.id, bad).expect(400);
        expect(res.body.errors.map((e: { path: string }) => e.path)).toEqual(['vote']);
      }
      await vote(voter, 'nope', 'helpful').expect(400);
      await t.http().put(`/api/reviews/${review.id}/vote`).send({ vote: 'helpful' }).expect(401);
      expect(await helpfulOf(review.id)).toBe(0);
    });
  });

  it('documents the endpoints in OpenAPI', async () => {
    const doc = await t.http().get('/api/docs-json').expect(200);
    expect(doc.body.paths['/api/reviews/{id}/vote'].put.operationId).toBe('voteReview');
    expect(Object.keys(doc.body.paths)).toEqual(
      expect.arrayContaining(['/api/reviews/addreviews', '/api/reviews/getpostreviews/{bikeId}', '/api/reviews/getuserreviews']),
    );
  });
});
