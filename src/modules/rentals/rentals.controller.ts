import { Body, Controller, Get, HttpCode, Param, Post, Put, Query, Req, UseGuards } from '@nestjs/common';
import { ApiParam, ApiTags } from '@nestjs/swagger';
import type { Request } from 'express';
import { ApiResult, ok, reply, StoredReply } from '../../common/api-result.js';
import { AuthUser, CurrentUser } from '../../common/decorators.js';
import { Endpoint, Envelope } from '../../common/endpoint.decorator.js';
import { ApiIdempotencyKey, IdempotencyKey } from '../../common/idempotency/idempotency-key.decorator.js';
import { ParseIdPipe, ParseRefPipe } from '../../common/parse-id.pipe.js';
import { publicOrigin } from '../../common/public-origin.js';
import { RateLimit, RateLimitGuard } from '../../common/rate-limit.guard.js';
import { BookingService } from './booking.service.js';
import { RentalPaymentsService } from './rental-payments.service.js';
import { ReturnService } from './return.service.js';
import {
  CounterSaleDto,
  CreateRentalDto,
  CreateRentalResultDto,
  FullPaymentDto,
  ListAllRentalsQueryDto,
  PaymentUrlDto,
  RentalDto,
  RentalPageQueryDto,
  RentalPaymentReportDto,
  RescheduleRentalDto,
  ReturnPreviewDto,
  ReturnRentalQueryDto,
  PayBookingFeeDto,
} from './rentals.dto.js';
import { RentalsService } from './rentals.service.js';

/** Where the request came in, from a validated Host header; PaymentsService.publicOrigin prefers PUBLIC_URL. */
const requestOrigin = (req: Request): string => publicOrigin(req, undefined).origin;

const GATEWAY_ERROR = 'PAYMENT_GATEWAY_ERROR: the gateway could not open the checkout; nothing was booked or charged';

@ApiTags('rentals')
@Controller('rentals')
export class RentalsController {
  constructor(
    private readonly rentals: RentalsService,
    private readonly booking: BookingService,
    private readonly returns: ReturnService,
    private readonly rentalPayments: RentalPaymentsService,
  ) {}

  @Post()
  @Endpoint({
    access: ['user'],
    summary: 'Book a bike for a window: reserves units and opens the booking-fee payment',
    description:
      'In one transaction concrete units free for the window are assigned (the database refuses a unit in two overlapping bookings), ' +
      'the rental is created (status pending_fee) and the booking fee (BOOKING_FEE_AMOUNT in BOOKING_FEE_CURRENCY, default 100 BDT) ' +
      'is opened; then the hosted checkout is created. Send the browser to data.payment_url. Without endTime the booking is ' +
      'open-ended: it holds its units from startTime until returned and is priced by the hour at return. With endTime it holds them ' +
      'for [startTime, endTime) and totalCost is the quote, fixed now. An unpaid fee holds the units for HOLD_MINUTES (default 15); ' +
      'a failed or cancelled fee keeps the booking until the hold ends (POST rentals/{id}/booking-fee tries again); a lapsed hold cancels the rental and frees the units. At most MAX_PENDING_BOOKINGS (default 3) bookings ' +
      'awaiting their fee per customer, and BOOKING_RATE_LIMIT bookings per customer and minute; holding limits MAX_HELD_UNIT_DAYS, ' +
      'MAX_BIKE_SHARE_PERCENT, REBOOK_COOLDOWN_MINUTES (per customer) and MAX_UNITS_PER_ADDRESS (per client address and HOLD_MINUTES). ' +
      'With expectedTotal (the quote the customer saw) the booking is made only at that price. An OUT_OF_STOCK or PRICE_CHANGED answer is ' +
      'not kept for the Idempotency-Key: the same request may book once a unit is free or the price is accepted.',
    created: Envelope(CreateRentalResultDto),
    errors: {
      400: 'Invalid bikeId, startTime (past, more than a year ahead, malformed), endTime (not after startTime, malformed), quantity (1..10) or expectedTotal (malformed, or without endTime), or an unknown field',
      404: 'Bike not found (or deleted)',
      409:
        'OUT_OF_STOCK "Bike is already rented": fewer units free for the window than asked, or the bike is switched off; ' +
        'PRICE_CHANGED: the price fixed now differs from expectedTotal (data: the new quote)',
      429:
        'TOO_MANY_PENDING: MAX_PENDING_BOOKINGS bookings already await their fee; HOLDING_LIMIT, BIKE_SHARE_LIMIT, REBOOK_COOLDOWN or ' +
        'ADDRESS_LIMIT (the holding limits); or the booking rate limit',
      502: GATEWAY_ERROR,
    },
  })
  @UseGuards(RateLimitGuard)
  @RateLimit({ setting: 'BOOKING_RATE_LIMIT', per: 'user', message: 'Too many bookings, please wait a minute and try again' })
  @ApiIdempotencyKey()
  async createRental(
    @CurrentUser() user: AuthUser,
    @Body() dto: CreateRentalDto,
    @IdempotencyKey() key: string | undefined,
    @Req() req: Request,
  ): Promise<StoredReply> {
    return reply(await this.booking.createRental(user, dto, key, requestOrigin(req), req.ip));
  }

  @Post('counter')
  @Endpoint({
    access: ['admin'],
    summary: 'Counter sale (admin): book for a customer in the shop, without the online booking fee',
    description:
      'The rental is booked at once (source counter, paymentMethod recorded). With endTime and paid=true the quote is recorded as paid ' +
      '(a payment with provider cash or card_terminal); an open-ended one is priced at return.',
    created: Envelope(RentalDto),
    errors: {
      400: 'A field is missing or malformed (named in errors)',
      404: 'Bike not found, or CUSTOMER_NOT_FOUND',
      409: 'OUT_OF_STOCK "Bike is already rented"',
    },
  })
  async counterSale(@Body() dto: CounterSaleDto): Promise<ApiResult<RentalDto>> {
    return ok(await this.booking.counterSale(dto), 'Counter sale recorded');
  }

  @Post(':id/cancel')
  @Endpoint({
    access: ['user'],
    summary: 'Cancel a booking before its start (owner)',
    description:
      'Units are free at once. A booked rental cancelled at least FREE_CANCELLATION_HOURS (default 24) before its start gets its booking fee ' +
      'refunded through the gateway (bookingFee.status refunded); later the fee is kept. A rental payment made in advance is refunded. ' +
      'An unpaid booking just ends.',
    ok: Envelope(RentalDto),
    errors: {
      404: 'No such rental of the caller',
      409: 'RENTAL_STARTED, ALREADY_RETURNED, RENTAL_CANCELLED, or COUNTER_SALE (booked at the shop counter: the shop cancels it)',
    },
  })
  @HttpCode(200)
  @ApiParam({ name: 'id', format: 'uuid', description: 'The rental _id' })
  async cancel(@CurrentUser() user: AuthUser, @Param('id', ParseIdPipe('id')) id: string): Promise<ApiResult<RentalDto>> {
    return ok(await this.booking.cancel(user, id), 'Rental cancelled');
  }

  @Post(':id/booking-fee')
  @Endpoint({
    access: ['user'],
    summary: 'Pay the booking fee again while the booking is held (owner)',
    description:
      'For a booking awaiting its fee (pending_fee): a declined, cancelled or abandoned fee payment keeps the booking and its units ' +
      'until holdExpiresAt, and this opens a new hosted checkout for the fee (or answers the open one while it can still be paid). ' +
      'Send the browser to data.payment_url. The hold is not extended; at most 5 tries per booking.',
    ok: Envelope(PaymentUrlDto),
    errors: {
      404: 'No such rental of the caller',
      409: 'ALREADY_PAID (the fee is paid), RENTAL_CANCELLED, HOLD_EXPIRED (less than a minute of the hold left, or none), PAYMENT_IN_PROGRESS or TOO_MANY_ATTEMPTS',
      502: 'PAYMENT_GATEWAY_ERROR: the gateway could not open the checkout; nothing was charged',
    },
  })
  @HttpCode(200)
  @ApiParam({ name: 'id', format: 'uuid', description: 'The rental _id' })
  async payBookingFee(
    @CurrentUser() user: AuthUser,
    @Param('id', ParseIdPipe('id')) id: string,
    @Req() req: Request,
    @Body() dto: PayBookingFeeDto = {},
  ): Promise<ApiResult<PaymentUrlDto>> {
    return ok(await this.rentalPayments.payBookingFee(user, id, requestOrigin(req), dto?.giftCardCode), 'Go to the payment page to complete the rental process.');
  }

  @Post(':id/reschedule')
  @Endpoint({
    access: ['user'],
    summary: 'Move a booking to another window before its start (owner), with a new quote',
    description:
      'The new window must be free for as many units; the price is the quote of the new window at the current prices. ' +
      'At most BOOKING_RATE_LIMIT reschedules per customer and minute (counted apart from bookings).',
    ok: Envelope(RentalDto),
    errors: {
      400: 'startTime / endTime malformed, in the past or out of order',
      404: 'No such rental of the caller',
      409: 'OUT_OF_STOCK "Bike is already rented" (the new window is not free), RENTAL_STARTED, ALREADY_RETURNED, RENTAL_CANCELLED, ALREADY_PAID or COUNTER_SALE',
      429: 'More than BOOKING_RATE_LIMIT reschedules by this customer in a minute (Retry-After)',
    },
  })
  @HttpCode(200)
  @UseGuards(RateLimitGuard)
  @RateLimit({ setting: 'BOOKING_RATE_LIMIT', per: 'user', message: 'Too many changes to bookings, please wait a minute and try again' })
  @ApiParam({ name: 'id', format: 'uuid', description: 'The rental _id' })
  async reschedule(@CurrentUser() user: AuthUser, @Param('id', ParseIdPipe('id')) id: string, @Body() dto: RescheduleRentalDto): Promise<ApiResult<RentalDto>> {
    return ok(await this.booking.reschedule(user, id, dto), 'Rental rescheduled');
  }

  @Get()
  @Endpoint({
    access: ['user'],
    summary: "The caller's rentals, newest first",
    description: 'Unpaid ones have a falsy totalPaid; paid ones can be reviewed once (reviewAdded).',
    ok: Envelope([RentalDto]),
  })
  async listMyRentals(@CurrentUser() user: AuthUser): Promise<ApiResult<RentalDto[]>> {
    return ok(await this.rentals.listMine(user), 'Rentals retrieved successfully');
  }

  @Get('allrentalbike')
  @Endpoint({
    access: ['admin'],
    summary: 'All rentals with bike and renter, newest first (admin)',
    description:
      'For the Return Bikes screen and the rental summary (dueAt and overdue tell which are due back). Cancelled bookings are left out ' +
      'unless status=all or status=cancelled. page and limit page it; without them the newest 1000.',
    ok: Envelope([RentalDto]),
    errors: { 400: 'Unknown status' },
  })
  async listAllRentals(@Query() query: ListAllRentalsQueryDto): Promise<ApiResult<RentalDto[]>> {
    return ok(await this.rentals.listAll(query), 'Rentals retrieved successfully');
  }

  @Get('rentalpayment')
  @Endpoint({
    access: ['admin'],
    summary: 'Rental payments report (admin)',
    description:
      'Every returned rental, paid or not, newest first, with its total cost, what was paid, the amount still due and each of its ' +
      'payments (the booking fee and the rental payments with their gateway status). page and limit page it; without them the newest 1000.',
    ok: Envelope([RentalPaymentReportDto]),
  })
  async listRentalPayments(@Query() query: RentalPageQueryDto): Promise<ApiResult<RentalPaymentReportDto[]>> {
    return ok(await this.rentals.listPaymentReport(query), 'Rental payments retrieved successfully');
  }

  @Get('trans/:id')
  @Endpoint({
    access: ['user'],
    summary: "One of the caller's rentals by its paymentId, for checkout",
    description: "Also accepts the rental's _id. Another user's rental answers 404.",
    ok: Envelope(RentalDto),
    errors: { 400: 'id longer than 64 characters', 404: 'No such rental of the caller' },
  })
  @ApiParam({ name: 'id', description: 'The rental paymentId (TXN-...) or _id, at most 64 characters', example: 'TXN-8K2M4Q7W1Z9X' })
  async getRentalForCheckout(@CurrentUser() user: AuthUser, @Param('id', new ParseRefPipe('id')) id: string): Promise<ApiResult<RentalDto>> {
    return ok(await this.rentals.getForCheckout(user, id), 'Rental retrieved successfully');
  }

  @Get(':id/return-preview')
  @Endpoint({
    access: ['admin'],
    summary: 'What a return would charge (admin), before it is confirmed',
    description: 'The total, the late fee within it, what is paid and what would be due if the rental were returned at returntime. Changes nothing.',
    ok: Envelope(ReturnPreviewDto),
    errors: {
      400: "returntime missing or malformed, 'Return time must be after the start time', or 'Return time must not be in the future'",
      404: 'Rental not found',
      409: 'The rental is not out (already returned, cancelled, or its booking fee is not paid)',
    },
  })
  @ApiParam({ name: 'id', format: 'uuid', description: 'The rental _id' })
  async returnPreview(@Param('id', ParseIdPipe('id')) id: string, @Query() query: ReturnRentalQueryDto): Promise<ApiResult<ReturnPreviewDto>> {
    return ok(await this.returns.preview(id, query.returntime), 'Return priced');
  }

  @Put(':id/return')
  @Endpoint({
    access: ['admin'],
    summary: 'Confirm a return (admin): computes the cost and frees the units',
    description:
      'Open-ended: totalCost = ceil(hours between startTime and returntime) x pricePerHour at booking x quantity. Fixed window: the quote ' +
      'fixed at booking plus lateFee = LATE_FEE_PER_HOUR (default the hourly price) x started hours after endTime + LATE_GRACE_MINUTES x quantity. ' +
      'Each unit is recorded as returned. The booking fee must be paid and the rental not yet returned; two simultaneous returns free the ' +
      'units once (the second answers 409).',
    ok: Envelope(RentalDto),
    errors: {
      400: "returntime missing or malformed, 'Return time must be after the start time', or 'Return time must not be in the future' (5 minutes of clock skew allowed)",
      404: 'Rental not found',
      409: "'Bike is already returned', 'The booking fee of this rental is not paid' or a cancelled rental",
    },
  })
  @ApiParam({ name: 'id', format: 'uuid', description: 'The rental _id' })
  async returnRental(@Param('id', ParseIdPipe('id')) id: string, @Query() query: ReturnRentalQueryDto): Promise<ApiResult<RentalDto>> {
    return ok(await this.returns.returnRental(id, query.returntime), 'Bike returned successfully');
  }

  @Post('fullpayment')
  @Endpoint({
    access: ['user'],
    summary: 'Pay what a rental owes: opens (or reuses) the rental payment',
    description:
      "Only the rental's owner. Payable: a returned rental's total cost; a booked fixed-window rental's quote (right after the booking fee); " +
      "a late fee still due after the return. totalCost must equal the server's amount due to the cent (else 409 AMOUNT_MISMATCH). An " +
      'open payment of the same amount is reused. Send the browser to data.payment_url; when the gateway reports success the amount is ' +
      'added to totalPaid and a returned rental paid in full becomes paid.',
    ok: Envelope(PaymentUrlDto),
    errors: {
      400: 'paymentId or totalCost missing or malformed, or an unknown field',
      404: 'No such rental of the caller',
      409: "AMOUNT_MISMATCH, ALREADY_PAID ('This rental is already paid'), NOT_RETURNED (open-ended and not returned), NOTHING_TO_PAY or RENTAL_CANCELLED",
      502: GATEWAY_ERROR,
    },
  })
  @HttpCode(200)
  @ApiIdempotencyKey()
  async payRental(
    @CurrentUser() user: AuthUser,
    @Body() dto: FullPaymentDto,
    @IdempotencyKey() key: string | undefined,
    @Req() req: Request,
  ): Promise<StoredReply> {
    return reply(await this.rentalPayments.payRental(user, dto, key, requestOrigin(req)));
  }
}
