import { ConflictException, Injectable, Logger, NotFoundException } from '@nestjs/common';
import { BadRequestException } from '@nestjs/common';
import { createHash, randomUUID } from 'node:crypto';
import { Clock } from '../../common/clock.js';
import { isLocale, type Locale } from '../../common/i18n/i18n.js';
import { AuthUser } from '../../common/decorators.js';
import { invalidField } from '../../common/field-error.js';
import { shopTimeZone } from '../../common/shop-time.js';
import { FileStore } from '../../common/storage/file-store.js';
import { AppConfig } from '../../config/app-config.js';
import type { AgreementVersionRow, NewAgreementSignatureRow, SignedVia } from '../../database/schema/agreements.js';
import { isUniqueViolation } from '../../database/pg-errors.js';
import { TransactionHost } from '../../database/transaction-host.js';
import { DomainEvents } from '../events/domain-events.service.js';
import { RentalsRepository, type RentalView } from '../rentals/rentals.repository.js';
import { renderAgreementPdf } from './agreement-pdf.js';
import { ageOn, dateInZone, fillPlaceholders, foldName, formatInShopZone, placeholderValues, PLACEHOLDERS, unknownPlaceholders } from './agreement-text.js';
import {
  AdminAgreementVersionDto,
  AgreementVersionDto,
  CheckoutAgreementStatus,
  CurrentAgreementDto,
  KnownRiderDto,
  MAX_SIGNATURE_IMAGE_BYTES,
  RentalAgreementDto,
  RiderDto,
  RiderInputDto,
  SaveAgreementDto,
  SignedAgreementPageDto,
  SignRidersDto,
} from './agreements.dto.js';
import { AgreementsRepository, SignatureWithVersion } from './agreements.repository.js';

const DAY_MS = 24 * 60 * 60 * 1000;
const PNG_MAGIC = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
const SIGNABLE = new Set(['pending_fee', 'booked']);

/** Where a signing request comes from (for the PDF and the record). */
export interface SigningContext {
  ip: string | null;
  userAgent: string | null;
}

interface PreparedRider {
  index: number;
  input: RiderInputDto;
  minor: boolean;
  /** A new signature's row and PDF, or the reused original. */
  row: NewAgreementSignatureRow & { id: string };
  pdf?: Buffer;
}

const toVersionDto = (v: AgreementVersionRow, createdBy: string | null = null): AgreementVersionDto => ({
  _id: v.id,
  version: v.version,
  title: v.title,
  body: v.body,
  createdAt: v.createdAt.toISOString(),
  createdBy,
  withdrawnAt: v.withdrawnAt?.toISOString() ?? null,
});

const pdfUrlOf = (rentalId: string, signatureId: string) => `/api/rentals/${rentalId}/agreement/signatures/${signatureId}/pdf`;

/**
 * Rental agreements (issue 22): the versions admins write, the riders' signatures per rental with their PDFs (kept in the
 * FileStore, SHA-256 in the database), reuse of a rider's signature, and what the counter asks before check-out.
 */
@Injectable()
export class AgreementsService {
  private readonly logger = new Logger(AgreementsService.name);

  constructor(
    private readonly repo: AgreementsRepository,
    private readonly rentals: RentalsRepository,
    private readonly txHost: TransactionHost,
    private readonly files: FileStore,
    private readonly events: DomainEvents,
    private readonly clock: Clock,
    private readonly config: AppConfig,
  ) {}

  private get validMs(): number {
    return this.config.env.AGREEMENT_VALID_DAYS * DAY_MS;
  }

  /** The version customers sign now, or undefined when the shop asks for none. */
  async currentVersion(): Promise<AgreementVersionRow | undefined> {
    const latest = await this.repo.latest();
    return latest && !latest.withdrawnAt ? latest : undefined;
  }

  async current(): Promise<CurrentAgreementDto> {
    const v = await this.currentVersion();
    return { agreement: v ? toVersionDto(v) : null, placeholders: Object.entries(PLACEHOLDERS).map(([name, description]) => ({ name, description })) };
  }

  async listVersions(): Promise<AdminAgreementVersionDto[]> {
    return (await this.repo.listVersions()).map((v) => ({ ...toVersionDto(v, v.createdByName), signatures: v.signatures }));
  }

  /** Saves a new version (the old ones stay, with their signatures). */
  async save(admin: AuthUser, dto: SaveAgreementDto): Promise<AgreementVersionDto> {
    const unknown = unknownPlaceholders(dto.body);
    if (unknown.length) {
      throw invalidField('body', `body uses unknown placeholders ${unknown.map((u) => `{{${u}}}`).join(', ')}; use ${Object.keys(PLACEHOLDERS).map((p) => `{{${p}}}`).join(', ')}`);
    }
    const row = await this.txHost.run(() => this.repo.insertVersion({ title: dto.title, body: dto.body, createdBy: admin.id, createdAt: this.clock.now() }));
    return toVersionDto(row, admin.name);
  }

  /** Stops asking for signatures: the latest version is withdrawn (saving a new version asks again). */
  async withdraw(): Promise<AgreementVersionDto> {
    const latest = await this.currentVersion();
    const row = latest && (await this.repo.withdraw(latest.id, this.clock.now()));
    if (!row) throw new NotFoundException('No agreement to withdraw');
    return toVersionDto(row);
  }

  /** The rental as its customer or an admin sees it; anyone else: 404. */
  private async viewFor(user: AuthUser, rentalId: string): Promise<RentalView> {
    const view = await this.rentals.findView(rentalId);
    if (!view || (user.role !== 'admin' && view.rental.userId !== user.id)) throw new NotFoundException('Rental not found');
    return view;
  }

  /** A signature still covers its rider here: signed for this rental, or reused while the original is valid. */
  private covers(s: SignatureWithVersion, now: Date): boolean {
    return !s.reusedFrom || s.signedAt.getTime() + this.validMs > now.getTime();
  }

  private riderDto(view: RentalView, s: SignatureWithVersion): RiderDto {
    return {
      position: s.position,
      name: s.riderName,
      birthDate: s.riderBirthDate,
      minor: s.minor,
      guardianName: s.guardianName,
      signature: {
        _id: s.id,
        version: s.version,
        title: s.title,
        method: s.method,
        typedName: s.typedName,
        signedAt: s.signedAt.toISOString(),
        signedVia: s.signedVia,
        reused: Boolean(s.reusedFrom),
        validUntil: new Date(s.signedAt.getTime() + this.validMs).toISOString(),
        pdfUrl: pdfUrlOf(view.rental.id, s.id),
        pdfSha256: s.pdfSha256,
      },
    };
  }

  private async statusOf(view: RentalView, current: AgreementVersionRow | undefined): Promise<CheckoutAgreementStatus> {
    const now = this.clock.now();
    const signed = (await this.repo.signaturesOfRental(view.rental.id)).filter((s) => this.covers(s, now));
    const taken = new Set(signed.map((s) => s.position));
    const missing = Array.from({ length: view.rental.quantity }, (_, i) => i).filter((i) => !taken.has(i));
    const required = Boolean(current);
    return { required, complete: !required || missing.length === 0, riders: signed.map((s) => this.riderDto(view, s)), missing: required ? missing : [] };
  }

  /**
   * For the counter's check-out: whether the shop asks for an agreement and whether every rider of the rental signed.
   * `required` is false when the shop has no agreement (then `complete` is true).
   */
  async checkoutStatus(rentalId: string): Promise<CheckoutAgreementStatus> {
    const view = await this.rentals.findView(rentalId);
    if (!view) throw new NotFoundException('Rental not found');
    return this.statusOf(view, await this.currentVersion());
  }

  /** GET rentals/{id}/agreement: what to sign, who signed, who is missing. */
  async rentalAgreement(user: AuthUser, rentalId: string): Promise<RentalAgreementDto> {
    return this.describe(await this.viewFor(user, rentalId));
  }

  private async describe(view: RentalView): Promise<RentalAgreementDto> {
    const current = await this.currentVersion();
    const status = await this.statusOf(view, current);
    const known: KnownRiderDto[] = [];
    if (current) {
      const seen = new Set<string>();
      for (const s of await this.repo.reusable(view.rental.userId, current.id, new Date(this.clock.now().getTime() - this.validMs))) {
        const key = `${s.riderKey}|${s.riderBirthDate}`;
        if (seen.has(key)) continue;
        seen.add(key);
        known.push({ name: s.riderName, birthDate: s.riderBirthDate, validUntil: new Date(s.signedAt.getTime() + this.validMs).toISOString() });
      }
    }
    return {
      rentalId: view.rental.id,
      paymentId: view.rental.paymentRef,
      bikeName: view.bike.name,
      startTime: view.rental.startTime.toISOString(),
      required: status.required,
      complete: status.complete,
      ridersNeeded: view.rental.quantity,
      canSign: Boolean(current) && SIGNABLE.has(view.rental.status),
      agreement: current ? { _id: current.id, version: current.version, title: current.title, text: fillPlaceholders(current.body, placeholderValues(view)) } : null,
      riders: status.riders,
      missing: status.missing,
      knownRiders: known,
      language: this.customerLocale(view),
    };
  }

  /** The rental's customer's language (English when none): the signed PDFs' texts and the signing page use it. */
  private customerLocale(view: RentalView): Locale {
    return isLocale(view.user.language) ? view.user.language : 'en';
  }

  /** Checks one rider's fields; returns the field errors (paths under riders[i]). */
  private checkRider(r: RiderInputDto, i: number, view: RentalView, today: string, minor: boolean): { path: string; message: string }[] {
    const at = `riders.${i}`;
    const errors: { path: string; message: string }[] = [];
    if (r.position >= view.rental.quantity) {
      errors.push({ path: `${at}.position`, message: `position must be less than ${view.rental.quantity}: the booking has ${view.rental.quantity} rider${view.rental.quantity === 1 ? '' : 's'} (one per bike)` });
    }
    if (!isRealDate(r.birthDate)) errors.push({ path: `${at}.birthDate`, message: 'birthDate must be a real date YYYY-MM-DD' });
    else if (r.birthDate > today) errors.push({ path: `${at}.birthDate`, message: 'birthDate must not be in the future' });
    else if (r.birthDate < '1900-01-01') errors.push({ path: `${at}.birthDate`, message: 'birthDate must be after 1900' });
    if (minor && !r.guardianName) errors.push({ path: `${at}.guardianName`, message: 'guardianName is required: the rider is under 18 at the start of the rental, so a parent or guardian signs' });
    const sig = r.signature;
    if (sig) {
      const signer = minor ? r.guardianName : r.name;
      if (signer && foldName(sig.typedName) !== foldName(signer)) {
        errors.push({ path: `${at}.signature.typedName`, message: `typedName must be the ${minor ? "guardian's" : "rider's"} name as written above (${signer})` });
      }
      if (sig.method === 'drawn') {
        const problem = imageProblem(sig.image);
        if (problem) errors.push({ path: `${at}.signature.image`, message: problem });
      } else if (sig.image !== undefined) {
        errors.push({ path: `${at}.signature.image`, message: 'image is sent only with method drawn' });
      }
    }
    return errors;
  }

  /**
   * POST rentals/{id}/agreement/signatures: one or more riders sign (or reuse a valid signature). Each new signature gets
   * its PDF, stored before the rows are written; the rows and the `agreement.signed` event are written in one transaction
   * under the rental's row lock, so a position is signed once (the unique index refuses a second in any case).
   */
  async sign(user: AuthUser, rentalId: string, dto: SignRidersDto, ctx: SigningContext): Promise<RentalAgreementDto> {
    const view = await this.viewFor(user, rentalId);
    const current = await this.currentVersion();
    if (!current) throw new ConflictException({ message: 'The shop asks for no rental agreement', code: 'NO_AGREEMENT' });
    if (!SIGNABLE.has(view.rental.status)) throw new ConflictException({ message: 'The rental is returned or cancelled: nothing to sign', code: 'RENTAL_CLOSED' });

    const now = this.clock.now();
    const zone = shopTimeZone();
    const startDate = dateInZone(view.rental.startTime, zone);
    const today = dateInZone(now, zone);
    const errors: { path: string; message: string }[] = [];
    const seen = new Map<number, number>();
    // A birth date that is not a real date is reported as such, not also as a minor without a guardian.
    const minors = dto.riders.map((r) => isRealDate(r.birthDate) && r.birthDate <= today && ageOn(r.birthDate, startDate) < 18);
    dto.riders.forEach((r, i) => {
      if (seen.has(r.position)) errors.push({ path: `riders.${i}.position`, message: `position ${r.position} is named twice (also riders.${seen.get(r.position)})` });
      seen.set(r.position, i);
      errors.push(...this.checkRider(r, i, view, today, minors[i]));
    });

    const signedVia: SignedVia = user.role === 'admin' && view.rental.userId !== user.id ? 'counter' : 'online';
    const since = new Date(now.getTime() - this.validMs);
    const prepared: PreparedRider[] = [];
    for (const [i, r] of dto.riders.entries()) {
      const minor = minors[i];
      const base = {
        rentalId: view.rental.id,
        userId: view.rental.userId,
        versionId: current.id,
        position: r.position,
        riderName: r.name,
        riderKey: foldName(r.name),
        riderBirthDate: r.birthDate,
        minor,
        guardianName: minor ? (r.guardianName ?? null) : null,
      };
      if (!r.signature) {
        const [original] = (await this.repo.reusable(view.rental.userId, current.id, since, { key: foldName(r.name), birthDate: r.birthDate })).filter(
          (s) => !minor || s.guardianName,
        );
        if (!original) {
          errors.push({ path: `riders.${i}.signature`, message: `signature is required: ${r.name} has no valid signature of this agreement version to reuse` });
          continue;
        }
        prepared.push({
          index: i,
          input: r,
          minor,
          row: {
            ...base,
            id: randomUUID(),
            guardianName: original.guardianName,
            method: original.method,
            typedName: original.typedName,
            signedAt: original.signedAt,
            signedVia: original.signedVia,
            staffId: original.staffId,
            ip: original.ip,
            userAgent: original.userAgent,
            pdfKey: original.pdfKey,
            pdfSha256: original.pdfSha256,
            reusedFrom: original.id,
            createdAt: now,
          },
        });
        continue;
      }
      prepared.push({
        index: i,
        input: r,
        minor,
        row: {
          ...base,
          id: randomUUID(),
          method: r.signature.method,
          typedName: r.signature.typedName,
          signedAt: now,
          signedVia,
          staffId: signedVia === 'counter' ? user.id : null,
          ip: ctx.ip,
          userAgent: ctx.userAgent?.slice(0, 500) ?? null,
          pdfKey: '',
          pdfSha256: '',
          reusedFrom: null,
          createdAt: now,
        },
      });
    }
    if (errors.length) throw new BadRequestException({ message: errors[0].message, code: 'VALIDATION_FAILED', errors });

    const text = fillPlaceholders(current.body, placeholderValues(view));
    // The PDF's own texts in the rental's customer's language (English when none); the agreement's text as written.
    const locale = this.customerLocale(view);
    const stored: string[] = [];
    try {
      for (const p of prepared.filter((x) => !x.row.reusedFrom)) {
        const sig = p.input.signature!;
        const pdf = await renderAgreementPdf({
          shopName: this.config.env.SHOP_NAME,
          title: current.title,
          version: current.version,
          text,
          rentalRef: view.rental.paymentRef,
          signatureId: p.row.id,
          rider: { name: p.input.name, birthDate: p.input.birthDate, minor: p.minor, guardianName: p.row.guardianName ?? null },
          signature: sig.method === 'drawn' ? { method: 'drawn', typedName: sig.typedName, image: decodePng(sig.image!) } : { method: 'typed', typedName: sig.typedName },
          signedAtText: formatInShopZone(now, zone, locale),
          signedAtIso: now.toISOString(),
          ip: ctx.ip,
          userAgent: ctx.userAgent,
          signedVia,
          locale,
        }).catch((err: unknown) => {
          // A PNG header over bytes that do not decode: the drawing is refused, not the server's fault.
          throw invalidField(`riders.${p.index}.signature.image`, `image is not a readable PNG (${(err as Error).message})`);
        });
        p.row.pdfKey = `agreements/${view.rental.id}/${p.row.id}.pdf`;
        p.row.pdfSha256 = createHash('sha256').update(pdf).digest('hex');
        await this.files.put(p.row.pdfKey, pdf);
        stored.push(p.row.pdfKey);
      }
      await this.txHost.run(async () => {
        await this.repo.lockRental(view.rental.id);
        const existing = await this.repo.signaturesOfRental(view.rental.id);
        const lapsed: string[] = [];
        for (const p of prepared) {
          const there = existing.find((s) => s.position === p.row.position);
          if (!there) continue;
          if (this.covers(there, now)) {
            throw new ConflictException({ message: `Rider ${p.row.position + 1} of this booking has already signed`, code: 'RIDER_ALREADY_SIGNED' });
          }
          lapsed.push(there.id);
        }
        await this.repo.deleteSignatures(lapsed);
        await this.repo.insertSignatures(prepared.map((p) => p.row));
        await this.events.record({
          type: 'agreement.signed',
          userId: view.rental.userId,
          data: {
            rentalId: view.rental.id,
            paymentId: view.rental.paymentRef,
            version: current.version,
            riders: prepared.map((p) => ({
              signatureId: p.row.id,
              position: p.row.position,
              name: p.row.riderName,
              minor: p.row.minor,
              method: p.row.method,
              signedVia: p.row.signedVia,
              signedAt: (p.row.signedAt as Date).toISOString(),
              reused: Boolean(p.row.reusedFrom),
            })),
          },
        });
      });
    } catch (err) {
      await Promise.all(stored.map((key) => this.files.delete(key).catch(() => undefined)));
      if (isUniqueViolation(err)) throw new ConflictException({ message: 'A rider of this booking has already signed', code: 'RIDER_ALREADY_SIGNED' });
      throw err;
    }
    return this.describe(view);
  }

  /** The signed PDF, for the rental's customer and admins (404 for anyone else). */
  async pdf(user: AuthUser, rentalId: string, signatureId: string): Promise<{ content: Buffer; filename: string }> {
    const view = await this.viewFor(user, rentalId);
    const s = await this.repo.findSignature(signatureId);
    if (!s || s.rentalId !== view.rental.id) throw new NotFoundException('Signed agreement not found');
    const content = await this.files.get(s.pdfKey);
    if (!content) throw new NotFoundException('Signed agreement not found');
    return { content, filename: `agreement-${view.rental.paymentRef}-rider-${s.position + 1}.pdf` };
  }

  /** The stored signatures, newest first, each PDF re-hashed now against its stored SHA-256. */
  async listSignatures(page: number, limit: number): Promise<SignedAgreementPageDto> {
    const { rows, total } = await this.repo.listSignatures({ offset: (page - 1) * limit, limit });
    const signatures = [];
    for (const s of rows) {
      let pdfState: 'intact' | 'changed' | 'missing' = 'missing';
      try {
        const bytes = await this.files.get(s.pdfKey);
        if (bytes) pdfState = createHash('sha256').update(bytes).digest('hex') === s.pdfSha256 ? 'intact' : 'changed';
      } catch (err) {
        this.logger.warn(`Could not read the agreement PDF ${s.pdfKey}: ${(err as Error).message}`);
      }
      signatures.push({
        _id: s.id,
        rentalId: s.rentalId,
        paymentId: s.paymentRef,
        customerName: s.customerName,
        riderName: s.riderName,
        minor: s.minor,
        version: s.version,
        method: s.method,
        signedVia: s.signedVia,
        signedAt: s.signedAt.toISOString(),
        reused: Boolean(s.reusedFrom),
        pdfSha256: s.pdfSha256,
        pdfState,
        pdfUrl: pdfUrlOf(s.rentalId, s.id),
      });
    }
    return { signatures, currentPage: page, totalPages: Math.max(1, Math.ceil(total / limit)), totalCount: total };
  }
}

/** Why a drawn signature's image is refused, or undefined when it is a PNG data URL within the size limit. */
function imageProblem(image: string | undefined): string | undefined {
  if (!image) return 'image is required with method drawn: the drawing as a PNG data URL';
  if (!image.startsWith('data:image/png;base64,')) return 'image must be a PNG data URL (data:image/png;base64,...)';
  const bytes = decodePng(image);
  if (bytes.length > MAX_SIGNATURE_IMAGE_BYTES) return `image must be at most ${MAX_SIGNATURE_IMAGE_BYTES / 1024} KB`;
  if (bytes.length < 64 || !bytes.subarray(0, 8).equals(PNG_MAGIC)) return 'image must be a PNG data URL (data:image/png;base64,...)';
  return undefined;
}

function isRealDate(value: string): boolean {
  const d = new Date(`${value}T00:00:00Z`);
  return !Number.isNaN(d.getTime()) && d.toISOString().slice(0, 10) === value;
}

const decodePng = (image: string): Buffer => Buffer.from(image.slice('data:image/png;base64,'.length), 'base64');
