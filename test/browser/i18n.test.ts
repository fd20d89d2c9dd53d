import type { Browser, Page } from 'playwright-core';
import { expectNoAxeViolations, launchBrowser, newContext, screenshotTo, waitForApp, watchConsole } from '../support/browser.js';
import { ServerProcess, startServer } from '../support/server-process.js';
import { ADMIN_ENV, adminAccount, createBike, type CreatedBike } from './shop-fixtures.js';

/**
 * Issue 27: the shop in German and Bangla at 390 px. The language is in the URL (English at today's URLs), the
 * server writes <html lang>, hreflang alternates and the page's texts in that language, the switcher keeps the
 * page, and nothing overflows the phone's width.
 */
// Bangla needs a Bengali font, which Debian's Chromium lacks: .ci/run installs fonts-lohit-beng-bengali.
describe('The shop in German and Bangla', () => {
  let server: ServerProcess;
  let browser: Browser;
  let bike: CreatedBike;
  const problems: string[][] = [];

  beforeAll(async () => {
    [server, browser] = await Promise.all([startServer(ADMIN_ENV), launchBrowser()]);
    const admin = await adminAccount(server.baseUrl);
    bike = await createBike(server.baseUrl, admin, { name: 'Honda CB Hornet', brand: 'Honda', model: 'Hornet', quantity: 3, pricePerHour: 12.5, cc: 160, year: 2023 });
  });

  afterAll(async () => {
    await browser?.close();
    await server?.stop();
  });

  afterEach(() => {
    for (const list of problems.splice(0)) expect(list).toEqual([]);
  });

  async function phone(path: string, dark = false): Promise<Page> {
    const context = await newContext(browser, server.baseUrl, { viewport: { width: 390, height: 844 } });
    if (dark) await context.addCookies([{ name: 'okb_theme', value: 'dark', url: server.baseUrl }]);
    const page = await context.newPage();
    problems.push(watchConsole(page).problems);
    const res = await page.goto(path);
    expect(res?.status()).toBe(200);
    await waitForApp(page);
    return page;
  }

  const noOverflow = (page: Page) => page.evaluate(() => document.documentElement.scrollWidth <= document.documentElement.clientWidth);

  it('the server writes each language: lang, title, hreflang alternates, canonical', async () => {
    const read = async (path: string) => (await fetch(`${server.baseUrl}${path}`)).text();
    const [en, de, bn] = await Promise.all([read('/allbikes'), read('/de/allbikes'), read('/bn/allbikes')]);
    expect(en).toMatch(/<html[^>]* lang="en"/);
    expect(de).toMatch(/<html[^>]* lang="de"/);
    expect(bn).toMatch(/<html[^>]* lang="bn"/);
    expect(en).toContain('<title>Available Bikes | Okay Bike</title>');
    expect(de).toContain('<title>Verfügbare Motorräder | Okay Bike</title>');
    expect(bn).toContain('<title>ভাড়ার জন্য বাইক | Okay Bike</title>');
    for (const page of [en, de, bn]) {
      expect(page).toContain(`<link rel="alternate" hreflang="en" href="${server.baseUrl}/allbikes">`);
      expect(page).toContain(`<link rel="alternate" hreflang="de" href="${server.baseUrl}/de/allbikes">`);
      expect(page).toContain(`<link rel="alternate" hreflang="bn" href="${server.baseUrl}/bn/allbikes">`);
      expect(page).toContain(`<link rel="alternate" hreflang="x-default" href="${server.baseUrl}/allbikes">`);
    }
    expect(de).toContain(`<link rel="canonical" href="${server.baseUrl}/de/allbikes">`);
    expect(de).toContain('Motorräder filtern');
    expect(de).toContain('Preis pro Stunde');
    expect(de).toContain('12,50');
    expect(bn).toContain('প্রতি ঘণ্টার ভাড়া');
    expect(bn).toContain('১২.৫০');
    expect(en).toContain('Filter Motorcycles');
    expect(en).toContain('$12.50');

    const sitemap = await read('/sitemap.xml');
    expect(sitemap).toContain(`<loc>${server.baseUrl}/de/bike/${bike._id}</loc>`);
    expect(sitemap).toContain(`<loc>${server.baseUrl}/bn/allbikes</loc>`);
    expect(sitemap).toContain(`hreflang="bn" href="${server.baseUrl}/bn/bike/${bike._id}"`);
  });

  it.each([
    ['de', 'Alle Motorräder', 'Verfügbare Motorräder', 'Details ansehen', 'Zurück'],
    ['bn', 'সব বাইক', 'ভাড়ার জন্য বাইক', 'বিস্তারিত দেখুন', 'আগের'],
  ] as const)('all bikes in %s at 390 px: translated, no overflow, axe clean, light and dark', async (lang, menuItem, heading, details, previous) => {
    for (const dark of [false, true]) {
      const page = await phone(`/${lang}/allbikes`, dark);
      expect(await page.evaluate(() => document.documentElement.lang)).toBe(lang);
      expect(await page.getByRole('heading', { level: 1 }).innerText()).toBe(heading);
      expect(await page.getByRole('link', { name: details }).first().isVisible()).toBe(true);
      expect(await page.getByRole('button', { name: previous }).isVisible()).toBe(true);
      // No English left on the screen's own texts (brand names and the shop's name aside).
      const text = await page.locator('#root').innerText();
      for (const english of ['Available Bikes', 'Filter by Brand', 'View Details', 'Hourly Price', 'Previous', 'Page 1 of']) expect(text).not.toContain(english);
      expect(await noOverflow(page)).toBe(true);
      await expectNoAxeViolations(page, `${lang} all bikes${dark ? ' dark' : ''}`);
      await screenshotTo(page, `i18n-${lang}-allbikes-390${dark ? '-dark' : ''}`);

      // The menu drawer in the language, its links keep the language.
      await page.getByRole('button', { name: lang === 'de' ? 'Menü öffnen' : 'মেনু খুলুন' }).click();
      const link = page.locator('#mobile-menu').getByRole('link', { name: menuItem });
      await link.waitFor();
      expect(await link.getAttribute('href')).toBe(`/${lang}/allbikes`);
      await screenshotTo(page, `i18n-${lang}-menu-390${dark ? '-dark' : ''}`);
      await page.context().close();
    }
  });

  it('the switcher keeps the page and its query; the card and login links keep the language', async () => {
    const page = await phone('/allbikes?brand=Honda');
    await page.getByRole('combobox', { name: 'Language' }).selectOption('de');
    await page.waitForURL('**/de/allbikes?brand=Honda');
    expect(await page.getByRole('heading', { level: 1 }).innerText()).toBe('Verfügbare Motorräder');
    expect(await page.evaluate(() => document.documentElement.lang)).toBe('de');
    expect(await page.locator('link[rel="canonical"]').getAttribute('href')).toBe(`${server.baseUrl}/de/allbikes`);
    expect(await page.getByRole('link', { name: 'Details ansehen' }).first().getAttribute('href')).toBe(`/de/bike/${bike._id}`);

    await page.getByRole('combobox', { name: 'Sprache' }).selectOption('bn');
    await page.waitForURL('**/bn/allbikes?brand=Honda');
    expect(await page.getByRole('heading', { level: 1 }).innerText()).toBe('ভাড়ার জন্য বাইক');

    await page.getByRole('combobox', { name: 'ভাষা' }).selectOption('en');
    await page.waitForURL((url) => url.pathname === '/allbikes');
    expect(await page.getByRole('heading', { level: 1 }).innerText()).toBe('Available Bikes');
    await page.context().close();

    const login = await phone('/bn/login');
    expect(await login.getByRole('heading', { level: 1 }).innerText()).toBe('লগইন');
    await login.getByRole('button', { name: 'লগইন' }).click();
    await login.getByText('আপনার ইমেইল লিখুন').waitFor();
    expect(await noOverflow(login)).toBe(true);
    await screenshotTo(login, 'i18n-bn-login-390');
    await login.context().close();
  });
});
