import { QueryClientProvider, type QueryClient } from '@tanstack/react-query';
import { ConfigProvider, message } from 'antd';
import { useEffect, useMemo, type ReactNode } from 'react';
import { ApiProvider } from '../api/api-context.js';
import type { HttpClient } from '../api/http.js';
import { useSession } from '../api/users.js';
import { safeTimeZone } from '../lib/time.js';
import { AppSettingsProvider } from './app-settings.js';
import type { DemoAccounts } from './app-state.js';
import { readUserAuth, rememberLogin, rememberLogout } from './auth-storage.js';
import { bindNotify, TOAST_DURATION_MS, TOAST_MAX_COUNT } from './notify.js';
import { buildTheme, type ThemeMode } from './theme.js';
import { ThemeModeProvider, useThemeMode } from './theme-mode.js';

/** Toasts rendered inside the theme (antd's message hook; the whole <App> would add Modal and notification). */
function NotifyBridge() {
  const [api, holder] = message.useMessage({ maxCount: TOAST_MAX_COUNT, duration: TOAST_DURATION_MS / 1000, top: 72 });
  useEffect(() => {
    bindNotify(api);
    return () => bindNotify(null);
  }, [api]);
  return holder;
}

/**
 * Marks <html data-hydrated="true"> once React has hydrated the page (the root's effects run after the page's own
 * markup is live; lower sections in Suspense boundaries follow in tasks of their own). Browser tests wait for it.
 */
function HydrationMark() {
  useEffect(() => {
    document.documentElement.dataset.hydrated = 'true';
  }, []);
  return null;
}

/** Keeps `localStorage.userAuth` in step with the cookie session the server saw (expired, or signed in elsewhere). */
function UserAuthSync() {
  const session = useSession();
  useEffect(() => {
    const stored = readUserAuth();
    if (session && (!stored.auth || stored.role !== session.role)) rememberLogin(session.role);
    if (!session && stored.auth) rememberLogout();
  }, [session]);
  return null;
}

function ThemedApp({ children }: { children: ReactNode }) {
  const { mode } = useThemeMode();
  const theme = useMemo(() => buildTheme(mode), [mode]);
  return (
    <ConfigProvider theme={theme}>
      <NotifyBridge />
      {children}
    </ConfigProvider>
  );
}

export interface AppProvidersProps {
  queryClient: QueryClient;
  api: HttpClient;
  theme: ThemeMode;
  demoAccounts: DemoAccounts | null;
  /** SHOP_TIME_ZONE from the boot settings (default UTC). */
  timeZone?: string;
  /** RENTAL_CURRENCY from the boot settings (default USD). */
  currency?: string;
  sandboxPayments: boolean;
  children: ReactNode;
}

/** Everything above the router, identical on the server and in the browser (hydration must match). */
export function AppProviders({ queryClient, api, theme, demoAccounts, sandboxPayments, timeZone, currency = 'USD', children }: AppProvidersProps) {
  const settings = useMemo(
    () => ({ demoAccounts, sandboxPayments, timeZone: safeTimeZone(timeZone), currency }),
    [demoAccounts, sandboxPayments, timeZone, currency],
  );
  return (
    <QueryClientProvider client={queryClient}>
      <ApiProvider client={api}>
        <AppSettingsProvider value={settings}>
          <ThemeModeProvider initial={theme}>
            <UserAuthSync />
            <HydrationMark />
            <ThemedApp>{children}</ThemedApp>
          </ThemeModeProvider>
        </AppSettingsProvider>
      </ApiProvider>
    </QueryClientProvider>
  );
}
