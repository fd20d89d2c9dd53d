import { createContext, useContext } from 'react';
import { DEFAULT_TIME_ZONE } from '../lib/time.js';
import type { DemoAccounts } from './app-state.js';

interface AppSettings {
  /** Only in demo mode: the Login page's 'User' and 'Admin' quick-fill buttons use these. */
  demoAccounts: DemoAccounts | null;
  /** The shop's time zone (IANA name): every time is shown in it and datetime-local inputs are read in it. */
  timeZone: string;
}

const AppSettingsContext = createContext<AppSettings>({ demoAccounts: null, timeZone: DEFAULT_TIME_ZONE });
export const AppSettingsProvider = AppSettingsContext.Provider;

export const useDemoAccounts = (): DemoAccounts | null => useContext(AppSettingsContext).demoAccounts;

/** The shop's time zone ('UTC' until the server hands another one to the client). */
export const useShopTimeZone = (): string => useContext(AppSettingsContext).timeZone;
