import { Module } from '@nestjs/common';
import { EventsModule } from '../events/events.module.js';
import { ShopModule } from '../shop/shop.module.js';
import { BikesController } from './bikes.controller.js';
import { BikesRepository } from './bikes.repository.js';
import { BikesService } from './bikes.service.js';
import { AddonsController } from './addons.controller.js';
import { AddonsRepository } from './addons.repository.js';
import { AddonsService } from './addons.service.js';
import { FleetController } from './fleet.controller.js';
import { FleetRepository } from './fleet.repository.js';
import { FleetService } from './fleet.service.js';

@Module({
  imports: [EventsModule, ShopModule],
  controllers: [BikesController, FleetController, AddonsController],
  providers: [BikesRepository, BikesService, FleetRepository, FleetService, AddonsRepository, AddonsService],
  exports: [BikesRepository, BikesService, FleetRepository, FleetService, AddonsService],
})
export class BikesModule {}
