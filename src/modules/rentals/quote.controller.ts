import { Controller, Get, NotFoundException, Param, Query, Req, UnauthorizedException } from '@nestjs/common';
import { ApiParam, ApiTags } from '@nestjs/swagger';
import type { Request } from 'express';
import { ApiResult, ok } from '../../common/api-result.js';
import { Clock } from '../../common/clock.js';
import { AuthUser, CurrentUser } from '../../common/decorators.js';
import { Endpoint, Envelope } from '../../common/endpoint.decorator.js';
import { ParseIdPipe } from '../../common/parse-id.pipe.js';
import { AddonWindowQueryDto, BikeAddonDto } from '../bikes/addons.dto.js';
import { AddonsService } from '../bikes/addons.service.js';
import { BookingService } from './booking.service.js';
import { readWindow } from './rental-time.js';
import { QuoteDto, QuoteQueryDto } from './rentals.dto.js';
import { RentalsRepository } from './rentals.repository.js';

@ApiTags('bikes')
@Controller('bikes')
export class QuoteController {
  constructor(
    private readonly booking: BookingService,
    private readonly addons: AddonsService,
    private readonly rentals: RentalsRepository,
    private readonly clock: Clock,
  ) {}

  @Get(':id/quote')
  @Endpoint({
    access: 'public',
    summary: 'Price of a window and the units free for all of it',
    description:
      'The cheapest combination of whole weeks, whole days and started hours covering [startTime, endTime) at the bike\'s pricePerWeek, ' +
      'pricePerDay and pricePerHour, times quantity, itemised in lines. available = units free for the whole window. terms: the late fee, ' +
      'its grace, the free cancellation period and the booking fee. With `addons` each add-on is its own line (kind addon) and `addons` ' +
      'answers what is free of each for the window; with `coupon` each code\'s discount is a line (kind discount, negative) taken off total. ' +
      'A reschedule\'s quote (rentalId) carries the booking\'s add-ons and codes.',
    ok: Envelope(QuoteDto),
    errors: {
      400: 'startTime, endTime, quantity, rentalId or addons missing, malformed, in the past or out of order (named in errors); coupon unknown, expired, used up or not for this booking (named coupon, with the reason)',
      401: 'rentalId given without a session',
      404: "Bike not found, or rentalId is not the caller's rental of this bike",
      429: 'COUPON_RATE_LIMIT: too many unknown codes tried',
    },
  })
  @ApiParam({ name: 'id', format: 'uuid', description: 'The bike _id' })
  async quote(
    @Param('id', ParseIdPipe('id')) id: string,
    @Query() query: QuoteQueryDto,
    @CurrentUser() caller: AuthUser | undefined,
    @Req() req: Request,
  ): Promise<ApiResult<QuoteDto>> {
    return ok(await this.booking.quote(id, query, caller, req.ip), 'Quote retrieved successfully');
  }

  @Get(':id/addons')
  @Endpoint({
    access: 'public',
    summary: 'Add-ons that fit a bike, with what is free for a window',
    description:
      'The active add-ons offered with this bike (all bikes, its brand or the bike itself; same currency), each with `available` = pieces free ' +
      'for the whole window (null: no stock limit), `maxQuantity` for a booking of `quantity` bikes and `unitPrice` for the window.',
    ok: Envelope([BikeAddonDto]),
    errors: { 400: 'startTime, endTime or quantity missing or malformed (named in errors)', 401: 'rentalId without a session', 404: 'Bike not found, or rentalId not the caller\'s' },
  })
  @ApiParam({ name: 'id', format: 'uuid', description: 'The bike _id' })
  async addonsOf(
    @Param('id', ParseIdPipe('id')) id: string,
    @Query() q: AddonWindowQueryDto,
    @CurrentUser() caller: AuthUser | undefined,
  ): Promise<ApiResult<BikeAddonDto[]>> {
    const bike = await this.rentals.findActiveBike(id);
    if (!bike) throw new NotFoundException('Bike not found');
    const w = readWindow(q.startTime, q.endTime, this.clock.now());
    let except: string | undefined;
    if (q.rentalId !== undefined) {
      if (!caller) throw new UnauthorizedException('Please log in to continue');
      const own = await this.rentals.findById(q.rentalId);
      if (!own || own.userId !== caller.id || own.bikeId !== id) throw new NotFoundException('Rental not found');
      except = own.id;
    }
    return ok(await this.addons.forBike(bike, { start: w.start, end: w.end! }, q.quantity, except), 'Add-ons retrieved successfully');
  }
}
