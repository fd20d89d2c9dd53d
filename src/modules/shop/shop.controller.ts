import { Body, Controller, Get, HttpCode, Post, Put, Req } from '@nestjs/common';
import { ApiTags } from '@nestjs/swagger';
import type { Request } from 'express';
import { ApiResult, ok } from '../../common/api-result.js';
import { Endpoint, Envelope } from '../../common/endpoint.decorator.js';
import { publicOrigin } from '../../common/public-origin.js';
import { AppConfig } from '../../config/app-config.js';
import { ShopSettingsService } from './shop-settings.service.js';
import { CalendarFeedsDto, OpeningHoursDto, UpdateOpeningHoursDto } from './shop.dto.js';

@ApiTags('shop')
@Controller('shop')
export class ShopController {
  constructor(
    private readonly settings: ShopSettingsService,
    private readonly config: AppConfig,
  ) {}

  @Get('hours')
  @Endpoint({
    access: 'public',
    summary: "The shop's opening hours and closed dates",
    description: 'Pick-up and return times must fall inside them. openingHours null: no hours set, every time is open.',
    ok: Envelope(OpeningHoursDto),
  })
  async hours(): Promise<ApiResult<OpeningHoursDto>> {
    return ok(await this.settings.hours(), 'Opening hours retrieved successfully');
  }

  @Put('hours')
  @Endpoint({
    access: ['admin'],
    summary: 'Set the opening hours and closed dates (admin)',
    description: 'openingHours lists all seven weekdays once (closed: true for a closed day), or is null for none. Existing bookings are kept.',
    ok: Envelope(OpeningHoursDto),
    errors: { 400: 'A weekday missing or listed twice, close not after open, or a date that does not exist (named in errors)' },
  })
  async updateHours(@Body() dto: UpdateOpeningHoursDto): Promise<ApiResult<OpeningHoursDto>> {
    return ok(await this.settings.updateHours(dto), 'Opening hours updated successfully');
  }

  @Get('feeds')
  @Endpoint({
    access: ['admin'],
    summary: "The staff's calendar feed URLs (admin)",
    description: 'Secret iCal URLs to subscribe to in a calendar app: the whole shop, one bike, one unit. They show first names and booking numbers only.',
    ok: Envelope(CalendarFeedsDto),
  })
  async feeds(@Req() req: Request): Promise<ApiResult<CalendarFeedsDto>> {
    return ok(this.feedUrls(req, await this.settings.feedToken()), 'Calendar feeds retrieved successfully');
  }

  @Post('feeds/rotate')
  @HttpCode(200)
  @Endpoint({
    access: ['admin'],
    summary: 'Make new calendar feed URLs (admin)',
    description: 'Every old feed URL stops working at once.',
    ok: Envelope(CalendarFeedsDto),
  })
  async rotateFeeds(@Req() req: Request): Promise<ApiResult<CalendarFeedsDto>> {
    return ok(this.feedUrls(req, await this.settings.rotateFeedToken()), 'Calendar feed URLs replaced');
  }

  private feedUrls(req: Request, token: string): CalendarFeedsDto {
    const base = `${publicOrigin(req, this.config.env.PUBLIC_URL).origin}/api/feeds/${token}`;
    return { shop: `${base}/shop.ics`, bike: `${base}/bikes/{bikeId}.ics`, unit: `${base}/units/{unitId}.ics` };
  }
}
