import { Body, Controller, Get, HttpCode, Param, Post, Query, Res } from '@nestjs/common';
import { ApiParam, ApiQuery, ApiResponse, ApiTags } from '@nestjs/swagger';
import type { Response } from 'express';
import { RawResponse } from '../../../common/decorators.js';
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
      400: 'amount missing, not positive, more decimals than the deposit currency has or more than the held amount; reason missing',
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

  @Get('deposits/confirm/:movementId')
  @Endpoint({
    access: 'public',
    summary: "Confirm a deposit hold the customer's bank asked about (the link in the customer's email and My Rentals)",
    description:
      'Signed link (sig). Sends the browser (303) to the gateway\'s authentication page (Stripe: 3-D Secure, the hold confirmed on-session ' +
      'with a return URL), or to My Rentals when nothing is left to confirm.',
  })
  @RawResponse()
  @ApiParam({ name: 'movementId', format: 'uuid', description: 'The hold awaiting the customer (a deposit movement)' })
  @ApiQuery({ name: 'sig', required: true, description: "The link's signature" })
  @ApiResponse({ status: 303, description: "The gateway's authentication page, or /dashboard/rentals" })
  @ApiResponse({ status: 404, description: 'Not a link of this shop' })
  async startDepositConfirmation(@Param('movementId', ParseIdPipe('movementId')) id: string, @Query('sig') sig: unknown, @Res() res: Response): Promise<void> {
    this.redirect(res, await this.deposits.confirmationRedirect(id, sig, 'start'));
  }

  @Get('deposits/confirm/:movementId/return')
  @Endpoint({
    access: 'public',
    summary: 'Back from the gateway after confirming a deposit hold',
    description: "Signed link (sig). Reads the hold's state at the gateway, records it (held or failed) and sends the browser (303) to My Rentals.",
  })
  @RawResponse()
  @ApiParam({ name: 'movementId', format: 'uuid', description: 'The hold the customer confirmed' })
  @ApiQuery({ name: 'sig', required: true, description: "The link's signature" })
  @ApiResponse({ status: 303, description: '/dashboard/rentals' })
  @ApiResponse({ status: 404, description: 'Not a link of this shop' })
  async returnFromDepositConfirmation(@Param('movementId', ParseIdPipe('movementId')) id: string, @Query('sig') sig: unknown, @Res() res: Response): Promise<void> {
    this.redirect(res, await this.deposits.confirmationRedirect(id, sig, 'return'));
  }

  private redirect(res: Response, location: string | null): void {
    res.setHeader('Cache-Control', 'no-store');
    if (!location) {
      res.status(404).json({ success: false, message: 'Not found', code: 'NOT_FOUND' });
      return;
    }
    res.redirect(303, location);
  }
}
