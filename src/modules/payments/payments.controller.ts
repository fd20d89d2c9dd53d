import { applyDecorators, Controller, Get, HttpCode, Param, Post, Req } from '@nestjs/common';
import {
  ApiBadRequestResponse,
  ApiBody,
  ApiHeader,
  ApiNotFoundResponse,
  ApiOkResponse,
  ApiOperation,
  ApiParam,
  ApiTags,
} from '@nestjs/swagger';
import type { Request } from 'express';
import { ApiResult, ok } from '../../common/api-result.js';
import { SignedIn, AuthUser, CurrentUser, Public, Roles } from '../../common/decorators.js';
import { Envelope, ErrorEnvelopeDto } from '../../common/dto/envelope.dto.js';
import { ParseIdPipe } from '../../common/parse-id.pipe.js';
import type { RawBodyRequest } from '../../common/raw-body.js';
import { AttentionPaymentDto, NotificationResultDto, PaymentDto, PaymentStatusDto } from './payments.dto.js';
import { PaymentsService } from './payments.service.js';
import { SANDBOX_SIGNATURE_HEADER } from './sandbox-signature.js';

type WebhookRequest = Request & RawBodyRequest;

const WebhookErrors = () =>
  applyDecorators(
    ApiBadRequestResponse({
      description: 'INVALID_SIGNATURE (bad signature, or timestamp older than 5 minutes) or BAD_NOTIFICATION; nothing changes',
      type: ErrorEnvelopeDto,
    }),
    ApiNotFoundResponse({ description: 'GATEWAY_NOT_ENABLED: this gateway is not configured on this server', type: ErrorEnvelopeDto }),
  );

@ApiTags('payments')
@Controller('payments')
export class PaymentsController {
  constructor(private readonly payments: PaymentsService) {}

  @Get('attention')
  @Roles('admin')
  @ApiOperation({
    summary: 'Payments needing attention (admin)',
    description:
      'First the payments that still need an admin (`attention` set), oldest first: paid after their booking lapsed (being refunded ' +
      'automatically through the gateway) and payments whose refund the gateway refused (`refund_failed`). Then the late payments ' +
      'already refunded automatically (`paidAfterCloseAt` set, `attention` null), newest first. At most 200, each with its customer ' +
      'and the links to its receipt and its rental\'s invoice when they exist.',
  })
  @ApiOkResponse({ type: Envelope([AttentionPaymentDto]) })
  async listAttention(): Promise<ApiResult<AttentionPaymentDto[]>> {
    return ok(await this.payments.listAttention(), 'Payments needing attention retrieved successfully');
  }

  @Get(':id')
  @SignedIn()
  @ApiOperation({
    summary: 'One payment with its rental, for the payment result page',
    description: "The payment's owner or an admin. Another user's payment answers 404.",
  })
  @ApiParam({ name: 'id', format: 'uuid', description: 'The payment _id (the gateway returns the browser with ?payment=<id>)' })
  @ApiOkResponse({ type: Envelope(PaymentDto) })
  @ApiBadRequestResponse({ description: 'id is not a valid id', type: ErrorEnvelopeDto })
  @ApiNotFoundResponse({ description: 'No such payment, or not yours', type: ErrorEnvelopeDto })
  async getPayment(@CurrentUser() user: AuthUser, @Param('id', ParseIdPipe('id')) id: string): Promise<ApiResult<PaymentDto>> {
    return ok(await this.payments.getPayment(user, id), 'Payment retrieved successfully');
  }

  @Get(':id/status')
  @Public()
  @ApiOperation({
    summary: 'The outcome of one payment, for anyone holding its id (public)',
    description:
      'Where a checkout returns the payer (`?payment=<id>&status=...`), the page there confirms the outcome with this call, signed ' +
      'in or not: the payment id is random (122 bits) and only the payer is given it. Answers the payment line only (kind, status, ' +
      'amount, currency, times): nothing about the payer, the rental or the bike.',
  })
  @ApiParam({ name: 'id', format: 'uuid', description: 'The payment _id (the `payment` parameter of the return address)' })
  @ApiOkResponse({ type: Envelope(PaymentStatusDto) })
  @ApiBadRequestResponse({ description: 'id is not a valid id', type: ErrorEnvelopeDto })
  @ApiNotFoundResponse({ description: 'No such payment', type: ErrorEnvelopeDto })
  async getPaymentStatus(@Param('id', ParseIdPipe('id')) id: string): Promise<ApiResult<PaymentStatusDto>> {
    return ok(await this.payments.getPaymentStatus(id), 'Payment status retrieved successfully');
  }

  @Post('webhook/sandbox')
  @Public()
  @HttpCode(200)
  @ApiOperation({
    summary: 'Notification endpoint of the sandbox gateway',
    description:
      `Body \`{ "id": "evt_...", "type": "payment.succeeded" | "payment.failed" | "payment.cancelled" | "payment.expired", "data": { "sessionRef": "sbx_..." }, "created": <unix seconds> }\`, ` +
      `signed in the \`${SANDBOX_SIGNATURE_HEADER}\` header as \`t=<unix seconds>,v1=<hex HMAC-SHA256 of "<t>.<raw body>">\` ` +
      'with SANDBOX_WEBHOOK_SECRET. Each event id is processed once: a replay answers 200 "Notification already processed" and changes nothing. ' +
      'A payment moves from pending to one final state once; later events change nothing.',
  })
  @ApiHeader({ name: SANDBOX_SIGNATURE_HEADER, required: true, description: 't=<unix seconds>,v1=<hex HMAC-SHA256>' })
  @ApiBody({ schema: { type: 'object', example: { id: 'evt_5f2a', type: 'payment.succeeded', data: { sessionRef: 'sbx_0123456789abcdef0123456789abcdef' }, created: 1767225600 } } })
  @ApiOkResponse({ type: Envelope(NotificationResultDto) })
  @WebhookErrors()
  async receiveSandboxNotification(@Req() req: WebhookRequest): Promise<ApiResult<NotificationResultDto>> {
    const { message, data } = await this.payments.handleNotification('sandbox', req.rawBody, req.headers);
    return ok(data, message);
  }

  @Post('webhook/stripe')
  @Public()
  @HttpCode(200)
  @ApiOperation({
    summary: 'Stripe webhook endpoint (Checkout Session events)',
    description:
      'Point a Stripe webhook endpoint here with the events checkout.session.completed, checkout.session.async_payment_succeeded, ' +
      'checkout.session.async_payment_failed and checkout.session.expired; its signing secret is STRIPE_WEBHOOK_SECRET. ' +
      'Verified with the official SDK (5 minutes tolerance); each event id is processed once.',
  })
  @ApiHeader({ name: 'Stripe-Signature', required: true })
  @ApiBody({ schema: { type: 'object', description: 'A Stripe Event object' } })
  @ApiOkResponse({ type: Envelope(NotificationResultDto) })
  @WebhookErrors()
  async receiveStripeNotification(@Req() req: WebhookRequest): Promise<ApiResult<NotificationResultDto>> {
    const { message, data } = await this.payments.handleNotification('stripe', req.rawBody, req.headers);
    return ok(data, message);
  }
}
