import { Module } from '@nestjs/common';
import { IdempotencyModule } from '../../common/idempotency/idempotency.module.js';
import { RateLimitGuard } from '../../common/rate-limit.guard.js';
import { BikesModule } from '../bikes/bikes.module.js';
import { ShopModule } from '../shop/shop.module.js';
import { RentalFeedsController } from './rental-feeds.controller.js';
import { RentalFeedsRepository } from './rental-feeds.repository.js';
import { PaymentsModule } from '../payments/payments.module.js';
import { BookingService } from './booking.service.js';
import { HoldSweeper } from './hold-sweeper.service.js';
import { QuoteController } from './quote.controller.js';
import { RentalPaymentsService } from './rental-payments.service.js';
import { RentalViews } from './rental-views.js';
import { RentalsController } from './rentals.controller.js';
import { RentalsRepository } from './rentals.repository.js';
import { RentalsService } from './rentals.service.js';
import { ReturnService } from './return.service.js';

/** Booking, return, payments after the return and the hold sweeper, each its own service; RentalsService reads. */
@Module({
  imports: [PaymentsModule, IdempotencyModule, BikesModule, ShopModule],
  controllers: [RentalsController, QuoteController, RentalFeedsController],
  providers: [RentalsRepository, RentalFeedsRepository, RentalViews, HoldSweeper, BookingService, ReturnService, RentalPaymentsService, RentalsService, RateLimitGuard],
  exports: [RentalsService, BookingService, HoldSweeper],
})
export class RentalsModule {}
