import type { Browser, BrowserContext, Page } from 'playwright-core';
import { expectNoAxeViolations, launchBrowser, newContext, screenshotTo } from '../support/browser.js';
import { ServerProcess, startServer } from '../support/server-process.js';
import { ADMIN_ENV, adminAccount, createBike, payAtSandbox, userAccount, type Account, type CreatedBike } from './shop-fixtures.js';

/**
 * Issue 26: the availability calendar on Book Now, used with the keyboard alone, and the admin's Shop Settings
 * (opening hours, calendar feeds). The shop's zone is UTC. Screenshots go to SCREENSHOT_DIR when it is set.
 */

const HOUR = 3_600_000;
const DAY = 24 * HOUR;
const PHONE = { width: 390, height: 844 };
const dateOf = (ms: number) => new Date(ms).toISOString().slice(0, 10);
const longDate = (ms: number) => new Intl.DateTimeFormat('en-GB', { timeZone: 'UTC', weekday: 'long', day: 'numeric', month: 'long', year: 'numeric' }).format(new Date(ms));

describe('Availability calendar and Shop Settings (issue 26)', () => {
  let server: ServerProcess;
  let browser: Browser;
  let base: string;
  let admin: Account;
  let rider: Account;
  let other: Account;
  let bike: CreatedBike;

  async function call<T>(method: string, path: string, token: string, body?: unknown): Promise<T> {
    const res = await fetch(`${base}/api/${path}`, { method, headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` }, body: body === undefined ? undefined : JSON.stringify(body) });
    const json = (await res.json()) as { data: T };
    if (!res.ok) throw new Error(`${method} ${path}: ${res.status} ${JSON.stringify(json)}`);
    return json.data;
  }

  async function open(who: Account, options: { dark?: boolean; phone?: boolean } = {}): Promise<{ context: BrowserContext; page: Page }> {
    const context = await newContext(browser, base, options.phone ? { viewport: PHONE } : {});
    const cookies = [{ name: 'okb_token', value: who.token, url: base, httpOnly: true, sameSite: 'Lax' as const }];
    if (options.dark) cookies.push({ name: 'okb_theme', value: 'dark', url: base, httpOnly: false, sameSite: 'Lax' });
    await context.addCookies(cookies);
    return { context, page: await context.newPage() };
  }

  // Finite animations only: a spinner or a skeleton's shimmer runs for ever.
  beforeAll(async () => {
    [server, browser] = await Promise.all([startServer({ ...ADMIN_ENV, LOGIN_RATE_LIMIT: '1000', BOOKING_RATE_LIMIT: '1000' }), launchBrowser()]);
    base = server.baseUrl;
    admin = await adminAccount(base);
    rider = await userAccount(base, 'Nadia Karim');
    other = await userAccount(base, 'Tanvir Hasan');
    bike = await createBike(base, admin, { name: 'Calendar Cruiser 125', pricePerHour: 10, quantity: 2 });
    // Tomorrow both units are held from 10:00 to 12:00 by another customer: the day is free at some times only.
    const tomorrow = Date.parse(`${dateOf(Date.now() + DAY)}T00:00:00Z`);
    await call('POST', 'rentals', other.token, { bikeId: bike._id, startTime: new Date(tomorrow + 10 * HOUR).toISOString(), endTime: new Date(tomorrow + 12 * HOUR).toISOString(), quantity: 2 });
  });

  afterAll(async () => {
    await browser?.close();
    if (server && server.child.exitCode !== null) console.error(`server exited with ${server.child.exitCode}:\n${server.output()}`);
    await server?.stop();
  });

  it.each([
    ['light', false],
    ['dark', true],
  ])('Book Now: the days are picked with the keyboard alone, read with their availability (%s)', async (mode, dark) => {
    for (const phone of [false, true]) {
      const { context, page } = await open(rider, { dark, phone });
      await page.goto(`/bike/${bike._id}`);
      await page.getByRole('button', { name: 'Rent Now' }).click();
      const dialog = page.getByRole('dialog', { name: 'Book Now' });
      const grid = dialog.getByRole('grid');
      await grid.waitFor();
      // A day is read with its availability on its month's page: a day past this month's end on the next one, and
      // the calendar is turned back (the keyboard walk below starts from today).
      const readDay = async (ms: number, reading: string) => {
        const day = dialog.getByRole('button', { name: `${longDate(ms)}, ${reading}` });
        if (dateOf(ms).slice(0, 7) === dateOf(Date.now()).slice(0, 7)) return day.waitFor();
        await dialog.getByRole('button', { name: 'Next month' }).click();
        await day.waitFor();
        await dialog.getByRole('button', { name: 'Previous month' }).click();
        await dialog.getByRole('button', { name: new RegExp(`^${longDate(Date.now())}, `) }).waitFor();
      };
      // Tomorrow is read with its availability; a day in three days is free all day.
      await readDay(Date.now() + DAY, '1 bike free at some times only');
      await readDay(Date.now() + 3 * DAY, '2 of 2 bikes free');

      // Keyboard only: Tab reaches the grid's one tab stop (today), arrows move, Enter picks.
      await dialog.getByRole('button', { name: 'Next month' }).focus();
      await page.keyboard.press('Tab');
      expect(await page.evaluate(() => document.activeElement?.getAttribute('data-date'))).toBe(dateOf(Date.now()));
      await page.keyboard.press('ArrowRight');
      await page.keyboard.press('ArrowRight');
      // Into next month when the day after tomorrow is there: read once its month has loaded.
      await page.waitForFunction((label) => document.activeElement?.getAttribute('aria-label') === label, `${longDate(Date.now() + 2 * DAY)}, 2 of 2 bikes free`);
      await page.keyboard.press('Enter');
      await dialog.getByText(`Pick-up on ${longDate(Date.now() + 2 * DAY)}. Now choose the return day, or the same day.`).waitFor();
      await page.keyboard.press('ArrowDown');
      // Focus stays on the day a week on (into next month when it is there), read once its month has loaded.
      await page.waitForFunction((label) => document.activeElement?.getAttribute('aria-label') === label, `${longDate(Date.now() + 9 * DAY)}, 2 of 2 bikes free`);
      await page.keyboard.press('Space');
      await dialog.getByText(`Return on ${longDate(Date.now() + 9 * DAY)}. Choose the times below.`).waitFor();
      expect(await dialog.getByLabel('Start time').inputValue()).toBe(`${dateOf(Date.now() + 2 * DAY)}T10:00`);
      expect(await dialog.getByLabel(/Return time/).inputValue()).toBe(`${dateOf(Date.now() + 9 * DAY)}T18:00`);
      await dialog.getByText('Available: 2 units free for this window').waitFor();
      if (!phone) await expectNoAxeViolations(page, `calendar-${mode}`);
      await screenshotTo(page, `calendar-book-now-${mode}-${phone ? 390 : 1280}`);
      await context.close();
    }
  });

  it("My Rentals: a booked rental's 'Add to calendar' link downloads its .ics with the customer's session", async () => {
    const start = Date.parse(`${dateOf(Date.now() + 5 * DAY)}T09:00:00Z`);
    const booked = await call<{ payment_url: string; rental: { _id: string } }>('POST', 'rentals', rider.token, { bikeId: bike._id, startTime: new Date(start).toISOString(), endTime: new Date(start + 3 * HOUR).toISOString(), quantity: 1 });
    await payAtSandbox(booked.payment_url);
    const { context, page } = await open(rider);
    await page.goto('/dashboard/rentals');
    const link = page.getByRole('link', { name: 'Add to calendar' }).first();
    await link.waitFor();
    expect(await link.getAttribute('href')).toBe(`/api/rentals/${booked.rental._id}/calendar.ics`);
    const res = await page.request.get(`${base}/api/rentals/${booked.rental._id}/calendar.ics`);
    expect(res.status()).toBe(200);
    expect(res.headers()['content-type']).toMatch(/^text\/calendar/);
    expect(await res.text()).toContain(`DTSTART:${new Date(start).toISOString().replace(/[-:]/g, '').slice(0, 15)}Z`);
    await context.close();
  });

  it('Shop Settings: opening hours close a weekday on the calendar; the feed URLs are shown (light and dark, 1280 and 390)', async () => {
    for (const [dark, phone] of [
      [false, false],
      [true, true],
    ] as const) {
      const { context, page } = await open(admin, { dark, phone });
      await page.goto('/dashboard/settings');
      await page.getByRole('heading', { name: 'Shop Settings' }).waitFor();
      await page.getByText('/shop.ics').waitFor();
      if (!dark) {
        await page.getByRole('switch').first().click();
        await page.getByRole('switch', { name: 'Sunday open' }).waitFor();
        if ((await page.getByRole('switch', { name: 'Sunday open' }).getAttribute('aria-checked')) === 'true') await page.getByRole('switch', { name: 'Sunday open' }).click();
        await page.getByRole('button', { name: 'Save opening hours' }).click();
        await page.getByText('Opening hours saved').waitFor();
      }
      await expectNoAxeViolations(page, `settings-${dark ? 'dark' : 'light'}`);
      await screenshotTo(page, `shop-settings-${dark ? 'dark' : 'light'}-${phone ? 390 : 1280}`);
      await context.close();
    }
    const hours = await call<{ openingHours: { day: string; open: string | null }[] }>('GET', 'shop/hours', admin.token);
    expect(hours.openingHours.find((d) => d.day === 'sunday')).toMatchObject({ open: null });
    // The next Sunday shows closed on the calendar, and a Sunday pick-up is refused naming startTime.
    let sunday = Date.now() + DAY;
    while (new Date(sunday).getUTCDay() !== 0) sunday += DAY;
    const calendar = await call<{ days: { date: string; status: string }[] }>('GET', `bikes/${bike._id}/calendar?from=${dateOf(sunday)}&to=${dateOf(sunday)}`, rider.token);
    expect(calendar.days[0].status).toBe('closed');
    const refused = await fetch(`${base}/api/bikes/${bike._id}/quote?startTime=${dateOf(sunday)}T11:00&endTime=${dateOf(sunday)}T12:00`);
    expect(refused.status).toBe(400);
    expect(((await refused.json()) as { errors: { path: string }[] }).errors[0].path).toBe('startTime');
    await call('PUT', 'shop/hours', admin.token, { openingHours: null });
  });
});
