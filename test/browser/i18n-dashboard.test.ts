import type { Browser, Locator, Page } from 'playwright-core';
import { CATALOGUES, type MessageId } from '../../locales/index.js';
import { expectTranslatedScreen, launchBrowser, openAs, waitForApp, watchConsole } from '../support/browser.js';
import { ServerProcess, startServer } from '../support/server-process.js';
import { ADMIN_ENV, adminAccount, call, createBike, eventually, paidRental, reviewedRental, userAccount, type Account } from './shop-fixtures.js';

/**
 * Issue 27: a German and a Bangla customer's own dashboard at 390 px (their profile's language): the dashboard home
 * with a favourite, Profile (its reviews, favourites and a settings dialog), Update Profile with a refused email
 * (toast and field message) and Password & Security with its validation messages. None of the screens' English
 * texts is left, nothing is wider than the phone, axe clean; screenshots under SCREENSHOT_DIR.
 */

/** English texts of each screen that must not be left on the translated screen (the shop's name aside). */
const ENGLISH = {
  home: ['Welcome', 'Navigaate', 'You are a', 'Edit Profile', 'Our Favorite Rides', 'View Details', 'Remove', 'Price', 'Brand', 'Model', 'Year', 'Available', '/hour'],
  profile: ['Bike Enthusiast', 'Edit Profile', 'Personal Information', 'Email', 'Phone', 'Address', 'Language', 'My Reviews', 'Rating', 'Comment', 'Favorite Bikes', 'Account Settings', 'Password & Security', 'Payment Methods', 'Notifications', '/hour', 'out of 5'],
  settings: ['Payment Methods', 'never stores card', 'Saved payment methods', 'Contact support', 'My Rentals', 'Got it'],
  update: ['Update Profile', 'Keep your contact', 'Personal Information', 'Email', 'Phone', 'Address', 'Language', 'Cancel', 'Save Changes', 'Profile Update Failed', 'email'],
  review: ['Paid Rentals', 'Tell other riders', 'Booking Date', 'Return Date', 'Add Review', 'Go to My Rentals'],
  reviewDialog: ['Add Review', 'Rating', 'Choose 1 to 5', 'Your review', 'Write your review', 'Cancel', 'Submit Review'],
  password: ['Password & Security', 'Choose a new password', 'Current password', 'New password', 'Confirm new password', 'Change Password', 'Please enter', 'Please repeat', 'do not match'],
};

describe("A German and a Bangla customer's own dashboard at 390 px (issue 27)", () => {
  let server: ServerProcess;
  let browser: Browser;
  let admin: Account;
  const problems: string[][] = [];

  beforeAll(async () => {
    [server, browser] = await Promise.all([startServer({ ...ADMIN_ENV, LOGIN_RATE_LIMIT: '1000', BOOKING_RATE_LIMIT: '1000' }), launchBrowser()]);
    admin = await adminAccount(server.baseUrl);
  });

  afterAll(async () => {
    await browser?.close();
    await server?.stop();
  });

  afterEach(() => {
    for (const list of problems.splice(0)) expect(list).toEqual([]);
  });

  /** The screen in the language: none of its English texts, nothing wider than the phone, axe clean; a screenshot. */
  const check = (page: Page, lang: string, screen: keyof typeof ENGLISH, scope: string | Locator = '#main-content') =>
    expectTranslatedScreen(page, lang, screen, ENGLISH[screen], { scope, shot: `i18n-dashboard-${lang}-${screen}-390` });

  it.each(['de', 'bn'] as const)('%s: dashboard home, profile, update profile and password', async (lang) => {
    const m = (id: MessageId) => CATALOGUES[lang][id];
    const user = await userAccount(server.baseUrl, 'Rafi Ahmed');
    await call(server.baseUrl, 'PUT', 'users/me', { token: user.token, body: { language: lang } });
    const bike = await createBike(server.baseUrl, admin, { name: `Yamaha FZ ${lang}`, brand: 'Yamaha', model: 'FZ', quantity: 2, pricePerHour: 9.5, cc: 150, year: 2022 });
    await reviewedRental(server.baseUrl, user, admin, bike._id, { rating: 4.5, comment: 'Smooth ride through the old town and back again.' });
    await paidRental(server.baseUrl, user, admin, bike._id);
    await call(server.baseUrl, 'POST', 'favourite', { token: user.token, body: { bikeId: bike._id } });

    const { context, page } = await openAs(browser, server.baseUrl, user, { phone: true });
    const seen = watchConsole(page).problems;
    problems.push(seen);

    // The dashboard home: the greeting, the role badge and the favourite's card.
    await page.goto('/dashboard');
    await waitForApp(page);
    await page.getByRole('heading', { level: 1, name: m('dashboardHome.welcome').replace('{name}', user.name) }).waitFor();
    await page.getByRole('button', { name: m('favRides.removeOf').replace('{name}', bike.name) }).waitFor();
    await check(page, lang, 'home');

    // Profile: its reviews table, favourite tile and the settings' dialog.
    await page.goto('/dashboard/profile');
    await waitForApp(page);
    await page.getByText(m('profile.tagline')).waitFor();
    await page.getByRole('table').waitFor();
    await page.getByRole('link', { name: bike.name }).first().waitFor();
    await check(page, lang, 'profile');
    await page.getByRole('button', { name: m('profile.settings.payments') }).click();
    const dialog = page.getByRole('dialog', { name: m('profile.settings.payments') });
    await dialog.getByRole('button', { name: m('profile.settings.gotIt') }).waitFor();
    await check(page, lang, 'settings', dialog);
    await dialog.getByRole('button', { name: m('profile.settings.gotIt') }).click();
    await dialog.waitFor({ state: 'detached' });

    // Update Profile: the language field shows the choice; a malformed email is refused in the language.
    await page.goto('/dashboard/updateprofile');
    await waitForApp(page);
    await page.getByRole('heading', { level: 1, name: m('updateProfile.title') }).waitFor();
    await page.locator('.profile-form').getByText(lang === 'de' ? 'Deutsch' : 'বাংলা').waitFor();
    await check(page, lang, 'update');
    await page.getByLabel(m('profile.email'), { exact: true }).fill('not-an-email');
    await page.getByRole('button', { name: m('profile.save') }).click();
    await page.getByText(m('profile.updateFailed')).waitFor();
    await page.getByText(m('signup.emailInvalid')).waitFor();
    // The toast and the field's message in the language, none of the English ones (the API's own included).
    const refusedText = await page.locator('body').innerText();
    expect(ENGLISH.update.filter((english) => refusedText.includes(english))).toEqual([]);
    // The refused save is the browser's one expected failed request.
    await eventually('the refused save in the console', () => seen.some((problem) => /status of 400/.test(problem)));
    seen.splice(seen.findIndex((problem) => /status of 400/.test(problem)), 1);

    // Add Review: the paid rental waiting for its review, and the review dialog.
    await page.goto('/dashboard/myrentals');
    await waitForApp(page);
    await page.getByRole('heading', { level: 1, name: m('addReview.title') }).waitFor();
    const reviewButton = page.getByRole('button', { name: m('addReview.addFor').replace('{bike}', bike.name) });
    await reviewButton.waitFor();
    await check(page, lang, 'review');
    await reviewButton.click();
    const reviewDialog = page.getByRole('dialog', { name: m('addReview.addFor').replace('{bike}', bike.name) });
    await reviewDialog.getByRole('button', { name: m('addReview.submit') }).waitFor();
    await check(page, lang, 'reviewDialog', reviewDialog);
    await reviewDialog.getByRole('button', { name: m('profile.cancel') }).click();
    await reviewDialog.waitFor({ state: 'detached' });

    // Password & Security: the form's own messages.
    await page.goto('/dashboard/password');
    await waitForApp(page);
    await page.getByRole('heading', { level: 1, name: m('profile.settings.password') }).waitFor();
    await page.getByLabel(m('password.new'), { exact: true }).fill('short');
    await page.getByLabel(m('password.confirm'), { exact: true }).fill('other');
    await page.getByRole('button', { name: m('password.submit') }).click();
    await page.getByText(m('password.currentRequired')).waitFor();
    await page.getByText(m('password.mismatch')).waitFor();
    await check(page, lang, 'password');

    // The profile's language field: choosing the other language saves it, and the dashboard follows at once.
    const other = lang === 'de' ? 'bn' : 'de';
    await page.goto('/dashboard/updateprofile');
    await waitForApp(page);
    await page.locator('.profile-form').getByLabel(m('language.label'), { exact: true }).click();
    await page.locator('.ant-select-item-option').filter({ hasText: other === 'de' ? 'Deutsch' : 'বাংলা' }).click();
    await page.getByRole('button', { name: m('profile.save') }).click();
    await page.getByRole('heading', { level: 1, name: CATALOGUES[other]['updateProfile.title'] }).waitFor();
    expect(await page.evaluate(() => document.documentElement.lang)).toBe(other);
    const me = await call<{ language: string }>(server.baseUrl, 'GET', 'users/me', { token: user.token });
    expect(me.language).toBe(other);
    await context.close();
  });
});
