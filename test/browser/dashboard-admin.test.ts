import AxeBuilder from '@axe-core/playwright';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { launchBrowser, newContext, watchConsole } from '../support/browser.js';
import { ServerProcess, startServer } from '../support/server-process.js';

/**
 * The dashboard home (both roles) and the admin screens (Add Bike, All Bikes, Update Bike, Return Bikes, All
 * Users) against the built server. Data is set up through the API as a real client would: bikes by the admin,
 * bookings by users, booking fees and rental payments on the sandbox gateway's hosted page.
 */

const ADMIN = { email: 'ops@example.com', password: 'admin-pass-123' };
/** The operator admin's name, as the server creates the account. */
const ADMIN_NAME = 'Administrator';
const PASSWORD = 'rider-secret-1';
const RIDER = { name: 'Rafi Ahmed', email: 'rafi@example.com' };
const AXE_TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa'];
const ADMIN_ROUTES = ['/dashboard/addbike', '/dashboard/allbikes', '/dashboard/allusers', '/dashboard/updatebike/00000000-0000-4000-8000-000000000000', '/dashboard/returnbikes'];
const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
/** A string only the chart library's code contains: tells which scripts carry @ant-design/charts. */
const CHARTS_MARKER = 'BidirectionalBar';

interface BikeRef {
  _id: string;
  name: string;
  pricePerHour: number;
}

interface RentalRef {
  _id: string;
  paymentId: string;
  startTime: string;
}

type Who = { email: string; password: string };

describe('Admin dashboard and dashboard home in a browser', () => {
  let server: ServerProcess;
  let browser: Browser;
  let base: string;
  let adminToken: string;
  let riderToken: string;
  const bikes: BikeRef[] = [];
  /** The rental returned and paid during setup: it is on the cost chart. */
  let paidCost = 0;

  async function api<T>(method: string, path: string, token: string | null, body?: unknown): Promise<{ status: number; body: { data: T; message: string } }> {
    const res = await fetch(`${base}/api/${path}`, {
      method,
      headers: { 'content-type': 'application/json', ...(token ? { authorization: `Bearer ${token}` } : {}) },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    return { status: res.status, body: (await res.json()) as { data: T; message: string } };
  }

  async function login(who: Who): Promise<string> {
    const res = await fetch(`${base}/api/auth/login`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(who) });
    if (!res.ok) throw new Error(`login failed: ${res.status}`);
    return ((await res.json()) as { token: string }).token;
  }

  async function signup(name: string, email: string): Promise<string> {
    const res = await api('POST', 'auth/signup', null, { name, email, password: PASSWORD, phone: '+8801700000000', address: 'Road 1, Dhaka' });
    if (res.status !== 201) throw new Error(`signup: ${res.status} ${JSON.stringify(res.body)}`);
    return login({ email, password: PASSWORD });
  }

  async function createBike(name: string, brand: string, model: string, quantity: number, pricePerHour = 10): Promise<BikeRef> {
    const res = await api<BikeRef>('POST', 'bikes', adminToken, {
      name,
      description: `${name}: a dependable bike for the city and weekend trips.`,
      pricePerHour,
      cc: 150,
      year: 2024,
      model,
      brand,
      imgageurl: '/images/bikes/sport-blue.svg',
      quantity,
    });
    if (res.status !== 201) throw new Error(`bike: ${res.status} ${JSON.stringify(res.body)}`);
    return res.body.data;
  }

  /** The payer's choice on the sandbox gateway's hosted page: the page's own form post. */
  async function payOnHostedPage(paymentUrl: string): Promise<void> {
    const res = await fetch(new URL(new URL(paymentUrl).pathname, base), {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({ outcome: 'pay' }).toString(),
      redirect: 'manual',
    });
    if (res.status !== 303) throw new Error(`sandbox pay failed: ${res.status}`);
  }

  /** A booking whose fee is paid: status booked, listed on Return Bikes. */
  async function bookAndPayFee(token: string, bikeId: string, quantity = 1, startInMinutes = 10): Promise<RentalRef> {
    const startTime = new Date(Date.now() + startInMinutes * MINUTE).toISOString();
    const res = await api<{ rental: RentalRef; payment_url: string }>('POST', 'rentals', token, { bikeId, startTime, quantity });
    if (res.status !== 201) throw new Error(`booking: ${res.status} ${JSON.stringify(res.body)}`);
    await payOnHostedPage(res.body.data.payment_url);
    return res.body.data.rental;
  }

  async function signedInPage(who: Who | null, theme: 'light' | 'dark' = 'light', viewport?: { width: number; height: number }): Promise<{ context: BrowserContext; page: Page; problems: string[] }> {
    const context = await newContext(browser, base, viewport ? { viewport } : {});
    await context.addCookies([{ name: 'okb_theme', value: theme, url: base }]);
    if (who) {
      const res = await context.request.post(`${base}/api/auth/login`, { data: who, headers: { Origin: base } });
      expect(res.ok()).toBe(true);
    }
    const page = await context.newPage();
    const { problems } = watchConsole(page);
    return { context, page, problems };
  }

  const toast = (page: Page, text: string) => page.locator('.ant-message-notice').filter({ hasText: text });
  const hydrationProblems = (problems: string[]) => problems.filter((p) => /hydrat|did not match|Minified React error/i.test(p));
  const rider: Who = { email: RIDER.email, password: PASSWORD };

  beforeAll(async () => {
    [server, browser] = await Promise.all([
      startServer({ ADMIN_EMAIL: ADMIN.email, ADMIN_PASSWORD: ADMIN.password, LOGIN_RATE_LIMIT: '10000' }),
      launchBrowser(),
    ]);
    base = server.baseUrl;
    adminToken = await login(ADMIN);
    riderToken = await signup(RIDER.name, RIDER.email);
    bikes.push(
      await createBike('Yamaha R15 V4', 'Yamaha', 'R15', 4, 12.5),
      await createBike('Honda CB Hornet', 'Honda', 'Hornet', 3),
      await createBike('Royal Enfield Classic', 'Royal Enfield', 'Classic', 0, 15),
      await createBike('Suzuki Gixxer SF', 'Suzuki', 'Gixxer', 2, 11),
    );
    // One rental started 4 minutes ago, returned now (1 started hour: a return is never confirmed ahead of the clock)
    // and paid in full: on the chart and in Total Earn.
    const rental = await bookAndPayFee(riderToken, bikes[3]!._id, 1, -4);
    const returnTime = new Date().toISOString();
    const returned = await api<{ totalCost: number; paymentId: string }>('PUT', `rentals/${rental._id}/return?returntime=${encodeURIComponent(returnTime)}`, adminToken);
    expect(returned.status).toBe(200);
    paidCost = returned.body.data.totalCost;
    expect(paidCost).toBe(11);
    const pay = await api<{ payment_url: string }>('POST', 'rentals/fullpayment', riderToken, { paymentId: returned.body.data.paymentId, totalCost: paidCost });
    expect(pay.status).toBe(200);
    await payOnHostedPage(pay.body.data.payment_url);
  });

  afterAll(async () => {
    await browser?.close();
    await server?.stop();
  });

  describe('guards', () => {
    it('sends signed-out visitors to /login from the dashboard and every admin route', async () => {
      const { context, page } = await signedInPage(null);
      for (const route of ['/dashboard', ...ADMIN_ROUTES]) {
        await page.goto(route);
        expect(new URL(page.url()).pathname).toBe('/login');
      }
      await context.close();
    });

    it('sends a signed-in user (role user) to /login from every admin route', async () => {
      const { context, page } = await signedInPage(rider);
      for (const route of ADMIN_ROUTES) {
        const res = await page.goto(route);
        expect(new URL(page.url()).pathname).toBe('/login');
        expect(res?.ok()).toBe(true);
      }
      await context.close();
    });
  });

  describe('dashboard home', () => {
    it('greets the admin with the rental summary, charts, signups and the newest users', async () => {
      const { context, page, problems } = await signedInPage(ADMIN);
      const scripts: string[] = [];
      page.on('response', async (res) => {
        if (res.url().endsWith('.js')) scripts.push(await res.text().catch(() => ''));
      });
      await page.goto('/dashboard');
      // The operator admin was created when this server started: a new account, not greeted 'back'.
      await expect(page.getByRole('heading', { level: 1 }).textContent()).resolves.toBe(`Welcome, ${ADMIN_NAME}!`);
      await page.getByText('Navigaate through the sidebar to access different features').waitFor();
      await page.getByText('You are an admin').waitFor();
      expect(await page.getByRole('link', { name: 'Edit Profile' }).getAttribute('href')).toBe('/dashboard/updateprofile');

      await page.getByRole('heading', { name: 'Bike Rental Summary' }).waitFor();
      const stat = (title: string) => page.locator('.ant-statistic').filter({ hasText: title }).locator('.ant-statistic-content');
      await expect(stat('Total Rented').textContent()).resolves.toBe('1');
      await expect(stat('Total Earn').textContent()).resolves.toBe('$11.00');
      // 4 + 3 + 0 + 2 units in stock, and the returned unit is back.
      await expect(stat('Total Bikes').textContent()).resolves.toBe('9');

      await page.getByRole('button', { name: 'What Total Earn counts' }).hover();
      await page.getByRole('tooltip').filter({ hasText: 'Money actually paid' }).waitFor();

      // The charts are plain markup, drawn with the page (no charting library, no canvas).
      const costChart = page.locator('.dashboard-chart-card').filter({ hasText: 'Cost per Rental' });
      await costChart.locator('.okb-hbar').first().waitFor();
      expect(await page.locator('.dashboard-chart-card .okb-col').count()).toBeGreaterThanOrEqual(1);
      expect(scripts.some((s) => s.includes(CHARTS_MARKER))).toBe(false);
      await page.getByRole('cell', { name: 'Earn: $11.00' }).waitFor({ state: 'attached' });
      await page.getByRole('cell', { name: RIDER.email }).first().waitFor({ state: 'attached' });

      // A horizontal bar per rental, named and labelled with its amount; its tooltip: 'Earn: $' + amount and the renter's email.
      const bar = costChart.locator('.okb-hbar').filter({ hasText: 'Suzuki Gixxer SF' });
      expect(await bar.textContent()).toContain('$11.00');
      await bar.locator('.okb-hbar-fill').hover();
      const tip = page.getByRole('tooltip').filter({ hasText: 'Earn: $11.00' });
      await tip.waitFor();
      expect(await tip.textContent()).toContain(RIDER.email);

      await page.getByRole('heading', { name: 'New User Signups' }).waitFor();
      await page.getByRole('button', { name: 'Show Past Week' }).click();
      await page.getByRole('button', { name: 'Show All Time' }).waitFor();
      await page.getByText('Past week, new users per day.').waitFor();
      await page.getByRole('button', { name: 'Show All Time' }).click();
      await page.getByRole('button', { name: 'Show Past Week' }).waitFor();

      const newUsers = page.locator('.ant-card').filter({ has: page.getByRole('heading', { name: 'New Users List' }) });
      for (const header of ['Name', 'Email', 'Joined On']) await newUsers.getByRole('columnheader', { name: header }).waitFor();
      await newUsers.getByRole('cell', { name: RIDER.email }).waitFor();

      expect(hydrationProblems(problems)).toEqual([]);
      await context.close();
    });

    it('draws the charts in the server HTML and never ships a charting library', async () => {
      const cookie = `okb_token=${adminToken}`;
      const html = await (await fetch(`${base}/dashboard`, { headers: { cookie } })).text();
      expect(html).toContain('Bike Rental Summary');
      // The first chart is there before any script runs: nothing to wait for after the menu click but the data.
      expect(html).toContain('okb-hbar');
      expect(html).toContain('okb-col-chart');
      expect(html).not.toContain('<canvas');

      const { context, page } = await signedInPage(null);
      const scripts: string[] = [];
      page.on('response', async (res) => {
        if (res.url().endsWith('.js')) scripts.push(await res.text().catch(() => ''));
      });
      for (const path of ['/', '/allbikes', '/login']) {
        await page.goto(path);
        await page.waitForLoadState('networkidle');
      }
      const adminPage = await signedInPage(ADMIN);
      adminPage.page.on('response', async (res) => {
        if (res.url().endsWith('.js')) scripts.push(await res.text().catch(() => ''));
      });
      await adminPage.page.goto('/dashboard');
      await adminPage.page.waitForLoadState('networkidle');
      await adminPage.context.close();
      expect(scripts.length).toBeGreaterThan(0);
      expect(scripts.filter((s) => s.includes(CHARTS_MARKER))).toEqual([]);
      await context.close();
    });

    it("shows 'Error loading data.' when the summary fails, and loads it on retry", async () => {
      const { context, page } = await signedInPage(ADMIN);
      await page.goto('/dashboard/addbike');
      await page.route('**/api/dashboard/summary', (route) =>
        route.fulfill({ status: 403, json: { success: false, message: 'Forbidden', code: 'FORBIDDEN' } }),
      );
      await page.getByRole('navigation', { name: 'Dashboard' }).getByRole('link', { name: 'Dashboard' }).click();
      await page.getByText('Error loading data.').waitFor();
      await page.unroute('**/api/dashboard/summary');
      await page.getByRole('button', { name: 'Retry' }).click();
      await page.getByRole('heading', { name: 'Bike Rental Summary' }).waitFor();
      await page.locator('.ant-statistic').filter({ hasText: 'Total Earn' }).waitFor();
      await context.close();
    });

    it("shows a user's favourite rides with their details, and removes one", async () => {
      const newcomerToken = await signup('Mina Sultana', 'mina@example.com');
      const { context, page, problems } = await signedInPage({ email: 'mina@example.com', password: PASSWORD });
      await page.goto('/dashboard');
      await page.getByRole('heading', { name: 'Welcome, Mina Sultana!' }).waitFor();
      await page.getByText('You are a user').waitFor();
      await page.getByRole('heading', { name: 'Our Favorite Rides' }).waitFor();
      expect(await page.getByRole('link', { name: 'Browse bikes' }).getAttribute('href')).toBe('/allbikes');
      expect(await page.getByText('Bike Rental Summary').count()).toBe(0);

      for (const bike of [bikes[0]!, bikes[2]!]) expect((await api('POST', 'favourite', newcomerToken, { bikeId: bike._id })).status).toBe(201);
      await page.reload();
      const card = (name: string) => page.getByRole('listitem').filter({ has: page.getByRole('heading', { name }) });
      const yamaha = card('Yamaha R15 V4');
      await yamaha.getByText('Available', { exact: true }).waitFor();
      await card('Royal Enfield Classic').getByText('Unavailable', { exact: true }).waitFor();
      // Spec section 9: favourites cut descriptions at 20 characters.
      await yamaha.getByText('Yamaha R15 V4: a dep...', { exact: true }).waitFor();
      // Brand and model apart (a combined 'Yamaha R15' repeated the bike's name).
      await yamaha.getByText('Yamaha', { exact: true }).waitFor();
      await yamaha.getByText('R15', { exact: true }).waitFor();
      await yamaha.getByText('2024').waitFor();
      await yamaha.getByText('150', { exact: true }).waitFor();
      await yamaha.getByText('$12.50/hour').waitFor();
      expect(await yamaha.getByRole('link', { name: /View Details/ }).getAttribute('href')).toBe(`/bike/${bikes[0]!._id}`);

      await yamaha.getByRole('button', { name: /Remove/ }).click();
      await toast(page, 'Bike removed from favorites').waitFor();
      await yamaha.waitFor({ state: 'detached' });
      await card('Royal Enfield Classic').getByRole('button', { name: /Remove/ }).click();
      await page.getByRole('link', { name: 'Browse bikes' }).waitFor();
      expect(hydrationProblems(problems)).toEqual([]);
      await context.close();
    });

    it('shows three skeletons while the favourites load', async () => {
      const { context, page } = await signedInPage(rider);
      await page.goto('/about');
      // The loader's request fails (the screen loads without it), the screen's own request is held: its loading state shows.
      let calls = 0;
      let release!: () => void;
      const held = new Promise<void>((resolve) => (release = resolve));
      await page.route('**/api/favourite', async (route) => {
        calls += 1;
        if (calls === 1) return route.fulfill({ status: 403, json: { success: false, message: 'Forbidden', code: 'FORBIDDEN' } });
        await held;
        return route.continue();
      });
      await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Dashboard' }).click();
      const loading = page.getByRole('list', { name: 'Loading your favorite rides' });
      await loading.waitFor();
      expect(await loading.locator(':scope > li').count()).toBe(3);
      release();
      await page.getByRole('link', { name: 'Browse bikes' }).waitFor();
      await context.close();
    });
  });

  describe('Add a New Bike', () => {
    it('validates, adds the bike with numbers as numbers, and resets the form', async () => {
      const { context, page, problems } = await signedInPage(ADMIN);
      await page.goto('/dashboard/addbike');
      await page.getByRole('heading', { level: 1, name: 'Add a New Bike' }).waitFor();
      expect(await page.getByLabel('Year', { exact: true }).inputValue()).toBe(String(new Date().getFullYear()));
      expect(await page.getByLabel('Quantity', { exact: true }).inputValue()).toBe('0');
      expect(await page.getByLabel('Price Per Hour', { exact: true }).inputValue()).toBe('0.00');
      expect(await page.getByRole('switch', { name: 'Available' }).getAttribute('aria-checked')).toBe('true');

      await page.getByRole('button', { name: 'Add Bike' }).click();
      for (const message of ['Please enter the bike name', 'Please enter the brand', 'Please enter the model', 'Please enter the engine displacement', 'Please enter the image url', 'Please enter the description']) {
        await page.getByText(message).waitFor();
      }

      let sent: Record<string, unknown> | null = null;
      page.on('request', (req) => {
        if (req.method() === 'POST' && req.url().endsWith('/api/bikes')) sent = req.postDataJSON() as Record<string, unknown>;
      });
      await page.getByLabel('Name', { exact: true }).fill('Kawasaki Ninja 400');
      await page.getByLabel('Brand', { exact: true }).fill('Kawasaki');
      await page.getByLabel('Model', { exact: true }).fill('Ninja');
      await page.getByLabel('CC', { exact: true }).fill('399');
      await page.getByLabel('Price Per Hour', { exact: true }).fill('18.5');
      await page.getByLabel('Quantity', { exact: true }).fill('2');
      await page.getByLabel('Image url', { exact: true }).fill('/images/bikes/sport-green.svg');
      await page.getByLabel('Description', { exact: true }).fill('Twin-cylinder sport bike for longer rides.');
      await page.getByRole('img', { name: 'Preview of the bike image' }).waitFor();
      expect(await page.getByRole('img', { name: 'Preview of the bike image' }).getAttribute('src')).toBe('/images/bikes/sport-green.svg');
      await page.getByRole('button', { name: 'Add Bike' }).click();
      await toast(page, 'Bike Added Successfully').waitFor();
      expect(sent).toMatchObject({ name: 'Kawasaki Ninja 400', cc: 399, pricePerHour: 18.5, quantity: 2, year: new Date().getFullYear(), isAvailable: true });
      expect(await page.getByLabel('Name', { exact: true }).inputValue()).toBe('');
      expect(await page.getByLabel('Quantity', { exact: true }).inputValue()).toBe('0');

      const list = await api<{ bikes: { name: string; cc: number }[] }>('GET', 'bikes?searchTerm=Ninja', null);
      expect(list.body.data.bikes).toEqual([expect.objectContaining({ name: 'Kawasaki Ninja 400', cc: 399 })]);
      expect(hydrationProblems(problems)).toEqual([]);
      await context.close();
    });

    it("says 'Please fill all the fields' on a 400 and 'Failed to add bike' otherwise", async () => {
      const { context, page } = await signedInPage(ADMIN);
      await page.goto('/dashboard/addbike');
      await page.getByLabel('Name', { exact: true }).fill('Test Bike');
      await page.getByLabel('Brand', { exact: true }).fill('Test');
      await page.getByLabel('Model', { exact: true }).fill('T1');
      await page.getByLabel('CC', { exact: true }).fill('100');
      await page.getByLabel('Image url', { exact: true }).fill('/images/bikes/sport-red.svg');
      await page.getByLabel('Description', { exact: true }).fill('A test bike.');

      await page.route('**/api/bikes', (route) =>
        route.fulfill({
          status: 400,
          json: { success: false, message: 'Please fill all the fields', code: 'VALIDATION_FAILED', errors: [{ path: 'name', message: 'name is required' }] },
        }),
      );
      await page.getByRole('button', { name: 'Add Bike' }).click();
      await toast(page, 'Please fill all the fields').waitFor();
      await page.getByText('name is required').waitFor();

      await page.unroute('**/api/bikes');
      await page.route('**/api/bikes', (route) => route.fulfill({ status: 500, json: { success: false, message: 'Internal server error', code: 'INTERNAL' } }));
      await page.getByLabel('Name', { exact: true }).fill('Test Bike 2');
      await page.getByRole('button', { name: 'Add Bike' }).click();
      await toast(page, 'Failed to add bike').waitFor();
      await context.close();
    });
  });

  describe('All Bikes', () => {
    it('pages by three on the server, filters the page on the client, and links to Update', async () => {
      const { context, page, problems } = await signedInPage(ADMIN);
      const total = (await api<{ totalCount: number }>('GET', 'bikes?limit=3', null)).body.data.totalCount;
      const pages = Math.ceil(total / 3);
      await page.goto('/dashboard/allbikes');
      await page.getByRole('heading', { level: 1, name: 'All Bikes' }).waitFor();
      for (const header of ['Image', 'Name', 'Brand', 'Model', 'Year', 'CC', 'Price', 'Quantity', 'Availability', 'Actions']) {
        await page.getByRole('columnheader', { name: header, exact: true }).waitFor();
      }
      const rows = page.locator('.ant-table-tbody tr.ant-table-row');
      expect(await rows.count()).toBe(3);
      const yamaha = page.getByRole('row', { name: /Yamaha R15 V4/ });
      await yamaha.getByText('$12.50').waitFor();
      await yamaha.getByText('Available', { exact: true }).waitFor();
      await page.getByRole('row', { name: /Royal Enfield Classic/ }).getByText('Unavailable', { exact: true }).waitFor();
      expect(await yamaha.getByRole('link', { name: /Update/ }).getAttribute('href')).toBe(`/dashboard/updatebike/${bikes[0]!._id}`);

      const previous = page.getByRole('button', { name: 'Previous' });
      const next = page.getByRole('button', { name: 'Next' });
      expect(await previous.isDisabled()).toBe(true);
      await page.getByText(`Page 1 of ${pages}`).waitFor();

      // Filters: case-insensitive substrings of brand and model, availability by quantity.
      await page.getByLabel('Brand', { exact: true }).fill('yAmAhA');
      expect(await rows.count()).toBe(1);
      await page.getByLabel('Brand', { exact: true }).fill('');
      await page.getByLabel('Model', { exact: true }).fill('hor');
      await page.getByRole('row', { name: /Honda CB Hornet/ }).waitFor();
      expect(await rows.count()).toBe(1);
      await page.getByLabel('Model', { exact: true }).fill('');
      await page.getByLabel('Availability', { exact: true }).click();
      await page.locator('.ant-select-item-option').filter({ hasText: 'Unavailable' }).click();
      expect(await rows.count()).toBe(1);
      await page.getByRole('row', { name: /Royal Enfield Classic/ }).waitFor();
      await page.getByLabel('Brand', { exact: true }).fill('no such brand');
      await page.getByText('No Bikes Found').waitFor();
      await page.getByRole('button', { name: 'Clear filters' }).click();
      expect(await rows.count()).toBe(3);

      await next.click();
      await page.waitForURL('**/dashboard/allbikes?page=2');
      await page.getByText(`Page 2 of ${pages}`).waitFor();
      await page.getByRole('row', { name: /Suzuki Gixxer SF/ }).waitFor();
      expect(await previous.isDisabled()).toBe(false);
      if (pages === 2) expect(await next.isDisabled()).toBe(true);
      await previous.click();
      await page.getByRole('row', { name: /Yamaha R15 V4/ }).waitFor();

      // A server-rendered later page.
      await page.goto('/dashboard/allbikes?page=2');
      await page.getByRole('row', { name: /Suzuki Gixxer SF/ }).waitFor();
      expect(hydrationProblems(problems)).toEqual([]);
      await context.close();
    });

    it('deletes a bike after the Confirm Deletion dialog, and shows the server message for a bike out on a rental', async () => {
      const spare = await createBike('Spare Scooter', 'Vespa', 'Primavera', 1);
      const busy = await createBike('Busy Bike', 'Bajaj', 'Pulsar', 2);
      await bookAndPayFee(riderToken, busy._id);
      const { context, page } = await signedInPage(ADMIN);
      const pageOf = async (name: string) => {
        const all = (await api<{ bikes: { name: string }[] }>('GET', 'bikes?limit=100', null)).body.data.bikes;
        return Math.floor(all.findIndex((b) => b.name === name) / 3) + 1;
      };
      await page.goto(`/dashboard/allbikes?page=${await pageOf('Spare Scooter')}`);

      const spareRow = page.getByRole('row', { name: /Spare Scooter/ });
      await spareRow.getByRole('button', { name: /Delete/ }).click();
      const dialog = page.getByRole('dialog', { name: 'Confirm Deletion' });
      await dialog.getByText('Spare Scooter').waitFor();
      await dialog.getByRole('button', { name: 'Cancel' }).click();
      await dialog.waitFor({ state: 'hidden' });
      await spareRow.getByRole('button', { name: /Delete/ }).click();
      await dialog.getByRole('button', { name: 'Delete' }).click();
      await toast(page, 'Bike Deleted Successfully').waitFor();
      await spareRow.waitFor({ state: 'detached' });
      expect((await api('GET', `bikes/${spare._id}`, null)).status).toBe(404);

      await page.goto(`/dashboard/allbikes?page=${await pageOf('Busy Bike')}`);
      await page.getByRole('row', { name: /Busy Bike/ }).getByRole('button', { name: /Delete/ }).click();
      await dialog.getByRole('button', { name: 'Delete' }).click();
      const conflict = await api('DELETE', `bikes/${busy._id}`, adminToken);
      expect(conflict.status).toBe(409);
      await toast(page, conflict.body.message).waitFor();
      await page.getByRole('row', { name: /Busy Bike/ }).waitFor();
      await context.close();
    });
  });

  describe('Update Bike', () => {
    it('loads the bike before rendering, saves it, and keeps the spec wording of the toast', async () => {
      const bike = await createBike('Update Me', 'Hero', 'Splendor', 5, 7);
      const { context, page, problems } = await signedInPage(ADMIN);
      const res = await page.goto(`/dashboard/updatebike/${bike._id}`);
      expect(res?.status()).toBe(200);
      await page.getByRole('heading', { level: 1, name: 'Update Bike' }).waitFor();
      const expected: Record<string, string> = {
        Name: 'Update Me',
        Description: 'Update Me: a dependable bike for the city and weekend trips.',
        'Price Per Hour': '7.00',
        CC: '150',
        Year: '2024',
        Model: 'Splendor',
        Brand: 'Hero',
        'Image url': '/images/bikes/sport-blue.svg',
        Quantity: '5',
      };
      for (const [label, value] of Object.entries(expected)) expect(await page.getByLabel(label, { exact: true }).inputValue()).toBe(value);
      for (const label of ['Price Per Hour', 'CC', 'Year', 'Quantity']) await page.getByRole('spinbutton', { name: label }).waitFor();

      await page.getByLabel('Price Per Hour', { exact: true }).fill('9.25');
      await page.getByLabel('Quantity', { exact: true }).fill('6');
      await page.getByRole('button', { name: 'Update', exact: true }).click();
      await toast(page, 'Bike Added Successfully').waitFor();
      const saved = await api<{ pricePerHour: number; quantity: number }>('GET', `bikes/${bike._id}`, null);
      expect(saved.body.data).toMatchObject({ pricePerHour: 9.25, quantity: 6 });

      await page.getByLabel('Name', { exact: true }).fill('');
      // The button shows its loading state (accessible name 'loading Update') until the saved bike's queries have
      // been refetched, which takes longer on a busy machine; click it once it is ready again.
      await page.getByRole('button', { name: /^(loading )?Update$/ }).click({ timeout: 60_000 });
      await page.getByText('Please enter the bike name').waitFor();
      expect(hydrationProblems(problems)).toEqual([]);
      await context.close();
    });

    it('logs a failed update and shows the server field errors', async () => {
      const bike = await createBike('Update Fails', 'Hero', 'Glamour', 1);
      const { context, page, problems } = await signedInPage(ADMIN);
      await page.goto(`/dashboard/updatebike/${bike._id}`);
      await page.route(`**/api/bikes/${bike._id}`, (route) =>
        route.request().method() === 'PUT'
          ? route.fulfill({
              status: 400,
              json: { success: false, message: 'Please fill all the fields', code: 'VALIDATION_FAILED', errors: [{ path: 'imgageurl', message: 'imgageurl must be an http(s) URL or a path starting with /' }] },
            })
          : route.continue(),
      );
      await page.getByRole('button', { name: 'Update', exact: true }).click();
      await page.getByText('imgageurl must be an http(s) URL or a path starting with /').waitFor();
      expect(problems.some((p) => p.startsWith('error: Updating the bike failed'))).toBe(true);
      expect(await toast(page, 'Bike Added Successfully').count()).toBe(0);
      await context.close();
    });

    it('answers an unknown bike with the 404 page', async () => {
      const { context, page } = await signedInPage(ADMIN);
      const res = await page.goto('/dashboard/updatebike/00000000-0000-4000-8000-000000000000');
      expect(res?.status()).toBe(404);
      await page.getByText("Oops! The page you're looking for doesn't exist.").waitFor();
      await context.close();
    });
  });

  describe('Return Bikes', () => {
    it('lists booked rentals only, validates the return time, and returns the bike', async () => {
      const { context, page, problems } = await signedInPage(ADMIN);
      // Bookings of earlier tests are still out: bring them back first, so the screen starts empty.
      const all = (await api<{ _id: string; status: string; startTime: string }[]>('GET', 'rentals/allrentalbike', adminToken)).body.data;
      for (const open of all.filter((r) => r.status === 'booked')) {
        // Under way: returned now; not started yet (a return is never ahead of the clock): cancelled by its rider.
        if (Date.parse(open.startTime) < Date.now()) {
          expect((await api('PUT', `rentals/${open._id}/return?returntime=${encodeURIComponent(new Date().toISOString())}`, adminToken)).status).toBe(200);
        } else expect((await api('POST', `rentals/${open._id}/cancel`, riderToken)).status).toBe(200);
      }
      await page.goto('/dashboard/returnbikes');
      await page.getByRole('heading', { level: 1, name: 'Return Bikes' }).waitFor();
      for (const header of ['Bike Name', 'Rented By', 'Start Time', 'Actions']) await page.getByRole('columnheader', { name: header }).waitFor();
      await page.getByText('No Rentals Found').waitFor();

      // Started 4 minutes ago: a return is confirmed at most at the clock's time.
      const rental = await bookAndPayFee(riderToken, bikes[0]!._id, 2, -4);
      await page.reload();
      const row = page.getByRole('row', { name: /Yamaha R15 V4/ });
      await row.getByText(RIDER.name).waitFor();
      await row.getByRole('button', { name: /Calculate & Return/ }).click();
      const dialog = page.getByRole('dialog', { name: 'Confirm Return for Yamaha R15 V4' });
      await dialog.waitFor();
      const input = dialog.getByLabel('Return time');
      expect(await input.getAttribute('type')).toBe('datetime-local');

      const returnCalls: string[] = [];
      page.on('request', (req) => {
        if (req.url().includes('/return?')) returnCalls.push(req.url());
      });
      const localValue = (offsetMs: number) =>
        page.evaluate((at) => {
          const d = new Date(at);
          const pad = (n: number) => String(n).padStart(2, '0');
          return `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())}T${pad(d.getHours())}:${pad(d.getMinutes())}`;
        }, new Date(rental.startTime).getTime() + offsetMs);

      await input.fill('');
      await dialog.getByRole('button', { name: 'Confirm Return' }).click();
      await toast(page, 'Return time must be after the start time').waitFor();
      await input.fill(await localValue(-HOUR));
      await dialog.getByRole('button', { name: 'Confirm Return' }).click();
      await dialog.getByText('Return time must be after the start time').waitFor();
      expect(returnCalls).toEqual([]);

      // An error answer, then no answer at all.
      await input.fill(await localValue(2 * HOUR));
      await page.route('**/api/rentals/*/return*', (route) => route.fulfill({ status: 409, json: { success: false, message: 'Bike is already returned', code: 'CONFLICT' } }));
      await dialog.getByRole('button', { name: 'Confirm Return' }).click();
      await toast(page, 'Error in returning bike').waitFor();
      await page.unroute('**/api/rentals/*/return*');
      await page.route('**/api/rentals/*/return*', (route) => route.abort('connectionfailed'));
      await dialog.getByRole('button', { name: 'Confirm Return' }).click();
      await toast(page, 'An unexpected error occurred').waitFor();
      await page.unroute('**/api/rentals/*/return*');

      await dialog.getByRole('button', { name: 'Cancel' }).click();
      await dialog.waitFor({ state: 'hidden' });
      await row.getByRole('button', { name: /Calculate & Return/ }).click();
      // Now (the minute, so never ahead of the clock): 1 started hour x $12.50 x 2 units, priced by the server.
      await input.fill(await localValue(Date.now() - new Date(rental.startTime).getTime()));
      await dialog.getByText(`Cost: $${(12.5 * 2).toFixed(2)}; due after the return: $25.00`).waitFor();
      await dialog.getByRole('button', { name: 'Confirm Return' }).click();
      await toast(page, 'Bike returned successfully').waitFor();
      await page.getByText('No Rentals Found').waitFor();
      const after = (await api<{ _id: string; status: string; totalCost: number }[]>('GET', 'rentals/allrentalbike', adminToken)).body.data.find((r) => r._id === rental._id);
      expect(after).toMatchObject({ status: 'returned', totalCost: 25 });
      expect(hydrationProblems(problems)).toEqual([]);
      await context.close();
    });
  });

  describe('All Users', () => {
    it('lists accounts three a page and promotes a user', async () => {
      await signup('Promote Me', 'promote@example.com');
      const { context, page, problems } = await signedInPage(ADMIN);
      const total = (await api<{ totalUsers: number }>('GET', 'users/allusers?limit=3', adminToken)).body.data.totalUsers;
      const pages = Math.ceil(total / 3);
      await page.goto('/dashboard/allusers');
      await page.getByRole('heading', { level: 1, name: 'All Users' }).waitFor();
      for (const header of ['Name', 'Email', 'Role', 'Actions']) await page.getByRole('columnheader', { name: header }).waitFor();
      const rows = page.locator('.ant-table-tbody tr.ant-table-row');
      expect(await rows.count()).toBe(3);
      expect(await page.getByRole('button', { name: 'Previous' }).isDisabled()).toBe(true);
      await page.getByText(`Page 1 of ${pages}`).waitFor();

      const row = page.getByRole('row', { name: /Promote Me/ });
      await row.getByRole('button', { name: /^Promote/ }).click();
      await page.locator('.ant-popconfirm').getByRole('button', { name: 'Promote' }).click();
      await toast(page, 'User Promoted Successfully').waitFor();
      await row.getByText('admin', { exact: true }).waitFor();
      expect(await row.getByRole('button', { name: /^Promote/ }).count()).toBe(0);

      await page.route('**/api/users/*/role', (route) => route.fulfill({ status: 500, json: { success: false, message: 'Internal server error', code: 'INTERNAL' } }));
      const other = page.getByRole('row', { name: /Mina Sultana/ });
      await other.getByRole('button', { name: /^Promote/ }).click();
      await page.locator('.ant-popconfirm').getByRole('button', { name: 'Promote' }).click();
      await toast(page, 'Error Promoting User').waitFor();
      await page.unroute('**/api/users/*/role');

      await page.getByRole('button', { name: 'Next' }).click();
      await page.waitForURL('**/dashboard/allusers?page=2');
      await page.getByText(`Page 2 of ${pages}`).waitFor();
      // The operator admin is the oldest account: on the last page, without Promote and without Delete.
      await page.goto(`/dashboard/allusers?page=${pages}`);
      const self = page.getByRole('row', { name: new RegExp(ADMIN.email) });
      await self.getByText('You', { exact: true }).waitFor();
      expect(await self.getByRole('button', { name: /^Promote/ }).count()).toBe(0);
      expect(await self.getByRole('button', { name: 'Delete' }).isDisabled()).toBe(true);
      expect(await page.getByRole('button', { name: 'Next' }).isDisabled()).toBe(true);
      expect(hydrationProblems(problems)).toEqual([]);
      await context.close();
    });

    it("deletes a user ('Deleting...' while in progress) and reports a refused delete", async () => {
      await signup('Delete Me', 'delete@example.com');
      const busyToken = await signup('Busy Rider', 'busy@example.com');
      await bookAndPayFee(busyToken, bikes[1]!._id);
      const { context, page } = await signedInPage(ADMIN);
      await page.goto('/dashboard/allusers');

      let release!: () => void;
      const held = new Promise<void>((resolve) => (release = resolve));
      await page.route('**/api/users/*', async (route) => {
        if (route.request().method() === 'DELETE') await held;
        await route.continue();
      });
      const row = page.getByRole('row', { name: /Delete Me/ });
      await row.getByRole('button', { name: /^Delete/ }).click();
      await page.locator('.ant-popconfirm').getByRole('button', { name: 'Delete' }).click();
      await row.getByRole('button', { name: 'Deleting...' }).waitFor();
      release();
      await toast(page, 'User Deleted Successfully').waitFor();
      await page.unroute('**/api/users/*');
      await page.getByRole('row', { name: /Delete Me/ }).waitFor({ state: 'detached' });

      const busy = page.getByRole('row', { name: /Busy Rider/ });
      await busy.getByRole('button', { name: /^Delete/ }).click();
      await page.locator('.ant-popconfirm').getByRole('button', { name: 'Delete' }).click();
      await toast(page, 'Error Deleting User').waitFor();
      await busy.waitFor();
      await context.close();
    });

    it("shows 'No Users Found' for an empty page", async () => {
      const { context, page } = await signedInPage(ADMIN);
      await page.goto('/dashboard/allusers');
      await page.route('**/api/users/allusers*', (route) =>
        route.fulfill({ status: 200, json: { success: true, message: 'Users retrieved successfully', data: { users: [], currentPage: 2, totalPages: 2, totalUsers: 0 } } }),
      );
      await page.getByRole('button', { name: 'Next' }).click();
      await page.getByText('No Users Found').waitFor();
      await context.close();
    });
  });

  describe('accessibility (axe, WCAG 2.2 AA)', () => {
    const screens: { name: string; who: 'admin' | 'user'; path: () => string; ready: (page: Page) => Promise<void> }[] = [
      { name: 'admin dashboard home', who: 'admin', path: () => '/dashboard', ready: (p) => p.locator('.dashboard-chart-card .okb-hbar').first().waitFor() },
      { name: 'user dashboard home', who: 'user', path: () => '/dashboard', ready: (p) => p.getByRole('heading', { name: 'Our Favorite Rides' }).waitFor() },
      { name: 'Add Bike', who: 'admin', path: () => '/dashboard/addbike', ready: (p) => p.getByLabel('Name').waitFor() },
      { name: 'All Bikes', who: 'admin', path: () => '/dashboard/allbikes', ready: (p) => p.getByRole('row', { name: /Yamaha/ }).waitFor() },
      { name: 'Update Bike', who: 'admin', path: () => `/dashboard/updatebike/${bikes[0]!._id}`, ready: (p) => p.getByLabel('Name').waitFor() },
      { name: 'Return Bikes', who: 'admin', path: () => '/dashboard/returnbikes', ready: (p) => p.getByRole('columnheader', { name: 'Bike Name' }).waitFor() },
      { name: 'All Users', who: 'admin', path: () => '/dashboard/allusers', ready: (p) => p.getByRole('columnheader', { name: 'Email' }).waitFor() },
    ];

    for (const theme of ['light', 'dark'] as const) {
      it(`has no violations on the dashboard home and admin screens (${theme})`, async () => {
        const violations: string[] = [];
        for (const who of ['admin', 'user'] as const) {
          const { context, page } = await signedInPage(who === 'admin' ? ADMIN : rider, theme);
          for (const screen of screens.filter((s) => s.who === who)) {
            await page.goto(screen.path());
            await screen.ready(page);
            await page.waitForLoadState('networkidle');
            const result = await new AxeBuilder({ page }).withTags(AXE_TAGS).analyze();
            for (const v of result.violations) violations.push(`${screen.name}: ${v.id} ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`);
          }
          await context.close();
        }
        expect(violations).toEqual([]);
      });
    }
  });
});
