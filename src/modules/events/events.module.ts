import { Module } from '@nestjs/common';
import { DomainEvents } from './domain-events.service.js';

/**
 * The event port (layer 0, README "Module layers"): imported by every module that records events (auth, bikes,
 * payments, rentals) and by notifications, which sends what they record. It imports no feature module.
 */
@Module({
  providers: [DomainEvents],
  exports: [DomainEvents],
})
export class EventsModule {}
