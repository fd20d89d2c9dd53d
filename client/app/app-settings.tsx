import { createContext, useContext } from 'react';
import type { DemoAccounts } from './app-state.js';

interface AppSettings {
  /** Only in demo mode: the Login page's 'User' and 'Admin' quick-fill buttons use these. */
  demoAccounts: DemoAccounts | null;
}

const AppSettingsContext = createContext<AppSettings>({ demoAccounts: null });
export const AppSettingsProvider = AppSettingsContext.Provider;

export const useDemoAccounts = (): DemoAccounts | null => useContext(AppSettingsContext).demoAccounts;
