/**
 * The contract between this server and client/entry-server.tsx. The client never imports from src/, so the shape
 * is declared on both sides; keep them in step (client/entry-server.tsx exports the same names).
 */
export type ThemeMode = 'light' | 'dark';

export interface SsrUser {
  id: string;
  name: string;
  email: string;
  role: 'user' | 'admin';
}

export interface DemoAccounts {
  user: { email: string; password: string };
  admin: { email: string; password: string };
}

export interface RenderOptions {
  /** The page request (GET), with the browser's URL path and query. */
  request: Request;
  /** The signed-in caller, or null. */
  user: SsrUser | null;
  /** CSP nonce every inline script carries. */
  nonce: string;
  /** Demo credentials for the Login page's quick-fill buttons; null unless demo mode. */
  demoAccounts: DemoAccounts | null;
  /** The shop's time zone (SHOP_TIME_ZONE): the boot settings carry it to the pages. */
  timeZone: string;
  /** The sandbox gateway is on (no money moves): admins see a banner on the dashboard. */
  sandboxPayments: boolean;
  /** Origin the route loaders call the API on (loopback). */
  apiBase: string;
  /** The request's Cookie header, forwarded on loader API calls. */
  cookie: string | undefined;
  theme: ThemeMode;
}

export interface RenderResult {
  status: number;
  /** Set for a redirect (3xx); nothing else is meaningful then. */
  redirect?: string;
  /** Attributes of <html> (lang, class). */
  htmlAttributes: Record<string, string>;
  /** Title, meta tags and the extracted antd styles. */
  head: string;
  /** Markup for <div id="root">. */
  html: string;
  /** Inline scripts (with the nonce) carrying router hydration data and dehydrated query state. */
  scripts: string;
  /**
   * Source paths (as Vite's manifest names them) of the lazily loaded route modules this page rendered: the server
   * links their chunks and stylesheets, so the first paint is styled and hydration waits on no extra round trip.
   */
  modules: string[];
}

export interface ServerEntry {
  render(options: RenderOptions): Promise<RenderResult>;
}
