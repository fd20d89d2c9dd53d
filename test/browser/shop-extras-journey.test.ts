import { readFileSync } from 'node:fs';
import type { Browser, Locator, Page } from 'playwright-core';
import { expectNoAxeViolations, launchBrowser, openAs, PHONE, screenshotTo } from '../support/browser.js';
import { pdfTextLines } from '../support/pdf-text.js';
import { ServerProcess, startServer } from '../support/server-process.js';
import { SmtpSink, startSmtpSink } from '../support/smtp-sink.js';
import { ADMIN_ENV, adminAccount, at, call, createBike, eventually, shopInput, userAccount, type Account, type CreatedBike } from './shop-fixtures.js';

/**
 * Issue 25's "Done when" journey, in one browser session: a customer buys a gift card on the Gift cards page (paid at
 * the sandbox gateway, its code comes by email), adds two helmets and a lock to a two-bike booking, applies a
 * discount code, pays the booking fee, then pays the rental partly with the gift card and the rest at the sandbox.
 * The rental payment's receipt PDF lists each line, and the lines add up to its total. An admin then sees the add-on
 * stock of the week. Each screen is screenshotted at 1280 and at 390 px (SCREENSHOT_DIR). The shop runs in UTC.
 */

const DESKTOP = { width: 1280, height: 900 };

/** The amount at the end of a PDF line ('Lock  $3.00' -> 300, 'Code X  -$8.70' -> -870), in cents. */
function centsOf(line: string): number {
  const m = /(-?)\$([\d,]+)\.(\d\d)$/.exec(line);
  if (!m) throw new Error(`no amount at the end of "${line}"`);
  return (m[1] ? -1 : 1) * (Number(m[2].replace(/,/g, '')) * 100 + Number(m[3]));
}

describe('Shop extras journey (issue 25)', () => {
  let server: ServerProcess;
  let browser: Browser;
  let smtp: SmtpSink;
  let base: string;
  let admin: Account;
  let rider: Account;
  let bike: CreatedBike;

  /**
   * The same screen at 1280 px, then at 390 px, then back. In a dialog taller than the window (a full page shows only
   * what is in the window of it), once per part in `parts`, each scrolled into view.
   */
  async function shots(page: Page, name: string, parts: Locator[] = []): Promise<void> {
    for (const [width, viewport] of [['1280', DESKTOP], ['390', PHONE]] as const) {
      await page.setViewportSize(viewport);
      if (!parts.length) await screenshotTo(page, `extras-${name}-${width}`);
      for (const [i, part] of parts.entries()) {
        await part.scrollIntoViewIfNeeded();
        await screenshotTo(page, `extras-${name}-${width}-${i + 1}`);
      }
    }
    await page.setViewportSize(DESKTOP);
  }

  beforeAll(async () => {
    smtp = await startSmtpSink();
    [server, browser] = await Promise.all([
      startServer(
        { ...ADMIN_ENV, SMTP_URL: smtp.url, MAIL_FROM: 'Okay Bike <no-reply@okaybike.test>', OUTBOX_INTERVAL_MS: '200', LOGIN_RATE_LIMIT: '1000', BOOKING_RATE_LIMIT: '1000' },
        { timeoutMs: 170_000 },
      ),
      launchBrowser(),
    ]);
    base = server.baseUrl;
    admin = await adminAccount(base);
    rider = await userAccount(base, 'Farhana Islam');
    bike = await createBike(base, admin, { name: 'Twin Trail 160', pricePerHour: 10, quantity: 4 });
    const addon = (body: Record<string, unknown>) => call(base, 'POST', 'addons', { token: admin.token, body });
    await addon({ name: 'Helmet', description: 'Certified open-face helmet', stock: 3, pricePerRental: 2, perBike: true });
    await addon({ name: 'Lock', description: 'Folding lock with two keys', stock: 2, pricePerRental: 3 });
    await call(base, 'POST', 'coupons', { token: admin.token, body: { code: 'RIDE10', kind: 'percent', percentOff: 10, maxUses: 100 } });
  }, 300_000);

  afterAll(async () => {
    await browser?.close();
    if (server && server.child.exitCode !== null) console.error(`server exited with ${server.child.exitCode}:\n${server.output()}`);
    await server?.stop();
    await smtp?.close();
  });

  it('gift card bought earlier, two helmets and a lock on a two-bike booking, a code, part paid by the card: the receipt lists each line; the admin sees the stock', async () => {
    const { context, page } = await openAs(browser, base, rider);

    // 1. A gift card of $20 for herself, bought on the Gift cards page and paid at the sandbox gateway.
    await page.goto('/gift-cards');
    await page.getByText('Other amount', { exact: true }).click();
    await page.getByRole('spinbutton', { name: 'Other amount' }).fill('20');
    await page.getByLabel("Recipient's name").fill('Farhana Islam');
    await page.getByLabel("Recipient's email").fill(rider.email);
    await page.getByRole('button', { name: 'Buy gift card' }).click();
    await page.waitForURL((url) => url.pathname.startsWith('/api/payments/sandbox/checkout/'));
    await page.getByRole('button', { name: 'Pay $20.00' }).click();
    await page.waitForURL((url) => url.pathname === '/gift-cards/result');
    await page.getByRole('heading', { level: 1, name: 'Gift card paid' }).waitFor();
    await page.getByText('Thank you! Your $20.00 gift card is paid.').waitFor();
    await page.locator('.payment-details').getByText(`By email to ${rider.email}, with the code and a QR code on a PDF card`).waitFor();
    await expectNoAxeViolations(page, 'gift card paid');
    await shots(page, '01-gift-card-paid');
    const mail = await eventually('the gift card email', () => smtp.messages.find((m) => m.subject.startsWith('You received a $20.00 gift card')));
    const code = pdfTextLines(mail.attachments[0].body).find((l) => /^GIFT-[0-9A-Z]{4}(-[0-9A-Z]{4}){3}$/.test(l));
    if (!code) throw new Error('no code on the gift card PDF');

    // 2. Two bikes for four hours in two days, two helmets (one per bike at most) and a lock, and the code.
    await page.goto(`/bike/${bike._id}`);
    await page.getByRole('button', { name: 'Rent Now' }).click();
    const dialog = page.getByRole('dialog', { name: 'Book Now' });
    await dialog.getByLabel('Start time').fill(shopInput(at(2, 10)));
    await dialog.getByLabel(/Return time/).fill(shopInput(at(2, 14)));
    await dialog.getByLabel('Quantity').fill('2');
    await dialog.getByText('Available: 4 units free for this window').waitFor();
    await dialog.getByRole('heading', { name: 'Extras' }).waitFor();
    await dialog.getByLabel('Helmet', { exact: true }).fill('2');
    await dialog.getByLabel('Lock', { exact: true }).fill('1');
    await dialog.getByLabel('Lock', { exact: true }).press('Tab');
    await dialog.getByRole('row', { name: /Helmet × 2/ }).waitFor();
    await dialog.getByLabel('Discount code').fill('ride10');
    await dialog.getByRole('button', { name: 'Apply' }).click();
    await dialog.getByRole('row', { name: /Code RIDE10: 10% off/ }).waitFor();
    // 4 h x $10 x 2 bikes = $80, two helmets $4, a lock $3: $87, less 10 % ($8.70) = $78.30.
    await dialog.locator('.quote-total').getByText('$78.30').waitFor();
    await expectNoAxeViolations(page, 'book now with extras');
    await shots(page, '02-book-now', [dialog.getByRole('heading', { name: 'Extras' }), dialog.locator('.quote-total')]);

    // 3. The booking fee at the sandbox; back on the payment result page.
    await dialog.getByRole('button', { name: 'Pay Tk 100 to Book' }).click();
    await page.waitForURL((url) => url.pathname.startsWith('/api/payments/sandbox/checkout/'));
    await page.getByRole('button', { name: /^Pay / }).click();
    await page.waitForURL((url) => url.pathname === '/payment/result');
    await page.getByRole('heading', { level: 1, name: 'Booking confirmed' }).waitFor();

    // 4. The rental from My Rentals: the gift card first, the rest at the sandbox.
    await page.goto('/dashboard/rentals');
    await page.getByRole('link', { name: `Pay Now for ${bike.name}` }).click();
    await page.waitForURL((url) => url.pathname.startsWith('/checkout/'));
    await page.getByText('$78.30').first().waitFor();
    await page.getByLabel('Gift card code (optional)').fill(code);
    await shots(page, '03-checkout-gift-card');
    await page.getByRole('button', { name: 'Pay Now' }).click();
    await page.waitForURL((url) => url.pathname.startsWith('/api/payments/sandbox/checkout/'));
    await page.getByText('$20.00 paid by gift card').waitFor();
    await shots(page, '04-sandbox-rest');
    await page.getByRole('button', { name: 'Pay $58.30' }).click();
    await page.waitForURL((url) => url.pathname === '/payment/result');
    await page.getByRole('heading', { level: 1, name: 'Payment received' }).waitFor();
    await shots(page, '05-paid');

    // 5. The receipt of the rental payment, as My Rentals links it: each line, adding up to the total.
    await page.goto('/dashboard/rentals');
    await page.getByRole('tab', { name: 'Paid', exact: true }).click();
    const receiptLink = page.getByRole('link', { name: 'Payment receipt (PDF)' });
    await receiptLink.waitFor();
    await shots(page, '06-my-rentals');
    const [download] = await Promise.all([page.waitForEvent('download'), receiptLink.click()]);
    const lines = pdfTextLines(readFileSync(await download.path()));
    const line = (start: string): string => {
      const found = lines.find((l) => l.startsWith(start));
      if (!found) throw new Error(`no line "${start}" on the receipt: ${JSON.stringify(lines)}`);
      return found;
    };
    const items = ['4 hours × 2 bikes  ', 'Helmet × 2  ', 'Lock  ', 'Code RIDE10: 10% off  '].map(line);
    expect(items).toEqual(['4 hours × 2 bikes  $80.00', 'Helmet × 2  $4.00', 'Lock  $3.00', 'Code RIDE10: 10% off  -$8.70']);
    const total = centsOf(line('Total (USD)  '));
    expect(total).toBe(7830);
    expect(items.map(centsOf).reduce((a, b) => a + b, 0)).toBe(total);
    // How it was paid: the gift card's part and the gateway's, together the total.
    const tenders = [line(`Paid by gift card ****${code.slice(-4)}  `), line('Paid by card (Sandbox gateway)  ')];
    expect(tenders.map(centsOf)).toEqual([2000, 5830]);
    expect(tenders.map(centsOf).reduce((a, b) => a + b, 0)).toBe(total);
    expect(centsOf(line('Paid  '))).toBe(total);
    // The card is spent.
    const balance = await call<{ balance: number }>(base, 'GET', `gift-cards/${encodeURIComponent(code)}`);
    expect(balance.balance).toBe(0);
    await context.close();

    // 6. The admin's week of add-on stock: two of three helmets and one of two locks are out in two days.
    const desk = await openAs(browser, base, admin);
    await desk.page.goto('/dashboard/addons');
    await desk.page.getByRole('heading', { name: 'Add-ons & Codes' }).waitFor();
    const week = desk.page.locator('.stock-table');
    await week.waitFor();
    const cells = (name: string) => week.locator('tr', { has: desk.page.getByText(name, { exact: true }) }).locator('.stock-cell').allTextContents();
    expect(await cells('Helmet')).toEqual(['3/3', '3/3', '1/3', '3/3', '3/3', '3/3', '3/3']);
    expect(await cells('Lock')).toEqual(['2/2', '2/2', '1/2', '2/2', '2/2', '2/2', '2/2']);
    await desk.page.getByText('1 of 100').waitFor();
    await expectNoAxeViolations(desk.page, 'add-on stock of the week');
    await shots(desk.page, '07-admin-stock');
    await desk.context.close();
  }, 600_000);
});
