import { createContext, useContext } from 'react';
import { DEFAULT_TIME_ZONE } from '../lib/time.js';
import type { DemoAccounts } from './app-state.js';

interface AppSettings {
  /** Only in demo mode: the Login page's 'User' and 'Admin' quick-fill buttons use these. */
  demoAccounts: DemoAccounts | null;
  /** The shop's time zone (SHOP_TIME_ZONE, an IANA name): pages show times in it, the server reads zone-less times in it. */
  timeZone: string;
  /** PAYMENT_PROVIDER=sandbox: payments are simulated; the admin dashboard says so. */
  sandboxPayments: boolean;
  /** The shop's currency (RENTAL_CURRENCY, issue 27): what new bikes, add-ons and codes are priced in. */
  currency: string;
}

const AppSettingsContext = createContext<AppSettings>({ demoAccounts: null, sandboxPayments: false, timeZone: DEFAULT_TIME_ZONE, currency: 'USD' });
export const AppSettingsProvider = AppSettingsContext.Provider;

export const useDemoAccounts = (): DemoAccounts | null => useContext(AppSettingsContext).demoAccounts;

/** The shop's time zone, the same on the server render and in the browser. */
export const useShopTimeZone = (): string => useContext(AppSettingsContext).timeZone;

/** The shop's currency, the same on the server render and in the browser. */
export const useShopCurrency = (): string => useContext(AppSettingsContext).currency;

/** Demo mode is on exactly when the server hands out the demo accounts. */
export const useDemoMode = (): boolean => useContext(AppSettingsContext).demoAccounts !== null;

export const useSandboxPayments = (): boolean => useContext(AppSettingsContext).sandboxPayments;

