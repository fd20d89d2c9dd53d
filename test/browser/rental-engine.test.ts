import AxeBuilder from '@axe-core/playwright';
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { animationsSettled, launchBrowser, newContext } from '../support/browser.js';
import { ServerProcess, startServer } from '../support/server-process.js';
import { ADMIN_ENV, adminAccount, createBike, payAtSandbox, userAccount, type Account, type CreatedBike } from './shop-fixtures.js';

/**
 * The rental engine's screens (issue 10) against the built server, data set up through the API as a client would:
 * a customer picks a window, sees its availability and quote, books, pays the fee and the rental on the sandbox's
 * hosted page, and cancels another booking; an admin reads the timeline, puts a unit into maintenance and records a
 * counter sale. The shop's time zone is the default (UTC), so datetime-local values are UTC wall-clock times.
 * LATE_GRACE_MINUTES is 4 here: a booking may start up to 5 minutes in the past, so a window that ended more than 4
 * minutes ago is overdue at once, and one that ended a minute ago stays inside the grace for minutes.
 */

const GRACE_MINUTES = 4;
const MINUTE = 60_000;

const AXE_TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa'];
const SCREENSHOT_DIR = process.env.SCREENSHOT_DIR;

interface CounterRental {
  _id: string;
  bikeId: { _id: string; name: string };
  userId: { email: string };
  source?: string;
  status: string;
  paymentMethod: string | null;
  totalCost: number;
  totalPaid: number | null;
  amountDue: number;
  bookingFee: unknown;
  overdue: boolean;
  startTime: string;
  endTime: string | null;
}

/** 'YYYY-MM-DDTHH:mm' on the shop's clock (UTC). */
const shopInput = (ms: number) => new Date(ms).toISOString().slice(0, 16);

/** Tomorrow (UTC) at `hour`:00, plus `days`. */
const at = (days: number, hour: number) => {
  const d = new Date();
  return Date.UTC(d.getUTCFullYear(), d.getUTCMonth(), d.getUTCDate() + days, hour);
};

describe('Rental engine screens in a browser', () => {
  let server: ServerProcess;
  let browser: Browser;
  let base: string;
  let admin: Account;
  let rider: Account;
  let other: Account;
  let windowBike: CreatedBike;
  let cancelBike: CreatedBike;
  let fullBike: CreatedBike;

  async function call<T>(method: string, path: string, token: string, body?: unknown): Promise<T> {
    const res = await fetch(`${base}/api/${path}`, {
      method,
      headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    const json = (await res.json()) as { data: T };
    if (!res.ok) throw new Error(`${method} ${path}: ${res.status} ${JSON.stringify(json)}`);
    return json.data;
  }

  /** A fixed-window booking with its fee paid at the sandbox. */
  async function bookWindow(who: Account, bike: CreatedBike, start: number, end: number): Promise<{ _id: string }> {
    const booked = await call<{ rental: { _id: string }; payment_url: string }>('POST', 'rentals', who.token, {
      bikeId: bike._id,
      startTime: new Date(start).toISOString(),
      endTime: new Date(end).toISOString(),
      quantity: 1,
    });
    await payAtSandbox(booked.payment_url);
    return booked.rental;
  }

  async function signedIn(who: Account, options: { dark?: boolean; phone?: boolean } = {}): Promise<{ context: BrowserContext; page: Page }> {
    const context = await newContext(browser, base, options.phone ? { viewport: { width: 390, height: 844 } } : {});
    const cookies = [{ name: 'okb_token', value: who.token, url: base, httpOnly: true, sameSite: 'Lax' as const }];
    if (options.dark) cookies.push({ name: 'okb_theme', value: 'dark', url: base, httpOnly: false, sameSite: 'Lax' as const });
    await context.addCookies(cookies);
    return { context, page: await context.newPage() };
  }

  async function payOnHostedPage(page: Page, resultTitle: string): Promise<void> {
    await page.waitForURL((url) => url.pathname.startsWith('/api/payments/sandbox/checkout/'));
    await page.getByRole('button', { name: /^Pay / }).click();
    await page.waitForURL((url) => url.pathname === '/payment/result' && url.searchParams.has('payment'));
    await page.getByRole('heading', { level: 1, name: resultTitle }).waitFor();
  }

  const settled = (page: Page) => animationsSettled(page);

  async function axe(page: Page, screen: string): Promise<void> {
    // The pointer stays where the last click was; a hover colour under it is not what the scan is about.
    await page.mouse.move(0, 0);
    await settled(page);
    const results = await new AxeBuilder({ page }).withTags(AXE_TAGS).analyze();
    const violations = results.violations.map((v) => ({ screen, id: v.id, nodes: v.nodes.slice(0, 5).map((n) => n.target.join(' ')) }));
    expect(violations).toEqual([]);
  }

  beforeAll(async () => {
    [server, browser] = await Promise.all([startServer({ ...ADMIN_ENV, LOGIN_RATE_LIMIT: '1000', BOOKING_RATE_LIMIT: '1000', LATE_GRACE_MINUTES: String(GRACE_MINUTES) }, { timeoutMs: 170_000 }), launchBrowser()]);
    base = server.baseUrl;
    admin = await adminAccount(base);
    rider = await userAccount(base, 'Nadia Karim');
    other = await userAccount(base, 'Tanvir Hasan');
    // Day and week prices are the engine's optional fields (not in the spec's bike fields).
    windowBike = await createBike(base, admin, { name: 'Window Rider 150', pricePerHour: 10, quantity: 2, ...({ pricePerDay: 50, pricePerWeek: 200 } as object) });
    cancelBike = await createBike(base, admin, { name: 'Cancel Cruiser 125', pricePerHour: 8, quantity: 2 });
    fullBike = await createBike(base, admin, { name: 'Solo Scooter 110', pricePerHour: 6, quantity: 1 });
    // The only unit of fullBike is taken for the day after tomorrow, 10:00-14:00.
    await bookWindow(other, fullBike, at(2, 10), at(2, 14));
    // A booking the rider cancels, three days ahead: inside the free-cancellation window.
    await bookWindow(rider, cancelBike, at(3, 9), at(3, 12));
  }, 300_000);

  afterAll(async () => {
    await browser?.close();
    if (server && server.child.exitCode !== null) console.error(`server exited with ${server.child.exitCode}:\n${server.output()}`);
    await server?.stop();
  });

  it('shows a window\'s availability and quote before booking, books it, and pays the fee and the rental on the sandbox page', async () => {
    const { context, page } = await signedIn(rider);
    await page.goto(`/bike/${windowBike._id}`);
    await page.getByRole('button', { name: 'Rent Now' }).click();
    const dialog = page.getByRole('dialog', { name: 'Book Now' });
    await dialog.getByText(/open-ended/).waitFor();
    await dialog.getByLabel('Start time').fill(shopInput(at(1, 10)));
    await dialog.getByLabel(/Return time/).fill(shopInput(at(1, 13)));
    const quote = dialog.getByRole('region', { name: 'Price and availability' });
    await quote.getByText('Available: 2 units free for this window').waitFor();
    await quote.getByRole('row', { name: /Total for 3 h/ }).getByText('$30.00').waitFor();
    await quote.getByText(/Free cancellation until 24 h before the pick-up/).waitFor();
    await quote.getByText(/Late return: .* per started hour/).waitFor();
    await axe(page, 'book-now-quote');

    await dialog.getByRole('button', { name: 'Pay Tk 100 to Book' }).click();
    await payOnHostedPage(page, 'Booking confirmed');

    await page.goto('/dashboard/rentals');
    const card = page.getByRole('tabpanel').getByRole('article', { name: windowBike.name });
    await card.getByText('$30.00').first().waitFor();
    // A fixed window is payable right after its booking fee.
    await card.getByRole('link', { name: `Pay Now for ${windowBike.name}` }).click();
    await page.waitForURL('**/checkout/**');
    await page.getByText('Total Price').waitFor();
    await page.getByRole('button', { name: 'Pay Now' }).and(page.locator(':enabled')).click();
    await payOnHostedPage(page, 'Payment received');
    await context.close();
  });

  it('says before the click when no unit is free for the window', async () => {
    const { context, page } = await signedIn(rider);
    await page.goto(`/bike/${fullBike._id}`);
    await page.getByRole('button', { name: 'Rent Now' }).click();
    const dialog = page.getByRole('dialog', { name: 'Book Now' });
    await dialog.getByLabel('Start time').fill(shopInput(at(2, 11)));
    await dialog.getByLabel(/Return time/).fill(shopInput(at(2, 12)));
    await dialog.getByText('No unit is free for this window. Try other times.').waitFor();
    expect(await dialog.getByRole('button', { name: 'Pay Tk 100 to Book' }).isDisabled()).toBe(true);
    // Later the same day the unit is back.
    await dialog.getByLabel('Start time').fill(shopInput(at(2, 15)));
    await dialog.getByLabel(/Return time/).fill(shopInput(at(2, 17)));
    await dialog.getByText('Available: 1 unit free for this window').waitFor();
    await context.close();
  });

  it('cancels a booking from My Rentals, saying first that the fee is refunded, and lists it apart', async () => {
    const { context, page } = await signedIn(rider);
    await page.goto('/dashboard/rentals');
    const card = page.getByRole('tabpanel').getByRole('article', { name: cancelBike.name });
    await card.getByRole('button', { name: `Cancel booking for ${cancelBike.name}` }).click();
    const dialog = page.getByRole('dialog', { name: `Cancel booking for ${cancelBike.name}?` });
    await dialog.getByText(/Free cancellation: your Tk 100 booking fee is refunded/).waitFor();
    await axe(page, 'cancel-dialog');
    await dialog.getByRole('button', { name: 'Cancel booking (fee refunded)' }).click();
    await dialog.waitFor({ state: 'hidden' });
    const cancelled = page.getByRole('region', { name: /^Cancelled \(\d+\)$/ });
    await cancelled.getByRole('button', { name: 'Show cancelled bookings' }).click();
    await cancelled.getByRole('article', { name: cancelBike.name }).getByText('This booking was cancelled and its booking fee refunded.', { exact: false }).waitFor();
    await expect(page.getByRole('tabpanel').getByRole('article', { name: cancelBike.name }).count()).resolves.toBe(0);
    await context.close();
  });

  it('shows the admin the timeline, puts a unit into maintenance and records a counter sale', async () => {
    // The rider's booking on the timeline, made here so this test does not depend on the first one.
    await bookWindow(rider, windowBike, at(3, 10), at(3, 12));
    const units = await call<{ _id: string; label: string }[]>('GET', `bikes/${windowBike._id}/units`, admin.token);
    expect(units.length).toBe(2);
    const { context, page } = await signedIn(admin);
    // Before a bike is picked the page says what to do (it once read the bike list as a bike: "undefined free now").
    await page.goto('/dashboard/fleet');
    await page.getByText('Pick a bike to see its units, put one into maintenance and read its bookings day by day.').waitFor();
    expect(await page.getByText(/undefined|NaN/).count()).toBe(0);
    await page.goto('/dashboard/allbikes');
    await page.getByRole('link', { name: `Fleet of ${windowBike.name}` }).first().click();
    await page.waitForURL(`**/dashboard/fleet/${windowBike._id}`);
    const timeline = page.getByRole('region', { name: 'Availability timeline' });
    await timeline.getByRole('rowheader', { name: new RegExp(units[0].label) }).waitFor();
    await timeline.getByLabel(new RegExp(`Booking by ${rider.name}`)).first().waitFor();
    await axe(page, 'fleet');

    await page.getByRole('button', { name: `Schedule maintenance for ${units[1].label}` }).click();
    const dialog = page.getByRole('dialog', { name: `Maintenance for ${units[1].label}` });
    await dialog.getByLabel('From').fill(shopInput(at(4, 8)));
    await dialog.getByLabel('Until').fill(shopInput(at(5, 8)));
    await dialog.getByLabel('Reason').fill('Brake service');
    await dialog.getByRole('button', { name: 'Save maintenance' }).click();
    await dialog.waitFor({ state: 'hidden' });
    await timeline.getByLabel(new RegExp(`${units[1].label}: Maintenance \\(Brake service\\)`)).waitFor();

    await page.getByRole('link', { name: 'Counter sale', exact: true }).click();
    await page.waitForURL('**/dashboard/counter?bike=*');
    await page.getByLabel('Customer email').fill(other.email);
    await page.getByLabel('Start time').fill(shopInput(at(1, 15)));
    await page.getByLabel(/Return time/).fill(shopInput(at(1, 17)));
    await page.getByText(/^Available: \d units? free for this window$/).waitFor();
    await page.getByRole('radio', { name: 'Card terminal' }).check();
    await axe(page, 'counter-sale');
    await page.getByRole('button', { name: 'Record counter sale' }).click();
    await page.getByRole('status').filter({ hasText: `for ${other.name}` }).waitFor();
    // 2 h at $10 an hour, taken on the card terminal: the screen says so and the rental carries the payment.
    await page.getByText('$20.00 paid at the counter (Card terminal).').waitFor();
    const all = await call<CounterRental[]>('GET', 'rentals/allrentalbike', admin.token);
    const sales = all.filter((r) => r.source === 'counter' && r.userId.email === other.email && r.bikeId._id === windowBike._id);
    expect(sales).toHaveLength(1);
    expect(sales[0]).toMatchObject({ status: 'booked', paymentMethod: 'card_terminal', totalCost: 20, totalPaid: 20, amountDue: 0, bookingFee: null });

    await page.goto('/dashboard/returnbikes');
    await page.getByRole('columnheader', { name: 'Due' }).waitFor();
    await page.getByRole('button', { name: `Calculate & Return ${windowBike.name}` }).first().waitFor();
    await axe(page, 'return-bikes');
    await context.close();
  });

  it('moves a booking to another window from My Rentals, showing the new window\'s quote first', async () => {
    const moveBike = await createBike(base, admin, { name: 'Move Me 125', pricePerHour: 7, quantity: 1 });
    const booked = await bookWindow(rider, moveBike, at(4, 10), at(4, 12));
    const { context, page } = await signedIn(rider);
    await page.goto('/dashboard/rentals');
    const card = page.getByRole('tabpanel').getByRole('article', { name: moveBike.name });
    await card.getByRole('button', { name: `Reschedule ${moveBike.name}` }).click();
    const dialog = page.getByRole('dialog', { name: `Reschedule ${moveBike.name}` });
    await dialog.getByLabel('Start time').fill(shopInput(at(5, 9)));
    await dialog.getByLabel(/Return time/).fill(shopInput(at(5, 12)));
    const quote = dialog.getByRole('region', { name: 'Price and availability' });
    await quote.getByText('Available: 1 unit free for this window').waitFor();
    await quote.getByRole('row', { name: /Total for 3 h/ }).getByText('$21.00').waitFor();
    await axe(page, 'reschedule-dialog');
    await dialog.getByRole('button', { name: 'Move booking' }).click();
    await dialog.waitFor({ state: 'hidden' });
    const mine = await call<CounterRental[]>('GET', 'rentals', rider.token);
    expect(mine.find((r) => r._id === booked._id)).toMatchObject({
      status: 'booked',
      startTime: new Date(at(5, 9)).toISOString(),
      endTime: new Date(at(5, 12)).toISOString(),
      totalCost: 21,
    });
    await context.close();
  });

  it("tags a rental past its return time and the server's grace 'Overdue', and one still inside the grace 'Due today'", async () => {
    const graceBike = await createBike(base, admin, { name: 'Grace Glider 100', pricePerHour: 5, quantity: 2 });
    const counterSale = (start: number, end: number) =>
      call<CounterRental>('POST', 'rentals/counter', admin.token, {
        customerEmail: other.email,
        bikeId: graceBike._id,
        startTime: new Date(start).toISOString(),
        endTime: new Date(end).toISOString(),
        quantity: 1,
        paymentMethod: 'cash',
        paid: false,
      });
    const now = Date.now();
    // Ended GRACE + 15 s ago (booked from 4.5 minutes ago, inside the 5 minutes a start may lie in the past).
    const late = await counterSale(now - (GRACE_MINUTES + 0.5) * MINUTE, now - GRACE_MINUTES * MINUTE - 15_000);
    // Ended a minute ago: its return time has passed, the grace has not.
    const inGrace = await counterSale(now - 2 * MINUTE, now - MINUTE);
    const listed = await call<CounterRental[]>('GET', 'rentals/allrentalbike', admin.token);
    expect(listed.find((r) => r._id === late._id)?.overdue).toBe(true);
    expect(listed.find((r) => r._id === inGrace._id)?.overdue).toBe(false);

    const { context, page } = await signedIn(admin);
    await page.goto('/dashboard/returnbikes');
    const rows = page.getByRole('row').filter({ hasText: graceBike.name });
    await rows.filter({ hasText: 'Due today' }).waitFor();
    await rows.filter({ hasText: 'Overdue' }).waitFor();
    expect(await rows.count()).toBe(2);
    expect(await rows.filter({ hasText: 'Overdue' }).count()).toBe(1);
    expect(await rows.filter({ hasText: 'Due today' }).count()).toBe(1);
    // Overdue first, then due today.
    await expect(rows.first().textContent()).resolves.toContain('Overdue');
    await context.close();
  });

  it('Update Bike sends back the quantity it loaded: a return between the load and the save retires no unit', async () => {
    const editBike = await createBike(base, admin, { name: 'Edit Race 150', pricePerHour: 9, quantity: 3 });
    const out = await call<CounterRental>('POST', 'rentals/counter', admin.token, {
      customerEmail: other.email,
      bikeId: editBike._id,
      startTime: new Date(Date.now() - MINUTE).toISOString(),
      quantity: 1,
      paymentMethod: 'cash',
      paid: false,
    });
    const { context, page } = await signedIn(admin);
    await page.goto(`/dashboard/updatebike/${editBike._id}`);
    const quantity = page.getByLabel('Quantity', { exact: true });
    await quantity.waitFor();
    expect(await quantity.inputValue()).toBe('2');
    await call('PUT', `rentals/${out._id}/return?returntime=${encodeURIComponent(new Date().toISOString())}`, admin.token);
    expect(await call<{ quantity: number }>('GET', `bikes/${editBike._id}`, admin.token)).toMatchObject({ quantity: 3 });
    await page.getByRole('button', { name: 'Update', exact: true }).click();
    await page.getByText('Bike Added Successfully').first().waitFor();
    expect(await call<{ quantity: number; totalUnits: number }>('GET', `bikes/${editBike._id}`, admin.token)).toMatchObject({ quantity: 3, totalUnits: 3 });
    await context.close();
  });

  const MODES = [false, true].flatMap((dark) => [false, true].map((phone) => ({ dark, phone })));

  // One test per mode: each visits five screens (with axe on desktop), so the four together would outgrow one test's time.
  it.each(MODES)('keeps every engine screen readable (dark: $dark, phone: $phone)', async ({ dark, phone }) => {
    const mode = `${dark ? 'dark' : 'light'}-${phone ? 'phone' : 'desktop'}`;
    const riderView = await signedIn(rider, { dark, phone });
    let page = riderView.page;
    await page.goto(`/bike/${windowBike._id}`);
    await page.getByRole('button', { name: 'Rent Now' }).click();
    const dialog = page.getByRole('dialog', { name: 'Book Now' });
    await dialog.getByLabel('Start time').fill(shopInput(at(6, 10)));
    await dialog.getByLabel(/Return time/).fill(shopInput(at(7, 12)));
    await dialog.getByRole('region', { name: 'Price and availability' }).getByText(/^Available/).waitFor();
    if (!phone) await axe(page, `book-now-${mode}`);
    await shot(page, `book-now-${mode}`);
    await page.goto('/dashboard/rentals');
    await page.getByRole('tab', { name: 'Unpaid', selected: true }).waitFor();
    if (!phone) await axe(page, `rentals-${mode}`);
    await shot(page, `rentals-${mode}`);
    await riderView.context.close();

    const adminView = await signedIn(admin, { dark, phone });
    page = adminView.page;
    await page.goto(`/dashboard/fleet/${windowBike._id}`);
    await page.getByRole('region', { name: 'Availability timeline' }).waitFor();
    await page.getByRole('table').last().getByRole('row').nth(1).waitFor();
    if (!phone) await axe(page, `fleet-${mode}`);
    await shot(page, `fleet-${mode}`);
    await page.goto(`/dashboard/counter?bike=${windowBike._id}`);
    await page.getByLabel('Customer email').waitFor();
    await shot(page, `counter-${mode}`);
    await page.goto('/dashboard/returnbikes');
    await page.getByRole('button', { name: /Calculate & Return/ }).first().waitFor();
    // Nothing clipped: the action is inside the viewport.
    const box = await page.getByRole('button', { name: /Calculate & Return/ }).first().boundingBox();
    expect(box && box.x + box.width).toBeLessThanOrEqual(phone ? 390 : 1280);
    if (!phone) await axe(page, `return-bikes-${mode}`);
    await shot(page, `return-bikes-${mode}`);
    await adminView.context.close();
  });

  async function shot(page: Page, name: string): Promise<void> {
    if (!SCREENSHOT_DIR) return;
    await settled(page);
    mkdirSync(SCREENSHOT_DIR, { recursive: true });
    await page.screenshot({ path: join(SCREENSHOT_DIR, `${name}.png`), fullPage: true });
  }
});

