import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { IsIn, IsOptional } from 'class-validator';
import { SANDBOX_CARD_IDS } from './sandbox-deposits.js';
import { PAYMENT_KINDS, PAYMENT_STATUSES } from '../../database/schema/payments.js';
import type { PaymentKind, PaymentRow, PaymentStatus } from '../../database/schema/payments.js';
import { RENTAL_STATUSES, rentalReturned } from '../../database/schema/rentals.js';
import type { RentalStatus } from '../../database/schema/rentals.js';
import { toMajor } from '../../common/money.js';
import type { PaymentView } from './payments.repository.js';

/** One payment line (booking fee or rental) as receipts and the admin report show it. */
export class PaymentSummaryDto {
  @ApiProperty({ example: '3f0e1c52-0a4b-4d2e-9f3a-6b7c8d9e0f11' }) _id: string;
  @ApiProperty({
    enum: PAYMENT_KINDS,
    example: 'rental',
    description: 'booking_fee (paid when booking), rental (the rental cost) or late_fee (a late fee still due after the return)',
  })
  kind: PaymentKind;
  @ApiProperty({ example: 48, description: 'Major units of currency' }) amount: number;
  @ApiProperty({ example: 'USD' }) currency: string;
  @ApiProperty({ enum: PAYMENT_STATUSES, example: 'succeeded' }) status: PaymentStatus;
  @ApiProperty({ example: 'sandbox', description: 'The gateway: sandbox or stripe' }) provider: string;
  @ApiProperty({ example: '2026-05-01T10:00:00.000Z' }) createdAt: string;
  @ApiProperty({ type: String, nullable: true, example: '2026-05-01T10:02:00.000Z', description: 'When it became final' })
  completedAt: string | null;
  @ApiProperty({ type: String, nullable: true, example: null, description: 'When the money went back to the payer' })
  refundedAt: string | null;
  @ApiProperty({
    type: String,
    nullable: true,
    example: null,
    description: 'Why an admin must look at it: paid_after_close (paid after its booking lapsed; being refunded) or refund_failed',
  })
  attention: string | null;
}

export function toPaymentSummaryDto(row: PaymentRow): PaymentSummaryDto {
  return {
    _id: row.id,
    kind: row.kind,
    amount: toMajor(row.amountMinor, row.currency),
    currency: row.currency,
    status: row.status,
    provider: row.provider,
    createdAt: row.createdAt.toISOString(),
    completedAt: row.completedAt?.toISOString() ?? null,
    refundedAt: row.refundedAt?.toISOString() ?? null,
    attention: row.attention ?? null,
  };
}

export class PaymentBikeRefDto {
  @ApiProperty({ example: '7d3c2a9e-51f4-4c8e-9f0a-1b2c3d4e5f60' }) _id: string;
  @ApiProperty({ example: 'Yamaha R15 V4' }) name: string;
}

export class PaymentRentalDto {
  @ApiProperty({ example: '0c5b7a8e-1d2f-4e3a-8b9c-0d1e2f3a4b5c' }) _id: string;
  @ApiProperty({ example: 'TXN-8K2M4Q7W1Z9X', description: "The rental's paymentId (checkout reference)" }) paymentId: string;
  @ApiProperty({ type: PaymentBikeRefDto }) bikeId: PaymentBikeRefDto;
  @ApiProperty({ example: 'Yamaha R15 V4' }) bikeName: string;
  @ApiProperty({ example: 2 }) quantity: number;
  @ApiProperty({ enum: RENTAL_STATUSES, example: 'booked' }) status: RentalStatus;
  @ApiProperty({ example: false }) isReturned: boolean;
  @ApiProperty({ example: 0, description: 'Total cost in major units once returned, else 0' }) totalCost: number;
}

/** GET payments/{id}: what the shop's payment result page shows. */
export class PaymentDto extends PaymentSummaryDto {
  @ApiProperty({ type: String, nullable: true, format: 'date-time', description: 'A pending payment can be paid until then' })
  expiresAt: string | null;
  @ApiPropertyOptional({ type: String, nullable: true, description: 'Hosted payment page, while the payment is pending' })
  payment_url: string | null;
  @ApiProperty({ type: PaymentRentalDto }) rental: PaymentRentalDto;
}

export function toPaymentDto(view: PaymentView): PaymentDto {
  const { payment, rental, bike } = view;
  return {
    ...toPaymentSummaryDto(payment),
    expiresAt: payment.expiresAt?.toISOString() ?? null,
    payment_url: payment.status === 'pending' ? payment.checkoutUrl : null,
    rental: {
      _id: rental.id,
      paymentId: rental.paymentRef,
      bikeId: { _id: bike.id, name: bike.name },
      bikeName: bike.name,
      quantity: rental.quantity,
      status: rental.status,
      isReturned: rentalReturned(rental.status),
      totalCost: toMajor(rental.totalCostCents, rental.currency),
    },
  };
}

export class PaymentCustomerDto {
  @ApiProperty({ example: '9b1deb4d-3b7d-4bad-9bdd-2b0d7b3dcb6d' }) _id: string;
  @ApiProperty({ example: 'Nadia Rahman' }) name: string;
  @ApiProperty({ example: 'nadia@example.com' }) email: string;
}

/** GET payments/attention: a payment an admin should look at, with its customer and documents. */
export class AttentionPaymentDto extends PaymentDto {
  @ApiProperty({
    type: String,
    nullable: true,
    example: '2026-05-01T10:20:00.000Z',
    description: 'When the gateway reported it paid after its booking had lapsed (refunded automatically); null for other refunds',
  })
  paidAfterCloseAt: string | null;
  @ApiProperty({ type: PaymentCustomerDto }) customer: PaymentCustomerDto;
  @ApiProperty({ type: String, nullable: true, example: '/api/payments/3f0e1c52-0a4b-4d2e-9f3a-6b7c8d9e0f11/receipt', description: 'Its receipt (PDF), once paid' })
  receiptUrl: string | null;
  @ApiProperty({ type: String, nullable: true, example: '/api/rentals/0c5b7a8e-1d2f-4e3a-8b9c-0d1e2f3a4b5c/invoice', description: "The rental's invoice (PDF), when it has one" })
  invoiceUrl: string | null;
}

/**
 * GET payments/{id}/status: the outcome of one payment for anyone holding its unguessable id (the gateway's return
 * address carries it), signed in or not. Only the payment line: no rental, no bike, nothing about the payer.
 */
export class PaymentStatusDto {
  @ApiProperty({ example: '3f0e1c52-0a4b-4d2e-9f3a-6b7c8d9e0f11' }) _id: string;
  @ApiProperty({ enum: PAYMENT_KINDS, example: 'booking_fee' }) kind: PaymentKind;
  @ApiProperty({ enum: PAYMENT_STATUSES, example: 'succeeded' }) status: PaymentStatus;
  @ApiProperty({ example: 100, description: 'Major units of currency' }) amount: number;
  @ApiProperty({ example: 'BDT' }) currency: string;
  @ApiProperty({ example: '2026-05-01T10:00:00.000Z' }) createdAt: string;
  @ApiProperty({ type: String, nullable: true, example: '2026-05-01T10:02:00.000Z', description: 'When it became final' })
  completedAt: string | null;
}

export function toPaymentStatusDto(row: PaymentRow): PaymentStatusDto {
  const { _id, kind, status, amount, currency, createdAt, completedAt } = toPaymentSummaryDto(row);
  return { _id, kind, status, amount, currency, createdAt, completedAt };
}

/** What a webhook answers. */
export class NotificationResultDto {
  @ApiProperty({ type: String, nullable: true, example: '3f0e1c52-0a4b-4d2e-9f3a-6b7c8d9e0f11' }) paymentId: string | null;
  @ApiProperty({ enum: PAYMENT_STATUSES, nullable: true, example: 'succeeded', description: 'The payment status after the notification' })
  status: PaymentStatus | null;
  @ApiProperty({ example: true, description: 'Whether this notification changed the payment' }) changed: boolean;
}

export const SANDBOX_OUTCOMES = ['pay', 'fail', 'cancel'] as const;
export type SandboxOutcome = (typeof SANDBOX_OUTCOMES)[number];

/** The form on the sandbox page (application/x-www-form-urlencoded). */
export class SandboxOutcomeDto {
  @ApiProperty({ enum: SANDBOX_OUTCOMES, example: 'pay' })
  @IsIn(SANDBOX_OUTCOMES, { message: 'outcome must be one of pay, fail, cancel' })
  outcome: SandboxOutcome;

  @ApiPropertyOptional({ enum: SANDBOX_CARD_IDS, example: 'visa', description: "The test card (saved for the rental's security deposit); default visa" })
  @IsOptional()
  @IsIn(SANDBOX_CARD_IDS, { message: `card must be one of ${SANDBOX_CARD_IDS.join(', ')}` })
  card?: string;
}
