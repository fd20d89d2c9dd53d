import { mkdirSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import * as jsQRModule from 'jsqr';
import sharp from 'sharp';

type JsQr = (data: Uint8ClampedArray, width: number, height: number) => { data: string } | null;
/** jsqr is a UMD bundle: its function is the module itself or its default, as the loader's interop has it. */
const jsQR: JsQr = (() => {
  const m = jsQRModule as unknown as { default?: JsQr | { default?: JsQr } };
  if (typeof m === 'function') return m as unknown as JsQr;
  if (typeof m.default === 'function') return m.default;
  return (m.default as { default: JsQr }).default;
})();

/** The text of the QR code in an RGBA image (jsQR, as the counter's page reads labels without BarcodeDetector), or null. */
export const readQr = (image: { rgba: Uint8ClampedArray; width: number; height: number }): string | null => jsQR(image.rgba, image.width, image.height)?.data ?? null;

/** A rendered PDF page: the PNG, and its RGBA pixels (for a QR decoder or a pixel count). */
export interface RenderedPage {
  png: Buffer;
  width: number;
  height: number;
  rgba: Uint8ClampedArray;
}

const pdfjsRoot = dirname(createRequire(import.meta.url).resolve('pdfjs-dist/package.json'));

/**
 * The pages of a PDF as images, the way a reader sees them: pdfjs-dist (Mozilla's PDF.js, its Node build) draws
 * each page on an @napi-rs/canvas canvas at `scale` (1 = 72 dpi). PDF.js's standard fonts stand in for the
 * standard 14 fonts pdfkit names but does not embed. Headless Chromium shows PDFs blank and the machine has no
 * pdftoppm: this is how a test looks at our PDFs.
 */
export async function renderPdfPages(pdf: Buffer, scale = 2): Promise<RenderedPage[]> {
  const pdfjs = await import('pdfjs-dist/legacy/build/pdf.mjs');
  const doc = await pdfjs.getDocument({
    data: new Uint8Array(pdf),
    standardFontDataUrl: join(pdfjsRoot, 'standard_fonts') + '/',
    cMapUrl: join(pdfjsRoot, 'cmaps') + '/',
    cMapPacked: true,
    isEvalSupported: false,
    verbosity: 0,
  }).promise;
  try {
    const pages: RenderedPage[] = [];
    for (let n = 1; n <= doc.numPages; n++) {
      const page = await doc.getPage(n);
      const viewport = page.getViewport({ scale });
      const { canvas, context } = (doc.canvasFactory as { create(w: number, h: number): unknown }).create(Math.ceil(viewport.width), Math.ceil(viewport.height)) as {
        canvas: { width: number; height: number; toBuffer(type: 'image/png'): Buffer };
        context: CanvasRenderingContext2D;
      };
      // White paper under the page (a canvas starts transparent).
      context.fillStyle = '#ffffff';
      context.fillRect(0, 0, canvas.width, canvas.height);
      await page.render({ canvasContext: context, canvas: canvas as unknown as HTMLCanvasElement, viewport }).promise;
      const png = canvas.toBuffer('image/png');
      const { data, info } = await sharp(png).ensureAlpha().raw().toBuffer({ resolveWithObject: true });
      pages.push({ png, width: info.width, height: info.height, rgba: new Uint8ClampedArray(data.buffer, data.byteOffset, data.byteLength) });
      page.cleanup();
    }
    return pages;
  } finally {
    await doc.destroy();
  }
}

/** Writes the pages as `<name>-p<N>.png` into SCREENSHOT_DIR (the browser suites' folder), when it is set: to be looked at. */
export function savePages(pages: RenderedPage[], name: string): string[] {
  const dir = process.env.SCREENSHOT_DIR;
  if (!dir) return [];
  mkdirSync(dir, { recursive: true });
  return pages.map((p, i) => {
    const file = join(dir, `${name}-p${i + 1}.png`);
    writeFileSync(file, p.png);
    return file;
  });
}

/** A rectangle of a rendered page as its own RGBA image (e.g. one label of the sheet, for the QR decoder). */
export function crop(page: RenderedPage, left: number, top: number, width: number, height: number): { rgba: Uint8ClampedArray; width: number; height: number } {
  const w = Math.min(width, page.width - left);
  const h = Math.min(height, page.height - top);
  const out = new Uint8ClampedArray(w * h * 4);
  for (let y = 0; y < h; y++) out.set(page.rgba.subarray(((top + y) * page.width + left) * 4, ((top + y) * page.width + left + w) * 4), y * w * 4);
  return { rgba: out, width: w, height: h };
}
