import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { Type } from 'class-transformer';
import { IsIn, IsInt, IsISO8601, IsNotEmpty, IsOptional, IsString, Matches, Max, Min, MaxLength } from 'class-validator';
import { EchoableFields } from '../../common/compat-body.js';
import { BikeUnitRow, UNIT_STATUSES } from '../../database/schema/fleet.js';
import type { UnitStatus } from '../../database/schema/fleet.js';
import { IsOptionalNotNull, RequiredText, Trim } from '../../common/validators.js';

const DATE_TIME = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}/;

export class UnitDto {
  @ApiProperty({ example: '5a1c2b3d-4e5f-4a6b-8c7d-9e0f1a2b3c4d' }) _id: string;
  @ApiProperty({ example: '7d3c2a9e-51f4-4c8e-9f0a-1b2c3d4e5f60' }) bikeId: string;
  @ApiProperty({ example: 'Yamaha-3', description: 'Label or frame number, unique within the bike' }) label: string;
  @ApiProperty({ enum: UNIT_STATUSES, example: 'active', description: 'Only active units can be booked' }) status: UnitStatus;
  @ApiProperty({ example: '' }) notes: string;
  @ApiProperty({ example: '2026-05-01T10:00:00.000Z' }) createdAt: string;
}

export const toUnitDto = (u: BikeUnitRow): UnitDto => ({
  _id: u.id,
  bikeId: u.bikeId,
  label: u.label,
  status: u.status,
  notes: u.notes,
  createdAt: u.createdAt.toISOString(),
});

export class CreateUnitDto {
  @RequiredText(100, { example: 'FRAME-88231' })
  label: string;

  @ApiPropertyOptional({ example: 'New tyres May 2026', maxLength: 1000 })
  @IsOptionalNotNull()
  @Trim()
  @IsString()
  @MaxLength(1000)
  notes?: string;
}

/** PATCH bikes/units/{unitId}: the unit's read-only fields (`_id`, `bikeId`, `createdAt`) echoed back are ignored. */
@EchoableFields('bikeId')
export class UpdateUnitDto {
  @ApiPropertyOptional({ example: 'FRAME-88231', maxLength: 100 })
  @IsOptionalNotNull()
  @Trim()
  @IsString()
  @IsNotEmpty({ message: 'label must not be empty' })
  @MaxLength(100)
  label?: string;

  @ApiPropertyOptional({ enum: UNIT_STATUSES })
  @IsOptionalNotNull()
  @IsIn(UNIT_STATUSES, { message: `status must be one of ${UNIT_STATUSES.join(', ')}` })
  status?: UnitStatus;

  @ApiPropertyOptional({ maxLength: 1000 })
  @IsOptionalNotNull()
  @Trim()
  @IsString()
  @MaxLength(1000)
  notes?: string;
}

const isoField = (field: string) => [
  IsString({ message: `${field} must be an ISO 8601 date-time` }),
  Matches(DATE_TIME, { message: `${field} must be an ISO 8601 date-time` }),
  IsISO8601({ strict: true }, { message: `${field} must be an ISO 8601 date-time` }),
];
const apply = (decorators: PropertyDecorator[]): PropertyDecorator => (target, key) => decorators.forEach((d) => d(target, key));

export class CreateMaintenanceDto {
  @ApiProperty({ format: 'date-time', example: '2026-06-01T09:00:00.000Z' })
  @apply(isoField('start'))
  start: string;

  @ApiProperty({ format: 'date-time', example: '2026-06-03T09:00:00.000Z' })
  @apply(isoField('end'))
  end: string;

  @RequiredText(500, { example: 'Brake service' })
  reason: string;
}

export class MaintenanceBlockDto {
  @ApiProperty({ example: '9b8c7d6e-5f4a-4b3c-8d2e-1f0a9b8c7d6e' }) _id: string;
  @ApiProperty({ example: '5a1c2b3d-4e5f-4a6b-8c7d-9e0f1a2b3c4d' }) unitId: string;
  @ApiProperty({ example: '2026-06-01T09:00:00.000Z' }) start: string;
  @ApiProperty({ example: '2026-06-03T09:00:00.000Z' }) end: string;
  @ApiProperty({ example: 'Brake service' }) reason: string;
}

export class WindowQueryDto {
  @ApiProperty({ format: 'date-time', example: '2026-06-01T00:00:00.000Z' })
  @apply(isoField('from'))
  from: string;

  @ApiProperty({ format: 'date-time', example: '2026-06-15T00:00:00.000Z', description: 'At most 62 days after from' })
  @apply(isoField('to'))
  to: string;
}

export class AvailabilityIntervalDto {
  @ApiProperty({ example: '2026-06-01T00:00:00.000Z' }) start: string;
  @ApiProperty({ example: '2026-06-02T09:00:00.000Z' }) end: string;
  @ApiProperty({ example: 3, description: 'Units free throughout [start, end)' }) free: number;
}

export class AvailabilityDto {
  @ApiProperty() bikeId: string;
  @ApiProperty({ example: 4, description: 'Active units' }) totalUnits: number;
  @ApiProperty() from: string;
  @ApiProperty() to: string;
  @ApiProperty({ type: [AvailabilityIntervalDto], description: 'Step function of free units over [from, to)' }) intervals: AvailabilityIntervalDto[];
}

export class TimelineBlockDto {
  @ApiProperty({ enum: ['booking', 'maintenance'] }) kind: 'booking' | 'maintenance';
  @ApiProperty() _id: string;
  @ApiProperty() start: string;
  @ApiProperty({ type: String, nullable: true, description: 'null: open-ended booking not returned yet' }) end: string | null;
  @ApiPropertyOptional() rentalId?: string;
  @ApiPropertyOptional() customerName?: string;
  @ApiPropertyOptional() status?: string;
  @ApiPropertyOptional() reason?: string;
}

export class TimelineUnitDto {
  @ApiProperty() _id: string;
  @ApiProperty() label: string;
  @ApiProperty({ enum: UNIT_STATUSES }) status: UnitStatus;
  @ApiProperty({ type: [TimelineBlockDto] }) blocks: TimelineBlockDto[];
}

export class TimelineDto {
  @ApiProperty() bikeId: string;
  @ApiProperty() from: string;
  @ApiProperty() to: string;
  @ApiProperty({ type: [TimelineUnitDto] }) units: TimelineUnitDto[];
}

const ISO_DAY = /^\d{4}-\d{2}-\d{2}$/;

export class CalendarQueryDto {
  @ApiProperty({ example: '2026-11-01', description: "First day (YYYY-MM-DD, the shop's zone)" })
  @IsString({ message: 'from must be a date YYYY-MM-DD' })
  @Matches(ISO_DAY, { message: 'from must be a date YYYY-MM-DD' })
  from: string;

  @ApiProperty({ example: '2026-11-30', description: 'Last day, included; at most 92 days from the first' })
  @IsString({ message: 'to must be a date YYYY-MM-DD' })
  @Matches(ISO_DAY, { message: 'to must be a date YYYY-MM-DD' })
  to: string;

  @ApiPropertyOptional({ minimum: 1, maximum: 100, default: 1, description: 'Bikes wanted at once' })
  @IsOptional()
  @Type(() => Number)
  @IsInt({ message: 'quantity must be a whole number' })
  @Min(1, { message: 'quantity must be at least 1' })
  @Max(100, { message: 'quantity must be at most 100' })
  quantity: number = 1;
}

export const CALENDAR_STATUSES = ['free', 'partial', 'booked', 'closed'] as const;
export type CalendarStatus = (typeof CALENDAR_STATUSES)[number];

export class CalendarDayDto {
  @ApiProperty({ example: '2026-11-27' }) date: string;
  @ApiProperty({
    enum: CALENDAR_STATUSES,
    example: 'partial',
    description:
      'free: quantity units are free all day; partial: at some time of the day quantity units are free, not all day; booked: never ' +
      '(also days already over); closed: the shop is closed that day',
  })
  status: CalendarStatus;
  @ApiProperty({ example: 3, description: 'Units free for the whole day (what is left of it, today)' }) freeUnits: number;
}

export class CalendarDto {
  @ApiProperty() bikeId: string;
  @ApiProperty({ example: 1 }) quantity: number;
  @ApiProperty({ example: 5, description: 'Active units' }) totalUnits: number;
  @ApiProperty({ example: 'Europe/Berlin', description: 'The zone the days are read in' }) timeZone: string;
  @ApiProperty({ type: [CalendarDayDto] }) days: CalendarDayDto[];
}
