import AxeBuilder from '@axe-core/playwright';
import { existsSync, mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { Browser, BrowserContext, chromium, ConsoleMessage, Locator, Page } from 'playwright-core';
import { scaled } from './machine.mjs';

export const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

/** Debian's Chromium, headless, with the flags that work on these machines. Never a downloaded browser. */
export async function launchBrowser(): Promise<Browser> {
  if (!existsSync(CHROMIUM)) {
    throw new Error(`Chromium not found at ${CHROMIUM}: install it with \`apt-get install -y chromium\` (or set CHROMIUM_PATH)`);
  }
  const browser = await chromium.launch({
    executablePath: CHROMIUM,
    headless: true,
    args: [
      '--no-sandbox',
      '--disable-gpu',
      '--disable-dev-shm-usage',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
      '--no-first-run',
      '--disable-quic',
    ],
  });
  // Playwright's 30 s per action and navigation, scaled to the machine (test/support/machine.mjs).
  const newContext = browser.newContext.bind(browser);
  browser.newContext = async (...args: Parameters<Browser['newContext']>) => {
    const context = await newContext(...args);
    context.setDefaultTimeout(scaled(30_000));
    context.setDefaultNavigationTimeout(scaled(30_000));
    boundClose(context, 'a browser context');
    const contextPage = context.newPage.bind(context);
    context.newPage = async () => boundClose(await contextPage(), 'a page');
    return context;
  };
  const newPage = browser.newPage.bind(browser);
  browser.newPage = async (...args: Parameters<Browser['newPage']>) => {
    const page = await newPage(...args);
    page.setDefaultTimeout(scaled(30_000));
    page.setDefaultNavigationTimeout(scaled(30_000));
    return boundClose(page, 'a page');
  };
  boundClose(browser, 'the browser');
  return browser;
}

/**
 * close() that gives up after a while instead of waiting for ever. Chromium can acknowledge the close of a page
 * whose navigation is committing (a test that books and closes while the page leaves for the payment page) without
 * closing it, and Playwright then waits for ever (microsoft/playwright#42366, #41900; not fixed upstream): the
 * test ran into Jest's limit with nothing to say why (issue 24, CI's addons-coupons at 390 px). The context or page
 * left behind goes with the browser at the end of the suite.
 */
function boundClose<T extends { close: (options?: never) => Promise<void> }>(target: T, what: string): T {
  const close = target.close.bind(target);
  target.close = async (options?: never) => {
    await withinTime(close(options), scaled(15_000), `closing ${what}`).catch((error: Error) => {
      console.warn(`${error.message}; going on without it (Chromium left the close unanswered)`);
    });
  };
  return target;
}

/** Collects console errors/warnings and page errors, so a test can assert that hydration was clean. */
export function watchConsole(page: Page): { problems: string[] } {
  const problems: string[] = [];
  page.on('console', (msg: ConsoleMessage) => {
    if (msg.type() === 'error' || msg.type() === 'warning') problems.push(`${msg.type()}: ${msg.text()}`);
  });
  page.on('pageerror', (err) => problems.push(`pageerror: ${err.message}`));
  return { problems };
}

/** Resolves once the shop's page in `page` is interactive (React hydrated it); at once for pages that are not the app's. */
export async function waitForApp(page: Page, timeout = scaled(30_000)): Promise<void> {
  await page.waitForFunction(() => !document.getElementById('root') || document.documentElement.dataset.hydrated === 'true', undefined, { timeout });
}

const instrumented = new WeakSet<Page>();

/**
 * The shop paints its server HTML first and starts its scripts after that paint, so the `load` event Playwright waits
 * for comes before the page is interactive: what a test typed into a form before hydration would be lost, as it
 * would for a person. Every navigation a test waits for (goto, reload, back, forward, waitForURL) therefore also
 * waits until the app has hydrated (`<html data-hydrated>`, set by client/app/providers.tsx).
 */
function instrument(page: Page): Page {
  if (instrumented.has(page)) return page;
  instrumented.add(page);
  const wrap = <A extends unknown[], R>(fn: (...args: A) => Promise<R>) =>
    async (...args: A): Promise<R> => {
      const result = await fn(...args);
      await waitForApp(page);
      return result;
    };
  page.goto = wrap(page.goto.bind(page));
  page.reload = wrap(page.reload.bind(page));
  page.goBack = wrap(page.goBack.bind(page));
  page.goForward = wrap(page.goForward.bind(page));
  page.waitForURL = wrap(page.waitForURL.bind(page));
  return page;
}

export async function newContext(
  browser: Browser,
  baseURL: string,
  options: { viewport?: { width: number; height: number }; colorScheme?: 'light' | 'dark'; timezoneId?: string } = {},
): Promise<BrowserContext> {
  const context = await browser.newContext({
    baseURL,
    viewport: options.viewport ?? { width: 1280, height: 900 },
    colorScheme: options.colorScheme ?? 'light',
    ...(options.timezoneId ? { timezoneId: options.timezoneId } : {}),
  });
  context.on('page', (page) => void instrument(page));
  const newPage = context.newPage.bind(context);
  context.newPage = async () => instrument(await newPage());
  return context;
}

/** The phone the journeys use (an iPhone 12-14's CSS viewport). */
export const PHONE = { width: 390, height: 844 };

/**
 * A new context on the shop at `base` and its page: signed in as `who` (its session cookie) or a visitor (null), in
 * the dark theme (the theme cookie) or light, on a phone (PHONE) or the 1280 px desktop.
 */
export async function openAs(
  browser: Browser,
  base: string,
  who: { token: string } | null,
  options: { dark?: boolean; phone?: boolean } = {},
): Promise<{ context: BrowserContext; page: Page }> {
  const context = await newContext(browser, base, options.phone ? { viewport: PHONE } : {});
  const cookies: { name: string; value: string; url: string; httpOnly: boolean; sameSite: 'Lax' }[] = [];
  if (who) cookies.push({ name: 'okb_token', value: who.token, url: base, httpOnly: true, sameSite: 'Lax' });
  if (options.dark) cookies.push({ name: 'okb_theme', value: 'dark', url: base, httpOnly: false, sameSite: 'Lax' });
  if (cookies.length) await context.addCookies(cookies);
  return { context, page: await context.newPage() };
}

/** WCAG 2.2 A and AA: the tags every axe scan of the browser suites uses. */
export const AXE_TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa'];

/**
 * Resolves once nothing is moving. First, for a few seconds at most, until no element carries an rc-motion phase
 * class: antd adds `-appear-prepare`, `-enter-start`, `-leave-active` and the like a frame *before* its CSS animation
 * or transition starts, so an empty getAnimations() alone can be read in that gap (a validation message fading in
 * at half opacity then fails axe's colour contrast). Bounded, because a motion on an element that is not rendered
 * never ends and keeps its class for ever (seen on Shop Settings after a toast). Then until every finite animation
 * has finished (a spinner or a skeleton's shimmer runs for ever). Both checked on animation frames.
 */
export async function animationsSettled(page: Page): Promise<unknown> {
  await page
    .waitForFunction(() => !document.querySelector('[class*="-appear-"], [class*="-enter-"], [class*="-leave-"]'), undefined, { polling: 'raf', timeout: scaled(1_500) })
    .catch(() => undefined);
  return page.waitForFunction(
    () => document.getAnimations().every((a) => a.playState !== 'running' || a.effect?.getTiming().iterations === Infinity),
    undefined,
    { polling: 'raf' },
  );
}

/**
 * Best-practice rules the accessibility sweep adds to the WCAG tags (issue 20 item 21): headings in order, every
 * piece of content inside a landmark.
 */
export const AXE_BEST_PRACTICE_RULES = ['heading-order', 'region'];

export interface AxeFinding {
  screen: string;
  id: string;
  nodes: string[];
}

/**
 * The axe findings of the page, pointer out of the way and animations done. `bestPractices` adds
 * AXE_BEST_PRACTICE_RULES to the WCAG 2.2 A/AA rules.
 */
export async function axeFindings(page: Page, screen: string, options: { bestPractices?: boolean; include?: string } = {}): Promise<AxeFinding[]> {
  await page.mouse.move(0, 0);
  await animationsSettled(page);
  const builder = new AxeBuilder({ page });
  if (options.include) builder.include(options.include);
  // options() replaces the whole option object: it goes first, withTags() then sets runOnly (an enabled rule wins over runOnly's tags).
  if (options.bestPractices) builder.options({ rules: Object.fromEntries(AXE_BEST_PRACTICE_RULES.map((id) => [id, { enabled: true }])) });
  // analyze() evaluates in the page and opens a helper page, neither bounded by Playwright's timeouts: a hang fails
  // here, naming the screen, instead of running the test into Jest's limit.
  const results = await withinTime(builder.withTags(AXE_TAGS).analyze(), scaled(60_000), `axe scan of ${screen}`);
  // Each node with axe's reason (for colour contrast: both colours and the ratio), short enough for a CI log.
  return results.violations.map((v) => ({ screen, id: v.id, nodes: v.nodes.slice(0, 5).map((n) => `${n.target.join(' ')}: ${n.any[0]?.message ?? n.failureSummary ?? ''}`) }));
}

/** `promise`, or an error naming `what` when it has not settled after `ms`. */
export function withinTime<T>(promise: Promise<T>, ms: number, what: string): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`${what} did not finish within ${ms} ms`)), ms);
  });
  return Promise.race([promise, late]).finally(() => clearTimeout(timer));
}

/** An axe scan of the page, pointer out of the way and animations done: no violations, named by `screen` when some. */
export async function expectNoAxeViolations(page: Page, screen: string, options: { bestPractices?: boolean; include?: string } = {}): Promise<void> {
  expect(await axeFindings(page, screen, options)).toEqual([]);
}

/**
 * A screen in `lang` (issue 27): `<html lang>` is it, none of the screen's `english` texts is left in `scope`, nothing
 * is wider than the viewport, axe is clean; a screenshot `<shot>.png` to look at.
 */
export async function expectTranslatedScreen(
  page: Page,
  lang: string,
  screen: string,
  english: readonly string[],
  options: { scope: string | Locator; shot: string },
): Promise<void> {
  expect(await page.evaluate(() => document.documentElement.lang)).toBe(lang);
  const text = await (typeof options.scope === 'string' ? page.locator(options.scope) : options.scope).innerText();
  expect({ screen, english: english.filter((words) => text.includes(words)) }).toEqual({ screen, english: [] });
  const fits = await page.evaluate(() => document.documentElement.scrollWidth <= document.documentElement.clientWidth);
  expect({ screen, fits }).toEqual({ screen, fits: true });
  await expectNoAxeViolations(page, `${lang} ${screen}`);
  await screenshotTo(page, options.shot);
}

/** A full-page screenshot `<name>.png` in SCREENSHOT_DIR, when that is set (screenshots are looked at, not compared). */
export async function screenshotTo(page: Page, name: string): Promise<void> {
  const dir = process.env.SCREENSHOT_DIR;
  if (!dir) return;
  await animationsSettled(page);
  mkdirSync(dir, { recursive: true });
  await page.screenshot({ path: join(dir, `${name}.png`), fullPage: true });
}

/**
 * A browser suite (or case) written for a feature of this round that has not yet passed on the merged main: it runs
 * only with OKB_RUN_PENDING=1 (`OKB_RUN_PENDING=1 npx jest --runTestsByPath …`), so CI stays an honest signal of what
 * works. The closing note and README ("Tests") list every pending suite and why; never mark a suite that passed before.
 */
export const runPending = process.env.OKB_RUN_PENDING === '1';
export const describePending: jest.Describe = runPending ? describe : describe.skip;
export const itPending: jest.It = runPending ? it : it.skip;
