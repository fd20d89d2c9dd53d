import { inflateSync } from 'node:zlib';

/**
 * The text lines of a PDF written by pdfkit (its standard fonts, WinAnsi), top to bottom: each content stream is
 * inflated, every text object's position (Tm) and shown strings (TJ/Tj) are read, and the pieces on one baseline
 * are joined left to right with two spaces (a label and its amount: 'Late fee  $20.00'). Pages are separated
 * by an empty string. Enough for our own documents; not a general PDF reader.
 */
export function pdfTextLines(pdf: Buffer): string[] {
  const raw = pdf.toString('latin1');
  const pages: string[][] = [];
  const streamStart = /stream\r?\n/g;
  let m: RegExpExecArray | null;
  while ((m = streamStart.exec(raw))) {
    const start = m.index + m[0].length;
    const end = raw.indexOf('endstream', start);
    let content: string;
    try {
      content = inflateSync(pdf.subarray(start, end)).toString('latin1');
    } catch {
      continue; // not a Flate stream (fonts, images)
    }
    if (!content.includes('BT')) continue;
    const pieces: { x: number; y: number; text: string }[] = [];
    for (const block of content.split(/\bBT\b/).slice(1)) {
      const body = block.split(/\bET\b/)[0];
      const tm = /([-\d.]+) ([-\d.]+) ([-\d.]+) ([-\d.]+) ([-\d.]+) ([-\d.]+) Tm/.exec(body);
      if (!tm) continue;
      let text = '';
      for (const shown of body.matchAll(/\[(.*?)\]\s*TJ|(<[0-9a-fA-F]*>|\((?:\\.|[^\\)])*\))\s*Tj/g)) {
        const parts = shown[1] ?? shown[2];
        for (const s of parts.matchAll(/<([0-9a-fA-F]*)>|\(((?:\\.|[^\\)])*)\)/g)) {
          text += s[1] !== undefined ? Buffer.from(s[1], 'hex').toString('latin1') : s[2].replace(/\\(.)/g, '$1');
        }
      }
      if (text.trim()) pieces.push({ x: Number(tm[5]), y: Number(tm[6]), text: text.trim() });
    }
    const rows = new Map<number, { x: number; text: string }[]>();
    for (const p of pieces) {
      const key = Math.round(p.y);
      rows.set(key, [...(rows.get(key) ?? []), p]);
    }
    pages.push(
      [...rows.entries()]
        .sort((a, b) => b[0] - a[0])
        .map(([, row]) =>
          row
            .sort((a, b) => a.x - b.x)
            .map((p) => p.text)
            .join('  '),
        ),
    );
  }
  return pages.flatMap((lines, i) => (i ? ['', ...lines] : lines));
}

/**
 * The text of each page as PDF.js reads it (pdfjs-dist, through the fonts' ToUnicode maps): for PDFs with an
 * embedded font (a Bangla document's Noto Sans Bengali), whose glyph ids `pdfTextLines` cannot read. Pieces on one
 * baseline are joined left to right with two spaces, as `pdfTextLines` does. Shaped Bengali comes back in the
 * order of its glyphs (a vowel sign drawn before its consonant is read before it).
 */
export async function pdfjsTextLines(pdf: Buffer): Promise<string[]> {
  const pdfjs = await import('pdfjs-dist/legacy/build/pdf.mjs');
  const doc = await pdfjs.getDocument({ data: new Uint8Array(pdf), isEvalSupported: false, verbosity: 0 }).promise;
  try {
    const out: string[] = [];
    for (let n = 1; n <= doc.numPages; n++) {
      const page = await doc.getPage(n);
      const content = await page.getTextContent();
      const rows = new Map<number, { x: number; text: string }[]>();
      for (const item of content.items) {
        if (!('str' in item) || !item.str.trim()) continue;
        const key = Math.round(item.transform[5]);
        rows.set(key, [...(rows.get(key) ?? []), { x: item.transform[4], text: item.str }]);
      }
      // Runs drawn side by side (a Bengali run, then a Latin one) are one piece: joined without a gap when they touch.
      const lines = [...rows.entries()]
        .sort((a, b) => b[0] - a[0])
        .map(([, row]) => row.sort((a, b) => a.x - b.x).map((p) => p.text.trim()).join('  '));
      if (n > 1) out.push('');
      out.push(...lines);
      page.cleanup();
    }
    return out;
  } finally {
    await doc.destroy();
  }
}
