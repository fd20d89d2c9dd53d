import { Module } from '@nestjs/common';
import { BikesModule } from '../bikes/bikes.module.js';
import { FavouritesController } from './favourites.controller.js';
import { FavouritesRepository } from './favourites.repository.js';
import { FavouritesService } from './favourites.service.js';

@Module({
  imports: [BikesModule],
  controllers: [FavouritesController],
  providers: [FavouritesRepository, FavouritesService],
  exports: [FavouritesRepository],
})
export class FavouritesModule {}
