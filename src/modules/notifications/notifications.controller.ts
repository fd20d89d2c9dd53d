import { applyDecorators, Controller, Get, Param, Query, Res, StreamableFile } from '@nestjs/common';
import { ApiParam, ApiProduces, ApiTags } from '@nestjs/swagger';
import { HttpException, HttpStatus, Logger, NotFoundException } from '@nestjs/common';
import { count, desc, eq } from 'drizzle-orm';
import type { Response } from 'express';
import { Readable } from 'node:stream';
import { ApiResult, ok } from '../../common/api-result.js';
import { AuthUser, CurrentUser, RawResponse } from '../../common/decorators.js';
import { Endpoint, Envelope } from '../../common/endpoint.decorator.js';
import { ParseIdPipe } from '../../common/parse-id.pipe.js';
import { loggableError } from '../../common/loggable-error.js';
import { AppConfig } from '../../config/app-config.js';
import { TransactionHost } from '../../database/transaction-host.js';
import { outboxEmails } from '../../database/schema/notifications.js';
import { PAYMENT_KINDS, PaymentKind } from '../../database/schema/payments.js';
import { DocumentsService, PdfFile } from './documents.service.js';
import { ExportsService } from './exports.service.js';
import { OutboxRenderer } from './outbox-renderer.js';
import { EXPORT_KINDS, ExportKind, ListEmailsQueryDto, OutboxEmailDto, OutboxEmailPageDto, toEmailDto } from './notifications.dto.js';

const PDF = { description: 'The PDF', content: { 'application/pdf': { schema: { type: 'string', format: 'binary' } } } };

/** A signed-in caller's PDF download of the document `:id` names: the handler answers pdfDownload(...). */
function PdfDownload(summary: string, notFound: string, idDescription: string) {
  return applyDecorators(
    Endpoint({ access: 'signed-in', summary, ok: PDF, errors: { 404: notFound } }),
    RawResponse(),
    ApiParam({ name: 'id', format: 'uuid', description: idDescription }),
    ApiProduces('application/pdf'),
  );
}

/** The PDF as a StreamableFile (Content-Type, Content-Disposition, Content-Length), never cached: set once it exists (a 404 keeps the API's headers). */
function pdfDownload(res: Response, file: PdfFile): StreamableFile {
  res.setHeader('Cache-Control', 'private, no-store');
  return new StreamableFile(file.content, { type: 'application/pdf', disposition: `attachment; filename="${file.filename}"` });
}

/** The outbox as admins read it (every message, sent or kept when there is no SMTP server). */
@ApiTags('notifications')
@Controller('notifications')
export class OutboxController {
  constructor(
    private readonly txHost: TransactionHost,
    private readonly config: AppConfig,
    private readonly renderer: OutboxRenderer,
  ) {}

  @Get('emails')
  @Endpoint({
    access: ['admin'],
    summary: 'Customer emails in the outbox, newest first, paged (without bodies)',
    ok: Envelope(OutboxEmailPageDto),
  })
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
      { emails: (await this.renderer.rendered(rows)).map((r) => toEmailDto(r)), currentPage: query.page, totalPages: Math.max(1, Math.ceil(n / query.limit)), total: n, smtpConfigured: Boolean(this.config.env.SMTP_URL) },
      'Emails retrieved',
    );
  }

  @Get('emails/:id')
  @Endpoint({
    access: ['admin'],
    summary: 'One email with its HTML and plain-text bodies',
    ok: Envelope(OutboxEmailDto),
    errors: { 404: 'Email not found' },
  })
  @ApiParam({ name: 'id', format: 'uuid' })
  async get(@Param('id', ParseIdPipe()) id: string): Promise<ApiResult<OutboxEmailDto>> {
    const [row] = await this.txHost.db.select().from(outboxEmails).where(eq(outboxEmails.id, id));
    const [rendered] = row ? await this.renderer.rendered([row]) : [];
    if (!rendered) throw new NotFoundException('Email not found');
    return ok(toEmailDto(rendered, true), 'Email retrieved');
  }
}

/** Receipts and invoices as PDF: the customer's own (404 otherwise) and any for admins. */
@ApiTags('payments')
@Controller()
export class DocumentsController {
  constructor(private readonly documents: DocumentsService) {}

  @Get('payments/:id/receipt')
  @PdfDownload("A successful payment's receipt (PDF), numbered R-000001, R-000002, ... per shop", 'No such paid payment of the caller (admins: of anyone)', 'The payment id')
  async receipt(@CurrentUser() user: AuthUser, @Param('id', ParseIdPipe()) id: string, @Res({ passthrough: true }) res: Response): Promise<StreamableFile> {
    return pdfDownload(res, await this.documents.receipt(id, user));
  }

  @Get('rentals/:id/receipts/:kind')
  @PdfDownload("The receipt (PDF) of a rental's booking fee or rental payment, by rental (as My Rentals links it)", 'No such rental of the caller, or that payment is not made', 'The rental id')
  @ApiParam({ name: 'kind', enum: PAYMENT_KINDS })
  async receiptOfRental(
    @CurrentUser() user: AuthUser,
    @Param('id', ParseIdPipe()) id: string,
    @Param('kind') kind: string,
    @Res({ passthrough: true }) res: Response,
  ): Promise<StreamableFile> {
    if (!(PAYMENT_KINDS as readonly string[]).includes(kind)) throw new NotFoundException('Receipt not found');
    return pdfDownload(res, await this.documents.receiptOfRental(id, kind as PaymentKind, user));
  }

  @Get('rentals/:id/invoice')
  @PdfDownload("A rental's itemised invoice (PDF): booking fee, hours/days/weeks, late fee, refunds; numbered INV-000001, ...", 'No such rental of the caller, or nothing paid or charged yet', 'The rental id')
  async invoice(@CurrentUser() user: AuthUser, @Param('id', ParseIdPipe()) id: string, @Res({ passthrough: true }) res: Response): Promise<StreamableFile> {
    return pdfDownload(res, await this.documents.invoice(id, user));
  }
}

@ApiTags('exports')
@Controller('exports')
export class ExportsController {
  private readonly logger = new Logger('Exports');

  constructor(private readonly exports: ExportsService) {}

  @Get(':kind')
  @RawResponse()
  @Endpoint({
    access: ['admin'],
    summary: 'CSV export of rentals, payments, users or gift cards, streamed from the database',
    description:
      'Read in batches of 500 rows by keyset, never the whole table in memory. `X-Export-Rows` announces the row count ' +
      '(the dashboard shows progress with it). Text starting with = + - @ is prefixed with an apostrophe (spreadsheet formulas).',
    ok: { description: 'The CSV (header line first)', content: { 'text/csv': { schema: { type: 'string' } } } },
    errors: { 404: 'Unknown export (not rentals, payments, users or gift-cards)', 429: 'EXPORTS_BUSY: EXPORT_MAX_CONCURRENT (2) exports are running on this instance; Retry-After says when to try again' },
  })
  @ApiParam({ name: 'kind', enum: EXPORT_KINDS })
  @ApiProduces('text/csv')
  async export(@Param('kind') kind: string, @Res({ passthrough: true }) res: Response): Promise<StreamableFile> {
    const name = kind.replace(/\.csv$/, '');
    if (!(EXPORT_KINDS as readonly string[]).includes(name)) throw new NotFoundException(`Unknown export: ${kind}`);
    const k = name as ExportKind;
    const release = this.exports.acquireSlot();
    if (!release) {
      res.setHeader('Retry-After', '30');
      throw new HttpException(
        { message: 'Other exports are running: please try again in a minute', code: 'EXPORTS_BUSY' },
        HttpStatus.TOO_MANY_REQUESTS,
      );
    }
    try {
      const rows = await this.exports.count(k);
      const stamp = new Date().toISOString().slice(0, 10);
      res.setHeader('X-Export-Rows', String(rows));
      res.setHeader('Cache-Control', 'no-store');
      // Nest pipes it with back-pressure, stops reading when the client goes away (the stream is destroyed) and cuts
      // the response when a batch fails after the headers (a truncated CSV never looks complete).
      return new StreamableFile(Readable.from(this.exportLines(k, release)), { type: 'text/csv; charset=utf-8', disposition: `attachment; filename="okaybike-${k}-${stamp}.csv"` });
    } catch (e) {
      release();
      throw e;
    }
  }

  /** The export's lines. The slot is given back when they end, fail or the client goes away; a cut export is logged. */
  private async *exportLines(k: ExportKind, release: () => void): AsyncGenerator<string | Buffer> {
    let written = 0;
    let finished = false;
    try {
      for await (const chunk of this.exports.lines(k)) {
        written += chunk.length;
        yield chunk;
      }
      finished = true;
    } catch (e) {
      this.logger.error(`export ${k} failed mid-stream after ${written} bytes: ${loggableError(e)}`);
      throw e;
    } finally {
      release();
      if (!finished) this.logger.warn(`export ${k} cut after ${written} bytes: the client went away or the stream failed`);
    }
  }
}
