import { Body, Controller, Get, Param, Patch, Post } from '@nestjs/common';
import { ApiParam, ApiTags } from '@nestjs/swagger';
import { ApiResult, ok } from '../../common/api-result.js';
import { Endpoint, Envelope } from '../../common/endpoint.decorator.js';
import { ParseIdPipe } from '../../common/parse-id.pipe.js';
import { CouponStatsDto, CreateCouponDto, UpdateCouponDto } from './coupons.dto.js';
import { CouponsService } from './coupons.service.js';

const COUPON_ID = { name: 'id', format: 'uuid', description: 'The coupon _id' } as const;

@ApiTags('coupons')
@Controller('coupons')
export class CouponsController {
  constructor(private readonly coupons: CouponsService) {}

  @Get()
  @Endpoint({
    access: ['admin'],
    summary: 'Discount codes with their uses and the revenue they brought (admin)',
    ok: Envelope([CouponStatsDto]),
  })
  async listCoupons(): Promise<ApiResult<CouponStatsDto[]>> {
    return ok(await this.coupons.list(), 'Coupons retrieved successfully');
  }

  @Get(':id')
  @Endpoint({ access: ['admin'], summary: 'One discount code (admin)', ok: Envelope(CouponStatsDto), errors: { 404: 'Coupon not found' } })
  @ApiParam(COUPON_ID)
  async getCoupon(@Param('id', ParseIdPipe('id')) id: string): Promise<ApiResult<CouponStatsDto>> {
    return ok(await this.coupons.get(id), 'Coupon retrieved successfully');
  }

  @Post()
  @Endpoint({
    access: ['admin'],
    summary: 'Create a discount code (admin)',
    description:
      'percent (percentOff of the booking), fixed (amountOff in currency) or free_addon (one piece of freeAddonId free); valid from/until; ' +
      'for every bike or bikeIds; minimum hours and bikes; maxUses in total and maxUsesPerCustomer; stackable with other stackable codes.',
    created: Envelope(CouponStatsDto),
    errors: { 400: 'A field is missing or malformed (named in errors)', 409: 'COUPON_EXISTS: the code exists already' },
  })
  async createCoupon(@Body() dto: CreateCouponDto): Promise<ApiResult<CouponStatsDto>> {
    return ok(await this.coupons.create(dto), 'Coupon created successfully');
  }

  @Patch(':id')
  @Endpoint({
    access: ['admin'],
    summary: "Change a code's rules (admin)",
    description: 'Its kind and amount stay (bookings already made keep their discount); isActive=false switches it off.',
    ok: Envelope(CouponStatsDto),
    errors: { 400: 'A field is malformed (named in errors)', 404: 'Coupon not found', 409: 'COUPON_USES_EXCEED_LIMIT: maxUses below the uses made' },
  })
  @ApiParam(COUPON_ID)
  async updateCoupon(@Param('id', ParseIdPipe('id')) id: string, @Body() dto: UpdateCouponDto): Promise<ApiResult<CouponStatsDto>> {
    return ok(await this.coupons.update(id, dto), 'Coupon updated successfully');
  }
}
