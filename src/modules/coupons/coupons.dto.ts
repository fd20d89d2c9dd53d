import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import {
  ArrayMaxSize,
  IsArray,
  IsBoolean,
  IsIn,
  IsInt,
  IsISO8601,
  IsNumber,
  IsString,
  IsUUID,
  Matches,
  Max,
  Min,
  ValidateIf,
} from 'class-validator';
import { toMajor } from '../../common/money.js';
import { IsOptionalNotNull } from '../../common/validators.js';
import { COUPON_KINDS } from '../../database/schema/coupons.js';
import type { CouponKind, CouponRow } from '../../database/schema/coupons.js';

export const COUPON_CODE = /^[A-Za-z0-9_-]{3,40}$/;

export class CouponDto {
  @ApiProperty({ example: '3e1f0c2a-6b7d-4e8f-9a0b-1c2d3e4f5a6b' }) _id: string;
  @ApiProperty({ example: 'SPRING10' }) code: string;
  @ApiProperty({ enum: COUPON_KINDS, example: 'percent' }) kind: CouponKind;
  @ApiProperty({ example: 10, nullable: true, type: Number }) percentOff: number | null;
  @ApiProperty({ example: null, nullable: true, type: Number, description: 'Major units of currency' }) amountOff: number | null;
  @ApiProperty({ example: 'USD' }) currency: string;
  @ApiProperty({ example: null, nullable: true, type: String, description: 'kind free_addon: one piece of this add-on free' }) freeAddonId: string | null;
  @ApiProperty({ example: '2026-03-01T00:00:00.000Z', nullable: true, type: String }) validFrom: string | null;
  @ApiProperty({ example: '2026-06-01T00:00:00.000Z', nullable: true, type: String }) validUntil: string | null;
  @ApiProperty({ type: [String], nullable: true, example: null, description: 'null: every bike' }) bikeIds: string[] | null;
  @ApiProperty({ example: 0, description: 'Minimum rental length in hours' }) minHours: number;
  @ApiProperty({ example: 1, description: 'Minimum bikes in the booking' }) minQuantity: number;
  @ApiProperty({ example: 100, nullable: true, type: Number }) maxUses: number | null;
  @ApiProperty({ example: 1, nullable: true, type: Number }) maxUsesPerCustomer: number | null;
  @ApiProperty({ example: false, description: 'May be combined with other stackable codes' }) stackable: boolean;
  @ApiProperty({ example: true }) isActive: boolean;
  @ApiProperty({ example: 12, description: 'Bookings using it (cancelled ones give their use back)' }) uses: number;
}

export class CouponStatsDto extends CouponDto {
  @ApiProperty({ example: 540, description: 'What the bookings using it cost, after discounts (major units)' }) revenue: number;
  @ApiProperty({ example: 60, description: 'Discounts given (major units)' }) discountGiven: number;
}

const iso = (d: Date | null) => (d ? d.toISOString() : null);

export const toCouponDto = (c: CouponRow): CouponDto => ({
  _id: c.id,
  code: c.code,
  kind: c.kind,
  percentOff: c.percentOff,
  amountOff: c.amountOffCents === null ? null : toMajor(c.amountOffCents, c.currency),
  currency: c.currency,
  freeAddonId: c.freeAddonId,
  validFrom: iso(c.validFrom),
  validUntil: iso(c.validUntil),
  bikeIds: c.bikeIds,
  minHours: c.minHours,
  minQuantity: c.minQuantity,
  maxUses: c.maxUses,
  maxUsesPerCustomer: c.maxUsesPerCustomer,
  stackable: c.stackable,
  isActive: c.isActive,
  uses: c.uses,
});

/** PATCH coupons/{id}. */
export class UpdateCouponDto {
  @ApiPropertyOptional({ example: '2026-03-01T00:00:00.000Z', nullable: true, type: String })
  @ValidateIf((_o, v) => v !== undefined && v !== null)
  @IsISO8601({ strict: true }, { message: 'validFrom must be an ISO 8601 date-time' })
  validFrom?: string | null;

  @ApiPropertyOptional({ example: '2026-06-01T00:00:00.000Z', nullable: true, type: String })
  @ValidateIf((_o, v) => v !== undefined && v !== null)
  @IsISO8601({ strict: true }, { message: 'validUntil must be an ISO 8601 date-time' })
  validUntil?: string | null;

  @ApiPropertyOptional({ type: [String], nullable: true, description: 'null or absent: every bike' })
  @ValidateIf((_o, v) => v !== undefined && v !== null)
  @IsArray({ message: 'bikeIds must be a list of bike ids' })
  @ArrayMaxSize(500)
  @IsUUID('all', { each: true, message: 'bikeIds must be a list of bike ids' })
  bikeIds?: string[] | null;

  @ApiPropertyOptional({ example: 0, minimum: 0 })
  @IsOptionalNotNull()
  @IsInt({ message: 'minHours must be a whole number' })
  @Min(0, { message: 'minHours must not be negative' })
  @Max(24 * 366)
  minHours?: number;

  @ApiPropertyOptional({ example: 1, minimum: 1 })
  @IsOptionalNotNull()
  @IsInt({ message: 'minQuantity must be a whole number' })
  @Min(1, { message: 'minQuantity must be at least 1' })
  @Max(10)
  minQuantity?: number;

  @ApiPropertyOptional({ example: 100, nullable: true, type: Number, description: 'null: unlimited' })
  @ValidateIf((_o, v) => v !== undefined && v !== null)
  @IsInt({ message: 'maxUses must be a whole number' })
  @Min(1, { message: 'maxUses must be at least 1' })
  maxUses?: number | null;

  @ApiPropertyOptional({ example: 1, nullable: true, type: Number, description: 'null: unlimited' })
  @ValidateIf((_o, v) => v !== undefined && v !== null)
  @IsInt({ message: 'maxUsesPerCustomer must be a whole number' })
  @Min(1, { message: 'maxUsesPerCustomer must be at least 1' })
  maxUsesPerCustomer?: number | null;

  @ApiPropertyOptional({ example: false })
  @IsOptionalNotNull()
  @IsBoolean({ message: 'stackable must be true or false' })
  stackable?: boolean;

  @ApiPropertyOptional({ example: true, description: 'false: the code is switched off' })
  @IsOptionalNotNull()
  @IsBoolean({ message: 'isActive must be true or false' })
  isActive?: boolean;
}

/** POST coupons. */
export class CreateCouponDto extends UpdateCouponDto {
  @ApiProperty({ example: 'SPRING10', description: '3-40 letters, digits, _ or -; unique, case-insensitive' })
  @IsString({ message: 'code must be 3-40 letters, digits, _ or -' })
  @Matches(COUPON_CODE, { message: 'code must be 3-40 letters, digits, _ or -' })
  code: string;

  @ApiProperty({ enum: COUPON_KINDS, example: 'percent' })
  @IsIn(COUPON_KINDS, { message: `kind must be one of ${COUPON_KINDS.join(', ')}` })
  kind: CouponKind;

  @ApiPropertyOptional({ example: 10, minimum: 1, maximum: 100, description: 'kind percent' })
  @ValidateIf((o: CreateCouponDto) => o.kind === 'percent')
  @IsInt({ message: 'percentOff must be a whole number from 1 to 100' })
  @Min(1, { message: 'percentOff must be a whole number from 1 to 100' })
  @Max(100, { message: 'percentOff must be a whole number from 1 to 100' })
  percentOff?: number;

  @ApiPropertyOptional({ example: 5, description: 'kind fixed: major units of currency' })
  @ValidateIf((o: CreateCouponDto) => o.kind === 'fixed')
  @IsNumber({ allowNaN: false, allowInfinity: false, maxDecimalPlaces: 3 }, { message: 'amountOff must be an amount with at most 3 decimals (the currency\'s own)' })
  @Min(0.001, { message: 'amountOff must be more than 0' })
  @Max(1_000_000)
  amountOff?: number;

  @ApiPropertyOptional({ example: 'USD', description: 'kind fixed: the currency of amountOff (bikes priced in another currency do not take it)' })
  @IsOptionalNotNull()
  @Matches(/^[A-Z]{3}$/, { message: 'currency must be a three-letter code such as USD' })
  currency?: string;

  @ApiPropertyOptional({ format: 'uuid', description: 'kind free_addon: the add-on given free (one piece)' })
  @ValidateIf((o: CreateCouponDto) => o.kind === 'free_addon')
  @IsUUID('all', { message: 'freeAddonId must be an add-on id' })
  freeAddonId?: string;
}
