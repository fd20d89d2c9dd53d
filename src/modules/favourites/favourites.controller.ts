import { Body, Controller, Delete, Get, Param, Post, Res } from '@nestjs/common';
import { ApiParam, ApiTags } from '@nestjs/swagger';
import type { Response } from 'express';
import { ApiResult, ok } from '../../common/api-result.js';
import { CurrentUser, type AuthUser } from '../../common/decorators.js';
import { Endpoint, Envelope, MessageEnvelopeDto } from '../../common/endpoint.decorator.js';
import { ParseIdPipe } from '../../common/parse-id.pipe.js';
import { AddFavouriteDto, FavouriteDto } from './favourites.dto.js';
import { FavouritesService } from './favourites.service.js';

@ApiTags('favourites')
@Controller('favourite')
export class FavouritesController {
  constructor(private readonly favourites: FavouritesService) {}

  @Post()
  @Endpoint({
    access: ['user'],
    summary: 'Add a bike to your favourites (role user; admins cannot add favourites)',
    description:
      'Idempotent: a bike that is already a favourite answers 200 "Bike is already in your favorites" with the existing ' +
      'favourite and changes nothing (the original API answered 200 too; clients show the message).',
    ok: { description: 'Bike is already in your favorites (nothing changed)', type: Envelope(FavouriteDto) },
    created: { description: 'Bike added to favorites', type: Envelope(FavouriteDto) },
    errors: { 400: 'bikeId is missing or not a valid id', 404: 'Bike not found' },
  })
  async addFavourite(
    @CurrentUser() user: AuthUser,
    @Body() dto: AddFavouriteDto,
    @Res({ passthrough: true }) res: Response,
  ): Promise<ApiResult<FavouriteDto>> {
    const { favourite, created } = await this.favourites.add(user.id, dto.bikeId);
    if (!created) {
      res.status(200);
      return ok(favourite, 'Bike is already in your favorites');
    }
    return ok(favourite, 'Bike added to favorites');
  }

  @Get()
  @Endpoint({ access: 'signed-in', summary: 'Your favourites, newest first (deleted bikes left out)', ok: Envelope([FavouriteDto]) })
  async listFavourites(@CurrentUser() user: AuthUser): Promise<ApiResult<FavouriteDto[]>> {
    return ok(await this.favourites.list(user.id), 'Favorites retrieved successfully');
  }

  @Delete(':bikeId')
  @Endpoint({
    access: 'signed-in',
    summary: 'Remove a bike from your favourites',
    description: 'Idempotent: a bike that is not in your favourites answers 200 "This bike is not in your favorites" and changes nothing.',
    ok: {
      description: "'Bike removed from favorites', or 'This bike is not in your favorites' (nothing changed)",
      type: MessageEnvelopeDto,
    },
    errors: { 400: 'bikeId is not a valid id' },
  })
  @ApiParam({
    name: 'bikeId',
    format: 'uuid',
    description: "The bike's _id (the favourite's own _id is accepted too)",
  })
  async removeFavourite(
    @CurrentUser() user: AuthUser,
    @Param('bikeId', ParseIdPipe('bikeId')) bikeId: string,
  ): Promise<ApiResult<null>> {
    const removed = await this.favourites.remove(user.id, bikeId);
    return ok(null, removed ? 'Bike removed from favorites' : 'This bike is not in your favorites');
  }
}
