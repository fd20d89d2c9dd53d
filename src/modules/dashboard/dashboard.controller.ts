import { Controller, Get } from '@nestjs/common';
import { ApiTags } from '@nestjs/swagger';
import { ApiResult, ok } from '../../common/api-result.js';
import { Endpoint, Envelope } from '../../common/endpoint.decorator.js';
import { DashboardSummaryDto } from './dashboard.dto.js';
import { DashboardService } from './dashboard.service.js';

@ApiTags('dashboard')
@Controller('dashboard')
export class DashboardController {
  constructor(private readonly dashboard: DashboardService) {}

  @Get('summary')
  @Endpoint({
    access: ['admin'],
    summary: 'Admin dashboard: rental totals, the cost-per-rental chart and the signup charts',
    description:
      'Everything the dashboard home shows, aggregated by the database in one consistent snapshot (no need to ' +
      'download every user or rental). Each total is defined on its field below. Days and months are UTC; "today" ' +
      'is the server clock\'s date.',
    ok: Envelope(DashboardSummaryDto),
  })
  async getDashboardSummary(): Promise<ApiResult<DashboardSummaryDto>> {
    return ok(await this.dashboard.getSummary(), 'Dashboard summary retrieved successfully');
  }
}
