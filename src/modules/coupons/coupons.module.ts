import { Module } from '@nestjs/common';
import { EventsModule } from '../events/events.module.js';
import { CouponsController } from './coupons.controller.js';
import { CouponsService } from './coupons.service.js';

/** Discount codes: the admin's codes, the discount of a booking and the uses it takes (issue 25). */
@Module({
  imports: [EventsModule],
  controllers: [CouponsController],
  providers: [CouponsService],
  exports: [CouponsService],
})
export class CouponsModule {}
