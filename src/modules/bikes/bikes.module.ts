import { Module } from '@nestjs/common';
import { BikesController } from './bikes.controller.js';
import { BikesRepository } from './bikes.repository.js';
import { BikesService } from './bikes.service.js';

@Module({
  controllers: [BikesController],
  providers: [BikesRepository, BikesService],
  exports: [BikesRepository, BikesService],
})
export class BikesModule {}
