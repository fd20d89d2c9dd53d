import { Injectable } from '@nestjs/common';
import { eq, sql } from 'drizzle-orm';
import { Clock } from '../../common/clock.js';
import { AppConfig } from '../../config/app-config.js';
import { TransactionHost } from '../../database/transaction-host.js';
import { domainEvents, outboxEmails, webhookDeliveries, webhookEndpoints } from '../../database/schema/notifications.js';
import { users } from '../../database/schema/users.js';
import { toPaymentDto } from '../payments/payments.dto.js';
import { PaymentsRepository } from '../payments/payments.repository.js';
import { RentalViews } from '../rentals/rental-views.js';
import { RentalsRepository } from '../rentals/rentals.repository.js';
import { DocumentNumbers } from './document-numbers.js';
import { Recipient, renderEmail, ShopInfo } from './email-templates.js';
import { DomainEventType, EMAIL_FOR_EVENT, isWebhookEvent } from './events.js';

export interface DomainEventInput {
  type: DomainEventType;
  /** The payload: the API's own DTO of the thing (RentalDto, PaymentDto, BikeDto, UserDto). */
  data: unknown;
  /** The customer to email (when the event has an email); default: data.userId._id of a rental. */
  userId?: string | null;
  /** Scheduled messages: at most one event per key (a second record with the same key does nothing). */
  dedupeKey?: string;
}

/**
 * The one call the rest of the server makes when something happened that someone is told about:
 * `await this.events.record({ type: 'rental.booked', data: rentalDto, userId })`, inside the transaction that
 * made it happen. It writes the event, the customer's email (outbox) and one delivery per subscribed webhook
 * endpoint in that same transaction, so a rollback takes them back and a crash after the commit loses nothing:
 * the outbox worker sends them later, at least once.
 */
@Injectable()
export class DomainEvents {
  constructor(
    private readonly txHost: TransactionHost,
    private readonly config: AppConfig,
    private readonly clock: Clock,
    private readonly rentals: RentalsRepository,
    private readonly views: RentalViews,
    private readonly payments: PaymentsRepository,
    private readonly documentNumbers: DocumentNumbers,
  ) {}

  /** Records one event with its outbox rows in the current transaction. Returns the event id (undefined when deduplicated away). */
  async record(event: DomainEventInput): Promise<string | undefined> {
    const now = this.clock.now();
    const userId = event.userId ?? rentalOwnerOf(event.data) ?? null;
    const kind = EMAIL_FOR_EVENT[event.type];
    let recipient: (Recipient & { id: string }) | undefined;
    if (kind && userId) {
      const [row] = await this.txHost.db.select({ id: users.id, name: users.name, email: users.email }).from(users).where(eq(users.id, userId)).limit(1);
      recipient = row;
    }
    const [ev] = await this.txHost.db.insert(domainEvents).values({ type: event.type, userId, data: event.data, createdAt: now }).returning({ id: domainEvents.id });
    if (kind && recipient) {
      const email = renderEmail(kind, recipient, event.data, this.shop(), now);
      const inserted = await this.txHost.db
        .insert(outboxEmails)
        .values({
          eventId: ev.id,
          dedupeKey: event.dedupeKey ?? null,
          kind,
          userId: recipient.id,
          toAddress: recipient.email,
          subject: email.subject,
          html: email.html,
          textBody: email.text,
          attachments: email.attachments,
          // Without SMTP the message is kept for the dashboard and never sent.
          status: this.config.env.SMTP_URL ? 'pending' : 'kept',
          nextAttemptAt: now,
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
    const view = await this.rentals.findView(rentalId);
    if (!view) return undefined;
    return this.record({ type, data: this.views.toDto(view), userId: view.user.id, ...extra });
  }

  /** A payment event with the payment's DTO: `await this.events.payment('payment.succeeded', paymentId)`. */
  async payment(type: DomainEventType, paymentId: string): Promise<string | undefined> {
    const view = await this.payments.findView({ id: paymentId });
    if (!view) return undefined;
    // Receipts are numbered in the order payments succeed, in the payment's own transaction.
    if (type === 'payment.succeeded') await this.documentNumbers.ensure('receipt', paymentId);
    return this.record({ type, data: toPaymentDto(view), userId: view.payment.userId });
  }

  shop(): ShopInfo {
    const env = this.config.env as typeof this.config.env & { SHOP_TIME_ZONE?: string };
    return {
      name: env.SHOP_NAME,
      address: env.SHOP_ADDRESS,
      timeZone: env.SHOP_TIME_ZONE || 'UTC',
      publicUrl: env.PUBLIC_URL ? new URL(env.PUBLIC_URL).origin : null,
      freeCancellationHours: env.FREE_CANCELLATION_HOURS,
    };
  }
}

function rentalOwnerOf(data: unknown): string | undefined {
  const owner = (data as { userId?: { _id?: unknown } } | null)?.userId;
  return owner && typeof owner === 'object' && typeof owner._id === 'string' ? owner._id : undefined;
}
