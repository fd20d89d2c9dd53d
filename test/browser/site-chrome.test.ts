import type { Browser, BrowserContext, Locator, Page } from 'playwright-core';
import { launchBrowser, newContext, watchConsole } from '../support/browser.js';
import { ServerProcess, startServer } from '../support/server-process.js';
import { Account, ADMIN_ENV, adminAccount, userAccount } from './shop-fixtures.js';

/**
 * The chrome every public page shares (client/components/MainLayout.tsx): the header with its navigation by auth
 * state, theme toggle, account menu and phone drawer; the footer; the scroll-to-top button.
 */

/** client/components/ScrollToTopButton.tsx (spec: "scrolled beyond 20 percent of the page height"). */
const SCROLL_TOP_THRESHOLD = 0.2;
const PHONE = { width: 390, height: 844 };

/** client/components/nav-links.ts, in order. */
const ANONYMOUS_LINKS = [
  ['Home', '/home'],
  ['About', '/about'],
  ['Login', '/login'],
  ['Signup', '/signup'],
  ['All Bikes', '/allbikes'],
];
const SIGNED_IN_LINKS = [
  ['Home', '/home'],
  ['About', '/about'],
  ['Dashboard', '/dashboard'],
  ['All Bikes', '/allbikes'],
];

/** client/app/theme.ts: antd's Layout header and body colours per theme. */
const LIGHT = { header: 'rgba(255, 255, 255, 0.92)', body: 'rgb(245, 247, 246)' };
const DARK = { header: 'rgba(20, 27, 26, 0.92)', body: 'rgb(12, 18, 17)' };

interface ContextOptions {
  account?: Account;
  dark?: boolean;
  phone?: boolean;
  reducedMotion?: boolean;
}

interface Opened {
  context: BrowserContext;
  page: Page;
}

describe('Site chrome: header, footer and layout of the public pages', () => {
  let server: ServerProcess;
  let browser: Browser;
  let admin: Account;
  let user: Account;
  const watchers: { page: string; problems: string[] }[] = [];

  beforeAll(async () => {
    [server, browser] = await Promise.all([startServer({ ...ADMIN_ENV, LOGIN_RATE_LIMIT: '1000' }), launchBrowser()]);
    admin = await adminAccount(server.baseUrl);
    user = await userAccount(server.baseUrl, 'Nadia Rahman');
  });

  afterAll(async () => {
    await browser?.close();
    await server?.stop();
  });

  async function contextFor(options: ContextOptions = {}): Promise<BrowserContext> {
    const context = await newContext(browser, server.baseUrl, options.phone ? { viewport: PHONE } : {});
    const cookies = [];
    if (options.dark) cookies.push({ name: 'okb_theme', value: 'dark', url: server.baseUrl });
    // The session cookie login sets, with the token the fixtures logged in with.
    if (options.account) cookies.push({ name: 'okb_token', value: options.account.token, url: server.baseUrl, httpOnly: true, sameSite: 'Lax' as const });
    if (cookies.length) await context.addCookies(cookies);
    return context;
  }

  /** React has taken over the server's markup. */
  const hydrated = (page: Page) => page.waitForFunction(() => Object.keys(document.getElementById('root') ?? {}).some((k) => k.startsWith('__react')));

  async function visit(page: Page, path: string): Promise<void> {
    const res = await page.goto(path);
    expect(res?.status()).toBe(200);
    await hydrated(page);
  }

  async function open(path: string, options: ContextOptions = {}): Promise<Opened> {
    const context = await contextFor(options);
    const page = await context.newPage();
    if (options.reducedMotion) await page.emulateMedia({ reducedMotion: 'reduce' });
    watchers.push({ page: path, problems: watchConsole(page).problems });
    await visit(page, path);
    return { context, page };
  }

  /**
   * The antd popup matching `selector` has finished its opening animation (rc-motion's -appear/-enter classes are
   * gone). Clicked earlier, it may still be parked off screen for measuring or sliding in: Playwright then scrolls
   * the page to reach it, the dropdown realigns on that scroll, and the click lands on whatever is left there.
   */
  const settled = (page: Page, selector: string) =>
    page.waitForFunction((sel) => {
      const el = document.querySelector(sel);
      return !!el && !/-(appear|enter)\b/.test(el.className) && el.getAnimations().length === 0;
    }, selector);
  const DROPDOWN = '.ant-dropdown:not(.ant-dropdown-hidden)';
  const DRAWER = '.ant-drawer-open .ant-drawer-content-wrapper';

  const mainNav = (page: Page) => page.locator('nav[aria-label="Main"]');
  const linksOf = async (nav: Locator) =>
    nav.getByRole('link').evaluateAll((links) => links.map((a) => [a.textContent?.trim() ?? '', new URL((a as HTMLAnchorElement).href).pathname]));
  const currentOf = async (nav: Locator) =>
    nav.locator('[aria-current="page"]').evaluateAll((links) => links.map((a) => a.textContent?.trim() ?? ''));
  const colours = (page: Page) =>
    page.evaluate(() => ({
      header: getComputedStyle(document.querySelector('.site-header') as Element).backgroundColor,
      body: getComputedStyle(document.querySelector('.site-layout') as Element).backgroundColor,
    }));
  const themeCookie = async (context: BrowserContext) => (await context.cookies()).find((c) => c.name === 'okb_theme')?.value;
  const darkOnHtml = /<html[^>]*\sclass="dark"/;
  /** The header colour in antd's server-rendered styles (the CSS variable of its Layout token). */
  const headerToken = (colour: string) => `--ant-layout-header-bg:${colour}`;
  /**
   * The server-rendered antd styles of a page: the theme's stylesheet its HTML links (/assets/antd-<theme>-<hash>.css,
   * src/ssr/ssr.setup.ts), as the server sends it.
   */
  const antdStyles = async (html: string) => {
    const href = /<link rel="stylesheet" href="(\/assets\/antd-[^"]+\.css)">/.exec(html)?.[1];
    expect(href).toBeDefined();
    const res = await fetch(`${server.baseUrl}${href}`);
    expect(res.status).toBe(200);
    return res.text();
  };
  const becomes = (page: Page, expected: typeof LIGHT) =>
    page.waitForFunction(
      (want) =>
        getComputedStyle(document.querySelector('.site-header') as Element).backgroundColor === want.header &&
        getComputedStyle(document.querySelector('.site-layout') as Element).backgroundColor === want.body,
      expected,
    );

  it('toggles dark mode from the header, remembers it in okb_theme so the server renders it, and toggles back', async () => {
    const { page, context } = await open('/about');
    const toggle = page.getByRole('button', { name: 'Dark mode', exact: true });
    expect(await toggle.getAttribute('aria-pressed')).toBe('false');
    expect(await page.evaluate(() => document.documentElement.classList.contains('dark'))).toBe(false);
    expect(await colours(page)).toEqual(LIGHT);

    await toggle.click();
    await page.waitForFunction(() => document.documentElement.classList.contains('dark'));
    expect(await toggle.getAttribute('aria-pressed')).toBe('true');
    // antd's dark theme: the Layout's header and body take the dark surfaces.
    await becomes(page, DARK);
    expect(await colours(page)).toEqual(DARK);
    expect(await themeCookie(context)).toBe('dark');

    // The reload's HTML, as the server sent it and before any script ran, is already dark.
    const reload = await page.reload();
    expect(reload?.status()).toBe(200);
    const reloaded = (await reload?.text()) ?? '';
    expect(reloaded).toMatch(darkOnHtml);
    expect(reloaded).toContain('/assets/antd-dark-');
    const darkStyles = await antdStyles(reloaded);
    expect(darkStyles).toContain(headerToken(DARK.header));
    expect(darkStyles).not.toContain(headerToken(LIGHT.header));
    await hydrated(page);
    expect(await page.evaluate(() => document.documentElement.classList.contains('dark'))).toBe(true);
    expect(await toggle.getAttribute('aria-pressed')).toBe('true');
    expect(await colours(page)).toEqual(DARK);

    await toggle.click();
    await page.waitForFunction(() => !document.documentElement.classList.contains('dark'));
    expect(await toggle.getAttribute('aria-pressed')).toBe('false');
    await becomes(page, LIGHT);
    expect(await colours(page)).toEqual(LIGHT);
    expect(await themeCookie(context)).toBe('light');
    const light = await page.reload();
    const lightHtml = (await light?.text()) ?? '';
    expect(lightHtml).not.toMatch(darkOnHtml);
    expect(lightHtml).toContain('/assets/antd-light-');
    expect(await antdStyles(lightHtml)).toContain(headerToken(LIGHT.header));
    await hydrated(page);
    expect(await toggle.getAttribute('aria-pressed')).toBe('false');
    await context.close();

    // Without the cookie the server renders light; with it, dark (the raw response, no browser involved).
    const raw = async (cookie?: string) => (await fetch(`${server.baseUrl}/`, { headers: cookie ? { cookie } : {} })).text();
    expect(await raw()).not.toMatch(darkOnHtml);
    expect(await raw('okb_theme=dark')).toMatch(darkOnHtml);
    expect(await raw('okb_theme=light')).not.toMatch(darkOnHtml);
  });

  it('shows Scroll to top only past 20 percent of the page height, and scrolls back to the top with it', async () => {
    const { page, context } = await open('/');
    await page.waitForLoadState('load');
    const button = page.getByRole('button', { name: 'Scroll to top' });
    expect(await page.evaluate(() => window.scrollY)).toBe(0);
    expect(await button.count()).toBe(0);

    /** Scrolls to `offset` px from the threshold and lets the scroll event reach React and commit. */
    const scrollNear = async (offset: number) => {
      const at = await page.evaluate(async ({ offset, ratio }) => {
        const root = document.documentElement;
        const target = Math.round(root.scrollHeight * ratio) + offset;
        if (root.scrollHeight - window.innerHeight <= target) throw new Error(`page too short to scroll to ${target}: ${root.scrollHeight}px`);
        const scrolled = new Promise((resolve) => window.addEventListener('scroll', resolve, { once: true }));
        const from = window.scrollY;
        window.scrollTo({ top: target, behavior: 'instant' });
        if (window.scrollY !== from) await scrolled;
        await new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve)));
        await new Promise((resolve) => setTimeout(resolve, 0));
        return { scrollY: window.scrollY, threshold: root.scrollHeight * ratio };
      }, { offset, ratio: SCROLL_TOP_THRESHOLD });
      return at;
    };

    const under = await scrollNear(-4);
    expect(under.scrollY).toBeGreaterThan(0);
    expect(under.scrollY).toBeLessThan(under.threshold);
    expect(await button.count()).toBe(0);

    const over = await scrollNear(4);
    expect(over.scrollY).toBeGreaterThan(over.threshold);
    await button.waitFor({ state: 'visible' });

    // And gone again once back under the threshold.
    await scrollNear(-4);
    await button.waitFor({ state: 'detached' });

    /** Records the scrollTo calls the button makes from here on. */
    const spyOnScrollTo = (on: Page) =>
      on.evaluate(() => {
        const calls: unknown[] = [];
        const original = window.scrollTo.bind(window);
        (window as unknown as { scrollCalls: unknown[] }).scrollCalls = calls;
        window.scrollTo = ((...args: Parameters<typeof window.scrollTo>) => {
          calls.push(args[0]);
          return (original as (...a: unknown[]) => void)(...args);
        }) as typeof window.scrollTo;
      });
    const scrollCalls = (on: Page) => on.evaluate(() => (window as unknown as { scrollCalls: unknown[] }).scrollCalls);

    // Smoothly, as the spec says: wait until it reaches the top.
    await scrollNear(400);
    await spyOnScrollTo(page);
    await button.click();
    await page.waitForFunction(() => window.scrollY === 0);
    expect(await scrollCalls(page)).toEqual([{ top: 0, behavior: 'smooth' }]);
    await button.waitFor({ state: 'detached' });
    await context.close();

    // Under reduced motion the jump is instant.
    const still = await open('/', { reducedMotion: true });
    await still.page.waitForLoadState('load');
    await still.page.evaluate(() => window.scrollTo({ top: document.documentElement.scrollHeight * 0.5, behavior: 'instant' }));
    const stillButton = still.page.getByRole('button', { name: 'Scroll to top' });
    await stillButton.waitFor({ state: 'visible' });
    await spyOnScrollTo(still.page);
    await stillButton.click();
    expect(await still.page.evaluate(() => window.scrollY)).toBe(0);
    expect(await scrollCalls(still.page)).toEqual([{ top: 0, behavior: 'auto' }]);
    await still.context.close();
  });

  it('opens the phone menu drawer with the anonymous links, navigates from it, and closes it', async () => {
    const { page, context } = await open('/', { phone: true });
    expect(await mainNav(page).isVisible()).toBe(false);
    expect(await mainNav(page).getByRole('link', { name: 'About' }).isVisible()).toBe(false);
    const opener = page.getByRole('button', { name: 'Open menu' });
    expect(await opener.isVisible()).toBe(true);
    expect(await opener.getAttribute('aria-expanded')).toBe('false');

    const drawer = page.getByRole('dialog', { name: 'Menu' });
    await opener.click();
    await drawer.waitFor({ state: 'visible' });
    await settled(page, DRAWER);
    expect(await opener.getAttribute('aria-expanded')).toBe('true');
    expect(await linksOf(drawer)).toEqual(ANONYMOUS_LINKS);
    expect(await currentOf(drawer)).toEqual(['Home']);
    expect(await drawer.getByRole('button', { name: 'Logout' }).count()).toBe(0);

    await drawer.getByRole('link', { name: 'About', exact: true }).click();
    await page.waitForURL('**/about');
    await page.getByRole('heading', { level: 1, name: 'About Okay Bike' }).waitFor();
    await drawer.waitFor({ state: 'hidden' });
    expect(await opener.getAttribute('aria-expanded')).toBe('false');

    await opener.click();
    await drawer.waitFor({ state: 'visible' });
    await settled(page, DRAWER);
    expect(await currentOf(drawer)).toEqual(['About']);
    await drawer.getByRole('button', { name: 'Close menu' }).click();
    await drawer.waitFor({ state: 'hidden' });
    expect(await opener.getAttribute('aria-expanded')).toBe('false');
    expect(new URL(page.url()).pathname).toBe('/about');

    await opener.click();
    await drawer.waitFor({ state: 'visible' });
    await settled(page, DRAWER);
    await drawer.getByRole('link', { name: 'Signup', exact: true }).click();
    await page.waitForURL('**/signup');
    await drawer.waitFor({ state: 'hidden' });
    await context.close();
  });

  it('shows My Account, Settings and Logout in the phone drawer for a signed-in user, and logs out from it', async () => {
    // Logout ends every session of the account (issue 11 item 6): an account of its own, not the shared one.
    const rider = await userAccount(server.baseUrl, 'Nadia Rahman');
    const { page, context } = await open('/', { phone: true, account: rider });
    const opener = page.getByRole('button', { name: 'Open menu' });
    const drawer = page.getByRole('dialog', { name: 'Menu' });
    await opener.click();
    await drawer.waitFor({ state: 'visible' });
    await settled(page, DRAWER);
    expect(await linksOf(drawer)).toEqual([
      ...SIGNED_IN_LINKS,
      ['My Account', '/dashboard/profile'],
      ['Settings', '/dashboard/updateprofile'],
    ]);
    expect(await drawer.getByRole('button', { name: 'Logout' }).isVisible()).toBe(true);

    await drawer.getByRole('link', { name: 'My Account' }).click();
    await page.waitForURL('**/dashboard/profile');
    await drawer.waitFor({ state: 'hidden' });

    await visit(page, '/about');
    await opener.click();
    await drawer.waitFor({ state: 'visible' });
    await settled(page, DRAWER);
    await drawer.getByRole('link', { name: 'Settings' }).click();
    await page.waitForURL('**/dashboard/updateprofile');
    await drawer.waitFor({ state: 'hidden' });

    await visit(page, '/about');
    await opener.click();
    await drawer.waitFor({ state: 'visible' });
    await settled(page, DRAWER);
    await drawer.getByRole('button', { name: 'Logout' }).click();
    await page.waitForURL('**/login');
    await drawer.waitFor({ state: 'hidden' });
    expect((await context.cookies()).find((c) => c.name === 'okb_token')).toBeUndefined();
    await opener.click();
    await drawer.waitFor({ state: 'visible' });
    await settled(page, DRAWER);
    expect(await linksOf(drawer)).toEqual(ANONYMOUS_LINKS);
    expect(await currentOf(drawer)).toEqual(['Login']);
    await context.close();
  });

  it('opens the account menu on the first click, closes it with Escape, and goes to My Account, Settings and Logout', async () => {
    // Logout ends every session of the account (issue 11 item 6): an account of its own, not the shared one.
    const rider = await userAccount(server.baseUrl, 'Nadia Rahman');
    const { page, context } = await open('/about', { account: rider });
    const trigger = page.getByRole('button', { name: /account menu/ });
    expect(await trigger.count()).toBe(1);
    expect(await trigger.textContent()).toContain(rider.name);
    expect(await trigger.getAttribute('aria-expanded')).toBe('false');
    // The account menu's popup (the dashboard has a menu of its own).
    const menu = page.locator('.ant-dropdown').getByRole('menu');
    expect(await menu.count()).toBe(0);

    // The popup's code loads on this click: one click must be enough.
    await trigger.click();
    await menu.waitFor({ state: 'visible' });
    await settled(page, DROPDOWN);
    expect(await trigger.getAttribute('aria-expanded')).toBe('true');
    await page.locator('.ant-dropdown').getByText(rider.email, { exact: true }).waitFor({ state: 'visible' });
    expect(await menu.getByRole('menuitem').evaluateAll((items) => items.map((i) => i.textContent?.trim()))).toEqual(['My Rentals', 'My Account', 'Settings', 'Logout']);

    await page.keyboard.press('Escape');
    await menu.waitFor({ state: 'hidden' });
    expect(await trigger.getAttribute('aria-expanded')).toBe('false');

    await trigger.click();
    await menu.waitFor({ state: 'visible' });
    await settled(page, DROPDOWN);
    expect(await trigger.getAttribute('aria-expanded')).toBe('true');
    await menu.getByRole('menuitem', { name: 'My Account' }).click();
    await page.waitForURL('**/dashboard/profile');
    await menu.waitFor({ state: 'hidden' });

    await visit(page, '/about');
    await trigger.click();
    await menu.waitFor({ state: 'visible' });
    await settled(page, DROPDOWN);
    await menu.getByRole('menuitem', { name: 'Settings' }).click();
    await page.waitForURL('**/dashboard/updateprofile');

    await visit(page, '/about');
    await trigger.click();
    await menu.waitFor({ state: 'visible' });
    await settled(page, DROPDOWN);
    await menu.getByRole('menuitem', { name: 'Logout' }).click();
    await page.waitForURL('**/login');
    expect((await context.cookies()).find((c) => c.name === 'okb_token')).toBeUndefined();
    expect(await trigger.count()).toBe(0);
    expect(await linksOf(mainNav(page))).toEqual(ANONYMOUS_LINKS);
    await context.close();
  });

  it('lists the header links by auth state and marks the current page with aria-current', async () => {
    const cases: [string, Account | undefined, string[][], [string, string][]][] = [
      [
        'anonymous',
        undefined,
        ANONYMOUS_LINKS,
        [
          ['/', 'Home'],
          ['/about', 'About'],
          ['/listings', 'All Bikes'],
          ['/login', 'Login'],
          ['/signup', 'Signup'],
          ['/contact', ''],
        ],
      ],
      [
        'user',
        user,
        SIGNED_IN_LINKS,
        [
          ['/', 'Home'],
          ['/about', 'About'],
        ],
      ],
      [
        'admin',
        admin,
        SIGNED_IN_LINKS,
        [
          ['/listings', 'All Bikes'],
          ['/home', 'Home'],
        ],
      ],
    ];
    for (const [who, account, links, pages] of cases) {
      const { page, context } = await open(pages[0][0], { account });
      const nav = mainNav(page);
      expect(await nav.isVisible()).toBe(true);
      for (const [index, [path, current]] of pages.entries()) {
        if (index > 0) await visit(page, path);
        expect({ who, path, links: await linksOf(nav) }).toEqual({ who, path, links });
        expect({ who, path, current: await currentOf(nav) }).toEqual({ who, path, current: current ? [current] : [] });
      }
      // Client-side navigation moves aria-current along.
      await nav.getByRole('link', { name: 'All Bikes' }).click();
      await page.waitForURL('**/allbikes');
      await page.waitForFunction(() => document.querySelector('nav[aria-label="Main"] [aria-current="page"]')?.textContent === 'All Bikes');
      expect({ who, current: await currentOf(nav) }).toEqual({ who, current: ['All Bikes'] });
      await context.close();
    }
  });

  it('shows the footer texts, the three social links and the copyright year, and its links navigate', async () => {
    const { page, context } = await open('/about');
    const footer = page.getByRole('contentinfo');
    expect(await footer.count()).toBe(1);
    await footer.getByText("Let's keep in touch!", { exact: true }).waitFor();
    await footer.getByText('Find us on any of these platforms, we respond in 1-2 business days.', { exact: true }).waitFor();

    const social = await footer.locator('.social-links a').evaluateAll((links) =>
      links.map((a) => ({ label: a.getAttribute('aria-label'), host: new URL((a as HTMLAnchorElement).href).host, target: a.getAttribute('target'), rel: a.getAttribute('rel') })),
    );
    expect(social).toEqual([
      { label: 'Okay Bike on Facebook', host: 'www.facebook.com', target: '_blank', rel: 'noopener noreferrer' },
      { label: 'Okay Bike on X (Twitter)', host: 'x.com', target: '_blank', rel: 'noopener noreferrer' },
      { label: 'Okay Bike on Instagram', host: 'www.instagram.com', target: '_blank', rel: 'noopener noreferrer' },
    ]);
    for (const label of ['Okay Bike on Facebook', 'Okay Bike on X (Twitter)', 'Okay Bike on Instagram']) {
      expect(await footer.getByRole('link', { name: label }).isVisible()).toBe(true);
    }

    const year = new Date().getFullYear();
    expect((await footer.locator('.copyright').textContent())?.trim()).toBe(`Copyright © ${year} Okay Bike. All rights reserved.`);

    for (const [name, path, heading] of [
      ['Privacy Policy', '/privacy-policy', 'Privacy Policy'],
      ['Terms of Service', '/terms-of-service', 'Terms of Service'],
      ['Contact Us', '/contact', 'Contact Us'],
      ['Accessibility', '/accessibility', 'Accessibility conformance report'],
    ]) {
      const link = footer.getByRole('link', { name, exact: true });
      expect(new URL((await link.getAttribute('href')) ?? '', server.baseUrl).pathname).toBe(path);
      await link.click();
      await page.waitForURL(`**${path}`);
      await page.getByRole('heading', { level: 1, name: heading }).waitFor();
    }
    await context.close();

    // The same footer, server-rendered, on every public page of the main layout.
    for (const path of ['/', '/allbikes', '/login', '/signup', '/privacy-policy', '/terms-of-service', '/contact']) {
      const html = (await (await fetch(`${server.baseUrl}${path}`)).text()).replace(/&#x27;|&#39;/g, "'");
      expect({ path, keepInTouch: html.includes("Let's keep in touch!"), year: html.includes(`Copyright © <!-- -->${year}`) || html.includes(`Copyright © ${year}`) }).toEqual({
        path,
        keepInTouch: true,
        year: true,
      });
      for (const href of ['https://www.facebook.com/', 'https://x.com/', 'https://www.instagram.com/', '/privacy-policy', '/terms-of-service', '/contact', '/accessibility']) {
        expect({ path, href, present: html.includes(`href="${href}"`) }).toEqual({ path, href, present: true });
      }
    }
  });

  it('hydrates the public pages without warnings or console errors (light, dark, phone, signed in)', async () => {
    const anonymous = ['/', '/allbikes', '/search?searchTerm=Yamaha', '/login', '/signup', '/contact', '/privacy-policy', '/terms-of-service'];
    const signedIn = ['/', '/allbikes', '/contact'];
    const runs: [ContextOptions, string[]][] = [
      [{}, anonymous],
      [{ dark: true, phone: true }, anonymous],
      [{ account: user, phone: true }, signedIn],
      [{ account: admin, dark: true }, signedIn],
    ];
    for (const [options, pages] of runs) {
      const context = await contextFor(options);
      const page = await context.newPage();
      const { problems } = watchConsole(page);
      for (const path of pages) {
        const before = problems.length;
        await visit(page, path);
        watchers.push({ page: `${path} ${JSON.stringify({ ...options, account: options.account?.name })}`, problems: problems.slice(before) });
      }
      await context.close();
    }
    // Every page this file opened, including the clicks, toggles and logouts above.
    expect(watchers.filter((w) => w.problems.length > 0)).toEqual([]);
  });
});
