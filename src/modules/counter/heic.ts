/**
 * HEIC (HEVC-coded HEIF, what iPhones send) decoded in Node without a native library: sharp's prebuilt libvips
 * reads HEIF only with AV1 (AVIF), not HEVC. heic-decode runs libheif (with libde265) compiled to WebAssembly, from
 * npm alone. It answers raw RGBA pixels; the caller hands them to sharp (rotation is already applied by libheif, and
 * no metadata comes along: EXIF, location included, is left behind).
 */
import { createRequire } from 'node:module';

interface HeicImage {
  width: number;
  height: number;
  decode(): Promise<{ width: number; height: number; data: Uint8ClampedArray }>;
}
type DecodeAll = (input: { buffer: Uint8Array }) => Promise<HeicImage[] & { dispose(): void }>;

let decodeAll: DecodeAll | undefined;
/** Loaded on the first HEIC photo (the WebAssembly module is a few MB): most servers never need it. */
function decoder(): DecodeAll {
  decodeAll ??= (createRequire(import.meta.url)('heic-decode') as { all: DecodeAll }).all;
  return decodeAll;
}

/** The HEIF brands heic-decode reads (HEVC); AVIF (AV1) is left to sharp, whose libvips reads it. */
export const isHevcHeif = (bytes: Buffer): boolean => /^(heic|heix|hevc|hevx|heim|heis|mif1|msf1)$/.test(bytes.toString('ascii', 8, 12));

/**
 * The primary image of a HEIC file as RGBA pixels. Refuses (throws) before decoding when it has more than
 * `maxPixels` pixels (a decompression bomb), or when the bytes are not a HEIF image it can decode.
 */
export async function decodeHeic(bytes: Buffer, maxPixels: number): Promise<{ width: number; height: number; data: Buffer }> {
  const images = await decoder()({ buffer: bytes });
  try {
    const [image] = images;
    if (!image) throw new Error('no image in the HEIF file');
    if (image.width * image.height > maxPixels) throw new Error(`HEIC image too large: ${image.width} x ${image.height}`);
    const { width, height, data } = await image.decode();
    return { width, height, data: Buffer.from(data.buffer, data.byteOffset, data.byteLength) };
  } finally {
    images.dispose();
  }
}
