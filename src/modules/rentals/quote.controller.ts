import { Controller, Get, Param, Query } from '@nestjs/common';
import { ApiParam, ApiTags } from '@nestjs/swagger';
import { ApiResult, ok } from '../../common/api-result.js';
import { AuthUser, CurrentUser } from '../../common/decorators.js';
import { Endpoint, Envelope } from '../../common/endpoint.decorator.js';
import { ParseIdPipe } from '../../common/parse-id.pipe.js';
import { BookingService } from './booking.service.js';
import { QuoteDto, QuoteQueryDto } from './rentals.dto.js';

@ApiTags('bikes')
@Controller('bikes')
export class QuoteController {
  constructor(private readonly booking: BookingService) {}

  @Get(':id/quote')
  @Endpoint({
    access: 'public',
    summary: 'Price of a window and the units free for all of it',
    description:
      'The cheapest combination of whole weeks, whole days and started hours covering [startTime, endTime) at the bike\'s pricePerWeek, ' +
      'pricePerDay and pricePerHour, times quantity, itemised in lines. available = units free for the whole window. terms: the late fee, ' +
      'its grace, the free cancellation period and the booking fee.',
    ok: Envelope(QuoteDto),
    errors: {
      400: 'startTime, endTime, quantity or rentalId missing, malformed, in the past or out of order (named in errors)',
      401: 'rentalId given without a session',
      404: "Bike not found, or rentalId is not the caller's rental of this bike",
    },
  })
  @ApiParam({ name: 'id', format: 'uuid', description: 'The bike _id' })
  async quote(
    @Param('id', ParseIdPipe('id')) id: string,
    @Query() query: QuoteQueryDto,
    @CurrentUser() caller: AuthUser | undefined,
  ): Promise<ApiResult<QuoteDto>> {
    return ok(await this.booking.quote(id, query, caller), 'Quote retrieved successfully');
  }
}
