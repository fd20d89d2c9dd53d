import type { Browser, BrowserContext, Page } from 'playwright-core';
import { expectNoAxeViolations, launchBrowser, newContext, watchConsole } from '../support/browser.js';
import { ServerProcess, startServer } from '../support/server-process.js';
import {
  Account,
  ADMIN_ENV,
  adminAccount,
  bookWithFee,
  createBike,
  CreatedBike,
  reviewedRental,
  userAccount,
} from './shop-fixtures.js';

const HYDRATION = /hydrat|did not match|Minified React error/i;

/** 'YYYY-MM-DDTHH:mm' in the browser's zone (the test runs the browser in the machine's zone). */
function localInput(at: Date): string {
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${at.getFullYear()}-${pad(at.getMonth() + 1)}-${pad(at.getDate())}T${pad(at.getHours())}:${pad(at.getMinutes())}`;
}

describe('Bike detail page', () => {
  let server: ServerProcess;
  let browser: Browser;
  let admin: Account;
  let rider: Account;
  let reviewer: Account;
  let inStock: CreatedBike;
  let soldOut: CreatedBike;
  let reviewed: CreatedBike;
  let reviewId: string;

  beforeAll(async () => {
    [server, browser] = await Promise.all([startServer(ADMIN_ENV), launchBrowser()]);
    const base = server.baseUrl;
    admin = await adminAccount(base);
    [rider, reviewer] = await Promise.all([userAccount(base, 'Rina Rider'), userAccount(base, 'Omar Reviewer')]);
    [inStock, soldOut, reviewed] = await Promise.all([
      createBike(base, admin, { name: 'Yamaha R15 V4', brand: 'Yamaha', model: 'R15', year: 2024, cc: 155, pricePerHour: 12.5, quantity: 3 }),
      createBike(base, admin, { name: 'Honda Hornet 2.0', brand: 'Honda', model: 'Hornet', quantity: 0 }),
      createBike(base, admin, { name: 'Suzuki Gixxer SF', brand: 'Suzuki', model: 'Gixxer', quantity: 5 }),
    ]);
    reviewId = (await reviewedRental(base, reviewer, admin, reviewed._id, { rating: 4.5, comment: 'Smooth ride, great brakes.' }))._id;
  });

  afterAll(async () => {
    await browser?.close();
    await server?.stop();
  });

  /**
   * A browser context signed in as `account`: the session cookie login sets, with the token the fixtures logged in
   * with (logging in again for every context would hit the login rate limit).
   */
  async function contextAs(account: Account | null, options: { dark?: boolean } = {}): Promise<BrowserContext> {
    const context = await newContext(browser, server.baseUrl);
    const cookies = [];
    if (options.dark) cookies.push({ name: 'okb_theme', value: 'dark', url: server.baseUrl });
    if (account) cookies.push({ name: 'okb_token', value: account.token, url: server.baseUrl, httpOnly: true, sameSite: 'Lax' as const });
    await context.addCookies(cookies);
    return context;
  }

  async function openBike(page: Page, bike: CreatedBike): Promise<void> {
    const res = await page.goto(`/bike/${bike._id}`);
    expect(res?.status()).toBe(200);
    await page.getByRole('heading', { level: 1, name: bike.name }).waitFor();
    // Interactive once React has hydrated the server's markup.
    await page.waitForFunction(() => Object.keys(document.getElementById('root') ?? {}).some((k) => k.startsWith('__react')));
  }

  it('shows the bike in the server HTML: price, availability, engine, year, model, brand, quantity, rating', async () => {
    const html = await (await fetch(`${server.baseUrl}/bike/${reviewed._id}`)).text();
    expect(html).toContain('<h1');
    expect(html).toContain('Suzuki Gixxer SF');
    expect(html).toContain('$12.50');
    expect(html).toContain('155 cc');
    expect(html).toContain('2024');
    expect(html).toContain('Gixxer');
    expect(html).toContain('5 of 5 units free right now');
    expect(html).toContain('Available');
    expect(html).toContain('4.5');
    expect(html).toContain('Smooth ride, great brakes.');
    expect(html).toContain('Omar Reviewer');
  });

  it('shows the rent button for each auth state and role', async () => {
    const anonymous = await contextAs(null);
    let page = await anonymous.newPage();
    const { problems } = watchConsole(page);
    await openBike(page, inStock);
    const loginLink = page.getByRole('link', { name: 'Login to Rent' });
    // Issue 20 item 13: the way back to this bike's booking rides along.
    expect(await loginLink.getAttribute('href')).toBe(`/login?redirect=${encodeURIComponent(`/bike/${inStock._id}?book=1`)}`);
    expect(await page.getByRole('button', { name: 'Rent Now' }).count()).toBe(0);
    expect(await page.getByRole('button', { name: 'Add to Favorites' }).isDisabled()).toBe(true);
    expect(problems.filter((p) => HYDRATION.test(p))).toEqual([]);
    await loginLink.click();
    await page.waitForURL((url) => url.pathname === '/login');
    await anonymous.close();

    const user = await contextAs(rider);
    page = await user.newPage();
    await openBike(page, inStock);
    expect(await page.getByRole('button', { name: 'Rent Now' }).isEnabled()).toBe(true);
    expect(await page.getByRole('button', { name: 'Add to Favorites' }).isEnabled()).toBe(true);
    await openBike(page, soldOut);
    const unavailable = page.getByRole('button', { name: 'Bike is not available' });
    expect(await unavailable.isDisabled()).toBe(true);
    expect(await page.getByRole('button', { name: 'Rent Now' }).count()).toBe(0);
    await user.close();

    const adminContext = await contextAs(admin);
    page = await adminContext.newPage();
    await openBike(page, inStock);
    const rent = page.getByRole('button', { name: 'Rent Now' });
    expect(await rent.isDisabled()).toBe(true);
    await page.getByText("Admins can't book bikes").first().waitFor();
    expect(await page.getByRole('button', { name: 'Add to Favorites' }).isDisabled()).toBe(true);
    await openBike(page, soldOut);
    expect(await page.getByRole('button', { name: 'Bike is not available' }).isDisabled()).toBe(true);
    await adminContext.close();
  });

  it('keeps the quantity stepper between 1 and the units in stock', async () => {
    const context = await contextAs(rider);
    const page = await context.newPage();
    await openBike(page, inStock);
    const quantity = page.getByRole('spinbutton', { name: 'Quantity' });
    expect(await quantity.getAttribute('aria-valuemin')).toBe('1');
    expect(await quantity.getAttribute('aria-valuemax')).toBe('3');
    expect(await quantity.inputValue()).toBe('1');

    await quantity.fill('99');
    await quantity.blur();
    await page.waitForFunction(() => (document.querySelector('[role="spinbutton"]') as HTMLInputElement).value === '3');
    await quantity.fill('0');
    await quantity.blur();
    await page.waitForFunction(() => (document.querySelector('[role="spinbutton"]') as HTMLInputElement).value === '1');
    await quantity.press('ArrowUp');
    expect(await quantity.inputValue()).toBe('2');

    await openBike(page, soldOut);
    expect(await page.getByRole('spinbutton', { name: 'Quantity' }).isDisabled()).toBe(true);
    await context.close();
  });

  it('asks for a start time, books, sends the browser to the sandbox payment page and shows the result', async () => {
    const context = await contextAs(rider);
    const page = await context.newPage();
    await openBike(page, inStock);
    await page.getByRole('spinbutton', { name: 'Quantity' }).fill('2');
    await page.getByRole('spinbutton', { name: 'Quantity' }).blur();
    await page.getByRole('button', { name: 'Rent Now' }).click();
    const dialog = page.getByRole('dialog', { name: 'Book Now' });
    await dialog.waitFor();

    await dialog.getByRole('button', { name: 'Pay Tk 100 to Book' }).click();
    await dialog.getByText('Please select a start time').waitFor();
    expect(await dialog.getByLabel('Start time').getAttribute('aria-invalid')).toBe('true');

    await dialog.getByLabel('Start time').fill(localInput(new Date(Date.now() + 2 * 3_600_000)));
    await dialog.getByRole('button', { name: 'Pay Tk 100 to Book' }).click();
    await page.waitForURL(/\/api\/payments\/sandbox\/checkout\//);

    const rentals = (await (await fetch(`${server.baseUrl}/api/rentals`, { headers: { authorization: `Bearer ${rider.token}` } })).json()) as {
      data: { bikeId: { _id: string }; quantity: number; status: string }[];
    };
    expect(rentals.data.find((r) => r.bikeId._id === inStock._id)).toMatchObject({ quantity: 2, status: 'pending_fee' });

    // The payer's choice on the gateway's page, then its redirect back to the shop's result page.
    await page.getByRole('button', { name: /^Pay / }).click();
    await page.waitForURL((url) => url.pathname === '/payment/result' && url.searchParams.has('payment'));
    await page.getByRole('heading', { level: 1, name: 'Booking confirmed' }).waitFor();
    await page.getByText('Tk 100').first().waitFor();
    await page.getByText('Booking fee for Yamaha R15 V4').waitFor();
    expect(await page.getByRole('link', { name: 'Go to My Rentals' }).getAttribute('href')).toBe('/dashboard/rentals');
    expect(await page.getByRole('link', { name: 'View the bike' }).getAttribute('href')).toBe(`/bike/${inStock._id}`);
    await context.close();
  });

  it('adds a favourite with the server message, then keeps the button disabled', async () => {
    const context = await contextAs(rider);
    const page = await context.newPage();
    await openBike(page, reviewed);
    const add = page.getByRole('button', { name: 'Add to Favorites' });
    await add.click();
    await page.getByText('Bike added to favorites').waitFor();
    await page.getByText('In your favorites.').waitFor();
    expect(await add.isDisabled()).toBe(true);
    await page.reload();
    await page.getByText('In your favorites.').waitFor();
    expect(await page.getByRole('button', { name: 'Add to Favorites' }).isDisabled()).toBe(true);
    await context.close();
  });

  it('counts helpful votes: +1, a switch moves the count by 2, the chosen button is disabled, and the vote persists', async () => {
    const anonymous = await contextAs(null);
    let page = await anonymous.newPage();
    await openBike(page, reviewed);
    await page.getByRole('button', { name: 'Helpful', exact: true }).click();
    await page.waitForURL((url) => url.pathname === '/login');
    await anonymous.close();

    const context = await contextAs(rider);
    page = await context.newPage();
    await openBike(page, reviewed);
    const review = page.getByRole('article', { name: 'Review by Omar Reviewer' });
    const helpful = review.getByRole('button', { name: 'Helpful', exact: true });
    const notHelpful = review.getByRole('button', { name: 'Not helpful', exact: true });
    const count = review.locator('.review-helpful-count strong');
    expect(await count.textContent()).toBe('0');

    await helpful.click();
    await review.locator('.review-helpful-count strong', { hasText: /^1$/ }).waitFor();
    expect(await helpful.isDisabled()).toBe(true);
    expect(await notHelpful.isEnabled()).toBe(true);

    const voted = page.waitForResponse((res) => res.url().includes(`/api/reviews/${reviewId}/vote`) && res.request().method() === 'PUT');
    await notHelpful.click();
    expect((await voted).status()).toBe(200);
    await review.locator('.review-helpful-count strong', { hasText: /^-1$/ }).waitFor();
    expect(await notHelpful.isDisabled()).toBe(true);
    expect(await helpful.isEnabled()).toBe(true);

    await page.reload();
    await review.locator('.review-helpful-count strong', { hasText: /^-1$/ }).waitFor();
    expect(await review.getByRole('button', { name: 'Not helpful', exact: true }).isDisabled()).toBe(true);
    await context.close();

    // The reviewer cannot vote on their own review.
    const own = await contextAs(reviewer);
    page = await own.newPage();
    await openBike(page, reviewed);
    await page.getByRole('article', { name: 'Review by Omar Reviewer' }).getByText('Your review').waitFor();
    await own.close();
  });

  it('shows an empty state for a bike without reviews, and other bikes to explore', async () => {
    const context = await contextAs(null);
    const page = await context.newPage();
    await openBike(page, inStock);
    await page.getByText('No reviews yet.').waitFor();
    const explore = page.getByRole('region', { name: 'Explore Our Bikes' });
    await explore.getByRole('link').first().waitFor();
    const hrefs = await explore.getByRole('link').evaluateAll((links) => links.map((a) => a.getAttribute('href')));
    expect(hrefs).toEqual(expect.arrayContaining([`/bike/${reviewed._id}`]));
    expect(hrefs).not.toContain(`/bike/${inStock._id}`);
    await context.close();
  });

  it('answers 404 with the 404 page for an unknown or malformed id', async () => {
    const context = await contextAs(null);
    const page = await context.newPage();
    for (const id of ['00000000-0000-4000-8000-000000000000', 'not-a-bike']) {
      const res = await page.goto(`/bike/${id}`);
      expect(res?.status()).toBe(404);
      await page.getByRole('heading', { name: "Oops! The page you're looking for doesn't exist." }).waitFor();
    }
    await context.close();
  });

  /** antd animates colours on mount and open: contrast is measured on the final ones. */
  it.each([
    ['light', false],
    ['dark', true],
  ])('has no accessibility violations (%s)', async (mode, dark) => {
    const context = await contextAs(rider, { dark });
    const page = await context.newPage();
    await openBike(page, reviewed);
    await page.getByRole('article', { name: 'Review by Omar Reviewer' }).waitFor();
    await expectNoAxeViolations(page, `bike-${mode}`);

    await openBike(page, inStock);
    await page.getByRole('button', { name: 'Rent Now' }).click();
    await page.getByRole('dialog', { name: 'Book Now' }).getByRole('button', { name: 'Pay Tk 100 to Book' }).click();
    await page.getByText('Please select a start time').waitFor();
    await expectNoAxeViolations(page, `book-now-${mode}`, { include: '.ant-modal' });

    const result = await bookWithFee(server.baseUrl, rider, reviewed._id, dark ? 'fail' : 'pay');
    await page.goto(result);
    await page.getByRole('heading', { level: 1, name: dark ? 'Payment failed' : 'Booking confirmed' }).waitFor();
    await expectNoAxeViolations(page, `payment-result-${mode}`);
    await context.close();
  });
});
