import { Module } from '@nestjs/common';
import { EventsModule } from '../events/events.module.js';
import { ShopModule } from '../shop/shop.module.js';
import { BikesController } from './bikes.controller.js';
import { BikesRepository } from './bikes.repository.js';
import { BikesService } from './bikes.service.js';
import { FleetController } from './fleet.controller.js';
import { FleetRepository } from './fleet.repository.js';
import { FleetService } from './fleet.service.js';

@Module({
  imports: [EventsModule, ShopModule],
  controllers: [BikesController, FleetController],
  providers: [BikesRepository, BikesService, FleetRepository, FleetService],
  exports: [BikesRepository, BikesService, FleetRepository],
})
export class BikesModule {}
