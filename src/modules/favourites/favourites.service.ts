import { ConflictException, Injectable, NotFoundException } from '@nestjs/common';
import { Clock } from '../../common/clock.js';
import { BikesRepository } from '../bikes/bikes.repository.js';
import { FavouriteDto, toFavouriteDto } from './favourites.dto.js';
import { FavouritesRepository } from './favourites.repository.js';

@Injectable()
export class FavouritesService {
  constructor(
    private readonly favourites: FavouritesRepository,
    private readonly bikes: BikesRepository,
    private readonly clock: Clock,
  ) {}

  async add(userId: string, bikeId: string): Promise<FavouriteDto> {
    const bike = await this.bikes.findActiveById(bikeId);
    if (!bike) throw new NotFoundException('Bike not found');
    const row = await this.favourites.insert(userId, bikeId);
    if (!row) throw new ConflictException('Bike is already in your favorites');
    return toFavouriteDto(row, bike);
  }

  async list(userId: string): Promise<FavouriteDto[]> {
    const rows = await this.favourites.listForUser(userId, this.clock.now());
    return rows.map(({ favourite, bike }) => toFavouriteDto(favourite, bike));
  }

  async remove(userId: string, bikeId: string): Promise<void> {
    const removed = await this.favourites.removeForUser(userId, bikeId);
    if (!removed) throw new NotFoundException('This bike is not in your favorites');
  }
}
