import { Injectable } from '@nestjs/common';
import { and, asc, eq, inArray, isNotNull, lte, ne, or, sql } from 'drizzle-orm';
import { TransactionHost } from '../../database/transaction-host.js';
import { bikes } from '../../database/schema/bikes.js';
import { depositMovements } from '../../database/schema/deposits.js';
import {
  NewPaymentRow,
  paymentNotifications,
  PaymentKind,
  PaymentRow,
  payments,
} from '../../database/schema/payments.js';
import { rentals, RentalStatus } from '../../database/schema/rentals.js';
import { users } from '../../database/schema/users.js';
import { PaymentOutcome } from './payment-gateway.js';

/** A payment with what its pages show about the rental. */
export interface PaymentView {
  payment: PaymentRow;
  rental: { id: string; paymentRef: string; userId: string; quantity: number; status: RentalStatus; totalCostCents: number; currency: string };
  bike: { id: string; name: string };
}

export interface NewNotification {
  provider: string;
  notificationId: string;
  paymentId: string | null;
  eventType: string;
  payload: unknown;
}

@Injectable()
export class PaymentsRepository {
  constructor(private readonly txHost: TransactionHost) {}

  async insert(values: NewPaymentRow): Promise<PaymentRow> {
    const [row] = await this.txHost.db.insert(payments).values(values).returning();
    return row;
  }

  async findById(id: string): Promise<PaymentRow | undefined> {
    const [row] = await this.txHost.db.select().from(payments).where(eq(payments.id, id)).limit(1);
    return row;
  }

  async findByProviderRef(provider: string, providerRef: string): Promise<PaymentRow | undefined> {
    const [row] = await this.txHost.db
      .select()
      .from(payments)
      .where(and(eq(payments.provider, provider), eq(payments.providerRef, providerRef)))
      .limit(1);
    return row;
  }

  async attachCheckout(id: string, providerRef: string, checkoutUrl: string): Promise<PaymentRow | undefined> {
    const [row] = await this.txHost.db.update(payments).set({ providerRef, checkoutUrl }).where(eq(payments.id, id)).returning();
    return row;
  }

  /** pending -> outcome, only if still pending (the one place a payment becomes final). */
  async settle(id: string, outcome: PaymentOutcome, at: Date): Promise<PaymentRow | undefined> {
    const [row] = await this.txHost.db
      .update(payments)
      .set({ status: outcome, completedAt: at })
      .where(and(eq(payments.id, id), eq(payments.status, 'pending')))
      .returning();
    return row;
  }

  /** A paid (or paid-after-it-lapsed) payment becomes refunded, once. */
  async markRefunded(id: string, at: Date): Promise<PaymentRow | undefined> {
    const [row] = await this.txHost.db
      .update(payments)
      .set({ status: 'refunded', refundedAt: at, attention: null })
      .where(and(eq(payments.id, id), ne(payments.status, 'refunded'), ne(payments.status, 'pending')))
      .returning();
    return row;
  }

  async setAttention(id: string, attention: string | null): Promise<void> {
    await this.txHost.db.update(payments).set({ attention }).where(eq(payments.id, id));
  }

  /** Paid after its booking lapsed: flagged for admins (refund under way) and dated, for good. */
  async markPaidAfterClose(id: string, attention: string, at: Date): Promise<void> {
    await this.txHost.db
      .update(payments)
      .set({ attention, paidAfterCloseAt: sql`coalesce(${payments.paidAfterCloseAt}, ${at.toISOString()}::timestamptz)` })
      .where(eq(payments.id, id));
  }

  /**
   * Payments an admin must look at (attention set), oldest first; then the late payments already refunded
   * automatically, newest first.
   */
  async listAttention(limit: number): Promise<PaymentRow[]> {
    return this.txHost.db
      .select()
      .from(payments)
      .where(or(isNotNull(payments.attention), isNotNull(payments.paidAfterCloseAt)))
      .orderBy(sql`(${payments.attention} is null)`, sql`case when ${payments.attention} is not null then ${payments.createdAt} end asc`, sql`${payments.createdAt} desc`)
      .limit(limit);
  }

  /** Whether a rental has a paid (or paid and refunded) payment: it then has an invoice. */
  async hasPaidPayment(rentalId: string): Promise<boolean> {
    const [row] = await this.txHost.db
      .select({ id: payments.id })
      .from(payments)
      .where(and(eq(payments.rentalId, rentalId), inArray(payments.status, ['succeeded', 'refunded'])))
      .limit(1);
    return Boolean(row);
  }

  /** The rental's pending payments (of `kind`, or of every kind), oldest first. */
  async findPending(rentalId: string, kind?: PaymentKind): Promise<PaymentRow[]> {
    return this.txHost.db
      .select()
      .from(payments)
      .where(and(eq(payments.rentalId, rentalId), kind ? eq(payments.kind, kind) : undefined, eq(payments.status, 'pending')))
      .orderBy(asc(payments.createdAt));
  }

  /**
   * Row-locks the rental of a payment until the current transaction ends. Everything that changes a payment and
   * its rental takes the rental first (cancel, reschedule and payRental lock it before its payments): one lock
   * order, so a cancel and a payment notification wait for each other instead of deadlocking (40P01).
   */
  async lockRentalOf(paymentId: string): Promise<void> {
    await this.txHost.db
      .select({ id: rentals.id })
      .from(rentals)
      .where(eq(rentals.id, sql`(select ${payments.rentalId} from ${payments} where ${payments.id} = ${paymentId})`))
      .for('update');
  }

  /** Pending payments of `kind` past their expiry, oldest first. */
  async findLapsed(kind: PaymentKind, now: Date, limit: number): Promise<PaymentRow[]> {
    return this.txHost.db
      .select()
      .from(payments)
      .where(and(eq(payments.kind, kind), eq(payments.status, 'pending'), lte(payments.expiresAt, now)))
      .orderBy(asc(payments.expiresAt))
      .limit(limit);
  }

  /** Whether a payment of this kind of the rental was ever given a hosted checkout. */
  async hadCheckout(rentalId: string, kind: PaymentKind): Promise<boolean> {
    const [row] = await this.txHost.db
      .select({ id: payments.id })
      .from(payments)
      .where(and(eq(payments.rentalId, rentalId), eq(payments.kind, kind), isNotNull(payments.providerRef)))
      .limit(1);
    return row !== undefined;
  }

  async listByRentalIds(rentalIds: string[]): Promise<PaymentRow[]> {
    if (rentalIds.length === 0) return [];
    return this.txHost.db.select().from(payments).where(inArray(payments.rentalId, rentalIds)).orderBy(asc(payments.createdAt), asc(payments.id));
  }

  /** Records a notification once per (provider, notification id); false for a replay. */
  async insertNotification(values: NewNotification): Promise<boolean> {
    const rows = await this.txHost.db
      .insert(paymentNotifications)
      .values(values)
      .onConflictDoNothing({ target: [paymentNotifications.provider, paymentNotifications.notificationId] })
      .returning({ id: paymentNotifications.id });
    return rows.length > 0;
  }

  /** The language the payer chose (users.language), or null: the hosted sandbox page speaks it (issue 27). */
  async payerLanguage(userId: string | null): Promise<string | null> {
    if (!userId) return null;
    const [row] = await this.txHost.db.select({ language: users.language }).from(users).where(eq(users.id, userId)).limit(1);
    return row?.language ?? null;
  }

  /** The language chosen by the customer whose rental a sandbox deposit intent (hold or charge) belongs to. */
  async depositPayerLanguage(intentRef: string): Promise<string | null> {
    const [row] = await this.txHost.db
      .select({ language: users.language })
      .from(depositMovements)
      .innerJoin(rentals, eq(rentals.id, depositMovements.rentalId))
      .innerJoin(users, eq(users.id, rentals.userId))
      .where(eq(depositMovements.providerRef, intentRef))
      .limit(1);
    return row?.language ?? null;
  }

  async findView(where: { id: string } | { provider: string; providerRef: string }): Promise<PaymentView | undefined> {
    const condition =
      'id' in where ? eq(payments.id, where.id) : and(eq(payments.provider, where.provider), eq(payments.providerRef, where.providerRef));
    const [row] = await this.txHost.db
      .select({
        payment: payments,
        rental: {
          id: rentals.id,
          paymentRef: rentals.paymentRef,
          userId: rentals.userId,
          quantity: rentals.quantity,
          status: rentals.status,
          totalCostCents: rentals.totalCostCents,
          currency: rentals.currency,
        },
        bike: { id: bikes.id, name: bikes.name },
      })
      .from(payments)
      .innerJoin(rentals, eq(rentals.id, payments.rentalId))
      .innerJoin(bikes, eq(bikes.id, rentals.bikeId))
      .where(condition)
      .limit(1);
    return row;
  }
}
