import { Module } from '@nestjs/common';
import { PaymentGateways } from './payment-gateways.js';
import { PaymentsController } from './payments.controller.js';
import { PaymentsRepository } from './payments.repository.js';
import { PaymentsService } from './payments.service.js';
import { SandboxController } from './sandbox.controller.js';
import { SandboxService } from './sandbox.service.js';

@Module({
  controllers: [PaymentsController, SandboxController],
  providers: [PaymentGateways, PaymentsRepository, PaymentsService, SandboxService],
  exports: [PaymentsService, PaymentGateways],
})
export class PaymentsModule {}
