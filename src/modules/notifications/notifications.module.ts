import { Module, OnModuleInit } from '@nestjs/common';
import { DomainEvents } from '../events/domain-events.service.js';
import { EventsModule } from '../events/events.module.js';
import { PersonalDataErasure } from '../events/personal-data-erasure.js';
import { PaymentsModule } from '../payments/payments.module.js';
import { RentalsModule } from '../rentals/rentals.module.js';
import { DocumentsService } from './documents.service.js';
import { DocumentNumbers } from './document-numbers.js';
import { ExportsService } from './exports.service.js';
import { DocumentsController, ExportsController, OutboxController } from './notifications.controller.js';
import { OutboxRenderer } from './outbox-renderer.js';
import { OutboxWorker } from './outbox.worker.js';
import { WebhooksController } from './webhooks.controller.js';
import { WebhooksService } from './webhooks.service.js';

/**
 * Issue 16: customers and partners told what happened. The top layer (README, "Module layers"): features record
 * their events through the event port below them (EventsModule); this module sends what they recorded (outbox
 * worker: emails rendered here, webhooks) and reads rentals and payments for documents, through their modules.
 */
@Module({
  imports: [EventsModule, PaymentsModule, RentalsModule],
  controllers: [WebhooksController, OutboxController, DocumentsController, ExportsController],
  providers: [DocumentNumbers, DocumentsService, OutboxRenderer, OutboxWorker, WebhooksService, ExportsService],
  exports: [DocumentsService, OutboxWorker],
})
export class NotificationsModule implements OnModuleInit {
  constructor(
    private readonly events: DomainEvents,
    private readonly documentNumbers: DocumentNumbers,
    private readonly erasure: PersonalDataErasure,
    private readonly outbox: OutboxWorker,
  ) {}

  /** Receipts are numbered in the order payments succeed, in the payment's own transaction. */
  onModuleInit(): void {
    // A deleted account's emails lose their address and bodies (the outbox is this module's table).
    this.erasure.onErase((userId) => this.outbox.eraseRecipient(userId));
    this.events.onRecord(async ({ type, data }) => {
      if (type === 'payment.succeeded') await this.documentNumbers.ensure('receipt', (data as { _id: string })._id);
    });
  }
}
