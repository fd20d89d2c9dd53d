import { MiddlewareConsumer, Module, NestModule, RequestMethod } from '@nestjs/common';
import { EventsModule } from '../events/events.module.js';
import { PaymentEventSubjects } from './payment-events.js';
import { PaymentGateways } from './payment-gateways.js';
import { PaymentsController } from './payments.controller.js';
import { PaymentsRepository } from './payments.repository.js';
import { PaymentsService } from './payments.service.js';
import { CheckoutReturnUrlMiddleware } from './return-url.js';
import { SandboxController, SandboxDepositController } from './sandbox.controller.js';
import { SandboxService } from './sandbox.service.js';
import { GiftCardLedger } from './gift-cards/gift-card-ledger.js';
import { GiftCardsController } from './gift-cards/gift-cards.controller.js';
import { GiftCardsService } from './gift-cards/gift-cards.service.js';

@Module({
  imports: [EventsModule],
  controllers: [PaymentsController, SandboxController, SandboxDepositController, GiftCardsController],
  providers: [PaymentGateways, PaymentsRepository, PaymentsService, SandboxService, PaymentEventSubjects, GiftCardLedger, GiftCardsService],
  exports: [PaymentsService, PaymentGateways, PaymentsRepository, GiftCardLedger, GiftCardsService],
})
export class PaymentsModule implements NestModule {
  /** The checkouts (booking fee, rental payment) accept a return URL for the payer (issue 12). */
  configure(consumer: MiddlewareConsumer): void {
    consumer
      .apply(CheckoutReturnUrlMiddleware)
      .forRoutes({ path: 'rentals', method: RequestMethod.POST }, { path: 'rentals/fullpayment', method: RequestMethod.POST });
  }
}
