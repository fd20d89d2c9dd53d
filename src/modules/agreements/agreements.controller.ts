import { Body, Controller, Delete, Get, HttpCode, Param, Post, Put, Query, Req, Res, StreamableFile } from '@nestjs/common';
import { ApiParam, ApiProduces, ApiTags } from '@nestjs/swagger';
import type { Request, Response } from 'express';
import { ApiResult, ok } from '../../common/api-result.js';
import { AuthUser, CurrentUser, RawResponse } from '../../common/decorators.js';
import { Endpoint, Envelope } from '../../common/endpoint.decorator.js';
import { ParseIdPipe } from '../../common/parse-id.pipe.js';
import {
  AdminAgreementVersionDto,
  AgreementVersionDto,
  CurrentAgreementDto,
  ListSignaturesQueryDto,
  RentalAgreementDto,
  SaveAgreementDto,
  SignedAgreementPageDto,
  SignRidersDto,
} from './agreements.dto.js';
import { AgreementsService } from './agreements.service.js';

const RENTAL_ID = { name: 'id', format: 'uuid', description: 'The rental _id' };

/** The shop's rental agreement: its versions (admin) and the one customers sign now (public). */
@ApiTags('agreements')
@Controller('agreements')
export class AgreementsController {
  constructor(private readonly agreements: AgreementsService) {}

  @Get('current')
  @Endpoint({
    access: 'public',
    summary: 'The rental agreement customers sign now (null: the shop asks for none)',
    description: 'The latest version as the admin wrote it (Markdown with placeholders) and the placeholders it may use. A rental\'s own text, filled in: GET rentals/{id}/agreement.',
    ok: Envelope(CurrentAgreementDto),
  })
  async getCurrentAgreement(): Promise<ApiResult<CurrentAgreementDto>> {
    return ok(await this.agreements.current(), 'Agreement retrieved');
  }

  @Get()
  @Endpoint({ access: ['admin'], summary: 'Every version of the rental agreement, newest first (admin)', ok: Envelope([AdminAgreementVersionDto]) })
  async listAgreementVersions(): Promise<ApiResult<AdminAgreementVersionDto[]>> {
    return ok(await this.agreements.listVersions(), 'Agreement versions retrieved');
  }

  @Put()
  @Endpoint({
    access: ['admin'],
    summary: 'Save the rental agreement as a new version (admin)',
    description: 'Every save is a new version (1, 2, ...); earlier versions and their signatures stay as they were. Riders who sign from now on sign this one. Saving after a withdrawal asks for signatures again.',
    ok: Envelope(AgreementVersionDto),
    errors: { 400: 'title or body missing or too long; body uses an unknown placeholder' },
  })
  async saveAgreement(@CurrentUser() user: AuthUser, @Body() dto: SaveAgreementDto): Promise<ApiResult<AgreementVersionDto>> {
    return ok(await this.agreements.save(user, dto), 'Agreement saved as a new version');
  }

  @Delete('current')
  @Endpoint({
    access: ['admin'],
    summary: 'Stop asking customers to sign (admin)',
    description: 'Withdraws the current version: bookings need no signature until a new version is saved. Signed PDFs stay.',
    ok: Envelope(AgreementVersionDto),
    errors: { 404: 'No agreement to withdraw' },
  })
  async withdrawAgreement(): Promise<ApiResult<AgreementVersionDto>> {
    return ok(await this.agreements.withdraw(), 'Agreement withdrawn');
  }

  @Get('signatures')
  @Endpoint({
    access: ['admin'],
    summary: 'Signed agreements, newest first, each PDF re-hashed against its stored SHA-256 (admin)',
    ok: Envelope(SignedAgreementPageDto),
  })
  async listSignedAgreements(@Query() query: ListSignaturesQueryDto): Promise<ApiResult<SignedAgreementPageDto>> {
    return ok(await this.agreements.listSignatures(query.page, query.limit), 'Signed agreements retrieved');
  }
}

/** A rental's riders and their signatures: the customer's own rental, or any for admins (the counter's tablet). */
@ApiTags('agreements')
@Controller('rentals')
export class RentalAgreementsController {
  constructor(private readonly agreements: AgreementsService) {}

  @Get(':id/agreement')
  @Endpoint({
    access: 'signed-in',
    summary: "A rental's agreement: its text for this rental, who signed, who is still to sign",
    description: 'The customer\'s own rental, or any for admins. `required` false: the shop asks for no agreement. `knownRiders`: this customer\'s riders whose signature of the current version can be reused.',
    ok: Envelope(RentalAgreementDto),
    errors: { 404: 'Rental not found (or not yours)' },
  })
  @ApiParam(RENTAL_ID)
  async getRentalAgreement(@CurrentUser() user: AuthUser, @Param('id', ParseIdPipe('id')) id: string): Promise<ApiResult<RentalAgreementDto>> {
    return ok(await this.agreements.rentalAgreement(user, id), 'Rental agreement retrieved');
  }

  @Post(':id/agreement/signatures')
  @HttpCode(201)
  @Endpoint({
    access: 'signed-in',
    summary: 'Riders sign the agreement (the customer online, or on the shop\'s tablet with an admin signed in)',
    description:
      'A booking of N bikes needs N riders (positions 0..N-1). Each rider signs with a typed name and either a drawing (method drawn, a PNG data URL) ' +
      'or the keyboard alone (method typed); both need consent true. A rider under 18 at the start needs guardianName, and the guardian signs. ' +
      'Leaving signature out reuses this customer\'s signature of the current version for the same rider (name and birth date) made within ' +
      'AGREEMENT_VALID_DAYS. Each new signature gets a PDF (text, rider, signature, time in the shop\'s zone, IP, user agent) whose SHA-256 is kept. Records agreement.signed.',
    created: Envelope(RentalAgreementDto),
    errors: {
      400: 'A field of a rider (riders.1.birthDate, riders.0.guardianName, riders.0.signature.typedName, ...), each listed',
      404: 'Rental not found (or not yours)',
      409: 'NO_AGREEMENT (the shop asks for none), RENTAL_CLOSED (returned or cancelled), RIDER_ALREADY_SIGNED',
    },
  })
  @ApiParam(RENTAL_ID)
  async signRentalAgreement(
    @CurrentUser() user: AuthUser,
    @Param('id', ParseIdPipe('id')) id: string,
    @Body() dto: SignRidersDto,
    @Req() req: Request,
  ): Promise<ApiResult<RentalAgreementDto>> {
    return ok(await this.agreements.sign(user, id, dto, { ip: req.ip ?? null, userAgent: req.get('user-agent') ?? null }), 'Agreement signed');
  }

  @Get(':id/agreement/signatures/:signatureId/pdf')
  @Endpoint({
    access: 'signed-in',
    summary: 'A signed agreement as PDF: the rental\'s customer and admins only',
    ok: { description: 'The PDF', content: { 'application/pdf': { schema: { type: 'string', format: 'binary' } } } },
    errors: { 404: 'No such signature of this rental, or not your rental' },
  })
  @RawResponse()
  @ApiProduces('application/pdf')
  @ApiParam(RENTAL_ID)
  @ApiParam({ name: 'signatureId', format: 'uuid' })
  async downloadSignedAgreement(
    @CurrentUser() user: AuthUser,
    @Param('id', ParseIdPipe('id')) id: string,
    @Param('signatureId', ParseIdPipe('signatureId')) signatureId: string,
    @Res({ passthrough: true }) res: Response,
  ): Promise<StreamableFile> {
    const file = await this.agreements.pdf(user, id, signatureId);
    res.setHeader('Cache-Control', 'private, no-store');
    return new StreamableFile(file.content, { type: 'application/pdf', disposition: `attachment; filename="${file.filename}"` });
  }
}
