import { Module } from '@nestjs/common';
import { DomainEvents } from './domain-events.service.js';
import { PersonalDataErasure } from './personal-data-erasure.js';

/**
 * The event port (layer 0, README "Module layers"): imported by every module that records events (auth, bikes,
 * payments, rentals) and by notifications, which sends what they record. It imports no feature module. Also the
 * account-erasure port (`PersonalDataErasure`): users erases an account, the modules owning its data plug in.
 */
@Module({
  providers: [DomainEvents, PersonalDataErasure],
  exports: [DomainEvents, PersonalDataErasure],
})
export class EventsModule {}
