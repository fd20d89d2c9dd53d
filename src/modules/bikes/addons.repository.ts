import { Injectable } from '@nestjs/common';
import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import { TransactionHost } from '../../database/transaction-host.js';
import { addonItems, addonReservations, AddonRow, addons, NewAddonRow, rentalAddons, RentalAddonRow } from '../../database/schema/addons.js';
import { rangeOf, Window } from './fleet.repository.js';

const rowsOf = <T>(r: unknown): T[] => ((r as { rows?: T[] }).rows ?? (r as T[]));

/** Add-ons, their pieces and the pieces rentals hold per window (the exclusion constraint refuses a double hold). */
@Injectable()
export class AddonsRepository {
  constructor(private readonly txHost: TransactionHost) {}

  async list(includeInactive: boolean): Promise<AddonRow[]> {
    return this.txHost.db
      .select()
      .from(addons)
      .where(includeInactive ? undefined : eq(addons.isActive, true))
      .orderBy(asc(addons.name), asc(addons.id));
  }

  async find(id: string): Promise<AddonRow | undefined> {
    const [row] = await this.txHost.db.select().from(addons).where(eq(addons.id, id));
    return row;
  }

  async findMany(ids: string[]): Promise<AddonRow[]> {
    if (ids.length === 0) return [];
    return this.txHost.db.select().from(addons).where(inArray(addons.id, ids));
  }

  /**
   * Locks the add-ons' rows in id order (`FOR NO KEY UPDATE`): bookings of one add-on choose its pieces one at a
   * time (concurrent inserts into the exclusion constraint otherwise deadlock) and a stock change waits for them.
   */
  async lockMany(ids: string[]): Promise<AddonRow[]> {
    if (ids.length === 0) return [];
    const sorted = [...new Set(ids)].sort();
    return this.txHost.db.select().from(addons).where(inArray(addons.id, sorted)).orderBy(asc(addons.id)).for('no key update');
  }

  async insert(values: NewAddonRow): Promise<AddonRow> {
    const [row] = await this.txHost.db.insert(addons).values(values).returning();
    return row;
  }

  async update(id: string, values: Partial<NewAddonRow>): Promise<AddonRow | undefined> {
    const [row] = await this.txHost.db.update(addons).set(values).where(eq(addons.id, id)).returning();
    return row;
  }

  /** Active pieces per add-on. */
  async stockOf(ids: string[]): Promise<Map<string, number>> {
    const out = new Map<string, number>();
    if (ids.length === 0) return out;
    const rows = await this.txHost.db
      .select({ addonId: addonItems.addonId, n: sql<number>`count(*)`.mapWith(Number) })
      .from(addonItems)
      .where(and(inArray(addonItems.addonId, ids), eq(addonItems.status, 'active')))
      .groupBy(addonItems.addonId);
    for (const r of rows) out.set(r.addonId, r.n);
    return out;
  }

  /** Pieces of each add-on free for the whole window (other than `exceptRentalId`'s own). */
  async freeOver(ids: string[], w: Window, exceptRentalId?: string): Promise<Map<string, number>> {
    const out = new Map<string, number>(ids.map((id) => [id, 0]));
    if (ids.length === 0) return out;
    const except = exceptRentalId ? sql` and r."rental_id" <> ${exceptRentalId}` : sql``;
    const rows = await this.txHost.db
      .select({ addonId: addonItems.addonId, n: sql<number>`count(*)`.mapWith(Number) })
      .from(addonItems)
      .where(
        and(
          inArray(addonItems.addonId, ids),
          eq(addonItems.status, 'active'),
          sql`not exists (select 1 from "addon_reservations" r where r."item_id" = ${addonItems.id} and r."period" && ${rangeOf(w)}${except})`,
        ),
      )
      .groupBy(addonItems.addonId);
    for (const r of rows) out.set(r.addonId, r.n);
    return out;
  }

  /** Up to `count` free pieces of an add-on for the window, in random order. */
  async pickFree(addonId: string, w: Window, count: number): Promise<string[]> {
    const rows = await this.txHost.db
      .select({ id: addonItems.id })
      .from(addonItems)
      .where(
        and(
          eq(addonItems.addonId, addonId),
          eq(addonItems.status, 'active'),
          sql`not exists (select 1 from "addon_reservations" r where r."item_id" = ${addonItems.id} and r."period" && ${rangeOf(w)})`,
        ),
      )
      .orderBy(sql`random()`)
      .limit(count);
    return rows.map((r) => r.id);
  }

  /** Takes the pieces for a rental's window; the exclusion constraint refuses (23P01) a piece taken meanwhile. */
  async reserve(addonId: string, rentalId: string, itemIds: string[], w: Window): Promise<void> {
    if (itemIds.length === 0) return;
    await this.txHost.db
      .insert(addonReservations)
      .values([...itemIds].sort().map((itemId) => ({ itemId, addonId, rentalId, period: rangeOf(w) as unknown as string })));
  }

  /** Adds `count` pieces labelled "<name>-<n>" after the highest number used. */
  async addItems(addon: AddonRow, count: number): Promise<void> {
    if (count <= 0) return;
    const [{ n }] = await this.txHost.db.select({ n: sql<number>`count(*)`.mapWith(Number) }).from(addonItems).where(eq(addonItems.addonId, addon.id));
    await this.txHost.db.insert(addonItems).values(Array.from({ length: count }, (_, i) => ({ addonId: addon.id, label: `${addon.name}-${n + i + 1}` })));
  }

  /** Retires up to `count` active pieces free from `from` on (no booking ahead); returns how many. */
  async retireFree(addonId: string, from: Date, count: number): Promise<number> {
    if (count <= 0) return 0;
    const result = await this.txHost.db.execute(sql`
      update "addon_items" set "status" = 'retired'
      where "id" in (
        select i."id" from "addon_items" i
        where i."addon_id" = ${addonId} and i."status" = 'active'
          and not exists (select 1 from "addon_reservations" r where r."item_id" = i."id" and upper(r."period") > ${from.toISOString()}::timestamptz)
        order by i."created_at" desc, i."id" limit ${count})
      returning "id"`);
    return rowsOf<{ id: string }>(result).length;
  }

  /** Pieces held per add-on at each reservation boundary of [from, to): the stock view of the week. */
  async reservationsBetween(ids: string[], from: Date, to: Date): Promise<{ addonId: string; start: Date; end: Date }[]> {
    if (ids.length === 0) return [];
    const result = await this.txHost.db.execute(sql`
      select r."addon_id" as "addonId", lower(r."period") as "start", upper(r."period") as "end"
      from "addon_reservations" r join "addon_items" i on i."id" = r."item_id"
      where r."addon_id" in (${sql.join(ids.map((id) => sql`${id}::uuid`), sql`, `)})
        and r."period" && ${rangeOf({ start: from, end: to })}`);
    return rowsOf<{ addonId: string; start: string | Date; end: string | Date }>(result).map((r) => ({ addonId: r.addonId, start: new Date(r.start), end: new Date(r.end) }));
  }

  async insertLines(rows: Omit<RentalAddonRow, 'id' | 'createdAt'>[]): Promise<void> {
    if (rows.length === 0) return;
    await this.txHost.db.insert(rentalAddons).values(rows);
  }

  async deleteLines(rentalId: string): Promise<void> {
    await this.txHost.db.delete(rentalAddons).where(eq(rentalAddons.rentalId, rentalId));
  }

  async linesOf(rentalIds: string[]): Promise<RentalAddonRow[]> {
    if (rentalIds.length === 0) return [];
    return this.txHost.db.select().from(rentalAddons).where(inArray(rentalAddons.rentalId, rentalIds)).orderBy(asc(rentalAddons.name));
  }
}
