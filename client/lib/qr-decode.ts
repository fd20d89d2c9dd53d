import * as jsQRModule from 'jsqr';

type JsQr = (data: Uint8ClampedArray, width: number, height: number, options?: { inversionAttempts?: 'dontInvert' | 'onlyInvert' | 'attemptBoth' | 'invertFirst' }) => { data: string } | null;
/** jsqr ships a UMD bundle: its function is the module itself or its default, depending on the bundler's interop. */
const jsQR: JsQr = (() => {
  const m = jsQRModule as unknown as { default?: JsQr | { default?: JsQr } };
  if (typeof m === 'function') return m as unknown as JsQr;
  if (typeof m.default === 'function') return m.default as JsQr;
  return (m.default as { default: JsQr }).default;
})();

/** The browser's own barcode reader (Chrome on Android, Safari 17+ ...), when there is one. */
interface BarcodeDetectorLike {
  detect(source: CanvasImageSource | ImageBitmap): Promise<{ rawValue: string }[]>;
}
type DetectorCtor = new (options: { formats: string[] }) => BarcodeDetectorLike;

let detector: BarcodeDetectorLike | null | undefined;

/** BarcodeDetector for QR codes where the browser has it, else null (jsQR then decodes the pixels). */
export async function nativeQrDetector(): Promise<BarcodeDetectorLike | null> {
  if (detector !== undefined) return detector;
  const Ctor = (globalThis as { BarcodeDetector?: DetectorCtor & { getSupportedFormats?: () => Promise<string[]> } }).BarcodeDetector;
  try {
    detector = Ctor && (!Ctor.getSupportedFormats || (await Ctor.getSupportedFormats()).includes('qr_code')) ? new Ctor({ formats: ['qr_code'] }) : null;
  } catch {
    detector = null;
  }
  return detector;
}

/**
 * Reads a QR code from a video frame or an image: the native BarcodeDetector first, then jsQR on the pixels (the
 * same decoder for the camera's frames and for a photo the staff pick). Returns the code's text, or null.
 */
export async function decodeQr(source: HTMLVideoElement | HTMLImageElement | ImageBitmap | HTMLCanvasElement, canvas: HTMLCanvasElement): Promise<string | null> {
  const native = await nativeQrDetector();
  if (native) {
    try {
      const found = await native.detect(source);
      if (found[0]?.rawValue) return found[0].rawValue;
    } catch {
      // fall through to jsQR
    }
  }
  const width = 'videoWidth' in source ? source.videoWidth : source.width;
  const height = 'videoHeight' in source ? source.videoHeight : source.height;
  if (!width || !height) return null;
  // Large photos are scaled down: jsQR is fast on ~1000 px and a label fills much of the frame.
  const scale = Math.min(1, 1000 / Math.max(width, height));
  canvas.width = Math.round(width * scale);
  canvas.height = Math.round(height * scale);
  const ctx = canvas.getContext('2d', { willReadFrequently: true });
  if (!ctx) return null;
  ctx.drawImage(source, 0, 0, canvas.width, canvas.height);
  const pixels = ctx.getImageData(0, 0, canvas.width, canvas.height);
  return jsQR(pixels.data, pixels.width, pixels.height, { inversionAttempts: 'attemptBoth' })?.data ?? null;
}

/** Decodes a QR code in an image file (a photo of a label). */
export async function decodeQrFile(file: Blob, canvas: HTMLCanvasElement): Promise<string | null> {
  const bitmap = await createImageBitmap(file);
  try {
    return await decodeQr(bitmap, canvas);
  } finally {
    bitmap.close();
  }
}
