import { createContext, useContext } from 'react';
import { DEFAULT_TIME_ZONE } from '../lib/time.js';
import type { DemoAccounts } from './app-state.js';

interface AppSettings {
  /** Only in demo mode: the Login page's 'User' and 'Admin' quick-fill buttons use these. */
  demoAccounts: DemoAccounts | null;
  /** PAYMENT_PROVIDER=sandbox: payments are simulated; the admin dashboard says so. */
  sandboxPayments: boolean;
  /** The shop's time zone (IANA name): every time is shown in it and datetime-local inputs are read in it. */
  timeZone: string;
}

const AppSettingsContext = createContext<AppSettings>({ demoAccounts: null, sandboxPayments: false, timeZone: DEFAULT_TIME_ZONE });
export const AppSettingsProvider = AppSettingsContext.Provider;

export const useDemoAccounts = (): DemoAccounts | null => useContext(AppSettingsContext).demoAccounts;

/** Demo mode is on exactly when the server hands out the demo accounts. */
export const useDemoMode = (): boolean => useContext(AppSettingsContext).demoAccounts !== null;

export const useSandboxPayments = (): boolean => useContext(AppSettingsContext).sandboxPayments;

/** The shop's time zone ('UTC' until the server hands another one to the client). */
export const useShopTimeZone = (): string => useContext(AppSettingsContext).timeZone;

