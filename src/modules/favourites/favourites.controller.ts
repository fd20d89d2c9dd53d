import { Body, Controller, Delete, Get, Param, Post } from '@nestjs/common';
import {
  ApiBadRequestResponse,
  ApiConflictResponse,
  ApiCreatedResponse,
  ApiNotFoundResponse,
  ApiOkResponse,
  ApiOperation,
  ApiParam,
  ApiTags,
} from '@nestjs/swagger';
import { ApiResult, ok } from '../../common/api-result.js';
import { Authenticated, CurrentUser, Roles, type AuthUser } from '../../common/decorators.js';
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
  @ApiOperation({ summary: 'Add a bike to your favourites (role user; admins cannot add favourites)' })
  @ApiCreatedResponse({ type: Envelope(FavouriteDto) })
  @ApiBadRequestResponse({ description: 'bikeId is missing or not a valid id', type: ErrorEnvelopeDto })
  @ApiNotFoundResponse({ description: 'Bike not found', type: ErrorEnvelopeDto })
  @ApiConflictResponse({ description: 'Bike is already in your favorites', type: ErrorEnvelopeDto })
  async addFavourite(@CurrentUser() user: AuthUser, @Body() dto: AddFavouriteDto): Promise<ApiResult<FavouriteDto>> {
    return ok(await this.favourites.add(user.id, dto.bikeId), 'Bike added to favorites');
  }

  @Get()
  @Authenticated()
  @ApiOperation({ summary: 'Your favourites, newest first (deleted bikes left out)' })
  @ApiOkResponse({ type: Envelope([FavouriteDto]) })
  async listFavourites(@CurrentUser() user: AuthUser): Promise<ApiResult<FavouriteDto[]>> {
    return ok(await this.favourites.list(user.id), 'Favorites retrieved successfully');
  }

  @Delete(':bikeId')
  @Authenticated()
  @ApiOperation({ summary: 'Remove a bike from your favourites' })
  @ApiParam({
    name: 'bikeId',
    format: 'uuid',
    description: "The bike's _id (the favourite's own _id is accepted too)",
  })
  @ApiOkResponse({ type: MessageEnvelopeDto })
  @ApiBadRequestResponse({ description: 'bikeId is not a valid id', type: ErrorEnvelopeDto })
  @ApiNotFoundResponse({ description: 'The bike is not in your favourites', type: ErrorEnvelopeDto })
  async removeFavourite(
    @CurrentUser() user: AuthUser,
    @Param('bikeId', ParseIdPipe('bikeId')) bikeId: string,
  ): Promise<ApiResult<null>> {
    await this.favourites.remove(user.id, bikeId);
    return ok(null, 'Bike removed from favorites');
  }
}
