import { Body, Controller, Delete, Get, Param, Post, Put, Query, UseFilters } from '@nestjs/common';
import { ApiParam, ApiTags } from '@nestjs/swagger';
import { ApiResult, ok } from '../../common/api-result.js';
import { Endpoint, Envelope, MessageEnvelopeDto } from '../../common/endpoint.decorator.js';
import { MicroCached } from '../../common/micro-cache.interceptor.js';
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
  @Endpoint({
    access: 'public',
    summary: 'List bikes, paged, with brand/model/search filters',
    description:
      'All non-deleted bikes, including those out of stock or switched off (the card shows the badge). ' +
      'Default order oldest first; recentlyAdded=true orders newest first over the whole set. ' +
      'A page beyond the last is 200 with an empty list.',
    ok: Envelope(BikePageDto),
    errors: { 400: 'A query parameter is malformed' },
  })
  // The same answer for every caller: kept up to API_MICRO_CACHE_TTL_MS, dropped on every catalog change.
  @MicroCached()
  async listBikes(@Query() query: ListBikesQueryDto): Promise<ApiResult<BikePageDto>> {
    return ok(await this.bikes.list(query), 'Bikes retrieved successfully');
  }

  @Get('related/:id')
  @Endpoint({
    access: 'public',
    summary: 'Up to 8 other bikes, most similar first',
    description: 'Similarity: same brand, then same engine class, then closest price per hour.',
    ok: Envelope([BikeDto]),
    errors: { 400: 'id is not a valid id', 404: 'Bike not found' },
  })
  @ApiParam(ID_PARAM)
  async listRelatedBikes(@Param('id', ParseIdPipe('id')) id: string): Promise<ApiResult<BikeDto[]>> {
    return ok(await this.bikes.listRelated(id), 'Related bikes retrieved successfully');
  }

  @Get(':id')
  @Endpoint({
    access: 'public',
    summary: 'One bike with its average rating and review count',
    ok: Envelope(BikeDetailDto),
    errors: { 400: 'id is not a valid id', 404: 'Bike not found' },
  })
  @ApiParam(ID_PARAM)
  async getBike(@Param('id', ParseIdPipe('id')) id: string): Promise<ApiResult<BikeDetailDto>> {
    return ok(await this.bikes.getDetail(id), 'Bike retrieved successfully');
  }

  @Post()
  @Endpoint({
    access: ['admin'],
    summary: 'Add a bike',
    created: Envelope(BikeDto),
    errors: { 400: "'Please fill all the fields' when a required field is missing; every field error is listed in errors" },
  })
  @UseFilters(BikeFormFilter)
  async createBike(@Body() dto: CreateBikeDto): Promise<ApiResult<BikeDto>> {
    return ok(await this.bikes.create(dto), 'Bike Added Successfully');
  }

  @Put(':id')
  @Endpoint({
    access: ['admin'],
    summary: 'Replace the fields of a bike (isAvailable optional: absent keeps the current value)',
    ok: Envelope(BikeDto),
    errors: {
      400: "'Please fill all the fields' when a required field is missing; every field error is listed in errors",
      404: 'Bike not found',
    },
  })
  @UseFilters(BikeFormFilter)
  @ApiParam(ID_PARAM)
  async updateBike(@Param('id', ParseIdPipe('id')) id: string, @Body() dto: UpdateBikeDto): Promise<ApiResult<BikeDto>> {
    return ok(await this.bikes.update(id, dto), 'Bike Updated Successfully');
  }

  @Delete(':id')
  @Endpoint({
    access: ['admin'],
    summary: 'Delete a bike',
    description: 'Soft delete: the bike leaves listings and favourites; past rentals and reviews keep its name.',
    ok: MessageEnvelopeDto,
    errors: {
      400: 'id is not a valid id',
      404: 'Bike not found',
      409: 'BIKE_HAS_OPEN_RENTALS: the bike has rentals awaiting their fee or not yet returned',
    },
  })
  @ApiParam(ID_PARAM)
  async deleteBike(@Param('id', ParseIdPipe('id')) id: string): Promise<ApiResult<null>> {
    await this.bikes.remove(id);
    return ok(null, 'Bike Deleted Successfully');
  }
}
