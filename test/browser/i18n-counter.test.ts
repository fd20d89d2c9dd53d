import type { Browser, Page } from 'playwright-core';
import { CATALOGUES, formatMessage, type MessageId } from '../../locales/index.js';
import { expectTranslatedScreen, launchBrowser, openAs, waitForApp, watchConsole } from '../support/browser.js';
import { ServerProcess, startServer } from '../support/server-process.js';
import { ADMIN_ENV, adminAccount, call, createBike, payAtSandbox, userAccount, type Account, type CreatedBike } from './shop-fixtures.js';

/**
 * Issue 27: staff follow their profile's language at the counter and on the fleet too. An admin whose profile says
 * German (then Bangla) reads the fleet timeline (desktop), the counter's scan tab, a scanned unit with a booked
 * rental and the counter sale (390 px); the customer reads the damage report and the deposit kept on their returned
 * rental in My Rentals (390 px). None of the screens' English texts is left, nothing is wider than the screen, axe
 * clean; screenshots under SCREENSHOT_DIR.
 */

/** English texts of each screen that must not be left on the translated screen (names and unit labels are data). */
const ENGLISH = {
  fleet: ['Fleet:', 'free now of', 'active units', '/hour', 'Counter sale', 'QR labels', 'Availability timeline', 'Earlier', 'Today', 'Later', 'Unit', 'Booking', 'Maintenance', 'Now', 'Label', 'Notes', 'Added', 'Actions', 'Add unit', 'frame number', 'Bike'],
  scan: ['Counter', 'Scan a bike', 'hand it over', 'Scan with the camera', 'Photo of a label', "unit's label", 'Open'],
  unit: ['Scan another bike', 'Current and next rentals', 'Booked', 'Window', 'Units', 'Deposit', 'on your card', 'Check', 'Picked up', 'Maintenance', 'No maintenance planned', 'Condition history', 'No condition records', 'active'],
  sale: ['Counter sale', 'Customer email', 'Bike', 'Quantity', 'Start time', 'Return time', 'local time', 'Payment method', 'Cash', 'Card terminal', 'Payment taken', 'open-ended', 'Record counter sale', 'Search a bike'],
  report: ['Return report', 'damage found', 'Damage on', 'Kept from the deposit', 'Returned:', 'frame', 'moderate', 'brakes', 'Worn', 'Deposit', 'kept'],
};

interface Booked {
  payment_url: string;
  rental: { _id: string; units: { _id: string; label: string }[] };
}

describe('The counter and the fleet in German and Bangla (issue 27)', () => {
  let server: ServerProcess;
  let browser: Browser;
  let admin: Account;
  let rider: Account;
  let bike: CreatedBike;
  let booked: Booked['rental'];
  const problems: string[][] = [];

  const book = async (start: number, end: number): Promise<Booked['rental']> => {
    const booking = await call<Booked>(server.baseUrl, 'POST', 'rentals', {
      token: rider.token,
      body: { bikeId: bike._id, startTime: new Date(start).toISOString(), endTime: new Date(end).toISOString(), quantity: 1 },
    });
    await payAtSandbox(booking.payment_url);
    return booking.rental;
  };

  beforeAll(async () => {
    [server, browser] = await Promise.all([startServer({ ...ADMIN_ENV, LOGIN_RATE_LIMIT: '1000', BOOKING_RATE_LIMIT: '1000' }), launchBrowser()]);
    const base = server.baseUrl;
    admin = await adminAccount(base);
    rider = await userAccount(base, 'Rafi Ahmed');
    bike = await createBike(base, admin, { name: 'Roadster 150', pricePerHour: 10, quantity: 2, depositAmount: 200 });
    // A rental taken out and back through the counter's API: a worn brake, a moderate dent, part of the deposit kept.
    const now = Date.now();
    const returned = await book(now - 4 * 60_000, now + 3 * 3_600_000);
    const unitId = returned.units[0]._id;
    await call(base, 'POST', `counter/rentals/${returned._id}/check-out`, { token: admin.token, body: { unitIds: [unitId] } });
    await call(base, 'POST', `counter/rentals/${returned._id}/check-in`, {
      token: admin.token,
      body: { units: [{ unitId, checklist: { frame: 'damaged', wheels: 'ok', brakes: 'worn', lights: 'ok', lock: 'ok' }, notes: '', photoIds: [], damage: [{ part: 'frame', severity: 'moderate', cost: 30, description: '' }] }] },
    });
    const counter = await call<{ damageReports: { _id: string }[] }>(base, 'GET', `counter/rentals/${returned._id}`, { token: admin.token });
    await call(base, 'POST', `counter/rentals/${returned._id}/deposit`, {
      token: admin.token,
      body: { action: 'capture', amount: 25, damageReportId: counter.damageReports[0]._id, reason: '#1' },
    });
    // A booking waiting at the counter: it starts in a quarter of an hour.
    booked = await book(now + 15 * 60_000, now + 4 * 3_600_000);
  });

  afterAll(async () => {
    await browser?.close();
    await server?.stop();
  });

  afterEach(() => {
    for (const list of problems.splice(0)) expect(list).toEqual([]);
  });

  const check = (page: Page, lang: string, screen: keyof typeof ENGLISH, scope: Parameters<typeof expectTranslatedScreen>[4]['scope'], width: number) =>
    expectTranslatedScreen(page, lang, screen, ENGLISH[screen], { scope, shot: `i18n-counter-${lang}-${screen}-${width}` });

  it.each(['de', 'bn'] as const)('%s: the fleet timeline, the counter and the customer\'s damage report', async (lang) => {
    const m = (id: MessageId) => CATALOGUES[lang][id];
    await call(server.baseUrl, 'PUT', 'users/me', { token: admin.token, body: { language: lang } });
    await call(server.baseUrl, 'PUT', 'users/me', { token: rider.token, body: { language: lang } });

    // The fleet timeline of the bike (staff, desktop): the rider's bookings on its units, the units' table.
    const desk = await openAs(browser, server.baseUrl, admin);
    problems.push(watchConsole(desk.page).problems);
    await desk.page.goto(`/dashboard/fleet/${bike._id}`);
    await waitForApp(desk.page);
    const timeline = desk.page.getByRole('region', { name: m('fleet.timeline.title') });
    await timeline.getByLabel(new RegExp(rider.name)).first().waitFor();
    await desk.page.getByRole('columnheader', { name: m('fleet.units.actions'), exact: true }).waitFor();
    await check(desk.page, lang, 'fleet', '#main-content', 1280);
    await desk.context.close();

    // The counter on a phone: the scan tab, the booked rental's unit, the counter sale.
    const { context, page } = await openAs(browser, server.baseUrl, admin, { phone: true });
    problems.push(watchConsole(page).problems);
    await page.goto('/dashboard/counter');
    await waitForApp(page);
    await page.getByRole('tab', { name: m('fleet.scanBike'), selected: true }).waitFor();
    await page.getByRole('button', { name: m('fleet.scan.start') }).waitFor();
    await check(page, lang, 'scan', '#main-content', 390);

    await page.goto(`/dashboard/counter?unit=${booked.units[0]._id}`);
    await waitForApp(page);
    await page.getByRole('heading', { level: 2, name: new RegExp(booked.units[0].label) }).waitFor();
    const card = page.locator('.counter-rental');
    await card.getByText(m('fleet.rental.booked'), { exact: true }).waitFor();
    await card.getByText(m('fleet.rental.deposit'), { exact: true }).waitFor();
    await card.locator('button[type="submit"]').waitFor();
    await check(page, lang, 'unit', '#main-content', 390);

    await page.goto('/dashboard/counter?tab=sale');
    await waitForApp(page);
    await page.getByRole('tab', { name: m('fleet.counterSale'), selected: true }).waitFor();
    await page.getByLabel(m('fleet.sale.email')).waitFor();
    await check(page, lang, 'sale', '#main-content', 390);
    // The sale's native time inputs read the chosen time back in the language (DateTimeInput), Bangla digits in bn.
    const saleStart = page.getByLabel(m('fleet.sale.start'));
    await saleStart.fill('2030-01-17T10:00');
    const chosen = new Date(Date.UTC(2030, 0, 17, 10));
    const part = (options: Intl.DateTimeFormatOptions) => new Intl.DateTimeFormat(lang, { timeZone: 'UTC', ...options }).format(chosen);
    const readBack = page.locator(`[id="${(await saleStart.getAttribute('aria-describedby'))?.split(' ').pop()}"]`);
    await readBack.filter({ hasText: part({ weekday: 'long' }) }).filter({ hasText: part({ month: 'long' }) }).waitFor();
    if (lang === 'bn') expect(await readBack.innerText()).toMatch(/[০-৯]/);
    await context.close();

    // The customer's returned rental in My Rentals: the return report with the damage and what was kept.
    const customer = await openAs(browser, server.baseUrl, rider, { phone: true });
    problems.push(watchConsole(customer.page).problems);
    await customer.page.goto('/dashboard/rentals');
    await waitForApp(customer.page);
    // A returned rental that is not paid yet: on the Unpaid tab, the one open at first.
    const report = customer.page.locator('.return-report');
    await report.getByText(formatMessage(lang, 'fleet.returnReport.damage', { count: 1 })).waitFor();
    await report.locator('.damage-report').waitFor();
    const article = customer.page.getByRole('article').filter({ has: report });
    await article.getByText(m('fleet.deposit.partiallyCaptured')).waitFor();
    await check(customer.page, lang, 'report', article, 390);
    await customer.context.close();
  });
});
