import { mkdirSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { launchBrowser, newContext } from '../support/browser.js';
import { pdfTextLines } from '../support/pdf-text.js';
import { ServerProcess, startServer } from '../support/server-process.js';
import { SmtpSink, startSmtpSink } from '../support/smtp-sink.js';
import { ADMIN_ENV, adminAccount, createBike, userAccount, type Account, type CreatedBike } from './shop-fixtures.js';

/**
 * Issue 21, done when: a customer books a bike with a deposit, sees it in the quote, pays the fee on the sandbox page
 * with a test card, sees "Deposit held" in My Rentals; an admin returns it and keeps part for a scratched frame; the
 * customer receives the email and the invoice shows it. Screenshots in SCREENSHOT_DIR (default: a temp folder).
 */
const SHOTS = process.env.SCREENSHOT_DIR ?? join(tmpdir(), 'okb-deposit-shots');
const shopInput = (ms: number) => new Date(ms).toISOString().slice(0, 16);
const MINUTE = 60_000;

async function eventually<T>(what: string, check: () => Promise<T | undefined | null | false> | T | undefined | null | false, timeoutMs = 120_000): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await check();
    if (value) return value;
    if (Date.now() > deadline) throw new Error(`still waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 250));
  }
}

describe('Security deposits in a browser (issue 21)', () => {
  let server: ServerProcess;
  let browser: Browser;
  let smtp: SmtpSink;
  let base: string;
  let admin: Account;
  let rider: Account;
  let bike: CreatedBike;

  async function signedIn(who: Account): Promise<{ context: BrowserContext; page: Page }> {
    const context = await newContext(browser, base);
    await context.addCookies([{ name: 'okb_token', value: who.token, url: base, httpOnly: true, sameSite: 'Lax' }]);
    return { context, page: await context.newPage() };
  }
  const shot = async (page: Page, name: string) => {
    mkdirSync(SHOTS, { recursive: true });
    await page.screenshot({ path: join(SHOTS, `${name}.png`), fullPage: true });
  };

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
    rider = await userAccount(base, 'Nusrat Jahan');
    bike = await createBike(base, admin, { name: 'Deposit Scrambler 250', pricePerHour: 10, quantity: 2, depositAmount: 300 });
  }, 300_000);

  afterAll(async () => {
    await browser?.close();
    if (server && server.child.exitCode !== null) console.error(`server exited with ${server.child.exitCode}:\n${server.output()}`);
    await server?.stop();
    await smtp?.close();
  });

  it('books with a deposit, the hold shows in My Rentals, the admin keeps part at the return, the customer is told and the invoice shows it', async () => {
    // Picked up a minute or two from now (a start in the past is refused), returned a minute after that: a return is never
    // confirmed ahead of the clock, so the test waits for the clock, whatever the machine's speed.
    const start = Math.ceil(Date.now() / MINUTE) * MINUTE + MINUTE;
    const customer = await signedIn(rider);
    let page = customer.page;
    await page.goto(`/bike/${bike._id}`);
    await page.getByRole('button', { name: 'Rent Now' }).click();
    const dialog = page.getByRole('dialog', { name: 'Book Now' });
    await dialog.getByLabel('Start time').fill(shopInput(start));
    await dialog.getByLabel(/Return time/).fill(shopInput(start + 180 * MINUTE));
    const quote = dialog.getByRole('region', { name: 'Price and availability' });
    await quote.getByText(/Security deposit:/).waitFor();
    expect(await quote.getByText(/Security deposit:/).textContent()).toMatch(/300\.00/);
    await shot(page, '01-quote-with-deposit');
    await dialog.getByRole('button', { name: /to Book$/ }).click();
    await page.waitForURL((url) => url.pathname.startsWith('/api/payments/sandbox/checkout/'));
    await page.getByLabel('Test card').selectOption('visa');
    await page.getByText(/saves this card for this rental's security deposit/).waitFor();
    await shot(page, '02-sandbox-page-test-card');
    await page.getByRole('button', { name: /^Pay / }).click();
    await page.waitForURL((url) => url.pathname === '/payment/result');

    // The server places the hold by itself (the start is within DEPOSIT_HOLD_LEAD_HOURS).
    await page.goto('/dashboard/rentals');
    await eventually('"Deposit held" in My Rentals', async () => {
      if ((await page.getByText('Deposit held').count()) > 0) return true;
      await new Promise((r) => setTimeout(r, 1000));
      await page.reload();
      return false;
    });
    const card = page.getByRole('article', { name: bike.name });
    expect(await card.getByText('Deposit held').count()).toBe(1);
    await shot(page, '03-my-rentals-deposit-held');
    await customer.context.close();
    const mine = () => smtp.messages.filter((m) => m.envelopeTo.includes(rider.email));
    const held = await eventually('the "deposit held" email', () => mine().find((m) => m.subject.startsWith('Deposit held:')));
    expect(held.text).toContain(bike.name);

    // The admin returns the bike and keeps part of the deposit for a scratched frame.
    const staff = await signedIn(admin);
    page = staff.page;
    await page.goto('/dashboard/returnbikes');
    await page.getByRole('heading', { level: 1, name: 'Return Bikes' }).waitFor();
    const row = page.getByRole('row', { name: new RegExp(bike.name) }).first();
    await row.getByRole('button', { name: /Calculate & Return/ }).click();
    const returnDialog = page.getByRole('dialog', { name: `Confirm Return for ${bike.name}` });
    // Back a later minute than the start, at the clock's time.
    if (Date.now() < start + MINUTE) await page.waitForTimeout(start + MINUTE - Date.now() + 1000);
    const backAt = Math.floor(Date.now() / MINUTE) * MINUTE;
    const returnAt = await page.evaluate((at) => {
      const d = new Date(at);
      const pad = (n: number) => String(n).padStart(2, '0');
      return `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())}T${pad(d.getHours())}:${pad(d.getMinutes())}`;
    }, backAt);
    await returnDialog.getByLabel('Return time').fill(returnAt);
    await returnDialog.getByRole('button', { name: 'Confirm Return' }).click();
    await returnDialog.waitFor({ state: 'hidden' });
    const settle = page.locator('.deposits-to-settle');
    await settle.getByText(bike.name).waitFor();
    await shot(page, '04-return-bikes-deposit-to-settle');
    await settle.getByRole('button', { name: `Keep part of the deposit of ${bike.name}` }).click();
    const capture = page.getByRole('dialog', { name: `Keep part of the deposit: ${bike.name}` });
    await capture.getByLabel(/Amount to keep/).fill('45');
    await capture.getByLabel(/Reason/).fill('Scratched frame');
    await shot(page, '05-keep-part-dialog');
    await capture.getByRole('button', { name: 'Keep this amount' }).click();
    await page.locator('.ant-message-notice').filter({ hasText: /Kept .*45\.00 of the deposit/ }).waitFor();
    await staff.context.close();

    const kept = await eventually('the "deposit kept" email', () => mine().find((m) => /^Deposit: .*45\.00 kept for/.test(m.subject)));
    expect(kept.text).toContain('Scratched frame');

    // The customer sees it on My Rentals, and the invoice shows the deposit apart from the rental's price.
    const again = await signedIn(rider);
    await again.page.goto('/dashboard/rentals');
    await again.page.getByText('Deposit partly kept').waitFor();
    await shot(again.page, '06-my-rentals-deposit-partly-kept');
    await again.context.close();
    const rentals = (await (await fetch(`${base}/api/rentals`, { headers: { authorization: `Bearer ${rider.token}` } })).json()) as { data: { _id: string; bikeId: { name: string } }[] };
    const rental = rentals.data.find((r) => r.bikeId.name === bike.name)!;
    const invoice = Buffer.from(await (await fetch(`${base}/api/rentals/${rental._id}/invoice`, { headers: { authorization: `Bearer ${rider.token}` } })).arrayBuffer());
    const text = pdfTextLines(invoice).join('\n');
    expect(text).toContain('Deposit kept');
    expect(text).toContain('Scratched frame');
  });
});
