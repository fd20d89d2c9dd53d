import type { Browser, Locator, Page } from 'playwright-core';
import { CATALOGUES, type MessageId } from '../../locales/index.js';
import { expectTranslatedScreen, launchBrowser, openAs, waitForApp, watchConsole } from '../support/browser.js';
import { ServerProcess, startServer } from '../support/server-process.js';
import { ADMIN_ENV, adminAccount, call, createBike, payAtSandbox, userAccount, type Account } from './shop-fixtures.js';

/**
 * Issue 27, the desk's screens in German and Bangla: a customer's gift card payment result and the Gift cards page
 * at 390 px (the language of the URL), then Return Bikes with its return dialog, Payments needing attention and
 * Add-ons & Codes as an admin whose profile language is de or bn. None of the English texts is left, nothing is
 * wider than the screen, axe clean; screenshots under SCREENSHOT_DIR.
 */
const ENGLISH = {
  giftResult: ['Gift card paid', 'Thank you!', 'Amount', 'Paid for', 'A gift card for', 'Delivered', 'By email to', 'Sent on', 'Paid on', 'Back to gift cards', 'Receipt (PDF)'],
  giftCards: ['Give a ride', 'Buy a gift card', 'Check a balance', 'Gift card code', 'As printed', 'Other amount', "Recipient's", 'Send on', 'Buy gift card', 'Gift cards you bought', ' left', 'You pay on', 'never expire'],
  returns: ['Return Bikes', 'Rentals out on the road', 'Bike Name', 'Rented By', 'Start Time', 'Actions', 'Calculate & Return', 'Open-ended', 'Not started', 'Overdue'],
  returnDialog: ['Confirm Return', 'Rented By', 'Start Time', 'Quantity', 'Price per hour', 'Return time', 'Cost:', 'Cancel'],
  attention: ['Payments needing attention', 'Late payments refunded', 'Situation', 'Rental and customer', 'Documents', 'No payments need attention', 'Security deposits', 'No deposits need attention', 'Ledger'],
  addons: ['Add-ons & Codes', 'Helmets, locks', 'Stock this week', 'Pieces free all day', 'New add-on', 'per rental', 'per day', 'All bikes', 'one per bike', 'offered', 'Discount codes', 'New code', '% off', 'of 100', 'Revenue'],
};

/** The innermost elements reaching past the right edge of the viewport: tag, class and the start of their text. */
const wideElements = (page: Page): Promise<string[]> =>
  page.evaluate(() => {
    const width = document.documentElement.clientWidth;
    const wide = [...document.querySelectorAll('body *')].filter((el) => el.getBoundingClientRect().right > width + 1);
    return wide.filter((el) => !wide.some((other) => other !== el && el.contains(other))).map((el) => `${el.tagName.toLowerCase()}.${el.className} "${(el.textContent ?? '').slice(0, 40)}"`);
  });

describe('The desk in German and Bangla (issue 27)', () => {
  let server: ServerProcess;
  let browser: Browser;
  let admin: Account;
  const problems: string[][] = [];

  beforeAll(async () => {
    [server, browser] = await Promise.all([startServer({ ...ADMIN_ENV, LOGIN_RATE_LIMIT: '1000', BOOKING_RATE_LIMIT: '1000' }), launchBrowser()]);
    admin = await adminAccount(server.baseUrl);
    await call(server.baseUrl, 'POST', 'addons', { token: admin.token, body: { name: 'Helmet', description: 'Open-face helmet', stock: 3, pricePerRental: 2, perBike: true } });
    await call(server.baseUrl, 'POST', 'addons', { token: admin.token, body: { name: 'Insurance', description: 'Damage cover', tracksStock: false, pricePerDay: 4 } });
    await call(server.baseUrl, 'POST', 'coupons', { token: admin.token, body: { code: 'SPRING10', kind: 'percent', percentOff: 10, maxUses: 100 } });
  });

  afterAll(async () => {
    await browser?.close();
    await server?.stop();
  });

  afterEach(() => {
    for (const list of problems.splice(0)) expect(list).toEqual([]);
  });

  const check = (page: Page, lang: string, screen: keyof typeof ENGLISH, width: number, scope: string | Locator = '#main-content') =>
    expectTranslatedScreen(page, lang, screen, ENGLISH[screen], { scope, shot: `i18n-desk-${lang}-${screen}-${width}` });

  it.each(['de', 'bn'] as const)('%s: gift card result and page at 390 px; Return Bikes, Payments and Add-ons as an admin', async (lang) => {
    const m = (id: MessageId) => CATALOGUES[lang][id];
    const base = server.baseUrl;

    // A customer buys a gift card (paid at the sandbox) and comes back to its result page in the language.
    const buyer = await userAccount(base, 'Nusrat Jahan');
    const sale = await call<{ payment_url: string; payment: { _id: string } }>(base, 'POST', 'gift-cards', {
      token: buyer.token,
      body: { amount: 25, recipientName: 'Rahim Uddin', recipientEmail: 'rahim@example.com', message: 'Shubho jonmodin!' },
    });
    await payAtSandbox(sale.payment_url);
    const customer = await openAs(browser, base, buyer, { phone: true });
    problems.push(watchConsole(customer.page).problems);
    await customer.page.goto(`/${lang}/gift-cards/result?payment=${sale.payment._id}&status=succeeded`);
    await waitForApp(customer.page);
    await customer.page.getByRole('heading', { level: 1, name: m('desk.giftResult.paid') }).waitFor();
    await customer.page.getByText(m('desk.giftResult.cardFor').replace('{name}', 'Rahim Uddin')).waitFor();
    await check(customer.page, lang, 'giftResult', 390);
    await customer.page.getByRole('link', { name: m('desk.giftResult.back') }).first().click();
    await customer.page.waitForURL((url) => url.pathname === `/${lang}/gift-cards`);
    await customer.page.getByRole('heading', { level: 1, name: m('desk.gift.title'), exact: true }).waitFor();
    await customer.page.locator('.gift-mine-list li').first().waitFor();
    // Whatever is wider than the phone, named (the check below only says that something is).
    expect({ wide: await wideElements(customer.page) }).toEqual({ wide: [] });
    await check(customer.page, lang, 'giftCards', 390);
    await customer.context.close();

    // The admin, in the language of their profile: a rental out on the road to take back.
    await call(base, 'PUT', 'users/me', { token: admin.token, body: { language: lang } });
    const rider = await userAccount(base, 'Rafi Ahmed');
    const bike = await createBike(base, admin, { name: `Yamaha FZ ${lang} ${Date.now() % 100000}`, brand: 'Yamaha', model: 'FZ', quantity: 2, pricePerHour: 9.5 });
    const booking = await call<{ payment_url: string }>(base, 'POST', 'rentals', {
      token: rider.token,
      body: { bikeId: bike._id, startTime: new Date(Date.now() - 4 * 60_000).toISOString(), quantity: 1 },
    });
    await payAtSandbox(booking.payment_url);
    const { context, page } = await openAs(browser, base, admin);
    problems.push(watchConsole(page).problems);

    await page.goto('/dashboard/returnbikes');
    await waitForApp(page);
    await page.getByRole('heading', { level: 1, name: m('desk.return.title') }).waitFor();
    const returnButton = page.getByRole('button', { name: m('desk.return.calculateOf').replace('{bike}', bike.name) });
    await returnButton.waitFor();
    await check(page, lang, 'returns', 1280);
    await returnButton.click();
    const dialog = page.getByRole('dialog', { name: m('desk.return.confirmTitle').replace('{bike}', bike.name) });
    await dialog.getByText(m('desk.return.cost').replace('{amount}', '')).first().waitFor();
    await check(page, lang, 'returnDialog', 1280, dialog);
    await dialog.getByRole('button', { name: m('desk.return.cancel') }).click();
    await dialog.waitFor({ state: 'detached' });

    await page.goto('/dashboard/payments');
    await waitForApp(page);
    await page.getByRole('heading', { level: 1, name: m('desk.attention.title') }).waitFor();
    await page.getByText(m('desk.attention.none')).waitFor();
    await check(page, lang, 'attention', 1280);

    await page.goto('/dashboard/addons');
    await waitForApp(page);
    await page.getByRole('heading', { level: 1, name: m('desk.addons.title') }).waitFor();
    await page.getByRole('cell', { name: 'SPRING10', exact: true }).first().waitFor();
    await page.locator('.stock-cell').first().waitFor();
    await check(page, lang, 'addons', 1280);
    await context.close();
  });
});
