import type { ComponentType } from 'react';
import type { RouteObject } from 'react-router-dom';
import { catalogueMeta, DEFAULT_META, NOT_FOUND_META, type HeadArgs, type HeadSpec, type PageMeta } from './head.js';
import { DEFAULT_LOCALE, formatMessage, LOCALES } from '../../locales/index.js';
import { bikeDetailHead, fleetHead } from '../pages/bike-detail/bike-head.js';
import { MainLayout } from '../components/MainLayout.js';
import { RouteErrorPage } from '../components/RouteErrorPage.js';
import { addBikeLoader } from '../pages/add-bike/loader.js';
import { adminBikesLoader } from '../pages/admin-bikes/loader.js';
import { allBikesLoader } from '../pages/all-bikes/all-bikes-loader.js';
import { allUsersLoader } from '../pages/all-users/loader.js';
import { bikeDetailLoader } from '../pages/bike-detail/bike-detail-loader.js';
import { checkoutLoader } from '../pages/checkout/checkout-loader.js';
import { dashboardHomeLoader } from '../pages/dashboard-home/loader.js';
import { fleetLoader } from '../pages/fleet/loader.js';
import { emailsLoader } from '../pages/emails/loader.js';
import { exportsLoader } from '../pages/exports/loader.js';
import { addonsLoader } from '../pages/addons/loader.js';
import { giftCardsLoader } from '../pages/gift-cards/loader.js';
import { homeLoader } from '../pages/home/home-loader.js';
import NotFoundPage from '../pages/not-found/NotFoundPage.js';
import { paymentResultLoader } from '../pages/payment-result/payment-result-loader.js';
import { paymentsAttentionLoader } from '../pages/payments-attention/loader.js';
import { profileLoader, updateProfileLoader } from '../pages/profile/profile-loader.js';
import { myRentalsLoader } from '../pages/rentals/rentals-loader.js';
import { returnBikesLoader } from '../pages/return-bikes/loader.js';
import { searchLoader } from '../pages/search/search-loader.js';
import { updateBikeLoader } from '../pages/update-bike/loader.js';
import { webhooksLoader } from '../pages/webhooks/loader.js';
import { shopSettingsLoader } from '../pages/shop-settings/loader.js';
import { agreementAdminLoader, signAgreementLoader } from '../pages/agreement/loader.js';
import { requireSession } from './guards.js';
import { RootLayout } from './RootLayout.js';

/** /search names the term searched for. */
function searchHead({ search }: HeadArgs): PageMeta {
  const term = (new URLSearchParams(search).get('searchTerm') ?? '').trim();
  if (!term) return catalogueMeta('head.search.title', 'head.search.description');
  return {
    title: formatMessage(DEFAULT_LOCALE, 'head.search.matching', { term }),
    description: formatMessage(DEFAULT_LOCALE, 'head.search.description'),
    i18n: { title: 'head.search.matching', description: 'head.search.description', values: { term } },
  };
}

export interface RouteHandle {
  /** The HTTP status the server answers when this route is the deepest match. */
  status?: number;
  /** Source path of the route's lazily loaded module, as Vite's manifest names it (see lazyPage). */
  module?: string;
  /** The page's head (title, description, canonical, Open Graph, robots, JSON-LD): see RouteHead in head.tsx. */
  head?: HeadSpec;
}

const notFound: RouteHandle = { status: 404, head: NOT_FOUND_META };

/**
 * A screen in its own chunk, loaded when its route matches: a public page downloads its own code only, never the
 * dashboard, admin screens or charts. `module` names the file `load` imports: the server links that chunk and its
 * CSS into the page it renders, and the browser resolves the first page's lazy routes before hydrating.
 */
function lazyPage(module: string, head: HeadSpec, load: () => Promise<{ default: ComponentType }>): Pick<RouteObject, 'lazy' | 'handle'> {
  return { handle: { module, head } satisfies RouteHandle, lazy: async () => ({ Component: (await load()).default }) };
}

const accessibilityPage = lazyPage('client/pages/accessibility/AccessibilityPage.tsx', catalogueMeta('pub.head.accessibility.title', 'pub.head.accessibility.description'), () => import('../pages/accessibility/AccessibilityPage.js'));
const aboutPage = lazyPage('client/pages/about/AboutPage.tsx', catalogueMeta('pub.about.title', 'pub.head.about.description'), () => import('../pages/about/AboutPage.js'));
const addBikePage = lazyPage('client/pages/add-bike/AddBikePage.tsx', catalogueMeta('admin.head.addBike.title', 'admin.head.addBike.description'), () => import('../pages/add-bike/AddBikePage.js'));
const adminBikesPage = lazyPage('client/pages/admin-bikes/AdminBikesPage.tsx', catalogueMeta('admin.head.bikes.title', 'admin.head.bikes.description'), () => import('../pages/admin-bikes/AdminBikesPage.js'));
const allBikesPage = lazyPage('client/pages/all-bikes/AllBikesPage.tsx', catalogueMeta('head.allBikes.title', 'head.allBikes.description'), () => import('../pages/all-bikes/AllBikesPage.js'));
const allUsersPage = lazyPage('client/pages/all-users/AllUsersPage.tsx', catalogueMeta('admin.head.users.title', 'admin.head.users.description'), () => import('../pages/all-users/AllUsersPage.js'));
const bikeDetailPage = lazyPage('client/pages/bike-detail/BikeDetailPage.tsx', bikeDetailHead, () => import('../pages/bike-detail/BikeDetailPage.js'));
const checkoutPage = lazyPage('client/pages/checkout/CheckoutPage.tsx', catalogueMeta('head.checkout.title', 'head.checkout.description'), () => import('../pages/checkout/CheckoutPage.js'));
const contactPage = lazyPage('client/pages/contact/ContactPage.tsx', catalogueMeta('pub.contact.title', 'pub.head.contact.description'), () => import('../pages/contact/ContactPage.js'));
const giftCardsPage = lazyPage('client/pages/gift-cards/GiftCardsPage.tsx', {
  ...catalogueMeta('desk.gift.title', 'desk.gift.description'),
}, () => import('../pages/gift-cards/GiftCardsPage.js'));
const giftCardResultPage = lazyPage('client/pages/gift-cards/GiftCardResultPage.tsx', {
  ...catalogueMeta('desk.giftResult.title', 'desk.giftResult.description'),
}, () => import('../pages/gift-cards/GiftCardResultPage.js'));
const dashboardHomePage = lazyPage('client/pages/dashboard-home/DashboardHomePage.tsx', catalogueMeta('admin.head.home.title', 'admin.head.home.description'), () => import('../pages/dashboard-home/DashboardHomePage.js'));
const fleetPage = lazyPage('client/pages/fleet/FleetPage.tsx', fleetHead, () => import('../pages/fleet/FleetPage.js'));
const counterSalePage = lazyPage('client/pages/fleet/CounterPage.tsx', catalogueMeta('admin.head.counter.title', 'admin.head.counter.description'), () => import('../pages/fleet/CounterPage.js'));
const homePage = lazyPage('client/pages/home/HomePage.tsx', DEFAULT_META, () => import('../pages/home/HomePage.js'));
const loginPage = lazyPage('client/pages/login/LoginPage.tsx', catalogueMeta('head.login.title', 'head.login.description'), () => import('../pages/login/LoginPage.js'));
const addReviewPage = lazyPage('client/pages/add-review/AddReviewPage.tsx', catalogueMeta('admin.head.addReview.title', 'admin.head.addReview.description'), () => import('../pages/add-review/AddReviewPage.js'));
const privacyPolicyPage = lazyPage('client/pages/privacy-policy/PrivacyPolicyPage.tsx', catalogueMeta('pub.privacy.title', 'pub.head.privacy.description'), () => import('../pages/privacy-policy/PrivacyPolicyPage.js'));
const profilePage = lazyPage('client/pages/profile/ProfilePage.tsx', catalogueMeta('admin.head.profile.title', 'admin.head.profile.description'), () => import('../pages/profile/ProfilePage.js'));
const rentalsPage = lazyPage('client/pages/rentals/RentalsPage.tsx', catalogueMeta('admin.head.rentals.title', 'admin.head.rentals.description'), () => import('../pages/rentals/RentalsPage.js'));
const returnBikesPage = lazyPage('client/pages/return-bikes/ReturnBikesPage.tsx', catalogueMeta('admin.head.returnBikes.title', 'admin.head.returnBikes.description'), () => import('../pages/return-bikes/ReturnBikesPage.js'));
const searchPage = lazyPage('client/pages/search/SearchPage.tsx', searchHead, () => import('../pages/search/SearchPage.js'));
const signupPage = lazyPage('client/pages/signup/SignupPage.tsx', catalogueMeta('head.signup.title', 'head.signup.description'), () => import('../pages/signup/SignupPage.js'));
const termsOfServicePage = lazyPage('client/pages/terms-of-service/TermsOfServicePage.tsx', catalogueMeta('pub.terms.title', 'pub.head.terms.description'), () => import('../pages/terms-of-service/TermsOfServicePage.js'));
const updateBikePage = lazyPage('client/pages/update-bike/UpdateBikePage.tsx', catalogueMeta('admin.head.updateBike.title', 'admin.head.updateBike.description'), () => import('../pages/update-bike/UpdateBikePage.js'));
const changePasswordPage = lazyPage('client/pages/change-password/ChangePasswordPage.tsx', catalogueMeta('admin.head.password.title', 'admin.head.password.description'), () => import('../pages/change-password/ChangePasswordPage.js'));
const updateProfilePage = lazyPage('client/pages/update-profile/UpdateProfilePage.tsx', catalogueMeta('admin.head.updateProfile.title', 'admin.head.updateProfile.description'), () => import('../pages/update-profile/UpdateProfilePage.js'));
const paymentResultPage = lazyPage('client/pages/payment-result/PaymentResultPage.tsx', catalogueMeta('head.paymentResult.title', 'head.paymentResult.description'), () => import('../pages/payment-result/PaymentResultPage.js'));
const emailsPage = lazyPage('client/pages/emails/EmailsPage.tsx', catalogueMeta('admin.head.emails.title', 'admin.head.emails.description'), () => import('../pages/emails/EmailsPage.js'));
const paymentsAttentionPage = lazyPage('client/pages/payments-attention/PaymentsAttentionPage.tsx', catalogueMeta('admin.head.payments.title', 'admin.head.payments.description'), () => import('../pages/payments-attention/PaymentsAttentionPage.js'));
const shopSettingsPage = lazyPage('client/pages/shop-settings/ShopSettingsPage.tsx', catalogueMeta('admin.head.settings.title', 'admin.head.settings.description'), () => import('../pages/shop-settings/ShopSettingsPage.js'));
const signAgreementPage = lazyPage('client/pages/agreement/SignAgreementPage.tsx', catalogueMeta('admin.head.signAgreement.title', 'admin.head.signAgreement.description'), () => import('../pages/agreement/SignAgreementPage.js'));
const agreementAdminPage = lazyPage('client/pages/agreement/AgreementAdminPage.tsx', catalogueMeta('admin.head.signAgreement.title', 'admin.head.agreement.description'), () => import('../pages/agreement/AgreementAdminPage.js'));
const webhooksPage = lazyPage('client/pages/webhooks/WebhooksPage.tsx', catalogueMeta('admin.head.webhooks.title', 'admin.head.webhooks.description'), () => import('../pages/webhooks/WebhooksPage.js'));
const exportsPage = lazyPage('client/pages/exports/ExportsPage.tsx', catalogueMeta('admin.head.exports.title', 'admin.head.exports.description'), () => import('../pages/exports/ExportsPage.js'));
const addonsPage = lazyPage('client/pages/addons/AddonsPage.tsx', catalogueMeta('admin.head.addons.title', 'admin.head.addons.description'), () => import('../pages/addons/AddonsPage.js'));
// The booking widget's frame (issue 26): no layout, kept out of search results.
const embedPage = lazyPage('client/pages/embed/EmbedPage.tsx', catalogueMeta('head.embed.title', 'head.embed.description', { noindex: true }), () =>
  import('../pages/embed/EmbedPage.js'),
);
const embedResultPage = lazyPage('client/pages/embed/EmbedResultPage.tsx', catalogueMeta('head.embedResult.title', 'head.embedResult.description', { noindex: true }), () =>
  import('../pages/embed/EmbedResultPage.js'),
);
const dashboardLayout = lazyPage('client/components/DashboardLayout.tsx', DEFAULT_META, () =>
  import('../components/DashboardLayout.js').then((m) => ({ default: m.DashboardLayout })),
);


/** The public pages, once per language (each language's tree gets its own route objects). */
function publicPages(): RouteObject[] {
  return [
    { index: true, loader: homeLoader, ...homePage },
    { path: 'home', loader: homeLoader, ...homePage },
    { path: 'about', ...aboutPage },
    { path: 'accessibility', ...accessibilityPage },
    { path: 'allbikes', loader: allBikesLoader, ...allBikesPage },
    { path: 'listings', loader: allBikesLoader, ...allBikesPage },
    { path: 'bike/:id', loader: bikeDetailLoader, ...bikeDetailPage },
    { path: 'search', loader: searchLoader, ...searchPage },
    { path: 'login', ...loginPage },
    { path: 'signup', ...signupPage },
    { path: 'privacy-policy', ...privacyPolicyPage },
    { path: 'terms-of-service', ...termsOfServicePage },
    { path: 'contact', ...contactPage },
    { path: 'gift-cards', loader: giftCardsLoader, ...giftCardsPage },
    { path: 'gift-cards/result', ...giftCardResultPage },
    { path: 'checkout/:id', loader: checkoutLoader, ...checkoutPage },
    { path: 'payment/result', loader: paymentResultLoader, ...paymentResultPage },
    { path: '*', handle: notFound, Component: NotFoundPage },
  ];
}

/**
 * The one route tree: createStaticHandler on the server, createBrowserRouter in the browser. Guards are loaders,
 * so they run on the server (302 to /login) and before client-side navigations alike.
 */
export const routes: RouteObject[] = [
  {
    id: 'root',
    Component: RootLayout,
    ErrorBoundary: RouteErrorPage,
    children: [
      {
        id: 'main',
        Component: MainLayout,
        children: [
          // English at today's URLs; every other language under its prefix (/de/allbikes, /bn/bike/{id}).
          { ErrorBoundary: RouteErrorPage, children: publicPages() },
          ...LOCALES.filter((locale) => locale !== DEFAULT_LOCALE).map((locale) => ({ path: locale, ErrorBoundary: RouteErrorPage, children: publicPages() })),
        ],
      },
      {
        id: 'embed',
        path: 'embed',
        ErrorBoundary: RouteErrorPage,
        children: [
          { index: true, ...embedPage },
          { path: 'result', ...embedResultPage },
        ],
      },
      {
        id: 'dashboard',
        path: 'dashboard',
        loader: requireSession(),
        ...dashboardLayout,
        children: [
          {
            ErrorBoundary: RouteErrorPage,
            children: [
              { index: true, loader: dashboardHomeLoader, ...dashboardHomePage },
              { path: 'profile', loader: profileLoader, ...profilePage },
              { path: 'updateprofile', loader: updateProfileLoader, ...updateProfilePage },
              { path: 'password', ...changePasswordPage },
              { path: 'rentals', loader: myRentalsLoader, ...rentalsPage },
              { path: 'rentals/:id/agreement', loader: signAgreementLoader, ...signAgreementPage },
              { path: 'agreement', loader: agreementAdminLoader, ...agreementAdminPage },
              { path: 'myrentals', loader: myRentalsLoader, ...addReviewPage },
              { path: 'addbike', loader: addBikeLoader, ...addBikePage },
              { path: 'allbikes', loader: adminBikesLoader, ...adminBikesPage },
              { path: 'allusers', loader: allUsersLoader, ...allUsersPage },
              { path: 'updatebike/:id', loader: updateBikeLoader, ...updateBikePage },
              { path: 'returnbikes', loader: returnBikesLoader, ...returnBikesPage },
              { path: 'fleet', loader: fleetLoader, ...fleetPage },
              { path: 'fleet/:id', loader: fleetLoader, ...fleetPage },
              { path: 'counter', loader: fleetLoader, ...counterSalePage },
              { path: 'emails', loader: emailsLoader, ...emailsPage },
              { path: 'webhooks', loader: webhooksLoader, ...webhooksPage },
              { path: 'settings', loader: shopSettingsLoader, ...shopSettingsPage },
              { path: 'exports', loader: exportsLoader, ...exportsPage },
              { path: 'addons', loader: addonsLoader, ...addonsPage },
              { path: 'payments', loader: paymentsAttentionLoader, ...paymentsAttentionPage },
              { path: '*', handle: notFound, Component: NotFoundPage },
            ],
          },
        ],
      },
    ],
  },
];
