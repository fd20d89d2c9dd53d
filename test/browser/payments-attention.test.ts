import AxeBuilder from '@axe-core/playwright';
import { readFileSync } from 'node:fs';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { signSandboxPayload, SANDBOX_SIGNATURE_HEADER } from '../../src/modules/payments/sandbox-signature.js';
import { launchBrowser, newContext, watchConsole } from '../support/browser.js';
import { ServerProcess, startServer } from '../support/server-process.js';
import { ADMIN_ENV, adminAccount, createBike, paidRental, payAtSandbox, userAccount, type Account } from './shop-fixtures.js';

/**
 * Issue 11 item 7 in a browser: an admin's "Payments needing attention" screen (empty state, a late payment the
 * shop refunded automatically, its receipt and invoice as PDF downloads, axe in both themes); and issue 16: the
 * PDF links of My Rentals download PDFs with the customer's session.
 */
const SANDBOX_SECRET = 'browser-sandbox-secret-0123456789abcdef';
const AXE_TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa'];

describe('Payments needing attention and document downloads, in a browser', () => {
  let server: ServerProcess;
  let browser: Browser;
  let base: string;
  let admin: Account;
  let rider: Account;

  async function signedIn(who: Account, theme: 'light' | 'dark' = 'light'): Promise<{ context: BrowserContext; page: Page; problems: string[] }> {
    const context = await newContext(browser, base);
    await context.addCookies([
      { name: 'okb_token', value: who.token, url: base, httpOnly: true, sameSite: 'Lax' },
      { name: 'okb_theme', value: theme, url: base },
    ]);
    const page = await context.newPage();
    return { context, page, problems: watchConsole(page).problems };
  }

  /**
   * A booking whose payer cancelled at the gateway and then the booking (an abandoned checkout keeps the booking while
   * its hold lasts), then paid it anyway: the gateway's signed notice comes late.
   */
  async function paidAfterItClosed(user: Account, bikeId: string): Promise<{ rentalId: string; reference: string }> {
    const res = await fetch(`${base}/api/rentals`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${user.token}` },
      body: JSON.stringify({ bikeId, startTime: new Date(Date.now() + 3 * 86_400_000).toISOString(), quantity: 1 }),
    });
    const booking = (await res.json()).data as { rental: { _id: string; paymentId: string }; payment_url: string };
    await payAtSandbox(booking.payment_url, 'cancel');
    const cancelled = await fetch(`${base}/api/rentals/${booking.rental._id}/cancel`, { method: 'POST', headers: { authorization: `Bearer ${user.token}` } });
    expect(cancelled.status).toBe(200);
    const created = Math.floor(Date.now() / 1000);
    const body = JSON.stringify({ id: `evt_late_${created}`, type: 'payment.succeeded', data: { sessionRef: new URL(booking.payment_url).pathname.split('/').pop() }, created });
    const notice = await fetch(`${base}/api/payments/webhook/sandbox`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', [SANDBOX_SIGNATURE_HEADER]: signSandboxPayload(SANDBOX_SECRET, body, created) },
      body,
    });
    expect(await notice.json()).toMatchObject({ message: 'Notification recorded; the payment was already closed and is refunded', data: { status: 'refunded' } });
    return { rentalId: booking.rental._id, reference: booking.rental.paymentId };
  }

  beforeAll(async () => {
    [server, browser] = await Promise.all([
      startServer({ ...ADMIN_ENV, SANDBOX_WEBHOOK_SECRET: SANDBOX_SECRET, LOGIN_RATE_LIMIT: '1000', BOOKING_RATE_LIMIT: '1000' }),
      launchBrowser(),
    ]);
    base = server.baseUrl;
    admin = await adminAccount(base);
    rider = await userAccount(base, 'Sadia Islam');
  }, 300_000);

  afterAll(async () => {
    await browser?.close();
    await server?.stop();
  });

  it('says so when no payment needs attention', async () => {
    const { context, page } = await signedIn(admin);
    await page.goto('/dashboard');
    await page.getByRole('menuitem', { name: 'Payment Attention' }).click();
    await page.waitForURL((url) => url.pathname === '/dashboard/payments');
    await page.getByRole('heading', { level: 1, name: 'Payments needing attention' }).waitFor();
    await page.getByText('No payments need attention').waitFor();
    await context.close();
  });

  it('lists a late payment refunded automatically with its rental, customer, amount and status, and downloads its PDFs', async () => {
    const bike = await createBike(base, admin, { name: 'Late Notice Roadster', quantity: 1 });
    const late = await paidAfterItClosed(rider, bike._id);
    const { context, page, problems } = await signedIn(admin);
    await page.goto('/dashboard/payments');
    const row = page.getByRole('row', { name: new RegExp(late.reference) });
    await row.waitFor();
    for (const text of ['Refunded automatically', 'Late Notice Roadster', `${late.reference} · cancelled`, 'Sadia Islam', rider.email, 'Tk 100 · Booking fee', 'Status: refunded']) {
      await row.getByText(text, { exact: true }).first().waitFor();
    }
    await page.getByText('0 need an admin; 1 late payment was refunded automatically.').waitFor();
    for (const name of [`Receipt (PDF) for ${late.reference}`, `Invoice (PDF) for ${late.reference}`]) {
      const link = row.getByRole('link', { name });
      const href = (await link.getAttribute('href'))!;
      const [download] = await Promise.all([page.waitForEvent('download'), link.click()]);
      expect(readFileSync((await download.path())!).subarray(0, 5).toString()).toBe('%PDF-');
      const res = await context.request.get(href);
      expect(res.status()).toBe(200);
      expect(res.headers()['content-type']).toBe('application/pdf');
    }
    expect(problems.filter((p) => /hydrat|did not match|Minified React error/i.test(p))).toEqual([]);
    await context.close();
  });

  for (const theme of ['light', 'dark'] as const) {
    it(`has no axe violations (${theme})`, async () => {
      const { context, page } = await signedIn(admin, theme);
      await page.goto('/dashboard/payments');
      await page.getByRole('heading', { level: 1, name: 'Payments needing attention' }).waitFor();
      await page.getByRole('row', { name: /Refunded automatically/ }).first().waitFor();
      await page.waitForLoadState('networkidle');
      const result = await new AxeBuilder({ page }).withTags(AXE_TAGS).analyze();
      expect(result.violations.map((v) => `${v.id} ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`)).toEqual([]);
      await context.close();
    });
  }

  it("My Rentals' PDF links download PDFs with the customer's session", async () => {
    const customer = await userAccount(base, 'Rafiq Chowdhury');
    const bike = await createBike(base, admin, { name: 'Receipt Runner', quantity: 1 });
    const rental = await paidRental(base, customer, admin, bike._id);
    const { context, page } = await signedIn(customer);
    await page.goto('/dashboard/rentals');
    await page.getByRole('tab', { name: 'Paid', exact: true }).click();
    const links = page.locator('.rental-documents a');
    await links.first().waitFor();
    const labels = await links.allTextContents();
    expect(labels.map((l) => l.trim())).toEqual(['Booking fee receipt (PDF)', 'Payment receipt (PDF)', 'Invoice (PDF)']);
    for (let i = 0; i < labels.length; i++) {
      const link = links.nth(i);
      const href = (await link.getAttribute('href'))!;
      expect(href).toContain(rental.rentalId);
      const [download] = await Promise.all([page.waitForEvent('download'), link.click()]);
      expect(download.suggestedFilename()).toMatch(/^(receipt-R|invoice-INV)-\d{6}\.pdf$/);
      expect(readFileSync((await download.path())!).subarray(0, 5).toString()).toBe('%PDF-');
      // The same link with the browser's session (cookie): answered as a PDF.
      const res = await context.request.get(href);
      expect(res.status()).toBe(200);
      expect(res.headers()['content-type']).toBe('application/pdf');
    }
    // Without the session the link is refused.
    const anonymous = await fetch(`${base}${await links.first().getAttribute('href')}`);
    expect(anonymous.status).toBe(401);
    await context.close();
  });
});
