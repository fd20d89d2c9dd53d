import { applyDecorators } from '@nestjs/common';
import { DepositDto, QuoteDepositDto, toDepositDto } from './deposits/deposits.dto.js';
import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { Type } from 'class-transformer';
import {
  ArrayMaxSize,
  IsArray,
  IsBoolean,
  IsEmail,
  IsIn,
  IsInt,
  IsISO8601,
  IsNumber,
  IsOptional,
  IsString,
  IsUUID,
  Matches,
  Max,
  MaxLength,
  Min,
  ValidateNested,
} from 'class-validator';
import { PageQueryDto } from '../../common/dto/page-query.dto.js';
import { PAYMENT_STATUSES } from '../../database/schema/payments.js';
import type { PaymentStatus } from '../../database/schema/payments.js';
import { COUNTER_PAYMENT_METHODS, RENTAL_SOURCES, RENTAL_STATUSES, rentalReturned } from '../../database/schema/rentals.js';
import type { CounterPaymentMethod, QuoteLineRow, RentalSource, RentalStatus } from '../../database/schema/rentals.js';
import { toMajor } from '../../common/money.js';
import { RequiredText, Trim } from '../../common/validators.js';
import { GiftCardCodeField } from '../payments/gift-cards/gift-cards.dto.js';
import { PaymentSummaryDto } from '../payments/payments.dto.js';
import { MAX_RETURN_URL_LENGTH } from '../payments/return-url.js';
import type { RentalView } from './rentals.repository.js';

export const MAX_RENTAL_QUANTITY = 10;
const DATE_TIME = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}/;
const PAY_WITH_GIFT_CARD =
  'Pay with this gift card (issue 25): it covers what its balance allows, the gateway charges the rest; a payment it covers wholly completes at once (payment_url is then the result page). 400 naming giftCardCode when it cannot pay';

/** The optional `returnUrl` of a checkout (POST rentals, POST rentals/fullpayment): one definition for both. */
const ReturnUrlField = (): PropertyDecorator =>
  applyDecorators(
    ApiPropertyOptional({
      format: 'uri',
      maxLength: MAX_RETURN_URL_LENGTH,
      example: 'https://client.example/payment-done',
      description:
        'Where the gateway sends the payer when the payment ends (also accepted as the query parameter returnUrl): ' +
        "<returnUrl>?payment=<payment _id>&status=<succeeded|failed|cancelled|expired|pending>. Its origin must be the shop's own " +
        'or one of RETURN_ORIGINS (empty: CORS_ORIGINS), else 400 naming returnUrl. Without it: the shop\'s /payment/result page.',
    }),
    IsOptional(),
    IsString({ message: 'returnUrl must be an absolute http(s) URL' }),
    MaxLength(MAX_RETURN_URL_LENGTH),
  );

/** One add-on of a booking. */
export class AddonSelectionDto {
  @ApiProperty({ format: 'uuid', example: '0b9f7c1e-2a3d-4e5f-8a9b-0c1d2e3f4a5b' })
  @IsUUID('all', { message: 'addons: addonId must be an add-on id' })
  addonId: string;

  @ApiProperty({ minimum: 1, maximum: 20, example: 2 })
  @IsInt({ message: 'addons: quantity must be a whole number' })
  @Min(1, { message: 'addons: quantity must be at least 1' })
  @Max(20, { message: 'addons: quantity must be at most 20' })
  quantity: number;
}

const COUPON_DOC =
  'Discount code(s): one code, or stackable codes separated by commas. Unknown, not yet valid, expired, used-up or inapplicable codes are a ' +
  '400 naming coupon (code COUPON_UNKNOWN, COUPON_NOT_YET_VALID, COUPON_EXPIRED, COUPON_EXHAUSTED, COUPON_NOT_APPLICABLE, COUPON_NOT_STACKABLE); ' +
  'after COUPON_GUESS_LIMIT unknown codes per customer or address a 429 COUPON_RATE_LIMIT.';

/** POST rentals. Price, cost, status and owner are the server's: sending them is a 400. */
export class CreateRentalDto {
  @ApiProperty({ format: 'uuid', example: '7d3c2a9e-51f4-4c8e-9f0a-1b2c3d4e5f60' })
  @IsUUID('all', { message: 'bikeId must be a valid id' })
  bikeId: string;

  @ApiProperty({
    format: 'date-time',
    example: '2026-06-01T09:00:00.000Z',
    description:
      'ISO 8601 date-time; without an offset (an HTML datetime-local value) it is read in the shop\'s time zone SHOP_TIME_ZONE (default UTC). Not in the past (5 minutes of clock skew allowed) and at most one year ahead.',
  })
  @IsString({ message: 'startTime must be an ISO 8601 date-time' })
  @Matches(DATE_TIME, { message: 'startTime must be an ISO 8601 date-time' })
  @IsISO8601({ strict: true }, { message: 'startTime must be an ISO 8601 date-time' })
  startTime: string;

  @ApiProperty({ minimum: 1, maximum: MAX_RENTAL_QUANTITY, example: 1, description: 'Units to rent; at most the units free for the window' })
  @IsInt({ message: 'quantity must be a whole number' })
  @Min(1, { message: 'quantity must be at least 1' })
  @Max(MAX_RENTAL_QUANTITY, { message: `quantity must be at most ${MAX_RENTAL_QUANTITY}` })
  quantity: number;

  @GiftCardCodeField(PAY_WITH_GIFT_CARD)
  giftCardCode?: string;

  @ReturnUrlField()
  returnUrl?: string;

  @ApiPropertyOptional({
    format: 'date-time',
    example: '2026-06-02T09:00:00.000Z',
    description:
      'Planned return (ISO 8601). With it the booking holds its units for [startTime, endTime) and totalCost is fixed at booking from the quote; ' +
      'without it the booking is open-ended (holds its units until returned, priced by the hour at return).',
  })
  @IsOptional()
  @IsString({ message: 'endTime must be an ISO 8601 date-time' })
  @Matches(DATE_TIME, { message: 'endTime must be an ISO 8601 date-time' })
  @IsISO8601({ strict: true }, { message: 'endTime must be an ISO 8601 date-time' })
  endTime?: string;

  @ApiPropertyOptional({
    example: 30,
    description:
      'The total the customer was shown (the quote\'s total, major units of the bike\'s currency), for a booking with endTime. When the ' +
      'price fixed now differs (the bike\'s price changed since the quote) nothing is booked: 409 PRICE_CHANGED with the new quote in data. ' +
      'Without it the current price is fixed as before.',
  })
  @IsOptional()
  @IsNumber({ allowNaN: false, allowInfinity: false, maxDecimalPlaces: 3 }, { message: 'expectedTotal must be an amount with at most 3 decimals (the currency\'s own)' })
  @Min(0, { message: 'expectedTotal must not be negative' })
  expectedTotal?: number;

  @ApiPropertyOptional({
    type: [AddonSelectionDto],
    description:
      'Add-ons (GET bikes/{id}/addons) taken for the window with the bikes (needs endTime). Each is its own quote line; their stock is held ' +
      'for [startTime, endTime) like units: 409 ADDON_OUT_OF_STOCK when too few are free. expectedTotal includes them.',
  })
  @IsOptional()
  @IsArray({ message: 'addons must be a list of {addonId, quantity}' })
  @ArrayMaxSize(20, { message: 'addons may list at most 20 add-ons' })
  @ValidateNested({ each: true })
  @Type(() => AddonSelectionDto)
  addons?: AddonSelectionDto[];

  @ApiPropertyOptional({ example: 'SPRING10', maxLength: 130, description: COUPON_DOC + ' Needs endTime. expectedTotal includes the discount.' })
  @IsOptional()
  @IsString({ message: 'coupon must be a code' })
  @MaxLength(130, { message: 'coupon must be at most 130 characters' })
  coupon?: string;
}

/** POST rentals/{id}/reschedule: the new window. */
export class RescheduleRentalDto {
  @ApiProperty({ format: 'date-time', example: '2026-06-03T09:00:00.000Z' })
  @IsString({ message: 'startTime must be an ISO 8601 date-time' })
  @Matches(DATE_TIME, { message: 'startTime must be an ISO 8601 date-time' })
  @IsISO8601({ strict: true }, { message: 'startTime must be an ISO 8601 date-time' })
  startTime: string;

  @ApiPropertyOptional({ format: 'date-time', example: '2026-06-04T09:00:00.000Z', description: 'Absent: open-ended' })
  @IsOptional()
  @IsString({ message: 'endTime must be an ISO 8601 date-time' })
  @Matches(DATE_TIME, { message: 'endTime must be an ISO 8601 date-time' })
  @IsISO8601({ strict: true }, { message: 'endTime must be an ISO 8601 date-time' })
  endTime?: string;
}

/** POST rentals/counter (admin): a booking for a customer in the shop, paid at the counter, no online booking fee. */
export class CounterSaleDto extends CreateRentalDto {
  @ApiProperty({ example: 'rahim@example.com', description: 'The customer (an existing account)' })
  @Trim()
  @IsEmail({}, { message: 'customerEmail must be an email address' })
  @MaxLength(254)
  customerEmail: string;

  @ApiProperty({ enum: COUNTER_PAYMENT_METHODS, example: 'cash' })
  @IsIn(COUNTER_PAYMENT_METHODS, { message: `paymentMethod must be one of ${COUNTER_PAYMENT_METHODS.join(', ')}` })
  paymentMethod: CounterPaymentMethod;

  @ApiProperty({ example: true, description: 'The quote (endTime set) was paid at the counter now' })
  @IsBoolean({ message: 'paid must be true or false' })
  paid: boolean;

  @ApiPropertyOptional({
    enum: COUNTER_PAYMENT_METHODS,
    example: 'card_terminal',
    description: "How the bike's security deposit was taken at the counter (default paymentMethod); recorded as held",
  })
  @IsOptional()
  @IsIn(COUNTER_PAYMENT_METHODS, { message: `depositMethod must be one of ${COUNTER_PAYMENT_METHODS.join(', ')}` })
  depositMethod?: CounterPaymentMethod;
}

/** GET bikes/{id}/quote. */
export class QuoteQueryDto {
  @ApiProperty({ format: 'date-time', example: '2026-06-01T09:00:00.000Z' })
  @IsString({ message: 'startTime must be an ISO 8601 date-time' })
  @Matches(DATE_TIME, { message: 'startTime must be an ISO 8601 date-time' })
  @IsISO8601({ strict: true }, { message: 'startTime must be an ISO 8601 date-time' })
  startTime: string;

  @ApiProperty({ format: 'date-time', example: '2026-06-02T11:00:00.000Z' })
  @IsString({ message: 'endTime must be an ISO 8601 date-time' })
  @Matches(DATE_TIME, { message: 'endTime must be an ISO 8601 date-time' })
  @IsISO8601({ strict: true }, { message: 'endTime must be an ISO 8601 date-time' })
  endTime: string;

  @ApiPropertyOptional({ minimum: 1, maximum: MAX_RENTAL_QUANTITY, default: 1 })
  @IsOptional()
  @Type(() => Number)
  @IsInt({ message: 'quantity must be a whole number' })
  @Min(1, { message: 'quantity must be at least 1' })
  @Max(MAX_RENTAL_QUANTITY, { message: `quantity must be at most ${MAX_RENTAL_QUANTITY}` })
  quantity: number = 1;

  @ApiPropertyOptional({
    format: 'uuid',
    description:
      "Reschedule: the caller's own rental of this bike whose window is being moved. Its own units count as free (the change may keep them). " +
      'Requires the signed-in owner: 401 without a session, 404 for a rental that is not the caller\'s or not of this bike.',
  })
  @IsOptional()
  @IsUUID('all', { message: 'rentalId must be a rental _id' })
  rentalId?: string;

  @ApiPropertyOptional({
    example: '0b9f7c1e-2a3d-4e5f-8a9b-0c1d2e3f4a5b:2',
    description: 'Add-ons as <add-on id>:<quantity>,... : each becomes its own line and is answered in `addons` with what is free for the window',
  })
  @IsOptional()
  @IsString({ message: 'addons must be a list of <add-on id>:<quantity>' })
  @MaxLength(1000, { message: 'addons must be at most 1000 characters' })
  addons?: string;

  @ApiPropertyOptional({ example: 'SPRING10', maxLength: 130, description: COUPON_DOC + ' The discount is a line with a negative amount.' })
  @IsOptional()
  @IsString({ message: 'coupon must be a code' })
  @MaxLength(130, { message: 'coupon must be at most 130 characters' })
  coupon?: string;
}

export class QuoteLineDto {
  @ApiProperty({ example: '1 day' }) label: string;
  @ApiProperty({ example: 1, description: 'Count of this unit of time times the bikes' }) quantity: number;
  @ApiProperty({ example: 50, description: 'Major units' }) unitAmount: number;
  @ApiProperty({ example: 50, description: 'quantity x unitAmount (major units)' }) amount: number;
  @ApiPropertyOptional({ enum: ['addon', 'discount'], description: "Absent for the bike's time; addon: an add-on; discount: a code's discount (negative amount)" })
  kind?: 'addon' | 'discount';
  @ApiPropertyOptional({ format: 'uuid', description: "The add-on's or the coupon's _id (with kind)" })
  ref?: string;
}

export class QuoteAddonDto {
  @ApiProperty({ format: 'uuid' }) addonId: string;
  @ApiProperty({ example: 'Helmet' }) name: string;
  @ApiProperty({ example: 2 }) quantity: number;
  @ApiProperty({ example: 3, nullable: true, type: Number, description: 'Pieces free for the whole window; null: no stock limit' }) available: number | null;
  @ApiProperty({ example: 4, description: 'One piece for this window (major units)' }) unitPrice: number;
  @ApiProperty({ example: 8, description: 'quantity x unitPrice' }) amount: number;
  @ApiProperty({ example: 20, description: 'Deposit of these pieces (major units), part of deposit.amount' }) deposit: number;
}

export class QuoteCouponDto {
  @ApiProperty({ format: 'uuid' }) couponId: string;
  @ApiProperty({ example: 'SPRING10' }) code: string;
  @ApiProperty({ example: 7, description: 'Discount (major units)' }) discount: number;
}

export class RentalQuoteDto {
  @ApiProperty({ example: 70, description: 'Major units' }) total: number;
  @ApiProperty({ example: 'USD' }) currency: string;
  @ApiProperty({ type: [QuoteLineDto] }) lines: QuoteLineDto[];
}

export class QuoteTermsDto {
  @ApiProperty({ example: 10, description: 'Late fee per started hour and unit after the grace (major units of currency)' }) lateFeePerHour: number;
  @ApiProperty({ example: 30 }) lateGraceMinutes: number;
  @ApiProperty({ example: 24, description: 'Cancel at least this many hours before the start to get the booking fee back' }) freeCancellationHours: number;
  @ApiProperty({ example: 100 }) bookingFee: number;
  @ApiProperty({ example: 'BDT' }) bookingFeeCurrency: string;
}

export class QuoteDto extends RentalQuoteDto {
  @ApiProperty({ example: 2, description: 'Units free for the whole window' }) available: number;
  @ApiProperty({ example: '2026-06-01T09:00:00.000Z' }) startTime: string;
  @ApiProperty({ example: '2026-06-02T11:00:00.000Z' }) endTime: string;
  @ApiProperty({ type: QuoteTermsDto }) terms: QuoteTermsDto;
  @ApiProperty({ type: QuoteDepositDto, description: "The security deposit (depositAmount x quantity, plus the add-ons' deposits), held on the card before the start" }) deposit: QuoteDepositDto;
  @ApiPropertyOptional({ type: [QuoteAddonDto], description: 'Only when `addons` was asked: each add-on with what is free for the window' }) addons?: QuoteAddonDto[];
  @ApiPropertyOptional({ type: [QuoteCouponDto], description: 'Only when `coupon` was given: the codes applied' }) coupons?: QuoteCouponDto[];
  @ApiPropertyOptional({ example: 7, description: 'Only when `coupon` was given: the discount in total (major units), already taken off total' }) discount?: number;
}

export const quoteLinesDto = (lines: QuoteLineRow[], currency: string): QuoteLineDto[] =>
  lines.map((l) => ({
    label: l.label,
    quantity: l.quantity,
    unitAmount: toMajor(l.unitAmountMinor, currency),
    amount: toMajor(l.amountMinor, currency),
    ...(l.kind ? { kind: l.kind } : {}),
    ...(l.ref ? { ref: l.ref } : {}),
  }));

/** POST rentals/fullpayment: the client states the amount it expects to pay; it must be the server's. */
export class FullPaymentDto {
  @RequiredText(64, { example: 'TXN-8K2M4Q7W1Z9X', description: "The rental's paymentId (its _id is accepted too)" })
  paymentId: string;

  @ApiProperty({ example: 48, description: "The rental's totalCost in major units; must equal the server's amount to the cent" })
  @IsNumber({ allowNaN: false, allowInfinity: false }, { message: 'totalCost must be a number' })
  @Min(0)
  totalCost: number;

  @GiftCardCodeField(PAY_WITH_GIFT_CARD)
  giftCardCode?: string;

  @ReturnUrlField()
  returnUrl?: string;
}

export class ReturnRentalQueryDto {
  @ApiProperty({ format: 'date-time', example: '2026-06-01T12:10:00.000Z', description: "When the bike came back; after the start time and not in the future. Without an offset it is read in the shop's time zone (SHOP_TIME_ZONE)" })
  @IsString({ message: 'returntime is required' })
  @Matches(DATE_TIME, { message: 'returntime must be an ISO 8601 date-time' })
  @IsISO8601({ strict: true }, { message: 'returntime must be an ISO 8601 date-time' })
  returntime: string;
}

export const RENTAL_STATUS_FILTERS = [...RENTAL_STATUSES, 'all'] as const;

/** Admin rental lists without page/limit answer at most this many rentals (newest first). */
export const RENTAL_LIST_CAP = 1000;

export class ListAllRentalsQueryDto extends PageQueryDto(RENTAL_LIST_CAP) {
  @ApiPropertyOptional({ default: RENTAL_LIST_CAP, minimum: 1, maximum: RENTAL_LIST_CAP, description: `Page size; without it the first ${RENTAL_LIST_CAP}` })
  override limit: number = RENTAL_LIST_CAP;

  @ApiPropertyOptional({
    enum: RENTAL_STATUS_FILTERS,
    description: 'Only rentals in this state; `all` includes cancelled ones. Default: every rental except cancelled ones.',
  })
  @IsOptional()
  @IsIn(RENTAL_STATUS_FILTERS, { message: `status must be one of ${RENTAL_STATUS_FILTERS.join(', ')}` })
  status?: (typeof RENTAL_STATUS_FILTERS)[number];
}

export class RentalPageQueryDto extends PageQueryDto(RENTAL_LIST_CAP) {
  @ApiPropertyOptional({ default: RENTAL_LIST_CAP, minimum: 1, maximum: RENTAL_LIST_CAP, description: `Page size; without it the first ${RENTAL_LIST_CAP}` })
  override limit: number = RENTAL_LIST_CAP;
}

export class RentalUnitDto {
  @ApiProperty({ example: '5a1c2b3d-4e5f-4a6b-8c7d-9e0f1a2b3c4d' }) _id: string;
  @ApiProperty({ example: 'Yamaha-3' }) label: string;
}

export class RentalBikeDto {
  @ApiProperty({ example: '7d3c2a9e-51f4-4c8e-9f0a-1b2c3d4e5f60' }) _id: string;
  @ApiProperty({ example: 'Yamaha R15 V4' }) name: string;
  @ApiProperty({ example: '/images/bikes/r15.jpg' }) imgageurl: string;
  @ApiProperty({ example: 12.5, description: "The bike's current price per hour (major units)" }) pricePerHour: number;
  @ApiProperty({ example: 'Yamaha' }) brand: string;
  @ApiProperty({ example: 'R15' }) model: string;
}

export class RentalUserDto {
  @ApiProperty({ example: '0b6f1d9e-7c1a-4f3e-9a51-2f0c8d1e4b7a' }) _id: string;
  @ApiProperty({ example: 'Rahim Uddin' }) name: string;
  @ApiProperty({ example: 'rahim@example.com' }) email: string;
}

export class BookingFeeDto {
  @ApiProperty({
    example: '5d7c3b1a-2e4f-4a6b-9c8d-0e1f2a3b4c5d',
    description: 'The booking-fee payment: GET payments/{id} gives its hosted page (payment_url) while it is pending',
  })
  _id: string;
  @ApiProperty({ example: 100, description: 'Major units' }) amount: number;
  @ApiProperty({ example: 'BDT' }) currency: string;
  @ApiProperty({ enum: PAYMENT_STATUSES, example: 'succeeded' }) status: PaymentStatus;
}

/**
 * A rental as the spec's client reads it. Life: pending_fee (booking fee unpaid, stock held until holdExpiresAt)
 * -> booked -> returned (totalCost known) -> paid; pending_fee -> cancelled (fee failed, cancelled or expired).
 */
export class RentalDto {
  @ApiProperty({ example: '0c5b7a8e-1d2f-4e3a-8b9c-0d1e2f3a4b5c' }) _id: string;
  @ApiProperty({ type: RentalBikeDto }) bikeId: RentalBikeDto;
  @ApiProperty({ type: RentalUserDto }) userId: RentalUserDto;
  @ApiProperty({ example: '2026-06-01T09:00:00.000Z' }) startTime: string;
  @ApiProperty({ type: String, nullable: true, example: null }) returnTime: string | null;
  @ApiProperty({ example: false }) isReturned: boolean;
  @ApiProperty({ example: 2 }) quantity: number;
  @ApiProperty({ example: 12.5, description: 'Price per hour at booking time (major units); totalCost uses it' }) pricePerHour: number;
  @ApiProperty({ example: 'USD', description: 'Currency of pricePerHour, totalCost and totalPaid' }) currency: string;
  @ApiProperty({ example: 0, description: 'ceil(hours) x pricePerHour x quantity once returned, else 0 (major units)' }) totalCost: number;
  @ApiProperty({ type: Number, nullable: true, example: null, description: 'Amount paid for the rental (major units); null while unpaid' })
  totalPaid: number | null;
  @ApiProperty({ example: 'TXN-8K2M4Q7W1Z9X', description: 'Checkout reference: GET rentals/trans/{paymentId}, POST rentals/fullpayment' })
  paymentId: string;
  @ApiProperty({ example: false, description: 'A review exists for this rental' }) reviewAdded: boolean;
  @ApiProperty({ enum: RENTAL_STATUSES, example: 'booked' }) status: RentalStatus;
  @ApiProperty({ type: BookingFeeDto, nullable: true }) bookingFee: BookingFeeDto | null;
  @ApiProperty({ type: String, nullable: true, example: '2026-05-31T10:15:00.000Z', description: 'While pending_fee: when the unpaid hold ends' })
  holdExpiresAt: string | null;
  @ApiProperty({ example: '2026-05-31T10:00:00.000Z' }) createdAt: string;
  @ApiProperty({ type: String, nullable: true, example: '2026-06-02T09:00:00.000Z', description: 'Planned return; null = open-ended' })
  endTime: string | null;
  @ApiProperty({ type: RentalQuoteDto, nullable: true, description: 'The quote fixed at booking (fixed windows only)' }) quote: RentalQuoteDto | null;
  @ApiProperty({ example: 0, description: 'Late fee added at the return (major units), part of totalCost' }) lateFee: number;
  @ApiProperty({ type: [RentalUnitDto], description: 'The units assigned to the rental' }) units: RentalUnitDto[];
  @ApiProperty({ type: String, nullable: true, example: '2026-06-02T09:00:00.000Z', description: 'When the bikes are due back (endTime)' }) dueAt: string | null;
  @ApiProperty({ example: false, description: 'Not returned and now is past endTime plus the grace' }) overdue: boolean;
  @ApiProperty({ example: true, description: 'The customer can still cancel (or reschedule) it: not started, not returned or cancelled' }) canCancel: boolean;
  @ApiProperty({ type: String, nullable: true, example: '2026-05-31T09:00:00.000Z', description: 'Until then a cancellation refunds the booking fee (fixed when the fee is paid; a reschedule only moves it earlier). A cancelled booking whose fee was paid shows the deadline that applied; null otherwise once closed' })
  freeCancellationUntil: string | null;
  @ApiProperty({ example: 70, description: 'What the customer still owes for the rental (major units)' }) amountDue: number;
  @ApiProperty({ enum: RENTAL_SOURCES, example: 'online' }) source: RentalSource;
  @ApiProperty({ type: String, nullable: true, enum: [...COUNTER_PAYMENT_METHODS, null], example: null, description: 'Counter sales: how it was paid' })
  paymentMethod: CounterPaymentMethod | null;
  @ApiProperty({ type: DepositDto, description: 'The security deposit (status none when the bike asks none)' }) deposit: DepositDto;
  @ApiPropertyOptional({ type: [QuoteLineDto], description: "Only for a rental with add-ons: its add-on lines (as in quote.lines)" }) addons?: QuoteLineDto[];
  @ApiPropertyOptional({ example: 7, description: 'Only for a rental with a discount code: the discount taken off totalCost (major units)' }) discount?: number;
}

/** What the DTO needs beyond the row: now and the rental rules. */
export interface RentalPolicy {
  now: Date;
  lateGraceMinutes: number;
  freeCancellationHours: number;
}

export const amountDueMinor = (r: { status: RentalStatus; totalCostCents: number; totalPaidCents: number | null; endTime: Date | null }): number => {
  if (r.status === 'cancelled' || r.status === 'pending_fee') return 0;
  if (r.status === 'booked' && r.endTime === null) return 0;
  return Math.max(0, r.totalCostCents - (r.totalPaidCents ?? 0));
};

export function toRentalDto(v: RentalView, policy: RentalPolicy): RentalDto {
  const r = v.rental;
  const now = policy.now.getTime();
  const open = r.status === 'pending_fee' || r.status === 'booked';
  const overdue = r.status === 'booked' && r.endTime !== null && now > r.endTime.getTime() + policy.lateGraceMinutes * 60_000;
  // A paid fee's deadline was fixed at payment (a reschedule only moves it earlier): the earlier of the two.
  const fromStart = r.startTime.getTime() - policy.freeCancellationHours * 3_600_000;
  // A booking cancelled after its fee was paid keeps the deadline that applied (the cancellation email reads it).
  const deadline = new Date(r.freeCancelUntil ? Math.min(r.freeCancelUntil.getTime(), fromStart) : fromStart);
  const freeUntil = open || (r.status === 'cancelled' && r.freeCancelUntil) ? deadline : null;
  const quoteTotal = r.quoteLines ? r.quoteLines.reduce((sum, l) => sum + l.amountMinor, 0) : 0;
  return {
    _id: r.id,
    bikeId: {
      _id: v.bike.id,
      name: v.bike.name,
      imgageurl: v.bike.imageUrl,
      pricePerHour: toMajor(v.bike.pricePerHourCents, r.currency),
      brand: v.bike.brand,
      model: v.bike.model,
    },
    userId: { _id: v.user.id, name: v.user.name, email: v.user.email },
    startTime: r.startTime.toISOString(),
    returnTime: r.returnTime?.toISOString() ?? null,
    isReturned: rentalReturned(r.status),
    quantity: r.quantity,
    pricePerHour: toMajor(r.pricePerHourCents, r.currency),
    currency: r.currency,
    totalCost: toMajor(r.totalCostCents, r.currency),
    totalPaid: r.totalPaidCents === null ? null : toMajor(r.totalPaidCents, r.currency),
    paymentId: r.paymentRef,
    reviewAdded: v.reviewAdded,
    status: r.status,
    bookingFee: v.fee ? { _id: v.fee.id, amount: toMajor(v.fee.amountMinor, v.fee.currency), currency: v.fee.currency, status: v.fee.status } : null,
    holdExpiresAt: r.holdExpiresAt?.toISOString() ?? null,
    createdAt: r.createdAt.toISOString(),
    endTime: r.endTime?.toISOString() ?? null,
    quote: r.quoteLines ? { total: toMajor(quoteTotal, r.currency), currency: r.currency, lines: quoteLinesDto(r.quoteLines, r.currency) } : null,
    lateFee: toMajor(r.lateFeeCents, r.currency),
    units: v.units.map((u) => ({ _id: u.id, label: u.label })),
    dueAt: r.endTime?.toISOString() ?? null,
    overdue,
    canCancel: open && now < r.startTime.getTime(),
    freeCancellationUntil: freeUntil?.toISOString() ?? null,
    amountDue: toMajor(amountDueMinor(r), r.currency),
    source: r.source,
    paymentMethod: r.paymentMethod ?? null,
    deposit: toDepositDto(v.deposit, r.currency),
    ...extrasOf(r.quoteLines, r.currency),
  };
}

/** A rental's add-on lines and discount, only when it has them (a rental without keeps the original shape). */
function extrasOf(lines: QuoteLineRow[] | null, currency: string): { addons?: QuoteLineDto[]; discount?: number } {
  if (!lines) return {};
  const addons = lines.filter((l) => l.kind === 'addon');
  const discounts = lines.filter((l) => l.kind === 'discount');
  return {
    ...(addons.length ? { addons: quoteLinesDto(addons, currency) } : {}),
    ...(discounts.length ? { discount: toMajor(-discounts.reduce((s, l) => s + l.amountMinor, 0), currency) } : {}),
  };
}

export class CreateRentalResultDto {
  @ApiProperty({ type: RentalDto }) rental: RentalDto;
  @ApiProperty({ example: 'https://shop.example/api/payments/sandbox/checkout/sbx_0123456789abcdef0123456789abcdef', description: 'Send the browser here' })
  payment_url: string;
  @ApiProperty({ type: PaymentSummaryDto, description: 'The booking-fee payment' }) payment: PaymentSummaryDto;
}

export class PaymentUrlDto {
  @ApiProperty({ example: 'https://checkout.stripe.com/c/pay/cs_test_a1b2c3', description: 'Send the browser here' }) payment_url: string;
  @ApiProperty({ type: PaymentSummaryDto, description: 'The rental payment' }) payment: PaymentSummaryDto;
}

/** GET rentals/rentalpayment: a returned rental with its money. */
export class RentalPaymentReportDto extends RentalDto {
  @ApiProperty({ type: [PaymentSummaryDto], description: 'Every payment of the rental (booking fee and rental payments), oldest first' })
  payments: PaymentSummaryDto[];
}

/** Issue 20 item 19: what confirming a return would charge, shown before staff confirm it. */
export class ReturnPreviewDto {
  @ApiProperty({ example: '2026-06-02T13:10:00.000Z' }) returnTime: string;
  @ApiProperty({ example: 90, description: 'The rental\'s total at this return (major units), the late fee included' }) totalCost: number;
  @ApiProperty({ example: 20, description: 'Late fee within totalCost: LATE_FEE_PER_HOUR x started hours after endTime + LATE_GRACE_MINUTES x quantity' }) lateFee: number;
  @ApiProperty({ example: 2, description: 'Started hours charged as late (0 when on time or open-ended)' }) lateHours: number;
  @ApiProperty({ example: 70, description: 'Paid for the rental so far (major units)' }) totalPaid: number;
  @ApiProperty({ example: 20, description: 'What would be due after the return' }) due: number;
  @ApiProperty({ example: 'USD' }) currency: string;
}

/** POST rentals/{id}/booking-fee: optionally a gift card (issue 25). */
export class PayBookingFeeDto {
  @GiftCardCodeField(PAY_WITH_GIFT_CARD)
  giftCardCode?: string;
}
