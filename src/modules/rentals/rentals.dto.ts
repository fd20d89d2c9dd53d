import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { Transform } from 'class-transformer';
import { IsIn, IsInt, IsISO8601, IsNotEmpty, IsNumber, IsOptional, IsString, IsUUID, Matches, Max, MaxLength, Min } from 'class-validator';
import { PAYMENT_STATUSES } from '../../database/schema/payments.js';
import type { PaymentStatus } from '../../database/schema/payments.js';
import { RENTAL_STATUSES, rentalReturned } from '../../database/schema/rentals.js';
import type { RentalStatus } from '../../database/schema/rentals.js';
import { toMajor } from '../payments/money.js';
import { PaymentSummaryDto } from '../payments/payments.dto.js';
import { MAX_RETURN_URL_LENGTH } from '../payments/return-url.js';
import type { RentalView } from './rentals.repository.js';

export const MAX_RENTAL_QUANTITY = 10;
const DATE_TIME = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}/;
const trim = ({ value }: { value: unknown }) => (typeof value === 'string' ? value.trim() : value);

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

  @ApiProperty({ minimum: 1, maximum: MAX_RENTAL_QUANTITY, example: 1, description: 'Units to rent; at most the units in stock' })
  @IsInt({ message: 'quantity must be a whole number' })
  @Min(1, { message: 'quantity must be at least 1' })
  @Max(MAX_RENTAL_QUANTITY, { message: `quantity must be at most ${MAX_RENTAL_QUANTITY}` })
  quantity: number;

  @ApiPropertyOptional({
    format: 'uri',
    maxLength: MAX_RETURN_URL_LENGTH,
    example: 'https://client.example/payment-done',
    description:
      'Where the gateway sends the payer when the payment ends (also accepted as the query parameter returnUrl): ' +
      "<returnUrl>?payment=<payment _id>&status=<succeeded|failed|cancelled|expired|pending>. Its origin must be the shop's own " +
      'or one of RETURN_ORIGINS (empty: CORS_ORIGINS), else 400 naming returnUrl. Without it: the shop\'s /payment/result page.',
  })
  @IsOptional()
  @IsString({ message: 'returnUrl must be an absolute http(s) URL' })
  @MaxLength(MAX_RETURN_URL_LENGTH)
  returnUrl?: string;
}

/** POST rentals/fullpayment: the client states the amount it expects to pay; it must be the server's. */
export class FullPaymentDto {
  @ApiProperty({ example: 'TXN-8K2M4Q7W1Z9X', description: "The rental's paymentId (its _id is accepted too)" })
  @Transform(trim)
  @IsString()
  @IsNotEmpty({ message: 'paymentId is required' })
  @MaxLength(64)
  paymentId: string;

  @ApiProperty({ example: 48, description: "The rental's totalCost in major units; must equal the server's amount to the cent" })
  @IsNumber({ allowNaN: false, allowInfinity: false }, { message: 'totalCost must be a number' })
  @Min(0)
  totalCost: number;

  @ApiPropertyOptional({
    format: 'uri',
    maxLength: MAX_RETURN_URL_LENGTH,
    example: 'https://client.example/payment-done',
    description:
      'Where the gateway sends the payer when the payment ends (also accepted as the query parameter returnUrl): ' +
      "<returnUrl>?payment=<payment _id>&status=<succeeded|failed|cancelled|expired|pending>. Its origin must be the shop's own " +
      'or one of RETURN_ORIGINS (empty: CORS_ORIGINS), else 400 naming returnUrl. Without it: the shop\'s /payment/result page.',
  })
  @IsOptional()
  @IsString({ message: 'returnUrl must be an absolute http(s) URL' })
  @MaxLength(MAX_RETURN_URL_LENGTH)
  returnUrl?: string;
}

export class ReturnRentalQueryDto {
  @ApiProperty({ format: 'date-time', example: '2026-06-01T12:10:00.000Z', description: "When the bike came back; after the start time. Without an offset it is read in the shop's time zone (SHOP_TIME_ZONE)" })
  @IsString({ message: 'returntime is required' })
  @Matches(DATE_TIME, { message: 'returntime must be an ISO 8601 date-time' })
  @IsISO8601({ strict: true }, { message: 'returntime must be an ISO 8601 date-time' })
  returntime: string;
}

export const RENTAL_STATUS_FILTERS = [...RENTAL_STATUSES, 'all'] as const;

export class ListAllRentalsQueryDto {
  @ApiPropertyOptional({
    enum: RENTAL_STATUS_FILTERS,
    description: 'Only rentals in this state; `all` includes cancelled ones. Default: every rental except cancelled ones.',
  })
  @IsOptional()
  @IsIn(RENTAL_STATUS_FILTERS, { message: `status must be one of ${RENTAL_STATUS_FILTERS.join(', ')}` })
  status?: (typeof RENTAL_STATUS_FILTERS)[number];
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
}

export function toRentalDto(v: RentalView): RentalDto {
  const r = v.rental;
  return {
    _id: r.id,
    bikeId: {
      _id: v.bike.id,
      name: v.bike.name,
      imgageurl: v.bike.imageUrl,
      pricePerHour: toMajor(v.bike.pricePerHourCents),
      brand: v.bike.brand,
      model: v.bike.model,
    },
    userId: { _id: v.user.id, name: v.user.name, email: v.user.email },
    startTime: r.startTime.toISOString(),
    returnTime: r.returnTime?.toISOString() ?? null,
    isReturned: rentalReturned(r.status),
    quantity: r.quantity,
    pricePerHour: toMajor(r.pricePerHourCents),
    currency: r.currency,
    totalCost: toMajor(r.totalCostCents),
    totalPaid: r.totalPaidCents === null ? null : toMajor(r.totalPaidCents),
    paymentId: r.paymentRef,
    reviewAdded: v.reviewAdded,
    status: r.status,
    bookingFee: v.fee ? { amount: toMajor(v.fee.amountMinor), currency: v.fee.currency, status: v.fee.status } : null,
    holdExpiresAt: r.holdExpiresAt?.toISOString() ?? null,
    createdAt: r.createdAt.toISOString(),
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
  @ApiProperty({ example: 48, description: 'totalCost - totalPaid (major units)' }) amountDue: number;
  @ApiProperty({ type: [PaymentSummaryDto], description: 'Every payment of the rental (booking fee and rental payments), oldest first' })
  payments: PaymentSummaryDto[];
}
