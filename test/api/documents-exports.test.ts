import { jest } from '@jest/globals';
import { sql } from 'drizzle-orm';
/**
 * Issue 16: PDF receipts and invoices (own only, admins any, sequential numbers) and the CSV exports (streamed
 * in batches, parse as CSV).
 */
import { writeFileSync } from 'node:fs';
import { DocumentsService } from '../../src/modules/notifications/documents.service.js';
import { formatShopTime } from '../../src/modules/notifications/email-templates.js';
import { PaymentsService } from '../../src/modules/payments/payments.service.js';
import { csvField, ExportsService } from '../../src/modules/notifications/exports.service.js';
import { createBike } from '../support/bike-factories.js';
import { parseCsv } from '../support/csv.js';
import { createAdmin, createUser } from '../support/factories.js';
import { bookAndPay, choose, fullPayment, HOUR, MINUTE, paymentsOf, rentalTestEnv, returnRental } from '../support/rental-factories.js';
import { pdfTextLines } from '../support/pdf-text.js';
import { useTestApp } from '../support/test-app.js';

const binary = (res: import('superagent').Response, cb: (err: Error | null, body: Buffer) => void) => {
  const chunks: Buffer[] = [];
  res.on('data', (c: Buffer) => chunks.push(c));
  res.on('end', () => cb(null, Buffer.concat(chunks)));
};

describe('Receipts, invoices and exports', () => {
  const t = useTestApp(rentalTestEnv);

  async function paidRental() {
    const user = await createUser(t, { name: 'Receipt Owner' });
    const admin = await createAdmin(t);
    const bike = await createBike(t, { name: 'Honda CB Hornet', quantity: 2 });
    const start = t.clock.now().getTime() + HOUR;
    const booked = await bookAndPay(t, user, bike.id, { quantity: 2, startTime: new Date(start).toISOString() });
    await returnRental(t, admin, booked.rental._id, new Date(start + 3 * HOUR).toISOString()).expect(200);
    const pay = await fullPayment(t, user, { paymentId: booked.rental.paymentId, totalCost: 75 }).expect(200);
    await choose(t, pay.body.data.payment_url, 'pay').expect(303);
    return { user, admin, bike, rentalId: booked.rental._id, feePaymentId: booked.paymentId, rentalPaymentId: pay.body.data.payment._id as string };
  }

  it('the owner and admins download the receipt and the invoice as PDF; anyone else gets 404', async () => {
    const { user, admin, rentalId, feePaymentId } = await paidRental();
    const mine = await t.http().get(`/api/payments/${feePaymentId}/receipt`).set('Authorization', user.bearer).buffer(true).parse(binary).expect(200);
    expect(mine.headers['content-type']).toBe('application/pdf');
    expect(mine.headers['content-disposition']).toBe('attachment; filename="receipt-R-000001.pdf"');
    expect(mine.headers['cache-control']).toBe('private, no-store');
    expect(Number(mine.headers['content-length'])).toBe((mine.body as Buffer).length);
    expect((mine.body as Buffer).subarray(0, 5).toString()).toBe('%PDF-');
    const again = await t.http().get(`/api/payments/${feePaymentId}/receipt`).set('Authorization', admin.bearer).buffer(true).parse(binary).expect(200);
    expect(again.headers['content-disposition']).toContain('R-000001'); // the same number every time
    const invoice = await t.http().get(`/api/rentals/${rentalId}/invoice`).set('Authorization', user.bearer).buffer(true).parse(binary).expect(200);
    expect(invoice.headers['content-disposition']).toBe('attachment; filename="invoice-INV-000001.pdf"');
    expect(invoice.headers['cache-control']).toBe('private, no-store');
    const byRental = await t.http().get(`/api/rentals/${rentalId}/receipts/booking_fee`).set('Authorization', user.bearer).buffer(true).parse(binary).expect(200);
    expect(byRental.headers['content-disposition']).toBe('attachment; filename="receipt-R-000001.pdf"');
    const second = await t.http().get(`/api/rentals/${rentalId}/receipts/rental`).set('Authorization', user.bearer).buffer(true).parse(binary).expect(200);
    expect(second.headers['content-disposition']).toBe('attachment; filename="receipt-R-000002.pdf"');
    await t.http().get(`/api/rentals/${rentalId}/receipts/tip`).set('Authorization', user.bearer).expect(404);
    const stranger = await createUser(t);
    await t.http().get(`/api/rentals/${rentalId}/receipts/booking_fee`).set('Authorization', stranger.bearer).expect(404);
    const missing = await t.http().get(`/api/payments/${feePaymentId}/receipt`).set('Authorization', stranger.bearer).expect(404);
    expect(missing.headers['content-type']).toMatch(/^application\/json/);
    expect(missing.headers['content-disposition']).toBeUndefined();
    await t.http().get(`/api/rentals/${rentalId}/invoice`).set('Authorization', stranger.bearer).expect(404);
    await t.http().get(`/api/rentals/${rentalId}/invoice`).expect(401);
    await t.http().get('/api/payments/not-an-id/receipt').set('Authorization', user.bearer).expect(400);
  });

  it('the invoice PDF of a week-long window returned late, with a refund: weeks, days, hours, late fee, refund and totals', async () => {
    const user = await createUser(t, { name: 'Tahmid Hasan', address: 'Road 27, Dhanmondi, Dhaka' });
    const admin = await createAdmin(t);
    const bike = await createBike(t, { name: 'Suzuki Gixxer', brand: 'Suzuki', model: 'Gixxer SF', quantity: 1, pricePerHourCents: 1000, pricePerDayCents: 5000, pricePerWeekCents: 20000 });
    const start = t.clock.now().getTime() + HOUR;
    const end = start + 9 * 24 * HOUR + 3 * HOUR; // 1 week, 2 days and 3 hours
    const booked = await t
      .http()
      .post('/api/rentals')
      .set('Authorization', user.bearer)
      .send({ bikeId: bike.id, startTime: new Date(start).toISOString(), endTime: new Date(end).toISOString(), quantity: 1 })
      .expect(201);
    const rental = booked.body.data.rental;
    expect(rental.totalCost).toBe(330);
    await choose(t, booked.body.data.payment_url, 'pay').expect(303);
    const up = await fullPayment(t, user, { paymentId: rental.paymentId, totalCost: 330 }).expect(200);
    await choose(t, up.body.data.payment_url, 'pay').expect(303);
    // Back 2 h 10 min late: two started hours after the grace, 10 each.
    t.clock.advance(end + 2 * HOUR + 10 * MINUTE - t.clock.now().getTime());
    await returnRental(t, admin, rental._id, new Date(end + 2 * HOUR + 10 * MINUTE).toISOString()).expect(200);
    const late = await fullPayment(t, user, { paymentId: rental.paymentId, totalCost: 20 }).expect(200);
    await choose(t, late.body.data.payment_url, 'pay').expect(303);
    // The shop gives the booking fee back (through the gateway, as an automatic refund does).
    const fee = (await paymentsOf(t, rental._id)).find((p) => p.kind === 'booking_fee')!;
    expect(await t.app.get(PaymentsService).refund(fee)).toMatchObject({ status: 'refunded' });

    const res = await t.http().get(`/api/rentals/${rental._id}/invoice`).set('Authorization', user.bearer).buffer(true).parse(binary).expect(200);
    expect(res.headers['content-type']).toBe('application/pdf');
    const lines = pdfTextLines(res.body as Buffer);
    if (process.env.PDF_DUMP_DIR) writeFileSync(`${process.env.PDF_DUMP_DIR}/invoice.pdf`, res.body as Buffer);
    expect(lines.slice(0, 4).sort()).toEqual(['House 12, Road 5, Dhanmondi, Dhaka 1205, Bangladesh', 'INV-000001', 'INVOICE', 'Okay Bike']);
    expect(lines).toEqual(expect.arrayContaining(['Tahmid Hasan', 'Bike  Suzuki Gixxer (Suzuki Gixxer SF)']));
    // The billed-to column may share a baseline with a detail on the right.
    expect(lines.some((l) => l.startsWith('Road 27, Dhanmondi, Dhaka'))).toBe(true);
    expect(lines.some((l) => l.endsWith('Quantity  1'))).toBe(true);
    // Dated by the shop's clock (the return was 9 days after the booking), not the machine's.
    expect(lines).toContain(`Date  ${formatShopTime(t.clock.now().toISOString(), 'UTC')}`);
    expect(lines).toEqual(
      expect.arrayContaining([
        'Item  Amount',
        'Booking fee  Tk 100.00',
        'Paid when booking',
        '1 week  $200.00',
        '1 x $200.00',
        '2 days  $100.00',
        '2 x $50.00',
        '3 hours  $30.00',
        '3 x $10.00',
        'Late fee  $20.00',
        'Returned after the end of the window',
        'Refund: booking fee  -Tk 100.00',
        `Refunded ${formatShopTime(t.clock.now().toISOString(), 'UTC')}`,
        'Total (BDT)  Tk 0.00',
        'Total (USD)  $350.00',
        'Paid  $350.00',
      ]),
    );
    // Lines in the order of the bill: the fee, the window, the late fee, the refund, then the totals.
    const at = (line: string) => lines.indexOf(line);
    expect(at('Booking fee  Tk 100.00')).toBeLessThan(at('1 week  $200.00'));
    expect(at('1 week  $200.00')).toBeLessThan(at('2 days  $100.00'));
    expect(at('3 hours  $30.00')).toBeLessThan(at('Late fee  $20.00'));
    expect(at('Late fee  $20.00')).toBeLessThan(at('Refund: booking fee  -Tk 100.00'));
    expect(at('Refund: booking fee  -Tk 100.00')).toBeLessThan(at('Total (USD)  $350.00'));
    expect(lines.some((l) => l.startsWith('Balance due'))).toBe(false);
    expect(lines).toContain('Status  paid');
    expect(lines.at(-1)).toBe('Okay Bike - House 12, Road 5, Dhanmondi, Dhaka 1205, Bangladesh');

    const receipt = await t.http().get(`/api/payments/${fee.id}/receipt`).set('Authorization', user.bearer).buffer(true).parse(binary).expect(200);
    if (process.env.PDF_DUMP_DIR) writeFileSync(`${process.env.PDF_DUMP_DIR}/receipt.pdf`, receipt.body as Buffer);
    const receiptLines = pdfTextLines(receipt.body as Buffer);
    expect(receiptLines).toEqual(expect.arrayContaining(['Okay Bike', 'RECEIPT', 'R-000001']));
    expect(receiptLines).toEqual(expect.arrayContaining(['Booking fee: Suzuki Gixxer  Tk 100.00', 'Refunded  -Tk 100.00', `Back to the payer ${formatShopTime(t.clock.now().toISOString(), 'UTC')}`, 'Total (BDT)  Tk 0.00', 'Paid  Tk 0.00', 'Status  refunded']));
  });

  it('numbers receipts without gaps, even when asked for at the same time', async () => {
    const docs = t.app.get(DocumentsService);
    const ids = Array.from({ length: 8 }, (_, i) => `00000000-0000-4000-8000-00000000000${i}`);
    const numbers = await Promise.all([...ids, ...ids].map((id) => docs.ensureNumber('receipt', id)));
    expect([...new Set(numbers)].sort((a, b) => a - b)).toEqual([1, 2, 3, 4, 5, 6, 7, 8]);
    expect(numbers.slice(0, 8)).toEqual(numbers.slice(8));
  });

  it('the invoice itemises the booking fee and the hours', async () => {
    const { rentalId } = await paidRental();
    const docs = t.app.get(DocumentsService);
    const spy = jest.spyOn(docs, 'render');
    await docs.invoice(rentalId);
    const model = spy.mock.calls[0][0];
    expect(model.lines.map((l) => [l.label, l.amountMinor, l.currency])).toEqual([
      ['Booking fee', 10000, 'BDT'],
      ['Rental: 3 hours', 7500, 'USD'],
    ]);
    expect(model.totals).toEqual([
      { currency: 'BDT', charged: 10000, paid: 10000, due: 0 },
      { currency: 'USD', charged: 7500, paid: 7500, due: 0 },
    ]);
    spy.mockRestore();
  });

  it('exports rentals, payments and users as CSV (admins only), streamed in batches', async () => {
    const { user } = await paidRental();
    const admin = await createAdmin(t, { name: 'Admin, "the boss"' });
    const rentals = await t.http().get('/api/exports/rentals').set('Authorization', admin.bearer).expect(200);
    expect(rentals.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(rentals.headers['x-export-rows']).toBe('1');
    expect(rentals.headers['content-disposition']).toBe(`attachment; filename="okaybike-rentals-${new Date().toISOString().slice(0, 10)}.csv"`);
    expect(rentals.headers['cache-control']).toBe('no-store');
    const rows = parseCsv(rentals.text);
    expect(rows[0]).toEqual(['id', 'booking_reference', 'status', 'customer_name', 'customer_email', 'bike', 'quantity', 'start_time', 'return_time', 'price_per_hour', 'currency', 'total_cost', 'total_paid', 'created_at', 'addons', 'addons_total', 'coupons', 'discount']);
    expect(rows[1]).toEqual(expect.arrayContaining(['paid', 'Receipt Owner', user.email, 'Honda CB Hornet', '2', '12.50', 'USD', '75.00']));
    const payments = parseCsv((await t.http().get('/api/exports/payments.csv').set('Authorization', admin.bearer).expect(200)).text);
    expect(payments.slice(1).map((r) => [r[4], r[5], r[6], r[7]]).sort()).toEqual([
      ['booking_fee', 'succeeded', '100.00', 'BDT'],
      ['rental', 'succeeded', '75.00', 'USD'],
    ]);
    const users = parseCsv((await t.http().get('/api/exports/users').set('Authorization', admin.bearer).expect(200)).text);
    expect(users.length).toBe(1 + 3);
    expect(users.some((r) => r[1] === 'Admin, "the boss"')).toBe(true);
    await t.http().get('/api/exports/rentals').set('Authorization', user.bearer).expect(403);
    await t.http().get('/api/exports/secrets').set('Authorization', admin.bearer).expect(404);
  });

  it('reads every row once across batch boundaries (keyset), with equal timestamps', async () => {
    const same = new Date('2026-01-01T00:00:00Z');
    for (let i = 0; i < 23; i++) await createUser(t, { email: `batch-${i}@example.com` });
    await t.db.execute((await import('drizzle-orm')).sql`update users set created_at = ${same.toISOString()}::timestamptz where email like 'batch-%'`);
    const lines: string[] = [];
    for await (const chunk of t.app.get(ExportsService).lines('users', 5)) lines.push(chunk);
    const rows = parseCsv(lines.join('')).slice(1);
    expect(rows).toHaveLength(23);
    expect(new Set(rows.map((r) => r[0])).size).toBe(23);
    expect(lines.length).toBe(1 + 5); // header + ceil(23 / 5) batches
  });

  it('neutralises spreadsheet formulas and quotes separators', () => {
    expect(csvField('=HYPERLINK("x")')).toBe(`"'=HYPERLINK(""x"")"`);
    expect(csvField('a,b')).toBe('"a,b"');
    expect(csvField('line\nbreak')).toBe('"line\nbreak"');
    expect(csvField(-5)).toBe('-5');
    expect(csvField(null)).toBe('');
  });
});

describe('Exports under load (issue 23)', () => {
  const t = useTestApp({ ...rentalTestEnv, EXPORT_MAX_CONCURRENT: '1' });

  it('runs at most EXPORT_MAX_CONCURRENT exports at once: the next answers 429 EXPORTS_BUSY with Retry-After', async () => {
    const admin = await createAdmin(t);
    const release = t.app.get(ExportsService).acquireSlot();
    expect(release).not.toBeNull();
    try {
      const busy = await t.http().get('/api/exports/users').set('Authorization', admin.bearer).expect(429);
      expect(busy.body).toMatchObject({ success: false, code: 'EXPORTS_BUSY' });
      expect(Number(busy.headers['retry-after'])).toBeGreaterThan(0);
    } finally {
      release!();
    }
    await t.http().get('/api/exports/users').set('Authorization', admin.bearer).expect(200);
    // The slot is given back after each export, cut or not.
    await t.http().get('/api/exports/users').set('Authorization', admin.bearer).expect(200);
  });

  it.each(['users', 'payments'])('reads a batch of %s by an index on (created_at, id): rows sharing a timestamp are not re-read', async (table) => {
    const plan = await t.db.transaction(async (tx) => {
      await tx.execute(sql.raw('set local enable_seqscan = off'));
      const res = await tx.execute(
        sql.raw(
          `explain select x.id from ${table} x where (x.created_at, x.id) > ('2026-01-01T00:00:00Z'::timestamptz, '00000000-0000-0000-0000-000000000000'::uuid) order by x.created_at, x.id limit 500`,
        ),
      );
      return ((res as unknown as { rows?: Record<string, string>[] }).rows ?? (res as unknown as Record<string, string>[])).map((r) => Object.values(r)[0]).join('\n');
    });
    // The row comparison is the index condition itself, not a filter over every row at or after the timestamp.
    expect(plan).toMatch(new RegExp(`${table}_created_id_idx`));
    expect(plan).toMatch(/Index Cond: \(ROW\(created_at, id\) > ROW\(/);
  });
});
