import { Body, Controller, Delete, Get, HttpCode, Param, Patch, Post, Query } from '@nestjs/common';
import { ApiParam, ApiTags } from '@nestjs/swagger';
import { ApiResult, ok } from '../../common/api-result.js';
import { Endpoint, Envelope, MessageEnvelopeDto } from '../../common/endpoint.decorator.js';
import { ParseIdPipe } from '../../common/parse-id.pipe.js';
import { WEBHOOK_EVENTS } from '../events/events.js';
import {
  CreateWebhookDto,
  ListPageQueryDto,
  UpdateWebhookDto,
  WebhookDeliveryDto,
  WebhookDeliveryPageDto,
  WebhookEndpointDto,
  WebhookEndpointWithSecretDto,
} from './notifications.dto.js';
import { WebhooksService } from './webhooks.service.js';

const SIGNING =
  'Each delivery is a POST with the JSON body `{ id, type, createdAt, data }` (`data` in the API\'s own DTOs: RentalDto, ' +
  'PaymentDto, BikeDto), the header `X-OkayBike-Signature: t=<unix seconds>,v1=<hex HMAC-SHA256 of "<t>.<raw body>" ' +
  'with the endpoint secret>` and `X-OkayBike-Event-Id: <id>` (the same on every retry: deduplicate on it). ' +
  'Any 2xx answer is a success; anything else (or no answer within WEBHOOK_TIMEOUT_MS) is retried with exponential ' +
  'back-off (10 s, 30 s, 90 s, ... up to 6 h apart) for 3 days. Events: ' +
  WEBHOOK_EVENTS.join(', ') +
  '. Targets on private or loopback addresses are refused unless WEBHOOK_ALLOW_PRIVATE_TARGETS=true.';

@ApiTags('webhooks')
@Controller('webhooks')
export class WebhooksController {
  constructor(private readonly webhooks: WebhooksService) {}

  @Post()
  @Endpoint({
    access: ['admin'],
    summary: 'Register a partner endpoint; the answer carries its signing secret',
    description: SIGNING,
    created: Envelope(WebhookEndpointWithSecretDto),
    errors: { 400: 'Bad url (not http(s), user:password@ in it, does not resolve, not a public unicast target) or events', 409: 'WEBHOOK_LIMIT: WEBHOOK_MAX_ENDPOINTS (20) endpoints already' },
  })
  async create(@Body() dto: CreateWebhookDto): Promise<ApiResult<WebhookEndpointWithSecretDto>> {
    return ok(await this.webhooks.create(dto), 'Webhook endpoint created');
  }

  @Get()
  @Endpoint({ access: ['admin'], summary: 'Every partner endpoint, newest first (without secrets)', ok: Envelope([WebhookEndpointDto]) })
  async list(): Promise<ApiResult<WebhookEndpointDto[]>> {
    return ok(await this.webhooks.list(), 'Webhook endpoints retrieved');
  }

  @Get('deliveries/:deliveryId')
  @Endpoint({
    access: ['admin'],
    summary: 'One delivery with every attempt (status, latency, response excerpt)',
    ok: Envelope(WebhookDeliveryDto),
    errors: { 404: 'Webhook delivery not found' },
  })
  @ApiParam({ name: 'deliveryId', format: 'uuid' })
  async delivery(@Param('deliveryId', ParseIdPipe('deliveryId')) id: string): Promise<ApiResult<WebhookDeliveryDto>> {
    return ok(await this.webhooks.delivery(id), 'Webhook delivery retrieved');
  }

  @Post('deliveries/:deliveryId/resend')
  @HttpCode(200)
  @Endpoint({
    access: ['admin'],
    summary: 'Send a delivery again now (whatever its state); answers it with its attempts',
    description: 'Not while a worker is sending it (409 DELIVERY_IN_FLIGHT): the attempt under way shows in the log when it ends.',
    ok: Envelope(WebhookDeliveryDto),
    errors: { 404: 'Webhook delivery not found', 409: 'DELIVERY_IN_FLIGHT: a worker is sending it right now' },
  })
  @ApiParam({ name: 'deliveryId', format: 'uuid' })
  async resend(@Param('deliveryId', ParseIdPipe('deliveryId')) id: string): Promise<ApiResult<WebhookDeliveryDto>> {
    return ok(await this.webhooks.resend(id), 'Webhook delivery resent');
  }

  @Get(':id')
  @Endpoint({ access: ['admin'], summary: 'One partner endpoint', ok: Envelope(WebhookEndpointDto), errors: { 404: 'Webhook endpoint not found' } })
  @ApiParam({ name: 'id', format: 'uuid' })
  async get(@Param('id', ParseIdPipe()) id: string): Promise<ApiResult<WebhookEndpointDto>> {
    return ok(await this.webhooks.get(id), 'Webhook endpoint retrieved');
  }

  @Patch(':id')
  @Endpoint({
    access: ['admin'],
    summary: 'Change url, events, description or enabled',
    ok: Envelope(WebhookEndpointDto),
    errors: { 400: 'Bad url (not http(s), does not resolve, private target), events or description', 404: 'Webhook endpoint not found' },
  })
  @ApiParam({ name: 'id', format: 'uuid' })
  async update(@Param('id', ParseIdPipe()) id: string, @Body() dto: UpdateWebhookDto): Promise<ApiResult<WebhookEndpointDto>> {
    return ok(await this.webhooks.update(id, dto), 'Webhook endpoint updated');
  }

  @Delete(':id')
  @Endpoint({
    access: ['admin'],
    summary: 'Remove an endpoint with its deliveries',
    ok: MessageEnvelopeDto,
    errors: { 404: 'Webhook endpoint not found' },
  })
  @ApiParam({ name: 'id', format: 'uuid' })
  async remove(@Param('id', ParseIdPipe()) id: string): Promise<ApiResult<null>> {
    await this.webhooks.remove(id);
    return ok(null, 'Webhook endpoint deleted');
  }

  @Post(':id/test')
  @HttpCode(200)
  @Endpoint({
    access: ['admin'],
    summary: 'Send a `webhook.test` event to this endpoint now; answers the delivery with its attempt',
    ok: Envelope(WebhookDeliveryDto),
    errors: { 404: 'Webhook endpoint not found' },
  })
  @ApiParam({ name: 'id', format: 'uuid' })
  async test(@Param('id', ParseIdPipe()) id: string): Promise<ApiResult<WebhookDeliveryDto>> {
    return ok(await this.webhooks.sendTest(id), 'Test event sent');
  }

  @Get(':id/deliveries')
  @Endpoint({
    access: ['admin'],
    summary: "An endpoint's deliveries, newest first, paged",
    ok: Envelope(WebhookDeliveryPageDto),
    errors: { 404: 'Webhook endpoint not found' },
  })
  @ApiParam({ name: 'id', format: 'uuid' })
  async deliveries(@Param('id', ParseIdPipe()) id: string, @Query() query: ListPageQueryDto): Promise<ApiResult<WebhookDeliveryPageDto>> {
    return ok(await this.webhooks.deliveries(id, query), 'Webhook deliveries retrieved');
  }
}
