import { Module, OnModuleInit } from '@nestjs/common';
import { IdempotencyModule } from '../../common/idempotency/idempotency.module.js';
import { RateLimitGuard } from '../../common/rate-limit.guard.js';
import { EventsModule } from '../events/events.module.js';
import { UsersModule } from '../users/users.module.js';
import { BikesModule } from '../bikes/bikes.module.js';
import { CouponsModule } from '../coupons/coupons.module.js';
import { ShopModule } from '../shop/shop.module.js';
import { RentalFeedsController } from './rental-feeds.controller.js';
import { RentalFeedsRepository } from './rental-feeds.repository.js';
import { PaymentsModule } from '../payments/payments.module.js';
import { BookingLimits } from './booking-limits.js';
import { DepositScheduler } from './deposits/deposit-scheduler.service.js';
import { DepositsController } from './deposits/deposits.controller.js';
import { DepositsRepository } from './deposits/deposits.repository.js';
import { DepositsService } from './deposits/deposits.service.js';
import { BookingService } from './booking.service.js';
import { HoldSweeper } from './hold-sweeper.service.js';
import { QuoteController } from './quote.controller.js';
import { RentalEventSubjects } from './rental-events.js';
import { RentalPaymentsService } from './rental-payments.service.js';
import { RentalViews } from './rental-views.js';
import { RentalsController } from './rentals.controller.js';
import { RentalsRepository } from './rentals.repository.js';
import { RentalsService } from './rentals.service.js';
import { ReturnService } from './return.service.js';
import { PersonalDataErasure } from '../events/personal-data-erasure.js';

/**
 * Booking, return, payments after the return, security deposits (deposits/: the ledger, the scheduler, capture and
 * release) and the hold sweeper, each its own service; RentalsService reads.
 */
@Module({
  imports: [EventsModule, PaymentsModule, IdempotencyModule, BikesModule, ShopModule, UsersModule, CouponsModule],
  controllers: [RentalsController, QuoteController, DepositsController, RentalFeedsController],
  providers: [RentalsRepository, RentalFeedsRepository, RentalViews, HoldSweeper, BookingLimits, BookingService, ReturnService, RentalPaymentsService, RentalsService, RateLimitGuard, RentalEventSubjects, DepositsRepository, DepositsService, DepositScheduler],
  exports: [RentalsService, BookingService, HoldSweeper, RentalsRepository, RentalViews, ReturnService, DepositsService, RentalFeedsRepository],
})
export class RentalsModule implements OnModuleInit {
  constructor(
    private readonly erasure: PersonalDataErasure,
    private readonly rentals: RentalsRepository,
  ) {}

  /** An account with bikes not yet returned (or held for an unpaid fee) cannot be deleted: users asks through the port. */
  onModuleInit(): void {
    this.erasure.blockWhen(async (userId) =>
      (await this.rentals.countOpenOf(userId)) > 0
        ? { message: 'This user has rentals that are not returned yet; confirm their returns first', code: 'USER_HAS_OPEN_RENTALS' }
        : null,
    );
  }
}
