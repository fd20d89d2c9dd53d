import { eq } from 'drizzle-orm';
import { outboxEmails } from '../../src/database/schema/notifications.js';
import { createBike } from '../support/bike-factories.js';
import { createUser } from '../support/factories.js';
import { renderedOutbox } from '../support/outbox.js';
import { bookAndPay, choose, HOUR, rentalTestEnv, clockAt } from '../support/rental-factories.js';
import { useTestApp } from '../support/test-app.js';
import { renderEmail } from '../../src/modules/notifications/email-templates.js';

/**
 * Issue 27: the booking confirmation is written in the customer's chosen language (their profile's); a customer who
 * chose none gets today's English message, byte for byte as before.
 */
describe('Customer emails in the customer language', () => {
  const t = useTestApp({ ...rentalTestEnv, SHOP_TIME_ZONE: 'Europe/Berlin' });
  const at = clockAt(t);

  it('the booking confirmation reads in German for a German customer, in English for the others', async () => {
    const lena = await createUser(t, { email: 'lena@example.com' });
    await t.http().put('/api/users/me').set('Authorization', lena.bearer).send({ language: 'de' }).expect(200);
    const rafi = await createUser(t, { email: 'rafi@example.com' });
    const bike = await createBike(t, { quantity: 4, name: 'City Cruiser' });
    await bookAndPay(t, lena, bike.id, { startTime: at(24 * HOUR) });
    await bookAndPay(t, rafi, bike.id, { startTime: at(24 * HOUR) });
    const emails = await renderedOutbox(t, eq(outboxEmails.kind, 'booking_confirmed'));

    const german = emails.find((e) => e.toAddress === 'lena@example.com')!;
    expect(german.subject).toBe('Buchung bestätigt: City Cruiser');
    expect(german.html).toContain('<html lang="de">');
    const text = german.textBody;
    expect(text).toContain('Ihre Buchung ist bestätigt');
    expect(text).toMatch(/^Hallo .+,$/m);
    expect(text).toContain('Vielen Dank! Ihre Buchungsgebühr ist bezahlt und City Cruiser ist für Sie reserviert.');
    expect(text).toMatch(/^Abholung: \d{1,2}\. \S+ \d{4}.* \d{2}:\d{2} \(Europe\/Berlin\)$/m);
    expect(text).toContain('Rückgabe: Offen: Sie zahlen stundenweise, wenn Sie das Motorrad zurückgeben');
    expect(text).toMatch(/^Buchungsgebühr: 100,00\s(BDT|৳) \(bezahlt\)$/m);
    expect(text).toMatch(/^Preis: 12,50\s\$ pro Stunde und Motorrad$/m);
    expect(german.html).toContain('Sie erhalten diese E-Mail wegen Ihres Kontos oder Ihrer Buchung bei unserem Shop.');
    for (const english of ['Hello', 'Booking confirmed', 'Pick-up', 'Thank you', '(paid)', 'Open-ended', 'per hour', 'See your rentals', 'You get this email']) {
      expect(text).not.toContain(english);
      expect(german.html).not.toContain(english);
    }

    const english = emails.find((e) => e.toAddress === 'rafi@example.com')!;
    expect(english.subject).toBe('Booking confirmed: City Cruiser');
    expect(english.html).toContain('<html lang="en">');
    expect(english.textBody).toMatch(/^Hello .+,$/m);
    expect(english.textBody).toContain('Thank you! Your booking fee is paid and City Cruiser is reserved for you.');
    expect(english.textBody).toMatch(/^Pick-up: \d{1,2} [A-Z][a-z]+ \d{4}.* \d{2}:\d{2} \(Europe\/Berlin\)$/m);
    expect(english.textBody).toContain('Booking fee: Tk 100.00 (paid)');
    expect(english.textBody).toContain('Price: $12.50 per hour per bike');
    expect(english.html).toContain('You get this email because of your account or booking at our shop.');
  });
});

describe('The gift card itself in its buyer\'s language, like the PDF attached to it', () => {
  const t = useTestApp({ ...rentalTestEnv, GIFT_CARD_CURRENCY: 'USD' });

  async function buy(language: 'de' | 'bn' | null, recipientEmail: string): Promise<void> {
    const buyer = await createUser(t);
    if (language) await t.http().put('/api/users/me').set('Authorization', buyer.bearer).send({ language }).expect(200);
    const res = await t
      .http()
      .post('/api/gift-cards')
      .set('Authorization', buyer.bearer)
      .send({ amount: 50, recipientName: 'Mia', recipientEmail, message: 'Alles Gute!' })
      .expect(201);
    await choose(t, res.body.data.payment_url, 'pay').expect(303);
  }

  it('the delivery email reads in the buyer\'s language (German, Bangla with its digits); without one, English as before', async () => {
    await buy('de', 'mia.de@example.com');
    await buy('bn', 'mia.bn@example.com');
    await buy(null, 'mia.en@example.com');
    const emails = await renderedOutbox(t, eq(outboxEmails.kind, 'gift_card'));
    const to = (address: string) => emails.find((e) => e.toAddress === address)!;

    const de = to('mia.de@example.com');
    expect(de.html).toContain('<html lang="de">');
    expect(de.subject).toMatch(/^Sie haben eine Geschenkkarte über 50,00\s\$ von .+ erhalten$/);
    expect(de.textBody).toMatch(/^Hallo Mia,$/m);
    expect(de.textBody).toContain('Die Nachricht dazu: „Alles Gute!“');
    expect(de.textBody).toContain('Gültig bis: Unbegrenzt gültig');
    expect(de.textBody).toContain('/de/gift-cards');
    for (const english of ['Hello', 'gift card', 'Amount', 'Valid until', 'No expiry', 'Check the balance', 'Enter the code']) expect(de.textBody).not.toContain(english);
    expect(de.attachments).toEqual([expect.objectContaining({ kind: 'gift_card' })]);

    const bn = to('mia.bn@example.com');
    expect(bn.html).toContain('<html lang="bn">');
    expect(bn.subject).toContain('গিফট কার্ড');
    expect(bn.textBody).toMatch(/[০-৯]/);
    for (const english of ['Hello', 'gift card', 'Amount', 'Valid until', 'Check the balance']) expect(bn.textBody).not.toContain(english);

    const en = to('mia.en@example.com');
    expect(en.html).toContain('<html lang="en">');
    expect(en.subject).toMatch(/^You received a \$50\.00 gift card from .+$/);
    expect(en.textBody).toMatch(/^Hello Mia,$/m);
    expect(en.textBody).toMatch(/Someone sent you a \$50\.00 gift card for bike rentals at .+\. Your card, with its code and QR code, is attached as a PDF\./);
    expect(en.textBody).toContain('Their message: "Alles Gute!"');
    expect(en.textBody).toContain('Valid until: No expiry');
    expect(en.textBody).toContain('Enter the code when you pay a booking fee or a rental; the card pays what its balance allows and your card the rest.');
  });
});

describe('The other customer emails in the customer language', () => {
  const t = useTestApp({ ...rentalTestEnv, SHOP_TIME_ZONE: 'Europe/Berlin', FREE_CANCELLATION_HOURS: '24' });
  const at = clockAt(t);

  it('payment received, rescheduled and cancelled read in German and in Bangla (its digits); English stays as before', async () => {
    const lena = await createUser(t, { email: 'lena@example.com' });
    await t.http().put('/api/users/me').set('Authorization', lena.bearer).send({ language: 'de' }).expect(200);
    const rafi = await createUser(t, { email: 'rafi@example.com' });
    await t.http().put('/api/users/me').set('Authorization', rafi.bearer).send({ language: 'bn' }).expect(200);
    const anna = await createUser(t, { email: 'anna@example.com' });
    const bike = await createBike(t, { quantity: 4, name: 'City Cruiser' });
    for (const user of [lena, rafi, anna]) {
      const { rental } = await bookAndPay(t, user, bike.id, { startTime: at(72 * HOUR) });
      await t.http().post(`/api/rentals/${rental._id}/reschedule`).set('Authorization', user.bearer).send({ startTime: at(96 * HOUR) }).expect(200);
      await t.http().post(`/api/rentals/${rental._id}/cancel`).set('Authorization', user.bearer).expect(200);
    }
    const emails = await renderedOutbox(t);
    const of = (address: string, kind: string) => emails.find((e) => e.toAddress === address && e.kind === kind)!;

    const paid = of('lena@example.com', 'payment_received');
    expect(paid.subject).toMatch(/^Zahlung erhalten: 100,00\s(BDT|৳)$/);
    expect(paid.html).toContain('<html lang="de">');
    expect(paid.textBody).toContain('Wir haben Ihre Buchungsgebühr erhalten. Den Beleg finden Sie als PDF im Anhang.');
    expect(paid.textBody).toMatch(/^Für: Buchungsgebühr für City Cruiser × 1$/m);
    expect(paid.textBody).toMatch(/^Bezahlt am: \d{1,2}\. \S+ \d{4}.* \d{2}:\d{2} \(Europe\/Berlin\)$/m);
    const moved = of('lena@example.com', 'rescheduled');
    expect(moved.subject).toBe('Buchung geändert: City Cruiser');
    expect(moved.textBody).toContain('Ihre Buchung von City Cruiser ist auf die unten genannten Zeiten verschoben.');
    expect(moved.textBody).toMatch(/^Sie können bis \d{1,2}\. \S+ \d{4}.* kostenlos stornieren\.$/m);
    const cancelled = of('lena@example.com', 'cancelled');
    expect(cancelled.subject).toBe('Buchung storniert: City Cruiser');
    expect(cancelled.textBody).toMatch(/Ihre Buchung von City Cruiser ist kostenlos storniert\. Die Buchungsgebühr von 100,00\s(BDT|৳) wird erstattet/);
    expect(cancelled.textBody).toMatch(/^Erneut buchen: \/de\/allbikes auf der Website von /m);
    for (const mail of [paid, moved, cancelled]) {
      for (const english of ['Hello', 'Payment received', 'We received', 'Booking changed', 'Booking cancelled', 'Booking reference', 'Pick-up', 'See your rentals', 'Book again', 'free of charge', 'Amount', 'Paid on']) {
        expect({ kind: mail.kind, english, found: mail.textBody.includes(english) || mail.html.includes(english) || mail.subject.includes(english) }).toEqual({ kind: mail.kind, english, found: false });
      }
    }

    const bangla = of('rafi@example.com', 'payment_received');
    expect(bangla.html).toContain('<html lang="bn">');
    expect(bangla.subject).toMatch(/^পেমেন্ট পাওয়া গেছে: ১০০\.০০\s?(BDT|৳)|^পেমেন্ট পাওয়া গেছে: (BDT|৳)\s?১০০\.০০$/);
    expect(bangla.textBody).toContain('আপনার বুকিং ফি আমরা পেয়েছি।');
    expect(bangla.textBody).toMatch(/^যার জন্য: City Cruiser × ১-এর বুকিং ফি$/m);
    expect(of('rafi@example.com', 'cancelled').subject).toBe('বুকিং বাতিল: City Cruiser');
    expect(of('rafi@example.com', 'rescheduled').textBody).toContain('City Cruiser-এর বুকিং নিচের সময়ে সরানো হয়েছে।');

    // A customer who chose no language: today's English, byte for byte.
    expect(of('anna@example.com', 'payment_received').subject).toBe('Payment received: Tk 100.00');
    expect(of('anna@example.com', 'payment_received').textBody).toContain('We received your booking fee. Your receipt is attached as a PDF.');
    expect(of('anna@example.com', 'payment_received').textBody).toContain('For: booking fee of City Cruiser x 1');
    expect(of('anna@example.com', 'rescheduled').subject).toBe('Booking changed: City Cruiser');
    expect(of('anna@example.com', 'cancelled').textBody).toMatch(/Your booking of City Cruiser is cancelled free of charge\. The booking fee of Tk 100\.00 is being refunded; you get a separate email when it is done\./);
    expect(of('anna@example.com', 'cancelled').textBody).toMatch(/^Book again: \/allbikes on the /m);
  });
});

describe('The check-in summary and the gift card receipt in the customer language (renderEmail)', () => {
  const shop = { name: 'Okay Bike', address: 'Road 1, Dhaka', timeZone: 'UTC', publicUrl: null };
  const to = { name: 'Lena', email: 'lena@example.com' };
  const checkIn = {
    bikeId: { name: 'City Cruiser' },
    quantity: 1,
    startTime: '2026-06-12T09:00:00.000Z',
    endTime: '2026-06-12T12:00:00.000Z',
    currency: 'USD',
    lateFee: 5,
    counter: { conditions: [{ unitLabel: 'CC-01', checklist: { brakes: 'ok', mirror: 'damaged' } }], damageReports: [{ unitLabel: 'CC-01', currency: 'USD', items: [{ part: 'mirror', severity: 'minor', cost: 20 }] }] },
    deposit: { status: 'partially_captured', currency: 'USD', amount: 100, heldAmount: 100, capturedAmount: 20, reason: 'mirror' },
    photoFiles: ['a.jpg', 'b.jpg'],
  };
  const bought = { amount: 50, currency: 'USD', recipientName: 'Mia', recipientEmail: 'mia@example.com', sendAt: '2026-06-20T08:00:00.000Z', last4: 'AB12', expiresAt: null };

  it('reads in German and Bangla; English stays as before', () => {
    const de = renderEmail('check_in_summary', to, checkIn, shop, new Date(), 'de');
    expect(de.subject).toBe('Rückgabe geprüft: City Cruiser');
    expect(de.text).toContain('Ihre Rückgabe: Schadensbericht');
    expect(de.text).toContain('Checkliste: brakes: in Ordnung, mirror: beschädigt');
    expect(de.text).toMatch(/^Schaden an CC-01: mirror \(minor\), 20,00\s\$\.$/m);
    expect(de.text).toMatch(/Es fällt eine Verspätungsgebühr von 5,00\s\$ an/);
    expect(de.text).toContain('Die 2 Fotos, die wir bei der Rückgabe aufgenommen haben, sind angehängt');
    for (const english of ['Thank you', 'Checklist:', 'Damage found', 'Kept', 'Released', 'late fee', 'photos', 'See your rentals']) expect(de.text).not.toContain(english);

    const bn = renderEmail('check_in_summary', to, { ...checkIn, photoFiles: ['a.jpg'] }, shop, new Date(), 'bn');
    expect(bn.subject).toBe('ফেরত পরীক্ষা হয়েছে: City Cruiser');
    expect(bn.text).toContain('ফেরতের সময় তোলা ছবিটি সংযুক্ত আছে');
    expect(bn.text).toMatch(/দেরির ফি প্রযোজ্য/);
    expect(bn.text).toMatch(/[০-৯]/);

    const en = renderEmail('check_in_summary', to, checkIn, shop, new Date(), null);
    expect(en.subject).toBe('Return checked: City Cruiser');
    expect(en.text).toContain('Thank you for riding with us. Here is how City Cruiser came back.');
    expect(en.text).toContain('Checklist: brakes: OK, mirror: damaged');
    expect(en.text).toContain('Damage found on CC-01: mirror (minor), $20.00.');
    expect(en.text).toContain('A late fee of $5.00 applies: the bike came back after the agreed time.');
    expect(en.text).toContain('The 2 photos we took at the return are attached, and on your rental in My Rentals.');
    expect(renderEmail('check_in_summary', to, { ...checkIn, photoFiles: ['a.jpg'] }, shop, new Date(), null).text).toContain(
      'The photo we took at the return is attached, and on your rental in My Rentals.',
    );

    const giftDe = renderEmail('gift_card_purchased', to, bought, shop, new Date(), 'de');
    expect(giftDe.subject).toMatch(/^Geschenkkarte gekauft: 50,00\s\$ für Mia$/);
    expect(giftDe.text).toContain('Gültig bis: Unbegrenzt gültig');
    const giftEn = renderEmail('gift_card_purchased', to, bought, shop, new Date(), null);
    expect(giftEn.subject).toBe('Gift card bought: $50.00 for Mia');
    expect(giftEn.text).toContain('Your $50.00 gift card is paid. We email it to Mia <mia@example.com> on the send date below.');
    expect(giftEn.text).toContain('Valid until: No expiry');
  });
});
