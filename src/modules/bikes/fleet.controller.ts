import { Body, Controller, Delete, Get, Param, Patch, Post, Query } from '@nestjs/common';
import {
  ApiBadRequestResponse,
  ApiConflictResponse,
  ApiCreatedResponse,
  ApiNotFoundResponse,
  ApiOkResponse,
  ApiOperation,
  ApiParam,
  ApiTags,
} from '@nestjs/swagger';
import { ApiResult, ok } from '../../common/api-result.js';
import { Public, Roles } from '../../common/decorators.js';
import { Envelope, ErrorEnvelopeDto, MessageEnvelopeDto } from '../../common/dto/envelope.dto.js';
import { ParseIdPipe } from '../../common/parse-id.pipe.js';
import {
  AvailabilityDto,
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
  @Public()
  @ApiOperation({ summary: 'Free units of a bike over time', description: 'A step function of the units free over [from, to), at most 62 days.' })
  @ApiParam(BIKE_ID)
  @ApiOkResponse({ type: Envelope(AvailabilityDto) })
  @ApiBadRequestResponse({ description: 'from / to missing, malformed, out of order or more than 62 days apart', type: ErrorEnvelopeDto })
  @ApiNotFoundResponse({ description: 'Bike not found', type: ErrorEnvelopeDto })
  async availability(@Param('id', ParseIdPipe('id')) id: string, @Query() q: WindowQueryDto): Promise<ApiResult<AvailabilityDto>> {
    return ok(await this.fleet.availability(id, q), 'Availability retrieved successfully');
  }

  @Get('bikes/:id/timeline')
  @Roles('admin')
  @ApiOperation({ summary: "A bike's units with their bookings and maintenance blocks (admin)", description: 'Blocks overlapping [from, to), at most 62 days.' })
  @ApiParam(BIKE_ID)
  @ApiOkResponse({ type: Envelope(TimelineDto) })
  @ApiBadRequestResponse({ description: 'from / to missing, malformed, out of order or more than 62 days apart', type: ErrorEnvelopeDto })
  @ApiNotFoundResponse({ description: 'Bike not found', type: ErrorEnvelopeDto })
  async timeline(@Param('id', ParseIdPipe('id')) id: string, @Query() q: WindowQueryDto): Promise<ApiResult<TimelineDto>> {
    return ok(await this.fleet.timeline(id, q), 'Timeline retrieved successfully');
  }

  @Get('bikes/:id/units')
  @Roles('admin')
  @ApiOperation({ summary: "A bike's units (admin)" })
  @ApiParam(BIKE_ID)
  @ApiOkResponse({ type: Envelope([UnitDto]) })
  @ApiNotFoundResponse({ description: 'Bike not found', type: ErrorEnvelopeDto })
  async listUnits(@Param('id', ParseIdPipe('id')) id: string): Promise<ApiResult<UnitDto[]>> {
    return ok(await this.fleet.listUnits(id), 'Units retrieved successfully');
  }

  @Post('bikes/:id/units')
  @Roles('admin')
  @ApiOperation({ summary: 'Add a unit to a bike (admin)' })
  @ApiParam(BIKE_ID)
  @ApiCreatedResponse({ type: Envelope(UnitDto) })
  @ApiBadRequestResponse({ description: 'label missing or too long', type: ErrorEnvelopeDto })
  @ApiNotFoundResponse({ description: 'Bike not found', type: ErrorEnvelopeDto })
  @ApiConflictResponse({ description: 'UNIT_LABEL_TAKEN', type: ErrorEnvelopeDto })
  async addUnit(@Param('id', ParseIdPipe('id')) id: string, @Body() dto: CreateUnitDto): Promise<ApiResult<UnitDto>> {
    return ok(await this.fleet.addUnit(id, dto), 'Unit added');
  }

  @Patch('units/:unitId')
  @Roles('admin')
  @ApiOperation({ summary: 'Change a unit: label, status (active, maintenance, retired) or notes (admin)', description: 'Only active units can be booked. A unit put into maintenance or retired hands its bookings that have not started to other free units of the bike in the same change; a rental under way keeps its unit.' })
  @ApiParam(UNIT_ID)
  @ApiOkResponse({ type: Envelope(UnitDto) })
  @ApiBadRequestResponse({ description: 'A field is malformed', type: ErrorEnvelopeDto })
  @ApiNotFoundResponse({ description: 'Unit not found', type: ErrorEnvelopeDto })
  @ApiConflictResponse({
    description: 'UNIT_LABEL_TAKEN; UNIT_HAS_BOOKINGS: leaving service, the unit has bookings (named in the message) no other unit of the bike is free for',
    type: ErrorEnvelopeDto,
  })
  async updateUnit(@Param('unitId', ParseIdPipe('unitId')) unitId: string, @Body() dto: UpdateUnitDto): Promise<ApiResult<UnitDto>> {
    return ok(await this.fleet.updateUnit(unitId, dto), 'Unit updated');
  }

  @Post('units/:unitId/maintenance')
  @Roles('admin')
  @ApiOperation({ summary: 'Put a unit into maintenance for a period (admin)', description: 'The unit cannot be booked in [start, end).' })
  @ApiParam(UNIT_ID)
  @ApiCreatedResponse({ type: Envelope(MaintenanceBlockDto) })
  @ApiBadRequestResponse({ description: 'start / end malformed or out of order, reason missing', type: ErrorEnvelopeDto })
  @ApiNotFoundResponse({ description: 'Unit not found', type: ErrorEnvelopeDto })
  @ApiConflictResponse({ description: 'UNIT_BUSY: a booking (or another block) holds the unit in that window', type: ErrorEnvelopeDto })
  async addMaintenance(@Param('unitId', ParseIdPipe('unitId')) unitId: string, @Body() dto: CreateMaintenanceDto): Promise<ApiResult<MaintenanceBlockDto>> {
    return ok(await this.fleet.addMaintenance(unitId, dto), 'Maintenance scheduled');
  }

  @Delete('units/:unitId/maintenance/:blockId')
  @Roles('admin')
  @ApiOperation({ summary: 'Remove a maintenance block (admin)' })
  @ApiParam(UNIT_ID)
  @ApiParam({ name: 'blockId', format: 'uuid' })
  @ApiOkResponse({ type: MessageEnvelopeDto })
  @ApiNotFoundResponse({ description: 'Maintenance block not found', type: ErrorEnvelopeDto })
  async removeMaintenance(
    @Param('unitId', ParseIdPipe('unitId')) unitId: string,
    @Param('blockId', ParseIdPipe('blockId')) blockId: string,
  ): Promise<ApiResult<null>> {
    await this.fleet.removeMaintenance(unitId, blockId);
    return ok(null, 'Maintenance block removed');
  }
}
