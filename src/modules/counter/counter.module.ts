import { Module } from '@nestjs/common';
import { AgreementsModule } from '../agreements/agreements.module.js';
import { BikesModule } from '../bikes/bikes.module.js';
import { EventsModule } from '../events/events.module.js';
import { RentalsModule } from '../rentals/rentals.module.js';
import { CounterController } from './counter.controller.js';
import { CounterRepository } from './counter.repository.js';
import { CounterService } from './counter.service.js';
import { LabelsService } from './labels.service.js';
import { PhotoUploadInterceptor } from './photo-upload.interceptor.js';
import { PhotosService } from './photos.service.js';

/**
 * The counter (issue 22): QR labels, scanning, check-out and check-in per unit, condition photos and damage
 * reports. A layer above rentals: it hands over and takes back what the rental engine booked.
 */
@Module({
  imports: [EventsModule, BikesModule, RentalsModule, AgreementsModule],
  controllers: [CounterController],
  providers: [CounterRepository, CounterService, PhotosService, LabelsService, PhotoUploadInterceptor],
})
export class CounterModule {}
