import { Injectable } from '@nestjs/common';
import { and, desc, eq, inArray, isNull } from 'drizzle-orm';
import { AppConfig } from '../../config/app-config.js';
import { TransactionHost } from '../../database/transaction-host.js';
import { domainEvents, OutboxEmailRow, outboxEmails } from '../../database/schema/notifications.js';
import { users } from '../../database/schema/users.js';
import { agreementVersions } from '../../database/schema/agreements.js';
import { giftCards } from '../../database/schema/gift-cards.js';
import { EmailKind } from '../events/events.js';
import { renderEmail, ShopInfo } from './email-templates.js';

/** An outbox email with its message: subject, bodies and attachments. */
export type RenderedEmailRow = OutboxEmailRow & { subject: string; html: string; textBody: string };

/** The shop as the messages and documents show it (name, address, time zone, links). */
export function shopInfo(config: AppConfig): ShopInfo {
  const env = config.env as typeof config.env & { SHOP_TIME_ZONE?: string };
  return {
    name: env.SHOP_NAME,
    address: env.SHOP_ADDRESS,
    timeZone: env.SHOP_TIME_ZONE || 'UTC',
    publicUrl: env.PUBLIC_URL ? new URL(env.PUBLIC_URL).origin : null,
    freeCancellationHours: env.FREE_CANCELLATION_HOURS,
  };
}

/**
 * Renders the customer emails the event port wrote as kind and address (DomainEvents.record): from the event's
 * data as it was recorded, at the event's time, outside the transaction that recorded it. The outbox worker
 * renders a message before it sends it; the admin's outbox view renders kept ones (no SMTP) when it reads them.
 * The rendering is stored, so a message is rendered once and sent as rendered.
 */
@Injectable()
export class OutboxRenderer {
  constructor(
    private readonly txHost: TransactionHost,
    private readonly config: AppConfig,
  ) {}

  /** The rows with their messages (rendering those not yet rendered); a row whose event is gone is left out. */
  async rendered(rows: OutboxEmailRow[]): Promise<RenderedEmailRow[]> {
    const todo = rows.filter((r) => r.subject === null);
    if (!todo.length) return rows as RenderedEmailRow[];
    const eventIds = todo.map((r) => r.eventId).filter((id): id is string => Boolean(id));
    const userIds = todo.map((r) => r.userId).filter((id): id is string => Boolean(id));
    const events = eventIds.length ? await this.txHost.db.select().from(domainEvents).where(inArray(domainEvents.id, eventIds)) : [];
    const names = userIds.length ? await this.txHost.db.select({ id: users.id, name: users.name, language: users.language }).from(users).where(inArray(users.id, userIds)) : [];
    const shop = shopInfo(this.config);
    if (todo.some((r) => r.kind === 'booking_confirmed')) {
      // The confirmation links the agreement to sign while the shop asks for one (the table, not the agreements module: events go down).
      const [latest] = await this.txHost.db.select({ withdrawnAt: agreementVersions.withdrawnAt }).from(agreementVersions).orderBy(desc(agreementVersions.version)).limit(1);
      shop.agreementRequired = Boolean(latest && !latest.withdrawnAt);
    }
    // A gift card goes to a recipient the shop knows nothing of: it is written in its buyer's language, as its PDF.
    const cardIds = todo
      .filter((r) => r.kind === 'gift_card')
      .map((r) => cardIdOf(events.find((e) => e.id === r.eventId)?.data))
      .filter((id): id is string => id !== undefined);
    const buyers = cardIds.length
      ? await this.txHost.db.select({ id: giftCards.id, language: users.language }).from(giftCards).innerJoin(users, eq(users.id, giftCards.purchaserId)).where(inArray(giftCards.id, cardIds))
      : [];
    const out: RenderedEmailRow[] = [];
    for (const row of rows) {
      if (row.subject !== null) {
        out.push(row as RenderedEmailRow);
        continue;
      }
      const event = events.find((e) => e.id === row.eventId);
      if (!event) continue;
      const user = names.find((u) => u.id === row.userId);
      const name = user?.name ?? row.toAddress;
      // In the customer's chosen language (issue 27); a gift card in its buyer's.
      const language = row.kind === 'gift_card' ? buyers.find((b) => b.id === cardIdOf(event.data))?.language : user?.language;
      const email = renderEmail(row.kind as EmailKind, { name, email: row.toAddress }, event.data, shop, event.createdAt, language);
      const message = { subject: email.subject, html: email.html, textBody: email.text, attachments: email.attachments };
      // Another reader may have rendered it meanwhile: the same event renders the same message.
      await this.txHost.db
        .update(outboxEmails)
        .set(message)
        .where(and(eq(outboxEmails.id, row.id), isNull(outboxEmails.subject)));
      out.push({ ...row, ...message });
    }
    return out;
  }
}

/** The gift card an event is about (its DTO's `_id`), if it is a well-formed id. */
function cardIdOf(data: unknown): string | undefined {
  const id = (data as { _id?: unknown } | null)?._id;
  return typeof id === 'string' && /^[0-9a-f-]{36}$/i.test(id) ? id : undefined;
}
