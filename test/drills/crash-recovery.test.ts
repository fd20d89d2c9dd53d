/**
 * Drill 1 (and 5): kill -9 the server while 20 clients book and pay; start it again on the same data.
 * Every booking the API acknowledged (201) is there, the stock adds up (bike quantity + units of pending_fee and
 * booked rentals == initial), nothing is half-written (every rental has its booking-fee payment and its status
 * agrees with it), and retries with the same Idempotency-Key (before the crash and after the restart) create no
 * duplicates. On the embedded PGlite and, when one answers, on PostgreSQL.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import * as drill from './drill-support.js';

const PG_SERVER = await drill.postgresServerUrl();
const DATABASES = [{ name: 'embedded PGlite', postgres: false }, ...(PG_SERVER ? [{ name: 'PostgreSQL', postgres: true }] : [])];
if (!PG_SERVER) console.warn('crash drill: no PostgreSQL server answers; running on the embedded database only');

const CLIENTS = 20;
const BIKES = 3;
const INITIAL_STOCK = 40;

interface Acknowledged {
  rentalId: string;
  user: drill.DrillUser;
  req: drill.BookingRequest;
}

describe.each(DATABASES)('kill -9 while 20 clients book and pay ($name)', ({ postgres }) => {
  it('keeps every acknowledged booking; stock adds up; nothing half-written; same-key retries make no duplicates', async () => {
    const dataDir = mkdtempSync(join(tmpdir(), 'okb-drill-crash-'));
    const url = postgres ? await drill.freshDatabase(PG_SERVER!, 'okb_drill_crash') : undefined;
    const env = drill.drillEnv(url ? { DATABASE_URL: url } : {});
    let server: drill.ServerProcess | undefined = await drill.startServer(env, { dataDir });
    try {
      const admin = await drill.adminToken(server.baseUrl);
      const bikes: string[] = [];
      for (let i = 0; i < BIKES; i++) bikes.push(await drill.createBike(server.baseUrl, admin, INITIAL_STOCK));
      const users = await drill.createUsers(server.baseUrl, CLIENTS);

      const acknowledged = new Map<string, Acknowledged>(); // by Idempotency-Key
      const feePaid = new Set<string>(); // rental ids whose Pay the sandbox confirmed (303)
      const unanswered: { user: drill.DrillUser; req: drill.BookingRequest }[] = []; // in flight when the server died
      const unexpected: string[] = [];
      let replays = 0;
      const base = server.baseUrl;

      const client = async (i: number) => {
        const user = users[i];
        for (let n = 0; ; n++) {
          const req: drill.BookingRequest = { key: `crash-${i}-${n}-${Date.now()}`, body: { bikeId: bikes[(i + n) % BIKES], startTime: new Date(Date.now() + 86_400_000).toISOString(), quantity: 1 + (n % 2) } };
          let res;
          try {
            res = await drill.book(base, user, req, 15_000);
          } catch {
            unanswered.push({ user, req });
            return;
          }
          if (res.status === 409) continue; // out of stock: fine, try again
          if (res.status !== 201) {
            unexpected.push(`book ${res.status} ${JSON.stringify(res.body)}`);
            return;
          }
          const rentalId = res.body.data.rental._id as string;
          acknowledged.set(req.key, { rentalId, user, req });
          if (n % 3 === 0) {
            // Drill 5: the client did not trust the answer and sends the same request again.
            try {
              const again = await drill.book(base, user, req, 15_000);
              replays++;
              if (again.status !== 201 || again.body.data.rental._id !== rentalId) unexpected.push(`replay ${again.status} ${JSON.stringify(again.body)}`);
            } catch {
              return;
            }
          }
          try {
            if ((await drill.payOnSandbox(base, res.body.data.payment_url, 15_000)) === 303) feePaid.add(rentalId);
          } catch {
            return;
          }
        }
      };
      const clients = users.map((_, i) => client(i));

      // Kill the server mid-load, without warning, once bookings and payments are flowing.
      await drill.waitFor('30 acknowledged bookings', async () => acknowledged.size >= 30 && feePaid.size >= 10, 60_000, 20);
      const killed = server;
      const exited = new Promise((r) => killed.child.once('exit', r));
      killed.child.kill('SIGKILL');
      await exited;
      await Promise.all(clients);
      server = undefined;
      expect(unexpected).toEqual([]);

      // Start again on the same data.
      server = await drill.startServer(env, { dataDir });

      // Retries after the restart, with the same key and body: the booking is made at most once. A key whose
      // first request died after its booking committed but before it was answered answers 409 "still being
      // processed" (its rental exists and holds the stock until the hold lapses).
      const retried = await Promise.all(unanswered.map(({ user, req }) => drill.book(server!.baseUrl, user, req, 30_000)));
      for (const [i, res] of retried.entries()) {
        expect([201, 409]).toContain(res.status);
        if (res.status === 201) acknowledged.set(unanswered[i].req.key, { rentalId: res.body.data.rental._id, ...unanswered[i] });
        else expect(res.body.code).toMatch(/^(IDEMPOTENCY_KEY_IN_PROGRESS|OUT_OF_STOCK)$/);
      }
      // Acknowledged keys replay the same rental after the restart too.
      const sample = [...acknowledged.values()].slice(0, 10);
      for (const a of sample) {
        const again = await drill.book(server.baseUrl, a.user, a.req);
        expect(again.status).toBe(201);
        expect(again.body.data.rental._id).toBe(a.rentalId);
      }
      // The API shows each acknowledged rental to its owner.
      for (const user of users) {
        const mine = await drill.call(server.baseUrl, 'GET', '/api/rentals', { token: user.token });
        expect(mine.status).toBe(200);
        const ids = new Set((mine.body.data as { _id: string }[]).map((r) => r._id));
        for (const a of acknowledged.values()) if (a.user.id === user.id) expect(ids.has(a.rentalId)).toBe(true);
      }
      expect(await server.stop('SIGTERM')).toBe(0);
      server = undefined;

      const ackIds = [...acknowledged.values()].map((a) => a.rentalId);
      const facts = await drill.inspect(url ? { url } : { dataDir }, ackIds);
      // Every acknowledged booking is there.
      expect(facts.found.sort()).toEqual([...new Set(ackIds)].sort());
      // Stock adds up on every bike.
      expect(facts.stock).toHaveLength(BIKES);
      for (const s of facts.stock) expect(s.quantity + s.held).toBe(INITIAL_STOCK);
      // Nothing half-written.
      expect(facts.withoutFee).toBe(0);
      expect(facts.feeMismatch).toBe(0);
      const byId = new Map(facts.feeStatus.map((f) => [f.id, f]));
      for (const id of feePaid) expect(byId.get(id)).toMatchObject({ status: 'booked', feeStatus: 'succeeded' });
      // No duplicates: one key per rental, no two answered keys for the same rental.
      expect(facts.keys.withRental).toBe(facts.rentals);
      expect(facts.keys.distinctRentals).toBe(facts.keys.answered);
      expect(replays).toBeGreaterThan(0);
      console.log(
        `crash drill (${postgres ? 'PostgreSQL' : 'PGlite'}): ${acknowledged.size} bookings acknowledged, ${feePaid.size} fees paid, ` +
          `${unanswered.length} requests in flight at kill -9 (retried: ${retried.filter((r) => r.status === 201).length} x 201, ` +
          `${retried.filter((r) => r.body?.code === 'IDEMPOTENCY_KEY_IN_PROGRESS').length} x 409 in progress), ${facts.rentals} rentals after restart, ` +
          `${replays} same-key replays before the kill`,
      );
    } finally {
      if (server) await server.stop('SIGKILL');
      rmSync(dataDir, { recursive: true, force: true });
    }
  }, 110_000);
});
