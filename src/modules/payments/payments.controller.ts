import { Controller, Get, HttpCode, Param, Post, Req } from '@nestjs/common';
import { ApiBody, ApiHeader, ApiParam, ApiTags } from '@nestjs/swagger';
import type { Request } from 'express';
import { ApiResult, ok } from '../../common/api-result.js';
import { AuthUser, CurrentUser } from '../../common/decorators.js';
import { Endpoint, Envelope } from '../../common/endpoint.decorator.js';
import { ParseIdPipe } from '../../common/parse-id.pipe.js';
import type { RawBodyRequest } from '../../common/raw-body.js';
import { AttentionPaymentDto, NotificationResultDto, PaymentDto, PaymentStatusDto } from './payments.dto.js';
import { PaymentsService } from './payments.service.js';
import { SANDBOX_SIGNATURE_HEADER } from './sandbox-signature.js';

type WebhookRequest = Request & RawBodyRequest;

const WEBHOOK_ERRORS = {
  400: 'INVALID_SIGNATURE (bad signature, or timestamp older than 5 minutes) or BAD_NOTIFICATION; nothing changes',
  404: 'GATEWAY_NOT_ENABLED: this gateway is not configured on this server',
};

@ApiTags('payments')
@Controller('payments')
export class PaymentsController {
  constructor(private readonly payments: PaymentsService) {}

  @Get('attention')
  @Endpoint({
    access: ['admin'],
    summary: 'Payments needing attention (admin)',
    description:
      'First the payments that still need an admin (`attention` set), oldest first: paid after their booking lapsed (being refunded ' +
      'automatically through the gateway) and payments whose refund the gateway refused (`refund_failed`). Then the late payments ' +
      'already refunded automatically (`paidAfterCloseAt` set, `attention` null), newest first. At most 200, each with its customer ' +
      'and the links to its receipt and its rental\'s invoice when they exist.',
    ok: Envelope([AttentionPaymentDto]),
  })
  async listAttention(): Promise<ApiResult<AttentionPaymentDto[]>> {
    return ok(await this.payments.listAttention(), 'Payments needing attention retrieved successfully');
  }

  @Get(':id')
  @Endpoint({
    access: 'signed-in',
    summary: 'One payment with its rental, for the payment result page',
    description: "The payment's owner or an admin. Another user's payment answers 404.",
    ok: Envelope(PaymentDto),
    errors: { 400: 'id is not a valid id', 404: 'No such payment, or not yours' },
  })
  @ApiParam({ name: 'id', format: 'uuid', description: 'The payment _id (the gateway returns the browser with ?payment=<id>)' })
  async getPayment(@CurrentUser() user: AuthUser, @Param('id', ParseIdPipe('id')) id: string): Promise<ApiResult<PaymentDto>> {
    return ok(await this.payments.getPayment(user, id), 'Payment retrieved successfully');
  }

  @Get(':id/status')
  @Endpoint({
    access: 'public',
    summary: 'The outcome of one payment, for anyone holding its id (public)',
    description:
      'Where a checkout returns the payer (`?payment=<id>&status=...`), the page there confirms the outcome with this call, signed ' +
      'in or not: the payment id is random (122 bits) and only the payer is given it. Answers the payment line only (kind, status, ' +
      'amount, currency, times): nothing about the payer, the rental or the bike.',
    ok: Envelope(PaymentStatusDto),
    errors: { 400: 'id is not a valid id', 404: 'No such payment' },
  })
  @ApiParam({ name: 'id', format: 'uuid', description: 'The payment _id (the `payment` parameter of the return address)' })
  async getPaymentStatus(@Param('id', ParseIdPipe('id')) id: string): Promise<ApiResult<PaymentStatusDto>> {
    return ok(await this.payments.getPaymentStatus(id), 'Payment status retrieved successfully');
  }

  @Post('webhook/sandbox')
  @Endpoint({
    access: 'public',
    summary: 'Notification endpoint of the sandbox gateway',
    description:
      `Body \`{ "id": "evt_...", "type": "payment.succeeded" | "payment.failed" | "payment.cancelled" | "payment.expired", "data": { "sessionRef": "sbx_..." }, "created": <unix seconds> }\`, ` +
      `signed in the \`${SANDBOX_SIGNATURE_HEADER}\` header as \`t=<unix seconds>,v1=<hex HMAC-SHA256 of "<t>.<raw body>">\` ` +
      'with SANDBOX_WEBHOOK_SECRET. Each event id is processed once: a replay answers 200 "Notification already processed" and changes nothing. ' +
      'A payment moves from pending to one final state once; later events change nothing.',
    ok: Envelope(NotificationResultDto),
    errors: WEBHOOK_ERRORS,
  })
  @HttpCode(200)
  @ApiHeader({ name: SANDBOX_SIGNATURE_HEADER, required: true, description: 't=<unix seconds>,v1=<hex HMAC-SHA256>' })
  @ApiBody({ schema: { type: 'object', example: { id: 'evt_5f2a', type: 'payment.succeeded', data: { sessionRef: 'sbx_0123456789abcdef0123456789abcdef' }, created: 1767225600 } } })
  async receiveSandboxNotification(@Req() req: WebhookRequest): Promise<ApiResult<NotificationResultDto>> {
    const { message, data } = await this.payments.handleNotification('sandbox', req.rawBody, req.headers);
    return ok(data, message);
  }

  @Post('webhook/stripe')
  @Endpoint({
    access: 'public',
    summary: 'Stripe webhook endpoint (Checkout Session events)',
    description:
      'Point a Stripe webhook endpoint here with the events checkout.session.completed, checkout.session.async_payment_succeeded, ' +
      'checkout.session.async_payment_failed, checkout.session.expired and payment_intent.canceled (a security deposit hold that lapsed); ' +
      'its signing secret is STRIPE_WEBHOOK_SECRET. ' +
      'Verified with the official SDK (5 minutes tolerance); each event id is processed once.',
    ok: Envelope(NotificationResultDto),
    errors: WEBHOOK_ERRORS,
  })
  @HttpCode(200)
  @ApiHeader({ name: 'Stripe-Signature', required: true })
  @ApiBody({ schema: { type: 'object', description: 'A Stripe Event object' } })
  async receiveStripeNotification(@Req() req: WebhookRequest): Promise<ApiResult<NotificationResultDto>> {
    const { message, data } = await this.payments.handleNotification('stripe', req.rawBody, req.headers);
    return ok(data, message);
  }
}
