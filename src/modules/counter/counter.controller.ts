import { Body, Controller, Get, HttpCode, Param, Post, Query, Req, Res, StreamableFile, UseInterceptors } from '@nestjs/common';
import { ApiBody, ApiConsumes, ApiParam, ApiProduces, ApiTags } from '@nestjs/swagger';
import type { Request, Response } from 'express';
import { ApiResult, ok } from '../../common/api-result.js';
import { AuthUser, CurrentUser, RawResponse } from '../../common/decorators.js';
import { Endpoint, Envelope } from '../../common/endpoint.decorator.js';
import { ParseIdPipe } from '../../common/parse-id.pipe.js';
import { publicOrigin } from '../../common/public-origin.js';
import { AppConfig } from '../../config/app-config.js';
import { CheckInDto, CheckOutDto, CounterRentalDto, CounterUnitDto, CustomerReportDto, LabelsQueryDto, PhotoDto, ScanQueryDto, SettleDepositDto, UnitSummaryDto } from './counter.dto.js';
import { CounterService } from './counter.service.js';
import { LabelsService } from './labels.service.js';
import { PhotoUploadInterceptor } from './photo-upload.interceptor.js';
import { PhotosService } from './photos.service.js';

const RENTAL_ID = { name: 'id', format: 'uuid', description: 'The rental _id' };
const RENTAL_409 = 'BOOKING_FEE_UNPAID, RENTAL_CANCELLED, ALREADY_RETURNED';

/** The counter (issue 22): scan a unit, check out, check in, the deposit screen; labels and photos. */
@ApiTags('counter')
@Controller('counter')
export class CounterController {
  constructor(
    private readonly counter: CounterService,
    private readonly photos: PhotosService,
    private readonly labels: LabelsService,
    private readonly config: AppConfig,
  ) {}

  @Get('scan')
  @Endpoint({
    access: ['admin'],
    summary: 'The units a scanned or typed code names (admin)',
    description: "A unit's QR code holds its staff URL (/dashboard/counter?unit=<id>); a typed label matches case-insensitively (several bikes may share one).",
    ok: Envelope([UnitSummaryDto]),
    errors: { 400: 'code missing or too long' },
  })
  async scan(@Query() q: ScanQueryDto): Promise<ApiResult<UnitSummaryDto[]>> {
    const units = await this.counter.scan(q.code);
    return ok(units, units.length ? 'Units found' : 'No unit with this label');
  }

  @Get('units/:id')
  @Endpoint({
    access: ['admin'],
    summary: 'A unit at the counter: its current and next rentals, condition history, damage reports and maintenance (admin)',
    ok: Envelope(CounterUnitDto),
    errors: { 404: 'Unit not found' },
  })
  @ApiParam({ name: 'id', format: 'uuid', description: 'The unit _id' })
  async unit(@Param('id', ParseIdPipe('id')) id: string): Promise<ApiResult<CounterUnitDto>> {
    return ok(await this.counter.unit(id), 'Unit retrieved successfully');
  }

  @Get('rentals/:id')
  @Endpoint({
    access: ['admin'],
    summary: 'A rental at the counter: hand-over, check-out blockers, the window move offered, conditions and damage (admin)',
    ok: Envelope(CounterRentalDto),
    errors: { 404: 'Rental not found' },
  })
  @ApiParam(RENTAL_ID)
  async rental(@Param('id', ParseIdPipe('id')) id: string): Promise<ApiResult<CounterRentalDto>> {
    return ok(await this.counter.rentalView(id), 'Rental retrieved successfully');
  }

  @Post('rentals/:id/check-out')
  @HttpCode(200)
  @Endpoint({
    access: ['admin'],
    summary: 'Hand the booked units over (admin)',
    description:
      'The scanned units are assigned to the booking: a scanned unit of the same bike that the booking does not hold replaces one it holds ' +
      '(the database refuses a unit booked or in maintenance in the window: 409 UNIT_BUSY). A deposit waiting for its hold gets it now. ' +
      'Refused with 409 CHECKOUT_BLOCKED with `data.blockers` (e.g. DEPOSIT_NOT_HELD) unless `overrideReason` is given; the override and its ' +
      'reason are kept with the hand-over. `moveReturn` moves the window to start now (same length, new quote) when the pick-up is more than ' +
      '15 minutes off the booked start. Webhook rental.checked_out.',
    ok: Envelope(CounterRentalDto),
    errors: {
      400: 'unitIds: not as many units as booked, or a unit of another bike; overrideReason too short',
      404: 'Rental not found',
      409: `CHECKOUT_BLOCKED (with blockers), ALREADY_CHECKED_OUT, UNIT_BUSY, UNIT_NOT_ACTIVE, ALREADY_PAID (window move), ${RENTAL_409}`,
    },
  })
  @ApiParam(RENTAL_ID)
  async checkOut(@Param('id', ParseIdPipe('id')) id: string, @Body() dto: CheckOutDto, @CurrentUser() user: AuthUser): Promise<ApiResult<CounterRentalDto>> {
    return ok(await this.counter.checkOut(id, dto, user), 'Checked out');
  }

  @Post('rentals/:id/photos')
  @HttpCode(201)
  @UseInterceptors(PhotoUploadInterceptor)
  @ApiConsumes('multipart/form-data')
  @ApiBody({
    schema: {
      type: 'object',
      required: ['photo', 'unitId'],
      properties: { photo: { type: 'string', format: 'binary', description: 'JPEG, PNG, WebP or HEIC, at most PHOTO_MAX_BYTES' }, unitId: { type: 'string', format: 'uuid' } },
    },
  })
  @Endpoint({
    access: ['admin'],
    summary: "Upload a condition photo of one of the rental's units (admin)",
    description:
      'Checked by its content (not its name or declared type), turned upright, stripped of EXIF (location included), scaled to at most ' +
      '1600 px and stored as JPEG. Attach it at check-in with photoIds.',
    created: Envelope(PhotoDto),
    errors: { 400: 'photo missing, not an image, unreadable or larger than PHOTO_MAX_BYTES; unitId not a unit of the rental (nothing stored)', 404: 'Rental not found' },
  })
  @ApiParam(RENTAL_ID)
  async uploadPhoto(@Param('id', ParseIdPipe('id')) id: string, @Req() req: Request & { file?: { buffer: Buffer; size: number } }): Promise<ApiResult<PhotoDto>> {
    const body = (req.body ?? {}) as Record<string, unknown>;
    return ok(await this.photos.upload(id, body.unitId, req.file), 'Photo stored');
  }

  @Post('rentals/:id/check-in')
  @HttpCode(200)
  @Endpoint({
    access: ['admin'],
    summary: 'Take the units back: checklist, notes, photos and damage per unit; the rental is returned now (admin)',
    description:
      'The return time is now (the scan), so the late fee follows as on Return Bikes. Damage items make a damage report per unit ' +
      '(webhook damage.reported); a severe item puts the unit into maintenance and its future bookings move to other units (`maintenance` says ' +
      'what happened). Webhook rental.checked_in. Then settle the deposit (POST counter/rentals/{id}/deposit). A rental that was never ' +
      "checked out (booked online, handed over without a scan) is checked in too once it has started: its hand-over is recorded as at the " +
      "rental's start (`handover.recordedAtCheckIn`); before its start it is 409 NOT_STARTED.",
    ok: Envelope(CounterRentalDto),
    errors: { 400: 'units: a unit missing or not of the rental, a checklist part or state unknown, photoIds not of this unit', 404: 'Rental not found', 409: `NOT_STARTED, NO_UNITS (a rental from before units were tracked: Return Bikes), ${RENTAL_409}` },
  })
  @ApiParam(RENTAL_ID)
  async checkIn(@Param('id', ParseIdPipe('id')) id: string, @Body() dto: CheckInDto, @CurrentUser() user: AuthUser): Promise<ApiResult<CounterRentalDto>> {
    return ok(await this.counter.checkIn(id, dto, user), 'Checked in');
  }

  @Post('rentals/:id/deposit')
  @HttpCode(200)
  @Endpoint({
    access: ['admin'],
    summary: 'The deposit screen after check-in: release it, or keep part of it for a damage report (admin)',
    description:
      'capture keeps `amount` (the rest is released) with the damage report as the reason (or `reason`); release gives it all back. ' +
      'Then the customer gets the check-in summary email (photos, what was kept).',
    ok: Envelope(CounterRentalDto),
    errors: {
      400: 'amount missing or above the held amount, reason missing, damageReportId not of this rental',
      404: 'Rental not found',
      409: 'DEPOSIT_SETTLED, DEPOSIT_NOT_HELD, NO_DEPOSIT',
      502: 'PAYMENT_GATEWAY_ERROR',
    },
  })
  @ApiParam(RENTAL_ID)
  async deposit(@Param('id', ParseIdPipe('id')) id: string, @Body() dto: SettleDepositDto): Promise<ApiResult<CounterRentalDto>> {
    return ok(await this.counter.settleDeposit(id, dto), dto.action === 'release' ? 'Deposit released' : 'Deposit captured');
  }

  @Get('photos/:id')
  @RawResponse()
  @ApiProduces('image/jpeg')
  @Endpoint({
    access: 'signed-in',
    summary: 'A condition photo (JPEG): admins and the customer of its rental',
    ok: { description: 'The image', content: { 'image/jpeg': { schema: { type: 'string', format: 'binary' } } } },
    errors: { 404: 'No such photo of a rental of the caller (admins: of anyone)' },
  })
  @ApiParam({ name: 'id', format: 'uuid', description: 'The photo _id' })
  async photo(@Param('id', ParseIdPipe('id')) id: string, @CurrentUser() user: AuthUser, @Res({ passthrough: true }) res: Response): Promise<StreamableFile> {
    const file = await this.photos.read(id, user);
    res.setHeader('Cache-Control', 'private, max-age=3600');
    return new StreamableFile(file.bytes, { type: file.contentType, disposition: 'inline' });
  }

  @Get('my-reports')
  @Endpoint({
    access: 'signed-in',
    summary: "The caller's check-in reports: each returned rental's conditions and damage reports, with photos",
    ok: Envelope([CustomerReportDto]),
  })
  async myReports(@CurrentUser() user: AuthUser): Promise<ApiResult<CustomerReportDto[]>> {
    return ok(await this.counter.customerReports(user), 'Reports retrieved successfully');
  }

  @Get('labels')
  @RawResponse()
  @ApiProduces('application/pdf')
  @Endpoint({
    access: ['admin'],
    summary: 'The printable QR label sheet (A4 PDF, 21 labels a page) of one bike\'s units or of the whole fleet (admin)',
    description: "Each label: the unit's label, the bike's name and a QR code of the unit's staff URL (/dashboard/counter?unit=<id>). Retired units are left out.",
    ok: { description: 'The PDF', content: { 'application/pdf': { schema: { type: 'string', format: 'binary' } } } },
    errors: { 404: 'Bike not found, or it has no units' },
  })
  async labelSheet(@Query() q: LabelsQueryDto, @Req() req: Request, @Res({ passthrough: true }) res: Response): Promise<StreamableFile> {
    const origin = publicOrigin(req, this.config.env.PUBLIC_URL).origin;
    const file = await this.labels.sheet(origin, q.bikeId);
    res.setHeader('Cache-Control', 'private, no-store');
    return new StreamableFile(file.content, { type: 'application/pdf', disposition: `inline; filename="${file.filename}"` });
  }
}
