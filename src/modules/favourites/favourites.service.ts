import { Injectable, NotFoundException } from '@nestjs/common';
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

  /** Idempotent: adding a bike that is already a favourite changes nothing and answers the existing favourite. */
  async add(userId: string, bikeId: string): Promise<{ favourite: FavouriteDto; created: boolean }> {
    const bike = await this.bikes.findActiveById(bikeId);
    if (!bike) throw new NotFoundException('Bike not found');
    const row = await this.favourites.insert(userId, bikeId);
    if (row) return { favourite: toFavouriteDto(row, bike), created: true };
    const existing = await this.favourites.findForUser(userId, bikeId);
    // Removed again between the two statements: add it once more.
    if (!existing) return this.add(userId, bikeId);
    return { favourite: toFavouriteDto(existing, bike), created: false };
  }

  async list(userId: string): Promise<FavouriteDto[]> {
    const rows = await this.favourites.listForUser(userId, this.clock.now());
    return rows.map(({ favourite, bike }) => toFavouriteDto(favourite, bike));
  }

  /** Idempotent: whether a favourite went away; removing one that is not there changes nothing. */
  remove(userId: string, bikeId: string): Promise<boolean> {
    return this.favourites.removeForUser(userId, bikeId);
  }
}
