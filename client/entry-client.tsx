import './app/global.css';
import { hydrate } from '@tanstack/react-query';
import { startTransition, StrictMode } from 'react';
import { hydrateRoot } from 'react-dom/client';
import { createBrowserRouter, matchRoutes, RouterProvider } from 'react-router-dom';
import { createHttpClient } from './api/http.js';
import { embedToken } from './lib/embed-session.js';
import { APP_STATE_GLOBAL } from './app/app-state.js';
import { capturePrefilled } from './app/prefilled.js';
import { RouteHead } from './app/head.js';
import { localeOf } from './app/i18n.js';
import { AppProviders } from './app/providers.js';
import { asOfArrival, createQueryClient } from './app/query-client.js';
import { createRouterContext } from './app/router-context.js';
import { routes } from './app/routes.js';
import { useSession } from './api/users.js';

const state = window[APP_STATE_GLOBAL];
const queryClient = createQueryClient({ server: false });
if (state) hydrate(queryClient, asOfArrival(state.dehydratedState, Date.now()));
// API errors in the page's language (<html lang>, kept true by LocaleProvider), not the browser's.
const api = createHttpClient({ baseUrl: '', bearerToken: embedToken, language: () => document.documentElement.lang || undefined });

/** The document's head in the page's language: the dashboard's follows the signed-in user's choice (issue 27). */
function DocumentHead({ router }: { router: Parameters<typeof RouteHead>[0]['router'] }) {
  const language = useSession()?.language;
  return <RouteHead router={router} localeFor={(pathname) => localeOf(pathname, language)} />;
}

/**
 * The server rendered the first page with its lazy routes resolved; hydration needs the same components, so they
 * are loaded first (the server preloads their chunks, so this waits on no extra round trip). Not a top-level await:
 * route chunks import the app's shared modules, and a pending entry module would hold their evaluation.
 */
async function hydrateApp(): Promise<void> {
  await Promise.all(
    (matchRoutes(routes, window.location) ?? []).map(async ({ route }) => {
      if (typeof route.lazy !== 'function') return;
      Object.assign(route, { ...(await route.lazy()), lazy: undefined });
    }),
  );

  // Router hydration data comes from window.__staticRouterHydrationData, written by the server render.
  const router = createBrowserRouter(routes, {
    getContext: () => createRouterContext({ queryClient, api }),
  });

  const root = document.getElementById('root')!;
  capturePrefilled(root);
  // Hydrated as a transition: React yields to the browser every few milliseconds instead of hydrating the page in
  // one long task (a default-priority hydration does not yield), so a tap or a key during it is not held up. A click
  // on a part not yet hydrated hydrates that part at once, as before.
  startTransition(() => {
    hydrateRoot(
      root,
    <StrictMode>
      <AppProviders queryClient={queryClient} api={api} theme={state?.theme ?? 'light'} demoAccounts={state?.demoAccounts ?? null} sandboxPayments={state?.sandboxPayments ?? false} timeZone={state?.timeZone ?? 'UTC'} currency={state?.currency ?? 'USD'}>
        <RouterProvider router={router} />
        <DocumentHead router={router} />
      </AppProviders>
    </StrictMode>,
    );
  });
}

void hydrateApp();
