import { Outlet, ScrollRestoration } from 'react-router-dom';
import { LocaleProvider } from './i18n.js';
import { NavigationProgress, RouteFocus } from './navigation.js';

/**
 * Above both layouts: the page's language (LocaleProvider), new pages start at the top, back/forward restores the
 * previous position; a progress bar while the next page loads; focus on the new page's heading after a route change.
 */
export function RootLayout() {
  return (
    <LocaleProvider>
      <NavigationProgress />
      <Outlet />
      <ScrollRestoration />
      <RouteFocus />
    </LocaleProvider>
  );
}
