import type { Browser, BrowserContext, Page } from 'playwright-core';
import { signSandboxPayload, SANDBOX_SIGNATURE_HEADER } from '../../src/modules/payments/sandbox-signature.js';
import { axeFindings, launchBrowser, newContext, screenshotTo, type AxeFinding } from '../support/browser.js';
import { scaled } from '../support/machine.mjs';
import { ServerProcess, startServer } from '../support/server-process.js';
import { ADMIN_ENV, adminAccount, createBike, payAtSandbox, userAccount, type Account, type CreatedBike } from './shop-fixtures.js';

/**
 * Issue 26 and issue 20 item 21: accessibility in a browser.
 * - The axe findings of issue 20 item 21, each reproduced where it was seen (open dialogs and menus, phone width,
 *   both themes), with heading order and landmarks checked too.
 * - The sweep: every route × role (anonymous, customer, admin) × theme × width (1280, 390), one browser, one page per
 *   role/theme/width reused across the routes; and no sideways scrolling of the page at 390 px.
 * - The unpaid hold's countdown is heard at 10, 5 and 1 minutes, not every second (the page's clock is Playwright's).
 * The backing of docs/accessibility-conformance-report.md names these tests by their titles.
 */

const SANDBOX_SECRET = 'a11y-sandbox-secret-0123456789abcdef';
const DAY = 86_400_000;
const PHONE = { width: 390, height: 844 };
const DESKTOP = { width: 1280, height: 900 };
type Role = 'anonymous' | 'customer' | 'admin';
type Theme = 'light' | 'dark';

describe('Accessibility (issue 26, issue 20 item 21)', () => {
  let server: ServerProcess;
  let browser: Browser;
  let base: string;
  let admin: Account;
  let rider: Account;
  let payer: Account;
  let bike: CreatedBike;
  let pending: { rentalId: string; paymentId: string; feePaymentId: string };

  async function call<T>(method: string, path: string, token: string, body?: unknown): Promise<T> {
    const res = await fetch(`${base}/api/${path}`, { method, headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` }, body: body === undefined ? undefined : JSON.stringify(body) });
    const json = (await res.json()) as { data: T };
    if (!res.ok) throw new Error(`${method} ${path}: ${res.status} ${JSON.stringify(json)}`);
    return json.data;
  }

  async function open(role: Role, theme: Theme, viewport = DESKTOP): Promise<{ context: BrowserContext; page: Page }> {
    const context = await newContext(browser, base, { viewport, colorScheme: theme });
    const cookies: { name: string; value: string; url: string; httpOnly?: boolean; sameSite?: 'Lax' }[] = [{ name: 'okb_theme', value: theme, url: base }];
    const who = role === 'admin' ? admin : role === 'customer' ? rider : null;
    if (who) cookies.push({ name: 'okb_token', value: who.token, url: base, httpOnly: true, sameSite: 'Lax' });
    await context.addCookies(cookies);
    const page = await context.newPage();
    await page.emulateMedia({ reducedMotion: 'reduce' });
    return { context, page };
  }

  /** The page is there: its h1 shown and no skeleton left (a route whose data never comes fails here, by name). */
  async function ready(page: Page, path: string): Promise<void> {
    await page.goto(path);
    await page.locator('h1').first().waitFor();
    await page.waitForFunction(() => !document.querySelector('.ant-skeleton-active'), undefined, { timeout: scaled(30_000) }).catch(() => undefined);
  }

  beforeAll(async () => {
    [server, browser] = await Promise.all([
      startServer({ ...ADMIN_ENV, SANDBOX_WEBHOOK_SECRET: SANDBOX_SECRET, WEBHOOK_ALLOW_PRIVATE_TARGETS: 'true', LOGIN_RATE_LIMIT: '1000', BOOKING_RATE_LIMIT: '1000' }, { timeoutMs: 200_000 }),
      launchBrowser(),
    ]);
    base = server.baseUrl;
    admin = await adminAccount(base);
    rider = await userAccount(base, 'Farhana Akter');
    payer = await userAccount(base, 'Rashed Khan');
    bike = await createBike(base, admin, { name: 'Sweep Tourer 125', pricePerHour: 10, quantity: 4 });

    // A rental out now (Return Bikes' dialog), a paid future booking (Cancel's red confirm), an unpaid one (the hold).
    const out = await call<{ payment_url: string }>('POST', 'rentals', rider.token, { bikeId: bike._id, startTime: new Date(Date.now() + 60_000).toISOString(), quantity: 1 });
    await payAtSandbox(out.payment_url);
    const future = await call<{ payment_url: string }>('POST', 'rentals', rider.token, { bikeId: bike._id, startTime: new Date(Date.now() + 3 * DAY).toISOString(), endTime: new Date(Date.now() + 3 * DAY + 3 * 3_600_000).toISOString(), quantity: 1 });
    await payAtSandbox(future.payment_url);
    const unpaid = await call<{ rental: { _id: string; paymentId: string }; payment: { _id: string } }>('POST', 'rentals', rider.token, {
      bikeId: bike._id,
      startTime: new Date(Date.now() + 5 * DAY).toISOString(),
      endTime: new Date(Date.now() + 5 * DAY + 2 * 3_600_000).toISOString(),
      quantity: 1,
    });
    pending = { rentalId: unpaid.rental._id, paymentId: unpaid.rental.paymentId, feePaymentId: unpaid.payment._id };

    // Payments needing attention: a checkout paid after its booking was cancelled (refunded automatically).
    const late = await call<{ rental: { _id: string }; payment_url: string }>('POST', 'rentals', payer.token, { bikeId: bike._id, startTime: new Date(Date.now() + 2 * DAY).toISOString(), quantity: 1 });
    await payAtSandbox(late.payment_url, 'cancel');
    await call('POST', `rentals/${late.rental._id}/cancel`, payer.token);
    const created = Math.floor(Date.now() / 1000);
    const body = JSON.stringify({ id: `evt_a11y_${created}`, type: 'payment.succeeded', data: { sessionRef: new URL(late.payment_url).pathname.split('/').pop() }, created });
    const notice = await fetch(`${base}/api/payments/webhook/sandbox`, { method: 'POST', headers: { 'content-type': 'application/json', [SANDBOX_SIGNATURE_HEADER]: signSandboxPayload(SANDBOX_SECRET, body, created) }, body });
    expect(notice.status).toBeLessThan(300);

    // A webhook endpoint (Webhooks' "Send test").
    await call('POST', 'webhooks', admin.token, { url: 'http://127.0.0.1:9/okb-hook', events: ['rental.created'], description: 'Partner' });
  }, 300_000);

  afterAll(async () => {
    await browser?.close();
    if (server && server.child.exitCode !== null) console.error(`server exited with ${server.child.exitCode}:\n${server.output()}`);
    await server?.stop();
  });

  it('issue 20 item 21: the axe findings in dialogs, menus, phone tables and headings, light and dark', async () => {
    const findings: AxeFinding[] = [];
    for (const theme of ['light', 'dark'] as const) {
      const scan = async (page: Page, screen: string) => findings.push(...(await axeFindings(page, `${screen} (${theme})`, { bestPractices: true })));

      const staff = await open('admin', theme);
      // Return Bikes: the return dialog's labels.
      await ready(staff.page, '/dashboard/returnbikes');
      await staff.page.getByRole('button', { name: 'Calculate & Return Sweep Tourer 125' }).first().click();
      await staff.page.getByRole('dialog').waitFor();
      await scan(staff.page, 'return dialog');
      await staff.page.keyboard.press('Escape');
      // Fleet and Counter Sale: the selects' placeholders; Webhooks: "Send test".
      for (const path of ['/dashboard/fleet', '/dashboard/counter', '/dashboard/webhooks']) {
        await ready(staff.page, path);
        await scan(staff.page, path);
      }
      await staff.context.close();

      // Payment Attention's table on a phone: reachable by keyboard.
      const phone = await open('admin', theme, PHONE);
      await ready(phone.page, '/dashboard/payments');
      await phone.page.getByRole('table').first().waitFor();
      await scan(phone.page, '/dashboard/payments at 390');
      await screenshotTo(phone.page, `a11y-payments-attention-390-${theme}`);
      await phone.context.close();

      // The customer: headings of the rentals pages, Cancel's red confirm button, the account menu and its Logout.
      const customer = await open('customer', theme);
      for (const path of ['/dashboard/rentals', '/dashboard/myrentals']) {
        await ready(customer.page, path);
        await scan(customer.page, path);
      }
      await ready(customer.page, '/dashboard/rentals');
      await customer.page.getByRole('button', { name: 'Cancel booking for Sweep Tourer 125' }).first().click();
      await customer.page.getByRole('dialog').waitFor();
      await scan(customer.page, 'cancel dialog');
      await customer.page.keyboard.press('Escape');
      await ready(customer.page, '/about');
      await customer.page.getByRole('button', { name: /Farhana/ }).first().click();
      await customer.page.getByRole('menuitem', { name: /Logout/ }).waitFor();
      await scan(customer.page, 'account menu');
      await screenshotTo(customer.page, `a11y-account-menu-${theme}`);
      await customer.context.close();

      // /search: heading order.
      const visitor = await open('anonymous', theme);
      await ready(visitor.page, '/search?searchTerm=Sweep');
      await visitor.page.getByText('Sweep Tourer 125').first().waitFor();
      await scan(visitor.page, '/search');
      await visitor.context.close();
    }
    expect(findings).toEqual([]);
  }, 600_000);

  it('axe: every route × role × theme at 1280 and 390 px', async () => {
    const publicRoutes = ['/', '/about', '/accessibility', '/allbikes', `/bike/${bike._id}`, '/search?searchTerm=Sweep', '/privacy-policy', '/terms-of-service', '/contact', '/no-such-page'];
    const routes: Record<Role, string[]> = {
      anonymous: [...publicRoutes, '/login', '/signup', `/payment/result?payment=${pending.feePaymentId}`, `/embed?bike=${bike._id}`],
      customer: [
        '/',
        `/bike/${bike._id}`,
        '/dashboard',
        '/dashboard/profile',
        '/dashboard/updateprofile',
        '/dashboard/password',
        '/dashboard/rentals',
        '/dashboard/myrentals',
        `/checkout/${pending.paymentId}`,
        `/payment/result?payment=${pending.feePaymentId}`,
      ],
      admin: [
        '/',
        '/dashboard',
        '/dashboard/profile',
        '/dashboard/allbikes',
        '/dashboard/addbike',
        `/dashboard/updatebike/${bike._id}`,
        '/dashboard/allusers',
        '/dashboard/returnbikes',
        '/dashboard/fleet',
        `/dashboard/fleet/${bike._id}`,
        '/dashboard/counter',
        '/dashboard/emails',
        '/dashboard/webhooks',
        '/dashboard/settings',
        '/dashboard/exports',
        '/dashboard/payments',
      ],
    };
    const findings: AxeFinding[] = [];
    const wide: string[] = [];
    let scans = 0;
    for (const role of ['anonymous', 'customer', 'admin'] as const) {
      for (const theme of ['light', 'dark'] as const) {
        for (const viewport of [DESKTOP, PHONE]) {
          const { context, page } = await open(role, theme, viewport);
          for (const path of routes[role]) {
            const screen = `${role} ${theme} ${viewport.width} ${path}`;
            await ready(page, path);
            findings.push(...(await axeFindings(page, screen, { bestPractices: true })));
            scans += 1;
            if (viewport === PHONE && (await page.evaluate(() => document.documentElement.scrollWidth > window.innerWidth + 1))) wide.push(screen);
          }
          await context.close();
        }
      }
    }
    expect(scans).toBe(4 * (routes.anonymous.length + routes.customer.length + routes.admin.length));
    expect({ findings, wide }).toEqual({ findings: [], wide: [] });
  }, 1_200_000);

  it('the hold countdown is heard at 10, 5 and 1 minutes, not every second', async () => {
    // A hold of its own, 15 minutes from now: the suite's first one lapses while the sweep runs.
    await call('POST', `rentals/${pending.rentalId}/cancel`, rider.token).catch(() => undefined);
    await call('POST', 'rentals', rider.token, {
      bikeId: bike._id,
      startTime: new Date(Date.now() + 6 * DAY).toISOString(),
      endTime: new Date(Date.now() + 6 * DAY + 2 * 3_600_000).toISOString(),
      quantity: 1,
    });
    const { context, page } = await open('customer', 'light');
    await page.clock.install();
    await ready(page, '/dashboard/rentals');
    const status = page.locator('.hold-countdown [role="status"]').first();
    await status.waitFor({ state: 'attached' });
    expect(await status.textContent()).toMatch(/^The bike is held for you for (14|15) minutes\.$/);
    await page.locator('.hold-countdown [role="timer"]').first().waitFor();
    // Every change of the live region's text, from now on.
    await status.evaluate((el) => {
      const w = window as unknown as { heard: string[] };
      w.heard = [];
      new MutationObserver(() => w.heard.push(el.textContent ?? '')).observe(el, { childList: true, characterData: true, subtree: true });
    });
    // A minute of ticks, every timer fired: the clock moves, the live region stays silent.
    const before = await page.locator('.hold-countdown [role="timer"]').first().textContent();
    await page.clock.runFor('01:00');
    expect(await page.locator('.hold-countdown [role="timer"]').first().textContent()).not.toBe(before);
    expect(await page.evaluate(() => (window as unknown as { heard: string[] }).heard)).toEqual([]);
    // Then to under 10, under 5 and under 1 minute left (a minute at a time, every tick fired).
    const runTo = async (text: string) => {
      for (let i = 0; i < 15 && (await status.textContent()) !== text; i += 1) await page.clock.runFor('01:00');
      expect(await status.textContent()).toBe(text);
    };
    await runTo('10 minutes left to pay the booking fee before the hold ends.');
    await runTo('5 minutes left to pay the booking fee before the hold ends.');
    await runTo('1 minute left to pay the booking fee before the hold ends.');
    const heard = await page.evaluate(() => (window as unknown as { heard: string[] }).heard);
    expect([...new Set(heard)]).toEqual([
      '10 minutes left to pay the booking fee before the hold ends.',
      '5 minutes left to pay the booking fee before the hold ends.',
      '1 minute left to pay the booking fee before the hold ends.',
    ]);
    await screenshotTo(page, 'hold-countdown-rentals');
    await context.close();
  }, 240_000);
});
