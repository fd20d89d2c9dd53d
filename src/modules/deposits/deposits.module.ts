import { Module } from '@nestjs/common';
import { FleetRepository } from '../bikes/fleet.repository.js';
import { PaymentsModule } from '../payments/payments.module.js';
import { RentalViews } from '../rentals/rental-views.js';
import { RentalsRepository } from '../rentals/rentals.repository.js';
import { DepositScheduler } from './deposit-scheduler.service.js';
import { DepositsController } from './deposits.controller.js';
import { DepositsRepository } from './deposits.repository.js';
import { DepositsService } from './deposits.service.js';

/** Security deposits (issue 21): the ledger, the scheduler and the admin's capture / release. */
@Module({
  imports: [PaymentsModule],
  controllers: [DepositsController],
  providers: [DepositsRepository, DepositsService, DepositScheduler, RentalsRepository, RentalViews, FleetRepository],
  exports: [DepositsService, DepositScheduler],
})
export class DepositsModule {}
