import type { Browser, Page } from 'playwright-core';
import { CATALOGUES, type MessageId } from '../../locales/index.js';
import { expectTranslatedScreen, launchBrowser, openAs, watchConsole } from '../support/browser.js';
import { ServerProcess, startServer } from '../support/server-process.js';
import { ADMIN_ENV, adminAccount, call, createBike, eventually, paidRental, userAccount, type Account } from './shop-fixtures.js';

/**
 * Issue 27: an admin whose profile language is German (then Bangla) sees the dashboard home (totals, charts, new
 * users), All Bikes, Add Bike (reached by a client-side navigation, its validation messages shown), All Users, Shop
 * Settings, Exports and Webhooks in that language, and each page's browser-tab title too. None of the screens'
 * English texts is left, axe clean; screenshots under SCREENSHOT_DIR.
 */

/** English texts of each screen that must not be left on the translated screen. */
const ENGLISH = {
  home: ['Welcome', 'Navigaate', 'Edit Profile', 'Bike Rental Summary', 'Total Rented', 'Total Earn', 'Total Bikes', 'Booking fees', 'Cost per Rental', 'most recently returned', 'New User Signups', 'Past week', 'Show All Time', 'New Users List', 'Joined On', 'Earn:', 'new user'],
  bikes: ['All Bikes', 'bikes in the fleet', 'Add Bike', 'Filter by', 'Availability', 'Image', 'Price', 'Quantity', 'Update', 'Fleet', 'Delete', '/h'],
  addBike: ['Add a New Bike', 'Every field is required', 'Price Per Hour', 'Quantity', 'Security deposit', 'Image url', 'Enter an image url', 'Description', 'Please enter', 'Add Bike'],
  users: ['All Users', 'accounts, newest first', 'Role', 'Actions', 'Promote', 'Delete', 'You'],
  settings: ['Shop Settings', 'When customers', 'Bookings already made', 'Opening hours', 'Pick-ups and returns', 'Monday', 'Sunday', 'Closed all day', 'Closed dates', 'Holidays', 'Calendar feeds', 'Whole shop', 'One bike', 'One unit', 'in place of', 'Replace feed URLs'],
  exports: ['CSV files for', 'Rentals', 'Payments', 'Users', 'Gift cards', 'Every rental', 'Download'],
  webhooks: ['Partners get signed', 'Add an endpoint', 'Events', 'Description', 'Add endpoint', 'Endpoints', 'No endpoints yet'],
};

describe("An admin's dashboard in German and in Bangla (issue 27)", () => {
  let server: ServerProcess;
  let browser: Browser;
  let admin: Account;
  const problems: string[][] = [];

  beforeAll(async () => {
    [server, browser] = await Promise.all([startServer({ ...ADMIN_ENV, LOGIN_RATE_LIMIT: '1000', BOOKING_RATE_LIMIT: '1000' }), launchBrowser()]);
    admin = await adminAccount(server.baseUrl);
    // A returned and paid rental: the cost chart has a bar, the new users' list a rider.
    const rider = await userAccount(server.baseUrl, 'Rafi Ahmed');
    const bike = await createBike(server.baseUrl, admin, { name: 'Yamaha FZ-S', brand: 'Yamaha', model: 'FZ', quantity: 3, pricePerHour: 9.5, cc: 150, year: 2022 });
    await paidRental(server.baseUrl, rider, admin, bike._id);
  });

  afterAll(async () => {
    await browser?.close();
    await server?.stop();
  });

  afterEach(() => {
    for (const list of problems.splice(0)) expect(list).toEqual([]);
  });

  it.each(['de', 'bn'] as const)('%s: dashboard home, All Bikes, Add Bike, All Users, Shop Settings, Exports and Webhooks', async (lang) => {
    const m = (id: MessageId) => CATALOGUES[lang][id];
    const check = (page: Page, screen: keyof typeof ENGLISH) =>
      expectTranslatedScreen(page, lang, screen, ENGLISH[screen], { scope: '#main-content', shot: `i18n-admin-${lang}-${screen}` });
    /** The browser tab names the page in the language. */
    const titled = (page: Page, title: MessageId) => eventually(`the tab title ${m(title)}`, async () => (await page.title()) === `${m(title)} | Okay Bike`);
    await call(server.baseUrl, 'PUT', 'users/me', { token: admin.token, body: { language: lang } });

    // The server's HTML already carries the title in the language (the browser keeps it in step after that).
    const html = await (await fetch(`${server.baseUrl}/dashboard/allusers`, { headers: { cookie: `okb_token=${admin.token}` } })).text();
    expect(html).toContain(`<title>${m('admin.head.users.title')} | Okay Bike</title>`);

    const { context, page } = await openAs(browser, server.baseUrl, admin);
    problems.push(watchConsole(page).problems);
    const main = page.locator('#main-content');

    // The dashboard home: totals, the cost chart's bar and the signups chart (both ranges), the newest users.
    await page.goto('/dashboard');
    await main.getByRole('heading', { level: 2, name: m('admin.home.summaryTitle') }).waitFor();
    await main.locator('[data-testid="cost-bar"]').first().waitFor();
    await main.getByRole('button', { name: m('admin.home.showWeek') }).click();
    await main.getByText(m('admin.home.weekCaption')).waitFor();
    await titled(page, 'admin.head.home.title');
    await check(page, 'home');

    // All Bikes: the fleet's table; Add Bike opens in the page (a client-side navigation retitles the tab).
    await page.goto('/dashboard/allbikes');
    await main.getByRole('heading', { level: 1, name: m('admin.bikes.title') }).waitFor();
    await main.getByRole('cell', { name: 'Yamaha FZ-S', exact: true }).waitFor();
    await titled(page, 'admin.head.bikes.title');
    await check(page, 'bikes');
    await main.getByRole('link', { name: m('admin.bikes.add') }).click();
    await main.getByRole('heading', { level: 1, name: m('admin.addBike.title') }).waitFor();
    await titled(page, 'admin.head.addBike.title');
    await main.getByRole('button', { name: m('admin.bikes.add') }).click();
    await main.getByText(m('admin.bikeForm.required.name')).waitFor();
    await check(page, 'addBike');

    // All Users: the admin's own row is marked and cannot be deleted; the rider can be promoted.
    await page.goto('/dashboard/allusers');
    await main.getByRole('heading', { level: 1, name: m('admin.users.title') }).waitFor();
    await main.getByText(m('admin.users.you'), { exact: true }).waitFor();
    await main.getByRole('button', { name: m('admin.users.promoteOf').replace('{name}', 'Rafi Ahmed') }).waitFor();
    await titled(page, 'admin.head.users.title');
    await check(page, 'users');

    // Shop Settings, with the opening hours switched on (not saved): the weekdays and their switches.
    await page.goto('/dashboard/settings');
    await main.getByRole('heading', { level: 1, name: m('admin.settings.title') }).waitFor();
    const hoursSwitch = main.locator('#hours-enabled');
    if ((await hoursSwitch.getAttribute('aria-checked')) !== 'true') await hoursSwitch.click();
    await main.getByText(m('admin.settings.closedAllDay')).waitFor();
    await main.getByText(m('admin.settings.wholeShop')).waitFor();
    await titled(page, 'admin.head.settings.title');
    await check(page, 'settings');

    await page.goto('/dashboard/exports');
    await main.getByRole('heading', { level: 1, name: m('admin.exports.title') }).waitFor();
    await titled(page, 'admin.head.exports.title');
    await check(page, 'exports');

    await page.goto('/dashboard/webhooks');
    await main.getByText(m('admin.webhooks.noEndpoints')).waitFor();
    await titled(page, 'admin.head.webhooks.title');
    await check(page, 'webhooks');
    await context.close();
  });
});
