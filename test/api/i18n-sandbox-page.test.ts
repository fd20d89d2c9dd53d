import { createBike } from '../support/bike-factories.js';
import { createUser } from '../support/factories.js';
import { book, HOUR, pathOf, rentalTestEnv } from '../support/rental-factories.js';
import { useTestApp } from '../support/test-app.js';

/**
 * Issue 27: the sandbox gateway's hosted payment page follows the language the customer booked in (the result page
 * the booking returns to, /de/payment/result), else the customer's chosen language; English stays as it was.
 */
describe("The sandbox's hosted payment page in the payer's language", () => {
  const t = useTestApp({ ...rentalTestEnv });
  const at = (ms: number) => new Date(t.clock.now().getTime() + ms).toISOString();
  const page = async (paymentUrl: string) => {
    const url = new URL(paymentUrl, 'http://x');
    return (await t.http().get(`${url.pathname}${url.search}`).expect(200)).text;
  };
  const ENGLISH = ['Merchant', 'Reference', 'Test mode', 'No real money moves', 'Test card', 'longer hold granted', 'Result of this test payment', 'Simulate a failed payment', 'Cancel and return', 'Booking fee for', 'simulated payment gateway', '>Pay '];

  it('reads in the language of the page the booking returns to, else in the chosen one', async () => {
    const bike = await createBike(t, { quantity: 4, name: 'City Cruiser' });
    const lena = await createUser(t, { email: 'lena@example.com' });
    await t.http().put('/api/users/me').set('Authorization', lena.bearer).send({ language: 'de' }).expect(200);
    const chosen = await book(t, lena, bike.id, { startTime: at(24 * HOUR) }).expect(201);
    const german = await page(chosen.body.data.payment_url);
    expect(german).toContain('<html lang="de">');
    expect(german).toContain('An Okay Bike zahlen');
    expect(german).toContain('Buchungsgebühr für City Cruiser ×1');
    expect(german).toContain('Fehlgeschlagene Zahlung simulieren');
    expect(german).toMatch(/>100,00\s(BDT|৳) zahlen</);
    expect(ENGLISH.filter((english) => german.includes(english))).toEqual([]);

    // Booked on a Bangla page (its result page is the returnUrl): Bangla, whatever the profile says.
    const anna = await createUser(t, { email: 'anna@example.com' });
    // A returnUrl names the shop's own origin: the one its payment_url is on.
    const { origin } = new URL(chosen.body.data.payment_url as string);
    const onBangla = await t
      .http()
      .post('/api/rentals')
      .set('Authorization', lena.bearer)
      .send({ bikeId: bike.id, startTime: at(30 * HOUR), quantity: 2, returnUrl: `${origin}/bn/payment/result` })
      .expect(201);
    const bangla = await page(onBangla.body.data.payment_url);
    expect(bangla).toContain('<html lang="bn">');
    expect(bangla).toContain('City Cruiser ×২-এর বুকিং ফি');
    expect(bangla).toContain('ব্যর্থ পেমেন্ট অনুকরণ করুন');
    expect(ENGLISH.filter((english) => bangla.includes(english))).toEqual([]);

    // No language chosen, none in the return URL: today's English page.
    const english = await page((await book(t, anna, bike.id, { startTime: at(24 * HOUR) }).expect(201)).body.data.payment_url);
    expect(english).toContain('<html lang="en">');
    expect(english).toContain('<h1 id="checkout-title">Pay Okay Bike</h1>');
    expect(english).toContain('Booking fee for City Cruiser x1');
    expect(english).toContain('Simulate a failed payment');
    expect(english).toContain('4000 0000 0000 0077 · Visa, longer hold granted');
    expect(pathOf(onBangla.body.data.payment_url)).toMatch(/^\/api\/payments\/sandbox\/checkout\//);
  });
});
