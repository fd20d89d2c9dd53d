import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { Type } from 'class-transformer';
import {
  ArrayMaxSize,
  IsArray,
  IsBoolean,
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
} from 'class-validator';
import { toMajor } from '../../common/money.js';
import { IsOptionalNotNull, RequiredText, Trim } from '../../common/validators.js';
import { ADDON_FITS } from '../../database/schema/addons.js';
import type { AddonFit, AddonRow } from '../../database/schema/addons.js';

const DATE_TIME = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}/;
export const MAX_ADDON_STOCK = 1000;
export const MAX_ADDON_QUANTITY = 20;

export class AddonDto {
  @ApiProperty({ example: '0b9f7c1e-2a3d-4e5f-8a9b-0c1d2e3f4a5b' }) _id: string;
  @ApiProperty({ example: 'Helmet' }) name: string;
  @ApiProperty({ example: 'Certified open-face helmet, sizes S-XL' }) description: string;
  @ApiProperty({ example: '/uploads/helmet.jpg', description: 'Photo URL; empty when none' }) imageUrl: string;
  @ApiProperty({ example: true, description: 'false: no stock to hold (e.g. insurance), always available' }) tracksStock: boolean;
  @ApiProperty({ example: 12, nullable: true, type: Number, description: 'Pieces in service; null when tracksStock is false' }) stock: number | null;
  @ApiProperty({ example: 2, description: 'Price per rental (major units of currency)' }) pricePerRental: number;
  @ApiProperty({ example: 1, description: 'Price per started day of the window (major units)' }) pricePerDay: number;
  @ApiProperty({ example: 'USD' }) currency: string;
  @ApiProperty({ example: 20, description: 'Security deposit per piece, added to the rental\'s deposit (major units)' }) deposit: number;
  @ApiProperty({ enum: ADDON_FITS, example: 'all', description: 'all bikes, the bikes of fitBrands, or fitBikeIds' }) fits: AddonFit;
  @ApiProperty({ type: [String], example: [] }) fitBrands: string[];
  @ApiProperty({ type: [String], example: [] }) fitBikeIds: string[];
  @ApiProperty({ example: true, description: 'One per bike (a helmet per rider): at most as many as bikes booked' }) perBike: boolean;
  @ApiProperty({ example: true }) isActive: boolean;
}

export const toAddonDto = (a: AddonRow, stock: number | null): AddonDto => ({
  _id: a.id,
  name: a.name,
  description: a.description,
  imageUrl: a.imageUrl,
  tracksStock: a.tracksStock,
  stock: a.tracksStock ? stock : null,
  pricePerRental: toMajor(a.pricePerRentalCents, a.currency),
  pricePerDay: toMajor(a.pricePerDayCents, a.currency),
  currency: a.currency,
  deposit: toMajor(a.depositCents, a.currency),
  fits: a.fits,
  fitBrands: a.fitBrands,
  fitBikeIds: a.fitBikeIds,
  perBike: a.perBike,
  isActive: a.isActive,
});

const Amount = (name: string, example: number, description: string) => (target: object, key: string) => {
  ApiPropertyOptional({ example, minimum: 0, description })(target, key);
  IsOptionalNotNull()(target, key);
  IsNumber({ allowNaN: false, allowInfinity: false, maxDecimalPlaces: 3 }, { message: `${name} must be an amount with at most 3 decimals (the currency's own)` })(target, key);
  Min(0, { message: `${name} must not be negative` })(target, key);
  Max(1_000_000, { message: `${name} must be at most 1000000` })(target, key);
};

/** PATCH addons/{id}: every field optional. */
export class UpdateAddonDto {
  @ApiPropertyOptional({ example: 'Helmet', maxLength: 100 })
  @IsOptionalNotNull()
  @Trim()
  @IsString({ message: 'name must be text' })
  @Matches(/\S/, { message: 'name is required' })
  @MaxLength(100)
  name?: string;

  @ApiPropertyOptional({ example: 'Certified open-face helmet', maxLength: 2000 })
  @IsOptionalNotNull()
  @Trim()
  @IsString()
  @MaxLength(2000)
  description?: string;

  @ApiPropertyOptional({ example: 'https://shop.example/helmet.jpg', maxLength: 2000, description: 'Photo URL (http(s) or a path on this site); empty: none' })
  @IsOptionalNotNull()
  @Trim()
  @IsString()
  @Matches(/^(|https?:\/\/\S+|\/\S*)$/, { message: 'imageUrl must be an http(s) URL or a path' })
  @MaxLength(2000)
  imageUrl?: string;

  @ApiPropertyOptional({ example: true, description: 'false: no stock (insurance-like)' })
  @IsOptionalNotNull()
  @IsBoolean({ message: 'tracksStock must be true or false' })
  tracksStock?: boolean;

  @ApiPropertyOptional({ example: 12, minimum: 0, maximum: MAX_ADDON_STOCK, description: 'Pieces in service (tracksStock). Lowering it retires pieces free from now on (409 NOT_ENOUGH_FREE_PIECES when too few are)' })
  @IsOptionalNotNull()
  @IsInt({ message: 'stock must be a whole number' })
  @Min(0, { message: 'stock must not be negative' })
  @Max(MAX_ADDON_STOCK, { message: `stock must be at most ${MAX_ADDON_STOCK}` })
  stock?: number;

  @Amount('pricePerRental', 2, 'Price per rental (major units)')
  pricePerRental?: number;

  @Amount('pricePerDay', 1, 'Price per started day (major units)')
  pricePerDay?: number;

  @Amount('deposit', 0, 'Security deposit per piece (major units)')
  deposit?: number;

  @ApiPropertyOptional({ example: 'USD', description: 'Three-letter currency; the add-on is offered with bikes of this currency' })
  @IsOptionalNotNull()
  @IsString()
  @Matches(/^[A-Z]{3}$/, { message: 'currency must be a three-letter code such as USD' })
  currency?: string;

  @ApiPropertyOptional({ enum: ADDON_FITS, example: 'all' })
  @IsOptionalNotNull()
  @IsIn(ADDON_FITS, { message: `fits must be one of ${ADDON_FITS.join(', ')}` })
  fits?: AddonFit;

  @ApiPropertyOptional({ type: [String], example: ['Yamaha'], description: 'fits=brands: the brands (categories) it fits' })
  @IsOptionalNotNull()
  @IsArray({ message: 'fitBrands must be a list of brands' })
  @ArrayMaxSize(100)
  @IsString({ each: true, message: 'fitBrands must be a list of brands' })
  @MaxLength(100, { each: true })
  fitBrands?: string[];

  @ApiPropertyOptional({ type: [String], example: [], description: 'fits=bikes: the bike _ids it fits' })
  @IsOptionalNotNull()
  @IsArray({ message: 'fitBikeIds must be a list of bike ids' })
  @ArrayMaxSize(500)
  @IsUUID('all', { each: true, message: 'fitBikeIds must be a list of bike ids' })
  fitBikeIds?: string[];

  @ApiPropertyOptional({ example: true, description: 'One per bike (a helmet per rider)' })
  @IsOptionalNotNull()
  @IsBoolean({ message: 'perBike must be true or false' })
  perBike?: boolean;

  @ApiPropertyOptional({ example: true, description: 'false: no longer offered (bookings keep theirs)' })
  @IsOptionalNotNull()
  @IsBoolean({ message: 'isActive must be true or false' })
  isActive?: boolean;
}

/** POST addons. */
export class CreateAddonDto extends UpdateAddonDto {
  @RequiredText(100, { example: 'Helmet' })
  declare name: string;
}

export class AddonWindowQueryDto {
  @ApiProperty({ format: 'date-time', example: '2026-06-01T09:00:00.000Z' })
  @IsString({ message: 'startTime must be an ISO 8601 date-time' })
  @Matches(DATE_TIME, { message: 'startTime must be an ISO 8601 date-time' })
  @IsISO8601({ strict: true }, { message: 'startTime must be an ISO 8601 date-time' })
  startTime: string;

  @ApiProperty({ format: 'date-time', example: '2026-06-02T09:00:00.000Z' })
  @IsString({ message: 'endTime must be an ISO 8601 date-time' })
  @Matches(DATE_TIME, { message: 'endTime must be an ISO 8601 date-time' })
  @IsISO8601({ strict: true }, { message: 'endTime must be an ISO 8601 date-time' })
  endTime: string;

  @ApiPropertyOptional({ minimum: 1, maximum: 10, default: 1, description: 'Bikes booked (bounds perBike add-ons)' })
  @IsOptional()
  @Type(() => Number)
  @IsInt({ message: 'quantity must be a whole number' })
  @Min(1, { message: 'quantity must be at least 1' })
  @Max(10, { message: 'quantity must be at most 10' })
  quantity: number = 1;

  @ApiPropertyOptional({ format: 'uuid', description: "Reschedule: the caller's own rental, whose pieces count as free" })
  @IsOptional()
  @IsUUID('all', { message: 'rentalId must be a rental _id' })
  rentalId?: string;
}

export class BikeAddonDto extends AddonDto {
  @ApiProperty({ example: 3, nullable: true, type: Number, description: 'Pieces free for the whole window; null: no stock limit' }) available: number | null;
  @ApiProperty({ example: 2, description: 'The most a booking of `quantity` bikes may take now (free pieces, one per bike when perBike, at most 20)' }) maxQuantity: number;
  @ApiProperty({ example: 4, description: 'Price of one piece for this window (major units): pricePerRental + pricePerDay x started days' }) unitPrice: number;
}

export class StockQueryDto {
  @ApiProperty({ example: '2026-06-01', description: "First day (YYYY-MM-DD, the shop's time zone)" })
  @IsString()
  @Matches(/^\d{4}-\d{2}-\d{2}$/, { message: 'from must be a date YYYY-MM-DD' })
  from: string;

  @ApiPropertyOptional({ minimum: 1, maximum: 31, default: 7 })
  @IsOptional()
  @Type(() => Number)
  @IsInt({ message: 'days must be a whole number' })
  @Min(1, { message: 'days must be at least 1' })
  @Max(31, { message: 'days must be at most 31' })
  days: number = 7;
}

export class StockDayDto {
  @ApiProperty({ example: '2026-06-01' }) date: string;
  @ApiProperty({ example: 3, description: 'The most pieces held at once that day' }) held: number;
  @ApiProperty({ example: 9, description: 'Pieces free all day: stock - held' }) free: number;
}

export class AddonStockDto {
  @ApiProperty({ type: AddonDto }) addon: AddonDto;
  @ApiProperty({ type: [StockDayDto] }) days: StockDayDto[];
}
