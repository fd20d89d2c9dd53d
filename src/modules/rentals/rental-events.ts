import { Injectable, OnModuleInit } from '@nestjs/common';
import { DomainEvents } from '../events/domain-events.service.js';
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
      return view ? { data: this.views.toDto(view), userId: view.user.id } : undefined;
    });
  }
}
