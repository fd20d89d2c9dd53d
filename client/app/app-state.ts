import type { DehydratedState } from '@tanstack/react-query';
import type { ThemeMode } from './theme.js';

export interface DemoAccounts {
  user: { email: string; password: string };
  admin: { email: string; password: string };
}

/** What the server hands to the browser next to the markup (serialized into an inline script). */
export interface AppState {
  dehydratedState: DehydratedState;
  demoAccounts: DemoAccounts | null;
  /** PAYMENT_PROVIDER=sandbox: no money moves (admins see a banner). */
  sandboxPayments: boolean;
  theme: ThemeMode;
  /** The shop's time zone (SHOP_TIME_ZONE) for AppProviders' `timeZone`; absent: UTC. */
  timeZone?: string;
  /** The shop's currency (RENTAL_CURRENCY) for AppProviders' `currency`; absent: USD. */
  currency?: string;
}

export const APP_STATE_GLOBAL = '__OKB_STATE__';

declare global {
  interface Window {
    __OKB_STATE__?: AppState;
  }
}

/** JSON inside an inline script: `<`, `>`, `&` and the JS line separators escaped so no value can end the script. */
export function serializeForScript(value: unknown): string {
  return JSON.stringify(value)
    .replace(/</g, '\\u003c')
    .replace(/>/g, '\\u003e')
    .replace(/&/g, '\\u0026')
    .replace(/\u2028/g, '\\u2028')
    .replace(/\u2029/g, '\\u2029');
}
