import { Body, Controller, Get, Param, Post, Query, Req, Res } from '@nestjs/common';
import { ApiConsumes, ApiParam, ApiProduces, ApiQuery, ApiResponse, ApiTags } from '@nestjs/swagger';
import type { Request, Response } from 'express';
import { RawResponse } from '../../common/decorators.js';
import { Endpoint } from '../../common/endpoint.decorator.js';
import { SandboxOutcomeDto } from './payments.dto.js';
import { requestOrigin } from './return-url.js';
import { SANDBOX_RETURN_PARAM } from './sandbox.gateway.js';
import { SandboxAnswer, SandboxService } from './sandbox.service.js';

const REF_PARAM = { name: 'sessionRef', description: 'The sandbox checkout session (sbx_ + 32 hex digits), from payment_url' };
const HTML = { 'text/html': { schema: { type: 'string' } } };
const RETURN_QUERY = {
  name: SANDBOX_RETURN_PARAM,
  required: false,
  description:
    "The client's return URL (the checkout's returnUrl, already on payment_url). Used only when its origin is the shop's or in " +
    'RETURN_ORIGINS / CORS_ORIGINS; the payer is sent to <return>?payment=<payment id>&status=<payment status>.',
};

function send(res: Response, answer: SandboxAnswer): void {
  res.setHeader('Cache-Control', 'no-store');
  if (answer.kind === 'redirect') {
    res.redirect(303, answer.location);
    return;
  }
  res.status(answer.status).type('text/html; charset=utf-8').send(answer.html);
}

/** The hosted payment page of the built-in sandbox gateway (a separate gateway in spirit, served by this app). */
@ApiTags('payments')
@Controller('payments/sandbox/checkout')
export class SandboxController {
  constructor(private readonly sandbox: SandboxService) {}

  @Get(':sessionRef')
  @Endpoint({
    access: 'public',
    summary: 'Sandbox gateway: the hosted payment page (HTML)',
    description: 'Shows the merchant, what is paid and the amount, with Pay, Fail and Cancel buttons; a session that is no longer pending shows its final state.',
  })
  @RawResponse()
  @ApiParam(REF_PARAM)
  @ApiQuery(RETURN_QUERY)
  @ApiProduces('text/html')
  @ApiResponse({ status: 200, description: 'The payment page', content: HTML })
  @ApiResponse({ status: 404, description: 'Unknown session', content: HTML })
  async showSandboxCheckout(
    @Param('sessionRef') sessionRef: string,
    @Query(SANDBOX_RETURN_PARAM) returnTo: unknown,
    @Req() req: Request,
    @Res() res: Response,
  ): Promise<void> {
    send(res, await this.sandbox.showCheckout(sessionRef, this.sandbox.returnUrl(returnTo, requestOrigin(req))));
  }

  @Post(':sessionRef')
  @Endpoint({
    access: 'public',
    summary: 'Sandbox gateway: the payer chose Pay, Fail or Cancel',
    description:
      'The gateway posts a signed notification to /api/payments/webhook/sandbox over HTTP, then redirects (303) the browser to ' +
      '/payment/result?payment=<payment id>, or with `return` to <return>?payment=<payment id>&status=<payment status>. ' +
      'A session that is no longer pending redirects without notifying.',
    errors: { 400: 'outcome is not pay, fail or cancel' },
  })
  @RawResponse()
  @ApiParam(REF_PARAM)
  @ApiQuery(RETURN_QUERY)
  @ApiConsumes('application/x-www-form-urlencoded')
  @ApiResponse({ status: 303, description: 'Back to the shop: Location /payment/result?payment=<id> (or the return URL with payment and status)' })
  @ApiResponse({ status: 404, description: 'Unknown session', content: HTML })
  @ApiResponse({ status: 502, description: 'The shop did not accept the notification', content: HTML })
  async submitSandboxCheckout(
    @Param('sessionRef') sessionRef: string,
    @Body() dto: SandboxOutcomeDto,
    @Query(SANDBOX_RETURN_PARAM) returnTo: unknown,
    @Req() req: Request,
    @Res() res: Response,
  ): Promise<void> {
    const returnUrl = this.sandbox.returnUrl(returnTo, requestOrigin(req));
    send(res, await this.sandbox.submit(sessionRef, dto.outcome, req.socket.localPort ?? 0, returnUrl, dto.card));
  }
}

/** The sandbox's page where a customer confirms a deposit hold their bank asked about (requires_action). */
@ApiTags('payments')
@Controller('payments/sandbox/deposit')
export class SandboxDepositController {
  constructor(private readonly sandbox: SandboxService) {}

  @Get(':intentRef')
  @Endpoint({ access: 'public', summary: 'Sandbox gateway: confirm a security deposit hold (HTML)', description: 'Shows the hold awaiting the customer with a Confirm button.' })
  @RawResponse()
  @ApiParam({ name: 'intentRef', description: 'The sandbox payment intent (sbx_pi_...)' })
  @ApiProduces('text/html')
  @ApiResponse({ status: 200, description: 'The confirmation page', content: HTML })
  @ApiResponse({ status: 404, description: 'Unknown hold', content: HTML })
  async showSandboxDepositConfirmation(@Param('intentRef') ref: string, @Res() res: Response): Promise<void> {
    send(res, await this.sandbox.showDepositConfirmation(ref));
  }

  @Post(':intentRef')
  @Endpoint({ access: 'public', summary: 'Sandbox gateway: the customer confirmed the deposit hold', description: 'The hold is authorised; redirects (303) to My Rentals.' })
  @RawResponse()
  @ApiParam({ name: 'intentRef', description: 'The sandbox payment intent (sbx_pi_...)' })
  @ApiResponse({ status: 303, description: 'Back to the shop: Location /dashboard/rentals' })
  @ApiResponse({ status: 404, description: 'Unknown hold', content: HTML })
  confirmSandboxDeposit(@Param('intentRef') ref: string, @Res() res: Response): void {
    send(res, this.sandbox.confirmDeposit(ref));
  }
}
