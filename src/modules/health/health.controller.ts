import { Controller, Get, ServiceUnavailableException } from '@nestjs/common';
import { ApiOkResponse, ApiOperation, ApiProperty, ApiServiceUnavailableResponse, ApiTags } from '@nestjs/swagger';
import { ApiResult, ok } from '../../common/api-result.js';
import { Public } from '../../common/decorators.js';
import { Envelope, ErrorEnvelopeDto } from '../../common/dto/envelope.dto.js';
import { DatabaseService } from '../../database/database.service.js';

class HealthDto {
  @ApiProperty({ example: 'ok' }) status: string;
  @ApiProperty({ example: 'pglite', enum: ['pglite', 'postgres'] }) database: string;
  @ApiProperty({ example: 1234.5, description: 'Seconds since the process started' }) uptime: number;
}

@ApiTags('health')
@Controller('health')
export class HealthController {
  constructor(private readonly database: DatabaseService) {}

  @Get()
  @Public()
  @ApiOperation({ summary: 'Liveness: the process is up' })
  @ApiOkResponse({ type: Envelope(HealthDto) })
  getHealth(): ApiResult<HealthDto> {
    return ok({ status: 'ok', database: this.database.kind, uptime: process.uptime() }, 'alive');
  }

  @Get('ready')
  @Public()
  @ApiOperation({ summary: 'Readiness: the database answers' })
  @ApiOkResponse({ type: Envelope(HealthDto) })
  @ApiServiceUnavailableResponse({ description: 'The database does not answer', type: ErrorEnvelopeDto })
  async getReadiness(): Promise<ApiResult<HealthDto>> {
    if (!(await this.database.ping())) throw new ServiceUnavailableException('Database unreachable');
    return ok({ status: 'ready', database: this.database.kind, uptime: process.uptime() }, 'ready');
  }
}
