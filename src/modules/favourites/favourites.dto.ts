import { ApiProperty } from '@nestjs/swagger';
import { IsUUID } from 'class-validator';
import type { BikeWithStock } from '../bikes/bikes.repository.js';
import type { FavouriteRow } from '../../database/schema/favourites.js';
import { BikeDto, toBikeDto } from '../bikes/bikes.dto.js';

export class AddFavouriteDto {
  @ApiProperty({ format: 'uuid', example: '7d3c2a9e-51f4-4c8e-9f0a-1b2c3d4e5f60' })
  @IsUUID('all', { message: 'bikeId must be a valid id' })
  bikeId: string;
}

/** A favourite with its bike populated, as the spec shows it (`bikeId` is the bike object). */
export class FavouriteDto {
  @ApiProperty({ example: '3f1e2d4c-5b6a-4978-8a9b-0c1d2e3f4a5b' }) _id: string;
  @ApiProperty({ type: BikeDto }) bikeId: BikeDto;
  @ApiProperty({ example: '2026-05-01T10:00:00.000Z' }) createdAt: string;
}

export function toFavouriteDto(favourite: FavouriteRow, bike: BikeWithStock): FavouriteDto {
  return { _id: favourite.id, bikeId: toBikeDto(bike), createdAt: favourite.createdAt.toISOString() };
}
