import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { Type } from 'class-transformer';
import {
  ArrayMaxSize,
  IsArray,
  IsBoolean,
  IsIn,
  IsNumber,
  IsObject,
  IsOptional,
  IsString,
  IsUUID,
  Max,
  MaxLength,
  Min,
  MinLength,
  ValidateNested,
} from 'class-validator';
import { CHECKLIST_PARTS, CHECKLIST_STATES, DAMAGE_SEVERITIES, type Checklist, type DamageSeverity } from '../../database/schema/counter.js';
import { QuoteLineDto, RentalDto } from '../rentals/rentals.dto.js';

const UUID_EXAMPLE = '5a1c2b3d-4e5f-4a6b-8c7d-9e0f1a2b3c4d';

// ------------------------------------------------------------------ requests

/** POST counter/rentals/{id}/check-out. */
export class CheckOutDto {
  @ApiProperty({
    type: [String],
    example: [UUID_EXAMPLE],
    description:
      "The units scanned for this booking (one per unit booked). A scanned unit the booking does not hold replaces one it holds that was not scanned (another free unit of the same bike); the database's no-overlap rule checks the swap.",
  })
  @IsArray({ message: 'unitIds must be a list of unit ids' })
  @ArrayMaxSize(50, { message: 'unitIds must have at most 50 units' })
  @IsUUID('all', { each: true, message: 'unitIds must be a list of unit ids' })
  unitIds: string[];

  @ApiPropertyOptional({
    example: 'Customer paid the deposit in cash, not recorded yet',
    maxLength: 500,
    description: 'Admin override: hands the units over although check-out is blocked (blockers); the reason is kept and shown.',
  })
  @IsOptional()
  @IsString({ message: 'overrideReason must be a text' })
  @MinLength(3, { message: 'overrideReason must be at least 3 characters' })
  @MaxLength(500, { message: 'overrideReason must be at most 500 characters' })
  overrideReason?: string;

  @ApiPropertyOptional({
    example: true,
    description: 'Picked up more than 15 minutes off the window: move the window to start now and keep its length (the return time moves; new quote).',
  })
  @IsOptional()
  @IsBoolean({ message: 'moveReturn must be true or false' })
  moveReturn?: boolean;
}

export class DamageItemInputDto {
  @ApiProperty({ example: 'frame', maxLength: 60, description: 'The part (frame, wheels, brakes, lights, lock, battery or another word)' })
  @IsString({ message: 'part must be a text' })
  @MinLength(1, { message: 'part is required' })
  @MaxLength(60, { message: 'part must be at most 60 characters' })
  part: string;

  @ApiProperty({ enum: DAMAGE_SEVERITIES, example: 'minor', description: 'severe puts the unit into maintenance (its future bookings move to other units)' })
  @IsIn(DAMAGE_SEVERITIES, { message: `severity must be one of ${DAMAGE_SEVERITIES.join(', ')}` })
  severity: DamageSeverity;

  @ApiProperty({ example: 25, description: "What the repair costs, major units of the rental's currency (0 when none)" })
  @IsNumber({ allowNaN: false, allowInfinity: false, maxDecimalPlaces: 3 }, { message: 'cost must be an amount with at most 3 decimals (the currency\'s own)' })
  @Min(0, { message: 'cost must not be negative' })
  @Max(1_000_000, { message: 'cost is too large' })
  cost: number;

  @ApiPropertyOptional({ example: 'Scratch on the top tube', maxLength: 500 })
  @IsOptional()
  @IsString({ message: 'description must be a text' })
  @MaxLength(500, { message: 'description must be at most 500 characters' })
  description?: string;
}

export class UnitCheckInDto {
  @ApiProperty({ example: UUID_EXAMPLE, description: "A unit of the rental (scanned)" })
  @IsUUID('all', { message: 'unitId must be a unit id' })
  unitId: string;

  @ApiProperty({
    type: 'object',
    additionalProperties: { type: 'string', enum: [...CHECKLIST_STATES] },
    example: { frame: 'ok', wheels: 'ok', brakes: 'ok', lights: 'ok', lock: 'ok', battery: 'na' },
    description:
      `Every part (${CHECKLIST_PARTS.join(', ')}): ${CHECKLIST_STATES.join(', ')} (na: the bike has none). The battery only on an electric ` +
      'bike (0 cc), where it is required and not na; on other bikes leave it out or na (not kept). An unknown part or state, or a part ' +
      'missing, is a 400 naming units[i].checklist.<part>.',
  })
  @IsObject({ message: 'checklist must be an object of part: state' })
  checklist: Checklist;

  @ApiPropertyOptional({ example: 'Returned muddy', maxLength: 2000 })
  @IsOptional()
  @IsString({ message: 'notes must be a text' })
  @MaxLength(2000, { message: 'notes must be at most 2000 characters' })
  notes?: string;

  @ApiPropertyOptional({ type: [String], description: 'Photos uploaded for this unit of this rental (POST counter/rentals/{id}/photos)' })
  @IsOptional()
  @IsArray({ message: 'photoIds must be a list of photo ids' })
  @ArrayMaxSize(20, { message: 'photoIds must have at most 20 photos' })
  @IsUUID('all', { each: true, message: 'photoIds must be a list of photo ids' })
  photoIds?: string[];

  @ApiPropertyOptional({ type: [DamageItemInputDto], description: 'Damage found: makes a damage report of this unit' })
  @IsOptional()
  @IsArray({ message: 'damage must be a list of damage items' })
  @ArrayMaxSize(30, { message: 'damage must have at most 30 items' })
  @ValidateNested({ each: true })
  @Type(() => DamageItemInputDto)
  damage?: DamageItemInputDto[];
}

/** POST counter/rentals/{id}/check-in. */
export class CheckInDto {
  @ApiProperty({ type: [UnitCheckInDto], description: 'One entry per unit of the rental' })
  @IsArray({ message: 'units must be a list' })
  @ArrayMaxSize(50, { message: 'units must have at most 50 entries' })
  @ValidateNested({ each: true })
  @Type(() => UnitCheckInDto)
  units: UnitCheckInDto[];
}

/** POST counter/rentals/{id}/deposit. */
export class SettleDepositDto {
  @ApiProperty({ enum: ['release', 'capture'], example: 'capture' })
  @IsIn(['release', 'capture'], { message: 'action must be release or capture' })
  action: 'release' | 'capture';

  @ApiPropertyOptional({ example: 25, description: 'capture: major units kept (at most the held amount); the rest is released' })
  @IsOptional()
  @IsNumber({ allowNaN: false, allowInfinity: false, maxDecimalPlaces: 3 }, { message: 'amount must be an amount with at most 3 decimals (the currency\'s own)' })
  amount?: number;

  @ApiPropertyOptional({ example: UUID_EXAMPLE, description: "capture: the rental's damage report it is kept for (its items become the reason)" })
  @IsOptional()
  @IsUUID('all', { message: 'damageReportId must be a damage report id' })
  damageReportId?: string;

  @ApiPropertyOptional({ example: 'Scratched frame', maxLength: 500, description: 'capture: a reason of its own (required without damageReportId)' })
  @IsOptional()
  @IsString({ message: 'reason must be a text' })
  @MaxLength(500, { message: 'reason must be at most 500 characters' })
  reason?: string;
}

export class LabelsQueryDto {
  @ApiPropertyOptional({ format: 'uuid', description: 'Only this bike\'s units (default: the whole fleet)' })
  @IsOptional()
  @IsUUID('all', { message: 'bikeId must be a bike id' })
  bikeId?: string;
}

export class ScanQueryDto {
  @ApiProperty({ example: 'Yamaha-3', description: "A unit's label as typed, or the text of its QR code (the unit's staff URL)" })
  @IsString({ message: 'code must be a text' })
  @MinLength(1, { message: 'code is required' })
  @MaxLength(500, { message: 'code must be at most 500 characters' })
  code: string;
}

// ------------------------------------------------------------------ answers

export class PhotoDto {
  @ApiProperty({ example: UUID_EXAMPLE }) _id: string;
  @ApiProperty({ example: UUID_EXAMPLE }) rentalId: string;
  @ApiProperty({ example: UUID_EXAMPLE }) unitId: string;
  @ApiProperty({ example: '/api/counter/photos/5a1c2b3d-4e5f-4a6b-8c7d-9e0f1a2b3c4d', description: 'The image (admins and the customer of the rental)' }) url: string;
  @ApiProperty({ example: 1600 }) width: number;
  @ApiProperty({ example: 1200 }) height: number;
  @ApiProperty({ example: '2026-06-01T09:00:00.000Z' }) createdAt: string;
}

export class DamageItemDto {
  @ApiProperty({ example: 'frame' }) part: string;
  @ApiProperty({ enum: DAMAGE_SEVERITIES, example: 'minor' }) severity: DamageSeverity;
  @ApiProperty({ example: 25, description: 'Major units' }) cost: number;
  @ApiProperty({ example: 'Scratch on the top tube' }) description: string;
}

export class DamageReportDto {
  @ApiProperty({ example: UUID_EXAMPLE }) _id: string;
  @ApiProperty({ example: UUID_EXAMPLE }) rentalId: string;
  @ApiProperty({ example: UUID_EXAMPLE }) unitId: string;
  @ApiProperty({ example: 'Yamaha-3' }) unitLabel: string;
  @ApiProperty({ type: [DamageItemDto] }) items: DamageItemDto[];
  @ApiProperty({ example: '' }) notes: string;
  @ApiProperty({ example: false, description: 'An item is severe: the unit went into maintenance' }) severe: boolean;
  @ApiProperty({ example: 25, description: 'Sum of the items (major units)' }) cost: number;
  @ApiProperty({ example: 'USD' }) currency: string;
  @ApiProperty({ type: Number, nullable: true, example: 20, description: 'What was kept of the deposit for it (major units), null when nothing' }) depositKept: number | null;
  @ApiProperty({ type: [PhotoDto] }) photos: PhotoDto[];
  @ApiProperty({ example: '2026-06-01T09:00:00.000Z' }) createdAt: string;
}

export class UnitConditionDto {
  @ApiProperty({ example: UUID_EXAMPLE }) _id: string;
  @ApiProperty({ example: UUID_EXAMPLE }) rentalId: string;
  @ApiProperty({ example: UUID_EXAMPLE }) unitId: string;
  @ApiProperty({ example: 'Yamaha-3' }) unitLabel: string;
  @ApiProperty({ enum: ['check_out', 'check_in'] }) stage: 'check_out' | 'check_in';
  @ApiProperty({ type: 'object', additionalProperties: { type: 'string', enum: [...CHECKLIST_STATES] }, example: { frame: 'ok', brakes: 'worn' } }) checklist: Checklist;
  @ApiProperty({ example: '' }) notes: string;
  @ApiProperty({ type: [PhotoDto] }) photos: PhotoDto[];
  @ApiProperty({ example: '2026-06-01T09:00:00.000Z' }) createdAt: string;
}

export class HandoverDto {
  @ApiProperty({ type: String, nullable: true, example: '2026-06-01T09:03:00.000Z', description: 'When the units were handed over (null: not yet)' }) checkedOutAt: string | null;
  @ApiProperty({ type: String, nullable: true, example: null, description: 'The admin override reason kept when check-out went ahead although blocked' }) overrideReason: string | null;
  @ApiProperty({ type: [String], example: [], description: 'The blockers the override went past (e.g. DEPOSIT_NOT_HELD)' }) overridden: string[];
  @ApiProperty({ type: String, nullable: true, example: null, description: 'The return time before the counter moved the window at pick-up' }) movedReturnFrom: string | null;
  @ApiProperty({
    example: false,
    description: "The bikes left without a counter scan: the hand-over was recorded at check-in, as at the rental's start (checkedOutAt)",
  })
  recordedAtCheckIn: boolean;
  @ApiProperty({ type: String, nullable: true, example: null, description: 'When the units came back through check-in' }) checkedInAt: string | null;
}

export class WindowMoveDto {
  @ApiProperty({ example: 40, description: 'Minutes the pick-up is off the booked start (positive: late)' }) minutesOff: number;
  @ApiProperty({ example: '2026-06-01T09:40:00.000Z' }) startTime: string;
  @ApiProperty({ type: String, nullable: true, example: '2026-06-01T12:40:00.000Z', description: 'The moved return time (null: open-ended)' }) endTime: string | null;
  @ApiProperty({ example: 30, description: 'The new total (major units), at the rates fixed at booking' }) total: number;
  @ApiProperty({ example: 'USD' }) currency: string;
  @ApiProperty({ type: [QuoteLineDto] }) lines: QuoteLineDto[];
}

/** A rental at the counter: the rental, its hand-over, what blocks it, its conditions and damage. */
export class CounterRentalDto {
  @ApiProperty({ type: RentalDto }) rental: RentalDto;
  @ApiProperty({ type: HandoverDto }) handover: HandoverDto;
  @ApiProperty({ type: [String], example: ['DEPOSIT_NOT_HELD'], description: 'What blocks check-out now (an admin may override with a reason)' }) blockers: string[];
  @ApiProperty({ type: WindowMoveDto, nullable: true, description: 'Offered when the pick-up now is more than 15 minutes off the window' }) windowMove: WindowMoveDto | null;
  @ApiProperty({
    example: false,
    description: 'Check-in is open: the units are out (checked out, or the rental started and they went without a scan) and not back yet',
  })
  canCheckIn: boolean;
  @ApiProperty({ type: [UnitConditionDto] }) conditions: UnitConditionDto[];
  @ApiProperty({ type: [DamageReportDto] }) damageReports: DamageReportDto[];
}

export class UnitSummaryDto {
  @ApiProperty({ example: UUID_EXAMPLE }) _id: string;
  @ApiProperty({ example: 'Yamaha-3' }) label: string;
  @ApiProperty({ enum: ['active', 'maintenance', 'retired'] }) status: string;
  @ApiProperty({ example: '' }) notes: string;
  @ApiProperty({ example: UUID_EXAMPLE }) bikeId: string;
  @ApiProperty({ example: 'Yamaha R15' }) bikeName: string;
  @ApiProperty({ example: false, description: 'An electric bike (no engine, 0 cc): its check-in checklist has the battery' }) electric: boolean;
}

export class MaintenanceDto {
  @ApiProperty({ example: UUID_EXAMPLE }) _id: string;
  @ApiProperty({ example: '2026-06-01T09:00:00.000Z' }) start: string;
  @ApiProperty({ type: String, nullable: true }) end: string | null;
  @ApiProperty({ example: 'Brake pads' }) reason: string;
}

/** GET counter/units/{id}: a scanned unit, its current and next rentals, condition history and maintenance. */
export class CounterUnitDto {
  @ApiProperty({ type: UnitSummaryDto }) unit: UnitSummaryDto;
  @ApiProperty({ type: [CounterRentalDto], description: 'The rental under way (or due to start) first, then the next ones' }) rentals: CounterRentalDto[];
  @ApiProperty({ type: [UnitConditionDto], description: 'Condition records of this unit, latest first' }) conditions: UnitConditionDto[];
  @ApiProperty({ type: [DamageReportDto], description: 'Damage reports of this unit, latest first' }) damageReports: DamageReportDto[];
  @ApiProperty({ type: [MaintenanceDto] }) maintenance: MaintenanceDto[];
}

/** GET counter/my-reports: the signed-in customer's damage reports and check-in conditions, by rental. */
export class CustomerReportDto {
  @ApiProperty({ example: UUID_EXAMPLE }) rentalId: string;
  @ApiProperty({ type: [UnitConditionDto] }) conditions: UnitConditionDto[];
  @ApiProperty({ type: [DamageReportDto] }) damageReports: DamageReportDto[];
}

