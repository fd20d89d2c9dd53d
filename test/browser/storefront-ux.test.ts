import AxeBuilder from '@axe-core/playwright';
import { jest } from '@jest/globals';
import type { Browser, BrowserContext, Page, Route } from 'playwright-core';
import { animationsSettled, launchBrowser, newContext, waitForApp } from '../support/browser.js';
import { ServerProcess, startServer } from '../support/server-process.js';

/**
 * Issue 14 (a storefront people trust with money), against a server with the demo catalogue (149 bikes, 40+
 * users, rentals in every state): search paging, the admin filters over the whole fleet, tables as cards on
 * phones, the cost chart, navigation feedback, focus, toasts, signup wording, cards and the dashboard's speed.
 */

const DEMO_ADMIN = { email: 'admin@okaybike.demo', password: 'admin12345' };
const DEMO_USER = { email: 'user@okaybike.demo', password: 'user12345' };
const PHONE = { width: 390, height: 844 };

/** A request held until the test lets it go: shows what the page does while data is on its way. */
function gate(): { hold: (route: Route) => Promise<void>; release: () => void } {
  let open: () => void = () => undefined;
  const opened = new Promise<void>((resolve) => (open = resolve));
  return {
    hold: async (route) => {
      await opened;
      await route.continue();
    },
    release: () => open(),
  };
}

jest.setTimeout(120_000);

describe('Storefront and dashboard polish (issue 14) in a browser', () => {
  let server: ServerProcess;
  let browser: Browser;
  let base: string;

  beforeAll(async () => {
    [server, browser] = await Promise.all([startServer({ DEMO_MODE: 'true', LOGIN_RATE_LIMIT: '10000' }, { timeoutMs: 200_000 }), launchBrowser()]);
    base = server.baseUrl;
    // Seeding the demo catalogue takes a while on a busy machine.
  }, 240_000);

  afterAll(async () => {
    await browser?.close();
    await server?.stop();
  });

  async function open(who: { email: string; password: string } | null, viewport?: { width: number; height: number }, dark = false): Promise<{ context: BrowserContext; page: Page }> {
    const context = await newContext(browser, base, viewport ? { viewport } : {});
    if (dark) await context.addCookies([{ name: 'okb_theme', value: 'dark', url: base }]);
    if (who) expect((await context.request.post(`${base}/api/auth/login`, { data: who, headers: { Origin: base } })).ok()).toBe(true);
    return { context, page: await context.newPage() };
  }

  async function adminToken(): Promise<string> {
    const res = await fetch(`${base}/api/auth/login`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(DEMO_ADMIN) });
    return ((await res.json()) as { token: string }).token;
  }

  it('1. search: every counted result is reachable through the pages', async () => {
    const { context, page } = await open(null);
    await page.goto('/search?searchTerm=honda');
    await page.getByRole('heading', { level: 1, name: 'Available Bikes' }).waitFor();
    const lead = (await page.locator('.page-lead').textContent()) ?? '';
    const total = Number(/^(\d+) results?/.exec(lead)?.[1]);
    expect(total).toBeGreaterThan(12);
    const seen = new Set<string>();
    for (;;) {
      for (const name of await page.locator('.okb-bike-grid a[href^="/bike/"]:not([aria-hidden])').evaluateAll((links) => links.map((a) => a.getAttribute('href')))) seen.add(name!);
      const next = page.getByRole('navigation', { name: 'Search result pages' }).getByRole('button', { name: 'Next' });
      if (await next.isDisabled()) break;
      const before = page.url();
      await next.click();
      await page.waitForURL((url) => url.href !== before);
      await page.locator('ul.okb-bike-grid').waitFor();
    }
    expect(seen.size).toBe(total);
    await context.close();
  });

  it('2. admin All Bikes filters the whole fleet, then pages the matches 3 at a time', async () => {
    const token = await adminToken();
    const res = await fetch(`${base}/api/bikes`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
      body: JSON.stringify({ name: 'Zephyr Volt E1', description: 'A quiet electric commuter.', pricePerHour: 9, cc: 0, year: 2025, model: 'Volt E1', brand: 'Zephyrion', imgageurl: '/images/bikes/naked-blue.svg', quantity: 2 }),
    });
    expect(res.status).toBe(201);
    const { context, page } = await open(DEMO_ADMIN);
    await page.goto('/dashboard/allbikes?page=2');
    await page.getByRole('row', { name: /Update/ }).first().waitFor();
    await page.getByLabel('Brand').fill('zephyr');
    await page.getByRole('row', { name: /Zephyr Volt E1/ }).waitFor();
    expect(new URL(page.url()).searchParams.get('page')).toBeNull();

    await page.getByLabel('Brand').fill('honda');
    const rows = page.locator('.ant-table-tbody tr.ant-table-row');
    await page.getByText(/\d+ bikes match/).waitFor();
    const matches = Number(/(\d+) bikes match/.exec((await page.getByText(/\d+ bikes match/).textContent()) ?? '')?.[1]);
    expect(matches).toBeGreaterThan(3);
    expect(await rows.count()).toBe(3);
    const pages = Math.ceil(matches / 3);
    await page.getByText(`Page 1 of ${pages}`).waitFor();
    await page.getByRole('navigation', { name: 'Bike pages' }).getByRole('button', { name: 'Next' }).click();
    await page.getByText(`Page 2 of ${pages}`).waitFor();
    // The page stays where Next took it (the filters' reset to page 1 fires only when they change).
    await page.waitForLoadState('networkidle');
    expect(new URL(page.url()).searchParams.get('page')).toBe('2');
    await page.getByText(`Page 2 of ${pages}`).waitFor();
    for (const brand of await rows.locator('td:nth-child(3)').allTextContents()) expect(brand.toLowerCase()).toContain('honda');

    await page.getByLabel('Brand').fill('no such brand');
    await page.getByText('No Bikes Found').waitFor();
    await context.close();
  });

  it('3. All Users and the New Users List are cards on phones and unclipped on desktop', async () => {
    const phone = await open(DEMO_ADMIN, PHONE);
    await phone.page.goto('/dashboard/allusers');
    const firstRow = phone.page.locator('.ant-table-tbody tr.ant-table-row').first();
    await firstRow.waitFor();
    for (const target of [firstRow.getByRole('button', { name: /^Delete|^Promote/ }).first(), firstRow.locator('a[href^="mailto:"]')]) {
      const box = (await target.boundingBox())!;
      expect(box.x).toBeGreaterThanOrEqual(0);
      expect(box.x + box.width).toBeLessThanOrEqual(PHONE.width);
    }
    expect(await phone.page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(PHONE.width);
    await phone.page.goto('/dashboard');
    const newUsers = phone.page.locator('.ant-card').filter({ has: phone.page.getByRole('heading', { name: 'New Users List' }) });
    const joined = newUsers.locator('td[data-label="Joined On"]').first();
    await joined.waitFor();
    const box = (await joined.boundingBox())!;
    expect(box.x + box.width).toBeLessThanOrEqual(PHONE.width);
    await phone.context.close();

    const desk = await open(DEMO_ADMIN);
    await desk.page.goto('/dashboard/allusers');
    await desk.page.locator('.ant-table-tbody tr.ant-table-row').first().waitFor();
    const clipped = await desk.page.locator('.ant-table-content').evaluate((el) => el.scrollWidth > el.clientWidth);
    expect(clipped).toBe(false);
    // Return Bikes at 1280 px: every column, 'Calculate & Return' included, fits without a scrollbar.
    await desk.page.goto('/dashboard/returnbikes');
    const returnRow = desk.page.locator('.ant-table-tbody tr.ant-table-row').first();
    await returnRow.waitFor();
    const returnTable = desk.page.locator('.ant-table-content').first();
    const widths = await returnTable.evaluate((el) => ({ scroll: el.scrollWidth, client: el.clientWidth }));
    expect(widths.scroll).toBeLessThanOrEqual(widths.client);
    const action = (await returnRow.getByRole('button', { name: /Calculate & Return/ }).boundingBox())!;
    const tableBox = (await returnTable.boundingBox())!;
    expect(action.x + action.width).toBeLessThanOrEqual(tableBox.x + tableBox.width);
    await desk.context.close();
  });

  it("4. the cost chart is horizontal bars, largest first, the tail grouped, with the spec's tooltip", async () => {
    const { context, page } = await open(DEMO_ADMIN);
    await page.goto('/dashboard');
    const bars = page.locator('.okb-hbar');
    await bars.first().waitFor();
    const count = await bars.count();
    expect(count).toBeLessThanOrEqual(9);
    await expect(bars.last().textContent()).resolves.toMatch(/\d+ other rentals/);
    const amounts = (await page.locator('.okb-hbar:not(.okb-hbar--grouped) .okb-hbar-value').allTextContents()).map((t) => Number(t.replace(/[^0-9.]/g, '')));
    expect(amounts).toEqual([...amounts].sort((a, b) => b - a));
    await bars.first().locator('.okb-hbar-fill').hover();
    const tip = page.getByRole('tooltip').filter({ hasText: 'Earn: $' });
    await tip.waitFor();
    expect(await tip.textContent()).toMatch(/Earn: \$\d{1,3}(,\d{3})*\.\d\d.*@/);
    await context.close();
  });

  it('5. a progress bar and only the destination marked while a page loads; placeholders keep the grid size', async () => {
    const { context, page } = await open(null);
    await page.goto('/about');
    const held = gate();
    await page.route('**/api/bikes?*', held.hold);
    await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'All Bikes' }).click();
    await page.getByRole('progressbar', { name: 'Loading the page' }).waitFor();
    const marked = page.getByRole('navigation', { name: 'Main' }).locator('[aria-current="page"]');
    expect(await marked.allTextContents()).toEqual(['All Bikes']);
    held.release();
    await page.getByRole('heading', { level: 1, name: 'Available Bikes' }).waitFor();
    await page.getByRole('progressbar').waitFor({ state: 'detached' });
    await page.unroute('**/api/bikes?*');

    const grid = page.locator('section.all-bikes-results .okb-bike-grid');
    await page.locator('ul.okb-bike-grid').waitFor();
    const cardsHeight = (await grid.boundingBox())!.height;
    const next = gate();
    await page.route('**/api/bikes?*', next.hold);
    await page.getByRole('button', { name: 'Next' }).click();
    await page.locator('.okb-bike-grid[aria-busy="true"]').waitFor();
    expect(await page.locator('.okb-bike-grid[aria-busy="true"] .okb-bike-card').count()).toBe(5);
    expect(Math.abs((await grid.boundingBox())!.height - cardsHeight)).toBeLessThanOrEqual(1);
    next.release();
    await page.locator('ul.okb-bike-grid').waitFor();
    await context.close();
  });

  it("5. the home page's three featured skeletons stand where the featured bikes load, then the cards", async () => {
    const { context, page } = await open(null);
    await page.goto('/about');
    const held = gate();
    await page.route('**/api/bikes?*', held.hold);
    await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Home' }).click();
    const skeletons = page.locator('.home-featured-skeletons[aria-busy="true"] .okb-bike-card');
    await skeletons.first().waitFor();
    expect(await skeletons.count()).toBe(3);
    held.release();
    await page.getByRole('region', { name: 'Featured bikes' }).waitFor();
    expect(await page.locator('.home-featured-skeletons').count()).toBe(0);
    await page.unroute('**/api/bikes?*');
    await context.close();
  });

  it('6. after Next on a phone, the top of the list is on screen and has focus', async () => {
    const { context, page } = await open(null, PHONE);
    await page.goto('/allbikes');
    await page.getByRole('button', { name: 'Next' }).click();
    await page.waitForURL(/page=2/);
    await page.locator('ul.okb-bike-grid').waitFor();
    await page.waitForFunction(() => document.activeElement?.classList.contains('all-bikes-results'));
    const top = await page.locator('section.all-bikes-results').evaluate((el) => el.getBoundingClientRect().top);
    expect(top).toBeGreaterThanOrEqual(0);
    expect(top).toBeLessThan(PHONE.height / 2);
    await context.close();
  });

  it('8. focus: the new heading after a route change, the account menu by keyboard, visible rings, quick-fill', async () => {
    const html = await (await fetch(`${base}/login`)).text();
    expect(html).toMatch(/<button[^>]*disabled[^>]*>(?:(?!<\/button>).)*User/s);

    const { context, page } = await open(DEMO_USER);
    await page.goto('/home');
    await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'About' }).click();
    await page.waitForFunction(() => document.activeElement?.tagName === 'H1');
    expect(await page.evaluate(() => document.activeElement?.textContent)).toBe(await page.getByRole('heading', { level: 1 }).textContent());

    const account = page.getByRole('button', { name: /account menu/ });
    await account.focus();
    await page.keyboard.press('Enter');
    await page.getByRole('menu').waitFor();
    await page.waitForFunction(() => document.activeElement?.closest('[role="menu"]') !== null);
    // Each ArrowDown moves the active item to the next one.
    const activeItem = () => page.evaluate(() => {
      const items = [...document.querySelectorAll('[role="menu"] [role="menuitem"]')];
      const active = document.querySelector('[role="menu"] .ant-dropdown-menu-item-active') ?? document.activeElement?.closest('[role="menuitem"]');
      return { index: active ? items.indexOf(active) : -1, text: active?.textContent ?? '', count: items.length };
    });
    const start = await activeItem();
    expect(start.count).toBeGreaterThanOrEqual(2);
    let previous = start;
    for (let press = 0; press < Math.min(2, start.count - 1); press++) {
      await page.keyboard.press('ArrowDown');
      await page.waitForFunction((before) => {
        const items = [...document.querySelectorAll('[role="menu"] [role="menuitem"]')];
        const active = document.querySelector('[role="menu"] .ant-dropdown-menu-item-active') ?? document.activeElement?.closest('[role="menuitem"]');
        return active != null && items.indexOf(active) !== before;
      }, previous.index);
      const now = await activeItem();
      expect(now.index).toBe(previous.index + 1);
      expect(now.text).toMatch(/My Account|Settings|Logout|Dashboard|Profile/);
      previous = now;
    }
    await context.close();

    const anon = await open(null);
    await anon.page.goto('/login');
    await anon.page.getByRole('button', { name: 'User' }).click();
    await expect(anon.page.getByLabel('Email').inputValue()).resolves.toBe(DEMO_USER.email);
    await anon.page.getByLabel('Email').focus();
    const ring = await anon.page.locator('.ant-input-affix-wrapper').first().evaluate((el) => getComputedStyle(el).outlineStyle + ' ' + getComputedStyle(el).outlineWidth);
    expect(ring).toMatch(/^solid [23]px$/);
    await anon.context.close();
  });

  it('9. toasts: one toast per message, and never over a dialog title', async () => {
    const { context, page } = await open(null);
    await page.goto('/login');
    await page.getByLabel('Email').fill('nobody@example.com');
    await page.getByLabel('Password').fill('wrong-password');
    const login = page.getByRole('button', { name: 'Login', exact: true });
    await login.click();
    await page.locator('.ant-message-notice').first().waitFor();
    await login.click();
    await page.waitForLoadState('networkidle');
    const texts = await page.locator('.ant-message-notice').allTextContents();
    expect(new Set(texts).size).toBe(texts.length);
    await context.close();

    const admin = await open(DEMO_ADMIN);
    await admin.page.goto('/dashboard/allbikes');
    await admin.page.route('**/api/bikes/*', (route) =>
      route.request().method() === 'DELETE' ? route.fulfill({ status: 409, json: { success: false, message: 'This bike has rentals not yet returned', code: 'CONFLICT' } }) : route.continue(),
    );
    await admin.page.getByRole('button', { name: /^Delete / }).first().click();
    const title = admin.page.locator('.ant-modal-title').filter({ hasText: 'Confirm Deletion' });
    await title.waitFor();
    await admin.page.locator('.ant-modal').getByRole('button', { name: 'Delete' }).click();
    const notice = admin.page.locator('.ant-message-notice').filter({ hasText: 'not yet returned' });
    await notice.waitFor();
    await admin.page.waitForFunction(() => [...document.querySelectorAll('.ant-message-notice')].every((n) => getComputedStyle(n).opacity === '1'));
    const a = (await notice.boundingBox())!;
    const b = (await title.boundingBox())!;
    const overlaps = a.x < b.x + b.width && b.x < a.x + a.width && a.y < b.y + b.height && b.y < a.y + a.height;
    expect(overlaps).toBe(false);
    await admin.context.close();
  });

  it("10. signup keeps the spec's toast and words the field messages for people", async () => {
    const { context, page } = await open(null);
    await page.goto('/signup');
    await page.getByLabel('Name').fill('Rafi');
    await page.getByLabel('Email').fill('rafi@');
    await page.getByLabel('Password').fill('abc');
    await page.getByRole('button', { name: 'Sign Up' }).click();
    await page.locator('.ant-message-notice').filter({ hasText: 'All fields are required' }).waitFor();
    await page.getByText(/That email address does not look right/).waitFor();
    await page.getByText('Your password needs at least 8 characters.').waitFor();
    await page.getByText('Please enter a phone number we can reach you on.').waitFor();
    expect(await page.getByText('email must be a valid email address').count()).toBe(0);
    await context.close();
  });

  it('11. cards: whole words, one picture style, no "....", electric bikes, and the right greeting', async () => {
    const { context, page } = await open(DEMO_USER);
    const bikes = (await (await fetch(`${base}/api/bikes?limit=100`)).json()) as { data: { bikes: { _id: string; brand: string }[] } };
    const kawasaki = bikes.data.bikes.find((b) => b.brand === 'Kawasaki') ?? bikes.data.bikes[0]!;
    await page.goto(`/bike/${kawasaki._id}`);
    const related = page.locator('.related-grid .okb-bike-card__facts dd');
    await related.first().waitFor();
    const broken = await related.evaluateAll((cells) => {
      const canvas = document.createElement('canvas').getContext('2d')!;
      return cells.filter((cell) => {
        const style = getComputedStyle(cell);
        canvas.font = `${style.fontWeight} ${style.fontSize} ${style.fontFamily}`;
        const widest = Math.max(...(cell.textContent ?? '').split(/\s+/).map((word) => canvas.measureText(word).width));
        return widest > cell.clientWidth + 0.5;
      }).map((cell) => cell.textContent);
    });
    expect(broken).toEqual([]);
    expect(await page.locator('.okb-bike-card__desc').evaluateAll((els) => els.filter((el) => /\.\.\.\./.test(el.textContent ?? '')).length)).toBe(0);

    // Its own electric bike (cc 0), whatever the other tests created.
    const electricName = `Volta Glide E${Date.now()}`;
    const created = await fetch(`${base}/api/bikes`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${await adminToken()}` },
      body: JSON.stringify({ name: electricName, description: 'A silent electric city bike.', pricePerHour: 7, cc: 0, year: 2025, model: 'Glide', brand: 'Volta', imgageurl: '/images/bikes/naked-blue.svg', quantity: 1 }),
    });
    expect(created.status).toBe(201);
    await page.goto(`/search?searchTerm=${encodeURIComponent(electricName)}`);
    const electric = page.locator('.okb-bike-card').filter({ hasText: electricName });
    await electric.waitFor();
    const electricFacts = (await electric.locator('.okb-bike-card__facts').textContent()) ?? '';
    expect(electricFacts).toContain('Electric');
    expect(electricFacts).not.toMatch(/CC\s*0/i);

    await page.goto('/dashboard');
    await page.getByRole('heading', { level: 1, name: 'Welcome back, Demo User!' }).waitFor();
    const image = page.locator('.favourite-ride-image').first();
    await image.waitFor();
    const look = await image.evaluate((el) => ({ fit: getComputedStyle(el).objectFit, ratio: el.getBoundingClientRect().height / el.getBoundingClientRect().width }));
    expect(look.fit).toBe('cover');
    expect(look.ratio).toBeCloseTo(0.75, 1);
    const facts = await page.locator('.favourite-ride-facts').first().textContent();
    // The favourites card names the bike once: no 'Brand & Model' line repeating it, in any letter case.
    expect(facts).not.toMatch(/brand\s*(?:&|and)\s*model/i);
    await context.close();

    const email = `newcomer-${Date.now()}@example.com`;
    const signup = await fetch(`${base}/api/auth/signup`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ name: 'Nadia Islam', email, password: 'secret-123', phone: '+8801700000000', address: 'Road 2, Dhaka' }),
    });
    expect(signup.status).toBe(201);
    const fresh = await open({ email, password: 'secret-123' });
    await fresh.page.goto('/dashboard');
    await fresh.page.getByRole('heading', { level: 1, name: 'Welcome, Nadia Islam!' }).waitFor();
    await fresh.context.close();
  });

  it("13. the signups toggle redraws without a request, and a failing summary says 'Error loading data.' after one retry", async () => {
    const { context, page } = await open(DEMO_ADMIN);
    await page.goto('/dashboard');
    const columns = page.locator('.okb-col-chart .okb-col');
    await columns.first().waitFor();
    const requests: string[] = [];
    page.on('request', (req) => {
      if (req.url().includes('/api/')) requests.push(req.url());
    });
    await page.getByRole('button', { name: 'Show Past Week' }).click();
    await page.getByRole('button', { name: 'Show All Time' }).waitFor();
    expect(await columns.count()).toBe(7);
    expect(requests).toEqual([]);

    await page.goto('/dashboard/addbike');
    let calls = 0;
    await page.route('**/api/dashboard/summary', (route) => {
      calls += 1;
      return route.fulfill({ status: 500, json: { success: false, message: 'Internal server error', code: 'INTERNAL' } });
    });
    await page.getByRole('navigation', { name: 'Dashboard' }).getByRole('link', { name: 'Dashboard' }).click();
    await page.getByText('Error loading data.').waitFor();
    await page.waitForLoadState('networkidle');
    expect(calls).toBeLessThanOrEqual(2);
    await context.close();
  });

  it('issue 11: a shop started with DEMO_MODE=true says so on public pages and in the dashboard', async () => {
    const anon = await open(null);
    for (const path of ['/', '/allbikes', '/login']) {
      await anon.page.goto(path);
      const notice = anon.page.getByRole('note').filter({ hasText: 'Demo mode.' });
      await notice.waitFor();
      expect(await notice.isVisible()).toBe(true);
    }
    await anon.context.close();
    for (const who of [DEMO_USER, DEMO_ADMIN]) {
      const { context, page } = await open(who);
      await page.goto('/dashboard');
      await page.getByRole('heading', { level: 1 }).waitFor();
      const notice = page.getByRole('note').filter({ hasText: 'Demo mode.' });
      await notice.waitFor();
      expect(await notice.isVisible()).toBe(true);
      await context.close();
    }
  });

  it.each([
    ['light', false],
    ['dark', true],
  ])('passes an axe WCAG 2.2 AA scan on Login, Signup and the admin Emails, Webhooks and Exports pages (%s)', async (_mode, dark) => {
    const tags = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa'];
    const screens: { who: typeof DEMO_ADMIN | null; path: string; ready: (page: Page) => Promise<unknown> }[] = [
      { who: null, path: '/login', ready: (p) => p.getByRole('button', { name: 'Login', exact: true }).waitFor() },
      { who: null, path: '/signup', ready: (p) => p.getByRole('button', { name: 'Sign Up' }).waitFor() },
      { who: DEMO_ADMIN, path: '/dashboard/emails', ready: (p) => p.getByRole('heading', { level: 1, name: 'Emails' }).waitFor() },
      { who: DEMO_ADMIN, path: '/dashboard/webhooks', ready: (p) => p.getByRole('heading', { level: 1, name: 'Webhooks' }).waitFor() },
      { who: DEMO_ADMIN, path: '/dashboard/exports', ready: (p) => p.getByRole('heading', { level: 1, name: 'Exports' }).waitFor() },
    ];
    const violations: { path: string; id: string; nodes: string[] }[] = [];
    for (const screen of screens) {
      const { context, page } = await open(screen.who, undefined, dark);
      await page.goto(screen.path);
      await screen.ready(page);
      await page.waitForLoadState('networkidle');
      await animationsSettled(page);
      const results = await new AxeBuilder({ page }).withTags(tags).analyze();
      for (const v of results.violations) {
        violations.push({ path: screen.path, id: v.id, nodes: v.nodes.slice(0, 5).map((n) => `${n.target.join(' ')}: ${n.any[0]?.message ?? n.failureSummary ?? ''}`) });
      }
      await context.close();
    }
    expect(violations).toEqual([]);
  });

  it('keeps hydration quiet on the changed screens', async () => {
    const { context, page } = await open(DEMO_ADMIN);
    const problems: string[] = [];
    page.on('console', (msg) => {
      if (msg.type() === 'error') problems.push(msg.text());
    });
    for (const path of ['/search?searchTerm=honda&page=2', '/dashboard', '/dashboard/allbikes', '/dashboard/allusers']) {
      await page.goto(path);
      await waitForApp(page);
    }
    expect(problems.filter((p) => /hydrat|did not match|Minified React error/i.test(p))).toEqual([]);
    await context.close();
  });
});
