import { Module, OnModuleInit } from '@nestjs/common';
import { EventsModule } from '../events/events.module.js';
import { PersonalDataErasure } from '../events/personal-data-erasure.js';
import { BikesModule } from '../bikes/bikes.module.js';
import { FavouritesController } from './favourites.controller.js';
import { FavouritesRepository } from './favourites.repository.js';
import { FavouritesService } from './favourites.service.js';

@Module({
  imports: [BikesModule, EventsModule],
  controllers: [FavouritesController],
  providers: [FavouritesRepository, FavouritesService],
  exports: [FavouritesRepository],
})
export class FavouritesModule implements OnModuleInit {
  constructor(
    private readonly erasure: PersonalDataErasure,
    private readonly favourites: FavouritesRepository,
  ) {}

  /** A deleted account's favourites go, in the deletion's transaction. */
  onModuleInit(): void {
    this.erasure.onErase((userId) => this.favourites.deleteAllOf(userId));
  }
}
