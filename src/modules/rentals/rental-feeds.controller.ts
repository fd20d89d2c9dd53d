import { applyDecorators, Controller, Get, Header, NotFoundException, Param, Req, StreamableFile } from '@nestjs/common';
import { ApiParam, ApiProduces, ApiTags } from '@nestjs/swagger';
import type { Request } from 'express';
import { AuthUser, CurrentUser, RawResponse } from '../../common/decorators.js';
import { Clock } from '../../common/clock.js';
import { Endpoint } from '../../common/endpoint.decorator.js';
import { ParseIdPipe } from '../../common/parse-id.pipe.js';
import { publicOrigin } from '../../common/public-origin.js';
import { AppConfig } from '../../config/app-config.js';
import { ShopSettingsService } from '../shop/shop-settings.service.js';
import { bookingsCalendar } from './rental-feeds.js';
import { FeedScope, RentalFeedsRepository } from './rental-feeds.repository.js';
import { DAY_MS } from './rental-time.js';

const ICS = { description: 'An iCalendar file (RFC 5545)', content: { 'text/calendar': { schema: { type: 'string' } } } };
/** Feeds cover the last 30 days and the next year. */
const FEED_PAST_MS = 30 * DAY_MS;
const FEED_AHEAD_MS = 366 * DAY_MS;

/** A staff feed at a secret URL: no sign-in (calendar apps cannot), a wrong or rotated token is a 404. */
function StaffFeed(summary: string, description: string) {
  return applyDecorators(
    Endpoint({ access: 'public', summary, description, ok: ICS, errors: { 404: 'Unknown or rotated feed token, or no such bike / unit' } }),
    RawResponse(),
    ApiParam({ name: 'token', description: 'The secret from GET /api/shop/feeds' }),
    ApiProduces('text/calendar'),
    Header('Cache-Control', 'private, no-store'),
    Header('X-Robots-Tag', 'noindex'),
  );
}

const calendarFile = (body: string, filename: string) =>
  new StreamableFile(Buffer.from(body, 'utf8'), { type: 'text/calendar; charset=utf-8', disposition: `inline; filename="${filename}"` });

/** Calendar feeds: the staff's subscriptions (shop, bike, unit) and a customer's own booking as an .ics file. */
@ApiTags('calendar feeds')
@Controller()
export class RentalFeedsController {
  constructor(
    private readonly feeds: RentalFeedsRepository,
    private readonly shop: ShopSettingsService,
    private readonly clock: Clock,
    private readonly config: AppConfig,
  ) {}

  @Get('feeds/:token/shop.ics')
  @StaffFeed("Every pick-up and return of the shop (staff's iCal feed)", 'Confirmed bookings of the last 30 days and the next year; first names and booking numbers only.')
  async shopFeed(@Req() req: Request, @Param('token') token: string): Promise<StreamableFile> {
    return this.staffFeed(req, token, { kind: 'shop' }, `${this.config.env.SHOP_NAME}: pick-ups and returns`, 'shop.ics', true);
  }

  @Get('feeds/:token/bikes/:id.ics')
  @StaffFeed("One bike's bookings (staff's iCal feed)", 'Each confirmed booking of the bike over its window.')
  @ApiParam({ name: 'id', format: 'uuid', description: 'The bike _id' })
  async bikeFeed(@Req() req: Request, @Param('token') token: string, @Param('id', ParseIdPipe('id')) id: string): Promise<StreamableFile> {
    return this.staffFeed(req, token, { kind: 'bike', bikeId: id }, `${this.config.env.SHOP_NAME}: bike bookings`, 'bike.ics', false);
  }

  @Get('feeds/:token/units/:unitId.ics')
  @StaffFeed("One unit's bookings (staff's iCal feed)", 'Each confirmed booking that holds the unit, over its window.')
  @ApiParam({ name: 'unitId', format: 'uuid', description: 'The unit _id' })
  async unitFeed(@Req() req: Request, @Param('token') token: string, @Param('unitId', ParseIdPipe('unitId')) unitId: string): Promise<StreamableFile> {
    return this.staffFeed(req, token, { kind: 'unit', unitId }, `${this.config.env.SHOP_NAME}: unit bookings`, 'unit.ics', false);
  }

  @Get('rentals/:id/calendar.ics')
  @Endpoint({
    access: 'signed-in',
    summary: 'A booking as a calendar event (.ics): "Add to calendar"',
    ok: ICS,
    errors: { 404: 'No such rental of the caller (admins: of anyone)' },
  })
  @RawResponse()
  @ApiParam({ name: 'id', format: 'uuid', description: 'The rental _id' })
  @ApiProduces('text/calendar')
  @Header('Cache-Control', 'private, no-store')
  async rentalEvent(@Req() req: Request, @CurrentUser() user: AuthUser, @Param('id', ParseIdPipe('id')) id: string): Promise<StreamableFile> {
    const owner = await this.feeds.ownerOf(id);
    if (!owner || (owner !== user.id && user.role !== 'admin')) throw new NotFoundException('Rental not found');
    const bookings = await this.feeds.bookings({ kind: 'rental', rentalId: id }, new Date(0), new Date(0));
    const body = bookingsCalendar(this.config.env.SHOP_NAME, bookings, { host: this.host(req), handovers: false, location: this.config.env.SHOP_ADDRESS });
    return calendarFile(body, `booking-${bookings[0]?.ref ?? id}.ics`);
  }

  private async staffFeed(req: Request, token: string, scope: FeedScope, name: string, filename: string, handovers: boolean): Promise<StreamableFile> {
    if (!(await this.shop.isFeedToken(token))) throw new NotFoundException('Feed not found');
    const now = this.clock.now().getTime();
    const bookings = await this.feeds.bookings(scope, new Date(now - FEED_PAST_MS), new Date(now + FEED_AHEAD_MS));
    return calendarFile(bookingsCalendar(name, bookings, { host: this.host(req), handovers, location: this.config.env.SHOP_ADDRESS }), filename);
  }

  private host(req: Request): string {
    return new URL(publicOrigin(req, this.config.env.PUBLIC_URL).origin).host;
  }
}
