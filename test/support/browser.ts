import AxeBuilder from '@axe-core/playwright';
import { existsSync, mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { Browser, BrowserContext, chromium, ConsoleMessage, Page } from 'playwright-core';
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
    return context;
  };
  const newPage = browser.newPage.bind(browser);
  browser.newPage = async (...args: Parameters<Browser['newPage']>) => {
    const page = await newPage(...args);
    page.setDefaultTimeout(scaled(30_000));
    page.setDefaultNavigationTimeout(scaled(30_000));
    return page;
  };
  return browser;
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

/** WCAG 2.2 A and AA: the tags every axe scan of the browser suites uses. */
export const AXE_TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa'];

/** Resolves once every finite animation has finished (a spinner or a skeleton's shimmer runs for ever). */
export function animationsSettled(page: Page): Promise<unknown> {
  return page.waitForFunction(() => document.getAnimations().every((a) => a.playState !== 'running' || a.effect?.getTiming().iterations === Infinity));
}

/** An axe scan of the page, pointer out of the way and animations done: no violations, named by `screen` when some. */
export async function expectNoAxeViolations(page: Page, screen: string): Promise<void> {
  await page.mouse.move(0, 0);
  await animationsSettled(page);
  const results = await new AxeBuilder({ page }).withTags(AXE_TAGS).analyze();
  expect(results.violations.map((v) => ({ screen, id: v.id, nodes: v.nodes.slice(0, 5).map((n) => n.target.join(' ')) }))).toEqual([]);
}

/** A full-page screenshot `<name>.png` in SCREENSHOT_DIR, when that is set (screenshots are looked at, not compared). */
export async function screenshotTo(page: Page, name: string): Promise<void> {
  const dir = process.env.SCREENSHOT_DIR;
  if (!dir) return;
  await animationsSettled(page);
  mkdirSync(dir, { recursive: true });
  await page.screenshot({ path: join(dir, `${name}.png`), fullPage: true });
}
