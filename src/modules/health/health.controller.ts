import { Controller, Get, ServiceUnavailableException } from '@nestjs/common';
import { ApiProperty, ApiTags } from '@nestjs/swagger';
import { ApiResult, ok } from '../../common/api-result.js';
import { Endpoint, Envelope } from '../../common/endpoint.decorator.js';
import { DatabaseService } from '../../database/database.service.js';
import { ShutdownState } from './shutdown-state.js';

class HealthDto {
  @ApiProperty({ example: 'ok' }) status: string;
  @ApiProperty({ example: 'pglite', enum: ['pglite', 'postgres'] }) database: string;
  @ApiProperty({ example: 1234.5, description: 'Seconds since the process started' }) uptime: number;
}

@ApiTags('health')
@Controller('health')
export class HealthController {
  constructor(
    private readonly database: DatabaseService,
    private readonly shutdown: ShutdownState,
  ) {}

  @Get()
  @Endpoint({ access: 'public', summary: 'Liveness: the process is up', ok: Envelope(HealthDto) })
  getHealth(): ApiResult<HealthDto> {
    return ok({ status: 'ok', database: this.database.kind, uptime: process.uptime() }, 'alive');
  }

  @Get('ready')
  @Endpoint({
    access: 'public',
    summary: 'Readiness: the database answers',
    ok: Envelope(HealthDto),
    errors: { 503: 'The database does not answer, or the instance is shutting down (SHUTDOWN_DRAIN_MS)' },
  })
  async getReadiness(): Promise<ApiResult<HealthDto>> {
    if (this.shutdown.draining) throw new ServiceUnavailableException('Shutting down');
    if (!(await this.database.ping())) throw new ServiceUnavailableException('Database unreachable');
    return ok({ status: 'ready', database: this.database.kind, uptime: process.uptime() }, 'ready');
  }
}
