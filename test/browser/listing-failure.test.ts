import type { Browser, BrowserContext, Page } from 'playwright-core';
import { launchBrowser, newContext } from '../support/browser.js';
import { ServerProcess, startServer } from '../support/server-process.js';
import { eventually } from './shop-fixtures.js';

/**
 * Issue 20 item 20: a failing public listing says so quickly. The route loader asks for the bikes (one request and
 * one retry, each given up by the page), and the page then shows that failure with a Retry button instead of asking
 * again itself. A listing that loads is unchanged: the server's HTML hydrates without a request, a filter is one.
 */

const LISTING = /\/api\/bikes\?/;

describe('A failing listing says so quickly (issue 20 item 20)', () => {
  let server: ServerProcess;
  let browser: Browser;

  beforeAll(async () => {
    [server, browser] = await Promise.all([startServer(), launchBrowser()]);
  }, 120_000);

  afterAll(async () => {
    await browser?.close();
    await server?.stop();
  });

  /** A visitor's page, with every listing request the browser makes and every one it gave up. */
  async function visitor(): Promise<{ context: BrowserContext; page: Page; asked: string[]; given: string[] }> {
    const context = await newContext(browser, server.baseUrl);
    const page = await context.newPage();
    const asked: string[] = [];
    const given: string[] = [];
    page.on('request', (request) => {
      if (LISTING.test(request.url())) asked.push(request.url());
    });
    page.on('requestfailed', (request) => {
      if (LISTING.test(request.url())) given.push(request.failure()?.errorText ?? '');
    });
    return { context, page, asked, given };
  }

  /** From now on the listing's requests never get an answer: only the page's own limit can end them. */
  async function hang(page: Page): Promise<() => Promise<void>> {
    const handler = () => undefined;
    await page.route(LISTING, handler);
    return () => page.unroute(LISTING, handler);
  }

  it('All Bikes: one request and one retry, each given up by the page, then the error with a Retry that works', async () => {
    const { context, page, asked, given } = await visitor();
    await page.goto('/allbikes');
    await page.getByText('No bikes match these filters.').waitFor();
    // The server's HTML carried the listing: hydrating it asked for nothing.
    expect(asked).toHaveLength(0);

    const answer = await hang(page);
    await page.getByLabel('Filter by Brand').fill('Nowhere');
    await page.getByLabel('Filter by Brand').press('Enter');
    // While waiting the grid shows placeholders (a busy status region where the cards were), not nothing.
    await page.locator('.okb-bike-grid[aria-busy="true"][role="status"]').waitFor();
    await page.getByText('The bikes could not be loaded.').waitFor();
    await eventually('both requests given up', () => given.length >= 2);
    expect(asked).toHaveLength(2);
    expect(given).toHaveLength(2);
    expect(page.url()).toContain('brand=Nowhere');

    // Retry asks once more, and the listing shows what the API now answers.
    await answer();
    await page.getByRole('button', { name: 'Retry' }).click();
    await page.getByText('No bikes match these filters.').waitFor();
    expect(asked).toHaveLength(3);
    await context.close();
  }, 120_000);

  it('All Bikes reached from another page: one request and one retry, then the error', async () => {
    const { context, page, asked, given } = await visitor();
    await page.goto('/search?searchTerm=Tourer');
    await page.getByText(/No bikes match/).waitFor();
    await hang(page);
    await page.getByRole('link', { name: 'Browse all bikes' }).click();
    await page.getByText('The bikes could not be loaded.').waitFor();
    await eventually('both requests given up', () => given.length >= 2);
    expect(asked).toHaveLength(2);
    expect(given).toHaveLength(2);
    expect(new URL(page.url()).pathname).toBe('/allbikes');
    await page.getByRole('button', { name: 'Retry' }).waitFor();
    await context.close();
  }, 120_000);

  it('All Bikes that load: a filter is one request, with no second one from the page', async () => {
    const { context, page, asked } = await visitor();
    await page.goto('/allbikes?brand=Somewhere');
    await page.getByText('No bikes match these filters.').waitFor();
    expect(asked).toHaveLength(0);
    await page.getByLabel('Filter by Brand').fill('Elsewhere');
    await page.getByLabel('Filter by Brand').press('Enter');
    await page.waitForURL(/brand=Elsewhere/);
    await page.getByText('No bikes match these filters.').waitFor();
    expect(asked).toHaveLength(1);
    await context.close();
  }, 120_000);

  it('Search: a failing search is one request and one retry, then its error', async () => {
    const { context, page, asked, given } = await visitor();
    await page.goto('/search?searchTerm=Tourer');
    await page.getByText(/No bikes match/).waitFor();
    expect(asked).toHaveLength(0);

    await hang(page);
    await page.getByLabel('Search bikes by name').fill('Cruiser');
    await page.getByLabel('Search bikes by name').press('Enter');
    await page.getByText('The search could not be loaded.').waitFor();
    await eventually('both requests given up', () => given.length >= 2);
    expect(asked).toHaveLength(2);
    expect(given).toHaveLength(2);
    await page.getByRole('button', { name: 'Retry' }).waitFor();
    await context.close();
  }, 120_000);
});
