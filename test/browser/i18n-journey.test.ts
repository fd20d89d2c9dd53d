import type { Browser, Locator, Page } from 'playwright-core';
import { expectTranslatedScreen, launchBrowser, newContext, waitForApp, watchConsole } from '../support/browser.js';
import { ServerProcess, startServer } from '../support/server-process.js';
import { ADMIN_ENV, adminAccount, createBike, type CreatedBike } from './shop-fixtures.js';

/**
 * Issue 27, "Done when": the booking journey in German and in Bangla on a 390 px phone. Home, search, the bike's
 * booking form, Login to Rent, signup (which saves the page's language as the customer's), the booking fee at the
 * sandbox gateway, the payment result page and My Rentals with its Reschedule and Cancel dialogs, then paying the
 * rental: the checkout page, the sandbox's hosted page (it follows the language the customer pays in) and the result.
 * Each in the language, with no English text of the screen's own left (the shop's name, the bike's name and the
 * shop-written description aside), nothing wider than the phone, axe clean.
 */

/** 'YYYY-MM-DDTHH:mm' on the shop's clock (UTC). */
const shopInput = (ms: number) => new Date(ms).toISOString().slice(0, 16);
const at = (days: number, hour: number) => {
  const d = new Date();
  return Date.UTC(d.getUTCFullYear(), d.getUTCMonth(), d.getUTCDate() + days, hour);
};

interface Words {
  lang: 'de' | 'bn';
  /** The booking's day, days from today (one a language: the bike has one unit). */
  day: number;
  searchLabel: string;
  searchHeading: string;
  details: string;
  checkDates: string;
  bookTitle: string;
  startTime: string;
  returnTime: RegExp;
  available: string;
  loginToRent: string;
  createAccount: string;
  signupTitle: string;
  fields: { name: string; email: string; password: string; phone: string; address: string };
  signup: string;
  pay: RegExp;
  confirmed: string;
  goToRentals: string;
  rentalsTitle: string;
  /** The hosted page's pay button (its amount first). */
  sandboxPay: RegExp;
  reschedule: string;
  closeReschedule: string;
  cancel: string;
  keepBooking: string;
  payNow: string;
  checkoutTitle: string;
  checkoutPay: string;
  received: string;
  /** Numbers as the language writes them: Bangla digits in Bangla. */
  digit: RegExp;
}

const GERMAN: Words = {
  lang: 'de',
  day: 7,
  searchLabel: 'Motorräder nach Namen suchen',
  searchHeading: 'Verfügbare Motorräder',
  details: 'Details ansehen',
  checkDates: 'Termine & Preis prüfen',
  bookTitle: 'Jetzt buchen',
  startTime: 'Abholzeit',
  returnTime: /Rückgabezeit/,
  available: 'Verfügbar: 1 Fahrzeug in diesem Zeitraum frei',
  loginToRent: 'Zum Mieten anmelden',
  createAccount: 'Konto erstellen',
  signupTitle: 'Registrieren',
  fields: { name: 'Name', email: 'E-Mail', password: 'Passwort', phone: 'Telefon', address: 'Adresse' },
  signup: 'Registrieren',
  pay: /zahlen und buchen$/,
  confirmed: 'Buchung bestätigt',
  goToRentals: 'Zu „Meine Mieten“',
  rentalsTitle: 'Meine Mieten',
  sandboxPay: / zahlen$/,
  reschedule: 'Umbuchen: Honda CB Hornet',
  closeReschedule: 'Schließen',
  cancel: 'Buchung stornieren: Honda CB Hornet',
  keepBooking: 'Buchung behalten',
  payNow: 'Jetzt bezahlen: Honda CB Hornet',
  checkoutTitle: 'Motorradmiete bezahlen',
  checkoutPay: 'Jetzt bezahlen',
  received: 'Zahlung erhalten',
  digit: /[0-9]/,
};

const BANGLA: Words = {
  lang: 'bn',
  day: 8,
  searchLabel: 'নাম দিয়ে বাইক খুঁজুন',
  searchHeading: 'ভাড়ার জন্য বাইক',
  details: 'বিস্তারিত দেখুন',
  checkDates: 'তারিখ ও ভাড়া দেখুন',
  bookTitle: 'এখনই বুক করুন',
  startTime: 'শুরুর সময়',
  returnTime: /ফেরতের সময়/,
  available: 'পাওয়া যাচ্ছে: এই সময়ে ১টি বাইক খালি',
  loginToRent: 'ভাড়া নিতে লগইন করুন',
  createAccount: 'অ্যাকাউন্ট খুলুন',
  signupTitle: 'সাইন আপ',
  fields: { name: 'নাম', email: 'ইমেইল', password: 'পাসওয়ার্ড', phone: 'ফোন', address: 'ঠিকানা' },
  signup: 'সাইন আপ',
  pay: /দিয়ে বুক করুন$/,
  confirmed: 'বুকিং নিশ্চিত হয়েছে',
  goToRentals: 'আমার ভাড়ায় যান',
  rentalsTitle: 'আমার ভাড়া',
  sandboxPay: / দিন$/,
  reschedule: 'Honda CB Hornet-এর সময় বদলান',
  closeReschedule: 'বন্ধ করুন',
  cancel: 'Honda CB Hornet-এর বুকিং বাতিল করুন',
  keepBooking: 'বুকিং রাখুন',
  payNow: 'Honda CB Hornet-এর ভাড়া এখনই দিন',
  checkoutTitle: 'বাইক ভাড়ার চেকআউট',
  checkoutPay: 'এখনই দিন',
  received: 'পেমেন্ট পাওয়া গেছে',
  digit: /[০-৯]/,
};

/** English texts of each screen (the catalogue's) that must not be left on the translated screen. */
const ENGLISH = {
  home: ['Browse bikes', 'Featured Bikes', 'See all bikes', 'Introducing the', 'Reserve Now', 'Why Choose', 'Wide Selection', 'Flexible Rentals', 'What Our Riders Say', 'Software Engineer', 'Ready to Start', 'Book Your Ride', 'View Details', 'Hourly Price'],
  search: ['Available Bikes', 'result', 'View Details', 'Hourly Price', 'Search for by Name'],
  booking: ['Book Now', 'Start time', 'Return time', 'Available:', 'Login to Rent', 'Price for', 'Security deposit', 'Free cancellation', 'Late return', 'Choose days', 'free all day', 'fully booked', 'Discount code', 'Apply', 'No other bikes', 'No reviews yet'],
  signup: ['Sign Up', 'Password', 'Phone', 'Address', 'Already have an account', 'Your full name', 'Choose a password', 'Street, city'],
  result: ['Booking confirmed', 'Your booking', 'Pick-up', 'Units', 'Rental price', 'Still due', 'Go to My Rentals', 'View the bike', 'Amount', 'Paid for', 'Reference', 'Paid on', 'Pick up at', 'Booking fee'],
  reschedule: ['Reschedule', 'Move booking', 'Close', 'Start time', 'Return time', "shop's local time", 'No return time', 'Price for', 'Available:', 'Security deposit', 'Free cancellation', 'Late return', 'hours'],
  cancel: ['Cancel booking', 'Keep booking', 'Pick-up', 'return', 'Free cancellation', 'booking fee', 'refunded', 'released', 'Free until'],
  checkout: ['Bike Rental Checkout', 'Complete your rental', 'Bike Name', 'User Name', 'Start', 'Planned return', 'Quantity', 'Total Price', 'Gift card', 'balance', 'Pay Now', 'payment provider', 'hours', 'Go to My Rentals'],
  sandbox: ['Merchant', 'For', 'Reference', 'Test mode', 'No real money', 'Test card', 'longer hold', 'saves this card', 'Result of this test payment', 'Simulate', 'Cancel and return', 'Booking fee', 'Rental of', 'simulated payment gateway'],
  paid: ['Payment received', 'Your rental is paid', 'Go to My Rentals', 'Amount', 'Paid for', 'Reference', 'Paid on'],
  rentals: ['My Rentals', 'Unpaid', 'Start', 'Quantity', 'Total Cost', 'Pay Now', 'Reschedule', 'Cancel booking', 'Add to calendar', 'receipt', 'Invoice', 'priced as', 'Dashboard menu', 'Your window is booked', 'Booked', 'hours'],
};

describe('The booking journey in German and Bangla at 390 px (issue 27)', () => {
  let server: ServerProcess;
  let browser: Browser;
  let bike: CreatedBike;
  const problems: string[][] = [];

  beforeAll(async () => {
    [server, browser] = await Promise.all([startServer({ ...ADMIN_ENV, LOGIN_RATE_LIMIT: '1000', BOOKING_RATE_LIMIT: '1000' }), launchBrowser()]);
    const admin = await adminAccount(server.baseUrl);
    bike = await createBike(server.baseUrl, admin, { name: 'Honda CB Hornet', brand: 'Honda', model: 'Hornet', quantity: 1, pricePerHour: 12.5, cc: 160, year: 2023 });
  });

  afterAll(async () => {
    await browser?.close();
    await server?.stop();
  });

  afterEach(() => {
    for (const list of problems.splice(0)) expect(list).toEqual([]);
  });

  /** The screen in the language: none of its English texts, nothing wider than the phone, axe clean; a screenshot. */
  const check = (page: Page, lang: string, screen: keyof typeof ENGLISH, scope: string | Locator = '#root') =>
    expectTranslatedScreen(page, lang, screen, ENGLISH[screen], { scope, shot: `i18n-journey-${lang}-${screen}-390` });

  it.each([GERMAN, BANGLA])('$lang: home, search, the booking form, signup, the fee, the result, My Rentals with its dialogs and paying the rental', async (words) => {
    const { lang } = words;
    const context = await newContext(browser, server.baseUrl, { viewport: { width: 390, height: 844 } });
    const page = await context.newPage();
    const seen = watchConsole(page).problems;
    problems.push(seen);
    // A failed request is named (the console's own message does not say which).
    page.on('response', (response) => {
      if (response.status() >= 400) seen.push(`${response.status()} ${new URL(response.url()).pathname}`);
    });
    page.on('console', (message) => {
      if (message.type() === 'error' && message.location().url) seen.push(`at ${message.location().url}`);
    });

    // Home, then a search from its search box.
    expect((await page.goto(`/${lang}`))?.status()).toBe(200);
    await waitForApp(page);
    await check(page, lang, 'home');
    await page.getByLabel(words.searchLabel).first().fill('Hornet');
    await page.keyboard.press('Enter');
    await page.waitForURL((url) => url.pathname === `/${lang}/search` && url.searchParams.get('searchTerm') === 'Hornet');
    await page.getByRole('heading', { level: 1, name: words.searchHeading }).waitFor();
    await page.getByRole('link', { name: words.details }).first().waitFor();
    await check(page, lang, 'search');

    // The bike's page and its booking form: a window next week, its price and availability in the language.
    await page.getByRole('link', { name: words.details }).first().click();
    await page.waitForURL(`**/${lang}/bike/${bike._id}`);
    await page.getByRole('button', { name: words.checkDates }).click();
    const dialog = page.getByRole('dialog', { name: words.bookTitle });
    await dialog.getByLabel(words.startTime).fill(shopInput(at(words.day, 10)));
    await dialog.getByLabel(words.returnTime).fill(shopInput(at(words.day, 16)));
    await dialog.getByText(words.available).waitFor();
    await check(page, lang, 'booking', 'body');

    // Login to Rent, then a new account: signed in and back on the booking, the window kept.
    await dialog.getByRole('link', { name: words.loginToRent }).click();
    await page.waitForURL((url) => url.pathname === `/${lang}/login`);
    await page.locator('.auth-card').getByRole('link', { name: words.createAccount }).click();
    await page.waitForURL((url) => url.pathname === `/${lang}/signup` && url.searchParams.has('redirect'));
    await page.getByRole('heading', { level: 1, name: words.signupTitle }).waitFor();
    await page.getByLabel(words.fields.name, { exact: true }).fill('Rafi Ahmed');
    await page.getByLabel(words.fields.email, { exact: true }).fill(`rafi-${lang}-${Date.now()}@example.com`);
    await page.getByLabel(words.fields.password, { exact: true }).fill('another-secret-1');
    await page.getByLabel(words.fields.phone, { exact: true }).fill('+8801711111111');
    await page.getByLabel(words.fields.address, { exact: true }).fill('Road 7, Dhaka');
    await check(page, lang, 'signup');
    await page.getByRole('button', { name: words.signup }).click();
    await page.waitForURL((url) => url.pathname === `/${lang}/bike/${bike._id}`);
    const back = page.getByRole('dialog', { name: words.bookTitle });
    expect(await back.getByLabel(words.startTime).inputValue()).toBe(shopInput(at(words.day, 10)));
    await back.getByText(words.available).waitFor();

    // The booking fee at the sandbox gateway; back on the result page in the language.
    await back.getByRole('button', { name: words.pay }).click();
    await page.waitForURL((url) => url.pathname.startsWith('/api/payments/sandbox/checkout/'));
    await page.getByRole('heading', { level: 1 }).waitFor();
    expect(await page.evaluate(() => document.documentElement.lang)).toBe(lang);
    await page.getByRole('button', { name: words.sandboxPay }).click();
    await page.waitForURL((url) => url.pathname === `/${lang}/payment/result`);
    await page.getByRole('heading', { level: 1, name: words.confirmed }).waitFor();
    await page.getByRole('region').filter({ hasText: bike.name }).first().waitFor();
    const details = await page.locator('.payment-result').innerText();
    expect(details).toMatch(words.digit);
    await check(page, lang, 'result');

    // My Rentals follows the language the customer signed up in (their profile's).
    await page.getByRole('link', { name: words.goToRentals }).click();
    await page.waitForURL('**/dashboard/rentals');
    await page.getByRole('heading', { level: 1, name: words.rentalsTitle }).waitFor();
    await page.getByRole('tabpanel').getByRole('article', { name: bike.name }).waitFor();
    await check(page, lang, 'rentals', '#main-content');

    // Its Reschedule dialog: the booking's window with its price and availability, in the language.
    const card = page.getByRole('tabpanel').getByRole('article', { name: bike.name });
    await card.getByRole('button', { name: words.reschedule }).click();
    const reschedule = page.getByRole('dialog');
    await reschedule.getByLabel(words.startTime).waitFor();
    await reschedule.getByText(words.available).waitFor();
    await check(page, lang, 'reschedule', reschedule);
    // The footer's button (the corner's × is named the same by antd).
    await reschedule.getByRole('button', { name: words.closeReschedule }).last().click();
    await reschedule.waitFor({ state: 'detached' });

    // Its Cancel dialog: what cancelling costs, said before the click.
    await card.getByRole('button', { name: words.cancel }).click();
    const cancel = page.getByRole('dialog');
    await cancel.getByRole('button', { name: words.keepBooking }).waitFor();
    expect(await cancel.innerText()).toMatch(words.digit);
    await check(page, lang, 'cancel', cancel);
    await cancel.getByRole('button', { name: words.keepBooking }).click();
    await cancel.waitFor({ state: 'detached' });

    // Paying the rental: the checkout page, the sandbox's hosted page and the result, all in the language.
    await card.getByRole('link', { name: words.payNow }).click();
    await page.waitForURL((url) => url.pathname.startsWith(`/${lang}/checkout/`));
    await page.getByRole('heading', { level: 1, name: words.checkoutTitle }).waitFor();
    await page.getByRole('button', { name: words.checkoutPay }).waitFor();
    expect(await page.locator('.checkout-summary').innerText()).toMatch(words.digit);
    await check(page, lang, 'checkout', '#main-content');
    await page.getByRole('button', { name: words.checkoutPay }).click();
    await page.waitForURL((url) => url.pathname.startsWith('/api/payments/sandbox/checkout/'));
    await check(page, lang, 'sandbox', 'body');
    await page.getByRole('button', { name: words.sandboxPay }).click();
    await page.waitForURL((url) => url.pathname === `/${lang}/payment/result`);
    await page.getByRole('heading', { level: 1, name: words.received }).waitFor();
    await check(page, lang, 'paid', '#main-content');
    await context.close();
  });
});
