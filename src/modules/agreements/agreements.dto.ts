import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { Type } from 'class-transformer';
import {
  ArrayMaxSize,
  ArrayMinSize,
  Equals,
  IsArray,
  IsIn,
  IsInt,
  IsNotEmpty,
  IsOptional,
  IsString,
  Matches,
  Max,
  MaxLength,
  Min,
  ValidateNested,
} from 'class-validator';
import { PageQueryDto } from '../../common/dto/page-query.dto.js';
import { IsOptionalNotNull, RequiredText, Trim } from '../../common/validators.js';
import { SIGNATURE_METHODS, SIGNED_VIA } from '../../database/schema/agreements.js';
import type { SignatureMethod, SignedVia } from '../../database/schema/agreements.js';
import { LANGUAGES, type Language } from '../../database/schema/users.js';
import { PLACEHOLDERS } from './agreement-text.js';

export const MAX_AGREEMENT_BODY = 20_000;
/** A drawn signature's PNG, decoded: a phone's canvas exported at signature size is a few kilobytes. */
export const MAX_SIGNATURE_IMAGE_BYTES = 48 * 1024;

export class SaveAgreementDto {
  @RequiredText(200, { example: 'Rental agreement', description: 'Shown above the text and on every signed PDF' })
  title: string;

  @RequiredText(MAX_AGREEMENT_BODY, {
    example: 'I, {{customer}}, rent {{bikes}} for {{window}} and leave a deposit of {{deposit}}.\n\n## Safety\n- Wear a helmet.',
    description: `Markdown (headings, paragraphs, lists, bold, italic, links). Placeholders filled per rental: ${Object.entries(PLACEHOLDERS)
      .map(([k, v]) => `{{${k}}} (${v})`)
      .join(', ')}`,
  })
  body: string;
}

export class PlaceholderDto {
  @ApiProperty({ example: 'customer' }) name: string;
  @ApiProperty({ example: "the customer's name and email" }) description: string;
}

export class AgreementVersionDto {
  @ApiProperty({ format: 'uuid' }) _id: string;
  @ApiProperty({ example: 3, description: 'Versions count up from 1; each save is a new one' }) version: number;
  @ApiProperty({ example: 'Rental agreement' }) title: string;
  @ApiProperty({ description: 'Markdown with placeholders, as the admin wrote it' }) body: string;
  @ApiProperty({ example: '2026-06-01T09:00:00.000Z' }) createdAt: string;
  @ApiProperty({ type: String, nullable: true, example: 'Shop Admin' }) createdBy: string | null;
  @ApiProperty({ type: String, nullable: true, example: null, description: 'When the admin stopped asking for signatures (latest version only)' })
  withdrawnAt: string | null;
}

export class AdminAgreementVersionDto extends AgreementVersionDto {
  @ApiProperty({ example: 12, description: 'Signatures made for this version (reuses not counted)' }) signatures: number;
}

export class CurrentAgreementDto {
  @ApiProperty({ type: AgreementVersionDto, nullable: true, description: 'The version customers sign now; null: the shop asks for no agreement' })
  agreement: AgreementVersionDto | null;
  @ApiProperty({ type: [PlaceholderDto] }) placeholders: PlaceholderDto[];
}

export class SignatureInputDto {
  @ApiProperty({ enum: SIGNATURE_METHODS, example: 'drawn', description: 'drawn: a drawing of the signature (image); typed: the typed name and consent alone (keyboard-only)' })
  @IsIn(SIGNATURE_METHODS, { message: `method must be one of ${SIGNATURE_METHODS.join(', ')}` })
  method: SignatureMethod;

  @RequiredText(100, { example: 'Ada Lovelace', description: "The signer's full name as typed: the rider's, or the guardian's for a minor" })
  typedName: string;

  @ApiPropertyOptional({ example: 'data:image/png;base64,iVBORw0KGgo...', description: `method drawn: the drawing as a PNG data URL (at most ${MAX_SIGNATURE_IMAGE_BYTES / 1024} KB decoded)` })
  @IsOptional()
  @IsString({ message: 'image must be a PNG data URL' })
  @MaxLength(Math.ceil((MAX_SIGNATURE_IMAGE_BYTES * 4) / 3) + 64, { message: `image must be at most ${MAX_SIGNATURE_IMAGE_BYTES / 1024} KB` })
  image?: string;

  @ApiProperty({ example: true, description: 'The signer agrees to the text and to signing electronically; must be true' })
  @Equals(true, { message: 'consent must be true: the signer agrees to the agreement' })
  consent: boolean;
}

export class RiderInputDto {
  @ApiProperty({ example: 0, minimum: 0, maximum: 9, description: 'Which rider of the booking (0 .. quantity-1)' })
  @Type(() => Number)
  @IsInt({ message: 'position must be a whole number' })
  @Min(0, { message: 'position must be at least 0' })
  @Max(9, { message: 'position must be at most 9' })
  position: number;

  @RequiredText(100, { example: 'Ada Lovelace', description: "The rider's full name" })
  name: string;

  @ApiProperty({ example: '1990-12-10', description: 'YYYY-MM-DD; under 18 at the rental start (shop time zone) needs a guardian' })
  @IsString({ message: 'birthDate must be a date YYYY-MM-DD' })
  @Matches(/^\d{4}-\d{2}-\d{2}$/, { message: 'birthDate must be a date YYYY-MM-DD' })
  birthDate: string;

  @ApiPropertyOptional({ example: 'Grace Hopper', description: "A minor's parent or guardian, who signs for them; required for a minor" })
  @IsOptionalNotNull()
  @Trim()
  @IsString({ message: 'guardianName must be text' })
  @IsNotEmpty({ message: 'guardianName must not be empty' })
  @MaxLength(100)
  guardianName?: string;

  @ApiPropertyOptional({
    type: SignatureInputDto,
    description: "Leave out to reuse this customer's valid signature of the current version for the same rider (name and birth date) within AGREEMENT_VALID_DAYS",
  })
  @IsOptionalNotNull()
  @ValidateNested()
  @Type(() => SignatureInputDto)
  signature?: SignatureInputDto;
}

export class SignRidersDto {
  @ApiProperty({ type: [RiderInputDto], minItems: 1, maxItems: 10, description: 'One or more riders of the booking, each signing (or reusing a signature)' })
  @IsArray({ message: 'riders must be a list' })
  @ArrayMinSize(1, { message: 'riders must name at least one rider' })
  @ArrayMaxSize(10, { message: 'riders must name at most 10 riders' })
  @ValidateNested({ each: true })
  @Type(() => RiderInputDto)
  riders: RiderInputDto[];
}

export class SignatureDto {
  @ApiProperty({ format: 'uuid' }) _id: string;
  @ApiProperty({ example: 2 }) version: number;
  @ApiProperty({ example: 'Rental agreement' }) title: string;
  @ApiProperty({ enum: SIGNATURE_METHODS }) method: SignatureMethod;
  @ApiProperty({ example: 'Ada Lovelace' }) typedName: string;
  @ApiProperty({ example: '2026-06-01T08:40:00.000Z', description: 'When it was signed (a reused signature: when the original was)' }) signedAt: string;
  @ApiProperty({ enum: SIGNED_VIA }) signedVia: SignedVia;
  @ApiProperty({ example: false, description: "Reused from the customer's earlier signature of this version for the same rider" }) reused: boolean;
  @ApiProperty({ example: '2027-06-01T08:40:00.000Z', description: 'Reusable for later bookings until then (AGREEMENT_VALID_DAYS)' }) validUntil: string;
  @ApiProperty({ example: '/api/rentals/0c5b.../agreement/signatures/9f1e.../pdf' }) pdfUrl: string;
  @ApiProperty({ example: 'a3f1...', description: 'SHA-256 of the PDF (hex)' }) pdfSha256: string;
}

export class RiderDto {
  @ApiProperty({ example: 0 }) position: number;
  @ApiProperty({ example: 'Ada Lovelace' }) name: string;
  @ApiProperty({ example: '1990-12-10' }) birthDate: string;
  @ApiProperty({ example: false, description: 'Under 18 at the rental start: the guardian signed' }) minor: boolean;
  @ApiProperty({ type: String, nullable: true, example: null }) guardianName: string | null;
  @ApiProperty({ type: SignatureDto }) signature: SignatureDto;
}

export class KnownRiderDto {
  @ApiProperty({ example: 'Ada Lovelace' }) name: string;
  @ApiProperty({ example: '1990-12-10' }) birthDate: string;
  @ApiProperty({ example: '2027-06-01T08:40:00.000Z' }) validUntil: string;
}

export class RentalAgreementTextDto {
  @ApiProperty({ format: 'uuid' }) _id: string;
  @ApiProperty({ example: 3 }) version: number;
  @ApiProperty({ example: 'Rental agreement' }) title: string;
  @ApiProperty({ description: "The version's Markdown with this rental's customer, bikes, window and deposit filled in" }) text: string;
}

export class RentalAgreementDto {
  @ApiProperty({ format: 'uuid' }) rentalId: string;
  @ApiProperty({ example: 'TXN-8K2M4Q7W1Z9X' }) paymentId: string;
  @ApiProperty({ example: 'City Cruiser' }) bikeName: string;
  @ApiProperty({ example: '2026-06-01T09:00:00.000Z', description: 'Pick-up: a rider under 18 then needs a guardian' }) startTime: string;
  @ApiProperty({ example: true, description: 'false: the shop asks for no agreement (nothing to sign)' }) required: boolean;
  @ApiProperty({ example: false, description: 'Every rider (one per bike) has signed; check-out waits for it when required' }) complete: boolean;
  @ApiProperty({ example: 2, description: 'Riders the booking needs: its quantity' }) ridersNeeded: number;
  @ApiProperty({ example: true, description: 'The booking is still open for signing (not returned or cancelled)' }) canSign: boolean;
  @ApiProperty({ type: RentalAgreementTextDto, nullable: true, description: 'What the riders still to sign sign now' }) agreement: RentalAgreementTextDto | null;
  @ApiProperty({ type: [RiderDto], description: 'The riders who signed, by position' }) riders: RiderDto[];
  @ApiProperty({ type: [Number], example: [1], description: 'Positions still to sign' }) missing: number[];
  @ApiProperty({ type: [KnownRiderDto], description: "This customer's riders with a valid signature of the current version: sign by naming them, without a signature" })
  knownRiders: KnownRiderDto[];
  @ApiProperty({
    enum: LANGUAGES,
    example: 'de',
    description: "The rental's customer's language (their profile's, en when none): the signed PDFs use it, and the signing page speaks it, also on the counter's tablet",
  })
  language: Language;
}

export class SignedAgreementListItemDto {
  @ApiProperty({ format: 'uuid' }) _id: string;
  @ApiProperty({ format: 'uuid' }) rentalId: string;
  @ApiProperty({ example: 'TXN-8K2M4Q7W1Z9X' }) paymentId: string;
  @ApiProperty({ example: 'Ada Lovelace' }) customerName: string;
  @ApiProperty({ example: 'Ada Lovelace' }) riderName: string;
  @ApiProperty({ example: false }) minor: boolean;
  @ApiProperty({ example: 2 }) version: number;
  @ApiProperty({ enum: SIGNATURE_METHODS }) method: SignatureMethod;
  @ApiProperty({ enum: SIGNED_VIA }) signedVia: SignedVia;
  @ApiProperty({ example: '2026-06-01T08:40:00.000Z' }) signedAt: string;
  @ApiProperty({ example: false }) reused: boolean;
  @ApiProperty({ example: 'a3f1...' }) pdfSha256: string;
  @ApiProperty({
    enum: ['intact', 'changed', 'missing'],
    description: 'The stored PDF re-hashed now: intact (matches its SHA-256), changed (its bytes differ) or missing',
  })
  pdfState: 'intact' | 'changed' | 'missing';
  @ApiProperty() pdfUrl: string;
}

export class SignedAgreementPageDto {
  @ApiProperty({ type: [SignedAgreementListItemDto] }) signatures: SignedAgreementListItemDto[];
  @ApiProperty({ example: 1 }) currentPage: number;
  @ApiProperty({ example: 3 }) totalPages: number;
  @ApiProperty({ example: 42 }) totalCount: number;
}

export class ListSignaturesQueryDto extends PageQueryDto(50, 20) {}

/** What the counter asks before handing bikes over (AgreementsService.checkoutStatus). */
export interface CheckoutAgreementStatus {
  required: boolean;
  complete: boolean;
  riders: RiderDto[];
  missing: number[];
}
