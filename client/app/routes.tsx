import type { RouteObject } from 'react-router';
import { DashboardLayout } from '../components/DashboardLayout.js';
import { MainLayout } from '../components/MainLayout.js';
import { RouteErrorPage } from '../components/RouteErrorPage.js';
import AboutPage from '../pages/about/AboutPage.js';
import AddBikePage from '../pages/add-bike/AddBikePage.js';
import AdminBikesPage from '../pages/admin-bikes/AdminBikesPage.js';
import AllBikesPage from '../pages/all-bikes/AllBikesPage.js';
import AllUsersPage from '../pages/all-users/AllUsersPage.js';
import BikeDetailPage from '../pages/bike-detail/BikeDetailPage.js';
import CheckoutPage from '../pages/checkout/CheckoutPage.js';
import ContactPage from '../pages/contact/ContactPage.js';
import DashboardHomePage from '../pages/dashboard-home/DashboardHomePage.js';
import HomePage from '../pages/home/HomePage.js';
import LoginPage from '../pages/login/LoginPage.js';
import MyRentalsPage from '../pages/my-rentals/MyRentalsPage.js';
import NotFoundPage from '../pages/not-found/NotFoundPage.js';
import PrivacyPolicyPage from '../pages/privacy-policy/PrivacyPolicyPage.js';
import ProfilePage from '../pages/profile/ProfilePage.js';
import RentalsPage from '../pages/rentals/RentalsPage.js';
import ReturnBikesPage from '../pages/return-bikes/ReturnBikesPage.js';
import SearchPage from '../pages/search/SearchPage.js';
import SignupPage from '../pages/signup/SignupPage.js';
import TermsOfServicePage from '../pages/terms-of-service/TermsOfServicePage.js';
import UpdateBikePage from '../pages/update-bike/UpdateBikePage.js';
import UpdateProfilePage from '../pages/update-profile/UpdateProfilePage.js';
import { requireSession } from './guards.js';
import { RootLayout } from './RootLayout.js';

/** Route `handle`: the HTTP status the server answers when this route is the deepest match. */
export interface RouteHandle {
  status?: number;
}

const notFound: RouteHandle = { status: 404 };

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
              { index: true, Component: HomePage },
              { path: 'home', Component: HomePage },
              { path: 'about', Component: AboutPage },
              { path: 'allbikes', Component: AllBikesPage },
              { path: 'listings', Component: AllBikesPage },
              { path: 'bike/:id', Component: BikeDetailPage },
              { path: 'search', Component: SearchPage },
              { path: 'login', Component: LoginPage },
              { path: 'signup', Component: SignupPage },
              { path: 'privacy-policy', Component: PrivacyPolicyPage },
              { path: 'terms-of-service', Component: TermsOfServicePage },
              { path: 'contact', Component: ContactPage },
              { path: 'checkout/:id', loader: requireSession('user'), Component: CheckoutPage },
              { path: '*', handle: notFound, Component: NotFoundPage },
            ],
          },
        ],
      },
      {
        id: 'dashboard',
        path: 'dashboard',
        loader: requireSession(),
        Component: DashboardLayout,
        children: [
          {
            ErrorBoundary: RouteErrorPage,
            children: [
              { index: true, Component: DashboardHomePage },
              { path: 'profile', Component: ProfilePage },
              { path: 'updateprofile', Component: UpdateProfilePage },
              { path: 'rentals', loader: requireSession('user'), Component: RentalsPage },
              { path: 'myrentals', loader: requireSession('user'), Component: MyRentalsPage },
              { path: 'addbike', loader: requireSession('admin'), Component: AddBikePage },
              { path: 'allbikes', loader: requireSession('admin'), Component: AdminBikesPage },
              { path: 'allusers', loader: requireSession('admin'), Component: AllUsersPage },
              { path: 'updatebike/:id', loader: requireSession('admin'), Component: UpdateBikePage },
              { path: 'returnbikes', loader: requireSession('admin'), Component: ReturnBikesPage },
              { path: '*', handle: notFound, Component: NotFoundPage },
            ],
          },
        ],
      },
    ],
  },
];
