import { HttpException, HttpStatus, Injectable } from '@nestjs/common';
import { sql } from 'drizzle-orm';
import { shareOfMinor } from '../../common/money.js';
import { RateLimitStore } from '../../common/rate-limit.guard.js';
import { AppConfig } from '../../config/app-config.js';
import { TransactionHost } from '../../database/transaction-host.js';
import { rowsOf } from '../bikes/fleet.repository.js';
import { BookingWindow, DAY_MS, MINUTE_MS } from './rental-time.js';

/**
 * What a booking fee kept on a free cancellation leaves to refund: `keptPercent` of the fee (rounded to the minor
 * unit by the one rule) is kept, the rest refunded. Pure, so the cancel's refund logic calls it with the payment and the setting.
 */
export function bookingFeeRefund(feeMinor: number, keptPercent: number): { refundMinor: number; keptMinor: number } {
  const keptMinor = Math.min(feeMinor, Math.max(0, shareOfMinor(feeMinor, keptPercent, 100)));
  return { refundMinor: feeMinor - keptMinor, keptMinor };
}

/** Units of one bike a customer may hold at once: the share of its active units, at least one. */
export function bikeShareUnits(activeUnits: number, sharePercent: number): number {
  return Math.max(1, Math.floor((activeUnits * sharePercent) / 100));
}

/** Unit-days a window takes: its length in days times the units; an open-ended one counts one day (it is priced at return). */
export function unitDays(w: BookingWindow, quantity: number, now: Date): number {
  const from = Math.max(w.start.getTime(), now.getTime());
  const days = w.end ? Math.max(0, w.end.getTime() - from) / DAY_MS : 1;
  return days * quantity;
}

/** Unpaid bookings of one bike that may end within REBOOK_COOLDOWN_MINUTES before the next waits. */
const REBOOK_FREE_ENDS = 2;

/** Loopback (the machine itself: its own jobs and tests) is not one of the shop's customers' addresses. */
const isLoopback = (address: string): boolean => /^(127\.|::1$|::ffff:127\.)/.test(address);

const limitHit = (code: string, message: string): HttpException => new HttpException({ message, code }, HttpStatus.TOO_MANY_REQUESTS);

/** Units booked from one address, counted for HOLD_MINUTES: taken before the booking, handed back when it fails. */
export interface AddressUnits {
  giveBack(): Promise<void>;
}

/**
 * Bounds on what one customer and one client address hold (issue 20: one account held 907 of 1,002 units for a
 * year with fees it got back; 70 fresh accounts on one address held 882 units unpaid). Each setting 0 = no limit.
 * The customer's checks run in the booking's transaction under the customer's row lock (RentalsRepository.lockUser),
 * like MAX_PENDING_BOOKINGS, so two bookings of one customer cannot both pass on the same count.
 */
@Injectable()
export class BookingLimits {
  constructor(
    private readonly txHost: TransactionHost,
    private readonly config: AppConfig,
    private readonly store: RateLimitStore,
  ) {}

  /**
   * MAX_HELD_UNIT_DAYS (units x days of the customer's open bookings ahead of now, this one included),
   * MAX_BIKE_SHARE_PERCENT (units of this bike the customer holds in overlapping windows, at least one always
   * allowed) and REBOOK_COOLDOWN_MINUTES (the same bike again once two unpaid bookings of it ended within that many
   * minutes: cancel-then-rebook kept an unpaid hold on a unit forever). 429 with a code. `moving`: the rental a
   * reschedule moves to `w` (not counted as held; no cool-down).
   */
  async checkCustomer(userId: string, bikeId: string, w: BookingWindow, quantity: number, now: Date, moving?: string): Promise<void> {
    const env = this.config.env;
    const at = now.toISOString();
    if (env.REBOOK_COOLDOWN_MINUTES > 0 && !moving) {
      const since = new Date(now.getTime() - env.REBOOK_COOLDOWN_MINUTES * MINUTE_MS).toISOString();
      const [row] = rowsOf<{ n: number | string; last: string | Date | null }>(
        await this.txHost.db.execute(sql`
        select count(*) as n, max(r.cancelled_at) as last from rentals r
         where r.user_id = ${userId} and r.bike_id = ${bikeId} and r.status = 'cancelled' and r.source = 'online'
           and r.cancelled_at > ${since}::timestamptz
           and not exists (select 1 from payments p where p.rental_id = r.id and p.kind = 'booking_fee' and p.status in ('succeeded', 'refunded'))`),
      );
      // The first unpaid end is free (a declined card books again at once); a second within the cool-down waits.
      if (row && Number(row.n) >= REBOOK_FREE_ENDS && row.last) {
        const wait = Math.max(1, Math.ceil((new Date(row.last).getTime() + env.REBOOK_COOLDOWN_MINUTES * MINUTE_MS - now.getTime()) / MINUTE_MS));
        throw limitHit('REBOOK_COOLDOWN', `An unpaid booking of this bike just ended; you can book it again in ${wait} minute${wait === 1 ? '' : 's'}`);
      }
    }
    // Open bookings: awaiting the fee (hold not lapsed) or booked, units not yet released.
    const open = sql`r.user_id = ${userId} and r.stock_released_at is null
      and (r.status = 'booked' or (r.status = 'pending_fee' and r.hold_expires_at > ${at}::timestamptz))
      ${moving ? sql`and r.id <> ${moving}` : sql``}`;
    if (env.MAX_BIKE_SHARE_PERCENT > 0 && env.MAX_BIKE_SHARE_PERCENT < 100) {
      const end = w.end ? w.end.toISOString() : 'infinity';
      const [row] = rowsOf<{ held: number | string; units: number | string }>(
        await this.txHost.db.execute(sql`
        select
          (select coalesce(sum(r.quantity), 0) from rentals r
            where ${open} and r.bike_id = ${bikeId}
              and tstzrange(r.start_time, coalesce(r.end_time, 'infinity'::timestamptz), '[)')
                  && tstzrange(${w.start.toISOString()}::timestamptz, ${end}::timestamptz, '[)')) as held,
          (select count(*) from bike_units u where u.bike_id = ${bikeId} and u.status = 'active') as units`),
      );
      const allowed = bikeShareUnits(Number(row.units), env.MAX_BIKE_SHARE_PERCENT);
      if (Number(row.held) + quantity > allowed) {
        throw limitHit(
          'BIKE_SHARE_LIMIT',
          `One customer may hold at most ${allowed} unit${allowed === 1 ? '' : 's'} of this bike at a time (you already hold ${Number(row.held)} for these times)`,
        );
      }
    }
    if (env.MAX_HELD_UNIT_DAYS > 0) {
      const [row] = rowsOf<{ days: number | string }>(
        await this.txHost.db.execute(sql`
        select coalesce(sum(r.quantity * case when r.end_time is null then 1
                 else greatest(0, extract(epoch from (r.end_time - greatest(r.start_time, ${at}::timestamptz)))) / 86400 end), 0) as days
          from rentals r where ${open}`),
      );
      const held = Number(row.days);
      if (held + unitDays(w, quantity, now) > env.MAX_HELD_UNIT_DAYS + 1e-9) {
        throw limitHit(
          'HOLDING_LIMIT',
          `One customer may hold at most ${env.MAX_HELD_UNIT_DAYS} bike-days of bookings at a time (you hold ${round1(held)}); shorten the window or book fewer units`,
        );
      }
    }
  }

  /**
   * MAX_UNITS_PER_ADDRESS: units booked from one client address (Express's req.ip: TRUST_PROXY decides the hop) per
   * HOLD_MINUTES window, whoever is signed in; counted in RateLimitStore (Redis with REDIS_URL, shared by every
   * instance). Taken atomically before the booking; a refused or failed booking gives its units back.
   */
  async takeAddressUnits(address: string | undefined, quantity: number): Promise<AddressUnits> {
    const limit = this.config.env.MAX_UNITS_PER_ADDRESS;
    const none: AddressUnits = { giveBack: async () => undefined };
    if (limit === 0 || !address || isLoopback(address)) return none;
    const key = `holds:ip:${address}`;
    const windowMs = this.config.env.HOLD_MINUTES * MINUTE_MS;
    const { count } = await this.store.hit(key, windowMs, quantity);
    let given = false;
    const units: AddressUnits = {
      giveBack: async () => {
        if (given) return;
        given = true;
        await this.store.hit(key, windowMs, -quantity);
      },
    };
    if (count > limit) {
      await units.giveBack();
      throw limitHit(
        'ADDRESS_LIMIT',
        `Too many bikes booked from your network in the last ${this.config.env.HOLD_MINUTES} minutes; pay for your bookings or try again later`,
      );
    }
    return units;
  }
}

const round1 = (n: number): number => Math.round(n * 10) / 10;
