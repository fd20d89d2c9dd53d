import type { Browser, BrowserContext, Page } from 'playwright-core';
import { launchBrowser, newContext } from '../support/browser.js';
import { ServerProcess, startServer } from '../support/server-process.js';
import { ADMIN_ENV, adminAccount, bookWithFee, createBike, userAccount, type Account } from './shop-fixtures.js';

/**
 * A real shop's start (no DEMO_MODE, sandbox payments chosen explicitly, the shop in Dhaka) as people see it
 * in a browser set to another time zone: issue 11 items 1-2 (no demo accounts on the Login page, the admin
 * dashboard says the payments are simulated) and issue 14 item 12 (every time on the shop's clock, never raw UTC,
 * never the browser's zone). The demo-mode notice is checked against the demo server of storefront-ux.test.ts.
 */

const SHOP_ZONE = 'Asia/Dhaka';
/** The visitor's browser, far from the shop. */
const BROWSER_ZONE = 'America/Los_Angeles';

/** How client/lib/time.ts writes an instant on the shop's clock: 'Nov 24, 2026, 1:30 PM GMT+6'. */
const onShopClock = (iso: string) =>
  `${new Intl.DateTimeFormat('en-US', { timeZone: SHOP_ZONE, dateStyle: 'medium', timeStyle: 'short' }).format(new Date(iso))} GMT+6`;

describe('A real shop start in a browser: demo accounts, sandbox notice, shop time zone (issues 11 and 14)', () => {
  let server: ServerProcess;
  let browser: Browser;
  let base: string;
  let admin: Account;
  let rider: Account;

  beforeAll(async () => {
    [server, browser] = await Promise.all([startServer({ ...ADMIN_ENV, PAYMENT_PROVIDER: 'sandbox', SHOP_TIME_ZONE: SHOP_ZONE }), launchBrowser()]);
    base = server.baseUrl;
    admin = await adminAccount(base);
    rider = await userAccount(base, 'Tania Rahman');
  }, 120_000);

  afterAll(async () => {
    await browser?.close();
    await server?.stop();
  });

  /** A browser in another time zone than the shop's, signed in as `who`. */
  async function signedIn(who: Account | null): Promise<{ context: BrowserContext; page: Page }> {
    const context = await newContext(browser, base, { timezoneId: BROWSER_ZONE });
    if (who) await context.addCookies([{ name: 'okb_token', value: who.token, url: base, httpOnly: true, sameSite: 'Lax' }]);
    return { context, page: await context.newPage() };
  }

  it('serves a Login page without demo credentials or quick-fill buttons when DEMO_MODE is not set', async () => {
    const html = await (await fetch(`${base}/login`)).text();
    expect(html).toContain('<form');
    for (const secret of ['admin12345', 'admin@okaybike.demo', 'user12345', 'user@okaybike.demo']) expect(html).not.toContain(secret);
    expect(html).not.toContain('Demo accounts');
    expect(html).not.toContain('data-testid="demo-mode-banner"');

    const { context, page } = await signedIn(null);
    await page.goto('/login');
    await page.getByRole('button', { name: 'Login', exact: true }).waitFor();
    expect(await page.getByRole('group', { name: 'Demo accounts' }).count()).toBe(0);
    expect(await page.getByRole('button', { name: 'Admin', exact: true }).count()).toBe(0);
    expect(await page.getByRole('button', { name: 'User', exact: true }).count()).toBe(0);
    expect(await page.getByTestId('demo-mode-banner').count()).toBe(0);
    await context.close();
  });

  it('shows admins the sandbox-payments banner on the dashboard, and customers nothing of it', async () => {
    const asAdmin = await signedIn(admin);
    await asAdmin.page.goto('/dashboard');
    const banner = asAdmin.page.getByRole('note').filter({ hasText: 'Sandbox payments.' });
    await banner.waitFor();
    expect(await banner.textContent()).toContain('no money moves');
    expect(await asAdmin.page.getByTestId('demo-mode-banner').count()).toBe(0);
    await asAdmin.context.close();

    const asRider = await signedIn(rider);
    await asRider.page.goto('/dashboard');
    await asRider.page.getByRole('heading', { level: 1 }).waitFor();
    expect(await asRider.page.getByTestId('sandbox-payments-banner').count()).toBe(0);
    await asRider.context.close();
  });

  it("shows a booking's start on My Rentals and an email's time on the Emails page on the shop's clock", async () => {
    const bike = await createBike(base, admin, { name: 'Dhaka Commuter 150' });
    await bookWithFee(base, rider, bike._id);
    const mine = (await (await fetch(`${base}/api/rentals`, { headers: { authorization: `Bearer ${rider.token}` } })).json()) as { data: { startTime: string; bikeId: { _id: string } }[] };
    const booking = mine.data.find((r) => r.bikeId._id === bike._id)!;

    const asRider = await signedIn(rider);
    await asRider.page.goto('/dashboard/rentals');
    expect(await asRider.page.evaluate(() => Intl.DateTimeFormat().resolvedOptions().timeZone)).toBe(BROWSER_ZONE);
    const card = asRider.page.getByRole('article').filter({ hasText: bike.name });
    await card.getByText(onShopClock(booking.startTime), { exact: true }).waitFor();
    await asRider.context.close();

    const emails = (await (await fetch(`${base}/api/notifications/emails?page=1&limit=20`, { headers: { authorization: `Bearer ${admin.token}` } })).json()) as {
      data: { emails: { createdAt: string; to: string }[] };
    };
    const email = emails.data.emails.find((e) => e.to === rider.email);
    expect(email).toBeDefined();
    const asAdmin = await signedIn(admin);
    await asAdmin.page.goto('/dashboard/emails');
    const row = asAdmin.page.getByRole('row').filter({ hasText: rider.email }).first();
    await row.waitFor();
    await row.getByText(onShopClock(email!.createdAt), { exact: true }).waitFor();
    expect(await asAdmin.page.locator('.ant-table-tbody').textContent()).not.toMatch(/\d{4}-\d\d-\d\d \d\d:\d\d UTC/);
    await asAdmin.context.close();
  });
});
