import { Body, Controller, Delete, Get, Param, Patch, Post, Query } from '@nestjs/common';
import { ApiParam, ApiTags } from '@nestjs/swagger';
import { ApiResult, ok } from '../../common/api-result.js';
import { Endpoint, Envelope, MessageEnvelopeDto } from '../../common/endpoint.decorator.js';
import { ParseIdPipe } from '../../common/parse-id.pipe.js';
import {
  AvailabilityDto,
  CalendarDto,
  CalendarQueryDto,
  CreateMaintenanceDto,
  CreateUnitDto,
  MaintenanceBlockDto,
  TimelineDto,
  UnitDto,
  UpdateUnitDto,
  WindowQueryDto,
} from './fleet.dto.js';
import { FleetService } from './fleet.service.js';

const BIKE_ID = { name: 'id', format: 'uuid', description: 'The bike _id' } as const;
const UNIT_ID = { name: 'unitId', format: 'uuid', description: 'The unit _id' } as const;

@ApiTags('fleet')
@Controller()
export class FleetController {
  constructor(private readonly fleet: FleetService) {}

  @Get('bikes/:id/availability')
  @Endpoint({
    access: 'public',
    summary: 'Free units of a bike over time',
    description: 'A step function of the units free over [from, to), at most 62 days.',
    ok: Envelope(AvailabilityDto),
    errors: { 400: 'from / to missing, malformed, out of order or more than 62 days apart', 404: 'Bike not found' },
  })
  @ApiParam(BIKE_ID)
  async availability(@Param('id', ParseIdPipe('id')) id: string, @Query() q: WindowQueryDto): Promise<ApiResult<AvailabilityDto>> {
    return ok(await this.fleet.availability(id, q), 'Availability retrieved successfully');
  }

  @Get('bikes/:id/calendar')
  @Endpoint({
    access: 'public',
    summary: 'Days a bike can be booked',
    description:
      "Per day from `from` to `to` (both included, at most 92 days, read in the shop's time zone): free when `quantity` units are free all " +
      'day, partial when they are free at some time of it, booked when never (days already over too), closed when the shop is closed ' +
      '(opening hours and closed dates); freeUnits = units free for the whole day (what is left of today).',
    ok: Envelope(CalendarDto),
    errors: { 400: 'from / to missing, not a date, out of order or more than 92 days; quantity not 1-100 (named in errors)', 404: 'Bike not found' },
  })
  @ApiParam(BIKE_ID)
  async calendar(@Param('id', ParseIdPipe('id')) id: string, @Query() q: CalendarQueryDto): Promise<ApiResult<CalendarDto>> {
    return ok(await this.fleet.calendar(id, q), 'Calendar retrieved successfully');
  }

  @Get('bikes/:id/timeline')
  @Endpoint({
    access: ['admin'],
    summary: "A bike's units with their bookings and maintenance blocks (admin)",
    description: 'Blocks overlapping [from, to), at most 62 days.',
    ok: Envelope(TimelineDto),
    errors: { 400: 'from / to missing, malformed, out of order or more than 62 days apart', 404: 'Bike not found' },
  })
  @ApiParam(BIKE_ID)
  async timeline(@Param('id', ParseIdPipe('id')) id: string, @Query() q: WindowQueryDto): Promise<ApiResult<TimelineDto>> {
    return ok(await this.fleet.timeline(id, q), 'Timeline retrieved successfully');
  }

  @Get('bikes/:id/units')
  @Endpoint({ access: ['admin'], summary: "A bike's units (admin)", ok: Envelope([UnitDto]), errors: { 404: 'Bike not found' } })
  @ApiParam(BIKE_ID)
  async listUnits(@Param('id', ParseIdPipe('id')) id: string): Promise<ApiResult<UnitDto[]>> {
    return ok(await this.fleet.listUnits(id), 'Units retrieved successfully');
  }

  @Post('bikes/:id/units')
  @Endpoint({
    access: ['admin'],
    summary: 'Add a unit to a bike (admin)',
    created: Envelope(UnitDto),
    errors: { 400: 'label missing or too long', 404: 'Bike not found', 409: 'UNIT_LABEL_TAKEN' },
  })
  @ApiParam(BIKE_ID)
  async addUnit(@Param('id', ParseIdPipe('id')) id: string, @Body() dto: CreateUnitDto): Promise<ApiResult<UnitDto>> {
    return ok(await this.fleet.addUnit(id, dto), 'Unit added');
  }

  @Patch('units/:unitId')
  @Endpoint({
    access: ['admin'],
    summary: 'Change a unit: label, status (active, maintenance, retired) or notes (admin)',
    description:
      'Only active units can be booked. A unit put into maintenance or retired hands its bookings that have not started to other ' +
      'free units of the bike in the same change; a rental under way keeps its unit.',
    ok: Envelope(UnitDto),
    errors: {
      400: 'A field is malformed',
      404: 'Unit not found',
      409: 'UNIT_LABEL_TAKEN; UNIT_HAS_BOOKINGS: leaving service, the unit has bookings (named in the message) no other unit of the bike is free for',
    },
  })
  @ApiParam(UNIT_ID)
  async updateUnit(@Param('unitId', ParseIdPipe('unitId')) unitId: string, @Body() dto: UpdateUnitDto): Promise<ApiResult<UnitDto>> {
    return ok(await this.fleet.updateUnit(unitId, dto), 'Unit updated');
  }

  @Post('units/:unitId/maintenance')
  @Endpoint({
    access: ['admin'],
    summary: 'Put a unit into maintenance for a period (admin)',
    description: 'The unit cannot be booked in [start, end).',
    created: Envelope(MaintenanceBlockDto),
    errors: {
      400: 'start / end malformed or out of order, reason missing',
      404: 'Unit not found',
      409: 'UNIT_BUSY: a booking (or another block) holds the unit in that window',
    },
  })
  @ApiParam(UNIT_ID)
  async addMaintenance(@Param('unitId', ParseIdPipe('unitId')) unitId: string, @Body() dto: CreateMaintenanceDto): Promise<ApiResult<MaintenanceBlockDto>> {
    return ok(await this.fleet.addMaintenance(unitId, dto), 'Maintenance scheduled');
  }

  @Delete('units/:unitId/maintenance/:blockId')
  @Endpoint({
    access: ['admin'],
    summary: 'Remove a maintenance block (admin)',
    ok: MessageEnvelopeDto,
    errors: { 404: 'Maintenance block not found' },
  })
  @ApiParam(UNIT_ID)
  @ApiParam({ name: 'blockId', format: 'uuid' })
  async removeMaintenance(
    @Param('unitId', ParseIdPipe('unitId')) unitId: string,
    @Param('blockId', ParseIdPipe('blockId')) blockId: string,
  ): Promise<ApiResult<null>> {
    await this.fleet.removeMaintenance(unitId, blockId);
    return ok(null, 'Maintenance block removed');
  }
}
