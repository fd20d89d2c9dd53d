import { Injectable } from '@nestjs/common';
import { and, asc, eq, inArray, isNotNull, lte, sql } from 'drizzle-orm';
import { TransactionHost } from '../../../database/transaction-host.js';
import { DepositMovementRow, depositMovements, DepositRow, deposits, NewDepositMovementRow, NewDepositRow } from '../../../database/schema/deposits.js';
import { rentals } from '../../../database/schema/rentals.js';

/** The deposits and their ledger. */
@Injectable()
export class DepositsRepository {
  constructor(private readonly txHost: TransactionHost) {}

  async insert(values: NewDepositRow): Promise<DepositRow> {
    const [row] = await this.txHost.db.insert(deposits).values(values).returning();
    return row;
  }

  async find(rentalId: string): Promise<DepositRow | undefined> {
    const [row] = await this.txHost.db.select().from(deposits).where(eq(deposits.rentalId, rentalId)).limit(1);
    return row;
  }

  /** Row-locks the deposit; `skipLocked`: undefined when another worker holds it (multi-instance sweeps). */
  async lock(rentalId: string, skipLocked = false): Promise<DepositRow | undefined> {
    const q = this.txHost.db.select().from(deposits).where(eq(deposits.rentalId, rentalId)).limit(1);
    const [row] = skipLocked ? await q.for('update', { skipLocked: true }) : await q.for('update');
    return row;
  }

  async update(rentalId: string, values: Partial<NewDepositRow>): Promise<DepositRow | undefined> {
    const [row] = await this.txHost.db.update(deposits).set(values).where(eq(deposits.rentalId, rentalId)).returning();
    return row;
  }

  /** Saves the card of the paid booking fee for the deposit, once. */
  async saveCard(rentalId: string, cardRef: string, at: Date): Promise<void> {
    await this.txHost.db
      .update(deposits)
      .set({ cardRef, updatedAt: at })
      .where(and(eq(deposits.rentalId, rentalId), sql`${deposits.cardRef} is null`));
  }

  async insertMovement(values: NewDepositMovementRow): Promise<DepositMovementRow> {
    const [row] = await this.txHost.db.insert(depositMovements).values(values).returning();
    return row;
  }

  async movement(id: string): Promise<DepositMovementRow | undefined> {
    const [row] = await this.txHost.db.select().from(depositMovements).where(eq(depositMovements.id, id)).limit(1);
    return row;
  }

  /** The hold a gateway names by its own reference (a notice about it), if it is one of ours. */
  async holdByRef(provider: string, ref: string): Promise<DepositMovementRow | undefined> {
    const [row] = await this.txHost.db
      .select()
      .from(depositMovements)
      .where(and(eq(depositMovements.provider, provider), eq(depositMovements.providerRef, ref), eq(depositMovements.kind, 'hold')))
      .limit(1);
    return row;
  }

  /** Finishes a movement still in flight (pending or awaiting the customer) once; undefined when another did. */
  async finishMovement(id: string, values: Partial<NewDepositMovementRow>): Promise<DepositMovementRow | undefined> {
    const [row] = await this.txHost.db
      .update(depositMovements)
      .set(values)
      .where(and(eq(depositMovements.id, id), inArray(depositMovements.status, ['pending', 'requires_action'])))
      .returning();
    return row;
  }

  async updateMovement(id: string, values: Partial<NewDepositMovementRow>): Promise<void> {
    await this.txHost.db.update(depositMovements).set(values).where(eq(depositMovements.id, id));
  }

  movements(rentalId: string): Promise<DepositMovementRow[]> {
    return this.txHost.db.select().from(depositMovements).where(eq(depositMovements.rentalId, rentalId)).orderBy(asc(depositMovements.createdAt), asc(depositMovements.id));
  }

  /** The hold or charge attempt in flight for the rental (pending or awaiting the customer). */
  async attemptInFlight(rentalId: string): Promise<DepositMovementRow | undefined> {
    const [row] = await this.txHost.db
      .select()
      .from(depositMovements)
      .where(and(eq(depositMovements.rentalId, rentalId), inArray(depositMovements.kind, ['hold', 'charge']), inArray(depositMovements.status, ['pending', 'requires_action'])))
      .limit(1);
    return row;
  }

  /** Open holds of the rental already replaced by a newer one (a release that has not happened yet). */
  replacedOpenHolds(rentalId: string): Promise<DepositMovementRow[]> {
    return this.txHost.db
      .select()
      .from(depositMovements)
      .where(and(eq(depositMovements.rentalId, rentalId), eq(depositMovements.open, true), isNotNull(depositMovements.replacedBy)));
  }

  /** Deposits whose first hold is due: the booking fee paid (card saved), still booked, hold time reached. */
  async dueForHold(now: Date, limit: number): Promise<string[]> {
    const rows = await this.txHost.db
      .select({ id: deposits.rentalId })
      .from(deposits)
      .innerJoin(rentals, eq(rentals.id, deposits.rentalId))
      .where(and(eq(deposits.status, 'pending'), eq(deposits.method, 'hold'), lte(deposits.holdAt, now), isNotNull(deposits.cardRef), eq(rentals.status, 'booked')))
      .orderBy(asc(deposits.holdAt))
      .limit(limit);
    return rows.map((r) => r.id);
  }

  /** Held deposits whose hold lapses before `before` while the rental is still out or booked. */
  async dueForReauth(before: Date, limit: number, anyRentalState = false): Promise<string[]> {
    const rows = await this.txHost.db
      .select({ id: deposits.rentalId })
      .from(deposits)
      .innerJoin(rentals, eq(rentals.id, deposits.rentalId))
      .where(and(eq(deposits.status, 'held'), eq(deposits.method, 'hold'), lte(deposits.captureBefore, before), anyRentalState ? undefined : eq(rentals.status, 'booked')))
      .orderBy(asc(deposits.captureBefore))
      .limit(limit);
    return rows.map((r) => r.id);
  }

  /** Deposits still pending or held on a cancelled rental (released at once; this catches the ones a crash left). */
  async ofCancelledRentals(limit: number): Promise<string[]> {
    const rows = await this.txHost.db
      .select({ id: deposits.rentalId })
      .from(deposits)
      .innerJoin(rentals, eq(rentals.id, deposits.rentalId))
      .where(and(inArray(deposits.status, ['pending', 'held']), eq(rentals.status, 'cancelled')))
      .limit(limit);
    return rows.map((r) => r.id);
  }

  /** Movements left pending before `before` (a crash between the gateway call and the commit) and holds awaiting the customer. */
  stuckMovements(before: Date, limit: number): Promise<DepositMovementRow[]> {
    return this.txHost.db
      .select()
      .from(depositMovements)
      .where(and(inArray(depositMovements.status, ['pending', 'requires_action']), lte(depositMovements.createdAt, before)))
      .orderBy(asc(depositMovements.createdAt))
      .limit(limit);
  }

  /** Deposits an admin should look at (Payment Attention): failures, fallback charges, holds awaiting the customer, holds lapsing soon. */
  async attention(soon: Date, limit: number): Promise<DepositRow[]> {
    return this.txHost.db
      .select()
      .from(deposits)
      .where(sql`${deposits.attention} is not null or (${deposits.status} = 'held' and ${deposits.captureBefore} <= ${soon.toISOString()}::timestamptz)`)
      .orderBy(asc(deposits.updatedAt))
      .limit(limit);
  }
}
