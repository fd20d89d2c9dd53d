import AxeBuilder from '@axe-core/playwright';
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { animationsSettled, launchBrowser, newContext, watchConsole } from '../support/browser.js';
import { ServerProcess, startServer } from '../support/server-process.js';

/**
 * The user's side of the dashboard (Profile, Update Profile, My Rentals, Add Review) and Checkout, against the
 * built server with real data: a user books through the API, pays the booking fee on the sandbox's hosted page,
 * an admin confirms the return, and the user pays the cost on the hosted page, as a real client would.
 */

const ADMIN = { email: 'ops@example.com', password: 'admin-pass-123' };
const NEWCOMER = { name: 'Mina Sultana', email: 'mina@example.com', password: 'mina-secret-1', phone: '+8801700000002', address: 'Road 2, Mirpur, Dhaka' };
const USER = { name: 'Rafi Ahmed', email: 'rafi@example.com', password: 'rafi-secret-1', phone: '+8801700000001', address: 'Road 7, Banani, Dhaka' };
const LONG_COMMENT = 'The ride was smooth all the way to the lake and back again, brakes felt great.';
const AXE_TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa'];
const MINUTE = 60_000;
/** Set to a folder to keep a screenshot of every screen (light/dark, desktop/phone) while the tests run. */
const SCREENSHOT_DIR = process.env.SCREENSHOT_DIR;

interface RentalRef {
  _id: string;
  paymentId: string;
  startTime: string;
  bikeId: { _id: string; name: string };
}

describe('User dashboard: profile, rentals, reviews and checkout in a browser', () => {
  let server: ServerProcess;
  let browser: Browser;
  let base: string;
  let adminToken: string;
  let userToken: string;
  /** A user with no rentals, reviews or favourites: the empty states. */
  let newcomerToken: string;
  const bikes: Record<'trail' | 'city' | 'scooter', { _id: string; name: string }> = {} as never;
  const rentals: Record<'paidA' | 'paidB' | 'reviewed' | 'due' | 'booked' | 'pending' | 'cancelled', RentalRef> = {} as never;

  async function api<T>(method: string, path: string, token: string | null, body?: unknown): Promise<{ status: number; body: { data: T; message: string } }> {
    const res = await fetch(`${base}/api/${path}`, {
      method,
      headers: { 'content-type': 'application/json', ...(token ? { authorization: `Bearer ${token}` } : {}) },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    return { status: res.status, body: (await res.json()) as { data: T; message: string } };
  }

  async function login(email: string, password: string): Promise<string> {
    const res = await fetch(`${base}/api/auth/login`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ email, password }) });
    const json = (await res.json()) as { token: string };
    if (!res.ok) throw new Error(`login failed: ${res.status}`);
    return json.token;
  }

  /** The payer's choice on the sandbox gateway's hosted page: the page's own form post. */
  async function payOnHostedPage(paymentUrl: string, outcome: 'pay' | 'cancel' = 'pay'): Promise<void> {
    const res = await fetch(new URL(new URL(paymentUrl).pathname, base), {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({ outcome }).toString(),
      redirect: 'manual',
    });
    if (res.status !== 303) throw new Error(`sandbox ${outcome} failed: ${res.status} ${await res.text()}`);
  }

  async function createBike(name: string, pricePerHour: number): Promise<{ _id: string; name: string }> {
    const res = await api<{ _id: string; name: string }>('POST', 'bikes', adminToken, {
      name,
      description: `${name}: a dependable bike for the city and weekend trips.`,
      pricePerHour,
      cc: 150,
      year: 2024,
      model: 'X1',
      brand: 'Okay',
      imgageurl: '/favicon.svg',
      quantity: 10,
    });
    if (res.status !== 201) throw new Error(`bike: ${res.status} ${JSON.stringify(res.body)}`);
    return res.body.data;
  }

  /** Books `bike` starting in `startInMinutes`; the booking fee is paid unless told otherwise. */
  async function book(bike: { _id: string }, fee: 'pay' | 'cancel' | 'leave' = 'pay', startInMinutes = 10): Promise<RentalRef> {
    const startTime = new Date(Date.now() + startInMinutes * MINUTE).toISOString();
    const res = await api<{ rental: RentalRef; payment_url: string }>('POST', 'rentals', userToken, { bikeId: bike._id, startTime, quantity: 1 });
    if (res.status !== 201) throw new Error(`book: ${res.status} ${JSON.stringify(res.body)}`);
    if (fee !== 'leave') await payOnHostedPage(res.body.data.payment_url, fee);
    return res.body.data.rental;
  }

  /** Admin confirms the return now (a return is never ahead of the clock; rentals given back start 4 minutes ago: 1 started hour x price). */
  async function giveBack(rental: RentalRef): Promise<number> {
    const returntime = new Date().toISOString();
    const res = await api<{ totalCost: number }>('PUT', `rentals/${rental._id}/return?returntime=${encodeURIComponent(returntime)}`, adminToken);
    if (res.status !== 200) throw new Error(`return: ${res.status} ${JSON.stringify(res.body)}`);
    return res.body.data.totalCost;
  }

  async function payInFull(rental: RentalRef, totalCost: number): Promise<void> {
    const res = await api<{ payment_url: string }>('POST', 'rentals/fullpayment', userToken, { paymentId: rental.paymentId, totalCost });
    if (res.status !== 200) throw new Error(`fullpayment: ${res.status} ${JSON.stringify(res.body)}`);
    await payOnHostedPage(res.body.data.payment_url);
  }

  async function signedIn(token: string | null, options: { dark?: boolean; phone?: boolean } = {}): Promise<{ context: BrowserContext; page: Page }> {
    const context = await newContext(browser, base, options.phone ? { viewport: { width: 390, height: 844 } } : {});
    const cookies = [];
    if (token) cookies.push({ name: 'okb_token', value: token, url: base, httpOnly: true, sameSite: 'Lax' as const });
    if (options.dark) cookies.push({ name: 'okb_theme', value: 'dark', url: base });
    if (cookies.length) await context.addCookies(cookies);
    return { context, page: await context.newPage() };
  }

  /** React has taken over the server's markup (clicks from here on reach it, replayed if hydration is still running). */
  const hydrating = (page: Page) =>
    page.waitForFunction(() => Object.keys(document.getElementById('root') ?? {}).some((key) => key.startsWith('__reactContainer$')));

  beforeAll(async () => {
    [server, browser] = await Promise.all([
      startServer({ DEMO_MODE: 'false', ADMIN_EMAIL: ADMIN.email, ADMIN_PASSWORD: ADMIN.password, LOGIN_RATE_LIMIT: '1000' }),
      launchBrowser(),
    ]);
    base = server.baseUrl;
    adminToken = await login(ADMIN.email, ADMIN.password);
    const signup = await api('POST', 'auth/signup', null, { ...USER, role: 'user' });
    if (signup.status !== 201) throw new Error(`signup: ${signup.status} ${JSON.stringify(signup.body)}`);
    userToken = await login(USER.email, USER.password);
    await api('POST', 'auth/signup', null, { ...NEWCOMER, role: 'user' });
    newcomerToken = await login(NEWCOMER.email, NEWCOMER.password);

    bikes.trail = await createBike('Trail Runner 250', 25);
    bikes.city = await createBike('City Cruiser 125', 8);
    bikes.scooter = await createBike('Metro Scooter', 18);

    rentals.paidA = await book(bikes.trail, 'pay', -4);
    await payInFull(rentals.paidA, await giveBack(rentals.paidA));
    rentals.paidB = await book(bikes.scooter, 'pay', -4);
    await payInFull(rentals.paidB, await giveBack(rentals.paidB));
    rentals.reviewed = await book(bikes.city, 'pay', -4);
    await payInFull(rentals.reviewed, await giveBack(rentals.reviewed));
    const review = await api('POST', 'reviews/addreviews', userToken, { bikeId: bikes.city._id, rating: 4, comment: LONG_COMMENT, paymentId: rentals.reviewed.paymentId });
    if (review.status !== 201) throw new Error(`review: ${review.status} ${JSON.stringify(review.body)}`);
    rentals.due = await book(bikes.trail, 'pay', -4);
    await giveBack(rentals.due);
    rentals.booked = await book(bikes.city);
    rentals.pending = await book(bikes.scooter, 'leave');
    rentals.cancelled = await book(bikes.city, 'cancel');
    // A cancelled fee payment keeps the booking while its hold lasts (issue 20 item 14); its customer then cancels it.
    const cancel = await api('POST', `rentals/${rentals.cancelled._id}/cancel`, userToken);
    if (cancel.status !== 200) throw new Error(`cancel: ${cancel.status} ${JSON.stringify(cancel.body)}`);
    await api('POST', 'favourite', userToken, { bikeId: bikes.trail._id });
  }, 120_000);

  afterAll(async () => {
    await browser?.close();
    // A server that died mid-suite shows up as connection errors; its own output says why.
    if (server && server.child.exitCode !== null) console.error(`server exited with ${server.child.exitCode}:\n${server.output()}`);
    await server?.stop();
  });

  it('sends signed-out visitors to /login and keeps admins out of the user-only screens', async () => {
    const anonymous = await signedIn(null);
    for (const path of ['/dashboard/profile', '/dashboard/updateprofile', '/dashboard/rentals', '/dashboard/myrentals', '/checkout/x']) {
      await anonymous.page.goto(path);
      expect(new URL(anonymous.page.url()).pathname).toBe('/login');
    }
    await anonymous.context.close();

    const admin = await signedIn(adminToken);
    for (const path of ['/dashboard/rentals', '/dashboard/myrentals', '/checkout/x']) {
      await admin.page.goto(path);
      expect(new URL(admin.page.url()).pathname).toBe('/login');
    }
    // Profile has no role guard: an admin sees it, with favourites explained rather than "none yet".
    await admin.page.goto('/dashboard/profile');
    await admin.page.getByText("Admin accounts can't save favorite bikes.").waitFor();
    await admin.context.close();
  });

  it('shows the profile, edits it, cancels back to the server values and saves new ones that survive a reload', async () => {
    const { context, page } = await signedIn(userToken);
    const { problems } = watchConsole(page);
    await page.goto('/dashboard/profile');

    await expect(page.getByRole('heading', { level: 1 }).textContent()).resolves.toBe(USER.name);
    await page.getByText('Bike Enthusiast').waitFor();
    await page.getByText(USER.phone).first().waitFor();
    await page.getByText(USER.address).first().waitFor();
    expect(await page.getByRole('link', { name: 'Edit Profile' }).getAttribute('href')).toBe('/dashboard/updateprofile');

    const name = page.getByLabel('Name', { exact: true });
    const phone = page.getByLabel('Phone', { exact: true });
    await expect(page.getByLabel('ID', { exact: true }).getAttribute('readonly')).resolves.not.toBeNull();
    await expect(name.getAttribute('readonly')).resolves.not.toBeNull();
    expect(await page.getByRole('button', { name: 'Save Changes' }).count()).toBe(0);

    const edit = page.getByRole('button', { name: 'Edit profile details' });
    await edit.and(page.locator(':enabled')).click();
    await expect(name.getAttribute('readonly')).resolves.toBeNull();
    await name.fill('Somebody Else');
    await phone.fill('000');
    await page.getByRole('button', { name: 'Cancel' }).click();
    expect(await name.inputValue()).toBe(USER.name);
    expect(await phone.inputValue()).toBe(USER.phone);
    await expect(name.getAttribute('readonly')).resolves.not.toBeNull();

    // The server's field errors land on the fields.
    await edit.click();
    await page.getByLabel('Email', { exact: true }).fill('not-an-email');
    await page.getByRole('button', { name: 'Save Changes' }).click();
    await page.getByText('Profile Update Failed').waitFor();
    await page.getByText('email must be a valid email address').waitFor();
    await page.getByRole('button', { name: 'Cancel' }).click();
    expect(await page.getByLabel('Email', { exact: true }).inputValue()).toBe(USER.email);

    await edit.click();
    await name.fill('Rafi A. Chowdhury');
    await phone.fill('+8801700000099');
    await page.getByLabel('Address', { exact: true }).fill('House 4, Road 11, Gulshan, Dhaka');
    await page.getByRole('button', { name: 'Save Changes' }).click();
    await page.getByText('Profile Updated Successfully').waitFor();
    await page.getByRole('heading', { level: 1, name: 'Rafi A. Chowdhury' }).waitFor();

    await page.reload();
    await page.getByRole('heading', { level: 1, name: 'Rafi A. Chowdhury' }).waitFor();
    expect(await page.getByLabel('Phone', { exact: true }).inputValue()).toBe('+8801700000099');
    expect(await page.getByLabel('Address', { exact: true }).inputValue()).toBe('House 4, Road 11, Gulshan, Dhaka');

    // Account Settings: Personal Information opens the form for editing; the others explain what exists today.
    await page.getByRole('button', { name: 'Personal Information' }).click();
    await page.getByRole('button', { name: 'Save Changes' }).waitFor();
    await expect(page.evaluate(() => document.activeElement?.id)).resolves.toBe('name');
    await page.getByRole('button', { name: 'Cancel' }).click();
    // Password & Security leads to the password page (issue 11), where the password is changed.
    await page.getByRole('button', { name: 'Password & Security' }).click();
    await page.waitForURL('**/dashboard/password');
    await page.getByRole('heading', { level: 1, name: 'Password & Security' }).waitFor();
    await page.getByLabel('Current password', { exact: true }).waitFor();
    await page.getByLabel('New password', { exact: true }).waitFor();
    await page.getByRole('button', { name: 'Change Password' }).waitFor();

    // Put the account back for the other tests.
    const restored = await api('PUT', 'users/me', userToken, { name: USER.name, phone: USER.phone, address: USER.address });
    expect(restored.status).toBe(200);
    expect(problems.filter((p) => /hydrat|did not match|Minified React error/i.test(p))).toEqual([]);
    await context.close();
  });

  it('opens Update Profile already editing', async () => {
    const { context, page } = await signedIn(userToken);
    await page.goto('/dashboard/updateprofile');
    await page.getByRole('heading', { level: 1, name: 'Update Profile' }).waitFor();
    await page.getByRole('button', { name: 'Save Changes' }).waitFor();
    await expect(page.getByLabel('Name', { exact: true }).getAttribute('readonly')).resolves.toBeNull();
    await context.close();
  });

  it('lists the reviews on the profile with comments cut at 40 characters, and the favourite bikes', async () => {
    const { context, page } = await signedIn(userToken);
    await page.goto('/dashboard/profile');
    const table = page.getByRole('table');
    for (const header of ['Bike', 'Date', 'Rating', 'Comment']) await table.getByRole('columnheader', { name: header }).waitFor();
    const row = table.getByRole('row', { name: new RegExp(bikes.city.name) });
    await row.getByText(`${LONG_COMMENT.slice(0, 40)}...`, { exact: true }).waitFor();
    await row.getByText('4 out of 5 stars').waitFor();
    await page.getByRole('link', { name: bikes.trail.name }).first().waitFor();
    await context.close();
  });

  it('splits My Rentals into Unpaid and Paid, with Pay Now only where there is a cost', async () => {
    const { context, page } = await signedIn(userToken);
    await page.goto('/dashboard/rentals');
    const unpaidTab = page.getByRole('tab', { name: 'Unpaid', exact: true });
    await expect(unpaidTab.getAttribute('aria-selected')).resolves.toBe('true');
    // Newest first: pending fee, booked, then the returned one waiting for payment. The cancelled booking owes nothing:
    // it is listed apart, under the tabs (issue 14 item 7).
    const articles = page.getByRole('tabpanel').getByRole('article');
    await expect(articles.count()).resolves.toBe(3);
    const due = articles.nth(2);
    await due.getByText('Payment due').waitFor();
    await due.getByText('$25.00').waitFor();
    const payLink = due.getByRole('link', { name: /Pay Now/ });
    expect(await payLink.getAttribute('href')).toBe(`/checkout/${encodeURIComponent(rentals.due.paymentId)}`);

    const booked = articles.nth(1);
    await booked.getByText('Booked').waitFor();
    await booked.getByText('Not returned yet').waitFor();
    // Open-ended: no cost until the return (issue 20 item 18).
    await booked.getByText('Charged by the hour at return').waitFor();
    expect(await booked.getByRole('button', { name: /Pay Now/ }).isDisabled()).toBe(true);

    // A pending booking fee can be resumed while the hold lasts: the link opens the fee's payment, which offers its checkout.
    const pending = articles.nth(0);
    await pending.getByText('Booking fee pending').waitFor();
    await pending.getByText(/held for you until/).waitFor();
    expect(await pending.getByRole('button', { name: /Pay Now/ }).isDisabled()).toBe(true);
    expect(await pending.getByRole('link', { name: /Pay booking fee/ }).getAttribute('href')).toMatch(/^\/payment\/result\?payment=[0-9a-f-]{36}&resume=1$/);

    const cancelledSection = page.getByRole('region', { name: 'Cancelled (1)' });
    await cancelledSection.getByRole('button', { name: 'Show cancelled bookings' }).click();
    const cancelled = cancelledSection.getByRole('article');
    await expect(cancelled.count()).resolves.toBe(1);
    await cancelled.getByText('Cancelled', { exact: true }).waitFor();
    await cancelled.getByRole('link', { name: 'Book this bike again' }).waitFor();
    expect(await cancelled.getByRole('button', { name: /Pay Now/ }).count()).toBe(0);

    await page.getByRole('tab', { name: 'Paid', exact: true }).click();
    const paid = page.getByRole('tabpanel', { name: 'Paid', exact: true });
    await paid.getByRole('article').first().waitFor();
    await expect(paid.getByRole('article').count()).resolves.toBe(3);
    expect(await paid.getByRole('button', { name: /Pay Now/ }).count()).toBe(0);
    expect(await paid.getByRole('link', { name: /Pay Now/ }).count()).toBe(0);
    await paid.getByText('$18.00').first().waitFor();
    await context.close();
  });

  it('resumes a pending booking fee straight on its payment page while the hold lasts (issue 14 item 7)', async () => {
    const { context, page } = await signedIn(userToken);
    await page.goto('/dashboard/rentals');
    const pending = page.getByRole('tabpanel').getByRole('article').filter({ hasText: 'Booking fee pending' });
    await pending.getByRole('link', { name: /Pay booking fee/ }).click();
    // The sandbox gateway's hosted page of that booking fee: no 'Confirming your payment…' wait on the way.
    await page.waitForURL(/\/api\/payments\/sandbox\/checkout\/sbx_/);
    await page.getByRole('heading', { level: 1, name: /^Pay / }).waitFor();
    await page.getByRole('button', { name: /^Pay / }).waitFor();
    await page.getByText(rentals.pending.paymentId).waitFor();

    // Opened as a plain address (a new tab, a bookmark), the server sends the browser there too.
    const mine = await api<{ _id: string; bookingFee: { _id: string } | null }[]>('GET', 'rentals', userToken);
    const feeId = mine.body.data.find((r) => r._id === rentals.pending._id)?.bookingFee?._id ?? '';
    expect(feeId).toMatch(/^[0-9a-f-]{36}$/);
    const resume = await fetch(`${base}/payment/result?payment=${encodeURIComponent(feeId)}&resume=1`, {
      headers: { cookie: `okb_token=${userToken}` },
      redirect: 'manual',
    });
    expect(resume.status).toBe(302);
    expect(resume.headers.get('location')).toMatch(/\/api\/payments\/sandbox\/checkout\/sbx_/);
    await context.close();
  });

  it('checks out a returned rental and sends the browser to the hosted payment page', async () => {
    const { context, page } = await signedIn(userToken);
    await page.goto('/dashboard/rentals');
    await page.getByRole('link', { name: /Pay Now/ }).click();
    await page.waitForURL(`**/checkout/${rentals.due.paymentId}`);

    await page.getByRole('heading', { level: 1, name: 'Bike Rental Checkout' }).waitFor();
    await page.getByText('Complete your rental process').waitFor();
    expect(await page.getByLabel('Bike Name').inputValue()).toBe(bikes.trail.name);
    expect(await page.getByLabel('User Name').inputValue()).toBe(USER.name);
    await page.getByText('Total Price').waitFor();
    await page.getByText('$25.00').waitFor();

    const pay = page.getByRole('button', { name: 'Pay Now' });
    await pay.and(page.locator(':enabled')).click();
    await page.waitForURL(/\/api\/payments\/sandbox\/checkout\/sbx_/);
    await page.getByRole('button', { name: /^Pay / }).waitFor();
    await context.close();
  });

  it('styles the checkout page opened directly, not only after the rentals screen loaded its stylesheet', async () => {
    const { context, page } = await signedIn(userToken);
    await page.goto(`/checkout/${encodeURIComponent(rentals.due.paymentId)}`);
    await page.getByRole('heading', { level: 1, name: 'Bike Rental Checkout' }).waitFor();
    // The checkout's own rules: the card centred in a flex row, at most 560 px wide.
    expect(await page.locator('.checkout-page').evaluate((el) => getComputedStyle(el).display)).toBe('flex');
    expect(await page.locator('.checkout-card').evaluate((el) => getComputedStyle(el).maxWidth)).toBe('560px');
    await context.close();
  });

  it('explains a checkout that cannot be paid instead of showing the form', async () => {
    const { context, page } = await signedIn(userToken);
    const missing = await page.goto('/checkout/TXN-DOES-NOT-EXIST');
    expect(missing?.status()).toBe(404);
    await page.getByText('Rental not found').waitFor();

    await page.goto(`/checkout/${rentals.booked.paymentId}`);
    await page.getByText('This bike has not been returned yet').waitFor();
    expect(await page.getByRole('button', { name: 'Pay Now' }).count()).toBe(0);

    await page.goto(`/checkout/${rentals.paidA.paymentId}`);
    await page.getByText('This rental is already paid').waitFor();
    await page.goto(`/checkout/${rentals.cancelled.paymentId}`);
    await page.getByRole('heading', { name: 'This booking was cancelled' }).waitFor();
    await context.close();
  });

  it('adds a 4.5-star review from Paid Rentals and drops the rental from the list', async () => {
    const { context, page } = await signedIn(userToken);
    await page.goto('/dashboard/myrentals');
    const cards = page.getByRole('article');
    // The already-reviewed rental is not offered again.
    await expect(cards.count()).resolves.toBe(2);
    const card = cards.filter({ hasText: bikes.trail.name });
    await card.getByText('Booking Date').waitFor();
    await card.getByText('Return Date').waitFor();
    await card.getByRole('button', { name: /Add Review/ }).and(page.locator(':enabled')).click();

    const dialog = page.getByRole('dialog', { name: `Add Review for ${bikes.trail.name}` });
    await dialog.waitFor();
    // The half star is a position inside the star: click it once the dialog's opening animation has finished.
    await animationsSettled(page);
    await dialog.getByRole('radio', { name: '5 stars' }).locator('.ant-rate-star-first').click();
    await dialog.getByText('4.5 out of 5').waitFor();
    await dialog.getByPlaceholder('Write your review here...').fill('Great bike for a long afternoon ride.');
    await dialog.getByRole('button', { name: 'Submit Review' }).click();
    await page.getByText('Review added successfully').waitFor();
    await dialog.waitFor({ state: 'hidden' });
    await expect(page.getByRole('article').count()).resolves.toBe(1);

    const mine = await api<{ rating: number; comment: string; bikeId: { name: string } }[]>('GET', 'reviews/getuserreviews', userToken);
    expect(mine.body.data).toContainEqual(expect.objectContaining({ rating: 4.5, comment: 'Great bike for a long afternoon ride.', bikeId: expect.objectContaining({ name: bikes.trail.name }) }));
    await context.close();
  });

  it.each([
    ['light', false],
    ['dark', true],
  ])('passes an axe WCAG 2.2 AA scan on every screen (%s)', async (mode, dark) => {
    const screens: { path: string; name: string; ready: (page: Page) => Promise<unknown>; open?: (page: Page) => Promise<unknown>; newcomer?: true }[] = [
      { path: '/dashboard/profile', name: 'profile', ready: (p) => p.getByRole('table').waitFor() },
      { path: '/dashboard/updateprofile', name: 'update-profile', ready: (p) => p.getByRole('button', { name: 'Save Changes' }).waitFor() },
      { path: '/dashboard/rentals', name: 'rentals-unpaid', ready: (p) => p.getByText('Booking fee pending').waitFor() },
      {
        path: '/dashboard/rentals',
        name: 'rentals-paid',
        ready: (p) => p.getByRole('tab', { name: 'Paid', exact: true }).and(p.locator('[aria-selected="true"]')).waitFor(),
        open: (p) => p.getByRole('tab', { name: 'Paid', exact: true }).click(),
      },
      { path: '/dashboard/myrentals', name: 'add-review', ready: (p) => p.getByRole('article').first().waitFor() },
      {
        path: '/dashboard/myrentals',
        name: 'add-review-modal',
        ready: (p) => p.getByRole('dialog').getByPlaceholder('Write your review here...').waitFor(),
        open: (p) => p.getByRole('button', { name: /Add Review/ }).first().and(p.locator(':enabled')).click(),
      },
      { path: `/checkout/${rentals.due.paymentId}`, name: 'checkout', ready: (p) => p.getByLabel('Bike Name').waitFor() },
      { path: `/checkout/${rentals.booked.paymentId}`, name: 'checkout-not-returned', ready: (p) => p.getByText('This bike has not been returned yet').waitFor() },
      { path: '/dashboard/profile', name: 'profile-empty', ready: (p) => p.getByText('No favorite bikes yet.').waitFor(), newcomer: true },
      { path: '/dashboard/rentals', name: 'rentals-empty', ready: (p) => p.getByText(/No unpaid rentals/).waitFor(), newcomer: true },
      { path: '/dashboard/myrentals', name: 'add-review-empty', ready: (p) => p.getByText(/No paid rentals waiting/).waitFor(), newcomer: true },
    ];
    for (const [phone, newcomer] of (SCREENSHOT_DIR ? [false, true] : [false]).flatMap((p) => [[p, false], [p, true]])) {
      const { context, page } = await signedIn(newcomer ? newcomerToken : userToken, { dark, phone });
      for (const screen of screens.filter((s) => Boolean(s.newcomer) === newcomer)) {
        await page.goto(screen.path);
        await hydrating(page);
        if (screen.open) await screen.open(page);
        await screen.ready(page);
        // Let antd's open/close transitions settle so contrast is measured on final colours.
        await animationsSettled(page);
        if (!phone) {
          const results = await new AxeBuilder({ page }).withTags(AXE_TAGS).analyze();
          const violations = results.violations.map((v) => ({
            screen: screen.name,
            id: v.id,
            nodes: v.nodes.slice(0, 5).map((n) => `${n.target.join(' ')}: ${n.any[0]?.message ?? n.failureSummary ?? ''}`),
          }));
          expect(violations).toEqual([]);
        }
        if (SCREENSHOT_DIR) {
          mkdirSync(SCREENSHOT_DIR, { recursive: true });
          await page.screenshot({ path: join(SCREENSHOT_DIR, `${screen.name}-${mode}-${phone ? 'phone' : 'desktop'}.png`), fullPage: true });
        }
      }
      await context.close();
    }
  });
});
