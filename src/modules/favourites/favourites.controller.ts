import { Body, Controller, Delete, Get, Param, Post, Res } from '@nestjs/common';
import {
  ApiBadRequestResponse,
  ApiCreatedResponse,
  ApiNotFoundResponse,
  ApiOkResponse,
  ApiOperation,
  ApiParam,
  ApiTags,
} from '@nestjs/swagger';
import type { Response } from 'express';
import { ApiResult, ok } from '../../common/api-result.js';
import { SignedIn, CurrentUser, Roles, type AuthUser } from '../../common/decorators.js';
import { Envelope, ErrorEnvelopeDto, MessageEnvelopeDto } from '../../common/dto/envelope.dto.js';
import { ParseIdPipe } from '../../common/parse-id.pipe.js';
import { AddFavouriteDto, FavouriteDto } from './favourites.dto.js';
import { FavouritesService } from './favourites.service.js';

@ApiTags('favourites')
@Controller('favourite')
export class FavouritesController {
  constructor(private readonly favourites: FavouritesService) {}

  @Post()
  @Roles('user')
  @ApiOperation({
    summary: 'Add a bike to your favourites (role user; admins cannot add favourites)',
    description:
      'Idempotent: a bike that is already a favourite answers 200 "Bike is already in your favorites" with the existing ' +
      'favourite and changes nothing (the original API answered 200 too; clients show the message).',
  })
  @ApiCreatedResponse({ description: 'Bike added to favorites', type: Envelope(FavouriteDto) })
  @ApiOkResponse({ description: 'Bike is already in your favorites (nothing changed)', type: Envelope(FavouriteDto) })
  @ApiBadRequestResponse({ description: 'bikeId is missing or not a valid id', type: ErrorEnvelopeDto })
  @ApiNotFoundResponse({ description: 'Bike not found', type: ErrorEnvelopeDto })
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
  @SignedIn()
  @ApiOperation({ summary: 'Your favourites, newest first (deleted bikes left out)' })
  @ApiOkResponse({ type: Envelope([FavouriteDto]) })
  async listFavourites(@CurrentUser() user: AuthUser): Promise<ApiResult<FavouriteDto[]>> {
    return ok(await this.favourites.list(user.id), 'Favorites retrieved successfully');
  }

  @Delete(':bikeId')
  @SignedIn()
  @ApiOperation({
    summary: 'Remove a bike from your favourites',
    description: 'Idempotent: a bike that is not in your favourites answers 200 "This bike is not in your favorites" and changes nothing.',
  })
  @ApiParam({
    name: 'bikeId',
    format: 'uuid',
    description: "The bike's _id (the favourite's own _id is accepted too)",
  })
  @ApiOkResponse({ description: "'Bike removed from favorites', or 'This bike is not in your favorites' (nothing changed)", type: MessageEnvelopeDto })
  @ApiBadRequestResponse({ description: 'bikeId is not a valid id', type: ErrorEnvelopeDto })
  async removeFavourite(
    @CurrentUser() user: AuthUser,
    @Param('bikeId', ParseIdPipe('bikeId')) bikeId: string,
  ): Promise<ApiResult<null>> {
    const removed = await this.favourites.remove(user.id, bikeId);
    return ok(null, removed ? 'Bike removed from favorites' : 'This bike is not in your favorites');
  }
}
