import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { Type } from 'class-transformer';
import { ArrayMaxSize, IsArray, IsBoolean, IsIn, IsOptional, IsString, Matches, ValidateNested } from 'class-validator';
import { HH_MM, ISO_DATE, WEEKDAYS } from '../../common/opening-hours.js';
import type { Weekday } from '../../common/opening-hours.js';

export class DayHoursDto {
  @ApiProperty({ enum: WEEKDAYS, example: 'monday' }) day: Weekday;
  @ApiProperty({ type: String, nullable: true, example: '09:00', description: 'Opening time HH:MM in the shop\'s zone; null = closed all day' }) open: string | null;
  @ApiProperty({ type: String, nullable: true, example: '18:00', description: 'Closing time HH:MM (a return at this minute is still accepted); null = closed' }) close: string | null;
}

export class OpeningHoursDto {
  @ApiProperty({ example: 'Europe/Berlin', description: "The shop's time zone (SHOP_TIME_ZONE): hours and dates are read in it" }) timeZone: string;
  @ApiProperty({
    type: [DayHoursDto],
    nullable: true,
    description: 'Monday to Sunday; null = no hours set: every time is open for pick-up and return',
  })
  openingHours: DayHoursDto[] | null;
  @ApiProperty({ type: [String], example: ['2026-12-25'], description: 'Dates (YYYY-MM-DD) the shop is closed all day' }) closedDates: string[];
}

export class DayHoursInputDto {
  @ApiProperty({ enum: WEEKDAYS })
  @IsIn([...WEEKDAYS], { message: `day must be one of ${WEEKDAYS.join(', ')}` })
  day: Weekday;

  @ApiPropertyOptional({ default: false, description: 'true: closed all day (open and close are then left out)' })
  @IsOptional()
  @IsBoolean({ message: 'closed must be true or false' })
  closed?: boolean;

  @ApiPropertyOptional({ example: '09:00' })
  @IsOptional()
  @IsString({ message: 'open must be a time HH:MM' })
  @Matches(HH_MM, { message: 'open must be a time HH:MM' })
  open?: string;

  @ApiPropertyOptional({ example: '18:00' })
  @IsOptional()
  @IsString({ message: 'close must be a time HH:MM' })
  @Matches(HH_MM, { message: 'close must be a time HH:MM' })
  close?: string;
}

export class UpdateOpeningHoursDto {
  @ApiPropertyOptional({
    type: [DayHoursInputDto],
    nullable: true,
    description: 'All seven weekdays, each once; null or left out = no hours (every time open)',
  })
  @IsOptional()
  @IsArray({ message: 'openingHours must be a list of the seven weekdays' })
  @ArrayMaxSize(7, { message: 'openingHours must list each weekday once' })
  @ValidateNested({ each: true })
  @Type(() => DayHoursInputDto)
  openingHours?: DayHoursInputDto[] | null;

  @ApiPropertyOptional({ type: [String], example: ['2026-12-25'] })
  @IsOptional()
  @IsArray({ message: 'closedDates must be a list of dates YYYY-MM-DD' })
  @ArrayMaxSize(366, { message: 'closedDates may hold at most 366 dates' })
  @IsString({ each: true, message: 'closedDates must be a list of dates YYYY-MM-DD' })
  @Matches(ISO_DATE, { each: true, message: 'closedDates must be a list of dates YYYY-MM-DD' })
  closedDates?: string[];
}

export class CalendarFeedsDto {
  @ApiProperty({ example: 'https://shop.example/api/feeds/3f…/shop.ics', description: 'Every pick-up and return of the shop' }) shop: string;
  @ApiProperty({ example: 'https://shop.example/api/feeds/3f…/bikes/{bikeId}.ics', description: "One bike's bookings: put the bike's id in place of {bikeId}" }) bike: string;
  @ApiProperty({ example: 'https://shop.example/api/feeds/3f…/units/{unitId}.ics', description: "One unit's bookings: put the unit's id in place of {unitId}" }) unit: string;
}
