import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { ArrayMaxSize, ArrayMinSize, IsArray, IsBoolean, IsIn, IsOptional, IsString, IsUrl, MaxLength } from 'class-validator';
import { EchoableFields } from '../../common/compat-body.js';
import { PageQueryDto } from '../../common/dto/page-query.dto.js';
import { IsOptionalNotNull, Trim } from '../../common/validators.js';
import { DELIVERY_STATUSES, EMAIL_STATUSES } from '../../database/schema/notifications.js';
import type { DeliveryStatus, EmailStatus, WebhookAttemptRow, WebhookDeliveryRow, WebhookEndpointRow } from '../../database/schema/notifications.js';
import { EMAIL_KINDS, WEBHOOK_EVENTS } from '../events/events.js';
import type { RenderedEmailRow } from './outbox-renderer.js';

const URL_OPTIONS = { protocols: ['http', 'https'], require_protocol: true, require_tld: false, allow_underscores: true };

export class CreateWebhookDto {
  @ApiProperty({ example: 'https://partner.example/okaybike/webhooks', description: 'http(s) URL; private and loopback targets are refused unless WEBHOOK_ALLOW_PRIVATE_TARGETS=true' })
  @Trim()
  @IsString({ message: 'url must be a URL' })
  @MaxLength(2000, { message: 'url must be at most 2000 characters' })
  @IsUrl(URL_OPTIONS, { message: 'url must be an http or https URL' })
  url: string;

  @ApiProperty({ enum: WEBHOOK_EVENTS, isArray: true, example: ['rental.booked', 'rental.cancelled'], description: 'The events to send to this endpoint' })
  @IsArray({ message: 'events must be a list of event names' })
  @ArrayMinSize(1, { message: 'events must name at least one event' })
  @ArrayMaxSize(WEBHOOK_EVENTS.length)
  @IsIn(WEBHOOK_EVENTS, { each: true, message: `events must be among ${WEBHOOK_EVENTS.join(', ')}` })
  events: string[];

  @ApiPropertyOptional({ example: 'Insurance partner', maxLength: 200 })
  @IsOptionalNotNull()
  @Trim()
  @IsString({ message: 'description must be a string' })
  @MaxLength(200, { message: 'description must be at most 200 characters' })
  description?: string;
}

/** PATCH webhooks/{id}: the endpoint's read-only fields (`_id`, `createdAt`, `updatedAt`) echoed back are ignored. */
@EchoableFields()
export class UpdateWebhookDto {
  @ApiPropertyOptional({ example: 'https://partner.example/okaybike/webhooks' })
  @IsOptionalNotNull()
  @Trim()
  @IsString({ message: 'url must be a URL' })
  @MaxLength(2000, { message: 'url must be at most 2000 characters' })
  @IsUrl(URL_OPTIONS, { message: 'url must be an http or https URL' })
  url?: string;

  @ApiPropertyOptional({ enum: WEBHOOK_EVENTS, isArray: true })
  @IsOptionalNotNull()
  @IsArray({ message: 'events must be a list of event names' })
  @ArrayMinSize(1, { message: 'events must name at least one event' })
  @ArrayMaxSize(WEBHOOK_EVENTS.length)
  @IsIn(WEBHOOK_EVENTS, { each: true, message: `events must be among ${WEBHOOK_EVENTS.join(', ')}` })
  events?: string[];

  @ApiPropertyOptional({ maxLength: 200 })
  @IsOptionalNotNull()
  @Trim()
  @IsString({ message: 'description must be a string' })
  @MaxLength(200, { message: 'description must be at most 200 characters' })
  description?: string;

  @ApiPropertyOptional({ description: 'false pauses the endpoint: new events are not queued for it' })
  @IsOptionalNotNull()
  @IsBoolean({ message: 'enabled must be true or false' })
  enabled?: boolean;
}

export class WebhookEndpointDto {
  @ApiProperty({ format: 'uuid' }) _id: string;
  @ApiProperty({ example: 'https://partner.example/okaybike/webhooks' }) url: string;
  @ApiProperty({ enum: WEBHOOK_EVENTS, isArray: true }) events: string[];
  @ApiProperty({ example: 'Insurance partner' }) description: string;
  @ApiProperty({ example: true }) enabled: boolean;
  @ApiProperty({ example: '2026-06-01T09:00:00.000Z' }) createdAt: string;
  @ApiProperty({ example: '2026-06-01T09:00:00.000Z' }) updatedAt: string;
}

export class WebhookEndpointWithSecretDto extends WebhookEndpointDto {
  @ApiProperty({ example: 'whsec_5f0c...', description: 'The signing secret: shown when the endpoint is created; keep it on the receiving side' })
  secret: string;
}

export const toEndpointDto = (r: WebhookEndpointRow): WebhookEndpointDto => ({
  _id: r.id,
  url: r.url,
  events: r.events,
  description: r.description,
  enabled: r.enabled,
  createdAt: r.createdAt.toISOString(),
  updatedAt: r.updatedAt.toISOString(),
});

export class WebhookAttemptDto {
  @ApiProperty({ example: '2026-06-01T09:00:01.000Z' }) attemptedAt: string;
  @ApiProperty({ type: Number, nullable: true, example: 500, description: 'HTTP status; null when no answer (refused, timeout)' }) statusCode: number | null;
  @ApiProperty({ example: 84 }) latencyMs: number;
  @ApiProperty({ type: String, nullable: true, example: null }) error: string | null;
  @ApiProperty({ example: 'ok', description: 'First 500 characters of the answer' }) responseExcerpt: string;
}

export const toAttemptDto = (a: WebhookAttemptRow): WebhookAttemptDto => ({
  attemptedAt: a.attemptedAt.toISOString(),
  statusCode: a.statusCode,
  latencyMs: a.latencyMs,
  error: a.error,
  responseExcerpt: a.responseExcerpt,
});

export class WebhookDeliveryDto {
  @ApiProperty({ format: 'uuid' }) _id: string;
  @ApiProperty({ format: 'uuid' }) endpointId: string;
  @ApiProperty({ format: 'uuid', description: 'The event id (also X-OkayBike-Event-Id and the body id)' }) eventId: string;
  @ApiProperty({ example: 'rental.booked' }) eventType: string;
  @ApiProperty({ enum: DELIVERY_STATUSES, example: 'succeeded' }) status: DeliveryStatus;
  @ApiProperty({ example: 1 }) attempts: number;
  @ApiProperty({ type: String, nullable: true, description: 'Next try while pending' }) nextAttemptAt: string | null;
  @ApiProperty({ type: Number, nullable: true, example: 200 }) lastStatusCode: number | null;
  @ApiProperty({ type: String, nullable: true }) lastError: string | null;
  @ApiProperty({ type: String, nullable: true }) deliveredAt: string | null;
  @ApiProperty() createdAt: string;
  @ApiPropertyOptional({ type: [WebhookAttemptDto], description: 'Every attempt, oldest first (the single-delivery answers)' })
  attemptLog?: WebhookAttemptDto[];
}

export const toDeliveryDto = (d: WebhookDeliveryRow, attempts?: WebhookAttemptRow[]): WebhookDeliveryDto => ({
  _id: d.id,
  endpointId: d.endpointId,
  eventId: d.eventId,
  eventType: d.eventType,
  status: d.status,
  attempts: d.attempts,
  nextAttemptAt: d.status === 'pending' ? d.nextAttemptAt.toISOString() : null,
  lastStatusCode: d.lastStatusCode,
  lastError: d.lastError,
  deliveredAt: d.deliveredAt?.toISOString() ?? null,
  createdAt: d.createdAt.toISOString(),
  ...(attempts ? { attemptLog: attempts.map(toAttemptDto) } : {}),
});

export class WebhookDeliveryPageDto {
  @ApiProperty({ type: [WebhookDeliveryDto] }) deliveries: WebhookDeliveryDto[];
  @ApiProperty({ example: 1 }) currentPage: number;
  @ApiProperty({ example: 3 }) totalPages: number;
  @ApiProperty({ example: 42 }) total: number;
}

export class ListPageQueryDto extends PageQueryDto(100, 20) {}

export class ListEmailsQueryDto extends ListPageQueryDto {
  @ApiPropertyOptional({ enum: EMAIL_STATUSES })
  @IsOptional()
  @IsIn(EMAIL_STATUSES, { message: `status must be one of ${EMAIL_STATUSES.join(', ')}` })
  status?: EmailStatus;
}

export class OutboxEmailDto {
  @ApiProperty({ format: 'uuid' }) _id: string;
  @ApiProperty({ enum: EMAIL_KINDS, example: 'booking_confirmed' }) kind: string;
  @ApiProperty({ example: 'rahim@example.com' }) to: string;
  @ApiProperty({ example: 'Booking confirmed: Yamaha R15 V4' }) subject: string;
  @ApiProperty({ enum: EMAIL_STATUSES, description: 'pending (to send), sent, kept (no SMTP_URL: kept for this page), failed (gave up)' })
  status: EmailStatus;
  @ApiProperty({ example: 1 }) attempts: number;
  @ApiProperty({ type: String, nullable: true }) lastError: string | null;
  @ApiProperty({ type: String, nullable: true }) sentAt: string | null;
  @ApiProperty() createdAt: string;
  @ApiProperty({ type: [String], example: ['receipt'], description: 'Files attached when sent: receipt and invoice (PDF), calendar (.ics)' }) attachments: string[];
  @ApiPropertyOptional({ description: 'HTML body (single-message answer)' }) html?: string;
  @ApiPropertyOptional({ description: 'Plain-text body (single-message answer)' }) text?: string;
}

export const toEmailDto = (r: RenderedEmailRow, full = false): OutboxEmailDto => ({
  _id: r.id,
  kind: r.kind,
  to: r.toAddress,
  subject: r.subject,
  status: r.status,
  attempts: r.attempts,
  lastError: r.lastError,
  sentAt: r.sentAt?.toISOString() ?? null,
  createdAt: r.createdAt.toISOString(),
  attachments: (r.attachments ?? []).map((a) => a.kind),
  ...(full ? { html: r.html, text: r.textBody } : {}),
});

export class OutboxEmailPageDto {
  @ApiProperty({ type: [OutboxEmailDto] }) emails: OutboxEmailDto[];
  @ApiProperty() currentPage: number;
  @ApiProperty() totalPages: number;
  @ApiProperty() total: number;
  @ApiProperty({ description: 'true when SMTP_URL is set (messages are sent); false: they are kept here' }) smtpConfigured: boolean;
}

export const EXPORT_KINDS = ['rentals', 'payments', 'users', 'gift-cards'] as const;
export type ExportKind = (typeof EXPORT_KINDS)[number];
