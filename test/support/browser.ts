import { existsSync } from 'node:fs';
import { Browser, BrowserContext, chromium, ConsoleMessage, Page } from 'playwright-core';

export const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

/** Debian's Chromium, headless, with the flags that work on these machines. Never a downloaded browser. */
export async function launchBrowser(): Promise<Browser> {
  if (!existsSync(CHROMIUM)) {
    throw new Error(`Chromium not found at ${CHROMIUM}: install it with \`apt-get install -y chromium\` (or set CHROMIUM_PATH)`);
  }
  return chromium.launch({
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

export async function newContext(browser: Browser, baseURL: string, options: { viewport?: { width: number; height: number }; colorScheme?: 'light' | 'dark' } = {}): Promise<BrowserContext> {
  return browser.newContext({ baseURL, viewport: options.viewport ?? { width: 1280, height: 900 }, colorScheme: options.colorScheme ?? 'light' });
}
