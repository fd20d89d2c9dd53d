import { Global, Module } from '@nestjs/common';
import { PaymentsRepository } from '../payments/payments.repository.js';
import { RentalViews } from '../rentals/rental-views.js';
import { FleetRepository } from '../bikes/fleet.repository.js';
import { RentalsRepository } from '../rentals/rentals.repository.js';
import { DocumentsService } from './documents.service.js';
import { DocumentNumbers } from './document-numbers.js';
import { DomainEvents } from './domain-events.service.js';
import { ExportsService } from './exports.service.js';
import { DocumentsController, ExportsController, OutboxController } from './notifications.controller.js';
import { OutboxWorker } from './outbox.worker.js';
import { WebhooksController } from './webhooks.controller.js';
import { WebhooksService } from './webhooks.service.js';

/**
 * Issue 16: customers and partners told what happened. Global so any feature records its events with
 * `DomainEvents.record(...)` without importing this module (and without an import cycle).
 */
@Global()
@Module({
  controllers: [WebhooksController, OutboxController, DocumentsController, ExportsController],
  providers: [FleetRepository, RentalsRepository, RentalViews, PaymentsRepository, DocumentNumbers, DomainEvents, DocumentsService, OutboxWorker, WebhooksService, ExportsService],
  exports: [DomainEvents, DocumentsService, OutboxWorker],
})
export class NotificationsModule {}
