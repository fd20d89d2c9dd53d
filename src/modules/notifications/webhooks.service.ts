import { BadRequestException, ConflictException, Injectable, NotFoundException } from '@nestjs/common';
import { and, asc, count, desc, eq, isNull, lte, or, sql } from 'drizzle-orm';
import { randomBytes } from 'node:crypto';
import { Clock } from '../../common/clock.js';
import { AppConfig } from '../../config/app-config.js';
import { TransactionHost } from '../../database/transaction-host.js';
import { domainEvents, webhookAttempts, webhookDeliveries, webhookEndpoints } from '../../database/schema/notifications.js';
import { TEST_EVENT } from '../events/events.js';
import {
  CreateWebhookDto,
  ListPageQueryDto,
  toDeliveryDto,
  toEndpointDto,
  UpdateWebhookDto,
  WebhookDeliveryDto,
  WebhookDeliveryPageDto,
  WebhookEndpointDto,
  WebhookEndpointWithSecretDto,
} from './notifications.dto.js';
import { OutboxWorker } from './outbox.worker.js';
import { resolveTarget, TargetRefused } from './webhook-http.js';

const endpointNotFound = () => new NotFoundException('Webhook endpoint not found');
const badUrl = (message: string) => new BadRequestException({ message, code: 'VALIDATION_FAILED', errors: [{ path: 'url', message }] });

/** Partners' endpoints (admin): register, change, remove, test; their deliveries and attempts; manual resend. */
@Injectable()
export class WebhooksService {
  constructor(
    private readonly txHost: TransactionHost,
    private readonly config: AppConfig,
    private readonly clock: Clock,
    private readonly worker: OutboxWorker,
  ) {}

  /** SSRF guard: the host must resolve, and only to public addresses unless WEBHOOK_ALLOW_PRIVATE_TARGETS. */
  private async checkTarget(url: string): Promise<void> {
    const target = new URL(url);
    // Credentials in the URL would be stored, shown to every admin and sent in the clear to whoever answers.
    if (target.username || target.password) throw badUrl('url must not contain a user name or password: give the partner the signing secret instead');
    const host = target.hostname;
    try {
      await resolveTarget(host, this.config.env.WEBHOOK_ALLOW_PRIVATE_TARGETS);
    } catch (e) {
      if (e instanceof TargetRefused) throw badUrl(`url is refused: ${e.message}`);
      throw e;
    }
  }

  /** At most WEBHOOK_MAX_ENDPOINTS endpoints (409 WEBHOOK_LIMIT): each one multiplies the outbox's work per event. */
  async create(dto: CreateWebhookDto): Promise<WebhookEndpointWithSecretDto> {
    await this.checkTarget(dto.url);
    const now = this.clock.now();
    const max = this.config.env.WEBHOOK_MAX_ENDPOINTS;
    const row = await this.txHost.run(async () => {
      // One registration at a time, so concurrent ones cannot pass the count together.
      await this.txHost.db.execute(sql`select pg_advisory_xact_lock(hashtext('webhook_endpoints.create'))`);
      const [{ n }] = await this.txHost.db.select({ n: count() }).from(webhookEndpoints);
      if (n >= max) {
        throw new ConflictException({ message: `At most ${max} webhook endpoints (WEBHOOK_MAX_ENDPOINTS): remove one first`, code: 'WEBHOOK_LIMIT' });
      }
      const [inserted] = await this.txHost.db
        .insert(webhookEndpoints)
        .values({ url: dto.url, events: [...new Set(dto.events)], description: dto.description ?? '', secret: `whsec_${randomBytes(24).toString('hex')}`, createdAt: now, updatedAt: now })
        .returning();
      return inserted;
    });
    return { ...toEndpointDto(row), secret: row.secret };
  }

  async list(): Promise<WebhookEndpointDto[]> {
    return (await this.txHost.db.select().from(webhookEndpoints).orderBy(desc(webhookEndpoints.createdAt))).map(toEndpointDto);
  }

  async get(id: string): Promise<WebhookEndpointDto> {
    const [row] = await this.txHost.db.select().from(webhookEndpoints).where(eq(webhookEndpoints.id, id));
    if (!row) throw endpointNotFound();
    return toEndpointDto(row);
  }

  async update(id: string, dto: UpdateWebhookDto): Promise<WebhookEndpointDto> {
    if (dto.url !== undefined) await this.checkTarget(dto.url);
    const [row] = await this.txHost.db
      .update(webhookEndpoints)
      .set({
        ...(dto.url !== undefined && { url: dto.url }),
        ...(dto.events !== undefined && { events: [...new Set(dto.events)] }),
        ...(dto.description !== undefined && { description: dto.description }),
        ...(dto.enabled !== undefined && { enabled: dto.enabled }),
        updatedAt: this.clock.now(),
      })
      .where(eq(webhookEndpoints.id, id))
      .returning();
    if (!row) throw endpointNotFound();
    return toEndpointDto(row);
  }

  async remove(id: string): Promise<void> {
    const rows = await this.txHost.db.delete(webhookEndpoints).where(eq(webhookEndpoints.id, id)).returning({ id: webhookEndpoints.id });
    if (!rows.length) throw endpointNotFound();
  }

  /** Sends a `webhook.test` event to this endpoint now and answers its delivery with the attempt. */
  async sendTest(id: string): Promise<WebhookDeliveryDto> {
    const endpoint = await this.get(id);
    const now = this.clock.now();
    const deliveryId = await this.txHost.run(async () => {
      const [ev] = await this.txHost.db
        .insert(domainEvents)
        .values({ type: TEST_EVENT, data: { message: 'A test event from Okay Bike', endpoint: endpoint._id }, createdAt: now })
        .returning();
      const [d] = await this.txHost.db
        .insert(webhookDeliveries)
        .values({ endpointId: endpoint._id, eventId: ev.id, eventType: TEST_EVENT, nextAttemptAt: now, createdAt: now })
        .returning();
      return d.id;
    });
    await this.worker.deliverNow(deliveryId);
    return this.delivery(deliveryId);
  }

  async deliveries(endpointId: string, query: ListPageQueryDto): Promise<WebhookDeliveryPageDto> {
    await this.get(endpointId);
    const [{ n }] = await this.txHost.db.select({ n: count() }).from(webhookDeliveries).where(eq(webhookDeliveries.endpointId, endpointId));
    const rows = await this.txHost.db
      .select()
      .from(webhookDeliveries)
      .where(eq(webhookDeliveries.endpointId, endpointId))
      .orderBy(desc(webhookDeliveries.createdAt), desc(webhookDeliveries.id))
      .limit(query.limit)
      .offset((query.page - 1) * query.limit);
    return { deliveries: rows.map((d) => toDeliveryDto(d)), currentPage: query.page, totalPages: Math.max(1, Math.ceil(n / query.limit)), total: n };
  }

  async delivery(id: string): Promise<WebhookDeliveryDto> {
    const [row] = await this.txHost.db.select().from(webhookDeliveries).where(eq(webhookDeliveries.id, id));
    if (!row) throw new NotFoundException('Webhook delivery not found');
    const attempts = await this.txHost.db.select().from(webhookAttempts).where(eq(webhookAttempts.deliveryId, id)).orderBy(asc(webhookAttempts.attemptedAt), asc(webhookAttempts.id));
    return toDeliveryDto(row, attempts);
  }

  /**
   * Manual resend: the delivery becomes pending again (whatever its state) and is tried at once; not while a
   * worker is sending it (its lease runs): that would send it twice at the same time (409 DELIVERY_IN_FLIGHT).
   */
  async resend(id: string): Promise<WebhookDeliveryDto> {
    const now = this.clock.now();
    const rows = await this.txHost.db
      .update(webhookDeliveries)
      .set({ status: 'pending', nextAttemptAt: now })
      .where(and(eq(webhookDeliveries.id, id), or(isNull(webhookDeliveries.leasedUntil), lte(webhookDeliveries.leasedUntil, now))))
      .returning({ id: webhookDeliveries.id });
    if (!rows.length) {
      const [exists] = await this.txHost.db.select({ id: webhookDeliveries.id }).from(webhookDeliveries).where(eq(webhookDeliveries.id, id));
      if (!exists) throw new NotFoundException('Webhook delivery not found');
      throw new ConflictException({ message: 'This delivery is being sent right now; its attempt shows in the log when it ends', code: 'DELIVERY_IN_FLIGHT' });
    }
    await this.worker.deliverNow(id);
    return this.delivery(id);
  }
}
