import { applyDecorators } from '@nestjs/common';
import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { IsNumber, IsOptional, IsString, Matches, Max, MaxLength, Min, MinLength } from 'class-validator';
import { toMajor } from '../../../common/money.js';
import { EmailField, Trim } from '../../../common/validators.js';
import { GIFT_CARD_STATUSES } from '../../../database/schema/gift-cards.js';
import type { GiftCardRow, GiftCardStatus } from '../../../database/schema/gift-cards.js';
import { PaymentSummaryDto } from '../payments.dto.js';

/** The public Gift cards page's form. */
export class PurchaseGiftCardDto {
  @ApiProperty({ example: 50, description: "Major units of the shop's gift card currency (GIFT_CARD_CURRENCY); one of the presets or typed" })
  @IsNumber({ allowNaN: false, allowInfinity: false, maxDecimalPlaces: 3 }, { message: 'amount must be an amount with at most 3 decimals (the currency\'s own)' })
  @Min(0.001, { message: 'amount must be positive' })
  @Max(1_000_000, { message: 'amount is too large' })
  amount: number;

  @ApiProperty({ example: 'Rahim Uddin', minLength: 1, maxLength: 100 })
  @Trim()
  @IsString({ message: 'recipientName must be a string' })
  @MinLength(1, { message: 'recipientName is required' })
  @MaxLength(100, { message: 'recipientName must be at most 100 characters' })
  recipientName: string;

  @EmailField({ example: 'rahim@example.com' })
  recipientEmail: string;

  @ApiPropertyOptional({ example: 'Happy birthday! Take a ride on me.', maxLength: 500 })
  @IsOptional()
  @Trim()
  @IsString({ message: 'message must be a string' })
  @MaxLength(500, { message: 'message must be at most 500 characters' })
  message?: string;

  @ApiPropertyOptional({
    example: '2026-12-24',
    description: "The day the recipient gets the card by email (YYYY-MM-DD, the shop's time zone, at 09:00; today or up to a year ahead). Default: at once",
  })
  @IsOptional()
  @IsString({ message: 'sendDate must be a date YYYY-MM-DD' })
  @Matches(/^\d{4}-\d{2}-\d{2}$/, { message: 'sendDate must be a date YYYY-MM-DD' })
  sendDate?: string;
}

export class GiftCardOptionsDto {
  @ApiProperty({ example: 'USD' }) currency: string;
  @ApiProperty({ example: [25, 50, 100], type: [Number] }) presets: number[];
  @ApiProperty({ example: 5 }) minAmount: number;
  @ApiProperty({ example: 1000 }) maxAmount: number;
  @ApiProperty({ example: 0, description: 'Months a card is valid after its purchase; 0: it never expires' }) expiryMonths: number;
}

/** A gift card as its purchaser and admins see it (never the code: only its last four characters). */
export class GiftCardDto {
  @ApiProperty({ example: '5b1f0e8a-2c3d-4e5f-8a9b-0c1d2e3f4a5b' }) _id: string;
  @ApiProperty({ example: 'WN4T', description: 'The last four characters of the code' }) last4: string;
  @ApiProperty({ example: 50 }) amount: number;
  @ApiProperty({ example: 35.5, description: 'What is left to spend (0 until its sale is paid)' }) balance: number;
  @ApiProperty({ example: 'USD' }) currency: string;
  @ApiProperty({ enum: GIFT_CARD_STATUSES, example: 'active', description: 'pending until its sale is paid, then active; void when the sale failed' })
  status: GiftCardStatus;
  @ApiProperty({ example: 'Rahim Uddin' }) recipientName: string;
  @ApiProperty({ example: 'rahim@example.com' }) recipientEmail: string;
  @ApiProperty({ example: 'Happy birthday!' }) message: string;
  @ApiProperty({ example: '2026-12-24T09:00:00.000Z', description: 'When the recipient is emailed' }) sendAt: string;
  @ApiProperty({ type: String, nullable: true, example: '2026-12-20T10:00:00.000Z' }) issuedAt: string | null;
  @ApiProperty({ type: String, nullable: true, example: null, description: 'null: never expires' }) expiresAt: string | null;
  @ApiProperty({ example: '2026-12-20T10:00:00.000Z' }) createdAt: string;
  @ApiPropertyOptional({
    type: String,
    nullable: true,
    example: '3f0e1c52-0a4b-4d2e-9f3a-6b7c8d9e0f11',
    description: "The sale's payment (GET gift-cards): the payment result page finds the card it paid for by it",
  })
  paymentId?: string | null;
}

export function toGiftCardDto(row: GiftCardRow, balanceMinor: number): GiftCardDto {
  return {
    _id: row.id,
    last4: row.last4,
    amount: toMajor(row.amountMinor, row.currency),
    balance: toMajor(balanceMinor, row.currency),
    currency: row.currency,
    status: row.status,
    recipientName: row.recipientName,
    recipientEmail: row.recipientEmail,
    message: row.message,
    sendAt: row.sendAt.toISOString(),
    issuedAt: row.issuedAt?.toISOString() ?? null,
    expiresAt: row.expiresAt?.toISOString() ?? null,
    createdAt: row.createdAt.toISOString(),
  };
}

/** What the holder of a code learns: the balance, nothing about who bought it. */
export class GiftCardBalanceDto {
  @ApiProperty({ example: 'WN4T' }) last4: string;
  @ApiProperty({ example: 50 }) amount: number;
  @ApiProperty({ example: 35.5 }) balance: number;
  @ApiProperty({ example: 'USD' }) currency: string;
  @ApiProperty({ type: String, nullable: true, example: null, description: 'null: never expires' }) expiresAt: string | null;
  @ApiProperty({ example: false }) expired: boolean;
}

export class GiftCardPurchaseDto {
  @ApiProperty({ example: 'https://checkout.stripe.com/c/pay/cs_test_...', description: 'The hosted payment page' }) payment_url: string;
  @ApiProperty({ type: PaymentSummaryDto }) payment: PaymentSummaryDto;
  @ApiProperty({ type: GiftCardDto }) giftCard: GiftCardDto;
}

/** The optional `giftCardCode` of a request that pays (a booking, its fee, the rental): one definition for all. */
export const GiftCardCodeField = (
  description = 'Pay with this gift card: it covers what its balance allows, the gateway charges the rest (nothing when it covers all)',
): PropertyDecorator =>
  applyDecorators(
    ApiPropertyOptional({ example: 'GIFT-7K3M-Q9XD-2F8H-WN4T', description }),
    IsOptional(),
    IsString({ message: 'giftCardCode must be a gift card code' }),
    MaxLength(64, { message: 'giftCardCode is not a valid gift card code' }),
  );

/** The optional gift card of a checkout (booking fee, rental payment). */
export class GiftCardCodeDto {
  @GiftCardCodeField()
  giftCardCode?: string;
}
