import { DepositsService } from '../../src/modules/rentals/deposits/deposits.service.js';
import { createBike } from '../support/bike-factories.js';
import { createUser, type TestUser } from '../support/factories.js';
import { book, HOUR, pathOf, rentalTestEnv, clockAt } from '../support/rental-factories.js';
import { useTestApp } from '../support/test-app.js';

/**
 * Issue 27: the sandbox gateway's hosted payment page follows the language the customer booked in (the result page
 * the booking returns to, /de/payment/result), else the customer's chosen language; English stays as it was.
 */
describe("The sandbox's hosted payment page in the payer's language", () => {
  const t = useTestApp({ ...rentalTestEnv });
  const at = clockAt(t);
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

  it("asks for a deposit hold's confirmation in the customer's chosen language; English stays as it was", async () => {
    const bike = await createBike(t, { name: 'City Cruiser', depositAmountCents: 9000 });
    /** Books in an hour, pays the fee with the test card whose bank asks to confirm holds: the hold's confirmation page. */
    const confirmationPage = async (user: TestUser, startInHours: number) => {
      const booked = await t
        .http()
        .post('/api/rentals')
        .set('Authorization', user.bearer)
        .send({ bikeId: bike.id, startTime: at(startInHours * HOUR), endTime: at((startInHours + 24) * HOUR), quantity: 1 })
        .expect(201);
      await t.http().post(pathOf(booked.body.data.payment_url)).type('form').send({ outcome: 'pay', card: 'confirm' }).expect(303);
      await t.app.get(DepositsService).runDue();
      const rentals = await t.http().get('/api/rentals').set('Authorization', user.bearer).expect(200);
      const rental = (rentals.body.data as { _id: string; deposit: { actionUrl: string | null } }[]).find((r) => r._id === booked.body.data.rental._id)!;
      expect(rental.deposit.actionUrl).toMatch(/\/api\/payments\/sandbox\/deposit\/sbx_pi_/);
      return { path: pathOf(rental.deposit.actionUrl!), html: (await t.http().get(pathOf(rental.deposit.actionUrl!)).expect(200)).text };
    };
    const DEPOSIT_ENGLISH = ['Confirm the security deposit', 'Test mode', 'Your bank asks you', 'Confirm the hold of', 'deposit hold', 'simulated payment gateway'];

    const jonas = await createUser(t, { email: 'jonas@example.com' });
    await t.http().put('/api/users/me').set('Authorization', jonas.bearer).send({ language: 'de' }).expect(200);
    const german = await confirmationPage(jonas, 1);
    expect(german.html).toContain('<html lang="de">');
    expect(german.html).toContain('<h1 id="confirm-title">Kaution bestätigen</h1>');
    // The amount as German writes it ('90,00 $'), in the title and on the button too.
    const amount = /<p class="amount">([^<]+)<\/p>/.exec(german.html)![1];
    expect(amount).toMatch(/^90,00\s\S+$/);
    expect(german.html).toContain(`<title>Kautionsreservierung über ${amount} bestätigen · Okay Pay Sandbox</title>`);
    expect(german.html).toContain(`>Reservierung über ${amount} bestätigen</button>`);
    expect(german.html).toContain('Ihre Bank bittet Sie, diese Reservierung für Okay Bike zu bestätigen.');
    expect(DEPOSIT_ENGLISH.filter((english) => german.html.includes(english))).toEqual([]);

    const rina = await createUser(t, { email: 'rina@example.com' });
    await t.http().put('/api/users/me').set('Authorization', rina.bearer).send({ language: 'bn' }).expect(200);
    const bangla = await confirmationPage(rina, 2);
    expect(bangla.html).toContain('<html lang="bn">');
    expect(bangla.html).toContain('<h1 id="confirm-title">জামানত নিশ্চিত করুন</h1>');
    // Bangla digits in the amount.
    expect(bangla.html).toMatch(/<p class="amount">[^<]*৯০[^<]*<\/p>/);
    expect(DEPOSIT_ENGLISH.filter((english) => bangla.html.includes(english))).toEqual([]);

    // Confirmed, the page has nothing more to ask: still in the customer's language.
    await t.http().post(german.path).type('form').send({}).expect(303);
    const done = (await t.http().get(german.path).expect(200)).text;
    expect(done).toContain('<h1 id="message-title">Nichts zu bestätigen</h1>');
    expect(done).toContain('Weiter zu Okay Bike');

    // No language chosen: today's English page, byte for byte.
    const ada = await createUser(t, { email: 'ada@example.com' });
    const english = await confirmationPage(ada, 3);
    expect(english.html).toContain('<html lang="en">');
    const englishAmount = /<p class="amount">([^<]+)<\/p>/.exec(english.html)![1];
    expect(englishAmount).toMatch(/^\D*90\.00$/);
    expect(english.html).toContain(`<title>Confirm a ${englishAmount} deposit hold · Okay Pay Sandbox</title>`);
    expect(english.html).toContain('<h1 id="confirm-title">Confirm the security deposit</h1>');
    expect(english.html).toContain(
      '<p class="notice"><strong>Test mode.</strong> Your bank asks you to confirm this hold for Okay Bike. It is a hold, not a charge: it is released after the return.</p>',
    );
    expect(english.html).toContain(`<button type="submit" class="pay">Confirm the hold of ${englishAmount}</button>`);
  });
});
