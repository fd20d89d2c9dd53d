import type { ComponentType } from 'react';
import type { RouteObject } from 'react-router-dom';
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
import { requireSession } from './guards.js';
import { RootLayout } from './RootLayout.js';

export interface RouteHandle {
  /** The HTTP status the server answers when this route is the deepest match. */
  status?: number;
  /** Source path of the route's lazily loaded module, as Vite's manifest names it (see lazyPage). */
  module?: string;
}

const notFound: RouteHandle = { status: 404 };

/**
 * A screen in its own chunk, loaded when its route matches: a public page downloads its own code only, never the
 * dashboard, admin screens or charts. `module` names the file `load` imports: the server links that chunk and its
 * CSS into the page it renders, and the browser resolves the first page's lazy routes before hydrating.
 */
function lazyPage(module: string, load: () => Promise<{ default: ComponentType }>): Pick<RouteObject, 'lazy' | 'handle'> {
  return { handle: { module } satisfies RouteHandle, lazy: async () => ({ Component: (await load()).default }) };
}

const aboutPage = lazyPage('client/pages/about/AboutPage.tsx', () => import('../pages/about/AboutPage.js'));
const addBikePage = lazyPage('client/pages/add-bike/AddBikePage.tsx', () => import('../pages/add-bike/AddBikePage.js'));
const adminBikesPage = lazyPage('client/pages/admin-bikes/AdminBikesPage.tsx', () => import('../pages/admin-bikes/AdminBikesPage.js'));
const allBikesPage = lazyPage('client/pages/all-bikes/AllBikesPage.tsx', () => import('../pages/all-bikes/AllBikesPage.js'));
const allUsersPage = lazyPage('client/pages/all-users/AllUsersPage.tsx', () => import('../pages/all-users/AllUsersPage.js'));
const bikeDetailPage = lazyPage('client/pages/bike-detail/BikeDetailPage.tsx', () => import('../pages/bike-detail/BikeDetailPage.js'));
const checkoutPage = lazyPage('client/pages/checkout/CheckoutPage.tsx', () => import('../pages/checkout/CheckoutPage.js'));
const contactPage = lazyPage('client/pages/contact/ContactPage.tsx', () => import('../pages/contact/ContactPage.js'));
const dashboardHomePage = lazyPage('client/pages/dashboard-home/DashboardHomePage.tsx', () => import('../pages/dashboard-home/DashboardHomePage.js'));
const fleetPage = lazyPage('client/pages/fleet/FleetPage.tsx', () => import('../pages/fleet/FleetPage.js'));
const counterSalePage = lazyPage('client/pages/fleet/CounterSalePage.tsx', () => import('../pages/fleet/CounterSalePage.js'));
const homePage = lazyPage('client/pages/home/HomePage.tsx', () => import('../pages/home/HomePage.js'));
const loginPage = lazyPage('client/pages/login/LoginPage.tsx', () => import('../pages/login/LoginPage.js'));
const addReviewPage = lazyPage('client/pages/add-review/AddReviewPage.tsx', () => import('../pages/add-review/AddReviewPage.js'));
const privacyPolicyPage = lazyPage('client/pages/privacy-policy/PrivacyPolicyPage.tsx', () => import('../pages/privacy-policy/PrivacyPolicyPage.js'));
const profilePage = lazyPage('client/pages/profile/ProfilePage.tsx', () => import('../pages/profile/ProfilePage.js'));
const rentalsPage = lazyPage('client/pages/rentals/RentalsPage.tsx', () => import('../pages/rentals/RentalsPage.js'));
const returnBikesPage = lazyPage('client/pages/return-bikes/ReturnBikesPage.tsx', () => import('../pages/return-bikes/ReturnBikesPage.js'));
const searchPage = lazyPage('client/pages/search/SearchPage.tsx', () => import('../pages/search/SearchPage.js'));
const signupPage = lazyPage('client/pages/signup/SignupPage.tsx', () => import('../pages/signup/SignupPage.js'));
const termsOfServicePage = lazyPage('client/pages/terms-of-service/TermsOfServicePage.tsx', () => import('../pages/terms-of-service/TermsOfServicePage.js'));
const updateBikePage = lazyPage('client/pages/update-bike/UpdateBikePage.tsx', () => import('../pages/update-bike/UpdateBikePage.js'));
const changePasswordPage = lazyPage('client/pages/change-password/ChangePasswordPage.tsx', () => import('../pages/change-password/ChangePasswordPage.js'));
const updateProfilePage = lazyPage('client/pages/update-profile/UpdateProfilePage.tsx', () => import('../pages/update-profile/UpdateProfilePage.js'));
const paymentResultPage = lazyPage('client/pages/payment-result/PaymentResultPage.tsx', () => import('../pages/payment-result/PaymentResultPage.js'));
const emailsPage = lazyPage('client/pages/emails/EmailsPage.tsx', () => import('../pages/emails/EmailsPage.js'));
const paymentsAttentionPage = lazyPage('client/pages/payments-attention/PaymentsAttentionPage.tsx', () => import('../pages/payments-attention/PaymentsAttentionPage.js'));
const webhooksPage = lazyPage('client/pages/webhooks/WebhooksPage.tsx', () => import('../pages/webhooks/WebhooksPage.js'));
const exportsPage = lazyPage('client/pages/exports/ExportsPage.tsx', () => import('../pages/exports/ExportsPage.js'));
const dashboardLayout = lazyPage('client/components/DashboardLayout.tsx', () =>
  import('../components/DashboardLayout.js').then((m) => ({ default: m.DashboardLayout })),
);

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
          {
            ErrorBoundary: RouteErrorPage,
            children: [
              { index: true, loader: homeLoader, ...homePage },
              { path: 'home', loader: homeLoader, ...homePage },
              { path: 'about', ...aboutPage },
              { path: 'allbikes', loader: allBikesLoader, ...allBikesPage },
              { path: 'listings', loader: allBikesLoader, ...allBikesPage },
              { path: 'bike/:id', loader: bikeDetailLoader, ...bikeDetailPage },
              { path: 'search', loader: searchLoader, ...searchPage },
              { path: 'login', ...loginPage },
              { path: 'signup', ...signupPage },
              { path: 'privacy-policy', ...privacyPolicyPage },
              { path: 'terms-of-service', ...termsOfServicePage },
              { path: 'contact', ...contactPage },
              { path: 'checkout/:id', loader: checkoutLoader, ...checkoutPage },
              { path: 'payment/result', loader: paymentResultLoader, ...paymentResultPage },
              { path: '*', handle: notFound, Component: NotFoundPage },
            ],
          },
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
              { path: 'exports', loader: exportsLoader, ...exportsPage },
              { path: 'payments', loader: paymentsAttentionLoader, ...paymentsAttentionPage },
              { path: '*', handle: notFound, Component: NotFoundPage },
            ],
          },
        ],
      },
    ],
  },
];
