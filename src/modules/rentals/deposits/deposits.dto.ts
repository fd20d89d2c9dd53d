import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { IsNotEmpty, IsNumber, IsString, MaxLength } from 'class-validator';
import { toMajor } from '../../../common/money.js';
import { DEPOSIT_METHODS, DEPOSIT_STATUSES } from '../../../database/schema/deposits.js';
import type { DepositMethod, DepositRow, DepositStatus } from '../../../database/schema/deposits.js';

/** What a rental's view carries of its deposit (null: the bike had no deposit when booked). */
export type DepositViewRow = Pick<DepositRow, 'amountMinor' | 'currency' | 'status' | 'method' | 'heldMinor' | 'capturedMinor' | 'captureBefore' | 'reason'> & {
  actionUrl: string | null;
};

/** A rental's security deposit (issue 21), major units of its currency. */
export class DepositDto {
  @ApiProperty({ example: 300, description: "bike.depositAmount x quantity, fixed at booking (major units); 0 when the bike asks none" }) amount: number;
  @ApiProperty({ example: 'USD' }) currency: string;
  @ApiProperty({
    enum: DEPOSIT_STATUSES,
    example: 'held',
    description:
      'none (no deposit), pending (the hold is placed DEPOSIT_HOLD_LEAD_HOURS before the start), held, released, captured, partially_captured (the rest released), failed (the card declined the hold), expired (the hold lapsed)',
  })
  status: DepositStatus;
  @ApiProperty({ example: 300, description: 'What the current hold (or fallback charge, or counter deposit) secures (major units)' }) heldAmount: number;
  @ApiProperty({ example: 0, description: 'What the shop kept (major units)' }) capturedAmount: number;
  @ApiProperty({ type: String, nullable: true, example: '2026-06-06T09:00:00.000Z', description: "The hold's last capture moment; renewed before it while the rental is open" })
  captureBefore: string | null;
  @ApiProperty({ type: String, nullable: true, example: null, description: 'Why part or all of it was kept' }) reason: string | null;
  @ApiProperty({ enum: [...DEPOSIT_METHODS, null], nullable: true, example: 'hold', description: 'hold (card authorisation), charge (fallback when a renewal failed, refunded after the return), cash or card_terminal (counter)' })
  method: DepositMethod | null;
  @ApiPropertyOptional({ type: String, nullable: true, example: null, description: 'When the bank asks the customer to confirm the hold: where to confirm it' })
  actionUrl: string | null;
}

export const NO_DEPOSIT = (currency: string): DepositDto => ({
  amount: 0,
  currency,
  status: 'none',
  heldAmount: 0,
  capturedAmount: 0,
  captureBefore: null,
  reason: null,
  method: null,
  actionUrl: null,
});

export function toDepositDto(d: DepositViewRow | null, currency: string): DepositDto {
  if (!d) return NO_DEPOSIT(currency);
  return {
    amount: toMajor(d.amountMinor, d.currency),
    currency: d.currency,
    status: d.status,
    heldAmount: toMajor(d.heldMinor, d.currency),
    capturedAmount: toMajor(d.capturedMinor, d.currency),
    captureBefore: d.status === 'held' ? (d.captureBefore?.toISOString() ?? null) : null,
    reason: d.reason,
    method: d.method,
    actionUrl: d.actionUrl,
  };
}

/** The quote's deposit: depositAmount x quantity. */
export class QuoteDepositDto {
  @ApiProperty({ example: 300, description: 'Held on the card before the start and released after the return (major units); 0 = none' }) amount: number;
  @ApiProperty({ example: 'USD' }) currency: string;
}

export class CaptureDepositDto {
  @ApiProperty({ example: 45, description: 'Major units (numeric strings too), at most the held amount; the rest is released' })
  @IsNumber({ allowNaN: false, allowInfinity: false, maxDecimalPlaces: 3 }, { message: 'amount must be a number with at most 3 decimals (the currency\'s own)' })
  amount: number;

  @ApiProperty({ example: 'Scratched frame', maxLength: 500, description: 'Why this part is kept (told to the customer)' })
  @IsString({ message: 'reason must be a text' })
  @IsNotEmpty({ message: 'reason is required' })
  @MaxLength(500)
  reason: string;
}

/** GET rentals/deposits/attention (admin): a deposit to look at on Payment Attention. */
export class DepositAttentionDto {
  @ApiProperty({ example: '0c5b7a8e-1d2f-4e3a-8b9c-0d1e2f3a4b5c' }) rentalId: string;
  @ApiProperty({ example: 'TXN-8K2M4Q7W1Z9X' }) paymentId: string;
  @ApiProperty({ example: 'Yamaha R15' }) bikeName: string;
  @ApiProperty({ example: 'Rahim' }) customerName: string;
  @ApiProperty({ example: 'rahim@example.com' }) customerEmail: string;
  @ApiProperty({ type: DepositDto }) deposit: DepositDto;
  @ApiProperty({
    example: 'expiring',
    description:
      'expiring (the hold lapses within a day: renewed automatically while the rental is open), fallback_charge (a renewal was declined, the deposit was charged; refund it at the return), reauth_failed, hold_failed, requires_action (the customer must confirm), gateway_error',
  })
  attention: string;
  @ApiProperty({ type: [String], example: ['hold 2026-06-01T09:00:00.000Z', 'hold (re-authorisation) 2026-06-05T08:00:00.000Z'], description: 'The ledger: kind, state and time of every movement' })
  movements: string[];
}
