import type { Browser, Page } from 'playwright-core';
import { CATALOGUES, formatMessage, type MessageId } from '../../locales/index.js';
import { expectTranslatedScreen, launchBrowser, openAs, waitForApp, watchConsole } from '../support/browser.js';
import { ServerProcess, startServer } from '../support/server-process.js';
import { ADMIN_ENV, adminAccount, createBike, userAccount, type CreatedBike } from './shop-fixtures.js';

/**
 * Issue 27: the public pages that were English only, in German and Bangla at 390 px (their language from the URL),
 * opened by a signed-in rider: About (with the account button and Scroll to top), Contact with its validation
 * messages, a server field error and the confirmation, Privacy Policy, Terms of Service, the accessibility report,
 * the 404 page and the error page a failed route shows. None of the screens' English texts is left, nothing is
 * wider than the phone, axe clean; screenshots under SCREENSHOT_DIR.
 */

/** English texts of each screen that must not be left on the translated screen (names, addresses and code aside). */
const ENGLISH = {
  about: ['About Okay Bike', 'We rent bikes', 'View Listings', 'Contact Us', 'Our Team', 'Founder', 'Head of Operations', 'Our Journey', 'The Okay Bike Story', 'is founded', 'Virtual tours'],
  contact: ['Contact Us', 'Questions about', 'Send us a message', 'Subject', 'Message', 'Send Message', 'Address', 'Phone', 'Opening hours', 'Saturday'],
  contactSent: ['Please enter', 'must be', 'Thank you', 'has been received'],
  privacy: ['Privacy Policy', 'Last updated', 'Contents', 'Data we collect', 'How we use', 'Payments', 'session cookie', 'Who we share', 'How long', 'Your rights', 'contact us', 'Contact page'],
  terms: ['Terms of Service', 'Last updated', 'Contents', 'Eligibility', 'Booking and booking fee', 'rounded up', 'Cancellation', 'Late returns', 'Liability', 'Privacy Policy'],
  accessibility: ['Accessibility conformance report', 'Report a barrier', 'Summary', 'How we evaluated', 'Table 1', 'Criterion', 'Remarks and explanations', 'Non-text Content', 'Partially supports', 'Not applicable', 'Backed by', 'No failure is known'],
  notFound: ['Oops', "doesn't exist", 'It may have been moved', 'Go to Homepage'],
  error: ['Something went wrong', 'We could not load', 'Go to Homepage'],
};

describe('The public pages in German and Bangla at 390 px (issue 27)', () => {
  let server: ServerProcess;
  let browser: Browser;
  let bike: CreatedBike;

  beforeAll(async () => {
    [server, browser] = await Promise.all([startServer({ ...ADMIN_ENV, LOGIN_RATE_LIMIT: '1000' }), launchBrowser()]);
    const admin = await adminAccount(server.baseUrl);
    bike = await createBike(server.baseUrl, admin, { name: 'Suzuki Gixxer', brand: 'Suzuki', model: 'Gixxer', quantity: 2, pricePerHour: 8, cc: 155, year: 2022 });
  });

  afterAll(async () => {
    await browser?.close();
    await server?.stop();
  });

  const check = (page: Page, lang: string, screen: keyof typeof ENGLISH) =>
    expectTranslatedScreen(page, lang, screen, ENGLISH[screen], { scope: '#main-content', shot: `i18n-public-${lang}-${screen}-390` });

  it.each(['de', 'bn'] as const)('%s: about, contact, privacy policy, terms, accessibility, 404 and the error page', async (lang) => {
    const m = (id: MessageId) => CATALOGUES[lang][id];
    const rider = await userAccount(server.baseUrl, 'Rafi Ahmed');
    const { context, page } = await openAs(browser, server.baseUrl, rider, { phone: true });
    const seen = watchConsole(page).problems;
    const open = async (path: string, heading: MessageId, status = 200) => {
      const res = await page.goto(`/${lang}${path}`);
      expect({ path, status: res?.status() }).toEqual({ path, status });
      await waitForApp(page);
      await page.getByRole('heading', { level: 1, name: m(heading) }).waitFor();
    };

    // About, signed in: the head, the account button's words and Scroll to top in the language too.
    await open('/about', 'pub.about.title');
    expect(await page.title()).toBe(`${m('pub.about.title')} | Okay Bike`);
    await page.getByRole('button', { name: new RegExp(m('pub.userMenu.accountMenu')) }).waitFor();
    await check(page, lang, 'about');
    expect(await page.locator('#main-content').getByRole('link', { name: m('pub.about.contactUs') }).getAttribute('href')).toBe(`/${lang}/contact`);
    await page.evaluate(() => window.scrollTo(0, document.documentElement.scrollHeight));
    const scrollTop = page.getByRole('button', { name: m('pub.scrollTop.label') });
    await scrollTop.waitFor();
    expect(await scrollTop.getAttribute('title')).toBe(m('pub.scrollTop.title'));

    // Contact: the form's own messages, a server rule said in the language, then the confirmation.
    await open('/contact', 'pub.contact.title');
    expect(await page.title()).toBe(`${m('pub.contact.title')} | Okay Bike`);
    await check(page, lang, 'contact');
    await page.getByRole('button', { name: m('pub.contact.send') }).click();
    await page.getByText(m('pub.contact.required.name')).waitFor();
    await page.getByText(m('pub.contact.required.message')).waitFor();
    await page.getByLabel(m('pub.contact.name'), { exact: true }).fill('Rafi Ahmed');
    await page.getByLabel(m('pub.contact.email'), { exact: true }).fill('rafi@example.com');
    await page.getByLabel(m('pub.contact.subject'), { exact: true }).fill('Gruppe');
    await page.getByLabel(m('pub.contact.message'), { exact: true }).fill('Hallo');
    await page.getByRole('button', { name: m('pub.contact.send') }).click();
    await page.getByText(formatMessage(lang, 'pub.contact.tooShort', { min: 10 })).waitFor();
    await page.getByLabel(m('pub.contact.message'), { exact: true }).fill('Wir sind sechs und möchten am Samstag fahren.');
    await page.getByRole('button', { name: m('pub.contact.send') }).click();
    await page.getByText(m('pub.contact.sent')).waitFor();
    await check(page, lang, 'contactSent');

    // The legal pages: their links keep the language.
    await open('/privacy-policy', 'pub.privacy.title');
    await check(page, lang, 'privacy');
    const privacyLinks = await page.locator('.legal-body a[href^="/"]').evaluateAll((links) => links.map((link) => link.getAttribute('href')));
    expect(privacyLinks).toEqual([`/${lang}/contact`, `/${lang}/contact`]);
    await open('/terms-of-service', 'pub.terms.title');
    await check(page, lang, 'terms');
    const termsLinks = await page.locator('.legal-body a[href^="/"]').evaluateAll((links) => links.map((link) => link.getAttribute('href')));
    expect(termsLinks).toEqual([`/${lang}/contact`, `/${lang}/contact`, `/${lang}/privacy-policy`]);

    // The accessibility report: its rows in the language, "Report a barrier" suggests the subject in it.
    await open('/accessibility', 'pub.a11y.title');
    expect(await page.title()).toBe(`${m('pub.head.accessibility.title')} | Okay Bike`);
    await check(page, lang, 'accessibility');
    const barrier = await page.getByRole('link', { name: m('pub.a11y.reportBarrier') }).first().getAttribute('href');
    expect(barrier).toBe(`/${lang}/contact?${new URLSearchParams({ subject: m('pub.a11y.barrierSubject') })}`);

    // The 404 page.
    await open('/no-such-page', 'pub.notFound.title', 404);
    expect(await page.title()).toBe(`${m('head.notFound.title')} | Okay Bike`);
    await check(page, lang, 'notFound');

    // The error page: a bike that cannot be loaded after a client-side navigation fails its route.
    await open('/allbikes', 'head.allBikes.title');
    await page.route(`**/api/bikes/${bike._id}`, (route) => route.fulfill({ status: 500, json: { success: false, message: 'Internal server error', code: 'INTERNAL' } }));
    await page.getByRole('link', { name: m('bike.viewDetailsOf').replace('{name}', bike.name) }).first().click();
    await page.getByRole('heading', { level: 1, name: m('pub.error.title') }).waitFor();
    expect(await page.locator('#main-content').getByRole('link', { name: m('pub.goHome') }).getAttribute('href')).toBe(`/${lang}`);
    await page.waitForFunction((title) => document.title === title, `${m('pub.error.title')} | Okay Bike`);
    await check(page, lang, 'error');

    // Hydration was clean; the failed requests above are the only console errors.
    expect(seen.filter((problem) => !/the server responded with a status of (400|404|500)/.test(problem))).toEqual([]);
    await context.close();
  });
});
