import { Body, Controller, Get, HttpCode, Param, Post } from '@nestjs/common';
import { ApiParam, ApiTags } from '@nestjs/swagger';
import { ApiResult, ok } from '../../../common/api-result.js';
import { Endpoint, Envelope } from '../../../common/endpoint.decorator.js';
import { ParseIdPipe } from '../../../common/parse-id.pipe.js';
import { RentalViews } from '../rental-views.js';
import { RentalDto } from '../rentals.dto.js';
import { RentalsRepository } from '../rentals.repository.js';
import { NotFoundException } from '@nestjs/common';
import { CaptureDepositDto, DepositAttentionDto, toDepositDto } from './deposits.dto.js';
import { DepositsService } from './deposits.service.js';

const ID_PARAM = { name: 'id', format: 'uuid', description: 'The rental _id' };

/** The security deposit at the return (admin): capture part or all of it with a reason, or release it. */
@ApiTags('rentals')
@Controller('rentals')
export class DepositsController {
  constructor(
    private readonly deposits: DepositsService,
    private readonly rentals: RentalsRepository,
    private readonly views: RentalViews,
  ) {}

  private async rental(id: string): Promise<RentalDto> {
    const view = await this.rentals.findView(id);
    if (!view) throw new NotFoundException('Rental not found');
    return this.views.toDto(view);
  }

  @Get('deposits/attention')
  @Endpoint({
    access: ['admin'],
    summary: 'Deposits to look at (admin, Payment Attention)',
    description:
      'Holds lapsing within a day (renewed automatically while the rental is open), fallback charges (a renewal was declined), failed holds, ' +
      'holds awaiting the customer\'s confirmation and gateway errors, with their ledger.',
    ok: Envelope([DepositAttentionDto]),
  })
  async listDepositAttention(): Promise<ApiResult<DepositAttentionDto[]>> {
    const list: DepositAttentionDto[] = [];
    for (const d of await this.deposits.attention()) {
      const view = await this.rentals.findView(d.rentalId);
      if (!view) continue;
      list.push({
        rentalId: d.rentalId,
        paymentId: view.rental.paymentRef,
        bikeName: view.bike.name,
        customerName: view.user.name,
        customerEmail: view.user.email,
        deposit: toDepositDto(view.deposit, view.rental.currency),
        attention: d.attention ?? 'expiring',
        movements: await this.deposits.describeMovements(d.rentalId),
      });
    }
    return ok(list, 'Deposits retrieved successfully');
  }

  @Post(':id/deposit/capture')
  @HttpCode(200)
  @Endpoint({
    access: ['admin'],
    summary: 'Keep part or all of the held deposit (admin), with a reason; the rest is released',
    description:
      'Captures `amount` (major units, numeric strings too, at most the held amount) of the hold at the gateway; one partial capture ' +
      'releases the rest. A fallback charge refunds what is not kept; a counter deposit records it. Two captures at once capture once.',
    ok: Envelope(RentalDto),
    errors: {
      400: 'amount missing, not positive, more than 2 decimals or more than the held amount; reason missing',
      404: 'Rental not found',
      409: 'DEPOSIT_SETTLED (already captured or released), DEPOSIT_NOT_HELD (nothing held yet or the hold failed), NO_DEPOSIT',
      502: 'PAYMENT_GATEWAY_ERROR: the gateway refused or could not be reached; nothing changed',
    },
  })
  @ApiParam(ID_PARAM)
  async captureDeposit(@Param('id', ParseIdPipe('id')) id: string, @Body() dto: CaptureDepositDto): Promise<ApiResult<RentalDto>> {
    await this.rental(id);
    await this.deposits.capture(id, dto.amount, dto.reason);
    return ok(await this.rental(id), 'Deposit captured');
  }

  @Post(':id/deposit/release')
  @HttpCode(200)
  @Endpoint({
    access: ['admin'],
    summary: 'Release the whole held deposit (admin)',
    description: 'Cancels the hold at the gateway (nothing is charged); a fallback charge is refunded in full; a counter deposit is recorded as given back.',
    ok: Envelope(RentalDto),
    errors: {
      404: 'Rental not found',
      409: 'DEPOSIT_SETTLED (already captured or released), DEPOSIT_NOT_HELD, NO_DEPOSIT',
      502: 'PAYMENT_GATEWAY_ERROR: the gateway refused or could not be reached; nothing changed',
    },
  })
  @ApiParam(ID_PARAM)
  async releaseDeposit(@Param('id', ParseIdPipe('id')) id: string): Promise<ApiResult<RentalDto>> {
    await this.rental(id);
    await this.deposits.release(id);
    return ok(await this.rental(id), 'Deposit released');
  }
}
