import { writeFileSync } from 'node:fs';
import { eq } from 'drizzle-orm';
import { giftCards } from '../../src/database/schema/gift-cards.js';
import { DocumentsService } from '../../src/modules/notifications/documents.service.js';
import { GiftCardsService } from '../../src/modules/payments/gift-cards/gift-cards.service.js';
import { formatMinor } from '../../locales/currency.js';
import { formatShopTime } from '../../src/modules/notifications/email-templates.js';
import { PaymentsService } from '../../src/modules/payments/payments.service.js';
import { createBike } from '../support/bike-factories.js';
import { createAdmin, createUser, type TestUser } from '../support/factories.js';
import { renderPdfPages, savePages } from '../support/pdf-image.js';
import { pdfjsTextLines, pdfTextLines } from '../support/pdf-text.js';
import { bookAndPay, choose, fullPayment, HOUR, MINUTE, paymentsOf, rentalTestEnv, returnRental } from '../support/rental-factories.js';
import { useTestApp, type TestApp } from '../support/test-app.js';

/**
 * Issue 27: receipts and invoices are written in the customer's language (users.language; English when none): every
 * text from the catalogues, dates and amounts formatted for it. A Bangla document embeds Noto Sans Bengali for its
 * Bengali text; English and German ones stay in Helvetica only.
 */
const binary = (res: import('superagent').Response, cb: (err: Error | null, body: Buffer) => void) => {
  const chunks: Buffer[] = [];
  res.on('data', (c: Buffer) => chunks.push(c));
  res.on('end', () => cb(null, Buffer.concat(chunks)));
};

/** A week-long window returned late, its booking fee refunded: an invoice with every kind of line. */
async function lateRentalWithRefund(t: TestApp, language: 'de' | 'bn') {
  const user = await createUser(t, { name: 'Tahmid Hasan', address: 'Road 27, Dhanmondi, Dhaka' });
  await t.http().put('/api/users/me').set('Authorization', user.bearer).send({ language }).expect(200);
  const admin = await createAdmin(t);
  const bike = await createBike(t, { name: 'Suzuki Gixxer', brand: 'Suzuki', model: 'Gixxer SF', quantity: 1, pricePerHourCents: 1000, pricePerDayCents: 5000, pricePerWeekCents: 20000 });
  const start = t.clock.now().getTime() + HOUR;
  const end = start + 9 * 24 * HOUR + 3 * HOUR;
  const booked = await t
    .http()
    .post('/api/rentals')
    .set('Authorization', user.bearer)
    .send({ bikeId: bike.id, startTime: new Date(start).toISOString(), endTime: new Date(end).toISOString(), quantity: 1 })
    .expect(201);
  const rental = booked.body.data.rental;
  await choose(t, booked.body.data.payment_url, 'pay').expect(303);
  const up = await fullPayment(t, user, { paymentId: rental.paymentId, totalCost: 330 }).expect(200);
  await choose(t, up.body.data.payment_url, 'pay').expect(303);
  t.clock.advance(end + 2 * HOUR + 10 * MINUTE - t.clock.now().getTime());
  await returnRental(t, admin, rental._id, new Date(end + 2 * HOUR + 10 * MINUTE).toISOString()).expect(200);
  const late = await fullPayment(t, user, { paymentId: rental.paymentId, totalCost: 20 }).expect(200);
  await choose(t, late.body.data.payment_url, 'pay').expect(303);
  const fee = (await paymentsOf(t, rental._id)).find((p) => p.kind === 'booking_fee')!;
  expect(await t.app.get(PaymentsService).refund(fee)).toMatchObject({ status: 'refunded' });
  const invoice = await t.http().get(`/api/rentals/${rental._id}/invoice`).set('Authorization', user.bearer).buffer(true).parse(binary).expect(200);
  const receipt = await t.http().get(`/api/payments/${fee.id}/receipt`).set('Authorization', user.bearer).buffer(true).parse(binary).expect(200);
  if (process.env.PDF_DUMP_DIR) {
    writeFileSync(`${process.env.PDF_DUMP_DIR}/invoice-${language}.pdf`, invoice.body as Buffer);
    writeFileSync(`${process.env.PDF_DUMP_DIR}/receipt-${language}.pdf`, receipt.body as Buffer);
  }
  return { invoice: invoice.body as Buffer, receipt: receipt.body as Buffer, now: t.clock.now().toISOString() };
}

/** English words of today's documents that a translated one must not keep. */
const ENGLISH = ['INVOICE', 'RECEIPT', 'BILLED TO', 'Item', 'Amount', 'Booking fee', 'Paid when booking', 'Late fee', 'Refund', 'Total', 'Paid', 'Quantity', 'Back to the payer', 'hours', 'week', 'days'];
const englishLeft = (lines: string[]) => lines.filter((l) => ENGLISH.some((word) => new RegExp(`\\b${word}\\b`).test(l)));

describe('Receipts and invoices in the customer language', () => {
  const t = useTestApp(rentalTestEnv);

  it('a German customer gets a German invoice and receipt: texts, dates and amounts in German, Helvetica only', async () => {
    const { invoice, receipt, now } = await lateRentalWithRefund(t, 'de');
    const de = (minor: number, currency: string) => formatMinor(minor, currency, 'de');
    const when = formatShopTime(now, 'UTC', 'de');
    const lines = pdfTextLines(invoice);
    expect(lines).toEqual(expect.arrayContaining(['RECHNUNG', 'INV-000001', 'Tahmid Hasan', 'Motorrad  Suzuki Gixxer (Suzuki Gixxer SF)', 'Posten  Betrag']));
    expect(lines).toContain(`Datum  ${when}`);
    expect(lines).toEqual(
      expect.arrayContaining([
        `Buchungsgebühr  ${de(10000, 'BDT')}`,
        'Bei der Buchung bezahlt',
        `1 Woche  ${de(20000, 'USD')}`,
        `1 x ${de(20000, 'USD')}`,
        `2 Tage  ${de(10000, 'USD')}`,
        `3 Stunden  ${de(3000, 'USD')}`,
        `Verspätungsgebühr  ${de(2000, 'USD')}`,
        'Nach dem Ende des Zeitraums zurückgegeben',
        `Erstattung: Buchungsgebühr  ${de(-10000, 'BDT')}`,
        `Erstattet am ${when}`,
        `Summe (USD)  ${de(35000, 'USD')}`,
        `Bezahlt  ${de(35000, 'USD')}`,
        'Status  bezahlt',
      ]),
    );
    expect(de(35000, 'USD')).toBe('350,00\u00a0$');
    expect(englishLeft(lines)).toEqual([]);
    expect(invoice.toString('latin1')).not.toContain('FontFile');

    const receiptLines = pdfTextLines(receipt);
    expect(receiptLines).toEqual(
      expect.arrayContaining([
        'QUITTUNG',
        'R-000001',
        `Buchungsgebühr: Suzuki Gixxer  ${de(10000, 'BDT')}`,
        `Erstattet  ${de(-10000, 'BDT')}`,
        `Zurück an die zahlende Person am ${when}`,
        `Summe (BDT)  ${de(0, 'BDT')}`,
        'Status  erstattet',
        'Danke, dass Sie mit uns fahren.',
      ]),
    );
    expect(englishLeft(receiptLines)).toEqual([]);
  });

  it('a Bangla customer gets a Bangla invoice and receipt drawn with an embedded Bengali font', async () => {
    const { invoice, receipt } = await lateRentalWithRefund(t, 'bn');
    // Noto Sans Bengali is embedded (a subset), Helvetica stays for the Latin text.
    const raw = invoice.toString('latin1');
    expect(raw).toMatch(/\/BaseFont \/[A-Z]{6}\+NotoSansBengali/);
    expect(raw).toContain('/BaseFont /Helvetica');
    const lines = await pdfjsTextLines(invoice);
    const text = lines.join('\n');
    // Words without a vowel sign drawn before its consonant read back as written; amounts in Bangla digits.
    for (const word of ['চালান', 'বাইক', 'সংখ্যা', '৩৫০', '২০০', '১০০', '(USD)', '(UTC)', 'Tahmid Hasan', 'Suzuki Gixxer (Suzuki Gixxer SF)', 'INV-000001']) {
      expect({ word, found: text.includes(word) }).toEqual({ word, found: true });
    }
    expect(englishLeft(lines)).toEqual([]);
    const receiptText = (await pdfjsTextLines(receipt)).join('\n');
    expect(receiptText).toContain('R-000001');
    expect(receiptText).toContain(': Suzuki Gixxer');
    expect(receiptText).toContain('সংখ্যা');
    expect(receiptText).toContain('১০০');
    expect(englishLeft(receiptText.split('\n'))).toEqual([]);
    // The page as a reader sees it (SCREENSHOT_DIR keeps it to be looked at): text is drawn, no empty page.
    const [page] = await renderPdfPages(invoice);
    savePages([page], 'invoice-bn');
    savePages(await renderPdfPages(receipt), 'receipt-bn');
    let ink = 0;
    for (let i = 0; i < page.rgba.length; i += 4) if (page.rgba[i] < 100 && page.rgba[i + 1] < 100) ink++;
    expect(ink).toBeGreaterThan(5000);
  });
});

describe('The signed agreement PDF in the customer language', () => {
  const t = useTestApp({ ...rentalTestEnv, SHOP_TIME_ZONE: 'Europe/Berlin' });
  const BODY = 'I, {{customer}}, rent {{bikes}}.\n\n## Safety\n- Wear a **helmet**.';

  /** A customer of `language` books one bike and signs with the keyboard: the signed PDF. */
  async function signedPdf(admin: TestUser, language: 'de' | 'bn', name: string): Promise<Buffer> {
    const user = await createUser(t, { name });
    await t.http().put('/api/users/me').set('Authorization', user.bearer).send({ language }).expect(200);
    const bike = await createBike(t, { quantity: 4, name: 'City Cruiser' });
    const { rental } = await bookAndPay(t, user, bike.id, { quantity: 1, startTime: new Date(t.clock.now().getTime() + 24 * HOUR).toISOString() });
    const signed = await t
      .http()
      .post(`/api/rentals/${rental._id}/agreement/signatures`)
      .set('Authorization', user.bearer)
      .set('User-Agent', 'jest-agent/1.0')
      .send({ riders: [{ position: 0, name, birthDate: '1990-05-01', signature: { method: 'typed', typedName: name, consent: true } }] })
      .expect(201);
    const url = signed.body.data.riders[0].signature.pdfUrl as string;
    const pdf = (await t.http().get(url).set('Authorization', user.bearer).buffer(true).parse(binary).expect(200)).body as Buffer;
    if (process.env.PDF_DUMP_DIR) writeFileSync(`${process.env.PDF_DUMP_DIR}/agreement-${language}.pdf`, pdf);
    return pdf;
  }

  it("the PDF's own texts follow the customer's language; the shop's agreement text is printed as written", async () => {
    const admin = await createAdmin(t);
    await t.http().put('/api/agreements').set('Authorization', admin.bearer).send({ title: 'Rental agreement', body: BODY }).expect(200);

    const german = pdfTextLines(await signedPdf(admin, 'de', 'Lena Vogel')).join('\n');
    for (const text of ['Rental agreement', 'Wear a', 'Vertragsversion 1  -  Buchung', 'Fahrer/in', 'Geburtsdatum', '1990-05-01', 'Mit der Tastatur unterschrieben: getippter Name Lena Vogel', 'User-Agent  jest-agent/1.0', 'Unterschrift-ID']) {
      expect({ text, found: german.includes(text) }).toEqual({ text, found: true });
    }
    expect(german).toMatch(/Unterschrieben am .*(MEZ|MESZ|GMT\+\d)/);
    expect(german).not.toMatch(/Signed with the keyboard|Birth date|Signature id|Agreement version/);

    const bnPdf = await signedPdf(admin, 'bn', 'Rafi Ahmed');
    expect(bnPdf.toString('latin1')).toMatch(/\/BaseFont \/[A-Z]{6}\+NotoSansBengali/);
    const bangla = (await pdfjsTextLines(bnPdf)).join('\n');
    for (const text of ['Rental agreement', 'Wear a', 'Rafi Ahmed', 'jest-agent/1.0', 'চালক', 'নাম']) {
      expect({ text, found: bangla.includes(text) }).toEqual({ text, found: true });
    }
    expect(bangla).not.toMatch(/Signed with the keyboard|Birth date|Signature id|Agreement version|IP address/);
    savePages(await renderPdfPages(bnPdf), 'agreement-bn');
  });
});

describe('The gift card PDF in its purchaser language', () => {
  const t = useTestApp({ ...rentalTestEnv, PUBLIC_URL: 'https://shop.okaybike.test' });
  /** Words of the English card that a translated one must not keep. */
  const ENGLISH_CARD = ['GIFT CARD', 'For Rahim', 'YOUR CODE', 'Enter the code', 'Scan the QR', 'balance left', 'never expires', 'Valid until'];

  /** A customer of `language` buys a 50 USD card for Rahim Uddin and pays it: the card's PDF and its code. */
  async function boughtCard(language: 'de' | 'bn') {
    const buyer = await createUser(t, { name: 'Nadia Rahman' });
    await t.http().put('/api/users/me').set('Authorization', buyer.bearer).send({ language }).expect(200);
    const res = await t
      .http()
      .post('/api/gift-cards')
      .set('Authorization', buyer.bearer)
      .send({ amount: 50, recipientName: 'Rahim Uddin', recipientEmail: 'rahim@example.com', message: 'Happy birthday!' })
      .expect(201);
    await choose(t, res.body.data.payment_url, 'pay').expect(303);
    const id = res.body.data.giftCard._id as string;
    const [row] = await t.db.select().from(giftCards).where(eq(giftCards.id, id));
    const code = t.app.get(GiftCardsService).printableCode(row)!;
    const { content } = await t.app.get(DocumentsService).giftCard(id);
    if (process.env.PDF_DUMP_DIR) writeFileSync(`${process.env.PDF_DUMP_DIR}/gift-card-${language}.pdf`, content);
    return { pdf: content, code };
  }

  it('a German purchaser: the card in German, its amount as German writes it, its QR code opening the German page; Helvetica only', async () => {
    const { pdf, code } = await boughtCard('de');
    const lines = pdfTextLines(pdf);
    expect(lines).toEqual(expect.arrayContaining(['GESCHENKKARTE', formatMinor(5000, 'USD', 'de'), 'Für Rahim Uddin', 'IHR CODE', code, 'Sie verfällt nie.', 'https://shop.okaybike.test/de/gift-cards']));
    const text = (await pdfjsTextLines(pdf)).join('\n');
    expect(text).toContain('„Happy birthday!“');
    expect(text).toContain('Geben Sie den Code ein');
    expect(ENGLISH_CARD.filter((words) => text.includes(words))).toEqual([]);
    expect(pdf.toString('latin1')).not.toContain('FontFile');
  });

  it('a Bangla purchaser: the card in Bangla with an embedded Bengali font, the amount in Bangla digits', async () => {
    const { pdf, code } = await boughtCard('bn');
    expect(pdf.toString('latin1')).toMatch(/\/BaseFont \/[A-Z]{6}\+NotoSansBengali/);
    const text = (await pdfjsTextLines(pdf)).join('\n');
    for (const word of ['আপনার', '৫০', code, 'Rahim Uddin', '"Happy birthday!"', 'QR', 'https://shop.okaybike.test/bn/gift-cards']) {
      expect({ word, found: text.includes(word) }).toEqual({ word, found: true });
    }
    expect(ENGLISH_CARD.filter((words) => text.includes(words))).toEqual([]);
    savePages(await renderPdfPages(pdf), 'gift-card-bn');
  });
});
