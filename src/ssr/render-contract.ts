/**
 * The contract between this server and client/entry-server.tsx, declared once: the server renderer's entry imports
 * these types (type-only, erased from its bundle; the browser bundle never imports from src/).
 */
export type ThemeMode = 'light' | 'dark';

export interface SsrUser {
  id: string;
  name: string;
  email: string;
  role: 'user' | 'admin';
  /** The language the user chose for the dashboard (issue 27); null: English. */
  language: string | null;
}

export interface DemoAccounts {
  user: { email: string; password: string };
  admin: { email: string; password: string };
}

/** An API answer produced in-process: the HTTP status and the JSON body the API would send. */
export interface LocalAnswer {
  status: number;
  body: unknown;
}

/**
 * The API in-process for the server's route loaders (src/ssr/local-api.ts): every call (the loaders only read, no
 * body) is an in-memory request through the API's own router, as the page request's caller. Paths are relative to
 * /api/.
 */
export type LocalApi = (method: string, path: string, query: Record<string, string>) => Promise<LocalAnswer>;

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
  /** The shop's currency (RENTAL_CURRENCY, issue 27): amount inputs take its decimals. Absent: USD. */
  currency?: string;
  /** The sandbox gateway is on (no money moves): admins see a banner on the dashboard. */
  sandboxPayments: boolean;
  /** Origin the route loaders call the API on (loopback) when there is no `localApi`. */
  apiBase: string;
  /** The API in-process, as the request's caller. */
  localApi?: LocalApi;
  /** The request's Cookie header, forwarded on loader API calls. */
  cookie: string | undefined;
  theme: ThemeMode;
}

export interface RenderResult {
  status: number;
  /** Set for a redirect (3xx); nothing else is meaningful then. */
  redirect?: string;
  /** The page's language (issue 27): its path's prefix, or the user's chosen language on the dashboard. */
  locale?: string;
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
  /**
   * antd's styles for the theme, as plain CSS: every component the pages use, rendered in a fixed order before the
   * first page (client/antd-warm.tsx), so the same text on every instance. The server links it as a hashed stylesheet.
   */
  antdCss: string;
  /** Styles this page's components added beyond `antdCss` (a component missing from the warm list): inlined. */
  antdExtraCss?: string;
  /**
   * What a route loader threw other than a Response (`routeId: Name: message`), for the server's log: the page
   * answers 500 with the error boundary and the browser never gets the details. Empty or absent when none did.
   */
  loaderErrors?: string[];
}

export interface ServerEntry {
  render(options: RenderOptions): Promise<RenderResult>;
  /** Both themes' `antdCss`, registered at start so any instance serves any instance's stylesheet URL. */
  antdStylesheets?(): Record<ThemeMode, string>;
}
