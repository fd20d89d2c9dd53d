import { Controller, Get, Param, Query, Res } from '@nestjs/common';
import { ApiNotFoundResponse, ApiOkResponse, ApiOperation, ApiParam, ApiProduces, ApiTags } from '@nestjs/swagger';
import { NotFoundException } from '@nestjs/common';
import { count, desc, eq } from 'drizzle-orm';
import type { Response } from 'express';
import { ApiResult, ok } from '../../common/api-result.js';
import { SignedIn, AuthUser, CurrentUser, RawResponse, Roles } from '../../common/decorators.js';
import { Envelope, ErrorEnvelopeDto } from '../../common/dto/envelope.dto.js';
import { ParseIdPipe } from '../../common/parse-id.pipe.js';
import { AppConfig } from '../../config/app-config.js';
import { TransactionHost } from '../../database/transaction-host.js';
import { outboxEmails } from '../../database/schema/notifications.js';
import { PAYMENT_KINDS, PaymentKind } from '../../database/schema/payments.js';
import { DocumentsService, PdfFile } from './documents.service.js';
import { ExportsService } from './exports.service.js';
import { EXPORT_KINDS, ExportKind, ListEmailsQueryDto, OutboxEmailDto, OutboxEmailPageDto, toEmailDto } from './notifications.dto.js';

function sendPdf(res: Response, file: PdfFile): void {
  res.setHeader('Content-Type', 'application/pdf');
  res.setHeader('Content-Disposition', `attachment; filename="${file.filename}"`);
  res.setHeader('Cache-Control', 'private, no-store');
  res.end(file.content);
}

/** The outbox as admins read it (every message, sent or kept when there is no SMTP server). */
@ApiTags('notifications')
@Controller('notifications')
@Roles('admin')
export class OutboxController {
  constructor(
    private readonly txHost: TransactionHost,
    private readonly config: AppConfig,
  ) {}

  @Get('emails')
  @ApiOperation({ summary: 'Customer emails in the outbox, newest first, paged (without bodies)' })
  @ApiOkResponse({ type: Envelope(OutboxEmailPageDto) })
  async list(@Query() query: ListEmailsQueryDto): Promise<ApiResult<OutboxEmailPageDto>> {
    const where = query.status ? eq(outboxEmails.status, query.status) : undefined;
    const [{ n }] = await this.txHost.db.select({ n: count() }).from(outboxEmails).where(where);
    const rows = await this.txHost.db
      .select()
      .from(outboxEmails)
      .where(where)
      .orderBy(desc(outboxEmails.createdAt), desc(outboxEmails.id))
      .limit(query.limit)
      .offset((query.page - 1) * query.limit);
    return ok(
      { emails: rows.map((r) => toEmailDto(r)), currentPage: query.page, totalPages: Math.max(1, Math.ceil(n / query.limit)), total: n, smtpConfigured: Boolean(this.config.env.SMTP_URL) },
      'Emails retrieved',
    );
  }

  @Get('emails/:id')
  @ApiOperation({ summary: 'One email with its HTML and plain-text bodies' })
  @ApiParam({ name: 'id', format: 'uuid' })
  @ApiOkResponse({ type: Envelope(OutboxEmailDto) })
  @ApiNotFoundResponse({ type: ErrorEnvelopeDto })
  async get(@Param('id', ParseIdPipe()) id: string): Promise<ApiResult<OutboxEmailDto>> {
    const [row] = await this.txHost.db.select().from(outboxEmails).where(eq(outboxEmails.id, id));
    if (!row) throw new NotFoundException('Email not found');
    return ok(toEmailDto(row, true), 'Email retrieved');
  }
}

/** Receipts and invoices as PDF: the customer's own (404 otherwise) and any for admins. */
@ApiTags('payments')
@Controller()
export class DocumentsController {
  constructor(private readonly documents: DocumentsService) {}

  @Get('payments/:id/receipt')
  @SignedIn()
  @RawResponse()
  @ApiOperation({ summary: "A successful payment's receipt (PDF), numbered R-000001, R-000002, ... per shop" })
  @ApiParam({ name: 'id', format: 'uuid', description: 'The payment id' })
  @ApiProduces('application/pdf')
  @ApiOkResponse({ description: 'The PDF', content: { 'application/pdf': { schema: { type: 'string', format: 'binary' } } } })
  @ApiNotFoundResponse({ description: 'No such paid payment of the caller (admins: of anyone)', type: ErrorEnvelopeDto })
  async receipt(@CurrentUser() user: AuthUser, @Param('id', ParseIdPipe()) id: string, @Res() res: Response): Promise<void> {
    sendPdf(res, await this.documents.receipt(id, user));
  }

  @Get('rentals/:id/receipts/:kind')
  @SignedIn()
  @RawResponse()
  @ApiOperation({ summary: "The receipt (PDF) of a rental's booking fee or rental payment, by rental (as My Rentals links it)" })
  @ApiParam({ name: 'id', format: 'uuid', description: 'The rental id' })
  @ApiParam({ name: 'kind', enum: PAYMENT_KINDS })
  @ApiProduces('application/pdf')
  @ApiOkResponse({ description: 'The PDF', content: { 'application/pdf': { schema: { type: 'string', format: 'binary' } } } })
  @ApiNotFoundResponse({ description: 'No such rental of the caller, or that payment is not made', type: ErrorEnvelopeDto })
  async receiptOfRental(
    @CurrentUser() user: AuthUser,
    @Param('id', ParseIdPipe()) id: string,
    @Param('kind') kind: string,
    @Res() res: Response,
  ): Promise<void> {
    if (!(PAYMENT_KINDS as readonly string[]).includes(kind)) throw new NotFoundException('Receipt not found');
    sendPdf(res, await this.documents.receiptOfRental(id, kind as PaymentKind, user));
  }

  @Get('rentals/:id/invoice')
  @SignedIn()
  @RawResponse()
  @ApiOperation({ summary: "A rental's itemised invoice (PDF): booking fee, hours/days/weeks, late fee, refunds; numbered INV-000001, ..." })
  @ApiParam({ name: 'id', format: 'uuid', description: 'The rental id' })
  @ApiProduces('application/pdf')
  @ApiOkResponse({ description: 'The PDF', content: { 'application/pdf': { schema: { type: 'string', format: 'binary' } } } })
  @ApiNotFoundResponse({ description: 'No such rental of the caller, or nothing paid or charged yet', type: ErrorEnvelopeDto })
  async invoice(@CurrentUser() user: AuthUser, @Param('id', ParseIdPipe()) id: string, @Res() res: Response): Promise<void> {
    sendPdf(res, await this.documents.invoice(id, user));
  }
}

@ApiTags('exports')
@Controller('exports')
@Roles('admin')
export class ExportsController {
  constructor(private readonly exports: ExportsService) {}

  @Get(':kind')
  @RawResponse()
  @ApiOperation({
    summary: 'CSV export of rentals, payments or users, streamed from the database',
    description:
      'Read in batches of 500 rows by keyset, never the whole table in memory. `X-Export-Rows` announces the row count ' +
      '(the dashboard shows progress with it). Text starting with = + - @ is prefixed with an apostrophe (spreadsheet formulas).',
  })
  @ApiParam({ name: 'kind', enum: EXPORT_KINDS })
  @ApiProduces('text/csv')
  @ApiOkResponse({ description: 'The CSV (header line first)', content: { 'text/csv': { schema: { type: 'string' } } } })
  @ApiNotFoundResponse({ type: ErrorEnvelopeDto })
  async export(@Param('kind') kind: string, @Res() res: Response): Promise<void> {
    const name = kind.replace(/\.csv$/, '');
    if (!(EXPORT_KINDS as readonly string[]).includes(name)) throw new NotFoundException(`Unknown export: ${kind}`);
    const k = name as ExportKind;
    const rows = await this.exports.count(k);
    const stamp = new Date().toISOString().slice(0, 10);
    res.setHeader('Content-Type', 'text/csv; charset=utf-8');
    res.setHeader('Content-Disposition', `attachment; filename="okaybike-${k}-${stamp}.csv"`);
    res.setHeader('X-Export-Rows', String(rows));
    res.setHeader('Cache-Control', 'no-store');
    let aborted = false;
    res.on('close', () => (aborted = !res.writableFinished));
    try {
      for await (const chunk of this.exports.lines(k)) {
        if (aborted) return;
        if (!res.write(chunk)) await new Promise<void>((resolve) => res.once('drain', resolve).once('close', resolve));
      }
      res.end();
    } catch (e) {
      // Headers are gone: the only way to tell the client is to cut the stream.
      res.destroy(e as Error);
    }
  }
}
