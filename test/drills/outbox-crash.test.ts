/**
 * Issue 16 drill: kill -9 the built server while clients sign up, book and pay; the outbox worker is sending
 * emails to a real SMTP server and webhook events to a receiver on 127.0.0.1 the whole time. Start it again on
 * the same data: every event the committed state implies has its outbox rows (written in the same transaction),
 * and every message and webhook event arrives; after deduplicating on the Message-ID / X-OkayBike-Event-Id each
 * recipient has each exactly once, and the raw duplicates (sent just before the kill, marked after) are counted.
 *
 * The delivery guarantee asserted here is AT LEAST ONCE, and EXACTLY ONCE AFTER DEDUPLICATION: every email the
 * committed state implies reaches its recipient at least once, and every webhook event of a subscribed type
 * reaches the endpoint at least once; grouped by Message-ID (emails) or event id (webhooks), each appears for
 * exactly one outbox row / domain event, so a recipient that drops repeats of an id it has seen sees each once.
 * A raw repeat is allowed only for a row some worker claimed more than once (it was on the wire at the kill).
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { SmtpSink, startSmtpSink } from '../support/smtp-sink.js';
import { startWebhookReceiver, WebhookReceiver } from '../support/webhook-receiver.js';
import * as drill from './drill-support.js';

const PG_SERVER = await drill.postgresServerUrl();
const DATABASES = [{ name: 'embedded PGlite', postgres: false }, ...(PG_SERVER ? [{ name: 'PostgreSQL', postgres: true }] : [])];
const CLIENTS = 12;
/** The events the drill's endpoint subscribes to (others, such as user.signed_up or bike.created, are not sent to it). */
const SUBSCRIBED = ['rental.created', 'rental.booked', 'payment.succeeded', 'rental.cancelled'];

describe.each(DATABASES)('kill -9 during a burst of bookings: the outbox delivers everything ($name)', ({ postgres }) => {
  let smtp: SmtpSink;
  let hooks: WebhookReceiver;
  beforeAll(async () => {
    smtp = await startSmtpSink();
    hooks = await startWebhookReceiver();
  });
  afterAll(async () => {
    await smtp.close();
    await hooks.close();
  });

  it('every outbox message and webhook event arrives, once per recipient after deduplication', async () => {
    const dataDir = mkdtempSync(join(tmpdir(), 'okb-drill-outbox-'));
    const url = postgres ? await drill.freshDatabase(PG_SERVER!, 'okb_drill_notify_outbox') : undefined;
    const env = drill.drillEnv({
      ...(url ? { DATABASE_URL: url } : {}),
      SMTP_URL: smtp.url,
      WEBHOOK_ALLOW_PRIVATE_TARGETS: 'true',
      OUTBOX_INTERVAL_MS: '150',
      // Rows claimed just before the kill are taken again when their lease ends: a short one keeps the drill short.
      OUTBOX_LEASE_MS: '6000',
      WEBHOOK_TIMEOUT_MS: '3000',
      REMINDER_HOURS_BEFORE_START: '2',
    });
    let server: drill.ServerProcess | undefined = await drill.startServer(env, { dataDir, timeoutMs: 180_000 });
    try {
      const admin = await drill.adminToken(server.baseUrl);
      const hook = await drill.call(server.baseUrl, 'POST', '/api/webhooks', {
        token: admin,
        body: { url: hooks.url, events: SUBSCRIBED },
      });
      expect(hook.status).toBe(201);
      const endpointId = hook.body.data._id as string;
      const bikes = [await drill.createBike(server.baseUrl, admin, 60), await drill.createBike(server.baseUrl, admin, 60)];
      const users = await drill.createUsers(server.baseUrl, CLIENTS, 'outbox');
      const base = server.baseUrl;
      let acknowledged = 0;
      let paid = 0;
      let cancelled = 0;
      const client = async (user: drill.DrillUser, i: number) => {
        for (let n = 0; ; n++) {
          const req: drill.BookingRequest = { key: `outbox-${i}-${n}-${Date.now()}`, body: { bikeId: bikes[(i + n) % 2], startTime: new Date(Date.now() + 86_400_000).toISOString(), quantity: 1 } };
          try {
            const res = await drill.book(base, user, req, 15_000);
            if (res.status !== 201) continue;
            acknowledged++;
            // Every fourth payer gives up at the gateway: the booking is cancelled (rental.cancelled, its email).
            if (n % 4 === 3) {
              if ((await drill.payOnSandbox(base, res.body.data.payment_url, 15_000, 'cancel')) === 303) cancelled++;
            } else if ((await drill.payOnSandbox(base, res.body.data.payment_url, 15_000)) === 303) paid++;
          } catch {
            return; // the server is gone
          }
        }
      };
      const clients = users.map((u, i) => client(u, i));
      await drill.waitFor('bookings and deliveries flowing', async () => acknowledged >= 25 && paid >= 10 && cancelled >= 3 && smtp.messages.length >= 5 && hooks.received.length >= 5, 90_000, 20);
      const exited = new Promise((r) => server!.child.once('exit', r));
      server.child.kill('SIGKILL');
      await exited;
      await Promise.all(clients);
      server = undefined;

      // Again on the same data: the worker picks up what was left (lapsed leases included).
      server = await drill.startServer(env, { dataDir, timeoutMs: 180_000 });
      const token = await drill.adminToken(server.baseUrl);
      const pendingCount = async () => {
        const emails = await drill.call(server!.baseUrl, 'GET', '/api/notifications/emails?status=pending&limit=1', { token });
        return Number(emails.body.data.total);
      };
      const undelivered = async () => {
        let left = 0;
        for (let page = 1; ; page++) {
          const res = await drill.call(server!.baseUrl, 'GET', `/api/webhooks/${endpointId}/deliveries?page=${page}&limit=100`, { token });
          left += (res.body.data.deliveries as { status: string }[]).filter((d) => d.status !== 'succeeded').length;
          if (page >= res.body.data.totalPages) return left;
        }
      };
      // Leases of rows claimed just before the kill end after OUTBOX_LEASE_MS.
      await drill.waitFor('outbox drained', async () => (await pendingCount()) === 0 && (await undelivered()) === 0, 200_000, 500);
      expect(await server.stop('SIGTERM')).toBe(0);
      server = undefined;

      const facts = await drill.withSql(url ? { url } : { dataDir }, async (q) => ({
        emails: (await q(`select id::text as id, kind, to_address, status, attempts from outbox_emails`)).map((r) => ({
          id: String(r.id),
          kind: String(r.kind),
          to_address: String(r.to_address),
          status: String(r.status),
          attempts: Number(r.attempts),
        })),
        deliveries: (await q(`select event_id::text as id, event_type, status, attempts, leased_until from webhook_deliveries`)).map((r) => ({
          id: String(r.id),
          type: String(r.event_type),
          status: String(r.status),
          attempts: Number(r.attempts),
          leased: r.leased_until !== null,
        })),
        // A booking is announced (rental.created) in the step that attaches its fee's checkout (BookingService's
        // confirm step), after the gateway call. A rental the kill caught between reserving and that step was never
        // confirmed: nobody got its 201 or its payment page, and nothing is announced for it (its hold lapses).
        rentals: Number((await q(`select count(*)::int as n from rentals r where exists (select 1 from payments p where p.rental_id = r.id and p.kind = 'booking_fee' and p.provider_ref is not null)`))[0].n),
        unconfirmed: (await q(`select r.id::text as id from rentals r where not exists (select 1 from payments p where p.rental_id = r.id and p.kind = 'booking_fee' and p.provider_ref is not null)`)).map((r) => String(r.id)),
        announced: new Set((await q(`select distinct data->>'_id' as id from domain_events where type like 'rental.%'`)).map((r) => String(r.id))),
        booked: Number((await q(`select count(*)::int as n from rentals where status in ('booked', 'returned', 'paid')`))[0].n),
        // An unconfirmed booking that lapses is cancelled without a word (announceLapsedBooking): count the others.
        cancelled: Number((await q(`select count(*)::int as n from rentals r where status = 'cancelled' and exists (select 1 from payments p where p.rental_id = r.id and p.kind = 'booking_fee' and p.provider_ref is not null)`))[0].n),
        users: Number((await q(`select count(*)::int as n from users where role = 'user'`))[0].n),
        events: Object.fromEntries((await q(`select type, count(*)::int as n from domain_events group by type`)).map((r) => [String(r.type), Number(r.n)])),
      }));

      // The events match the committed state: written in the same transactions, nothing lost to the kill.
      expect(facts.events['rental.created']).toBe(facts.rentals);
      // At most one unconfirmed rental per client in flight at the kill, and none of them announced.
      expect(facts.unconfirmed.length).toBeLessThanOrEqual(CLIENTS);
      expect(facts.unconfirmed.filter((id) => facts.announced.has(id))).toEqual([]);
      expect(facts.announced.size).toBe(facts.rentals);
      expect(facts.events['rental.booked']).toBe(facts.booked);
      expect(facts.events['rental.cancelled'] ?? 0).toBe(facts.cancelled);
      expect(facts.events['user.signed_up']).toBe(facts.users);
      const byKind = (kind: string) => facts.emails.filter((e) => e.kind === kind).length;
      expect(byKind('welcome')).toBe(facts.users);
      expect(byKind('booking_confirmed')).toBe(facts.booked);
      expect(byKind('payment_received')).toBe(facts.booked);
      expect(facts.emails.every((e) => e.status === 'sent')).toBe(true);
      expect(facts.deliveries.every((d) => d.status === 'succeeded' && !d.leased)).toBe(true);
      // One cancellation email per cancelled rental (the sweep or the payer's cancel at the gateway).
      expect(byKind('cancelled')).toBe(facts.cancelled);
      // One webhook delivery per domain event of each subscribed type, and none of any other type.
      const deliveriesOf = (type: string) => facts.deliveries.filter((d) => d.type === type).length;
      for (const type of SUBSCRIBED) expect([type, deliveriesOf(type)]).toEqual([type, facts.events[type] ?? 0]);
      expect(facts.deliveries.filter((d) => !SUBSCRIBED.includes(d.type))).toEqual([]);

      // Every email arrived at its recipient: each outbox row's Message-ID at least once, nothing else.
      const arrived = new Map<string, number>();
      for (const m of smtp.messages) arrived.set(m.messageId, (arrived.get(m.messageId) ?? 0) + 1);
      const expectedIds = facts.emails.map((e) => `<${e.id}@okaybike.outbox>`);
      expect([...arrived.keys()].sort()).toEqual([...expectedIds].sort());
      for (const m of smtp.messages) {
        const row = facts.emails.find((e) => `<${e.id}@okaybike.outbox>` === m.messageId)!;
        expect(m.envelopeTo).toEqual([row.to_address]);
      }
      // Every webhook event arrived, each event id at least once.
      const events = new Map<string, number>();
      for (const h of hooks.received) events.set(h.body.id, (events.get(h.body.id) ?? 0) + 1);
      expect([...events.keys()].sort()).toEqual(facts.deliveries.map((d) => d.id).sort());
      // ... and per type, after deduplicating on the event id: as many as the domain events of that type.
      const uniqueByType = new Map<string, Set<string>>();
      for (const h of hooks.received) uniqueByType.set(h.body.type, (uniqueByType.get(h.body.type) ?? new Set()).add(h.body.id));
      for (const type of SUBSCRIBED) expect([type, uniqueByType.get(type)?.size ?? 0]).toEqual([type, facts.events[type] ?? 0]);
      // Cancellation emails arrived, deduplicated on Message-ID, once per cancelled rental.
      const cancelIds = new Set(smtp.messages.filter((m) => m.headers['x-okaybike-message-kind'] === 'cancelled').map((m) => m.messageId));
      expect(cancelIds.size).toBe(facts.cancelled);
      // A raw duplicate can only be a row that was being sent when the process died (taken again after its lease).
      const dupEmails = [...arrived.entries()].filter(([, n]) => n > 1).map(([id]) => id);
      const dupHooks = [...events.entries()].filter(([, n]) => n > 1).map(([id]) => id);
      for (const id of dupEmails) expect(facts.emails.find((e) => `<${e.id}@okaybike.outbox>` === id)!.attempts).toBeGreaterThan(1);
      for (const id of dupHooks) expect(facts.deliveries.find((d) => d.id === id)!.attempts).toBeGreaterThan(1);
      console.log(
        `outbox drill (${postgres ? 'PostgreSQL' : 'PGlite'}): ${facts.rentals} rentals (${facts.booked} booked; ${facts.unconfirmed.length} reserved but not confirmed at the kill), ${facts.emails.length} emails and ` +
          `${facts.deliveries.length} webhook events all delivered (${SUBSCRIBED.map((t) => `${t} ${deliveriesOf(t)}`).join(', ')}), ${facts.cancelled} cancelled; ` +
          `raw duplicates from the kill: ${dupEmails.length} emails, ${dupHooks.length} webhooks`,
      );
    } finally {
      if (server) await server.stop('SIGKILL');
      rmSync(dataDir, { recursive: true, force: true });
    }
  }, 600_000);
});
