import { Injectable, NotFoundException } from '@nestjs/common';
import { AuthUser } from '../../common/decorators.js';
import { PaymentRow } from '../../database/schema/payments.js';
import { toPaymentSummaryDto } from '../payments/payments.dto.js';
import { PaymentsService } from '../payments/payments.service.js';
import { HoldSweeper } from './hold-sweeper.service.js';
import { RentalViews } from './rental-views.js';
import { ListAllRentalsQueryDto, RentalDto, RentalPageQueryDto, RentalPaymentReportDto } from './rentals.dto.js';
import { RentalsRepository } from './rentals.repository.js';

export { parseApiTime } from './rental-time.js';
export { newPaymentRef } from './booking.service.js';

/** Reading rentals: the customer's own, one for checkout, and the admin lists. */
@Injectable()
export class RentalsService {
  constructor(
    private readonly rentals: RentalsRepository,
    private readonly payments: PaymentsService,
    private readonly sweeper: HoldSweeper,
    private readonly views: RentalViews,
  ) {}

  /** Releases lapsed unpaid holds now (the sweeper does it every 30 s). */
  expireHolds(filter: { bikeId?: string } = {}): Promise<number> {
    return this.sweeper.expireHolds(filter);
  }

  /** GET rentals: the caller's rentals, newest first (lapsed holds are released first so the list is current). */
  async listMine(user: AuthUser): Promise<RentalDto[]> {
    await this.sweeper.expireHolds();
    return this.views.toDtos(await this.rentals.listViewsOfUser(user.id));
  }

  /** GET rentals/trans/{id}: one of the caller's rentals by its paymentId (or _id). */
  async getForCheckout(user: AuthUser, ref: string): Promise<RentalDto> {
    const rental = await this.rentals.findByRef(ref, user.id);
    const view = rental && (await this.rentals.findView(rental.id));
    if (!view) throw new NotFoundException('Rental not found');
    return this.views.toDto(view);
  }

  async listAll(query: ListAllRentalsQueryDto): Promise<RentalDto[]> {
    const filter = query.status === undefined ? 'live' : query.status === 'all' ? 'all' : [query.status];
    return this.views.toDtos(await this.rentals.listViewsByStatus(filter, pageOf(query)));
  }

  /** GET rentals/rentalpayment: returned rentals (paid or not) with every payment they have. */
  async listPaymentReport(query: RentalPageQueryDto): Promise<RentalPaymentReportDto[]> {
    const views = await this.rentals.listViewsByStatus(['returned', 'paid'], pageOf(query));
    const byRental = new Map<string, PaymentRow[]>();
    for (const p of await this.payments.listByRentalIds(views.map((v) => v.rental.id))) {
      if (p.rentalId) byRental.set(p.rentalId, [...(byRental.get(p.rentalId) ?? []), p]);
    }
    const dtos = this.views.toDtos(views);
    return views.map((v, i) => ({ ...dtos[i], payments: (byRental.get(v.rental.id) ?? []).map(toPaymentSummaryDto) }));
  }
}

const pageOf = (q: { page: number; limit: number }) => ({ offset: (q.page - 1) * q.limit, limit: q.limit });
