import { Body, Controller, Delete, Get, HttpCode, Param, Patch, Post, Query } from '@nestjs/common';
import { ApiBadRequestResponse, ApiConflictResponse, ApiCreatedResponse, ApiNotFoundResponse, ApiOkResponse, ApiOperation, ApiParam, ApiTags } from '@nestjs/swagger';
import { ApiResult, ok } from '../../common/api-result.js';
import { Roles } from '../../common/decorators.js';
import { Envelope, ErrorEnvelopeDto, MessageEnvelopeDto } from '../../common/dto/envelope.dto.js';
import { ParseIdPipe } from '../../common/parse-id.pipe.js';
import { WEBHOOK_EVENTS } from './events.js';
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
@Roles('admin')
export class WebhooksController {
  constructor(private readonly webhooks: WebhooksService) {}

  @Post()
  @ApiOperation({ summary: 'Register a partner endpoint; the answer carries its signing secret', description: SIGNING })
  @ApiCreatedResponse({ type: Envelope(WebhookEndpointWithSecretDto) })
  @ApiBadRequestResponse({ description: 'Bad url (not http(s), does not resolve, private target) or events', type: ErrorEnvelopeDto })
  async create(@Body() dto: CreateWebhookDto): Promise<ApiResult<WebhookEndpointWithSecretDto>> {
    return ok(await this.webhooks.create(dto), 'Webhook endpoint created');
  }

  @Get()
  @ApiOperation({ summary: 'Every partner endpoint, newest first (without secrets)' })
  @ApiOkResponse({ type: Envelope([WebhookEndpointDto]) })
  async list(): Promise<ApiResult<WebhookEndpointDto[]>> {
    return ok(await this.webhooks.list(), 'Webhook endpoints retrieved');
  }

  @Get('deliveries/:deliveryId')
  @ApiOperation({ summary: 'One delivery with every attempt (status, latency, response excerpt)' })
  @ApiParam({ name: 'deliveryId', format: 'uuid' })
  @ApiOkResponse({ type: Envelope(WebhookDeliveryDto) })
  @ApiNotFoundResponse({ type: ErrorEnvelopeDto })
  async delivery(@Param('deliveryId', ParseIdPipe('deliveryId')) id: string): Promise<ApiResult<WebhookDeliveryDto>> {
    return ok(await this.webhooks.delivery(id), 'Webhook delivery retrieved');
  }

  @Post('deliveries/:deliveryId/resend')
  @HttpCode(200)
  @ApiOperation({
    summary: 'Send a delivery again now (whatever its state); answers it with its attempts',
    description: 'Not while a worker is sending it (409 DELIVERY_IN_FLIGHT): the attempt under way shows in the log when it ends.',
  })
  @ApiParam({ name: 'deliveryId', format: 'uuid' })
  @ApiOkResponse({ type: Envelope(WebhookDeliveryDto) })
  @ApiNotFoundResponse({ type: ErrorEnvelopeDto })
  @ApiConflictResponse({ description: 'DELIVERY_IN_FLIGHT: a worker is sending it right now', type: ErrorEnvelopeDto })
  async resend(@Param('deliveryId', ParseIdPipe('deliveryId')) id: string): Promise<ApiResult<WebhookDeliveryDto>> {
    return ok(await this.webhooks.resend(id), 'Webhook delivery resent');
  }

  @Get(':id')
  @ApiOperation({ summary: 'One partner endpoint' })
  @ApiParam({ name: 'id', format: 'uuid' })
  @ApiOkResponse({ type: Envelope(WebhookEndpointDto) })
  @ApiNotFoundResponse({ type: ErrorEnvelopeDto })
  async get(@Param('id', ParseIdPipe()) id: string): Promise<ApiResult<WebhookEndpointDto>> {
    return ok(await this.webhooks.get(id), 'Webhook endpoint retrieved');
  }

  @Patch(':id')
  @ApiOperation({ summary: 'Change url, events, description or enabled' })
  @ApiParam({ name: 'id', format: 'uuid' })
  @ApiOkResponse({ type: Envelope(WebhookEndpointDto) })
  @ApiBadRequestResponse({ type: ErrorEnvelopeDto })
  @ApiNotFoundResponse({ type: ErrorEnvelopeDto })
  async update(@Param('id', ParseIdPipe()) id: string, @Body() dto: UpdateWebhookDto): Promise<ApiResult<WebhookEndpointDto>> {
    return ok(await this.webhooks.update(id, dto), 'Webhook endpoint updated');
  }

  @Delete(':id')
  @ApiOperation({ summary: 'Remove an endpoint with its deliveries' })
  @ApiParam({ name: 'id', format: 'uuid' })
  @ApiOkResponse({ type: MessageEnvelopeDto })
  @ApiNotFoundResponse({ type: ErrorEnvelopeDto })
  async remove(@Param('id', ParseIdPipe()) id: string): Promise<ApiResult<null>> {
    await this.webhooks.remove(id);
    return ok(null, 'Webhook endpoint deleted');
  }

  @Post(':id/test')
  @HttpCode(200)
  @ApiOperation({ summary: 'Send a `webhook.test` event to this endpoint now; answers the delivery with its attempt' })
  @ApiParam({ name: 'id', format: 'uuid' })
  @ApiOkResponse({ type: Envelope(WebhookDeliveryDto) })
  @ApiNotFoundResponse({ type: ErrorEnvelopeDto })
  async test(@Param('id', ParseIdPipe()) id: string): Promise<ApiResult<WebhookDeliveryDto>> {
    return ok(await this.webhooks.sendTest(id), 'Test event sent');
  }

  @Get(':id/deliveries')
  @ApiOperation({ summary: "An endpoint's deliveries, newest first, paged" })
  @ApiParam({ name: 'id', format: 'uuid' })
  @ApiOkResponse({ type: Envelope(WebhookDeliveryPageDto) })
  @ApiNotFoundResponse({ type: ErrorEnvelopeDto })
  async deliveries(@Param('id', ParseIdPipe()) id: string, @Query() query: ListPageQueryDto): Promise<ApiResult<WebhookDeliveryPageDto>> {
    return ok(await this.webhooks.deliveries(id, query), 'Webhook deliveries retrieved');
  }
}
