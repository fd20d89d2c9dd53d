import { ConflictException, Injectable, Logger, NotFoundException } from '@nestjs/common';
import { AuthUser } from '../../common/decorators.js';
import { Clock } from '../../common/clock.js';
import { invalidField } from '../../common/field-error.js';
import { loggableError } from '../../common/loggable-error.js';
import { minorOfField, toMajor } from '../../common/money.js';
import { isLocale, translate, type Locale, type MessageId } from '../../common/i18n/i18n.js';
import { isExclusionViolation, isSerializationFailure } from '../../database/pg-errors.js';
import { TransactionHost } from '../../database/transaction-host.js';
import { PaymentRow } from '../../database/schema/payments.js';
import {
  CHECKLIST_PARTS,
  CHECKLIST_STATES,
  Checklist,
  ConditionPhotoRow,
  DamageItem,
  DamageReportRow,
  RentalCheckoutRow,
  UnitConditionRow,
} from '../../database/schema/counter.js';
import { RentalRow } from '../../database/schema/rentals.js';
import { FleetService } from '../bikes/fleet.service.js';
import { DomainEvents } from '../events/domain-events.service.js';
import { BookingService } from '../rentals/booking.service.js';
import { DepositsService } from '../rentals/deposits/deposits.service.js';
import { priceWindow } from '../rentals/pricing.js';
import { RentalViews } from '../rentals/rental-views.js';
import { RentalDto, quoteLinesDto } from '../rentals/rentals.dto.js';
import { RentalsRepository } from '../rentals/rentals.repository.js';
import { ReturnService } from '../rentals/return.service.js';
import { AgreementsService } from '../agreements/agreements.service.js';
import { checkoutBlockers, CHECKOUT_BLOCKERS, CheckoutBlocker } from './checkout-blockers.js';
import {
  CheckInDto,
  CheckOutDto,
  CounterRentalDto,
  CounterUnitDto,
  CustomerReportDto,
  DamageReportDto,
  SettleDepositDto,
  UnitConditionDto,
  UnitSummaryDto,
  WindowMoveDto,
} from './counter.dto.js';
import { CounterRepository, UnitWithBike } from './counter.repository.js';
import { unitIdOfCode } from './labels.service.js';
import { toPhotoDto } from './photos.service.js';

/** A pick-up further than this from the booked start offers to move the window (the return time with it). */
export const OFF_WINDOW_MINUTES = 15;
const MINUTE_MS = 60_000;
const ATTEMPTS = 5;

/**
 * The counter (issue 22): a scanned unit opens its rentals; check-out hands the booked units over (a scanned unit
 * may replace the one reserved), refused while checkoutBlockers() lists something unless an admin overrides it with
 * a reason that is kept; check-in records each unit's condition, photos and damage, returns the rental at the
 * scan's time (ReturnService: the late fee follows), and severe damage takes the unit out of service (FleetService:
 * its future bookings move to other units); the deposit is then released or captured for a damage report.
 */
@Injectable()
export class CounterService {
  private readonly logger = new Logger('Counter');

  constructor(
    private readonly txHost: TransactionHost,
    private readonly counter: CounterRepository,
    private readonly rentals: RentalsRepository,
    private readonly views: RentalViews,
    private readonly booking: BookingService,
    private readonly returns: ReturnService,
    private readonly deposits: DepositsService,
    private readonly fleet: FleetService,
    private readonly events: DomainEvents,
    private readonly clock: Clock,
    private readonly agreements: AgreementsService,
  ) {}

  // ------------------------------------------------------------------ scanning and reading

  /** GET counter/scan: the units a code names (the QR's staff URL, a unit id, or a typed label). */
  async scan(code: string): Promise<UnitSummaryDto[]> {
    const id = unitIdOfCode(code);
    if (id) {
      const found = await this.counter.unitWithBike(id);
      return found ? [unitSummary(found)] : [];
    }
    return (await this.counter.unitsByLabel(code.trim())).map(unitSummary);
  }

  /** GET counter/units/{id}: the unit, its open rentals (current first), condition history, damage and maintenance. */
  async unit(unitId: string): Promise<CounterUnitDto> {
    const found = await this.counter.unitWithBike(unitId);
    if (!found) throw new NotFoundException('Unit not found');
    const open = await this.counter.openRentalsOfUnit(unitId);
    const rentals: CounterRentalDto[] = [];
    for (const r of open) rentals.push(await this.rentalView(r.rentalId));
    const conditions = await this.counter.conditionsOfUnit(unitId);
    const damage = await this.counter.damageOfUnit(unitId);
    const photos = await this.counter.photosOfRentals([...new Set([...conditions.map((c) => c.rentalId), ...damage.map((d) => d.rentalId)])]);
    const labels = new Map([[unitId, found.unit.label]]);
    return {
      unit: unitSummary(found),
      rentals,
      conditions: conditions.map((c) => conditionDto(c, labels, photos)),
      damageReports: damage.map((d) => damageDto(d, labels, photos)),
      maintenance: (await this.counter.maintenanceOfUnit(unitId, this.clock.now())).map((m) => ({
        _id: m.id,
        start: m.start.toISOString(),
        end: m.end?.toISOString() ?? null,
        reason: m.reason,
      })),
    };
  }

  /** A rental as the counter shows it: the rental, its hand-over, its blockers, the window move offered, conditions, damage. */
  async rentalView(rentalId: string): Promise<CounterRentalDto> {
    const view = await this.rentals.findView(rentalId);
    if (!view) throw new NotFoundException('Rental not found');
    const rental = this.views.toDto(view);
    const handover = await this.counter.checkout(rentalId);
    const conditions = await this.counter.conditionsOfRentals([rentalId]);
    const damage = await this.counter.damageOfRentals([rentalId]);
    const photos = await this.counter.photosOfRentals([rentalId]);
    const labels = new Map(view.units.map((u) => [u.id, u.label]));
    return {
      rental,
      handover: handoverDto(handover),
      blockers: rental.status === 'booked' && !handover ? await this.blockersOf(rental) : [],
      windowMove: rental.status === 'booked' && !handover ? this.windowMove(view.rental) : null,
      canCheckIn: rental.status === 'booked' && (handover ? !handover.checkedInAt : this.clock.now().getTime() >= view.rental.startTime.getTime()),
      conditions: conditions.map((c) => conditionDto(c, labels, photos)),
      damageReports: damage.map((d) => damageDto(d, labels, photos)),
    };
  }

  /** GET counter/my-reports: the customer's own rentals' check-in conditions and damage reports (with photos). */
  async customerReports(user: AuthUser): Promise<CustomerReportDto[]> {
    const ids = (await this.rentals.listViewsOfUser(user.id)).map((v) => v.rental.id);
    const [conditions, damage, photos] = await Promise.all([
      this.counter.conditionsOfRentals(ids),
      this.counter.damageOfRentals(ids),
      this.counter.photosOfRentals(ids),
    ]);
    const views = await this.rentals.listViewsOfUser(user.id);
    const labels = new Map(views.flatMap((v) => v.units.map((u) => [u.id, u.label] as const)));
    const out: CustomerReportDto[] = [];
    for (const id of ids) {
      const c = conditions.filter((x) => x.rentalId === id && x.stage === 'check_in');
      const d = damage.filter((x) => x.rentalId === id);
      if (!c.length && !d.length) continue;
      out.push({ rentalId: id, conditions: c.map((x) => conditionDto(x, labels, photos)), damageReports: d.map((x) => damageDto(x, labels, photos)) });
    }
    return out;
  }

  private async blockersOf(rental: RentalDto): Promise<CheckoutBlocker[]> {
    const agreement = await this.agreements.checkoutStatus(rental._id);
    return checkoutBlockers({ depositStatus: rental.deposit.status, agreement });
  }

  /** The window moved to start now (same length, rates fixed at booking), when now is more than 15 minutes off its start. */
  private windowMove(rental: RentalRow): WindowMoveDto | null {
    const now = this.clock.now();
    const off = Math.round((now.getTime() - rental.startTime.getTime()) / MINUTE_MS);
    if (Math.abs(off) <= OFF_WINDOW_MINUTES) return null;
    const end = rental.endTime === null ? null : new Date(now.getTime() + (rental.endTime.getTime() - rental.startTime.getTime()));
    const quote = end === null ? null : priceWindow(rental, end.getTime() - now.getTime(), rental.quantity);
    return {
      minutesOff: off,
      startTime: now.toISOString(),
      endTime: end?.toISOString() ?? null,
      total: toMajor(quote?.totalMinor ?? 0, rental.currency),
      currency: rental.currency,
      lines: quote ? quoteLinesDto(quote.lines, rental.currency) : [],
    };
  }

  // ------------------------------------------------------------------ check-out

  /**
   * POST counter/rentals/{id}/check-out. A deposit still waiting for its hold gets it now (the hold is placed at the
   * latest at the hand-over). Refused (409 CHECKOUT_BLOCKED, with the blockers) while checkoutBlockers() lists
   * anything, unless `overrideReason` is given: then the blockers and the reason are kept with the hand-over.
   */
  async checkOut(rentalId: string, dto: CheckOutDto, staff: AuthUser): Promise<CounterRentalDto> {
    let rental = await this.rentals.findById(rentalId);
    if (!rental) throw new NotFoundException('Rental not found');
    this.assertBooked(rental);
    if (await this.counter.checkout(rentalId)) throw alreadyOut();
    await this.deposits.holdNow(rentalId).catch((e) => this.logger.warn(`hold at check-out of ${rentalId} failed: ${loggableError(e)}`));
    const blockers = await this.blockersOf(await this.views.find(rentalId));
    const override = dto.overrideReason?.trim() || null;
    if (blockers.length && !override) {
      throw new ConflictException({
        message: `Check-out is blocked: ${blockers.map((b) => CHECKOUT_BLOCKERS[b]).join('; ')}. An admin may override it with a reason.`,
        code: 'CHECKOUT_BLOCKED',
        data: { blockers },
      });
    }
    const scanned = [...new Set(dto.unitIds.map((u) => u.toLowerCase()))];
    if (scanned.length !== rental.quantity) {
      throw invalidField('unitIds', `Scan ${rental.quantity} unit${rental.quantity === 1 ? '' : 's'} of this booking (got ${scanned.length})`);
    }
    for (const id of scanned) {
      const unit = await this.counter.unitWithBike(id);
      if (!unit || unit.bike.id !== rental.bikeId) throw invalidField('unitIds', `${unit ? unit.unit.label : id} is not a unit of this booking's bike`);
      if (unit.unit.status !== 'active') throw new ConflictException({ message: `${unit.unit.label} is in ${unit.unit.status}`, code: 'UNIT_NOT_ACTIVE' });
    }
    let closed: PaymentRow[] = [];
    for (let attempt = 1; ; attempt++) {
      try {
        closed = await this.txHost.run(
          async () => {
            rental = await this.rentals.lock(rentalId);
            if (!rental) throw new NotFoundException('Rental not found');
            this.assertBooked(rental);
            if (await this.counter.checkout(rentalId)) throw alreadyOut();
            // The bike's row in turn, as bookings take it before choosing units: a swap and a booking never interleave.
            await this.rentals.findActiveBike(rental.bikeId, true);
            const held = await this.counter.reservationsOfRental(rentalId);
            const free = held.filter((r) => !scanned.includes(r.unitId));
            const incoming = scanned.filter((u) => !held.some((r) => r.unitId === u));
            for (let i = 0; i < incoming.length; i++) await this.counter.moveReservation(free[i].id, incoming[i]);
            const now = this.clock.now();
            let movedFrom: Date | null = null;
            let expired: PaymentRow[] = [];
            if (dto.moveReturn && this.windowMove(rental)) {
              movedFrom = rental.endTime ?? rental.startTime;
              expired = (await this.booking.moveWindowAtPickup(rentalId, now)).closed;
            }
            await this.counter.insertCheckout({
              rentalId,
              checkedOutAt: now,
              staffId: staff.id,
              overrideReason: blockers.length ? override : null,
              overridden: blockers,
              movedReturnFrom: movedFrom,
            });
            await this.events.rental('rental.checked_out', rentalId);
            return expired;
          },
          { own: true },
        );
        break;
      } catch (e) {
        if (isSerializationFailure(e) && attempt < ATTEMPTS) continue;
        if (isExclusionViolation(e)) {
          throw new ConflictException({
            message: 'A scanned unit is booked or in maintenance during this rental; scan another unit (or keep the booked window)',
            code: 'UNIT_BUSY',
          });
        }
        throw e;
      }
    }
    await this.booking.closeCheckouts(closed);
    return this.rentalView(rentalId);
  }

  private assertBooked(rental: RentalRow): void {
    if (rental.status === 'booked') return;
    if (rental.status === 'pending_fee') throw new ConflictException({ message: 'The booking fee of this rental is not paid', code: 'BOOKING_FEE_UNPAID' });
    if (rental.status === 'cancelled') throw new ConflictException({ message: 'This rental was cancelled', code: 'RENTAL_CANCELLED' });
    throw new ConflictException({ message: 'Bike is already returned', code: 'ALREADY_RETURNED' });
  }

  // ------------------------------------------------------------------ check-in

  /**
   * POST counter/rentals/{id}/check-in: every unit of the rental with its checklist, notes, photos and damage. The
   * rental is returned at the scan's time (ReturnService: cost and late fee), in the same transaction as the
   * conditions and damage reports; severe damage then takes the unit into maintenance (its future bookings move).
   */
  async checkIn(rentalId: string, dto: CheckInDto, staff: AuthUser): Promise<CounterRentalDto & { maintenance: { unitId: string; label: string; done: boolean; message: string }[] }> {
    const rental = await this.rentals.findById(rentalId);
    if (!rental) throw new NotFoundException('Rental not found');
    this.assertBooked(rental);
    // Bikes handed over without a scan (booked online, given out by hand) come back through check-in too: the
    // hand-over is recorded as at the rental's start. Before that start nothing was out: there is nothing to take back.
    if (!(await this.counter.checkout(rentalId)) && this.clock.now().getTime() < rental.startTime.getTime()) throw notStarted();
    const held = await this.counter.reservationsOfRentalRead(rentalId);
    if (!held.length) {
      throw new ConflictException({ message: 'This rental holds no units of the fleet (booked before units were tracked): return it on Return Bikes', code: 'NO_UNITS' });
    }
    const view = (await this.rentals.findView(rentalId))!;
    // Electric bikes (no engine: 0 cc) have a battery to check; the others have none.
    const electric = (await this.counter.unitWithBike(held[0].unitId))?.bike.cc === 0;
    const labels = new Map(view.units.map((u) => [u.id, u.label]));
    const seen = new Set<string>();
    dto.units.forEach((u, i) => {
      const id = u.unitId.toLowerCase();
      if (!held.some((r) => r.unitId === id)) throw invalidField(`units[${i}].unitId`, `units[${i}].unitId is not a unit of this rental`);
      if (seen.has(id)) throw invalidField(`units[${i}].unitId`, `units[${i}].unitId is listed twice`);
      seen.add(id);
      u.checklist = checkChecklist(u.checklist, i, electric);
    });
    const missing = held.filter((r) => !seen.has(r.unitId));
    if (missing.length) throw invalidField('units', `Check in every unit of the rental: ${missing.map((m) => labels.get(m.unitId) ?? m.unitId).join(', ')} missing`);
    const now = this.clock.now();
    const severe: { unitId: string; report: DamageReportRow }[] = [];
    await this.txHost.run(
      async () => {
        // The rental's row in turn: two check-ins (or a check-out and a check-in) of one rental never interleave.
        await this.rentals.lock(rentalId);
        if (!(await this.counter.checkout(rentalId))) {
          if (now.getTime() < rental.startTime.getTime()) throw notStarted();
          await this.counter.insertCheckout({ rentalId, checkedOutAt: rental.startTime, staffId: null, overridden: [], recordedAtCheckIn: true });
        }
        await this.returns.returnRental(rentalId, now.toISOString());
        if (!(await this.counter.markCheckedIn(rentalId, now, staff.id))) throw new ConflictException({ message: 'Bike is already returned', code: 'ALREADY_RETURNED' });
        for (const [i, u] of dto.units.entries()) {
          const unitId = u.unitId.toLowerCase();
          const condition = await this.counter.insertCondition({ rentalId, unitId, stage: 'check_in', checklist: u.checklist, notes: u.notes?.trim() ?? '', staffId: staff.id, createdAt: now });
          let report: DamageReportRow | null = null;
          if (u.damage?.length) {
            const items: DamageItem[] = u.damage.map((d, j) => ({
              part: d.part.trim(),
              severity: d.severity,
              // In the rental currency's own minor units; more decimals than it has is a 400 naming the cost.
              costMinor: minorOfField(d.cost, rental.currency, `units[${i}].damage[${j}].cost`),
              description: d.description?.trim() ?? '',
            }));
            report = await this.counter.insertDamage({
              rentalId,
              unitId,
              conditionId: condition.id,
              items,
              notes: u.notes?.trim() ?? '',
              severe: items.some((x) => x.severity === 'severe'),
              costMinor: items.reduce((s, x) => s + x.costMinor, 0),
              currency: rental.currency,
              createdAt: now,
            });
            if (report.severe) severe.push({ unitId, report });
          }
          const ids = [...new Set(u.photoIds ?? [])];
          if ((await this.counter.attachPhotos(ids, rentalId, unitId, condition.id, report?.id ?? null)) !== ids.length) {
            throw invalidField(`units[${i}].photoIds`, `units[${i}].photoIds must be photos uploaded for this unit of this rental`);
          }
        }
        await this.events.rental('rental.checked_in', rentalId);
        const photos = await this.counter.photosOfRentals([rentalId]);
        for (const r of await this.counter.damageOfRentals([rentalId])) {
          await this.events.record({ type: 'damage.reported', data: { ...damageDto(r, labels, photos), rental: await this.views.find(rentalId) }, userId: rental.userId });
        }
        const after = await this.views.find(rentalId);
        // Nothing to settle: the summary goes now; else after the deposit screen (settleDeposit).
        if (after.deposit.status !== 'held') await this.recordSummary(rentalId);
      },
    );
    const maintenance: { unitId: string; label: string; done: boolean; message: string }[] = [];
    for (const s of severe) {
      const label = labels.get(s.unitId) ?? s.unitId;
      const what = s.report.items.filter((x) => x.severity === 'severe').map((x) => x.part).join(', ');
      try {
        await this.fleet.updateUnit(s.unitId, { status: 'maintenance', notes: `Severe damage reported at check-in ${now.toISOString().slice(0, 10)}: ${what}` });
        maintenance.push({ unitId: s.unitId, label, done: true, message: `${label} is in maintenance; its future bookings moved to other units` });
      } catch (e) {
        const message = e instanceof ConflictException ? String((e.getResponse() as { message?: string }).message ?? e.message) : 'could not be taken out of service';
        this.logger.warn(`severe damage on ${label}: maintenance refused: ${loggableError(e)}`);
        maintenance.push({ unitId: s.unitId, label, done: false, message: `${label} stays in service: ${message}` });
      }
    }
    return { ...(await this.rentalView(rentalId)), maintenance };
  }

  // ------------------------------------------------------------------ the deposit screen

  /**
   * POST counter/rentals/{id}/deposit: release the whole deposit, or capture part of it for a damage report of the
   * rental (its items become the reason, told to the customer) or a reason of its own; then the customer's check-in
   * summary (photos and what was kept) is sent.
   */
  async settleDeposit(rentalId: string, dto: SettleDepositDto): Promise<CounterRentalDto> {
    const view = await this.rentals.findView(rentalId);
    if (!view) throw new NotFoundException('Rental not found');
    const { rental } = view;
    let report: DamageReportRow | undefined;
    if (dto.action === 'capture') {
      if (dto.damageReportId) {
        report = await this.counter.findDamage(dto.damageReportId);
        if (!report || report.rentalId !== rentalId) throw invalidField('damageReportId', 'damageReportId must be a damage report of this rental');
      }
      const reason = dto.reason?.trim() || (report ? damageReason(report, isLocale(view.user.language) ? view.user.language : 'en') : '');
      if (!reason) throw invalidField('reason', 'reason is required: pick the damage report or say why part of the deposit is kept');
      if (dto.amount === undefined) throw invalidField('amount', 'amount is required to keep part of the deposit');
      await this.deposits.capture(rentalId, dto.amount, reason.slice(0, 500));
      if (report) await this.counter.setDepositKept(report.id, minorOfField(dto.amount, rental.currency, 'amount'));
    } else {
      await this.deposits.release(rentalId);
    }
    if (rental.status !== 'booked') await this.txHost.run(() => this.recordSummary(rentalId));
    return this.rentalView(rentalId);
  }

  /** The customer's check-in summary (email with the photos and what was kept of the deposit), once per rental. */
  private async recordSummary(rentalId: string): Promise<void> {
    const view = await this.rentalView(rentalId);
    if (!view.handover.checkedInAt) return;
    const photos = await this.counter.photosOfRentals([rentalId]);
    await this.events.record({
      type: 'rental.check_in_summary',
      data: { ...view.rental, counter: { conditions: view.conditions, damageReports: view.damageReports }, photoFiles: photos.map((p) => p.path) },
      userId: view.rental.userId._id,
      dedupeKey: `check_in_summary:${rentalId}`,
    });
  }
}

// ------------------------------------------------------------------ helpers

const notStarted = (): ConflictException =>
  new ConflictException({ message: 'This rental has not started and its bikes were not handed over: check them out, or cancel the booking', code: 'NOT_STARTED' });

const alreadyOut = (): ConflictException => new ConflictException({ message: 'These bikes are already checked out', code: 'ALREADY_CHECKED_OUT' });

/**
 * The check-in checklist of one unit, complete: every part has one of the states; the battery only on an electric
 * bike, where it cannot be n/a; on another bike it may be left out or n/a, and is not kept. A part or state that is
 * not known is a 400 naming `units[i].checklist.<part>`. Answers the checklist as it is stored.
 */
export function checkChecklist(list: Checklist, i: number, electric: boolean): Checklist {
  const field = (part: string) => `units[${i}].checklist.${part.slice(0, 40)}`;
  for (const [part, state] of Object.entries(list ?? {})) {
    if (!(CHECKLIST_PARTS as readonly string[]).includes(part)) throw invalidField(field(part), `${field(part)} is not a checklist part (${CHECKLIST_PARTS.join(', ')})`);
    if (!(CHECKLIST_STATES as readonly string[]).includes(state as string)) throw invalidField(field(part), `${field(part)} must be one of ${CHECKLIST_STATES.join(', ')}`);
  }
  const parts = CHECKLIST_PARTS.filter((p) => electric || p !== 'battery');
  for (const part of parts) if (list[part] === undefined) throw invalidField(field(part), `${field(part)} is required: one of ${CHECKLIST_STATES.join(', ')}`);
  if (electric && list.battery === 'na') throw invalidField(field('battery'), `${field('battery')}: an electric bike has a battery (ok, worn, damaged or missing)`);
  if (!electric && list.battery !== undefined && list.battery !== 'na') throw invalidField(field('battery'), `${field('battery')}: this bike is not electric and has no battery (leave it out, or n/a)`);
  return Object.fromEntries(parts.map((p) => [p, list[p]])) as Checklist;
}

/**
 * The reason a deposit capture gives for a damage report: its items, in words, in the language of the customer it is
 * told to (stored so). English names the parts and severities by their ids, as it always has; the staff's own
 * descriptions are kept as written.
 */
export function damageReason(r: DamageReportRow, locale: Locale = 'en'): string {
  const word = (id: MessageId, raw: string) => (locale === 'en' ? raw : translate(locale, id));
  const items = r.items
    .map((x) => `${word(`fleet.part.${x.part}` as MessageId, x.part)} (${word(`fleet.severity.${x.severity}` as MessageId, x.severity)})${x.description ? `: ${x.description}` : ''}`)
    .join('; ');
  return translate(locale, 'fleet.deposit.damageReason', { items }).slice(0, 500);
}

function unitSummary({ unit, bike }: UnitWithBike): UnitSummaryDto {
  return { _id: unit.id, label: unit.label, status: unit.status, notes: unit.notes, bikeId: bike.id, bikeName: bike.name, electric: bike.cc === 0 };
}

function handoverDto(h: RentalCheckoutRow | undefined) {
  return {
    checkedOutAt: h?.checkedOutAt.toISOString() ?? null,
    overrideReason: h?.overrideReason ?? null,
    overridden: h?.overridden ?? [],
    movedReturnFrom: h?.movedReturnFrom?.toISOString() ?? null,
    recordedAtCheckIn: h?.recordedAtCheckIn ?? false,
    checkedInAt: h?.checkedInAt?.toISOString() ?? null,
  };
}

function conditionDto(c: UnitConditionRow, labels: Map<string, string>, photos: ConditionPhotoRow[]): UnitConditionDto {
  return {
    _id: c.id,
    rentalId: c.rentalId,
    unitId: c.unitId,
    unitLabel: labels.get(c.unitId) ?? '',
    stage: c.stage,
    checklist: c.checklist,
    notes: c.notes,
    photos: photos.filter((p) => p.conditionId === c.id).map(toPhotoDto),
    createdAt: c.createdAt.toISOString(),
  };
}

function damageDto(d: DamageReportRow, labels: Map<string, string>, photos: ConditionPhotoRow[]): DamageReportDto {
  return {
    _id: d.id,
    rentalId: d.rentalId,
    unitId: d.unitId,
    unitLabel: labels.get(d.unitId) ?? '',
    items: d.items.map((x) => ({ part: x.part, severity: x.severity, cost: toMajor(x.costMinor, d.currency), description: x.description })),
    notes: d.notes,
    severe: d.severe,
    cost: toMajor(d.costMinor, d.currency),
    currency: d.currency,
    depositKept: d.depositKeptMinor === null ? null : toMajor(d.depositKeptMinor, d.currency),
    photos: photos.filter((p) => p.damageReportId === d.id).map(toPhotoDto),
    createdAt: d.createdAt.toISOString(),
  };
}
