import { createCache, extractStyle, StyleProvider } from '@ant-design/cssinjs';
import { dehydrate } from '@tanstack/react-query';
import { ConfigProvider } from 'antd';
import { PassThrough } from 'node:stream';
import type { ReactNode } from 'react';
import { renderToPipeableStream } from 'react-dom/server';
import {
  createStaticHandler,
  createStaticRouter,
  isRouteErrorResponse,
  StaticRouterProvider,
  type StaticHandlerContext,
} from 'react-router-dom';
import { createHttpClient } from './api/http.js';
import { queryKeys } from './api/query-keys.js';
import { APP_STATE_GLOBAL, serializeForScript, type AppState } from './app/app-state.js';
import { headHtml, resolveHead } from './app/head.js';
import { localeOf } from './app/i18n.js';
import { AppProviders } from './app/providers.js';
import { createQueryClient } from './app/query-client.js';
import { createRouterContext } from './app/router-context.js';
import { routes, type RouteHandle } from './app/routes.js';
import { buildTheme, type ThemeMode } from './app/theme.js';
import { warmAntdStyles } from './antd-warm.js';
// The contract with the server, declared once in src/ssr: this entry runs in Node and the import is type-only (erased
// from the bundle), so no server code reaches the client.
// eslint-disable-next-line no-restricted-imports
import type { RenderOptions, RenderResult } from '../src/ssr/render-contract.js';

export type { RenderOptions, RenderResult };

const handler = createStaticHandler(routes);

/**
 * antd's CSS-in-JS cache, one per theme for the life of the process: the theme's tokens are derived and each
 * component's styles serialised once, not per request (they depend on the theme only). Before the first page of a
 * theme, every component the pages use is rendered into it in a fixed order (client/antd-warm.tsx): that text is
 * the theme's stylesheet (`RenderResult.antdCss`), identical on every instance (issue 28, finding 3). Styles a page
 * adds beyond it (a component missing from the list) come back as `antdExtraCss` for the page to inline.
 */
interface StyleCache {
  cache: ReturnType<typeof createCache>;
  base: string | null;
  baseKeys: Set<string>;
  size: number;
  extra: string;
}
const styleCaches: Record<ThemeMode, StyleCache> = {
  light: { cache: createCache(), base: null, baseKeys: new Set(), size: -1, extra: '' },
  dark: { cache: createCache(), base: null, baseKeys: new Set(), size: -1, extra: '' },
};

/** The theme's stylesheet: antd's CSS as plain text (with the cache-path map that tells the browser's antd not to add it again). */
function baseStylesheet(theme: ThemeMode): string {
  const entry = styleCaches[theme];
  if (entry.base === null) {
    warmAntdStyles(
      (node) => (
        <StyleProvider cache={entry.cache}>
          <ConfigProvider theme={buildTheme(theme)}>{node}</ConfigProvider>
        </StyleProvider>
      ),
      (name, error) => console.warn(`antd stylesheet: ${name} did not render (${error instanceof Error ? error.message : String(error)})`),
    );
    entry.base = extractStyle(entry.cache, { plain: true });
    entry.baseKeys = new Set(entry.cache.cache.keys());
    entry.size = entry.cache.cache.size;
  }
  return entry.base;
}

/** Styles the cache gained after the base stylesheet (usually none), as plain text. */
function extraStylesheet(theme: ThemeMode): string {
  const entry = styleCaches[theme];
  const size = entry.cache.cache.size;
  if (size !== entry.size) {
    const added = [...entry.cache.cache.keys()].filter((key) => !entry.baseKeys.has(key));
    const only = { cache: new Map(added.map((key) => [key, entry.cache.cache.get(key)])), updateTimes: entry.cache.updateTimes, extracted: new Set<string>() };
    entry.extra = added.some((key) => key.startsWith('style%')) ? extractStyle(only as unknown as typeof entry.cache, { plain: true }) : '';
    entry.size = size;
  }
  return entry.extra;
}

/** Both themes' stylesheets, for the server to serve before any page is rendered. */
export function antdStylesheets(): Record<ThemeMode, string> {
  return { light: baseStylesheet('light'), dark: baseStylesheet('dark') };
}

/** Like react-router's own hydration script, but outside #root so the markup React hydrates is only the app. */
function routerHydrationData(context: StaticHandlerContext) {
  const errors = context.errors
    ? Object.fromEntries(
        Object.entries(context.errors).map(([routeId, error]) => {
          if (isRouteErrorResponse(error)) return [routeId, { ...error, __type: 'RouteErrorResponse' }];
          // Never ship server error details to the browser.
          return [routeId, { message: 'Unexpected Server Error', __type: 'Error' }];
        }),
      )
    : null;
  return { loaderData: context.loaderData, actionData: context.actionData, errors };
}

/** Source paths of the lazily loaded route modules this page rendered; the server links their chunks and CSS. */
function routeModules(context: StaticHandlerContext): string[] {
  return context.matches.flatMap((match) => (match.route.handle as RouteHandle | undefined)?.module ?? []);
}

function responseStatus(context: StaticHandlerContext): number {
  const deepest = context.matches[context.matches.length - 1];
  const handleStatus = (deepest?.route.handle as RouteHandle | undefined)?.status;
  return Math.max(context.statusCode, handleStatus ?? 200);
}

/** Renders everything, waits for every Suspense boundary, and returns the markup as one string. */
function renderToHtml(element: ReactNode, nonce: string, signal: AbortSignal): Promise<string> {
  return new Promise((resolve, reject) => {
    let failed: unknown;
    const stream = renderToPipeableStream(element, {
      nonce,
      // The whole page is sent at once (onAllReady), so every Suspense boundary is complete: keep each in place.
      // React's default (12.8 KB) moves larger boundaries to the end of the document and reveals them with an
      // inline script after a frame, which left the middle of the home page empty until then and shifted it.
      progressiveChunkSize: Number.POSITIVE_INFINITY,
      onAllReady() {
        if (failed) return reject(failed);
        const sink = new PassThrough();
        const chunks: Buffer[] = [];
        sink.on('data', (chunk: Buffer) => chunks.push(chunk));
        sink.on('end', () => resolve(Buffer.concat(chunks).toString('utf8')));
        sink.on('error', reject);
        stream.pipe(sink);
      },
      onShellError: reject,
      onError(error) {
        failed ??= error;
      },
    });
    signal.addEventListener('abort', () => stream.abort(), { once: true });
  });
}

/** Server render of one page request. Called by src/ssr/ssr.setup.ts. */
export async function render(options: RenderOptions): Promise<RenderResult> {
  const { request, user, nonce, demoAccounts, sandboxPayments, theme } = options;
  const timeZone = options.timeZone ?? 'UTC';
  const currency = options.currency ?? 'USD';
  const queryClient = createQueryClient({ server: true });
  queryClient.setQueryData(queryKeys.session, user);
  const api = createHttpClient({ baseUrl: options.apiBase, cookie: options.cookie, local: options.localApi });

  const context = await handler.query(request, { requestContext: createRouterContext({ queryClient, api }) });
  if (context instanceof Response) {
    const location = context.headers.get('Location');
    if (context.status >= 300 && context.status < 400 && location) {
      return { status: context.status, redirect: location, htmlAttributes: {}, head: '', html: '', scripts: '', modules: [], antdCss: '' };
    }
    throw new Error(`A route loader returned a non-redirect Response (${context.status})`);
  }

  const router = createStaticRouter(handler.dataRoutes, context);
  const origin = new URL(request.url).origin;
  const antdCss = baseStylesheet(theme);
  const html = await renderToHtml(
    <StyleProvider cache={styleCaches[theme].cache}>
      <AppProviders queryClient={queryClient} api={api} theme={theme} demoAccounts={demoAccounts} sandboxPayments={sandboxPayments} timeZone={timeZone} currency={currency}>
        <StaticRouterProvider router={router} context={context} hydrate={false} />
      </AppProviders>
    </StyleProvider>,
    nonce,
    request.signal,
  );

  const meta = resolveHead(context, queryClient, origin);
  const state: AppState = { dehydratedState: dehydrate(queryClient), demoAccounts, sandboxPayments, theme, timeZone, currency };
  queryClient.clear();
  const scripts =
    `<script nonce="${nonce}">` +
    `window.__staticRouterHydrationData=${serializeForScript(routerHydrationData(context))};` +
    `window.${APP_STATE_GLOBAL}=${serializeForScript(state)};` +
    `</script>`;

  const status = responseStatus(context);
  const lang = localeOf(context.location.pathname, user?.language, context.location.search);
  const loaderErrors = Object.entries(context.errors ?? {})
    .filter(([, error]) => !isRouteErrorResponse(error))
    .map(([routeId, error]) => `${routeId}: ${error instanceof Error ? `${error.name}: ${error.message}` : String(error)}`);
  return {
    status,
    locale: lang,
    htmlAttributes: theme === 'dark' ? { lang, class: 'dark' } : { lang },
    head: headHtml(meta, { pathname: context.location.pathname, origin, nonce, status, locale: lang }),
    html,
    scripts,
    modules: routeModules(context),
    antdCss,
    antdExtraCss: extraStylesheet(theme),
    loaderErrors,
  };
}
