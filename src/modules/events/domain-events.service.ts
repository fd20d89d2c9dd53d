import { Injectable } from '@nestjs/common';
import { eq, sql } from 'drizzle-orm';
import { Clock } from '../../common/clock.js';
import { AppConfig } from '../../config/app-config.js';
import { TransactionHost } from '../../database/transaction-host.js';
import { domainEvents, outboxEmails, webhookDeliveries, webhookEndpoints } from '../../database/schema/notifications.js';
import { users } from '../../database/schema/users.js';
import { DomainEventType, EMAIL_FOR_EVENT, isWebhookEvent } from './events.js';

export interface DomainEventInput {
  type: DomainEventType;
  /** The payload: the producer's own DTO of the thing (RentalDto, PaymentDto, BikeDto, UserDto). */
  data: unknown;
  /** The customer to email (when the event has an email); default: data.userId._id of a rental. */
  userId?: string | null;
  /** Scheduled messages: at most one event per key (a second record with the same key does nothing). */
  dedupeKey?: string;
  /** The email goes to this address (not the account's) and not before `at` (a scheduled send). */
  email?: { to: string; at?: Date };
  /** The account's own address, when the producer read it with its subject (saves reading it again). */
  userEmail?: string;
}

/** What an event is about, as its producer shows it: its DTO and the customer it concerns. */
export interface EventSubject {
  data: unknown;
  userId: string | null;
  /** The customer's account address, when the loader read it anyway. */
  userEmail?: string;
}

/** The things events are recorded about by id (`events.rental(type, id)`); their modules load them. */
export type SubjectKind = 'rental' | 'payment';
export type SubjectLoader = (id: string) => Promise<EventSubject | undefined>;
/** Runs in the recording transaction before the event is written (e.g. notifications numbers a receipt). */
export type RecordHook = (event: { type: DomainEventType; data: unknown; userId: string | null }) => Promise<void>;

/**
 * The event port, at the bottom of the module layers (README, "Module layers"): the one call the rest of the
 * server makes when something happened that someone is told about, `await this.events.record({ type, data, userId })`
 * with the producer's own DTO, inside the transaction that made it happen. It writes the event, the customer's
 * email to send (an outbox row: kind and address; the outbox worker renders it) and one delivery per subscribed
 * webhook endpoint in that same transaction, so a rollback takes them back and a crash after the commit loses
 * nothing: the outbox worker sends them later, at least once.
 *
 * It imports no feature module: the modules above it plug in how their things are loaded by id
 * (`provide('rental', loader)`, for `events.rental(type, id)`) and what runs when an event is recorded (`onRecord`).
 */
@Injectable()
export class DomainEvents {
  private readonly loaders = new Map<SubjectKind, SubjectLoader>();
  private readonly hooks: RecordHook[] = [];

  constructor(
    private readonly txHost: TransactionHost,
    private readonly config: AppConfig,
    private readonly clock: Clock,
  ) {}

  /** A module above tells how its things are loaded by id (rentals: 'rental', payments: 'payment'). */
  provide(kind: SubjectKind, loader: SubjectLoader): void {
    this.loaders.set(kind, loader);
  }

  /** A module above runs `hook` in the recording transaction before each event is written. */
  onRecord(hook: RecordHook): void {
    this.hooks.push(hook);
  }

  /** Records one event with its outbox rows in the current transaction. Returns the event id (undefined when deduplicated away). */
  async record(event: DomainEventInput): Promise<string | undefined> {
    const now = this.clock.now();
    const userId = event.userId ?? rentalOwnerOf(event.data) ?? null;
    for (const hook of this.hooks) await hook({ type: event.type, data: event.data, userId });
    const kind = EMAIL_FOR_EVENT[event.type];
    let recipient: { id: string; email: string } | undefined;
    if (kind && event.email) {
      recipient = { id: userId ?? '', email: event.email.to };
    } else if (kind && userId && event.userEmail !== undefined) {
      recipient = { id: userId, email: event.userEmail };
    } else if (kind && userId) {
      const [row] = await this.txHost.db.select({ id: users.id, email: users.email }).from(users).where(eq(users.id, userId)).limit(1);
      recipient = row;
    }
    const [ev] = await this.txHost.db.insert(domainEvents).values({ type: event.type, userId, data: event.data, createdAt: now }).returning({ id: domainEvents.id });
    if (kind && recipient) {
      // Subject, bodies and attachments are rendered by the outbox worker from the event (not in this transaction).
      const inserted = await this.txHost.db
        .insert(outboxEmails)
        .values({
          eventId: ev.id,
          dedupeKey: event.dedupeKey ?? null,
          kind,
          userId: recipient.id || null,
          toAddress: recipient.email,
          // Without SMTP the message is kept for the dashboard and never sent.
          status: this.config.env.SMTP_URL ? 'pending' : 'kept',
          nextAttemptAt: event.email?.at && event.email.at.getTime() > now.getTime() ? event.email.at : now,
          createdAt: now,
        })
        .onConflictDoNothing({ target: outboxEmails.dedupeKey })
        .returning({ id: outboxEmails.id });
      if (event.dedupeKey && inserted.length === 0) {
        await this.txHost.db.delete(domainEvents).where(eq(domainEvents.id, ev.id));
        return undefined;
      }
    }
    if (isWebhookEvent(event.type)) {
      const at = now.toISOString();
      await this.txHost.db.execute(sql`
        insert into ${webhookDeliveries} (endpoint_id, event_id, event_type, next_attempt_at, created_at)
        select ${webhookEndpoints.id}, ${ev.id}::uuid, ${event.type}, ${at}::timestamptz, ${at}::timestamptz
          from ${webhookEndpoints}
         where ${webhookEndpoints.enabled} and ${event.type} = any(${webhookEndpoints.events})`);
    }
    return ev.id;
  }

  /** A rental event with the rental's DTO as it is now in the current transaction: `await this.events.rental('rental.booked', id)`. */
  async rental(type: DomainEventType, rentalId: string, extra: { dedupeKey?: string } = {}): Promise<string | undefined> {
    return (await this.rentalRecorded(type, rentalId, extra))?.eventId;
  }

  /** `rental()` that also returns the DTO the event carries, for a caller that answers with it (one read, not two). */
  async rentalRecorded(type: DomainEventType, rentalId: string, extra: { dedupeKey?: string } = {}): Promise<{ eventId: string | undefined; data: unknown } | undefined> {
    const subject = await this.load('rental', rentalId);
    return subject ? { eventId: await this.record({ type, ...subject, ...extra }), data: subject.data } : undefined;
  }

  /** A payment event with the payment's DTO: `await this.events.payment('payment.succeeded', paymentId)`. */
  async payment(type: DomainEventType, paymentId: string): Promise<string | undefined> {
    const subject = await this.load('payment', paymentId);
    return subject ? this.record({ type, ...subject }) : undefined;
  }

  private load(kind: SubjectKind, id: string): Promise<EventSubject | undefined> {
    const loader = this.loaders.get(kind);
    if (!loader) throw new Error(`DomainEvents: no module provides '${kind}' events (its module must be imported)`);
    return loader(id);
  }
}

function rentalOwnerOf(data: unknown): string | undefined {
  const owner = (data as { userId?: { _id?: unknown } } | null)?.userId;
  return owner && typeof owner === 'object' && typeof owner._id === 'string' ? owner._id : undefined;
}
