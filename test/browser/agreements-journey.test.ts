import { mkdirSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { expectNoAxeViolations, launchBrowser, newContext } from '../support/browser.js';
import { pdfTextLines } from '../support/pdf-text.js';
import { ServerProcess, startServer } from '../support/server-process.js';
import { ADMIN_ENV, adminAccount, call, createBike, payAtSandbox, userAccount, type Account, type CreatedBike } from './shop-fixtures.js';

/**
 * Issue 22: a customer signs the rental agreement for two riders from My Rentals on a phone (390 px): one draws the
 * signature on the canvas with the pointer, the other signs with the keyboard alone. The PDFs are read back.
 * Screenshots in SCREENSHOT_DIR (default: a temp folder), 390 and 1280 px, light and dark.
 */
const SHOTS = process.env.SCREENSHOT_DIR ?? join(tmpdir(), 'okb-agreement-shots');
const PHONE = { width: 390, height: 844 };

describe('Rental agreements in a browser (issue 22)', () => {
  let server: ServerProcess;
  let browser: Browser;
  let base: string;
  let admin: Account;
  let customer: Account;
  let bike: CreatedBike;
  let rentalId: string;

  async function signedIn(who: Account, options: Parameters<typeof newContext>[2] = {}): Promise<{ context: BrowserContext; page: Page }> {
    const context = await newContext(browser, base, options);
    await context.addCookies([{ name: 'okb_token', value: who.token, url: base, httpOnly: true, sameSite: 'Lax' }]);
    return { context, page: await context.newPage() };
  }
  const shot = async (page: Page, name: string) => {
    mkdirSync(SHOTS, { recursive: true });
    await page.screenshot({ path: join(SHOTS, `${name}.png`), fullPage: true });
  };

  beforeAll(async () => {
    [server, browser] = await Promise.all([startServer({ ...ADMIN_ENV, LOGIN_RATE_LIMIT: '1000', BOOKING_RATE_LIMIT: '1000' }, { timeoutMs: 170_000 }), launchBrowser()]);
    base = server.baseUrl;
    admin = await adminAccount(base);
    customer = await userAccount(base, 'Ada Lovelace');
    bike = await createBike(base, admin, { name: 'Agreement Cruiser', pricePerHour: 10, quantity: 3 });
    await call(base, 'PUT', 'agreements', {
      token: admin.token,
      body: {
        title: 'Rental agreement',
        body: 'I, {{customer}}, rent {{bikes}} for {{window}}.\n\nDeposit: {{deposit}}.\n\n## Safety\n- Every rider wears a **helmet**.\n- Bikes are locked when left alone.',
      },
    });
    const start = new Date(Date.now() + 2 * 24 * 3600_000).toISOString();
    const booking = await call<{ rental: { _id: string }; payment_url: string }>(base, 'POST', 'rentals', { token: customer.token, body: { bikeId: bike._id, startTime: start, quantity: 2 } });
    rentalId = booking.rental._id;
    await payAtSandbox(booking.payment_url);
  }, 300_000);

  afterAll(async () => {
    await browser?.close();
    if (server && server.child.exitCode !== null) console.error(`server exited with ${server.child.exitCode}:\n${server.output()}`);
    await server?.stop();
  });

  it('at 390 px a customer signs for two riders from My Rentals: one drawn, one keyboard-only; the PDFs hold both', async () => {
    const { context, page } = await signedIn(customer, { viewport: PHONE });
    await page.goto('/dashboard/rentals');
    await page.getByRole('link', { name: 'Rental agreement for Agreement Cruiser' }).click();
    await page.getByRole('heading', { name: 'Rental agreement', level: 1 }).waitFor();
    await page.getByText('0 of 2 riders signed').waitFor();
    await page.getByText('I, Ada Lovelace').waitFor();
    await shot(page, 'agreement-390-light-empty');
    await expectNoAxeViolations(page, 'signing page 390');

    // Rider 1 draws with the pointer on the canvas.
    const first = page.locator('.agreement-rider-card').filter({ hasText: 'Rider 1 of 2' });
    await first.getByLabel("Rider's full name", { exact: true }).fill('Ada Lovelace');
    await first.getByLabel('Birth date').fill('1990-12-10');
    const pad = first.locator('canvas');
    await pad.scrollIntoViewIfNeeded();
    const box = (await pad.boundingBox())!;
    await page.mouse.move(box.x + 20, box.y + box.height * 0.7);
    await page.mouse.down();
    for (let i = 1; i <= 12; i++) await page.mouse.move(box.x + 20 + i * 22, box.y + box.height * (0.7 - 0.4 * Math.sin(i / 2)));
    await page.mouse.up();
    await first.getByText('Signed', { exact: true }).waitFor();
    await first.getByLabel("Rider's full name, typed as a signature").fill('Ada Lovelace');
    await first.getByRole('checkbox').check();
    await first.getByRole('button', { name: 'Sign for rider 1 of 2' }).click();
    await page.getByText('1 of 2 riders signed').waitFor();

    // Rider 2 with the keyboard alone: Tab to each field, Space and Enter.
    const second = page.locator('.agreement-rider-card').filter({ hasText: 'Rider 2 of 2' });
    await second.getByLabel("Rider's full name", { exact: true }).focus();
    await page.keyboard.type('Charles Babbage');
    await page.keyboard.press('Tab');
    await second.getByLabel('Birth date').fill('1985-03-04');
    await second.getByRole('radio', { name: 'Type my name' }).focus();
    await page.keyboard.press('Space');
    await second.getByLabel("Rider's full name, typed as a signature").focus();
    await page.keyboard.type('Charles Babbage');
    await second.getByRole('checkbox').focus();
    await page.keyboard.press('Space');
    await second.getByRole('button', { name: 'Sign for rider 2 of 2' }).focus();
    await page.keyboard.press('Enter');
    await page.getByText('Every rider has signed').waitFor();
    await shot(page, 'agreement-390-light-signed');
    await expectNoAxeViolations(page, 'signed 390');

    // Both PDFs: the customer downloads them; the text, the riders and how they signed are in them.
    const links = await page.getByRole('link', { name: /PDF of .* signed agreement/ }).evaluateAll((as) => as.map((a) => (a as HTMLAnchorElement).href));
    expect(links).toHaveLength(2);
    const pdfs: string[] = [];
    for (const [i, href] of links.entries()) {
      const res = await context.request.get(href);
      expect(res.status()).toBe(200);
      const bytes = Buffer.from(await res.body());
      writeFileSync(join(SHOTS, `agreement-rider-${i + 1}.pdf`), bytes);
      pdfs.push(pdfTextLines(bytes).join('\n'));
    }
    expect(pdfs[0]).toContain('Ada Lovelace');
    expect(pdfs[0]).toContain('Drawn by hand');
    expect(pdfs[1]).toContain('Charles Babbage');
    expect(pdfs[1]).toContain('Signed with the keyboard');
    for (const text of pdfs) expect(text).toContain('rent 2 x Agreement Cruiser');
    await context.close();
  });

  it('screenshots: the signed page at 1280 and 390 in dark mode, and the admin page in light and dark', async () => {
    for (const [name, viewport, colorScheme] of [
      ['agreement-390-dark-signed', PHONE, 'dark'],
      ['agreement-1280-light-signed', { width: 1280, height: 900 }, 'light'],
      ['agreement-1280-dark-signed', { width: 1280, height: 900 }, 'dark'],
    ] as const) {
      const { context, page } = await signedIn(customer, { viewport, colorScheme });
      await page.goto(`/dashboard/rentals/${rentalId}/agreement`);
      await page.getByText('Every rider has signed').waitFor();
      await shot(page, name);
      await context.close();
    }
    for (const [name, viewport, colorScheme] of [
      ['agreement-admin-1280-light', { width: 1280, height: 900 }, 'light'],
      ['agreement-admin-1280-dark', { width: 1280, height: 900 }, 'dark'],
      ['agreement-admin-390-light', PHONE, 'light'],
    ] as const) {
      const { context, page } = await signedIn(admin, { viewport, colorScheme });
      await page.goto('/dashboard/agreement');
      await page.getByText('Matches its hash').first().waitFor();
      await shot(page, name);
      if (name === 'agreement-admin-1280-light') await expectNoAxeViolations(page, 'admin agreement page');
      await context.close();
    }
  });
});
