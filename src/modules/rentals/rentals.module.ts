import { Module } from '@nestjs/common';
import { IdempotencyModule } from '../../common/idempotency/idempotency.module.js';
import { PaymentsModule } from '../payments/payments.module.js';
import { RentalsController } from './rentals.controller.js';
import { RentalsRepository } from './rentals.repository.js';
import { RentalsService } from './rentals.service.js';

@Module({
  imports: [PaymentsModule, IdempotencyModule],
  controllers: [RentalsController],
  providers: [RentalsRepository, RentalsService],
  exports: [RentalsService],
})
export class RentalsModule {}
