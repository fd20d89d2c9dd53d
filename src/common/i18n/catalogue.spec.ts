import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';
import { parse, TYPE, type MessageFormatElement } from '@formatjs/icu-messageformat-parser';
import ts from 'typescript';
import { CATALOGUES, formatMessage, LOCALES, type MessageId } from '../../../locales/index.js';
import { projectRoot } from '../project-root.js';

/**
 * The catalogue check of CI (issue 27): every language has exactly the English catalogue's keys, every message
 * parses as ICU and keeps its arguments, every key is used by the code, and no customer-facing text is left
 * hard-coded in the files that were moved to the catalogues (TRANSLATED below).
 */
const root = projectRoot();
const english = CATALOGUES.en;
const ids = Object.keys(english) as MessageId[];

/** The files whose every customer-facing text comes from the catalogues (the README names the same list). */
export const TRANSLATED = [
  'client/components/MainLayout.tsx',
  'client/components/SiteHeader.tsx',
  'client/components/MobileMenuDrawer.tsx',
  'client/components/SiteFooter.tsx',
  'client/components/SearchBox.tsx',
  'client/components/Pager.tsx',
  'client/components/BikeCard.tsx',
  'client/components/LanguageSwitcher.tsx',
  'client/pages/all-bikes/AllBikesPage.tsx',
  'client/pages/login/LoginPage.tsx',
  'client/pages/bike-detail/BikeDetailPage.tsx',
  'client/pages/bike-detail/RentPanel.tsx',
  'client/pages/bike-detail/BookNowModal.tsx',
  'client/components/BookingForm.tsx',
  'client/components/QuoteSummary.tsx',
  'client/pages/home/HomePage.tsx',
  'client/pages/home/SlideCarousel.tsx',
  'client/pages/search/SearchPage.tsx',
  'client/pages/signup/SignupPage.tsx',
  'client/pages/payment-result/PaymentResultPage.tsx',
  'client/pages/rentals/RentalsPage.tsx',
  'client/pages/rentals/RentalCard.tsx',
  'client/components/RentalDocuments.tsx',
  'client/components/rental-display.tsx',
  'client/components/AvailabilityCalendar.tsx',
  'client/components/CouponField.tsx',
  'client/components/DashboardLayout.tsx',
  'client/components/AccountDropdown.tsx',
  'client/pages/bike-detail/RelatedBikes.tsx',
  'client/pages/bike-detail/ReviewList.tsx',
  'client/pages/checkout/CheckoutPage.tsx',
  'client/pages/rentals/RentalActions.tsx',
  'client/components/LoadError.tsx',
  'client/components/RetryFeeButton.tsx',
  'client/components/HoldCountdown.tsx',
  'client/pages/profile/ProfilePage.tsx',
  'client/pages/profile/ProfileHeader.tsx',
  'client/components/ProfileForm.tsx',
  'client/components/ProfileUnavailable.tsx',
  'client/pages/profile/MyReviewsCard.tsx',
  'client/pages/profile/FavoriteBikesCard.tsx',
  'client/pages/profile/AccountSettingsCard.tsx',
  'client/pages/update-profile/UpdateProfilePage.tsx',
  'client/pages/change-password/ChangePasswordPage.tsx',
  'client/pages/dashboard-home/DashboardHomePage.tsx',
  'client/pages/dashboard-home/FavouriteRides.tsx',
  'client/components/AvailabilityTag.tsx',
  'client/pages/add-review/AddReviewPage.tsx',
  'client/pages/add-review/AddReviewModal.tsx',
  // h-pub: the public pages and the bits every page carries
  'client/pages/about/AboutPage.tsx',
  'client/pages/accessibility/AccessibilityPage.tsx',
  'client/pages/contact/ContactPage.tsx',
  'client/pages/privacy-policy/PrivacyPolicyPage.tsx',
  'client/pages/terms-of-service/TermsOfServicePage.tsx',
  'client/pages/not-found/NotFoundPage.tsx',
  'client/components/LegalPage.tsx',
  'client/components/NotFoundContent.tsx',
  'client/components/RouteErrorPage.tsx',
  'client/components/ProblemState.tsx',
  'client/components/ScrollToTopButton.tsx',
  'client/components/ShopNotices.tsx',
  'client/components/UserMenu.tsx',
  'client/components/BikeGrid.tsx',
  // The admin screens and the dashboard home's overview (h-admin)
  'client/pages/dashboard-home/AdminOverview.tsx',
  'client/pages/dashboard-home/DashboardCharts.tsx',
  'client/pages/dashboard-home/chart-data.ts',
  'client/components/StatusTag.tsx',
  'client/components/BikeForm.tsx',
  'client/pages/all-users/AllUsersPage.tsx',
  'client/pages/admin-bikes/AdminBikesPage.tsx',
  'client/pages/add-bike/AddBikePage.tsx',
  'client/pages/update-bike/UpdateBikePage.tsx',
  'client/pages/shop-settings/ShopSettingsPage.tsx',
  'client/pages/exports/ExportsPage.tsx',
  'client/pages/emails/EmailsPage.tsx',
  'client/pages/webhooks/WebhooksPage.tsx',
  // h-cust: the agreement a customer signs, the booking widget's frame, the datetime read-back
  'client/components/DateTimeInput.tsx',
  'client/components/SignaturePad.tsx',
  'client/components/Markdown.tsx',
  'client/pages/agreement/SignAgreementPage.tsx',
  'client/pages/agreement/AgreementAdminPage.tsx',
  'client/pages/embed/EmbedPage.tsx',
  'client/pages/embed/EmbedResultPage.tsx',
  // h-desk: the gift card pages, Return Bikes, Payments needing attention, Add-ons & Codes
  'client/pages/gift-cards/GiftCardResultPage.tsx',
  'client/pages/gift-cards/GiftCardsPage.tsx',
  'client/pages/return-bikes/ReturnBikesPage.tsx',
  'client/pages/return-bikes/ReturnModal.tsx',
  'client/pages/return-bikes/DepositsToSettle.tsx',
  'client/pages/payments-attention/PaymentsAttentionPage.tsx',
  'client/pages/payments-attention/DepositAttention.tsx',
  'client/pages/addons/AddonsPage.tsx',
  // The counter and the fleet (h-fleet), and what they share with the customer's rentals
  'client/pages/fleet/FleetPage.tsx',
  'client/pages/fleet/Timeline.tsx',
  'client/pages/fleet/BikePicker.tsx',
  'client/pages/fleet/CounterPage.tsx',
  'client/pages/fleet/ScanPanel.tsx',
  'client/pages/fleet/RentalCounterCard.tsx',
  'client/pages/fleet/CounterSalePage.tsx',
  'client/components/AddonPicker.tsx',
  'client/components/DamageReportView.tsx',
  'client/components/DepositState.tsx',
  'client/pages/rentals/ReturnReport.tsx',
];

function sourceFiles(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) return sourceFiles(path);
    return /\.tsx?$/.test(name) && !/\.(spec|test)\.tsx?$/.test(name) ? [path] : [];
  });
}

/** ICU argument names of a message ('{page} of {total}' -> page, total), read from the ICU parser's tree. */
function argumentsOf(message: string): string[] {
  const names = new Set<string>();
  const walk = (elements: MessageFormatElement[]) => {
    for (const element of elements) {
      if (element.type === TYPE.pound || element.type === TYPE.literal) continue;
      if (element.type !== TYPE.tag) names.add(element.value);
      if (element.type === TYPE.tag) walk(element.children);
      if (element.type === TYPE.select || element.type === TYPE.plural) for (const option of Object.values(element.options)) walk(option.value);
    }
  };
  walk(parse(message));
  return [...names].sort();
}

/** Arguments that take numbers (plural, number). */
const NUMERIC = new Set(['year', 'min', 'rating', 'page', 'total', 'count', 'n', 'max', 'free', 'cc', 'hours', 'minutes', 'bikes']);

describe('message catalogues', () => {
  it.each(LOCALES.filter((locale) => locale !== 'en'))('%s has exactly the English keys, each with the same arguments', (locale) => {
    const catalogue = CATALOGUES[locale];
    expect(Object.keys(catalogue).sort()).toEqual([...ids].sort());
    for (const id of ids) {
      expect({ id, args: argumentsOf(catalogue[id]) }).toEqual({ id, args: argumentsOf(english[id]) });
      expect(catalogue[id].trim()).not.toBe('');
    }
  });

  it('every message of every language parses and formats as ICU', () => {
    for (const locale of LOCALES) {
      for (const id of ids) {
        const values: Record<string, unknown> = Object.fromEntries(argumentsOf(english[id]).map((name) => [name, NUMERIC.has(name) ? 2 : 'x']));
        // Rich-text tags (<b>…</b>, <date></date>) take a function of their chunks.
        for (const [, tag] of english[id].matchAll(/<([a-z]+)>/g)) values[tag] = (chunks: string[]) => chunks.join('');
        expect(() => formatMessage(locale, id, values as Record<string, string | number>)).not.toThrow();
      }
    }
  });

  it('every key is used by the code (none left over)', () => {
    // locales/ holds shared helpers too (localizeQuoteLabel); the catalogues themselves do not count as use.
    const helpers = sourceFiles(join(root, 'locales')).filter((file) => !LOCALES.some((locale) => file.endsWith(`${locale}.ts`)));
    const code = [...sourceFiles(join(root, 'client')), ...sourceFiles(join(root, 'src')), ...helpers].map((file) => readFileSync(file, 'utf8')).join('\n');
    const unused = ids.filter((id) => !code.includes(`'${id}'`));
    // The API's error messages are looked up by their English text (src/common/i18n/i18n.ts), not by key.
    expect(unused.filter((id) => !id.startsWith('api.error.'))).toEqual([]);
  });

  it('every api.error message is a message the server really sends', () => {
    const server = sourceFiles(join(root, 'src')).filter((file) => !file.includes(`${join('src', 'common', 'i18n')}`)).map((file) => readFileSync(file, 'utf8')).join('\n');
    const missing = ids.filter((id) => id.startsWith('api.error.')).filter((id) => !server.includes(`'${english[id]}'`));
    expect(missing).toEqual([]);
  });

  it('Bangla formats numbers with Bangla digits', () => {
    expect(formatMessage('bn', 'pager.info', { page: 2, total: 13 })).toBe('১৩ পৃষ্ঠার ২ নম্বর');
    expect(formatMessage('en', 'footer.copyright', { year: 2026 })).toBe('Copyright © 2026 Okay Bike. All rights reserved.');
  });
});

/** Attributes whose text a person reads or hears. */
const TEXT_ATTRIBUTES = new Set(['title', 'label', 'aria-label', 'placeholder', 'alt', 'lead', 'description', 'message', 'tooltip', 'okText', 'cancelText']);

/** Hard-coded texts in a file: JSX text with letters, and text attributes given as string literals. */
function hardCoded(file: string): string[] {
  const source = ts.createSourceFile(file, readFileSync(file, 'utf8'), ts.ScriptTarget.Latest, true, ts.ScriptKind.TSX);
  const found: string[] = [];
  const visit = (node: ts.Node) => {
    if (ts.isJsxText(node) && /\p{L}/u.test(node.text)) found.push(node.text.trim());
    if (ts.isJsxAttribute(node) && node.initializer && ts.isStringLiteral(node.initializer) && TEXT_ATTRIBUTES.has(node.name.getText()) && /\p{L}/u.test(node.initializer.text)) {
      found.push(`${node.name.getText()}="${node.initializer.text}"`);
    }
    if (ts.isPropertyAssignment(node) && ['label', 'message', 'title'].includes(node.name.getText()) && ts.isStringLiteral(node.initializer) && /\p{L}/u.test(node.initializer.text) && !/^[a-z]+(\.[A-Za-z]+)+$/.test(node.initializer.text)) {
      found.push(`${node.name.getText()}: '${node.initializer.text}'`);
    }
    ts.forEachChild(node, visit);
  };
  visit(source);
  return found;
}

describe('no hard-coded customer-facing text in the translated files', () => {
  it.each(TRANSLATED)('%s', (file) => {
    expect({ file: relative(root, join(root, file)), texts: hardCoded(join(root, file)) }).toEqual({ file, texts: [] });
  });

  it('the scan finds a hard-coded text (it can fail)', () => {
    const probe = join(root, 'client/components/FactList.tsx');
    expect(hardCoded(probe)).toEqual([]);
    const withText = join(root, 'client/components/AuthCard.tsx');
    expect(readFileSync(withText, 'utf8')).toContain('<h1');
    expect(hardCoded(join(root, 'client/components/ThemeToggle.tsx'))).toContain('aria-label="Dark mode"');
  });
});
