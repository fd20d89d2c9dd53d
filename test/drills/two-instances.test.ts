/**
 * Drill 4 (and 5): two app instances on one PostgreSQL database (same JWT_SECRET), 200 simultaneous bookings of
 * the last unit, half on each: exactly one succeeds, the others are told it is rented (409 OUT_OF_STOCK). Then
 * every request is retried with the same Idempotency-Key on the OTHER instance: each gets its first answer back
 * (the winner its same rental), and nothing new is booked. Runs when a PostgreSQL server answers.
 *
 * Issue 28, finding 2: two instances started at the same moment on an EMPTY database both come up (the migrations,
 * extensions included, run under a PostgreSQL advisory lock: without it the second crashed on
 * `23505 duplicate key value violates unique constraint "pg_extension_name_index"`).
 */
import * as drill from './drill-support.js';

const PG_SERVER = await drill.postgresServerUrl();
if (!PG_SERVER) console.warn('two-instance drill skipped: no PostgreSQL server answers');
const describePg = PG_SERVER ? describe : describe.skip;

describePg('two instances on one PostgreSQL', () => {
  it('two instances started at once on an empty database both come up and share one migrated schema', async () => {
    const url = await drill.freshDatabase(PG_SERVER!, `${drill.DRILL_DB_PREFIX}start_race`);
    const env = drill.drillEnv({ DATABASE_URL: url });
    const started = await Promise.allSettled([drill.startServer(env), drill.startServer(env), drill.startServer(env)]);
    const up = started.flatMap((s) => (s.status === 'fulfilled' ? [s.value] : []));
    try {
      expect(started.filter((s) => s.status === 'rejected').map((s) => String((s as PromiseRejectedResult).reason).slice(0, 600))).toEqual([]);
      for (const server of up) expect((await drill.call(server.baseUrl, 'GET', '/api/health/ready')).status).toBe(200);
      const migrations = await drill.withSql({ url }, (q) => q('select count(*)::int as n from drizzle.__drizzle_migrations'));
      expect(migrations[0].n).toBeGreaterThan(0);
      const admins = await drill.withSql({ url }, (q) => q(`select count(*)::int as n from users where email = $1`, [drill.DRILL_ADMIN.email]));
      expect(admins[0].n).toBe(1);
    } finally {
      await Promise.all(up.map((s) => s.stop('SIGKILL')));
    }
  }, 120_000);


  let a: drill.ServerProcess | undefined;
  let b: drill.ServerProcess | undefined;
  afterAll(async () => {
    await Promise.all([a?.stop('SIGKILL'), b?.stop('SIGKILL')]);
  });

  it('200 simultaneous bookings of the last unit, split between them: exactly one succeeds; same-key retries on the other instance replay', async () => {
    const url = await drill.freshDatabase(PG_SERVER!, `${drill.DRILL_DB_PREFIX}race`);
    // 200 bookings queue on one bike's row lock: on a busy machine a booking can wait longer than the 3 s default
    // statement limit, which is an outage answer (503) and not what this race is about; the limit itself is
    // database-outage.test.ts's drill (as the API suites, test/support/test-app.ts).
    const env = drill.drillEnv({ DATABASE_URL: url, DATABASE_TIMEOUT_MS: '30000' });
    // One after the other: the first applies the migrations.
    a = await drill.startServer(env);
    b = await drill.startServer(env);
    const admin = await drill.adminToken(a.baseUrl);
    const bikeId = await drill.createBike(a.baseUrl, admin, 1, 'The Last Unit');
    // Tokens from instance A work on B: the instances share JWT_SECRET.
    const users = await drill.createUsers(a.baseUrl, 20, 'race');
    expect((await drill.call(b.baseUrl, 'GET', '/api/users/me', { token: users[0].token })).status).toBe(200);

    const startTime = drill.tomorrow();
    const attempts = Array.from({ length: 200 }, (_, i) => ({
      user: users[i % users.length],
      server: i % 2 === 0 ? a! : b!,
      other: i % 2 === 0 ? b! : a!,
      req: { key: `race-${i}`, body: { bikeId, startTime, quantity: 1 } } as drill.BookingRequest,
    }));
    const first = await Promise.all(attempts.map((x) => drill.book(x.server.baseUrl, x.user, x.req, 60_000)));

    const won = first.filter((r) => r.status === 201);
    expect(won).toHaveLength(1);
    const lost = first.filter((r) => r.status !== 201);
    expect(lost.filter((r) => !(r.status === 409 && r.body.code === 'OUT_OF_STOCK')).map((r) => `${r.status} ${JSON.stringify(r.body)}`)).toEqual([]);
    const rentalId = won[0].body.data.rental._id as string;
    const winnerOn = attempts[first.indexOf(won[0])].server === a ? 'A' : 'B';

    // Drill 5: the same requests again, each on the other instance, all at once.
    const again = await Promise.all(attempts.map((x) => drill.book(x.other.baseUrl, x.user, x.req, 60_000)));
    for (const [i, r] of again.entries()) {
      expect(r.status).toBe(first[i].status);
      if (r.status === 201) expect(r.body.data.rental._id).toBe(rentalId);
      else expect(r.body.code).toBe('OUT_OF_STOCK');
    }

    const bike = await drill.call(b.baseUrl, 'GET', `/api/bikes/${bikeId}`);
    // The booking is for tomorrow: today's figure (units free now) is unchanged (issue 10); the unit is held below.
    expect(bike.body.data.quantity).toBe(1);
    const facts = await drill.inspect({ url }, [rentalId]);
    expect(facts.rentals).toBe(1);
    expect(facts.found).toEqual([rentalId]);
    expect(facts.stock).toEqual([{ bikeId, quantity: 0, held: 1 }]);
    expect(facts.withoutFee).toBe(0);
    expect(facts.keys).toEqual({ withRental: 1, answered: 1, distinctRentals: 1 });
    console.log(`two-instance drill: 200 bookings of the last unit -> 1 x 201 (on instance ${winnerOn}), 199 x 409 OUT_OF_STOCK; 200 same-key retries on the other instance replayed the same answers`);
  }, 110_000);
});
