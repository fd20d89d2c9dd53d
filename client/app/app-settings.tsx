import { createContext, useContext } from 'react';
import type { DemoAccounts } from './app-state.js';

interface AppSettings {
  /** Only in demo mode: the Login page's 'User' and 'Admin' quick-fill buttons use these. */
  demoAccounts: DemoAccounts | null;
  /** The shop's time zone (SHOP_TIME_ZONE, an IANA name): pages show times in it, the server reads zone-less times in it. */
  timeZone: string;
}

const AppSettingsContext = createContext<AppSettings>({ demoAccounts: null, timeZone: 'UTC' });
export const AppSettingsProvider = AppSettingsContext.Provider;

export const useDemoAccounts = (): DemoAccounts | null => useContext(AppSettingsContext).demoAccounts;

/** The shop's time zone, the same on the server render and in the browser. */
export const useShopTimeZone = (): string => useContext(AppSettingsContext).timeZone;
