import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { Transform, Type } from 'class-transformer';
import {
  IsBoolean,
  IsInt,
  IsNumber,
  IsOptional,
  IsString,
  Matches,
  Max,
  MaxLength,
  Min,
} from 'class-validator';
import { EchoableFields } from '../../common/compat-body.js';
import { IsOptionalNotNull, RequiredText, Trim } from '../../common/validators.js';
import { toMajor, toMajorOrNull } from '../../common/money.js';
import type { BikeWithStock } from './bikes.repository.js';

/** Query-string booleans: 'true' / 'false'; an empty value (the web client's default) means false. */
const queryBoolean = ({ value }: { value: unknown }) =>
  value === 'true' ? true : value === 'false' || value === '' ? false : value;

/** A bike as the API shows it. `pricePerHour` is in major units of `currency`. */
export class BikeDto {
  @ApiProperty({ example: '7d3c2a9e-51f4-4c8e-9f0a-1b2c3d4e5f60' }) _id: string;
  @ApiProperty({ example: 'Yamaha R15 V4' }) name: string;
  @ApiProperty({ example: 'Light sport bike, easy in city traffic and quick on the highway.' }) description: string;
  @ApiProperty({ description: 'Image URL (the spelling is part of the public contract)', example: '/images/bikes/r15.jpg' })
  imgageurl: string;
  @ApiProperty({ example: 12.5, description: 'Price per hour in major units of currency' }) pricePerHour: number;
  @ApiProperty({ example: 'USD' }) currency: string;
  @ApiProperty({ example: 155, description: 'Engine displacement in cc (0 for electric bikes)' }) cc: number;
  @ApiProperty({ example: 2024 }) year: number;
  @ApiProperty({ example: 'R15' }) model: string;
  @ApiProperty({ example: 'Yamaha' }) brand: string;
  @ApiProperty({ type: Number, nullable: true, example: 50, description: 'Price for a whole day (major units); null = not offered' })
  pricePerDay: number | null;
  @ApiProperty({ type: Number, nullable: true, example: 200, description: 'Price for a whole week (major units); null = not offered' })
  pricePerWeek: number | null;
  @ApiProperty({ example: 300, description: "Security deposit per unit (major units of currency), held on the customer's card before the start; 0 = none" })
  depositAmount: number;
  @ApiProperty({
    example: 4,
    description: 'Units free now: active units not in maintenance and not held by a booking whose window covers now (derived, never stored)',
  })
  quantity: number;
  @ApiProperty({ example: 5, description: 'Active units in the fleet' }) totalUnits: number;
  @ApiProperty({ example: true, description: "The admin's availability switch" }) isAvailable: boolean;
  @ApiProperty({ example: '2026-05-01T10:00:00.000Z' }) createdAt: string;
  @ApiProperty({ example: '2026-05-01T10:00:00.000Z' }) updatedAt: string;
}

/** GET bikes/{id}: the bike plus its rating summary (schema.org AggregateRating on the bike page). */
export class BikeDetailDto extends BikeDto {
  @ApiProperty({ type: Number, nullable: true, example: 4.5, description: 'Mean rating, 1 decimal; null without reviews' })
  averageRating: number | null;
  @ApiProperty({ example: 12 }) reviewCount: number;
}

export class BikePageDto {
  @ApiProperty({ type: [BikeDto] }) bikes: BikeDto[];
  @ApiProperty({ example: 1 }) currentPage: number;
  @ApiProperty({ example: 4, description: 'At least 1, so a client disables Next on the last page' }) totalPages: number;
  @ApiProperty({ example: 11 }) totalCount: number;
}

export function toBikeDto(row: BikeWithStock): BikeDto {
  return {
    _id: row.id,
    name: row.name,
    description: row.description,
    imgageurl: row.imageUrl,
    pricePerHour: toMajor(row.pricePerHourCents, row.currency),
    pricePerDay: toMajorOrNull(row.pricePerDayCents, row.currency),
    pricePerWeek: toMajorOrNull(row.pricePerWeekCents, row.currency),
    depositAmount: toMajor(row.depositAmountCents, row.currency),
    currency: row.currency,
    cc: row.cc,
    year: row.year,
    model: row.model,
    brand: row.brand,
    quantity: row.quantity,
    totalUnits: row.totalUnits,
    isAvailable: row.isAvailable,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}

export const MAX_PAGE = 100_000;

/** GET bikes: paging, filters and order. */
export class ListBikesQueryDto {
  @ApiPropertyOptional({ default: 1, minimum: 1, maximum: MAX_PAGE })
  @IsOptional()
  @Type(() => Number)
  @IsInt({ message: 'page must be a whole number' })
  @Min(1)
  @Max(MAX_PAGE)
  page: number = 1;

  @ApiPropertyOptional({ default: 10, minimum: 1, maximum: 100 })
  @IsOptional()
  @Type(() => Number)
  @IsInt({ message: 'limit must be a whole number' })
  @Min(1)
  @Max(100)
  limit: number = 10;

  @ApiPropertyOptional({ description: 'Case-insensitive substring of the brand; % and _ are literal', maxLength: 100 })
  @IsOptional()
  @Trim()
  @IsString()
  @MaxLength(100)
  brand?: string;

  @ApiPropertyOptional({ description: 'Case-insensitive substring of the model; % and _ are literal', maxLength: 100 })
  @IsOptional()
  @Trim()
  @IsString()
  @MaxLength(100)
  model?: string;

  @ApiPropertyOptional({
    enum: ['true', 'false', ''],
    description: "'true': newest first over the whole set; '' or 'false': oldest first (the default order)",
  })
  @IsOptional()
  @Transform(queryBoolean)
  @IsBoolean({ message: "recentlyAdded must be 'true', 'false' or empty" })
  recentlyAdded?: boolean;

  @ApiPropertyOptional({
    description: 'Case-insensitive substring of the name, brand or model; empty or blank means no filter',
    maxLength: 100,
  })
  @IsOptional()
  @Trim()
  @IsString()
  @MaxLength(100)
  searchTerm?: string;
}

/** `imgageurl`: an absolute http(s) URL or a path on this site (never javascript:, data: or //host). */
const IMAGE_URL = /^(?:https?:\/\/[^\s/?#]+[^\s]*|\/(?!\/)[^\s]*)$/i;

/** POST bikes. All fields are required (spec section 5), isAvailable defaults to true. */
export class CreateBikeDto {
  @RequiredText(100, { example: 'Yamaha R15 V4' })
  name: string;

  @RequiredText(2000, { example: 'Light sport bike, easy in city traffic and quick on the highway.' })
  description: string;

  @ApiProperty({ example: 12.5, minimum: 0, maximum: 100000, description: 'Major units of the shop currency, with at most its decimals (USD 2, JPY 0, KWD 3)' })
  @IsNumber({ allowNaN: false, allowInfinity: false, maxDecimalPlaces: 3 }, { message: 'pricePerHour must be a number with at most 3 decimals (the shop currency\'s own)' })
  @Min(0)
  @Max(100000)
  pricePerHour: number;

  @ApiProperty({ example: 155, minimum: 0, maximum: 5000 })
  @IsInt({ message: 'cc must be a whole number' })
  @Min(0)
  @Max(5000)
  cc: number;

  @ApiProperty({ example: 2024, minimum: 1900, description: 'Up to next year' })
  @IsInt({ message: 'year must be a whole number' })
  @Min(1900)
  @Max(9999)
  year: number;

  @RequiredText(100, { example: 'R15' })
  model: string;

  @RequiredText(100, { example: 'Yamaha' })
  brand: string;

  @RequiredText(2048, { example: '/images/bikes/r15.jpg', description: 'http(s) URL or a path starting with /' })
  @Matches(IMAGE_URL, { message: 'imgageurl must be an http(s) URL or a path starting with /' })
  imgageurl: string;

  @ApiProperty({
    example: 4,
    minimum: 0,
    maximum: 10000,
    description:
      'POST: creates this many units. PUT: the units free now as loaded; more than the active units (totalUnits) adds units up to it, fewer than the units free now retires free units (409 NOT_ENOUGH_FREE_UNITS), anything in between changes nothing. With loadedQuantity the change is the difference instead (see loadedQuantity).',
  })
  @IsInt({ message: 'quantity must be a whole number' })
  @Min(0)
  @Max(10000)
  quantity: number;

  @ApiPropertyOptional({ example: true, default: true })
  @IsOptionalNotNull()
  @IsBoolean()
  isAvailable?: boolean;

  @ApiPropertyOptional({ type: Number, nullable: true, example: 50, minimum: 0, maximum: 1000000, description: 'Whole-day price (major units); null or absent = not offered' })
  @IsOptional()
  @IsNumber({ allowNaN: false, allowInfinity: false, maxDecimalPlaces: 3 }, { message: 'pricePerDay must be a number with at most 3 decimals (the shop currency\'s own)' })
  @Min(0)
  @Max(1000000)
  pricePerDay?: number | null;

  @ApiPropertyOptional({ type: Number, nullable: true, example: 200, minimum: 0, maximum: 1000000, description: 'Whole-week price (major units); null or absent = not offered' })
  @IsOptional()
  @IsNumber({ allowNaN: false, allowInfinity: false, maxDecimalPlaces: 3 }, { message: 'pricePerWeek must be a number with at most 3 decimals (the shop currency\'s own)' })
  @Min(0)
  @Max(1000000)
  pricePerWeek?: number | null;

  @ApiPropertyOptional({ example: 300, minimum: 0, maximum: 1000000, default: 0, description: "Security deposit per unit (major units), held on the customer's card; 0 = none. PUT: absent keeps it" })
  @IsOptional()
  @IsNumber({ allowNaN: false, allowInfinity: false, maxDecimalPlaces: 3 }, { message: 'depositAmount must be a number with at most 3 decimals (the shop currency\'s own)' })
  @Min(0)
  @Max(1000000)
  depositAmount?: number;
}

/**
 * PUT bikes/{id}: the same fields, all required; isAvailable optional (absent keeps the current value). The bike's
 * read-only fields (`_id`, `currency`, `createdAt`, `updatedAt`, the detail's rating summary) echoed back are ignored.
 */
@EchoableFields('currency', 'averageRating', 'reviewCount', 'totalUnits')
export class UpdateBikeDto extends CreateBikeDto {
  @ApiPropertyOptional({
    example: 3,
    minimum: 0,
    maximum: 10000,
    description:
      'The `quantity` the form loaded (the shop\'s own form sends it). With it the fleet changes by `quantity - loadedQuantity` only: more adds that many units, fewer retires that many units free from now on (409 NOT_ENOUGH_FREE_UNITS when too few are), equal changes nothing, whatever bookings and returns happened since the load. Without it `quantity` is the target of units free now (see `quantity`).',
  })
  @IsOptional()
  @IsInt({ message: 'loadedQuantity must be a whole number' })
  @Min(0)
  @Max(10000)
  loadedQuantity?: number;
}

/** Body fields a client must send on create and update; a missing one gives 'Please fill all the fields'. */
export const REQUIRED_BIKE_FIELDS = [
  'name',
  'description',
  'pricePerHour',
  'cc',
  'year',
  'model',
  'brand',
  'imgageurl',
  'quantity',
] as const satisfies readonly (keyof CreateBikeDto)[];
