import { createRequire } from 'node:module';
import type { Locale } from '../../locales/index.js';

/**
 * Text of a PDF in the document's language (issue 27). The PDFs are drawn in pdfkit's standard Helvetica, which
 * has Latin (WinAnsi) glyphs only: English and German need nothing more. A Bangla document embeds Noto Sans
 * Bengali (`@fontsource/noto-sans-bengali`, the WOFF files of its Bengali subset, regular and bold; fontkit shapes
 * the conjuncts and vowel signs) and draws each run of Bengali characters in it, everything else (names, emails,
 * references, Latin punctuation) in Helvetica as before, since the font's Bengali subset has no Latin glyphs.
 */
type Doc = PDFKit.PDFDocument;
type TextOptions = PDFKit.Mixins.TextOptions;

/** Bengali letters, signs and digits, the dandas, the dotted circle, and the joiners (ZWNJ, ZWJ) inside Bengali words. */
const BENGALI = /[\u0980-\u09ff\u0964\u0965\u25cc]|\u200c|\u200d/;
const require = createRequire(import.meta.url);
const FONT_FILES = {
  regular: '@fontsource/noto-sans-bengali/files/noto-sans-bengali-bengali-400-normal.woff',
  bold: '@fontsource/noto-sans-bengali/files/noto-sans-bengali-bengali-700-normal.woff',
};
let fontPaths: { regular: string; bold: string } | undefined;

/** The languages whose script Helvetica cannot draw: their documents embed a font of the script. */
export const needsScriptFont = (locale: Locale): boolean => locale === 'bn';

/** Runs of one script: Bengali, or anything else; a space belongs to the run it is in. */
export function scriptRuns(text: string): { text: string; bengali: boolean }[] {
  const runs: { text: string; bengali: boolean }[] = [];
  for (const ch of text) {
    const last = runs[runs.length - 1];
    const bengali = ch === ' ' && last ? last.bengali : BENGALI.test(ch);
    if (last && last.bengali === bengali) last.text += ch;
    else runs.push({ text: ch, bengali });
  }
  return runs;
}

/**
 * A writer for one document: `face(name)` chooses Helvetica, Helvetica-Bold, ...; `text(...)` writes like
 * `doc.text`. For a language Helvetica can draw it is exactly `doc.font` / `doc.text` (English documents are
 * unchanged); for Bangla, each Bengali run is drawn in Noto Sans Bengali (bold for a bold face).
 */
export function pdfWriter(doc: Doc, locale: Locale) {
  let latin = 'Helvetica';
  const script = needsScriptFont(locale);
  if (script) {
    fontPaths ??= { regular: require.resolve(FONT_FILES.regular), bold: require.resolve(FONT_FILES.bold) };
    doc.registerFont('Bengali', fontPaths.regular);
    doc.registerFont('Bengali-Bold', fontPaths.bold);
  }
  const fontOf = (bengali: boolean) => (bengali ? (/Bold/.test(latin) ? 'Bengali-Bold' : 'Bengali') : latin);
  const writer = {
    face(name: string) {
      latin = name;
      doc.font(name);
      return writer;
    },
    text(text: string, x: number, y: number, options: TextOptions = {}) {
      if (!script) {
        doc.text(text, x, y, options);
        return writer;
      }
      // One baseline for both fonts (pdfkit places a line by its font's ascent: Noto's is taller than Helvetica's),
      // for every text of the document, so that a label and its value side by side line up.
      doc.font(fontOf(true));
      const ascent = ((doc as unknown as { _font: { ascender: number } })._font.ascender / 1000) * (doc as unknown as { _fontSize: number })._fontSize;
      const lineHeight = doc.currentLineHeight(true);
      doc.font(latin);
      const placed: TextOptions = { ...options, baseline: -ascent };
      if (!BENGALI.test(text)) {
        doc.text(text, x, y, placed);
        return writer;
      }
      const runs = scriptRuns(text);
      const widths = runs.map((r) => doc.font(fontOf(r.bengali)).widthOfString(r.text, options));
      const total = widths.reduce((a, b) => a + b, 0);
      if (options.align === 'right' || options.align === 'center' || options.lineBreak === false || total <= (options.width ?? Infinity)) {
        // One line: the runs side by side, placed as the whole would be.
        const room = options.width ?? total;
        let cx = x + (options.align === 'right' ? room - total : options.align === 'center' ? (room - total) / 2 : 0);
        runs.forEach((r, i) => {
          doc.font(fontOf(r.bengali)).text(r.text, cx, y, { ...placed, align: 'left', width: undefined, lineBreak: false });
          cx += widths[i];
        });
        doc.font(latin);
        doc.x = x;
        doc.y = y + lineHeight;
        return writer;
      }
      // A paragraph that wraps: pdfkit's continued text, one font per run.
      runs.forEach((r, i) => {
        doc.font(fontOf(r.bengali));
        const continued = i < runs.length - 1;
        if (i === 0) doc.text(r.text, x, y, { ...placed, continued });
        else doc.text(r.text, { baseline: placed.baseline, continued });
      });
      doc.font(latin);
      return writer;
    },
  };
  return writer;
}
