import { useQueryClient, type QueryClient } from '@tanstack/react-query';
import { useEffect, useState, useSyncExternalStore } from 'react';
import { isRouteErrorResponse, type DataRouter, type Params } from 'react-router-dom';
import { DEFAULT_LOCALE, formatMessage, localizePath, LOCALES, OG_LOCALES, splitLocalePath, type Locale, type MessageId } from '../../locales/index.js';
import { serializeForScript } from './app-state.js';

export const SITE_NAME = 'Okay Bike';

/** The social preview of pages without their own image (PNG: the sites that read og:image do not take SVG). */
export const DEFAULT_SOCIAL_IMAGE = '/images/social/okay-bike-card.png';

export interface PageMeta {
  /** Page name; the document title becomes "<title> | Okay Bike". */
  title: string;
  description: string;
  /** Path of the page's canonical URL; by default the current path without its query (aliases resolved). */
  canonicalPath?: string;
  /** og:type; 'website' by default. */
  type?: 'website' | 'product';
  /** Social preview image: a site path or an absolute URL. */
  image?: string;
  imageAlt?: string;
  /** Keep this page out of search results. Pages under NOINDEX_PREFIXES always are. */
  noindex?: boolean;
  /** schema.org data, written as JSON-LD. */
  structuredData?: Record<string, unknown>;
  /**
   * The image the first screen is built around (its Largest Contentful Paint): the server's HTML asks for it before the
   * scripts, which otherwise take the bandwidth first.
   */
  preloadImage?: string;
  /**
   * The catalogue messages of title and description (issue 27): the page's language picks them; `title` and
   * `description` above are the English texts (the same as the English catalogue's).
   */
  i18n?: { title?: MessageId; description?: MessageId; values?: Record<string, string> };
}

/** A page head from the catalogue: English texts as `title`/`description`, their ids for the other languages. */
export function catalogueMeta(title: MessageId, description: MessageId, extra: Omit<PageMeta, 'title' | 'description' | 'i18n'> = {}): PageMeta {
  return { ...extra, title: formatMessage(DEFAULT_LOCALE, title), description: formatMessage(DEFAULT_LOCALE, description), i18n: { title, description } };
}

/** The head in `locale`: its catalogue texts when it names them. */
export function localizeMeta(meta: PageMeta, locale: Locale): PageMeta {
  if (!meta.i18n) return meta;
  const { title, description, values } = meta.i18n;
  return {
    ...meta,
    title: title ? formatMessage(locale, title, values) : meta.title,
    description: description ? formatMessage(locale, description, values) : meta.description,
  };
}

export const DEFAULT_META: PageMeta = catalogueMeta('head.home.title', 'head.home.description');

export const documentTitle = (title: string): string => (title === SITE_NAME ? title : `${title} | ${SITE_NAME}`);

/** Private or transactional pages: never in search results (robots.txt keeps crawlers off most of them too). */
export const NOINDEX_PREFIXES = ['/dashboard', '/checkout', '/login', '/signup', '/payment', '/search', '/gift-cards/result'] as const;

/** Paths that show the same page as another: search engines should index the other one. */
const CANONICAL_ALIASES: Record<string, string> = { '/home': '/', '/listings': '/allbikes' };

const underPrefix = (pathname: string, prefix: string): boolean => pathname === prefix || pathname.startsWith(`${prefix}/`);

export const isNoindexPath = (pathname: string): boolean => NOINDEX_PREFIXES.some((prefix) => underPrefix(pathname, prefix));

export function canonicalPathFor(pathname: string): string {
  const trimmed = pathname.length > 1 ? pathname.replace(/\/+$/, '') : pathname;
  return CANONICAL_ALIASES[trimmed] ?? (trimmed || '/');
}

export const absoluteUrl = (origin: string, pathOrUrl: string): string => new URL(pathOrUrl, `${origin}/`).href;

const escapeHtml = (value: string): string =>
  value.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');

interface HeadTags {
  title: string;
  preloadImage: string | null;
  /** name -> content (description, robots, twitter:*). */
  names: [string, string][];
  /** property -> content (og:*). */
  properties: [string, string][];
  canonical: string | null;
  /** hreflang -> URL of the same page in each language (indexable pages only). */
  alternates: [string, string][];
  structuredData: Record<string, unknown> | null;
}

/**
 * Everything the head carries for one page, the same on the server and after client-side navigation. `pageLocale`:
 * the page's language when the path does not name it (the dashboard follows the user's chosen language).
 */
function headTags(pageMeta: PageMeta, pathname: string, origin: string, status = 200, pageLocale?: Locale): HeadTags {
  const ok = status < 400;
  // '/de/allbikes': the German page of '/allbikes' (English pages have no prefix).
  const split = splitLocalePath(pathname);
  const { rest } = split;
  const locale = pageLocale ?? split.locale;
  const meta = localizeMeta(pageMeta, locale);
  const noindex = !ok || meta.noindex === true || isNoindexPath(rest);
  const basePath = splitLocalePath(meta.canonicalPath ?? canonicalPathFor(rest)).rest;
  const canonical = ok ? absoluteUrl(origin, localizePath(basePath, locale)) : null;
  const alternates: [string, string][] = ok && !noindex
    ? [...LOCALES.map((other): [string, string] => [other, absoluteUrl(origin, localizePath(basePath, other))]), ['x-default', absoluteUrl(origin, basePath)]]
    : [];
  const image = absoluteUrl(origin, meta.image ?? DEFAULT_SOCIAL_IMAGE);
  const socialTitle = meta.title === SITE_NAME ? SITE_NAME : meta.title;
  const names: [string, string][] = [['description', meta.description]];
  if (noindex) names.push(['robots', 'noindex']);
  names.push(
    ['twitter:card', 'summary_large_image'],
    ['twitter:title', socialTitle],
    ['twitter:description', meta.description],
    ['twitter:image', image],
  );
  const properties: [string, string][] = [
    ['og:site_name', SITE_NAME],
    ['og:type', meta.type ?? 'website'],
    ['og:title', socialTitle],
    ['og:description', meta.description],
    ['og:url', canonical ?? absoluteUrl(origin, pathname)],
    ['og:image', image],
    ['og:image:alt', meta.imageAlt ?? SITE_NAME],
    ['og:locale', OG_LOCALES[locale]],
  ];
  return {
    title: documentTitle(meta.title),
    // As the page writes it (a site path stays relative): the preload must match the <img> request exactly.
    preloadImage: ok && meta.preloadImage ? meta.preloadImage : null,
    names,
    properties,
    canonical,
    alternates,
    structuredData: ok ? (meta.structuredData ?? null) : null,
  };
}

export interface HeadArgs {
  params: Readonly<Params>;
  pathname: string;
  search: string;
  /** The query cache the route's loader filled. */
  queryClient: QueryClient;
  /** Origin of absolute URLs: PUBLIC_URL or the request's on the server, the first page's in the browser. */
  origin: string;
}

/** A route's head: declared on the route as `handle.head`, fixed or built from the loaded data. */
export type HeadSpec = PageMeta | ((args: HeadArgs) => PageMeta);

export const NOT_FOUND_META: PageMeta = catalogueMeta('head.notFound.title', 'head.notFound.description');
const ERROR_META: PageMeta = catalogueMeta('pub.error.title', 'pub.head.error.description');

/** The router state a head is resolved from: the static handler's context on the server, router.state in the browser. */
export interface HeadRouterState {
  matches: { params: Readonly<Params>; route: { handle?: unknown } }[];
  errors: Record<string, unknown> | null;
  location: { pathname: string; search: string };
}

/** The deepest matched route that declares a head decides it; a route error shows the error page's head. */
export function resolveHead(state: HeadRouterState, queryClient: QueryClient, origin: string): PageMeta {
  const error = state.errors ? Object.values(state.errors)[0] : undefined;
  if (state.errors && error !== undefined) return isRouteErrorResponse(error) && error.status === 404 ? NOT_FOUND_META : ERROR_META;
  for (let i = state.matches.length - 1; i >= 0; i--) {
    const match = state.matches[i];
    const head = (match.route.handle as { head?: HeadSpec } | undefined)?.head;
    if (!head) continue;
    return typeof head === 'function'
      ? head({ params: match.params, pathname: state.location.pathname, search: state.location.search, queryClient, origin })
      : head;
  }
  return DEFAULT_META;
}

const JSON_LD_ID = 'okb-structured-data';

/**
 * Server side: the head's HTML. `status`: error pages get no canonical URL and stay out of the index. `locale`: the
 * page's language (localeOf in i18n.tsx); by default the one its path names.
 */
export function headHtml(
  meta: PageMeta,
  { pathname, origin, nonce, status = 200, locale }: { pathname: string; origin: string; nonce: string; status?: number; locale?: Locale },
): string {
  const tags = headTags(meta, pathname, origin, status, locale);
  const html = [`<title>${escapeHtml(tags.title)}</title>`];
  for (const [name, content] of tags.names) html.push(`<meta name="${escapeHtml(name)}" content="${escapeHtml(content)}">`);
  if (tags.canonical) html.push(`<link rel="canonical" href="${escapeHtml(tags.canonical)}">`);
  for (const [hreflang, href] of tags.alternates) html.push(`<link rel="alternate" hreflang="${escapeHtml(hreflang)}" href="${escapeHtml(href)}">`);
  for (const [property, content] of tags.properties) {
    html.push(`<meta property="${escapeHtml(property)}" content="${escapeHtml(content)}">`);
  }
  if (tags.preloadImage) html.push(`<link rel="preload" as="image" href="${escapeHtml(tags.preloadImage)}" fetchpriority="high">`);
  if (tags.structuredData) {
    const nonceAttribute = nonce ? ` nonce="${escapeHtml(nonce)}"` : '';
    html.push(`<script type="application/ld+json" id="${JSON_LD_ID}"${nonceAttribute}>${serializeForScript(tags.structuredData)}</script>`);
  }
  return html.join('');
}

let browserOrigin: string | undefined;

/** The origin the server rendered the first page with (PUBLIC_URL may differ from the address bar's). */
function siteOrigin(): string {
  if (browserOrigin === undefined) {
    const rendered = document.head.querySelector<HTMLMetaElement>('meta[property="og:url"]')?.content;
    browserOrigin = rendered ? new URL(rendered).origin : window.location.origin;
  }
  return browserOrigin;
}

function upsertMeta(attribute: 'name' | 'property', key: string, content: string): HTMLMetaElement {
  let tag = document.head.querySelector<HTMLMetaElement>(`meta[${attribute}="${key}"]`);
  if (!tag) {
    tag = document.createElement('meta');
    tag.setAttribute(attribute, key);
    document.head.appendChild(tag);
  }
  tag.content = content;
  return tag;
}

function applyHead(tags: HeadTags): void {
  document.title = tags.title;
  for (const [name, content] of tags.names) upsertMeta('name', name, content);
  if (!tags.names.some(([name]) => name === 'robots')) document.head.querySelector('meta[name="robots"]')?.remove();
  for (const [property, content] of tags.properties) upsertMeta('property', property, content);

  let canonical = document.head.querySelector<HTMLLinkElement>('link[rel="canonical"]');
  if (tags.canonical) {
    if (!canonical) {
      canonical = document.createElement('link');
      canonical.rel = 'canonical';
      document.head.appendChild(canonical);
    }
    canonical.href = tags.canonical;
  } else {
    canonical?.remove();
  }

  for (const link of document.head.querySelectorAll('link[rel="alternate"][hreflang]')) link.remove();
  for (const [hreflang, href] of tags.alternates) {
    const link = document.createElement('link');
    link.rel = 'alternate';
    link.hreflang = hreflang;
    link.href = href;
    document.head.appendChild(link);
  }

  let script = document.getElementById(JSON_LD_ID);
  if (tags.structuredData) {
    if (!script) {
      script = document.createElement('script');
      script.id = JSON_LD_ID;
      script.setAttribute('type', 'application/ld+json');
      document.head.appendChild(script);
    }
    script.textContent = JSON.stringify(tags.structuredData);
  } else {
    script?.remove();
  }
}

/**
 * The head in the browser: after every navigation (and when the query cache the heads read from changes) the
 * deepest route's head is written into the document. The server writes the same head with headHtml.
 * `localeFor`: the language of a path (the dashboard's follows the signed-in user's choice); by default the path's.
 */
export function RouteHead({ router, localeFor }: { router: Pick<DataRouter, 'state' | 'subscribe'>; localeFor?: (pathname: string) => Locale }) {
  const queryClient = useQueryClient();
  const state = useSyncExternalStore(router.subscribe, () => router.state, () => router.state);
  // Heads read the query cache: render again when it changes (the effect below runs only if the head did).
  const [, setCacheVersion] = useState(0);
  useEffect(() => queryClient.getQueryCache().subscribe(() => setCacheVersion((version) => version + 1)), [queryClient]);
  const meta = resolveHead(state, queryClient, siteOrigin());
  const pathname = state.location.pathname;
  const locale = localeFor?.(pathname);
  const signature = JSON.stringify(meta);
  useEffect(() => {
    applyHead(headTags(JSON.parse(signature) as PageMeta, pathname, siteOrigin(), 200, locale));
  }, [signature, pathname, locale]);
  return null;
}
