import AxeBuilder from '@axe-core/playwright';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { launchBrowser, newContext, watchConsole } from '../support/browser.js';
import { ServerProcess, startServer } from '../support/server-process.js';
import { Account, ADMIN_ENV, adminAccount, createBike, CreatedBike } from './shop-fixtures.js';

const WCAG = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa'];
const HYDRATION = /hydrat|did not match|Minified React error/i;

describe('Public shop pages', () => {
  let server: ServerProcess;
  let browser: Browser;
  let admin: Account;
  let soldOut: CreatedBike;
  let single: CreatedBike;
  let pair: CreatedBike;
  let volt: CreatedBike;
  let newest: CreatedBike;
  const watchers: { problems: string[] }[] = [];

  beforeAll(async () => {
    [server, browser] = await Promise.all([startServer(ADMIN_ENV), launchBrowser()]);
    const base = server.baseUrl;
    admin = await adminAccount(base);
    // One after another: "Recently" orders by creation time, so the last one created must come first.
    soldOut = await createBike(base, admin, { name: 'Kawasaki Ninja 300', brand: 'Kawasaki', model: 'Ninja', quantity: 0 });
    single = await createBike(base, admin, { name: 'KTM Duke 200', brand: 'KTM', model: 'Duke', quantity: 1 });
    pair = await createBike(base, admin, { name: 'Honda CB Hornet', brand: 'Honda', model: 'Hornet', quantity: 2 });
    for (const model of ['FZ', 'R15', 'MT-15', 'Fascino']) {
      await createBike(base, admin, { name: `Yamaha ${model}`, brand: 'Yamaha', model, quantity: 5 });
    }
    volt = await createBike(base, admin, {
      name: 'Okay Volt E1',
      brand: 'Okay',
      model: 'Volt',
      imgageurl: '/images/bikes/electric-teal.svg',
      quantity: 6,
    });
    newest = await createBike(base, admin, { name: 'Vespa Primavera', brand: 'Vespa', model: 'Primavera', quantity: 3 });
  });

  afterAll(async () => {
    await browser?.close();
    await server?.stop();
  });

  async function open(path: string, options: { dark?: boolean; reducedMotion?: boolean; width?: number } = {}): Promise<{ page: Page; context: BrowserContext }> {
    const context = await newContext(browser, server.baseUrl, options.width ? { viewport: { width: options.width, height: 900 } } : {});
    if (options.dark) await context.addCookies([{ name: 'okb_theme', value: 'dark', url: server.baseUrl }]);
    const page = await context.newPage();
    if (options.reducedMotion) await page.emulateMedia({ reducedMotion: 'reduce' });
    watchers.push(watchConsole(page));
    const res = await page.goto(path);
    expect(res?.status()).toBe(200);
    await page.waitForFunction(() => Object.keys(document.getElementById('root') ?? {}).some((k) => k.startsWith('__react')));
    return { page, context };
  }

  const html = async (path: string) => (await fetch(`${server.baseUrl}${path}`)).text();

  it('renders every page with its texts in the server HTML', async () => {
    const home = await html('/');
    for (const text of [
      'Need Bike For Short Time?',
      'Rent A Bike Now !',
      'Search for by Name',
      'Featured Bikes',
      'Available Bikes',
      'Introducing the',
      'Okay Volt E1',
      '500W motor',
      '80km range',
      'Smart Display',
      'Quick Charge',
      'Reserve Now',
      'Why Choose',
      'Wide Selection',
      'Flexible Rentals',
      'Safety First',
      'Eco-Friendly',
      'Ready to Start Your Adventure?',
      'Book Your Ride',
    ]) {
      expect(home).toContain(text);
    }
    expect(home).toContain(`href="/bike/${volt._id}"`);
    expect(await html('/home')).toContain('Need Bike For Short Time?');

    for (const path of ['/allbikes', '/listings']) {
      const listing = await html(path);
      for (const text of ['Available Bikes', 'Filter Motorcycles', 'Filter by Brand', 'Filter by Model', 'Previous', 'Next']) expect(listing).toContain(text);
      expect(listing).toMatch(/Page (<!-- -->)?1(<!-- -->)? of (<!-- -->)?3/);
    }

    const search = await html('/search?searchTerm=Yamaha');
    expect(search).toContain('Available Bikes');
    expect(search).toContain('Yamaha MT-15');
    expect(search).not.toContain('Vespa Primavera');

    const about = await html('/about');
    for (const text of ['About Okay Bike', 'View Listings', 'Contact Us', 'Our Team', 'Our Journey', 'The Okay Bike Story', '2018', '2023', '$10 million']) {
      expect(about).toContain(text);
    }
    for (const slug of ['ayesha-rahman', 'daniel-okafor', 'lucas-moreau', 'mei-lin-chen']) expect(about).toContain(`/images/team/${slug}.svg`);

    const privacy = await html('/privacy-policy');
    for (const text of ['Privacy Policy', 'okb_token', 'okb_theme', 'payment gateway', 'Your rights']) expect(privacy).toContain(text);
    const terms = await html('/terms-of-service');
    for (const text of ['Terms of Service', 'Tk 100', 'rounded up to the next hour', '15 minutes', 'Late returns', 'licence']) expect(terms).toContain(text);
    const contact = await html('/contact');
    for (const text of ['Contact Us', 'Address', 'Phone', 'Email', 'Opening hours', 'Send Message']) expect(contact).toContain(text);
  });

  it('searches from Home only with a non-blank term', async () => {
    const { page, context } = await open('/');
    const box = page.getByPlaceholder('Search for by Name');
    await box.fill('   ');
    await page.getByRole('button', { name: 'Search', exact: true }).click();
    expect(new URL(page.url()).pathname).toBe('/');

    await box.fill('  Ninja ');
    await page.getByRole('button', { name: 'Search', exact: true }).click();
    await page.waitForURL('**/search?searchTerm=Ninja');
    await page.getByRole('heading', { level: 1, name: 'Available Bikes' }).waitFor();
    await page.getByRole('link', { name: 'Kawasaki Ninja 300', exact: true }).waitFor();
    expect(await page.getByRole('link', { name: /^View Details of/ }).count()).toBe(1);
    await context.close();

    const none = await open('/search?searchTerm=nothing-like-this');
    await none.page.getByText('No bikes match "nothing-like-this".').waitFor();
    await none.context.close();
  });

  it('pages through the listing, filters by brand from page 1 and keeps its state in the URL', async () => {
    const { page, context } = await open('/allbikes');
    const previous = page.getByRole('button', { name: 'Previous' });
    const next = page.getByRole('button', { name: 'Next' });
    expect(await previous.isDisabled()).toBe(true);
    await page.getByText('Page 1 of 3').waitFor();
    await next.click();
    await page.getByText('Page 2 of 3').waitFor();
    await page.waitForURL('**/allbikes?page=2');
    await next.click();
    await page.getByText('Page 3 of 3').waitFor();
    await page.waitForFunction(() => [...document.querySelectorAll('button')].some((b) => b.textContent?.includes('Next') && b.disabled));
    expect(await previous.isDisabled()).toBe(false);

    await page.getByLabel('Filter by Brand').fill('Yamaha');
    await page.getByRole('button', { name: 'Search', exact: true }).click();
    await page.waitForURL((url) => url.searchParams.get('brand') === 'Yamaha' && !url.searchParams.has('page'));
    await page.getByText('Page 1 of 2').waitFor();
    await next.click();
    await page.getByText('Page 2 of 2').waitFor();

    await page.reload();
    await page.getByText('Page 2 of 2').waitFor();
    expect(await page.getByLabel('Filter by Brand').inputValue()).toBe('Yamaha');
    expect(await page.getByRole('link', { name: /^View Details of Yamaha/ }).count()).toBe(1);
    await context.close();
  });

  it('puts the newest bike first under Recently, and /listings is the same screen', async () => {
    const { page, context } = await open('/listings');
    await page.getByText('Recently', { exact: true }).click();
    await page.waitForURL('**/listings?recently=true');
    await page.getByRole('link', { name: `View Details of ${newest.name}` }).waitFor();
    expect(await page.getByRole('link', { name: /^View Details of/ }).first().getAttribute('aria-label')).toBe(`View Details of ${newest.name}`);
    await page.reload();
    expect(await page.getByRole('link', { name: /^View Details of/ }).first().getAttribute('aria-label')).toBe(`View Details of ${newest.name}`);
    await context.close();
  });

  it('shows the availability badge by quantity: 0 red Not Available, 1 green Not Available, 2 green Available', async () => {
    const { page, context } = await open('/allbikes');
    const cases: [CreatedBike, string, string][] = [
      [soldOut, 'Not Available', 'red'],
      [single, 'Not Available', 'green'],
      [pair, 'Available', 'green'],
    ];
    for (const [bike, label, color] of cases) {
      await page.goto(`/search?searchTerm=${encodeURIComponent(bike.name)}`);
      const card = page.locator('.okb-bike-card').filter({ has: page.getByRole('link', { name: bike.name, exact: true }) });
      const badge = card.locator('.okb-bike-card__badge');
      expect((await badge.textContent())?.trim()).toBe(label);
      expect(await badge.getAttribute('class')).toContain(color);
    }
    await context.close();
  });

  it('links About to the listings and the contact page', async () => {
    const { page, context } = await open('/about');
    await page.getByRole('link', { name: 'View Listings' }).click();
    await page.waitForURL('**/listings');
    await page.getByRole('heading', { level: 1, name: 'Available Bikes' }).waitFor();
    await page.goBack();
    await page.getByRole('link', { name: 'Contact Us' }).first().click();
    await page.waitForURL('**/contact');
    await page.getByRole('heading', { level: 1, name: 'Contact Us' }).waitFor();
    await context.close();
  });

  it('sends the contact form, and shows the server field errors on their fields', async () => {
    const { page, context } = await open('/contact');
    await page.getByLabel('Name').fill('Rahim Uddin');
    await page.getByLabel('Email').fill('rahim@example.com');
    await page.getByLabel('Subject').fill('Group booking');
    await page.getByLabel('Message').fill('Hi');
    await page.getByRole('button', { name: 'Send Message' }).click();
    await page.getByText('message must be at least 10 characters').waitFor();

    await page.getByLabel('Message').fill('We are six riders and would like bikes for Saturday.');
    await page.getByRole('button', { name: 'Send Message' }).click();
    await page.getByText('Thank you! Your message has been received.', { exact: false }).waitFor();
    expect(await page.getByLabel('Name').inputValue()).toBe('');
    await context.close();
  });

  it('animates sections on scroll (800 ms, ease-in-out, repeating) only after hydration and never under reduced motion', async () => {
    expect(await html('/')).not.toContain('reveal-armed');

    const { page, context } = await open('/');
    const cta = page.locator('.home-cta');
    await page.waitForFunction(() => document.querySelector('.home-cta')?.classList.contains('reveal-armed'));
    expect(await cta.getAttribute('class')).not.toContain('reveal-shown');
    expect(await cta.evaluate((el) => [getComputedStyle(el).transitionDuration, getComputedStyle(el).transitionTimingFunction])).toEqual([
      '0.8s, 0.8s',
      'ease-in-out, ease-in-out',
    ]);
    await cta.scrollIntoViewIfNeeded();
    await page.waitForFunction(() => document.querySelector('.home-cta')?.classList.contains('reveal-shown'));
    await page.evaluate(() => window.scrollTo(0, 0));
    await page.waitForFunction(() => !document.querySelector('.home-cta')?.classList.contains('reveal-shown'));
    await context.close();

    const still = await open('/', { reducedMotion: true });
    await still.page.locator('.home-cta').scrollIntoViewIfNeeded();
    expect(await still.page.locator('.reveal-armed').count()).toBe(0);
    expect(await still.page.getByRole('button', { name: /^Pause/ }).count()).toBe(0);
    await still.context.close();
  });

  it('advances the testimonials by itself, and stops them with Pause', async () => {
    const { page, context } = await open('/');
    const active = () => page.locator('[aria-label="Testimonials"] .slick-slide.slick-active figcaption strong').first().textContent();
    const first = await active();
    await page.waitForFunction(
      (name) => document.querySelector('[aria-label="Testimonials"] .slick-slide.slick-active figcaption strong')?.textContent !== name,
      first,
    );
    await page.getByRole('button', { name: 'Pause testimonials' }).click();
    await page.getByRole('button', { name: 'Play testimonials' }).waitFor();
    await context.close();
  });

  const AXE_PAGES = [false, true].flatMap((dark) =>
    ['/', '/allbikes', '/search?searchTerm=Yamaha', '/about', '/contact', '/privacy-policy', '/terms-of-service'].map((path) => ({ dark, path })),
  );

  // One test per page and theme: fourteen axe scans in one test outgrew a test's time on a busy machine.
  it.each(AXE_PAGES)('passes axe (WCAG 2.2 AA) on $path (dark: $dark), without hydration warnings', async ({ dark, path }) => {
    const { page, context } = await open(path, { dark, reducedMotion: true });
    const results = await new AxeBuilder({ page }).withTags(WCAG).analyze();
    const summary = results.violations.map((v) => `${dark ? 'dark' : 'light'} ${path} ${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`);
    expect(summary).toEqual([]);
    await context.close();
    expect(watchers.flatMap((w) => w.problems).filter((p) => HYDRATION.test(p))).toEqual([]);
  });
});
