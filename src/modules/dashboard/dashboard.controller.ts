import { Controller, Get } from '@nestjs/common';
import { ApiOkResponse, ApiOperation, ApiTags } from '@nestjs/swagger';
import { ApiResult, ok } from '../../common/api-result.js';
import { Roles } from '../../common/decorators.js';
import { Envelope } from '../../common/dto/envelope.dto.js';
import { DashboardSummaryDto } from './dashboard.dto.js';
import { DashboardService } from './dashboard.service.js';

@ApiTags('dashboard')
@Controller('dashboard')
export class DashboardController {
  constructor(private readonly dashboard: DashboardService) {}

  @Get('summary')
  @Roles('admin')
  @ApiOperation({
    summary: 'Admin dashboard: rental totals, the cost-per-rental chart and the signup charts',
    description:
      'Everything the dashboard home shows, aggregated by the database in one consistent snapshot (no need to ' +
      'download every user or rental). Each total is defined on its field below. Days and months are UTC; "today" ' +
      'is the server clock\'s date.',
  })
  @ApiOkResponse({ type: Envelope(DashboardSummaryDto) })
  async getDashboardSummary(): Promise<ApiResult<DashboardSummaryDto>> {
    return ok(await this.dashboard.getSummary(), 'Dashboard summary retrieved successfully');
  }
}
