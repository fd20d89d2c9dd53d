import { Injectable, NotFoundException } from '@nestjs/common';
import PDFDocument from 'pdfkit';
import QRCode from 'qrcode';
import { CounterRepository, UnitWithBike } from './counter.repository.js';

const MM = 72 / 25.4;
/** A4 with 21 labels of 63.5 x 38.1 mm (3 x 7, the common L7160 sticker sheet). */
const SHEET = { width: 210 * MM, height: 297 * MM, cols: 3, rows: 7, labelW: 63.5 * MM, labelH: 38.1 * MM, left: 7.2 * MM, top: 15.15 * MM, gapX: 2.5 * MM };

/** The unit's staff URL: what its QR code holds (the counter opens the unit; a phone's camera app opens it too). */
export const unitStaffUrl = (origin: string, unitId: string): string => `${origin}/dashboard/counter?unit=${encodeURIComponent(unitId)}`;

/** The unit id a scanned code names: the staff URL's `unit`, or a bare unit id. */
export function unitIdOfCode(code: string): string | null {
  const text = code.trim();
  const uuid = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
  if (uuid.test(text)) return text.toLowerCase();
  try {
    const url = new URL(text);
    const id = url.searchParams.get('unit');
    return id && uuid.test(id) ? id.toLowerCase() : null;
  } catch {
    return null;
  }
}

/** The printable QR label sheet (PDF) of one bike's units or of the whole fleet. */
@Injectable()
export class LabelsService {
  constructor(private readonly counter: CounterRepository) {}

  async sheet(origin: string, bikeId?: string): Promise<{ filename: string; content: Buffer; count: number }> {
    const units = await this.counter.unitsForLabels(bikeId);
    if (bikeId && units.length === 0) throw new NotFoundException('Bike not found, or it has no units');
    const content = await this.render(origin, units);
    const name = bikeId ? `labels-${slug(units[0].bike.name)}.pdf` : 'labels-fleet.pdf';
    return { filename: name, content, count: units.length };
  }

  private async render(origin: string, units: UnitWithBike[]): Promise<Buffer> {
    const doc = new PDFDocument({ size: 'A4', margin: 0, info: { Title: 'Okay Bike unit labels', Creator: 'Okay Bike' } });
    const chunks: Buffer[] = [];
    doc.on('data', (c: Buffer) => chunks.push(c));
    const done = new Promise<Buffer>((resolve, reject) => {
      doc.on('end', () => resolve(Buffer.concat(chunks)));
      doc.on('error', reject);
    });
    const perPage = SHEET.cols * SHEET.rows;
    if (units.length === 0) {
      doc.fontSize(14).text('No units to label yet: add units to a bike on the fleet screen.', 20 * MM, 20 * MM);
    }
    for (let i = 0; i < units.length; i++) {
      if (i > 0 && i % perPage === 0) doc.addPage({ size: 'A4', margin: 0 });
      const slot = i % perPage;
      const x = SHEET.left + (slot % SHEET.cols) * (SHEET.labelW + SHEET.gapX);
      const y = SHEET.top + Math.floor(slot / SHEET.cols) * SHEET.labelH;
      await this.label(doc, origin, units[i], x, y);
    }
    doc.end();
    return done;
  }

  private async label(doc: PDFKit.PDFDocument, origin: string, { unit, bike }: UnitWithBike, x: number, y: number): Promise<void> {
    const pad = 2.5 * MM;
    const qrSize = SHEET.labelH - 2 * pad;
    const png = await QRCode.toBuffer(unitStaffUrl(origin, unit.id), { type: 'png', errorCorrectionLevel: 'M', margin: 1, width: 300 });
    doc.save().lineWidth(0.3).strokeColor('#cccccc').roundedRect(x, y, SHEET.labelW, SHEET.labelH, 2 * MM).stroke().restore();
    doc.image(png, x + pad, y + pad, { width: qrSize, height: qrSize });
    const tx = x + pad + qrSize + 2 * MM;
    const tw = SHEET.labelW - (tx - x) - pad;
    doc.fillColor('#000000').font('Helvetica-Bold').fontSize(13).text(unit.label, tx, y + pad + 1 * MM, { width: tw, lineBreak: true, height: 12 * MM, ellipsis: true });
    doc.font('Helvetica').fontSize(8).fillColor('#333333').text(bike.name, tx, doc.y + 1 * MM, { width: tw, height: 10 * MM, ellipsis: true });
    doc.fontSize(6).fillColor('#666666').text('Scan at the counter', tx, y + SHEET.labelH - pad - 3 * MM, { width: tw, lineBreak: false });
  }
}

const slug = (s: string): string => s.toLowerCase().replace(/[^a-z0-9]+/g, '-').replace(/^-|-$/g, '').slice(0, 40) || 'bike';
