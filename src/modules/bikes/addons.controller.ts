import { Body, Controller, Get, Param, Patch, Post, Query } from '@nestjs/common';
import { ApiParam, ApiPropertyOptional, ApiTags } from '@nestjs/swagger';
import { Transform } from 'class-transformer';
import { IsBoolean, IsOptional } from 'class-validator';
import { ApiResult, ok } from '../../common/api-result.js';
import { AuthUser, CurrentUser } from '../../common/decorators.js';
import { Endpoint, Envelope } from '../../common/endpoint.decorator.js';
import { ParseIdPipe } from '../../common/parse-id.pipe.js';
import { AddonDto, AddonStockDto, CreateAddonDto, StockQueryDto, UpdateAddonDto } from './addons.dto.js';
import { AddonsService } from './addons.service.js';

const ADDON_ID = { name: 'id', format: 'uuid', description: 'The add-on _id' } as const;

export class ListAddonsQueryDto {
  @ApiPropertyOptional({ description: 'Admins: include add-ons no longer offered' })
  @IsOptional()
  @Transform(({ value }: { value: unknown }) => (value === 'true' ? true : value === 'false' ? false : value))
  @IsBoolean({ message: 'all must be true or false' })
  all?: boolean;
}

@ApiTags('addons')
@Controller('addons')
export class AddonsController {
  constructor(private readonly addons: AddonsService) {}

  @Get()
  @Endpoint({
    access: 'public',
    summary: 'Add-ons offered with bikes (helmets, locks, insurance)',
    description: 'Active add-ons with their prices, stock and the bikes they fit; admins with all=true also see those no longer offered.',
    ok: Envelope([AddonDto]),
    errors: { 400: 'all is not true or false' },
  })
  async listAddons(@Query() q: ListAddonsQueryDto, @CurrentUser() caller: AuthUser | undefined): Promise<ApiResult<AddonDto[]>> {
    return ok(await this.addons.list(q.all === true && caller?.role === 'admin'), 'Add-ons retrieved successfully');
  }

  @Get('stock')
  @Endpoint({
    access: ['admin'],
    summary: 'Stock of each add-on per day (admin)',
    description: "For each add-on with stock and each day from `from` (the shop's time zone): the most pieces held at once and the pieces free all day.",
    ok: Envelope([AddonStockDto]),
    errors: { 400: 'from or days malformed (named in errors)' },
  })
  async addonStock(@Query() q: StockQueryDto): Promise<ApiResult<AddonStockDto[]>> {
    return ok(await this.addons.stock(q), 'Add-on stock retrieved successfully');
  }

  @Get(':id')
  @Endpoint({ access: 'public', summary: 'One add-on', ok: Envelope(AddonDto), errors: { 404: 'Add-on not found' } })
  @ApiParam(ADDON_ID)
  async getAddon(@Param('id', ParseIdPipe('id')) id: string): Promise<ApiResult<AddonDto>> {
    return ok(await this.addons.get(id), 'Add-on retrieved successfully');
  }

  @Post()
  @Endpoint({
    access: ['admin'],
    summary: 'Create an add-on (admin)',
    description: 'With tracksStock (default) `stock` pieces are created, each held per booking window like a bike unit; without it the add-on has no stock (insurance).',
    created: Envelope(AddonDto),
    errors: { 400: 'A field is missing or malformed (named in errors)' },
  })
  async createAddon(@Body() dto: CreateAddonDto): Promise<ApiResult<AddonDto>> {
    return ok(await this.addons.create(dto), 'Add-on created successfully');
  }

  @Patch(':id')
  @Endpoint({
    access: ['admin'],
    summary: 'Change an add-on (admin)',
    description: 'Prices apply to bookings made from now on. A lower stock retires pieces free of bookings from now on.',
    ok: Envelope(AddonDto),
    errors: { 400: 'A field is malformed (named in errors)', 404: 'Add-on not found', 409: 'NOT_ENOUGH_FREE_PIECES: too few pieces free of bookings to lower the stock' },
  })
  @ApiParam(ADDON_ID)
  async updateAddon(@Param('id', ParseIdPipe('id')) id: string, @Body() dto: UpdateAddonDto): Promise<ApiResult<AddonDto>> {
    return ok(await this.addons.update(id, dto), 'Add-on updated successfully');
  }
}
