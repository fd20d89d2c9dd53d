import { Body, Controller, Get, Param, Post, Put, Query, Req, Res } from '@nestjs/common';
import {
  ApiTooManyRequestsResponse,
  ApiBadGatewayResponse,
  ApiBadRequestResponse,
  ApiConflictResponse,
  ApiCreatedResponse,
  ApiNotFoundResponse,
  ApiOkResponse,
  ApiOperation,
  ApiParam,
  ApiTags,
} from '@nestjs/swagger';
import type { Request, Response } from 'express';
import { ApiResult, ok } from '../../common/api-result.js';
import { AuthUser, CurrentUser, RawResponse, Roles } from '../../common/decorators.js';
import { Envelope, ErrorEnvelopeDto } from '../../common/dto/envelope.dto.js';
import { ApiIdempotencyKey, IdempotencyKey } from '../../common/idempotency/idempotency-key.decorator.js';
import { ParseIdPipe } from '../../common/parse-id.pipe.js';
import { publicOrigin } from '../../common/public-origin.js';
import { RateLimit } from '../../common/rate-limit.guard.js';
import {
  CreateRentalDto,
  CreateRentalResultDto,
  FullPaymentDto,
  ListAllRentalsQueryDto,
  PaymentUrlDto,
  RentalDto,
  RentalPaymentReportDto,
  ReturnRentalQueryDto,
} from './rentals.dto.js';
import { RentalsService } from './rentals.service.js';

/** Where the request came in, from a validated Host header; PaymentsService.publicOrigin prefers PUBLIC_URL. */
const requestOrigin = (req: Request): string => publicOrigin(req, undefined).origin;

const GATEWAY_ERROR = { description: 'PAYMENT_GATEWAY_ERROR: the gateway could not open the checkout; nothing was booked or charged', type: ErrorEnvelopeDto };

@ApiTags('rentals')
@Controller('rentals')
export class RentalsController {
  constructor(private readonly rentals: RentalsService) {}

  @Post()
  @Roles('user')
  @RateLimit({ limit: 'BOOKING_RATE_LIMIT', per: 'user' })
  @RawResponse()
  @ApiOperation({
    summary: 'Book a bike: reserves the units and opens the booking-fee payment',
    description:
      'In one transaction the units are taken from stock (never below zero), the rental is created (status pending_fee) and the ' +
      'booking fee (BOOKING_FEE_AMOUNT in BOOKING_FEE_CURRENCY, default 100 BDT) is opened; then the hosted checkout is created. ' +
      'Send the browser to data.payment_url. An unpaid fee holds the units for HOLD_MINUTES (default 15); a failed, cancelled or ' +
      'expired fee cancels the rental and returns the units.',
  })
  @ApiIdempotencyKey()
  @ApiCreatedResponse({ type: Envelope(CreateRentalResultDto) })
  @ApiBadRequestResponse({ description: 'Invalid bikeId, startTime (past, more than a year ahead, malformed) or quantity (1..10), or an unknown field', type: ErrorEnvelopeDto })
  @ApiNotFoundResponse({ description: 'Bike not found (or deleted)', type: ErrorEnvelopeDto })
  @ApiConflictResponse({ description: 'OUT_OF_STOCK "Bike is already rented": fewer units in stock than asked, or the bike is switched off', type: ErrorEnvelopeDto })
  @ApiBadGatewayResponse(GATEWAY_ERROR)
  @ApiTooManyRequestsResponse({ description: 'More than BOOKING_RATE_LIMIT (30) bookings a minute by one user', type: ErrorEnvelopeDto })
  async createRental(
    @CurrentUser() user: AuthUser,
    @Body() dto: CreateRentalDto,
    @IdempotencyKey() key: string | undefined,
    @Req() req: Request,
    @Res() res: Response,
  ): Promise<void> {
    const reply = await this.rentals.createRental(user, dto, key, requestOrigin(req));
    res.status(reply.status).json(reply.body);
  }

  @Get()
  @Roles('user')
  @ApiOperation({ summary: "The caller's rentals, newest first", description: 'Unpaid ones have a falsy totalPaid; paid ones can be reviewed once (reviewAdded).' })
  @ApiOkResponse({ type: Envelope([RentalDto]) })
  async listMyRentals(@CurrentUser() user: AuthUser): Promise<ApiResult<RentalDto[]>> {
    return ok(await this.rentals.listMine(user), 'Rentals retrieved successfully');
  }

  @Get('allrentalbike')
  @Roles('admin')
  @ApiOperation({
    summary: 'All rentals with bike and renter, newest first (admin)',
    description: 'For the Return Bikes screen and the rental summary. Cancelled bookings are left out unless status=all or status=cancelled.',
  })
  @ApiOkResponse({ type: Envelope([RentalDto]) })
  @ApiBadRequestResponse({ description: 'Unknown status', type: ErrorEnvelopeDto })
  async listAllRentals(@Query() query: ListAllRentalsQueryDto): Promise<ApiResult<RentalDto[]>> {
    return ok(await this.rentals.listAll(query), 'Rentals retrieved successfully');
  }

  @Get('rentalpayment')
  @Roles('admin')
  @ApiOperation({
    summary: 'Rental payments report (admin)',
    description:
      'Every returned rental, paid or not, newest first, with its total cost, what was paid, the amount still due and each of its ' +
      'payments (the booking fee and the rental payments with their gateway status).',
  })
  @ApiOkResponse({ type: Envelope([RentalPaymentReportDto]) })
  async listRentalPayments(): Promise<ApiResult<RentalPaymentReportDto[]>> {
    return ok(await this.rentals.listPaymentReport(), 'Rental payments retrieved successfully');
  }

  @Get('trans/:id')
  @Roles('user')
  @ApiOperation({ summary: "One of the caller's rentals by its paymentId, for checkout", description: "Also accepts the rental's _id. Another user's rental answers 404." })
  @ApiParam({ name: 'id', description: 'The rental paymentId (TXN-...) or _id', example: 'TXN-8K2M4Q7W1Z9X' })
  @ApiOkResponse({ type: Envelope(RentalDto) })
  @ApiNotFoundResponse({ description: 'No such rental of the caller', type: ErrorEnvelopeDto })
  async getRentalForCheckout(@CurrentUser() user: AuthUser, @Param('id') id: string): Promise<ApiResult<RentalDto>> {
    return ok(await this.rentals.getForCheckout(user, id), 'Rental retrieved successfully');
  }

  @Put(':id/return')
  @Roles('admin')
  @ApiOperation({
    summary: 'Confirm a return (admin): computes the cost and puts the units back in stock',
    description:
      'totalCost = ceil(hours between startTime and returntime) x pricePerHour at booking x quantity. The booking fee must be paid ' +
      'and the rental not yet returned; two simultaneous returns put the units back once (the second answers 409).',
  })
  @ApiParam({ name: 'id', format: 'uuid', description: 'The rental _id' })
  @ApiOkResponse({ type: Envelope(RentalDto) })
  @ApiBadRequestResponse({ description: "returntime missing or malformed, or 'Return time must be after the start time'", type: ErrorEnvelopeDto })
  @ApiNotFoundResponse({ description: 'Rental not found', type: ErrorEnvelopeDto })
  @ApiConflictResponse({ description: "'Bike is already returned', 'The booking fee of this rental is not paid' or a cancelled rental", type: ErrorEnvelopeDto })
  async returnRental(@Param('id', ParseIdPipe('id')) id: string, @Query() query: ReturnRentalQueryDto): Promise<ApiResult<RentalDto>> {
    return ok(await this.rentals.returnRental(id, query.returntime), 'Bike returned successfully');
  }

  @Post('fullpayment')
  @Roles('user')
  @RawResponse()
  @ApiOperation({
    summary: "Pay a returned rental's total cost: opens (or reuses) the rental payment",
    description:
      "Only the rental's owner. totalCost must equal the server's amount to the cent (else 409 AMOUNT_MISMATCH). An open payment " +
      'of the same amount is reused. Send the browser to data.payment_url; when the gateway reports success the rental becomes paid.',
  })
  @ApiIdempotencyKey()
  @ApiOkResponse({ type: Envelope(PaymentUrlDto) })
  @ApiBadRequestResponse({ description: 'paymentId or totalCost missing or malformed, or an unknown field', type: ErrorEnvelopeDto })
  @ApiNotFoundResponse({ description: 'No such rental of the caller', type: ErrorEnvelopeDto })
  @ApiConflictResponse({ description: "AMOUNT_MISMATCH, ALREADY_PAID ('This rental is already paid'), NOT_RETURNED, NOTHING_TO_PAY or RENTAL_CANCELLED", type: ErrorEnvelopeDto })
  @ApiBadGatewayResponse(GATEWAY_ERROR)
  async payRental(
    @CurrentUser() user: AuthUser,
    @Body() dto: FullPaymentDto,
    @IdempotencyKey() key: string | undefined,
    @Req() req: Request,
    @Res() res: Response,
  ): Promise<void> {
    const reply = await this.rentals.payRental(user, dto, key, requestOrigin(req));
    res.status(reply.status).json(reply.body);
  }
}
