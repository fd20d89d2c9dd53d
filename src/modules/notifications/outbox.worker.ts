import { Injectable, Logger, OnApplicationBootstrap, OnApplicationShutdown } from '@nestjs/common';
import { and, asc, desc, eq, isNull, lte, ne, or, sql } from 'drizzle-orm';
import nodemailer, { Transporter } from 'nodemailer';
import { Clock } from '../../common/clock.js';
import { FileStore } from '../../common/storage/file-store.js';
import { absolutizeImageUrls } from '../../common/public-urls.js';
import { AppConfig } from '../../config/app-config.js';
import { TransactionHost } from '../../database/transaction-host.js';
import {
  domainEvents,
  OutboxEmailRow,
  outboxEmails,
  WebhookDeliveryRow,
  webhookAttempts,
  webhookDeliveries,
  webhookEndpoints,
} from '../../database/schema/notifications.js';
import { rentals } from '../../database/schema/rentals.js';
import { DocumentsService } from './documents.service.js';
import { DomainEvents } from '../events/domain-events.service.js';
import { OutboxRenderer, RenderedEmailRow } from './outbox-renderer.js';
import { EVENT_ID_HEADER, loggableUrl, postWebhook, SIGNATURE_HEADER, signWebhook } from './webhook-http.js';
import { loggableError, loggableMessage } from '../../common/loggable-error.js';

const SECOND = 1000;
const MINUTE = 60 * SECOND;
const HOUR = 60 * MINUTE;
/**
 * Rows per claim. A claimed row is leased for OUTBOX_LEASE_MS (if its worker dies, another takes it after), and
 * a lease must outlast the row's own send, or a second instance would take and send it again meanwhile:
 * - emails are sent one after another, so each is claimed alone, right before its own send, and its send
 *   (attachments, connection, SMTP dialogue) has a deadline of 3/4 of the lease (smtpTimeouts);
 * - webhook deliveries of a batch are sent at once, each with a total deadline of WEBHOOK_TIMEOUT_MS, which the
 *   configuration keeps below OUTBOX_LEASE_MS.
 */
const BATCH = 20;
const EMAIL_MAX_ATTEMPTS = 15;
/** Partners get each event for 3 days. */
export const WEBHOOK_RETRY_WINDOW_MS = 3 * 24 * HOUR;

/** Email retries: 30 s, 1 min, 2 min ... at most an hour apart. */
export const emailBackoffMs = (attempt: number): number => Math.min(30 * SECOND * 2 ** (attempt - 1), HOUR);
/** Webhook retries: 10 s, 30 s, 90 s, 4.5 min, 13.5 min, 40 min, 2 h, then every 6 h, until 3 days have passed. */
export const webhookBackoffMs = (attempt: number): number => Math.min(10 * SECOND * 3 ** (attempt - 1), 6 * HOUR);

/** The SMTP client's timeouts and a total deadline per message, all inside a lease of `leaseMs`. */
export function smtpTimeouts(leaseMs: number): {
  deadlineMs: number;
  client: { connectionTimeout: number; greetingTimeout: number; dnsTimeout: number; socketTimeout: number };
} {
  const deadlineMs = Math.floor((leaseMs * 3) / 4);
  const step = Math.min(10 * SECOND, Math.floor(deadlineMs / 3));
  return { deadlineMs, client: { connectionTimeout: step, greetingTimeout: step, dnsTimeout: step, socketTimeout: Math.min(30 * SECOND, deadlineMs) } };
}

export interface RunResult {
  emailsSent: number;
  emailsFailed: number;
  deliveriesSucceeded: number;
  deliveriesFailed: number;
}

/**
 * Sends what the outbox holds: emails over SMTP and webhook deliveries over HTTP, at least once, with back-off.
 * Several instances share the work: a batch is claimed in one statement (`FOR UPDATE SKIP LOCKED` + a lease in
 * next_attempt_at), so two workers never take the same row, and a worker killed mid-send leaves its rows to be
 * taken again when the lease ends. Does not run in NODE_ENV=test unless a test calls start() or runOnce().
 */
@Injectable()
export class OutboxWorker implements OnApplicationBootstrap, OnApplicationShutdown {
  private readonly logger = new Logger('Outbox');
  private timer?: NodeJS.Timeout;
  private reminderTimer?: NodeJS.Timeout;
  private running?: Promise<unknown>;
  private transport?: Transporter;
  private stopped = false;

  constructor(
    private readonly txHost: TransactionHost,
    private readonly config: AppConfig,
    private readonly clock: Clock,
    private readonly documents: DocumentsService,
    private readonly events: DomainEvents,
    private readonly renderer: OutboxRenderer,
    private readonly files: FileStore,
  ) {}

  /**
   * A deleted account (the erasure port, in the deletion's transaction): the emails to the user lose their address
   * and bodies, and a pending one is never sent.
   */
  async eraseRecipient(userId: string): Promise<void> {
    await this.txHost.db
      .update(outboxEmails)
      .set({
        toAddress: `deleted-${userId}@deleted.invalid`,
        html: '<p>Removed: the account was deleted.</p>',
        textBody: 'Removed: the account was deleted.',
        status: sql`case when ${outboxEmails.status} = 'pending' then 'failed' else ${outboxEmails.status} end`,
        lastError: sql`case when ${outboxEmails.status} = 'pending' then 'account deleted' else ${outboxEmails.lastError} end`,
      })
      .where(eq(outboxEmails.userId, userId));
  }

  onApplicationBootstrap(): void {
    if (this.config.env.NODE_ENV !== 'test') this.start();
  }

  async onApplicationShutdown(): Promise<void> {
    this.stop();
    await this.running?.catch(() => undefined);
    this.transport?.close();
  }

  /** Starts the periodic sending and reminder scan (tests start it explicitly). */
  start(): void {
    this.stopped = false;
    if (this.timer) return;
    this.timer = setInterval(() => void this.tick(), this.config.env.OUTBOX_INTERVAL_MS);
    this.timer.unref();
    this.reminderTimer = setInterval(() => void this.tick(true), this.config.env.REMINDER_INTERVAL_MS);
    this.reminderTimer.unref();
    void this.tick(true);
  }

  stop(): void {
    this.stopped = true;
    clearInterval(this.timer);
    clearInterval(this.reminderTimer);
    this.timer = this.reminderTimer = undefined;
  }

  private async tick(reminders = false): Promise<void> {
    if (this.running || this.stopped) return;
    const run = (async () => {
      try {
        if (reminders) await this.scheduleReminders();
        await this.runOnce();
      } catch (e) {
        this.logger.error(`outbox run failed: ${loggableError(e)}`);
      }
    })();
    this.running = run;
    await run;
    this.running = undefined;
  }

  /** Sends everything due now (emails and webhooks), batch after batch. */
  async runOnce(): Promise<RunResult> {
    const result: RunResult = { emailsSent: 0, emailsFailed: 0, deliveriesSucceeded: 0, deliveriesFailed: 0 };
    for (let round = 0; round < 50; round++) {
      const deliveries = await this.claimDeliveries();
      let emails = 0;
      await Promise.all([
        (async () => {
          // One at a time: each email's lease starts when its own send does.
          for (; this.config.env.SMTP_URL && emails < BATCH; emails++) {
            const [e] = await this.claimEmails(1);
            if (!e) break;
            if (await this.sendEmail(e)) result.emailsSent++;
            else result.emailsFailed++;
          }
        })(),
        Promise.all(
          deliveries.map(async (d) => {
            if (await this.deliver(d)) result.deliveriesSucceeded++;
            else result.deliveriesFailed++;
          }),
        ),
      ]);
      if (!emails && !deliveries.length) break;
    }
    return result;
  }

  // ------------------------------------------------------------------------------------------------ email

  private async claimEmails(limit: number): Promise<OutboxEmailRow[]> {
    const now = this.clock.now();
    // array(...) runs the locking subquery once: as `id in (subquery)` the planner may run it again for every row
    // it updates, and each run finds another due row, so one claim took every due row whatever the limit.
    const due = this.txHost.db
      .select({ id: outboxEmails.id })
      .from(outboxEmails)
      .where(and(eq(outboxEmails.status, 'pending'), lte(outboxEmails.nextAttemptAt, now)))
      .orderBy(asc(outboxEmails.nextAttemptAt), asc(outboxEmails.id))
      .limit(limit)
      .for('update', { skipLocked: true });
    return this.txHost.db
      .update(outboxEmails)
      .set({ nextAttemptAt: new Date(now.getTime() + this.config.env.OUTBOX_LEASE_MS), attempts: sql`${outboxEmails.attempts} + 1` })
      .where(and(sql`${outboxEmails.id} = any(array(${due}))`, eq(outboxEmails.status, 'pending')))
      .returning();
  }

  private mailer(): Transporter {
    // nodemailer's own defaults (2 min to connect, 10 min of silence) are far longer than a lease.
    const { client } = smtpTimeouts(this.config.env.OUTBOX_LEASE_MS);
    this.transport ??= nodemailer.createTransport({ url: this.config.env.SMTP_URL!, ...client } as Parameters<typeof nodemailer.createTransport>[0]);
    return this.transport;
  }

  /** `work`, or an error once `ms` have passed (the send is then retried like any failed one). */
  private async within<T>(ms: number, work: Promise<T>): Promise<T> {
    let timer: NodeJS.Timeout | undefined;
    const deadline = new Promise<never>((_, reject) => {
      timer = setTimeout(() => reject(new Error(`not sent within ${ms} ms (the claim's lease is ${this.config.env.OUTBOX_LEASE_MS} ms)`)), ms);
      timer.unref();
    });
    try {
      return await Promise.race([work, deadline]);
    } finally {
      clearTimeout(timer);
    }
  }

  private async sendEmail(row: OutboxEmailRow): Promise<boolean> {
    try {
      const [rendered] = await this.renderer.rendered([row]);
      if (!rendered) throw new Error('its event is gone: nothing to render');
      await this.within(smtpTimeouts(this.config.env.OUTBOX_LEASE_MS).deadlineMs, this.transmit(rendered));
      await this.txHost.db.update(outboxEmails).set({ status: 'sent', sentAt: this.clock.now(), lastError: null }).where(eq(outboxEmails.id, row.id));
      return true;
    } catch (e) {
      const giveUp = row.attempts >= EMAIL_MAX_ATTEMPTS;
      await this.txHost.db
        .update(outboxEmails)
        .set({
          status: giveUp ? 'failed' : 'pending',
          lastError: (e as Error).message.slice(0, 500),
          nextAttemptAt: new Date(this.clock.now().getTime() + emailBackoffMs(row.attempts)),
        })
        .where(eq(outboxEmails.id, row.id));
      this.logger.warn(`email ${row.id} to ${row.toAddress} failed (attempt ${row.attempts}${giveUp ? ', giving up' : ''}): ${loggableMessage(e)}`);
      return false;
    }
  }

  /** The PDFs it carries and the SMTP dialogue. */
  private async transmit(row: RenderedEmailRow): Promise<void> {
    const attachments = [];
    for (const a of row.attachments ?? []) {
      if (a.kind === 'calendar') {
        attachments.push(await this.documents.calendar(a.refId));
        continue;
      }
      if (a.kind === 'photo') {
        // A condition photo of the check-in summary; one deleted since is left out rather than holding the message.
        const bytes = await this.files.get(a.refId);
        if (bytes) attachments.push({ filename: a.refId.split('/').pop() ?? 'photo.jpg', content: bytes, contentType: 'image/jpeg' });
        continue;
      }
      const file =
        a.kind === 'receipt' ? await this.documents.receipt(a.refId) : a.kind === 'gift_card' ? await this.documents.giftCard(a.refId) : await this.documents.invoice(a.refId);
      attachments.push({ filename: file.filename, content: file.content, contentType: 'application/pdf' });
    }
    await this.mailer().sendMail({
      from: this.config.env.MAIL_FROM,
      to: row.toAddress,
      subject: row.subject,
      html: row.html,
      text: row.textBody,
      // Stable per message: a message sent twice (a crash right after the SMTP answer) is recognisably the same.
      messageId: `<${row.id}@okaybike.outbox>`,
      headers: { 'X-OkayBike-Message-Kind': row.kind },
      attachments,
    });
  }

  // ------------------------------------------------------------------------------------------------ webhooks

  private async claimDeliveries(onlyId?: string): Promise<WebhookDeliveryRow[]> {
    const now = this.clock.now();
    const leaseEnd = new Date(now.getTime() + this.config.env.OUTBOX_LEASE_MS);
    const due = this.txHost.db
      .select({ id: webhookDeliveries.id })
      .from(webhookDeliveries)
      .where(
        and(
          eq(webhookDeliveries.status, 'pending'),
          lte(webhookDeliveries.nextAttemptAt, now),
          or(isNull(webhookDeliveries.leasedUntil), lte(webhookDeliveries.leasedUntil, now)),
          onlyId ? eq(webhookDeliveries.id, onlyId) : undefined,
        ),
      )
      .orderBy(asc(webhookDeliveries.nextAttemptAt), asc(webhookDeliveries.id))
      .limit(BATCH)
      .for('update', { skipLocked: true });
    return this.txHost.db
      .update(webhookDeliveries)
      .set({ nextAttemptAt: leaseEnd, leasedUntil: leaseEnd, attempts: sql`${webhookDeliveries.attempts} + 1` })
      .where(and(sql`${webhookDeliveries.id} = any(array(${due}))`, eq(webhookDeliveries.status, 'pending')))
      .returning();
  }

  /** Delivers one pending delivery now (test event, manual resend); false when it is not pending or another worker holds it. */
  async deliverNow(deliveryId: string): Promise<boolean> {
    const [row] = await this.claimDeliveries(deliveryId);
    return row ? this.deliver(row) : false;
  }

  private async deliver(d: WebhookDeliveryRow): Promise<boolean> {
    const [endpoint] = await this.txHost.db.select().from(webhookEndpoints).where(eq(webhookEndpoints.id, d.endpointId));
    const [event] = await this.txHost.db.select().from(domainEvents).where(eq(domainEvents.id, d.eventId));
    if (!endpoint || !event) {
      await this.txHost.db.update(webhookDeliveries).set({ status: 'failed', lastError: 'endpoint or event deleted', leasedUntil: null }).where(eq(webhookDeliveries.id, d.id));
      return false;
    }
    // Partners are API clients on another origin: image paths become absolute URLs, as in the API's answers (issue 12).
    const origin = this.config.env.PUBLIC_URL ? new URL(this.config.env.PUBLIC_URL).origin : undefined;
    const data = origin ? absolutizeImageUrls(event.data, origin) : event.data;
    const body = JSON.stringify({ id: event.id, type: event.type, createdAt: event.createdAt.toISOString(), data });
    const t = Math.floor(this.clock.now().getTime() / 1000);
    const result = await postWebhook(
      endpoint.url,
      body,
      { [SIGNATURE_HEADER]: signWebhook(endpoint.secret, body, t), [EVENT_ID_HEADER]: event.id, 'X-OkayBike-Event-Type': event.type },
      { timeoutMs: this.config.env.WEBHOOK_TIMEOUT_MS, allowPrivate: this.config.env.WEBHOOK_ALLOW_PRIVATE_TARGETS },
    );
    const ok = result.statusCode !== null && result.statusCode >= 200 && result.statusCode < 300;
    const now = this.clock.now();
    const expired = now.getTime() - d.createdAt.getTime() >= WEBHOOK_RETRY_WINDOW_MS;
    await this.txHost.run(async () => {
      await this.txHost.db.insert(webhookAttempts).values({
        deliveryId: d.id,
        attemptedAt: now,
        statusCode: result.statusCode,
        latencyMs: result.latencyMs,
        error: result.error,
        responseExcerpt: result.excerpt,
      });
      await this.txHost.db
        .update(webhookDeliveries)
        .set(
          ok
            ? { status: 'succeeded', deliveredAt: now, lastStatusCode: result.statusCode, lastError: null, leasedUntil: null }
            : {
                status: expired ? 'failed' : 'pending',
                leasedUntil: null,
                lastStatusCode: result.statusCode,
                lastError: result.error ?? `HTTP ${result.statusCode}`,
                nextAttemptAt: new Date(now.getTime() + webhookBackoffMs(d.attempts)),
              },
        )
        .where(eq(webhookDeliveries.id, d.id));
    });
    if (!ok) this.logger.warn(`webhook ${event.type} ${event.id} to ${loggableUrl(endpoint.url)}: ${result.error ?? `HTTP ${result.statusCode}`} (attempt ${d.attempts})`);
    if (!ok && expired) await this.pauseIfFailing(endpoint.id, endpoint.url);
    return ok;
  }

  /**
   * An endpoint that keeps failing is paused (enabled = false: no new events are queued for it) once
   * WEBHOOK_PAUSE_AFTER_FAILED_DELIVERIES of its deliveries in a row gave up (failed through the whole retry
   * window); an admin turns it on again (PATCH webhooks/{id} {enabled: true}) when the partner has fixed it.
   */
  private async pauseIfFailing(endpointId: string, url: string): Promise<void> {
    const limit = this.config.env.WEBHOOK_PAUSE_AFTER_FAILED_DELIVERIES;
    const last = await this.txHost.db
      .select({ status: webhookDeliveries.status })
      .from(webhookDeliveries)
      .where(and(eq(webhookDeliveries.endpointId, endpointId), ne(webhookDeliveries.status, 'pending')))
      .orderBy(desc(webhookDeliveries.createdAt), desc(webhookDeliveries.id))
      .limit(limit);
    if (last.length < limit || last.some((r) => r.status !== 'failed')) return;
    const paused = await this.txHost.db
      .update(webhookEndpoints)
      .set({ enabled: false, updatedAt: this.clock.now() })
      .where(and(eq(webhookEndpoints.id, endpointId), eq(webhookEndpoints.enabled, true)))
      .returning({ id: webhookEndpoints.id });
    if (paused.length) this.logger.warn(`webhook endpoint ${endpointId} (${loggableUrl(url)}) paused: its last ${limit} deliveries failed`);
  }

  // ------------------------------------------------------------------------------------------------ reminders

  private endTimeColumn?: boolean;

  /** Whether the rental engine's `end_time` column exists (return-due and overdue messages need it). */
  private async hasEndTime(): Promise<boolean> {
    if (this.endTimeColumn === undefined) {
      const rows = await this.txHost.db.execute(
        sql`select 1 from information_schema.columns where table_schema = current_schema() and table_name = 'rentals' and column_name = 'end_time'`,
      );
      this.endTimeColumn = rowsOf(rows).length > 0;
    }
    return this.endTimeColumn;
  }

  /**
   * Writes the time-driven messages that are due, once per rental and kind (a unique dedupe key): the pick-up
   * reminder REMINDER_HOURS_BEFORE_START before the start (for bookings made earlier than that), and with the
   * rental engine's fixed windows, "return due soon" RETURN_DUE_SOON_MINUTES before the end and "overdue" after
   * the end plus LATE_GRACE_MINUTES. Returns how many messages it wrote.
   */
  async scheduleReminders(): Promise<number> {
    const now = this.clock.now();
    const env = this.config.env as typeof this.config.env & { LATE_GRACE_MINUTES?: number };
    const before = env.REMINDER_HOURS_BEFORE_START * HOUR;
    let written = 0;
    const emit = async (ids: string[], type: 'rental.pickup_reminder' | 'rental.return_due_soon' | 'rental.overdue') => {
      for (const id of ids) {
        const done = await this.txHost.run(() => this.events.rental(type, id, { dedupeKey: `${type}:${id}` }));
        if (done) written++;
      }
    };
    const notSent = (type: string) =>
      sql`not exists (select 1 from ${outboxEmails} where ${outboxEmails.dedupeKey} = ${type} || ':' || ${rentals.id}::text)`;
    const pickup = await this.txHost.db
      .select({ id: rentals.id })
      .from(rentals)
      .where(
        and(
          eq(rentals.status, 'booked'),
          sql`${rentals.startTime} > ${now.toISOString()}::timestamptz`,
          sql`${rentals.startTime} <= ${new Date(now.getTime() + before).toISOString()}::timestamptz`,
          sql`${rentals.startTime} - ${rentals.createdAt} > ${`${before / 1000} seconds`}::interval`,
          notSent('rental.pickup_reminder'),
        ),
      )
      .limit(200);
    await emit(
      pickup.map((r) => r.id),
      'rental.pickup_reminder',
    );
    if (await this.hasEndTime()) {
      const soon = new Date(now.getTime() + this.config.env.RETURN_DUE_SOON_MINUTES * MINUTE).toISOString();
      const grace = `${(env.LATE_GRACE_MINUTES ?? 30) * 60} seconds`;
      const due = await this.txHost.db.execute(sql`
        select id::text as id from rentals
         where status = 'booked' and end_time is not null
           and end_time > ${now.toISOString()}::timestamptz and end_time <= ${soon}::timestamptz
           and start_time <= ${now.toISOString()}::timestamptz
           and not exists (select 1 from outbox_emails where dedupe_key = 'rental.return_due_soon:' || rentals.id::text)
         limit 200`);
      await emit(rowsOf(due).map((r) => String(r.id)), 'rental.return_due_soon');
      const overdue = await this.txHost.db.execute(sql`
        select id::text as id from rentals
         where status = 'booked' and end_time is not null
           and end_time + ${grace}::interval < ${now.toISOString()}::timestamptz
           and not exists (select 1 from outbox_emails where dedupe_key = 'rental.overdue:' || rentals.id::text)
         limit 200`);
      await emit(rowsOf(overdue).map((r) => String(r.id)), 'rental.overdue');
    }
    return written;
  }
}

const rowsOf = (res: unknown): Record<string, unknown>[] =>
  ((res as { rows?: Record<string, unknown>[] }).rows ?? (res as Record<string, unknown>[])) || [];
