import { Module } from '@nestjs/common';
import { EventsModule } from '../events/events.module.js';
import { ReviewsModule } from '../reviews/reviews.module.js';
import { UsersController } from './users.controller.js';
import { UsersRepository } from './users.repository.js';
import { UsersService } from './users.service.js';

@Module({
  imports: [EventsModule, ReviewsModule],
  controllers: [UsersController],
  providers: [UsersRepository, UsersService],
  exports: [UsersRepository, UsersService],
})
export class UsersModule {}
