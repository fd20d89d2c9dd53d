import { mkdirSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { expectNoAxeViolations, launchBrowser, newContext, screenshotTo } from '../support/browser.js';
import { pdfTextLines } from '../support/pdf-text.js';
import { ServerProcess, startServer } from '../support/server-process.js';
import { SmtpSink, startSmtpSink } from '../support/smtp-sink.js';
import { ADMIN_ENV, adminAccount, createBike, eventually, payAtSandbox, userAccount, type Account, type CreatedBike } from './shop-fixtures.js';

/**
 * Issue 25, gift cards in a browser: a customer buys a gift card on the public Gift cards page (sandbox), receives
 * it by email with its PDF card, then pays part of a booking's rental with it at the checkout; the rest goes
 * through the sandbox page. The Gift cards page at 1280 and 390 px, light and dark (SCREENSHOT_DIR), axe clean.
 */
const PDF_DIR = process.env.SCREENSHOT_DIR ?? join(tmpdir(), 'okb-gift-card-shots');
const HOUR = 3_600_000;

async function api<T>(base: string, method: string, path: string, token: string, body?: unknown): Promise<T> {
  const res = await fetch(`${base}/api/${path}`, {
    method,
    headers: { authorization: `Bearer ${token}`, ...(body ? { 'content-type': 'application/json' } : {}) },
    body: body ? JSON.stringify(body) : undefined,
  });
  const json = (await res.json()) as { data: T };
  if (!res.ok) throw new Error(`${method} ${path} -> ${res.status} ${JSON.stringify(json)}`);
  return json.data;
}

describe('Gift cards in a browser (issue 25)', () => {
  let server: ServerProcess;
  let browser: Browser;
  let smtp: SmtpSink;
  let base: string;
  let rider: Account;
  let bike: CreatedBike;

  async function signedIn(who: Account, options: { width?: number; dark?: boolean } = {}): Promise<{ context: BrowserContext; page: Page }> {
    const context = await newContext(browser, base, { viewport: { width: options.width ?? 1280, height: 900 }, colorScheme: options.dark ? 'dark' : 'light' });
    await context.addCookies([{ name: 'okb_token', value: who.token, url: base, httpOnly: true, sameSite: 'Lax' }]);
    if (options.dark) await context.addCookies([{ name: 'okb_theme', value: 'dark', url: base }]);
    return { context, page: await context.newPage() };
  }

  beforeAll(async () => {
    smtp = await startSmtpSink();
    [server, browser] = await Promise.all([
      startServer({ ...ADMIN_ENV, SMTP_URL: smtp.url, MAIL_FROM: 'Okay Bike <no-reply@okaybike.test>', OUTBOX_INTERVAL_MS: '200', LOGIN_RATE_LIMIT: '1000', BOOKING_RATE_LIMIT: '1000' }, { timeoutMs: 170_000 }),
      launchBrowser(),
    ]);
    base = server.baseUrl;
    const admin = await adminAccount(base);
    rider = await userAccount(base, 'Nusrat Jahan');
    bike = await createBike(base, admin, { name: 'Gift Ride 150', pricePerHour: 10, quantity: 2 });
  }, 300_000);

  afterAll(async () => {
    await browser?.close();
    if (server && server.child.exitCode !== null) console.error(`server exited with ${server.child.exitCode}:\n${server.output()}`);
    await server?.stop();
    await smtp?.close();
  });

  it('buys a gift card on the public page, gets it by email with its PDF, and pays part of a booking with it', async () => {
    const { context, page } = await signedIn(rider);
    await page.goto('/gift-cards');
    await page.getByRole('heading', { level: 1, name: 'Gift cards' }).waitFor();
    await page.getByText('Other amount', { exact: true }).click();
    await page.getByRole('spinbutton', { name: 'Other amount' }).fill('15');
    await page.getByLabel("Recipient's name").fill('Nusrat Jahan');
    await page.getByLabel("Recipient's email").fill(rider.email);
    await page.getByLabel('Message').fill('For your next ride!');
    await page.getByRole('button', { name: 'Buy gift card' }).click();
    await page.waitForURL((url) => url.pathname.startsWith('/api/payments/sandbox/checkout/'));
    await page.getByText('Gift card').first().waitFor();
    await page.getByRole('button', { name: /^Pay / }).click();
    // The gift card's payment result page: what was bought, whom it goes to and how, and the way back.
    await page.waitForURL((url) => url.pathname === '/gift-cards/result' && url.searchParams.get('status') === 'succeeded');
    await page.getByRole('heading', { level: 1, name: 'Gift card paid' }).waitFor();
    await page.getByText('Thank you! Your $15.00 gift card is paid.').waitFor();
    const details = page.locator('.payment-details');
    await details.getByText('A gift card for Nusrat Jahan').waitFor();
    await details.getByText(`By email to ${rider.email}, with the code and a QR code on a PDF card`).waitFor();
    expect(await details.locator('strong').textContent()).toBe('$15.00');
    await page.getByRole('link', { name: 'Receipt (PDF)' }).waitFor();
    await screenshotTo(page, 'gift-cards-01-paid');
    await page.getByRole('link', { name: 'Back to gift cards' }).click();
    await page.waitForURL((url) => url.pathname === '/gift-cards' && url.search === '');
    await page.getByRole('heading', { level: 1, name: 'Gift cards' }).waitFor();

    // The card arrives by email (sent today: at once) with the PDF bearing its code.
    const mail = await eventually('the gift card email', () => smtp.messages.find((m) => m.subject.startsWith('You received a $15.00 gift card')));
    const pdf = mail.attachments[0];
    mkdirSync(PDF_DIR, { recursive: true });
    writeFileSync(join(PDF_DIR, 'gift-card.pdf'), pdf.body);
    const code = pdfTextLines(pdf.body).find((l) => /^GIFT-[0-9A-Z]{4}(-[0-9A-Z]{4}){3}$/.test(l))!;
    expect(code).toBeTruthy();

    // A booking of three hours (30 USD) with its fee paid; the rental is paid at the checkout with the card first.
    const start = Date.now() + 48 * HOUR;
    const booking = await api<{ rental: { paymentId: string; _id: string }; payment_url: string }>(base, 'POST', 'rentals', rider.token, {
      bikeId: bike._id,
      startTime: new Date(start).toISOString(),
      endTime: new Date(start + 3 * HOUR).toISOString(),
      quantity: 1,
    });
    await payAtSandbox(booking.payment_url);
    await page.goto(`/checkout/${booking.rental.paymentId}`);
    await page.getByLabel('Gift card code (optional)').fill('GIFT-0000-0000-0000-0000');
    await page.getByRole('button', { name: 'Pay Now' }).click();
    await page.getByText('giftCardCode is not a valid gift card code').waitFor();
    await page.getByLabel('Gift card code (optional)').fill(code.toLowerCase());
    await screenshotTo(page, 'gift-cards-02-checkout-with-code');
    await page.getByRole('button', { name: 'Pay Now' }).click();
    await page.waitForURL((url) => url.pathname.startsWith('/api/payments/sandbox/checkout/'));
    await page.getByText('$15.00 paid by gift card').waitFor();
    await screenshotTo(page, 'gift-cards-03-sandbox-rest');
    await page.getByRole('button', { name: /^Pay / }).click();
    await page.waitForURL((url) => url.pathname === '/payment/result');
    const rentals = await api<{ _id: string; totalPaid: number | null; amountDue: number }[]>(base, 'GET', 'rentals', rider.token);
    expect(rentals.find((r) => r._id === booking.rental._id)).toMatchObject({ totalPaid: 30, amountDue: 0 });

    // The QR code's link: the page checks the balance from the fragment.
    await page.goto(`/gift-cards#code=${encodeURIComponent(code)}`);
    await page.getByText('left of $15.00 on card').waitFor();
    expect(await page.locator('.gift-balance-amount').textContent()).toBe('$0.00');
    await context.close();
  }, 300_000);

  it.each([
    { outcome: 'fail' as const, title: 'Payment failed', width: 1280 },
    { outcome: 'cancel' as const, title: 'Payment cancelled', width: 390 },
  ])('a gift card not paid ($outcome at the sandbox) lands on its result page: nothing charged, and Try again goes back', async ({ outcome, title, width }) => {
    const { context, page } = await signedIn(rider, { width });
    await page.goto('/gift-cards');
    await page.getByLabel("Recipient's name").fill('Karim Ahmed');
    await page.getByLabel("Recipient's email").fill('karim@example.com');
    await page.getByRole('button', { name: 'Buy gift card' }).click();
    await page.waitForURL((url) => url.pathname.startsWith('/api/payments/sandbox/checkout/'));
    await page.getByRole('button', { name: outcome === 'fail' ? 'Simulate a failed payment' : /^Cancel and return/ }).click();
    await page.waitForURL((url) => url.pathname === '/gift-cards/result');
    await page.getByRole('heading', { level: 1, name: title }).waitFor();
    await page.getByText('The gift card was not paid. Nothing was charged: you can try again.').waitFor();
    await page.locator('.payment-details').getByText('A gift card for Karim Ahmed').waitFor();
    expect(await page.getByRole('link', { name: 'Receipt (PDF)' }).count()).toBe(0);
    await expectNoAxeViolations(page, `/gift-cards/result ${outcome} ${width}`);
    await screenshotTo(page, `gift-cards-result-${outcome}-${width}`);
    const resultUrl = new URL(page.url());
    await page.getByRole('link', { name: 'Try again' }).click();
    await page.waitForURL((url) => url.pathname === '/gift-cards' && url.search === '');
    await page.getByRole('button', { name: 'Buy gift card' }).waitFor();
    // A checkout opened before the result page existed returned to /gift-cards?payment=...: on to the result page.
    await page.goto(`/gift-cards${resultUrl.search}`);
    await page.waitForURL((url) => url.pathname === '/gift-cards/result' && url.search === resultUrl.search);
    await page.getByRole('heading', { level: 1, name: title }).waitFor();
    await context.close();
  }, 180_000);

  it.each([
    { width: 1280, dark: false },
    { width: 1280, dark: true },
    { width: 390, dark: false },
    { width: 390, dark: true },
  ])('the Gift cards page at $width px (dark: $dark) is axe clean', async ({ width, dark }) => {
    const { context, page } = await signedIn(rider, { width, dark });
    await page.goto('/gift-cards');
    await page.getByRole('heading', { level: 1, name: 'Gift cards' }).waitFor();
    await page.getByText('Gift cards you bought').waitFor();
    await page.getByText(/left$/).first().waitFor();
    await expectNoAxeViolations(page, `/gift-cards ${width} ${dark ? 'dark' : 'light'}`);
    await screenshotTo(page, `gift-cards-page-${width}-${dark ? 'dark' : 'light'}`);
    await context.close();
  }, 120_000);
});
