import { ConflictException, Injectable, NotFoundException } from '@nestjs/common';
import { Clock } from '../../common/clock.js';
import { invalidField } from '../../common/field-error.js';
import { isCalendarDate, nextDate, startOfDate } from '../../common/opening-hours.js';
import { readShopTime, shopTimeZone } from '../../common/shop-time.js';
import { ShopSettingsService } from '../shop/shop-settings.service.js';
import { calendarDays } from './calendar.js';
import { TransactionHost } from '../../database/transaction-host.js';
import { isExclusionViolation, isSerializationFailure, isUniqueViolation } from '../../database/pg-errors.js';
import { BikesRepository } from './bikes.repository.js';
import {
  AvailabilityDto,
  CalendarDto,
  CalendarQueryDto,
  CreateMaintenanceDto,
  CreateUnitDto,
  MaintenanceBlockDto,
  TimelineDto,
  toUnitDto,
  UnitDto,
  UpdateUnitDto,
  WindowQueryDto,
} from './fleet.dto.js';
import { FleetRepository } from './fleet.repository.js';

const DAY_MS = 86_400_000;

export const MAX_RANGE_DAYS = 62;
/** The calendar answers at most this many days a call (three months). */
export const MAX_CALENDAR_DAYS = 92;

const WITHDRAW_ATTEMPTS = 5;

const unitHasBookings = (unit: string, rentalIds: string[]) =>
  new ConflictException({
    message:
      rentalIds.length > 0
        ? `Unit ${unit} has bookings no other unit is free for: ${rentalIds.join(', ')}; move or cancel them first`
        : `Unit ${unit} has bookings no other unit is free for; move or cancel them first`,
    code: 'UNIT_HAS_BOOKINGS',
  });

const labelTaken = () => new ConflictException({ message: 'This bike already has a unit with this label', code: 'UNIT_LABEL_TAKEN' });

/** The fleet: units of a bike, maintenance blocks, availability over time and the admin timeline. */
@Injectable()
export class FleetService {
  constructor(
    private readonly txHost: TransactionHost,
    private readonly bikes: BikesRepository,
    private readonly fleet: FleetRepository,
    private readonly clock: Clock,
    private readonly shop: ShopSettingsService,
  ) {}

  private async bikeOrThrow(id: string) {
    const bike = await this.bikes.findActiveById(id);
    if (!bike) throw new NotFoundException('Bike not found');
    return bike;
  }

  async listUnits(bikeId: string): Promise<UnitDto[]> {
    await this.bikeOrThrow(bikeId);
    return (await this.fleet.listUnits(bikeId)).map(toUnitDto);
  }

  async addUnit(bikeId: string, dto: CreateUnitDto): Promise<UnitDto> {
    await this.bikeOrThrow(bikeId);
    try {
      const [unit] = await this.fleet.insertUnits(bikeId, [dto.label], this.clock.now(), dto.notes ?? '');
      return toUnitDto(unit);
    } catch (e) {
      if (isUniqueViolation(e)) throw labelTaken();
      throw e;
    }
  }

  /**
   * PATCH units/{id}. A unit leaving service (maintenance or retired) hands each booking that has not started to
   * another active unit of the bike free for its window, in the same transaction; when none is free for one,
   * 409 UNIT_HAS_BOOKINGS names those bookings and nothing changes. A rental already under way keeps its unit
   * until it is returned.
   */
  async updateUnit(unitId: string, dto: UpdateUnitDto): Promise<UnitDto> {
    try {
      const unit =
        dto.status === undefined || dto.status === 'active'
          ? await this.fleet.updateUnit(unitId, { ...dto }, this.clock.now())
          : await this.withdrawUnit(unitId, dto);
      if (!unit) throw new NotFoundException('Unit not found');
      return toUnitDto(unit);
    } catch (e) {
      if (isUniqueViolation(e)) throw labelTaken();
      throw e;
    }
  }

  private async withdrawUnit(unitId: string, dto: UpdateUnitDto) {
    for (let attempt = 1; ; attempt++) {
      try {
        return await this.txHost.run(async () => {
          const found = await this.fleet.findUnit(unitId);
          if (!found) return undefined;
          // Bookings share-lock the bike row before they choose units: this update lock waits for the ones under
          // way (their reservations are then seen below) and makes later ones read the unit's new status.
          await this.bikes.lockActiveById(found.bikeId);
          const now = this.clock.now();
          const unit = await this.fleet.updateUnit(unitId, { ...dto }, now);
          const stranded: string[] = [];
          for (const booking of await this.fleet.futureBookingsOn(unitId, now)) {
            const [to] = await this.fleet.pickFree(found.bikeId, booking, 1);
            if (to === undefined) stranded.push(booking.rentalId);
            else await this.fleet.moveReservation(booking.id, to);
          }
          if (stranded.length > 0) throw unitHasBookings(found.label, stranded);
          return unit;
        }, { own: true });
      } catch (e) {
        // Another unit was taken for an overlapping period meanwhile (23P01), or the transaction lost a race: again.
        if ((isExclusionViolation(e) || isSerializationFailure(e)) && attempt < WITHDRAW_ATTEMPTS) continue;
        if (isExclusionViolation(e)) throw unitHasBookings(unitId, []);
        throw e;
      }
    }
  }

  /** A maintenance block: the unit cannot be booked in [start, end); 409 when a booking holds it then. */
  async addMaintenance(unitId: string, dto: CreateMaintenanceDto): Promise<MaintenanceBlockDto> {
    const start = readShopTime(dto.start, 'start');
    const end = readShopTime(dto.end, 'end');
    if (end.getTime() <= start.getTime()) throw invalidField('end', 'end must be after start');
    const unit = await this.fleet.findUnit(unitId);
    if (!unit) throw new NotFoundException('Unit not found');
    try {
      const block = await this.txHost.run(() => this.fleet.insertMaintenance(unit, { start, end }, dto.reason, this.clock.now()));
      return { _id: block.id, unitId: block.unitId, start: start.toISOString(), end: end.toISOString(), reason: block.reason };
    } catch (e) {
      if (isExclusionViolation(e)) {
        throw new ConflictException({ message: 'The unit is booked or already in maintenance in this window', code: 'UNIT_BUSY' });
      }
      throw e;
    }
  }

  async removeMaintenance(unitId: string, blockId: string): Promise<void> {
    if (!(await this.fleet.deleteMaintenance(unitId, blockId))) throw new NotFoundException('Maintenance block not found');
  }

  private range(q: WindowQueryDto): { from: Date; to: Date } {
    const from = readShopTime(q.from, 'from');
    const to = readShopTime(q.to, 'to');
    if (to.getTime() <= from.getTime()) throw invalidField('to', 'to must be after from');
    if (to.getTime() - from.getTime() > MAX_RANGE_DAYS * DAY_MS) throw invalidField('to', `to must be at most ${MAX_RANGE_DAYS} days after from`);
    return { from, to };
  }

  /** GET bikes/{id}/availability: free units over [from, to) as steps. */
  async availability(bikeId: string, q: WindowQueryDto): Promise<AvailabilityDto> {
    const { from, to } = this.range(q);
    const bike = await this.bikeOrThrow(bikeId);
    const { totalUnits, steps } = await this.fleet.availability(bikeId, from, to);
    return {
      bikeId,
      totalUnits,
      from: from.toISOString(),
      to: to.toISOString(),
      // A switched-off bike has nothing free.
      intervals: steps.map((s) => ({ start: s.start.toISOString(), end: s.end.toISOString(), free: bike.isAvailable ? Math.max(0, s.free) : 0 })),
    };
  }

  /** GET bikes/{id}/calendar: per day in the shop's zone, free / partial / booked / closed for `quantity` units. */
  async calendar(bikeId: string, q: CalendarQueryDto): Promise<CalendarDto> {
    if (!isCalendarDate(q.from)) throw invalidField('from', `${q.from} is not a calendar date`);
    if (!isCalendarDate(q.to)) throw invalidField('to', `${q.to} is not a calendar date`);
    if (q.to < q.from) throw invalidField('to', 'to must not be before from');
    const dates: string[] = [];
    for (let d = q.from; d <= q.to; d = nextDate(d)) {
      if (dates.length === MAX_CALENDAR_DAYS) throw invalidField('to', `to must be at most ${MAX_CALENDAR_DAYS} days from from (both included)`);
      dates.push(d);
    }
    const bike = await this.bikeOrThrow(bikeId);
    const zone = shopTimeZone();
    const first = startOfDate(dates[0], zone);
    const end = startOfDate(nextDate(dates[dates.length - 1]), zone);
    const [{ totalUnits, ranges }, rules] = await Promise.all([this.fleet.reservationsOf(bikeId, first, end), this.shop.rules()]);
    const days = calendarDays({ dates, zone, now: this.clock.now(), totalUnits, ranges, quantity: q.quantity, bookable: bike.isAvailable, rules });
    return { bikeId, quantity: q.quantity, totalUnits, timeZone: zone, days };
  }

  /** GET bikes/{id}/timeline (admin): every unit with its bookings and maintenance blocks in [from, to). */
  async timeline(bikeId: string, q: WindowQueryDto): Promise<TimelineDto> {
    const { from, to } = this.range(q);
    await this.bikeOrThrow(bikeId);
    const [units, blocks] = await Promise.all([this.fleet.listUnits(bikeId), this.fleet.blocksOf(bikeId, { start: from, end: to })]);
    return {
      bikeId,
      from: from.toISOString(),
      to: to.toISOString(),
      units: units.map((u) => ({
        _id: u.id,
        label: u.label,
        status: u.status,
        blocks: blocks
          .filter((b) => b.unitId === u.id)
          .map((b) =>
            b.kind === 'maintenance'
              ? { kind: 'maintenance' as const, _id: b.id, start: b.start.toISOString(), end: b.end?.toISOString() ?? null, reason: b.reason }
              : {
                  kind: 'booking' as const,
                  _id: b.id,
                  start: b.start.toISOString(),
                  end: b.end?.toISOString() ?? null,
                  rentalId: b.rentalId ?? undefined,
                  customerName: b.customerName ?? undefined,
                  status: b.status ?? undefined,
                },
          ),
      })),
    };
  }
}
