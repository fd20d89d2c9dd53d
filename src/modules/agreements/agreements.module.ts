import { Module } from '@nestjs/common';
import { EventsModule } from '../events/events.module.js';
import { RentalsModule } from '../rentals/rentals.module.js';
import { AgreementsController, RentalAgreementsController } from './agreements.controller.js';
import { AgreementsRepository } from './agreements.repository.js';
import { AgreementsService } from './agreements.service.js';

/** Rental agreements (issue 22): versions, riders' signatures with their PDFs, and the counter's check-out question. */
@Module({
  imports: [EventsModule, RentalsModule],
  controllers: [AgreementsController, RentalAgreementsController],
  providers: [AgreementsRepository, AgreementsService],
  exports: [AgreementsService],
})
export class AgreementsModule {}
