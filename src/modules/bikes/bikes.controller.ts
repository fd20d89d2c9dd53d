import { Body, Controller, Delete, Get, Param, Post, Put, Query, UseFilters } from '@nestjs/common';
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
import { Public, Roles } from '../../common/decorators.js';
import { Envelope, ErrorEnvelopeDto, MessageEnvelopeDto } from '../../common/dto/envelope.dto.js';
import { ParseIdPipe } from '../../common/parse-id.pipe.js';
import { BikeFormFilter } from './bike-form.filter.js';
import { BikeDetailDto, BikeDto, BikePageDto, CreateBikeDto, ListBikesQueryDto, UpdateBikeDto } from './bikes.dto.js';
import { BikesService } from './bikes.service.js';

const ID_PARAM = { name: 'id', format: 'uuid', description: 'The bike _id' } as const;

@ApiTags('bikes')
@Controller('bikes')
export class BikesController {
  constructor(private readonly bikes: BikesService) {}

  @Get()
  @Public()
  @ApiOperation({
    summary: 'List bikes, paged, with brand/model/search filters',
    description:
      'All non-deleted bikes, including those out of stock or switched off (the card shows the badge). ' +
      'Default order oldest first; recentlyAdded=true orders newest first over the whole set. ' +
      'A page beyond the last is 200 with an empty list.',
  })
  @ApiOkResponse({ type: Envelope(BikePageDto) })
  @ApiBadRequestResponse({ description: 'A query parameter is malformed', type: ErrorEnvelopeDto })
  async listBikes(@Query() query: ListBikesQueryDto): Promise<ApiResult<BikePageDto>> {
    return ok(await this.bikes.list(query), 'Bikes retrieved successfully');
  }

  @Get('related/:id')
  @Public()
  @ApiOperation({
    summary: 'Up to 8 other bikes, most similar first',
    description: 'Similarity: same brand, then same engine class, then closest price per hour.',
  })
  @ApiParam(ID_PARAM)
  @ApiOkResponse({ type: Envelope([BikeDto]) })
  @ApiBadRequestResponse({ description: 'id is not a valid id', type: ErrorEnvelopeDto })
  @ApiNotFoundResponse({ description: 'Bike not found', type: ErrorEnvelopeDto })
  async listRelatedBikes(@Param('id', ParseIdPipe('id')) id: string): Promise<ApiResult<BikeDto[]>> {
    return ok(await this.bikes.listRelated(id), 'Related bikes retrieved successfully');
  }

  @Get(':id')
  @Public()
  @ApiOperation({ summary: 'One bike with its average rating and review count' })
  @ApiParam(ID_PARAM)
  @ApiOkResponse({ type: Envelope(BikeDetailDto) })
  @ApiBadRequestResponse({ description: 'id is not a valid id', type: ErrorEnvelopeDto })
  @ApiNotFoundResponse({ description: 'Bike not found', type: ErrorEnvelopeDto })
  async getBike(@Param('id', ParseIdPipe('id')) id: string): Promise<ApiResult<BikeDetailDto>> {
    return ok(await this.bikes.getDetail(id), 'Bike retrieved successfully');
  }

  @Post()
  @Roles('admin')
  @UseFilters(BikeFormFilter)
  @ApiOperation({ summary: 'Add a bike' })
  @ApiCreatedResponse({ type: Envelope(BikeDto) })
  @ApiBadRequestResponse({
    description: "'Please fill all the fields' when a required field is missing; every field error is listed in errors",
    type: ErrorEnvelopeDto,
  })
  async createBike(@Body() dto: CreateBikeDto): Promise<ApiResult<BikeDto>> {
    return ok(await this.bikes.create(dto), 'Bike Added Successfully');
  }

  @Put(':id')
  @Roles('admin')
  @UseFilters(BikeFormFilter)
  @ApiOperation({ summary: 'Replace the fields of a bike (isAvailable optional: absent keeps the current value)' })
  @ApiParam(ID_PARAM)
  @ApiOkResponse({ type: Envelope(BikeDto) })
  @ApiBadRequestResponse({
    description: "'Please fill all the fields' when a required field is missing; every field error is listed in errors",
    type: ErrorEnvelopeDto,
  })
  @ApiNotFoundResponse({ description: 'Bike not found', type: ErrorEnvelopeDto })
  async updateBike(@Param('id', ParseIdPipe('id')) id: string, @Body() dto: UpdateBikeDto): Promise<ApiResult<BikeDto>> {
    return ok(await this.bikes.update(id, dto), 'Bike Updated Successfully');
  }

  @Delete(':id')
  @Roles('admin')
  @ApiOperation({
    summary: 'Delete a bike',
    description: 'Soft delete: the bike leaves listings and favourites; past rentals and reviews keep its name.',
  })
  @ApiParam(ID_PARAM)
  @ApiOkResponse({ type: MessageEnvelopeDto })
  @ApiBadRequestResponse({ description: 'id is not a valid id', type: ErrorEnvelopeDto })
  @ApiNotFoundResponse({ description: 'Bike not found', type: ErrorEnvelopeDto })
  @ApiConflictResponse({
    description: 'BIKE_HAS_OPEN_RENTALS: the bike has rentals awaiting their fee or not yet returned',
    type: ErrorEnvelopeDto,
  })
  async deleteBike(@Param('id', ParseIdPipe('id')) id: string): Promise<ApiResult<null>> {
    await this.bikes.remove(id);
    return ok(null, 'Bike Deleted Successfully');
  }
}
