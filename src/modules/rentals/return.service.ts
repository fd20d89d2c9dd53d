import { ConflictException, Injectable, NotFoundException } from '@nestjs/common';
import { DomainEvents } from '../events/domain-events.service.js';
import { Clock } from '../../common/clock.js';
import { AppConfig } from '../../config/app-config.js';
import { TransactionHost } from '../../database/transaction-host.js';
import { RentalRow } from '../../database/schema/rentals.js';
import { BookingService } from './booking.service.js';
import { lateFeeMinor, startedHours } from './pricing.js';
import { invalidField, MINUTE_MS, readTime, START_SKEW_MS } from './rental-time.js';
import { RentalViews } from './rental-views.js';
import { RentalDto, ReturnPreviewDto } from './rentals.dto.js';
import { toMajor } from '../../common/money.js';
import { RentalsRepository } from './rentals.repository.js';
import { MAX_MINOR } from '../../common/money.js';


/** Returns (admin): the cost, the late fee, and each unit's period ending at the return, once. */
@Injectable()
export class ReturnService {
  constructor(
    private readonly txHost: TransactionHost,
    private readonly rentals: RentalsRepository,
    private readonly booking: BookingService,
    private readonly views: RentalViews,
    private readonly clock: Clock,
    private readonly config: AppConfig,
    private readonly events: DomainEvents,
  ) {}

  /**
   * PUT rentals/{id}/return. Open-ended: ceil(hours) x price at booking x quantity. Fixed window: the quote
   * fixed at booking, plus LATE_FEE_PER_HOUR (default the hourly price) per started hour and unit after
   * endTime + LATE_GRACE_MINUTES.
   */
  async returnRental(id: string, returntime: string): Promise<RentalDto> {
    const { rental, returnTime, cost } = await this.priced(id, returntime);

    return this.txHost.run(async () => {
      const returned = await this.rentals.markReturned(id, returnTime, cost, this.clock.now());
      if (!returned) throw this.returnConflict((await this.rentals.findById(id)) ?? rental);
      await this.events.rental('rental.returned', id);
      return this.views.find(id);
    });
  }

  /** The return's time checked against the rental, and what it would cost (shared by the return and its preview). */
  private async priced(id: string, returntime: string) {
    const returnTime = readTime(returntime, 'returntime');
    // A bike is confirmed back once it is here: not later than now (the clock skew a start time has allowed).
    if (returnTime.getTime() > this.clock.now().getTime() + START_SKEW_MS) throw invalidField('returntime', 'Return time must not be in the future');
    const rental = await this.rentals.findById(id);
    if (!rental) throw new NotFoundException('Rental not found');
    const ms = returnTime.getTime() - rental.startTime.getTime();
    if (ms <= 0) throw invalidField('returntime', 'Return time must be after the start time');
    const cost = this.costOf(rental, returnTime);
    if (cost.totalCostCents > MAX_MINOR) throw invalidField('returntime', 'The rental period is too long for this bike');
    return { rental, returnTime, cost };
  }

  /**
   * GET rentals/{id}/return-preview (admin): what confirming the return at `returntime` would charge, before it is
   * confirmed: the total, the late fee within it (started hours after the end and its grace, per unit), what is
   * paid and what would be due. Changes nothing.
   */
  async preview(id: string, returntime: string): Promise<ReturnPreviewDto> {
    const { rental, returnTime, cost } = await this.priced(id, returntime);
    if (rental.status !== 'booked') throw this.returnConflict(rental);
    const lateHours = rental.endTime === null || cost.lateFeeCents === 0 ? 0 : cost.lateFeeCents / (this.booking.lateFeeRateMinor(rental.pricePerHourCents, rental.currency) * rental.quantity);
    const paid = rental.totalPaidCents ?? 0;
    return {
      returnTime: returnTime.toISOString(),
      totalCost: toMajor(cost.totalCostCents, rental.currency),
      lateFee: toMajor(cost.lateFeeCents, rental.currency),
      lateHours,
      totalPaid: toMajor(paid, rental.currency),
      due: toMajor(Math.max(0, cost.totalCostCents - paid), rental.currency),
      currency: rental.currency,
    };
  }

  private costOf(rental: RentalRow, returnTime: Date): { totalCostCents: number; lateFeeCents: number } {
    if (rental.endTime === null) {
      const hours = startedHours(returnTime.getTime() - rental.startTime.getTime());
      return { totalCostCents: hours * rental.pricePerHourCents * rental.quantity, lateFeeCents: 0 };
    }
    const late = lateFeeMinor(
      rental.endTime.getTime(),
      returnTime.getTime(),
      this.config.env.LATE_GRACE_MINUTES * MINUTE_MS,
      this.booking.lateFeeRateMinor(rental.pricePerHourCents, rental.currency),
      rental.quantity,
    );
    return { totalCostCents: rental.totalCostCents + late, lateFeeCents: late };
  }

  private returnConflict(rental: RentalRow): ConflictException {
    switch (rental.status) {
      case 'returned':
      case 'paid':
        return new ConflictException({ message: 'Bike is already returned', code: 'ALREADY_RETURNED' });
      case 'pending_fee':
        return new ConflictException({ message: 'The booking fee of this rental is not paid', code: 'BOOKING_FEE_UNPAID' });
      default:
        return new ConflictException({ message: 'This rental was cancelled', code: 'RENTAL_CANCELLED' });
    }
  }
}
