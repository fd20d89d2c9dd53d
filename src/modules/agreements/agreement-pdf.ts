import { Lexer, type Token, type Tokens } from 'marked';
import PDFDocument from 'pdfkit';
import { translate, type Locale, type MessageId } from '../../common/i18n/i18n.js';
import { pdfWriter } from '../../common/pdf-script.js';

/** What one signed agreement's PDF shows. */
export interface AgreementPdfModel {
  shopName: string;
  title: string;
  version: number;
  /** The version's Markdown with the rental's placeholders filled. */
  text: string;
  rentalRef: string;
  signatureId: string;
  rider: { name: string; birthDate: string; minor: boolean; guardianName: string | null };
  /** A drawn signature (PNG bytes), or the typed mark. */
  signature: { method: 'drawn'; typedName: string; image: Buffer } | { method: 'typed'; typedName: string };
  /** The signing time as the shop reads it, with its zone. */
  signedAtText: string;
  signedAtIso: string;
  ip: string | null;
  userAgent: string | null;
  signedVia: 'online' | 'counter';
  /**
   * The language of the PDF's own texts (the rental's customer's, English when none): the headings, the rider's
   * facts, the signature and audit lines. The agreement's text is the shop's own and is printed as written.
   */
  locale?: Locale;
}

interface Run {
  text: string;
  bold: boolean;
  italic: boolean;
}

const INK = '#10211e';
const MUTED = '#5b6b68';
const TEAL = '#0b5c56';

const fontOf = (r: { bold: boolean; italic: boolean }) =>
  r.bold && r.italic ? 'Helvetica-BoldOblique' : r.bold ? 'Helvetica-Bold' : r.italic ? 'Helvetica-Oblique' : 'Helvetica';

/** The standard PDF fonts write WinAnsi: characters outside it become '?', so the text never breaks the document. */
const winAnsi = (s: string): string => s.replace(/[\u2018\u2019]/g, "'").replace(/[\u201c\u201d]/g, '"').replace(/[\u2013\u2014]/g, '-').replace(/[^\x20-\x7e\xa0-\xff\n]/g, '?');

/** For a Bangla document: Bengali stays (drawn in Noto Sans Bengali), the rest as `winAnsi`. */
const winAnsiOrBengali = (s: string): string =>
  s.replace(/[\u2018\u2019]/g, "'").replace(/[\u201c\u201d]/g, '"').replace(/[\u2013\u2014]/g, '-').replace(/[^\x20-\x7e\xa0-\xff\n\u0980-\u09ff\u0964\u0965]/g, '?');

function runsOf(tokens: Token[] | undefined, style: { bold: boolean; italic: boolean } = { bold: false, italic: false }): Run[] {
  const out: Run[] = [];
  for (const t of tokens ?? []) {
    switch (t.type) {
      case 'strong':
        out.push(...runsOf((t as Tokens.Strong).tokens, { ...style, bold: true }));
        break;
      case 'em':
        out.push(...runsOf((t as Tokens.Em).tokens, { ...style, italic: true }));
        break;
      case 'br':
        out.push({ text: '\n', ...style });
        break;
      case 'link': {
        const link = t as Tokens.Link;
        // An autolinked address (a bare URL or email in the text) is printed once; a named link shows where it goes.
        const shown = link.href === link.text || link.href === `mailto:${link.text}`;
        out.push(...runsOf(link.tokens, style), ...(shown ? [] : [{ text: ` (${link.href})`, ...style }]));
        break;
      }
      default: {
        const nested = (t as { tokens?: Token[] }).tokens;
        if (nested?.length) out.push(...runsOf(nested, style));
        else out.push({ text: (t as { text?: string }).text ?? t.raw, ...style });
      }
    }
  }
  return out;
}

function writeRuns(doc: PDFKit.PDFDocument, runs: Run[], size: number, options: PDFKit.Mixins.TextOptions = {}): void {
  const parts = runs.map((r) => ({ ...r, text: winAnsi(r.text.replace(/&amp;/g, '&').replace(/&lt;/g, '<').replace(/&gt;/g, '>').replace(/&quot;/g, '"').replace(/&#39;/g, "'")) })).filter((r) => r.text);
  if (!parts.length) return;
  doc.fontSize(size).fillColor(INK);
  parts.forEach((r, i) => doc.font(fontOf(r)).text(r.text, { ...options, continued: i < parts.length - 1 }));
}

function writeBlocks(doc: PDFKit.PDFDocument, tokens: Token[], indent = 0): void {
  const left = doc.page.margins.left + indent;
  const width = doc.page.width - doc.page.margins.right - left;
  for (const t of tokens) {
    switch (t.type) {
      case 'heading': {
        const h = t as Tokens.Heading;
        doc.moveDown(0.4);
        writeRuns(doc, runsOf(h.tokens, { bold: true, italic: false }), h.depth <= 1 ? 15 : h.depth === 2 ? 13 : 11.5, { width });
        doc.moveDown(0.3);
        break;
      }
      case 'paragraph':
      case 'text':
        doc.x = left;
        writeRuns(doc, runsOf((t as Tokens.Paragraph).tokens ?? [{ type: 'text', raw: t.raw, text: (t as Tokens.Text).text } as Token]), 10.5, { width, lineGap: 2 });
        doc.moveDown(0.5);
        break;
      case 'list': {
        const list = t as Tokens.List;
        list.items.forEach((item, i) => {
          const marker = list.ordered ? `${Number(list.start || 1) + i}.` : '\u2022';
          const y = doc.y;
          doc.font('Helvetica').fontSize(10.5).fillColor(INK).text(marker, left, y, { width: 16 });
          doc.x = left + 16;
          doc.y = y;
          const inner = item.tokens.flatMap((it) => (it.type === 'text' ? [{ ...it, type: 'paragraph' } as Token] : [it]));
          writeBlocks(doc, inner, indent + 16);
        });
        doc.x = left;
        break;
      }
      case 'blockquote':
        writeBlocks(doc, (t as Tokens.Blockquote).tokens, indent + 14);
        break;
      case 'hr':
        doc.moveTo(left, doc.y).lineTo(left + width, doc.y).strokeColor('#c9d6d3').lineWidth(0.7).stroke();
        doc.moveDown(0.6);
        break;
      case 'code':
        doc.font('Courier').fontSize(9.5).fillColor(INK).text(winAnsi((t as Tokens.Code).text), left, doc.y, { width });
        doc.moveDown(0.5);
        break;
      case 'space':
        break;
      default:
        doc.x = left;
        writeRuns(doc, [{ text: (t as { text?: string }).text ?? t.raw, bold: false, italic: false }], 10.5, { width });
        doc.moveDown(0.5);
    }
  }
}

/** The signed agreement as an A4 PDF: the version's text, the rider, the signature, when, where from. */
export function renderAgreementPdf(m: AgreementPdfModel): Promise<Buffer> {
  const locale = m.locale ?? 'en';
  const say = (id: MessageId, values?: Record<string, string | number>) => translate(locale, id, values);
  const clean = locale === 'bn' ? winAnsiOrBengali : winAnsi;
  const doc = new PDFDocument({
    size: 'A4',
    margin: 50,
    info: { Title: winAnsi(`${m.title} (version ${m.version})`), Author: winAnsi(m.shopName), Subject: say('pdf.agreement.subject', { reference: m.rentalRef }), Creator: winAnsi(m.shopName) },
  });
  const chunks: Buffer[] = [];
  const done = new Promise<Buffer>((resolve, reject) => {
    doc.on('data', (c: Buffer) => chunks.push(c));
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);
  });
  const pen = pdfWriter(doc, locale);
  const left = doc.page.margins.left;
  const width = doc.page.width - left - doc.page.margins.right;

  doc.font('Helvetica-Bold').fontSize(9).fillColor(TEAL).text(winAnsi(m.shopName.toUpperCase()), left, 40, { width });
  doc.font('Helvetica-Bold').fontSize(18).fillColor(INK).text(winAnsi(m.title), left, 56, { width });
  pen.face('Helvetica');
  doc.fontSize(9).fillColor(MUTED);
  pen.text(say('pdf.agreement.header', { version: m.version, reference: m.rentalRef }), left, doc.y, { width });
  doc.moveDown(1);
  writeBlocks(doc, new Lexer().lex(m.text));

  if (doc.y > doc.page.height - 260) doc.addPage();
  doc.moveDown(0.8);
  const boxTop = doc.y;
  doc.moveTo(left, boxTop).lineTo(left + width, boxTop).strokeColor(TEAL).lineWidth(1.2).stroke();
  doc.moveDown(0.6);
  pen.face('Helvetica-Bold');
  doc.fontSize(12).fillColor(INK);
  pen.text(say('pdf.agreement.rider'), left, doc.y, { width });

  /** Rows of a label (muted, 110 pt wide) and its value beside it; a Bangla label may wrap below its value. */
  const keyValues = (rows: [string, string][], keySize: number, valueSize: number): void => {
    for (const [k, v] of rows) {
      const y = doc.y + 2;
      pen.face('Helvetica');
      doc.fontSize(keySize).fillColor(MUTED);
      pen.text(k, left, y, { width: 110 });
      const keyEnd = doc.y;
      doc.fontSize(valueSize).fillColor(INK);
      pen.text(clean(v), left + 110, y, { width: width - 110 });
      if (locale === 'bn') doc.y = Math.max(doc.y, keyEnd);
    }
  };

  const facts: [string, string][] = [
    [say('pdf.agreement.name'), m.rider.name],
    [say('pdf.agreement.birthDate'), m.rider.birthDate],
    ...(m.rider.minor ? ([[say('pdf.agreement.minor'), say('pdf.agreement.minorValue', { guardian: m.rider.guardianName ?? '' })]] as [string, string][]) : []),
  ];
  keyValues(facts, 9, 10);
  doc.moveDown(0.8);
  pen.face('Helvetica-Bold');
  doc.fontSize(12).fillColor(INK);
  pen.text(say(m.rider.minor ? 'pdf.agreement.guardianSignature' : 'pdf.agreement.signature'), left, doc.y, { width });
  doc.moveDown(0.3);
  const sigTop = doc.y;
  if (m.signature.method === 'drawn') {
    doc.image(m.signature.image, left, sigTop, { fit: [260, 90] });
    doc.y = sigTop + 94;
  } else {
    pen.face('Helvetica-Oblique');
    doc.fontSize(20).fillColor(INK);
    pen.text(clean(m.signature.typedName), left, sigTop + 20, { width: 300 });
    doc.y = sigTop + 60;
  }
  doc.moveTo(left, doc.y).lineTo(left + 300, doc.y).strokeColor(INK).lineWidth(0.7).stroke();
  doc.moveDown(0.3);
  pen.face('Helvetica');
  doc.fontSize(9).fillColor(MUTED);
  pen.text(
    clean(say(m.signature.method === 'drawn' ? 'pdf.agreement.drawn' : 'pdf.agreement.typed', { name: m.signature.typedName })),
    left,
    doc.y,
    { width },
  );
  doc.moveDown(0.8);
  const audit: [string, string][] = [
    [say('pdf.agreement.signedAt'), `${m.signedAtText} (${m.signedAtIso})`],
    [say('pdf.agreement.signed'), say(m.signedVia === 'counter' ? 'pdf.agreement.atCounter' : 'pdf.agreement.online')],
    [say('pdf.agreement.ip'), m.ip ?? say('pdf.agreement.unknown')],
    [say('pdf.agreement.userAgent'), m.userAgent ?? say('pdf.agreement.unknown')],
    [say('pdf.agreement.signatureId'), m.signatureId],
  ];
  keyValues(audit, 8.5, 8.5);
  doc.end();
  return done;
}
