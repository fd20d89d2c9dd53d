import { BadRequestException, Injectable, Logger, NotFoundException } from '@nestjs/common';
import { randomUUID } from 'node:crypto';
import sharp from 'sharp';
import { AuthUser } from '../../common/decorators.js';
import { Clock } from '../../common/clock.js';
import { invalidField } from '../../common/field-error.js';
import { loggableError } from '../../common/loggable-error.js';
import { FileStore } from '../../common/storage/file-store.js';
import { AppConfig } from '../../config/app-config.js';
import { ConditionPhotoRow } from '../../database/schema/counter.js';
import { RentalsRepository } from '../rentals/rentals.repository.js';
import { CounterRepository } from './counter.repository.js';
import { decodeHeic, isHevcHeif } from './heic.js';
import { PhotoDto } from './counter.dto.js';

/** The field a condition photo is uploaded in (multipart/form-data). */
export const PHOTO_FIELD = 'photo';
/** The longest side a stored photo keeps (px); larger ones are scaled down. */
export const PHOTO_MAX_SIDE = 1600;
/** Photos with more pixels are refused before decoding (a decompression bomb). */
const MAX_INPUT_PIXELS = 60_000_000;

export type ImageKind = 'jpeg' | 'png' | 'webp' | 'heic';

/** What the bytes are, by their content (magic numbers), never the file name or the declared type. */
export function sniffImage(bytes: Buffer): ImageKind | null {
  if (bytes.length >= 3 && bytes[0] === 0xff && bytes[1] === 0xd8 && bytes[2] === 0xff) return 'jpeg';
  if (bytes.length >= 8 && bytes.subarray(0, 8).equals(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]))) return 'png';
  if (bytes.length >= 12 && bytes.toString('ascii', 0, 4) === 'RIFF' && bytes.toString('ascii', 8, 12) === 'WEBP') return 'webp';
  if (bytes.length >= 12 && bytes.toString('ascii', 4, 8) === 'ftyp' && /^(heic|heix|hevc|hevx|heim|heis|mif1|msf1|avif)$/.test(bytes.toString('ascii', 8, 12))) return 'heic';
  return null;
}

export const photoUrl = (id: string): string => `/api/counter/photos/${id}`;

export const toPhotoDto = (p: ConditionPhotoRow): PhotoDto => ({
  _id: p.id,
  rentalId: p.rentalId,
  unitId: p.unitId,
  url: photoUrl(p.id),
  width: p.width,
  height: p.height,
  createdAt: p.createdAt.toISOString(),
});

/**
 * Condition photos: checked by their content (JPEG, PNG, WebP, HEIC: HEVC through heic-decode's WebAssembly libheif,
 * AVIF through sharp), turned upright, stripped of every metadata (EXIF location included: sharp writes none unless asked), scaled
 * to at most 1600 px and stored as JPEG in the FileStore; the row is written after the file, and a failed row takes
 * the file back. Served to admins and to the rental's customer only (others: 404, as if there were none).
 */
@Injectable()
export class PhotosService {
  private readonly logger = new Logger('Photos');

  constructor(
    private readonly store: FileStore,
    private readonly counter: CounterRepository,
    private readonly rentals: RentalsRepository,
    private readonly config: AppConfig,
    private readonly clock: Clock,
  ) {}

  get maxBytes(): number {
    return this.config.env.PHOTO_MAX_BYTES;
  }

  /** POST counter/rentals/{id}/photos: one photo of one unit of the rental. */
  async upload(rentalId: string, unitId: unknown, file: { buffer: Buffer; size: number } | undefined): Promise<PhotoDto> {
    const rental = await this.rentals.findById(rentalId);
    if (!rental) throw new NotFoundException('Rental not found');
    if (typeof unitId !== 'string' || !/^[0-9a-f-]{36}$/i.test(unitId)) throw invalidField('unitId', 'unitId must be a unit id of this rental');
    const units = await this.counter.reservationsOfRentalRead(rentalId);
    if (!units.some((u) => u.unitId === unitId)) throw invalidField('unitId', 'unitId must be a unit id of this rental');
    if (!file || !file.buffer?.length) throw invalidField(PHOTO_FIELD, `${PHOTO_FIELD} is required: a JPEG, PNG, WebP or HEIC image`);
    if (file.size > this.maxBytes) throw tooLarge(this.maxBytes);
    const image = await this.normalise(file.buffer);
    const id = randomUUID();
    const path = `photos/${rentalId}/${id}.jpg`;
    await this.store.put(path, image.bytes);
    try {
      const row = await this.counter.insertPhoto({
        id,
        rentalId,
        unitId,
        path,
        contentType: 'image/jpeg',
        width: image.width,
        height: image.height,
        sizeBytes: image.bytes.length,
        createdAt: this.clock.now(),
      });
      return toPhotoDto(row);
    } catch (e) {
      await this.store.delete(path).catch((err) => this.logger.error(`removing ${path} failed: ${loggableError(err)}`));
      throw e;
    }
  }

  /** Decodes the image (refusing what is not one), turns it upright, strips its metadata and scales it down. */
  async normalise(bytes: Buffer): Promise<{ bytes: Buffer; width: number; height: number }> {
    const kind = sniffImage(bytes);
    if (!kind) throw invalidField(PHOTO_FIELD, `${PHOTO_FIELD} must be a JPEG, PNG, WebP or HEIC image`);
    try {
      // HEIC (HEVC) is decoded to pixels by heic-decode (sharp's prebuilt libvips cannot); then the same pipeline.
      const heic = kind === 'heic' && isHevcHeif(bytes) ? await decodeHeic(bytes, MAX_INPUT_PIXELS) : null;
      const input = heic
        ? sharp(heic.data, { raw: { width: heic.width, height: heic.height, channels: 4 }, limitInputPixels: MAX_INPUT_PIXELS }).removeAlpha()
        : sharp(bytes, { failOn: 'error', limitInputPixels: MAX_INPUT_PIXELS });
      const { data, info } = await input
        .rotate()
        .resize({ width: PHOTO_MAX_SIDE, height: PHOTO_MAX_SIDE, fit: 'inside', withoutEnlargement: true })
        .jpeg({ quality: 82, mozjpeg: true })
        .toBuffer({ resolveWithObject: true });
      return { bytes: data, width: info.width, height: info.height };
    } catch (e) {
      this.logger.warn(`photo not decoded (${kind}): ${loggableError(e)}`);
      throw invalidField(PHOTO_FIELD, `${PHOTO_FIELD} is not a readable ${kind.toUpperCase()} image`);
    }
  }

  /** GET counter/photos/{id}: the JPEG for an admin or the rental's customer; 404 for anyone else. */
  async read(id: string, user: AuthUser): Promise<{ bytes: Buffer; contentType: string }> {
    const photo = await this.counter.findPhoto(id);
    if (!photo) throw new NotFoundException('Photo not found');
    if (user.role !== 'admin') {
      const rental = await this.rentals.findById(photo.rentalId);
      if (!rental || rental.userId !== user.id) throw new NotFoundException('Photo not found');
    }
    const bytes = await this.store.get(photo.path);
    if (!bytes) throw new NotFoundException('Photo not found');
    return { bytes, contentType: photo.contentType };
  }
}

export const tooLarge = (max: number): BadRequestException =>
  invalidField(PHOTO_FIELD, `${PHOTO_FIELD} is too large: at most ${Math.floor(max / (1024 * 1024))} MB`);
