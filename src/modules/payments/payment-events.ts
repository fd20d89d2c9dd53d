import { Injectable, OnModuleInit } from '@nestjs/common';
import { DomainEvents } from '../events/domain-events.service.js';
import { toPaymentDto } from './payments.dto.js';
import { PaymentsRepository } from './payments.repository.js';

/** Payment events carry the payment's DTO (`events.payment(type, id)`). */
@Injectable()
export class PaymentEventSubjects implements OnModuleInit {
  constructor(
    private readonly events: DomainEvents,
    private readonly payments: PaymentsRepository,
  ) {}

  onModuleInit(): void {
    this.events.provide('payment', async (id) => {
      const view = await this.payments.findView({ id });
      return view ? { data: toPaymentDto(view), userId: view.payment.userId } : undefined;
    });
  }
}
