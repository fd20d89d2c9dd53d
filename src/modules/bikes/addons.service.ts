import { BadRequestException, ConflictException, Injectable, NotFoundException } from '@nestjs/common';
import { Clock } from '../../common/clock.js';
import { invalidField } from '../../common/field-error.js';
import { minorOfField } from '../../common/money.js';
import { isCurrencyCode } from '../../../locales/currency.js';
import { AppConfig } from '../../config/app-config.js';
import { parseShopTime } from '../../common/shop-time.js';
import { TransactionHost } from '../../database/transaction-host.js';
import type { AddonRow, NewAddonRow } from '../../database/schema/addons.js';
import type { BikeRow } from '../../database/schema/bikes.js';
import type { QuoteLineRow } from '../../database/schema/rentals.js';
import { addonLine, addonUnitMinor } from './addon-pricing.js';
import { AddonsRepository } from './addons.repository.js';
import {
  AddonDto,
  AddonStockDto,
  BikeAddonDto,
  CreateAddonDto,
  MAX_ADDON_QUANTITY,
  StockQueryDto,
  toAddonDto,
  UpdateAddonDto,
} from './addons.dto.js';
import { toMajor } from '../../common/money.js';
import type { Window } from './fleet.repository.js';

export interface AddonSelection {
  addonId: string;
  quantity: number;
}

/** An add-on priced for a booking's window. */
export interface PricedAddon {
  addon: AddonRow;
  quantity: number;
  line: QuoteLineRow;
  depositMinor: number;
}

/** Thrown inside a booking's transaction when a piece is no longer free: the booking answers 409 naming the add-on. */
export class AddonOutOfStock extends Error {
  constructor(readonly addon: AddonRow, readonly available: number) {
    super(`Only ${available} ${addon.name} free for this window`);
  }
}

export const addonOutOfStock = (e: AddonOutOfStock): ConflictException =>
  new ConflictException({
    message: e.available === 0 ? `${e.addon.name} is fully booked for this window` : `Only ${e.available} × ${e.addon.name} free for this window`,
    code: 'ADDON_OUT_OF_STOCK',
    errors: [{ path: 'addons', message: `${e.addon.name}: ${e.available} free` }],
  });

/** Does the add-on go with this bike? */
export function addonFits(a: AddonRow, bike: Pick<BikeRow, 'id' | 'brand' | 'currency'>): boolean {
  if (!a.isActive || a.currency !== bike.currency) return false;
  if (a.fits === 'all') return true;
  if (a.fits === 'brands') return a.fitBrands.some((b) => b.toLowerCase() === bike.brand.toLowerCase());
  return a.fitBikeIds.includes(bike.id);
}

/** `<id>:<qty>,<id>:<qty>` (the quote's `addons` query parameter) as selections; a 400 naming `addons` otherwise. */
export function parseAddonsParam(value: string | undefined): AddonSelection[] {
  if (value === undefined || value.trim() === '') return [];
  const out: AddonSelection[] = [];
  for (const part of value.split(',')) {
    const m = /^\s*([0-9a-fA-F-]{36}):(\d{1,3})\s*$/.exec(part);
    if (!m) throw invalidField('addons', 'addons must be a list of <add-on id>:<quantity> separated by commas');
    out.push({ addonId: m[1].toLowerCase(), quantity: Number(m[2]) });
  }
  return out;
}

/** Add-ons: the admin's catalog and stock, what fits a bike for a window, and the pieces a booking takes. */
@Injectable()
export class AddonsService {
  constructor(
    private readonly repo: AddonsRepository,
    private readonly txHost: TransactionHost,
    private readonly clock: Clock,
    private readonly config: AppConfig,
  ) {}

  async list(includeInactive: boolean): Promise<AddonDto[]> {
    const rows = await this.repo.list(includeInactive);
    const stock = await this.repo.stockOf(rows.map((r) => r.id));
    return rows.map((r) => toAddonDto(r, stock.get(r.id) ?? 0));
  }

  async get(id: string): Promise<AddonDto> {
    const row = await this.repo.find(id);
    if (!row) throw new NotFoundException('Add-on not found');
    return toAddonDto(row, (await this.repo.stockOf([id])).get(id) ?? 0);
  }

  /** The row's values from `dto`; amounts in minor units of `currency` (the add-on's, after this change). */
  private values(dto: UpdateAddonDto, currency: string): Partial<NewAddonRow> {
    const v: Partial<NewAddonRow> = {};
    if (!isCurrencyCode(currency)) throw invalidField('currency', `currency ${currency} is not an ISO 4217 currency code`);
    if (dto.name !== undefined) v.name = dto.name;
    if (dto.description !== undefined) v.description = dto.description;
    if (dto.imageUrl !== undefined) v.imageUrl = dto.imageUrl;
    if (dto.tracksStock !== undefined) v.tracksStock = dto.tracksStock;
    if (dto.pricePerRental !== undefined) v.pricePerRentalCents = minorOfField(dto.pricePerRental, currency, 'pricePerRental');
    if (dto.pricePerDay !== undefined) v.pricePerDayCents = minorOfField(dto.pricePerDay, currency, 'pricePerDay');
    if (dto.deposit !== undefined) v.depositCents = minorOfField(dto.deposit, currency, 'deposit');
    v.currency = currency;
    if (dto.fits !== undefined) v.fits = dto.fits;
    if (dto.fitBrands !== undefined) v.fitBrands = [...new Set(dto.fitBrands.map((b) => b.trim()).filter(Boolean))];
    if (dto.fitBikeIds !== undefined) v.fitBikeIds = [...new Set(dto.fitBikeIds.map((b) => b.toLowerCase()))];
    if (dto.perBike !== undefined) v.perBike = dto.perBike;
    if (dto.isActive !== undefined) v.isActive = dto.isActive;
    return v;
  }

  private checkShape(a: Pick<AddonRow, 'fits' | 'fitBrands' | 'fitBikeIds' | 'pricePerRentalCents' | 'pricePerDayCents'>): void {
    if (a.fits === 'brands' && a.fitBrands.length === 0) throw invalidField('fitBrands', 'fitBrands must name at least one brand when fits is brands');
    if (a.fits === 'bikes' && a.fitBikeIds.length === 0) throw invalidField('fitBikeIds', 'fitBikeIds must name at least one bike when fits is bikes');
  }

  async create(dto: CreateAddonDto): Promise<AddonDto> {
    const v = this.values(dto, dto.currency ?? this.config.env.RENTAL_CURRENCY);
    const probe = { fits: v.fits ?? 'all', fitBrands: v.fitBrands ?? [], fitBikeIds: v.fitBikeIds ?? [], pricePerRentalCents: v.pricePerRentalCents ?? 0, pricePerDayCents: v.pricePerDayCents ?? 0 };
    this.checkShape(probe);
    const id = await this.txHost.run(async () => {
      const now = this.clock.now();
      const row = await this.repo.insert({ ...v, name: dto.name, createdAt: now, updatedAt: now });
      if (row.tracksStock) await this.repo.addItems(row, dto.stock ?? 0);
      return row.id;
    });
    return this.get(id);
  }

  /** PATCH: the fields given; `stock` adds pieces or retires pieces free from now on (under the add-on's lock). */
  async update(id: string, dto: UpdateAddonDto): Promise<AddonDto> {
    await this.txHost.run(async () => {
      const [current] = await this.repo.lockMany([id]);
      if (!current) throw new NotFoundException('Add-on not found');
      const v = this.values(dto, dto.currency ?? current.currency);
      const next = { ...current, ...v };
      this.checkShape(next);
      const row = (await this.repo.update(id, { ...v, updatedAt: this.clock.now() }))!;
      if (dto.stock !== undefined && next.tracksStock) {
        const have = (await this.repo.stockOf([id])).get(id) ?? 0;
        if (dto.stock > have) await this.repo.addItems(row, dto.stock - have);
        if (dto.stock < have) {
          const retired = await this.repo.retireFree(id, this.clock.now(), have - dto.stock);
          if (retired < have - dto.stock) {
            throw new ConflictException({ message: `Only ${retired} pieces are free of bookings from now on; stock cannot go below ${have - retired}`, code: 'NOT_ENOUGH_FREE_PIECES' });
          }
        }
      }
    });
    return this.get(id);
  }

  /** GET bikes/{id}/addons: the active add-ons that fit the bike, with what is free for the window. */
  async forBike(bike: BikeRow, w: Window & { end: Date }, quantity: number, exceptRentalId?: string): Promise<BikeAddonDto[]> {
    const rows = (await this.repo.list(false)).filter((a) => addonFits(a, bike));
    const ids = rows.map((r) => r.id);
    const stock = await this.repo.stockOf(ids);
    const free = await this.repo.freeOver(ids, w, exceptRentalId);
    const ms = w.end.getTime() - w.start.getTime();
    return rows.map((a) => {
      const available = a.tracksStock ? (free.get(a.id) ?? 0) : null;
      const cap = Math.min(MAX_ADDON_QUANTITY, a.perBike ? quantity : MAX_ADDON_QUANTITY, available ?? MAX_ADDON_QUANTITY);
      return { ...toAddonDto(a, stock.get(a.id) ?? 0), available, maxQuantity: Math.max(0, cap), unitPrice: toMajor(addonUnitMinor(a, ms), a.currency) };
    });
  }

  /**
   * Prices the selections for a bike's window: each must be an active add-on fitting the bike, at most one per
   * bike when perBike, listed once. `lock`: inside the booking's transaction, the add-ons' rows are locked first.
   * Does not check stock (see available / take).
   */
  async price(bike: BikeRow, w: Window, bikes: number, selections: AddonSelection[], opts: { lock?: boolean } = {}): Promise<PricedAddon[]> {
    if (selections.length === 0) return [];
    if (!w.end) throw invalidField('addons', 'Add-ons need a return time (endTime): an open-ended booking is priced at its return');
    const seen = new Set<string>();
    for (const s of selections) {
      if (seen.has(s.addonId)) throw invalidField('addons', 'Each add-on may be listed once');
      seen.add(s.addonId);
      if (!Number.isInteger(s.quantity) || s.quantity < 1 || s.quantity > MAX_ADDON_QUANTITY) {
        throw invalidField('addons', `An add-on's quantity must be 1 to ${MAX_ADDON_QUANTITY}`);
      }
    }
    const rows = opts.lock ? await this.repo.lockMany([...seen]) : await this.repo.findMany([...seen]);
    const byId = new Map(rows.map((r) => [r.id, r]));
    const ms = w.end.getTime() - w.start.getTime();
    return selections.map((s) => {
      const a = byId.get(s.addonId);
      if (!a || !addonFits(a, bike)) throw invalidField('addons', `Add-on ${s.addonId} is not offered with this bike`);
      if (a.perBike && s.quantity > bikes) throw invalidField('addons', `${a.name}: at most one per bike (${bikes})`);
      return { addon: a, quantity: s.quantity, line: addonLine(a, ms, s.quantity), depositMinor: a.depositCents * s.quantity };
    });
  }

  /** Pieces free for the whole window per priced add-on (null: no stock). */
  async available(priced: PricedAddon[], w: Window, exceptRentalId?: string): Promise<Map<string, number | null>> {
    const tracked = priced.filter((p) => p.addon.tracksStock).map((p) => p.addon.id);
    const free = await this.repo.freeOver(tracked, w, exceptRentalId);
    return new Map(priced.map((p) => [p.addon.id, p.addon.tracksStock ? (free.get(p.addon.id) ?? 0) : null]));
  }

  /**
   * In the booking's transaction, after `price(..., { lock: true })`: takes the pieces for the window and records
   * the rental's add-on lines. AddonOutOfStock when too few are free; 23P01 if another booking took one meanwhile.
   */
  async take(rentalId: string, w: Window, priced: PricedAddon[]): Promise<void> {
    for (const p of [...priced].sort((a, b) => (a.addon.id < b.addon.id ? -1 : 1))) {
      if (!p.addon.tracksStock) continue;
      const items = await this.repo.pickFree(p.addon.id, w, p.quantity);
      if (items.length < p.quantity) throw new AddonOutOfStock(p.addon, items.length);
      await this.repo.reserve(p.addon.id, rentalId, items, w);
    }
    await this.repo.insertLines(
      priced.map((p) => ({
        rentalId,
        addonId: p.addon.id,
        name: p.addon.name,
        quantity: p.quantity,
        pricePerRentalCents: p.addon.pricePerRentalCents,
        pricePerDayCents: p.addon.pricePerDayCents,
        amountCents: p.line.amountMinor,
        depositCents: p.depositMinor,
      })),
    );
  }

  /** A reschedule: the rental's lines go (its pieces went with its units, FleetRepository.releaseRental), to be taken again for the new window. */
  async release(rentalId: string): Promise<void> {
    await this.repo.deleteLines(rentalId);
  }

  linesOf(rentalIds: string[]) {
    return this.repo.linesOf(rentalIds);
  }

  /** GET addons/stock (admin): per add-on with stock and day, the most pieces held at once and what stays free. */
  async stock(q: StockQueryDto): Promise<AddonStockDto[]> {
    let from: Date;
    try {
      from = parseShopTime(`${q.from}T00:00`);
    } catch {
      throw invalidField('from', 'from must be a date YYYY-MM-DD');
    }
    if (Number.isNaN(from.getTime())) throw new BadRequestException('from must be a date YYYY-MM-DD');
    const dayStarts: Date[] = [];
    const [y, m, d] = q.from.split('-').map(Number);
    for (let i = 0; i <= q.days; i++) {
      const day = new Date(Date.UTC(y, m - 1, d + i)).toISOString().slice(0, 10);
      dayStarts.push(parseShopTime(`${day}T00:00`));
    }
    const rows = (await this.repo.list(true)).filter((a) => a.tracksStock);
    const ids = rows.map((r) => r.id);
    const stock = await this.repo.stockOf(ids);
    const res = await this.repo.reservationsBetween(ids, dayStarts[0], dayStarts[dayStarts.length - 1]);
    return rows.map((a) => {
      const mine = res.filter((r) => r.addonId === a.id);
      const total = stock.get(a.id) ?? 0;
      const days = [];
      for (let i = 0; i < q.days; i++) {
        const s = dayStarts[i].getTime();
        const e = dayStarts[i + 1].getTime();
        // The most held at once within the day: at the start of the day or at a reservation's start inside it.
        const points = [s, ...mine.map((r) => r.start.getTime()).filter((t) => t > s && t < e)];
        let held = 0;
        for (const t of points) held = Math.max(held, mine.filter((r) => r.start.getTime() <= t && r.end.getTime() > t).length);
        days.push({ date: dayLabel(q.from, i), held, free: Math.max(0, total - held) });
      }
      return { addon: toAddonDto(a, total), days };
    });
  }
}

function dayLabel(from: string, i: number): string {
  const [y, m, d] = from.split('-').map(Number);
  return new Date(Date.UTC(y, m - 1, d + i)).toISOString().slice(0, 10);
}
