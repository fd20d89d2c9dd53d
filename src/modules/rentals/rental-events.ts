import { Injectable, OnModuleInit } from '@nestjs/common';
import { DomainEvents } from '../events/domain-events.service.js';
import { PaymentsService } from '../payments/payments.service.js';
import { RentalViews } from './rental-views.js';
import { RentalsRepository } from './rentals.repository.js';

/** Rental events carry the rental's DTO as it is in the recording transaction (`events.rental(type, id)`). */
@Injectable()
export class RentalEventSubjects implements OnModuleInit {
  constructor(
    private readonly events: DomainEvents,
    private readonly rentals: RentalsRepository,
    private readonly views: RentalViews,
  ) {}

  onModuleInit(): void {
    this.events.provide('rental', async (id) => {
      const view = await this.rentals.findView(id);
      return view ? { data: this.views.toDto(view), userId: view.user.id, userEmail: view.user.email } : undefined;
    });
  }
}

/**
 * A booking that lapsed unpaid was cancelled: announced only if the booking was. `rental.created` is recorded in the
 * transaction that attaches the booking fee's checkout, so a booking whose process died before that (no fee ever had
 * a checkout) was never heard of, and its customer and partners are not told of its end either.
 */
export async function announceLapsedBooking(events: DomainEvents, payments: PaymentsService, rentalId: string): Promise<void> {
  if (await payments.hadCheckout(rentalId, 'booking_fee')) await events.rental('rental.cancelled', rentalId);
}
