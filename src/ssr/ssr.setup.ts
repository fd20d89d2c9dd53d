import { Logger } from '@nestjs/common';
import type { NestExpressApplication } from '@nestjs/platform-express';
import express, { type NextFunction, type Request, type RequestHandler, type Response } from 'express';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import type { Server } from 'node:http';
import { extname, join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { promisify } from 'node:util';
import { brotliCompress, constants as zlib, gzip } from 'node:zlib';
import type { ViteDevServer } from 'vite';
import { splitLocalePath } from '../../locales/index.js';
import type { AuthUser } from '../common/decorators.js';
import { loggableError } from '../common/loggable-error.js';
import { projectRoot } from '../common/project-root.js';
import { publicOrigin } from '../common/public-origin.js';
import type { AppConfig } from '../config/app-config.js';
import { AntdStylesheets } from './antd-stylesheets.js';
import { documentTemplate, ERROR_PAGE, escapeAttr, fillTemplate, type PageAssets, type RouteAssets } from './html-template.js';
import { PageCache } from './page-cache.js';
import { publicFiles } from './public-files.js';
import type { DemoAccounts, LocalApi, ServerEntry, ThemeMode } from './render-contract.js';

export interface SsrDeps {
  config: AppConfig;
  /** The caller from the request's auth cookie, or null. */
  resolveUser(req: Request): Promise<AuthUser | null>;
  /** Demo credentials for the Login page; null unless demo mode. */
  demoAccounts: DemoAccounts | null;
  /** PAYMENT_PROVIDER=sandbox: admins see a banner on the dashboard. */
  sandboxPayments: boolean;
  /** Nest's own HTTP server: Vite's HMR websocket shares it instead of opening port 24678. */
  httpServer: Server;
  /** True when the request names a caller (session cookie or bearer token), valid or not: its page is never shared. */
  hasSession(req: Request): boolean;
  /**
   * The API in-process for the route loaders, as the page request's caller (its Cookie and Authorization headers;
   * src/ssr/local-api.ts); loopback HTTP without it.
   */
  localApi?: (caller: { cookie?: string; authorization?: string }) => LocalApi;
  /** Subscribes to "what public pages show may have changed" (CatalogChanges); the anonymous page cache empties. */
  onCatalogChange?: (listener: () => void) => void;
}

/** How long an anonymous page is kept when nothing changes (writes empty the cache at once). */
export const PAGE_CACHE_TTL_MS = 30_000;
/**
 * Anonymous pages, for a CDN in front of the shop: fresh there for 10 s, then served stale for up to 30 s more while
 * it revalidates (If-None-Match: 304 when unchanged). Browsers always revalidate (max-age=0).
 */
export const PUBLIC_PAGE_CACHE_CONTROL = 'public, max-age=0, s-maxage=10, stale-while-revalidate=30';
/** Pages rendered for a caller: never stored anywhere, never shared. */
export const PRIVATE_PAGE_CACHE_CONTROL = 'private, no-store';
/** Statuses of anonymous pages worth keeping (the page, the 404 page, redirects such as signed-in-only pages). */
const CACHEABLE_STATUSES = new Set([200, 301, 302, 303, 307, 308, 404]);

export const THEME_COOKIE = 'okb_theme';
const CLIENT_ENTRY = 'client/entry-client.tsx';
/** Starts the entry after the first paint; its built code is inlined in every page (html-template.ts `bootScript`). */
const BOOT_ENTRY = 'client/boot.ts';
const DEV_SERVER_ENTRY = '/client/entry-server.tsx';
const DEV_STYLES = ['/client/app/global.css'];

interface ManifestChunk {
  file: string;
  css?: string[];
  imports?: string[];
}

const NO_ROUTE_ASSETS: RouteAssets = { styles: [], preloads: [] };

const brotliAsync = promisify(brotliCompress);
const gzipAsync = promisify(gzip);

const isApiPath = (path: string): boolean => path === '/api' || path.startsWith('/api/');

/** Paths that name a file: a miss is a plain 404, never a rendered page. */
const isAssetPath = (path: string): boolean =>
  path.startsWith('/assets/') || path.startsWith('/images/') || /\.[a-z0-9]{1,10}$/i.test(path);

const skipApi =
  (handler: RequestHandler): RequestHandler =>
  (req, res, next) =>
    isApiPath(req.path) ? next() : handler(req, res, next);

/**
 * If-None-Match against a page's (weak) validator, weak comparison (RFC 9110 13.1.2). Compared here rather than with
 * `req.fresh`, which also declines when the request says `Cache-Control: no-cache`: a CDN or fetch() revalidating
 * sends that, and the origin may still answer 304 to a conditional request.
 */
export function etagMatches(header: string | undefined, etag: string): boolean {
  if (!header) return false;
  const opaque = etag.replace(/^W\//, '');
  return header.split(',').some((tag) => {
    const candidate = tag.trim();
    return candidate === '*' || candidate.replace(/^W\//, '') === opaque;
  });
}

function themeFromRequest(req: Request): ThemeMode {
  const parsed = (req.cookies as Record<string, string> | undefined)?.[THEME_COOKIE];
  const raw = parsed ?? /(?:^|;\s*)okb_theme=([^;]*)/.exec(req.headers.cookie ?? '')?.[1];
  return raw === 'dark' ? 'dark' : 'light';
}

/** The page's own origin, for the URL the route loaders see (never used to reach the API). */
function pageOrigin(req: Request, configured: string | undefined): string {
  return publicOrigin(req, configured).origin;
}

/**
 * Serves the `.br` / `.gz` twins the build wrote beside each hashed asset (vite.config.ts) when the browser
 * accepts them; everything else falls through to express.static.
 */
function precompressedAssets(dir: string): RequestHandler {
  const files = new Set(existsSync(dir) ? readdirSync(dir) : []);
  return (req, res, next) => {
    if (req.method !== 'GET' && req.method !== 'HEAD') return next();
    const name = req.path.slice(1);
    if (!name || name.includes('/') || !files.has(name)) return next();
    res.vary('Accept-Encoding');
    const encoding = req.acceptsEncodings('br', 'gzip', 'identity');
    const variant = encoding === 'br' ? `${name}.br` : encoding === 'gzip' ? `${name}.gz` : undefined;
    if (!variant || !files.has(variant)) return next();
    res.type(extname(name)).set('Content-Encoding', encoding as string);
    res.sendFile(join(dir, variant), { maxAge: '365d', immutable: true }, (err) => {
      if (err) next(err);
    });
  };
}

/** HTML is compressed per response: each carries its own CSP nonce (cached pages too). */
async function sendHtml(req: Request, res: Response, status: number, html: string): Promise<void> {
  res.status(status).type('html').vary('Accept-Encoding');
  const encoding = html.length >= 1024 ? req.acceptsEncodings('br', 'gzip', 'identity') : 'identity';
  if (encoding === 'br') {
    res.set('Content-Encoding', 'br').send(await brotliAsync(html, { params: { [zlib.BROTLI_PARAM_QUALITY]: 5 } }));
  } else if (encoding === 'gzip') {
    res.set('Content-Encoding', 'gzip').send(await gzipAsync(html, { level: 6 }));
  } else {
    res.send(html);
  }
}

/**
 * Chunks reachable from `keys` through static imports, with their CSS; files in `skip` are left out. Each chunk
 * comes after the chunks it imports (dependency order, which the boot script evaluates the entry's in).
 */
function collectChunks(chunks: Record<string, ManifestChunk>, keys: string[], skip: ReadonlySet<string>): RouteAssets {
  const styles = new Set<string>();
  const preloads = new Set<string>();
  const seen = new Set<string>();
  const visit = (key: string) => {
    const chunk = chunks[key];
    if (!chunk || seen.has(key)) return;
    seen.add(key);
    // Stylesheets in the order the pages were styled and tested with: a chunk's own before its imports'.
    chunk.css?.forEach((css) => {
      if (!skip.has(css)) styles.add(css);
    });
    chunk.imports?.forEach(visit);
    if (!skip.has(chunk.file)) preloads.add(chunk.file);
  };
  keys.forEach(visit);
  return { styles: [...styles].map((f) => `/${f}`), preloads: [...preloads].map((f) => `/${f}`) };
}

/**
 * Production: Vite's client manifest. The entry (its CSS and the chunks it imports) is the same for every page; a
 * page's lazily loaded routes add their own chunks and CSS, linked per request.
 */
class ClientManifest {
  readonly entry: PageAssets;
  private readonly entryFiles: Set<string>;
  private readonly perPage = new Map<string, RouteAssets>();
  private readonly reported = new Set<string>();

  constructor(
    private readonly chunks: Record<string, ManifestChunk>,
    private readonly logger: Logger,
  ) {
    const entry = chunks[CLIENT_ENTRY];
    if (!entry) throw new Error(`${CLIENT_ENTRY} is not in the client manifest; rebuild the client.`);
    const imported = collectChunks(chunks, entry.imports ?? [], new Set());
    const styles = [...(entry.css ?? []).map((f) => `/${f}`), ...imported.styles];
    this.entry = {
      entry: `/${entry.file}`,
      styles: [...new Set(styles)],
      preloads: imported.preloads,
      evaluationOrder: imported.preloads,
    };
    this.entryFiles = new Set([entry.file, ...[...styles, ...imported.preloads].map((f) => f.slice(1))]);
  }

  static load(root: string, logger: Logger): ClientManifest {
    const file = join(root, 'dist/client/.vite/manifest.json');
    if (!existsSync(file)) {
      throw new Error(`Client build missing (${file}). Run "npm run build" before starting in production or test mode.`);
    }
    const manifest = new ClientManifest(JSON.parse(readFileSync(file, 'utf8')) as Record<string, ManifestChunk>, logger);
    const boot = manifest.chunks[BOOT_ENTRY];
    if (!boot) throw new Error(`${BOOT_ENTRY} is not in the client manifest; rebuild the client.`);
    manifest.bootCode = readFileSync(join(root, 'dist/client', boot.file), 'utf8').replace(/\n\/\/# sourceMappingURL=.*$/s, '').trim();
    return manifest;
  }

  /** The built boot module's code (client/boot.ts). */
  bootCode = '';

  routeAssets(modules: string[]): RouteAssets {
    if (modules.length === 0) return NO_ROUTE_ASSETS;
    const cacheKey = modules.join('|');
    let assets = this.perPage.get(cacheKey);
    if (!assets) {
      for (const module of modules) {
        if (this.chunks[module] || this.reported.has(module)) continue;
        this.reported.add(module);
        this.logger.warn(`route module ${module} is not in the client manifest: its page renders unstyled until its chunk loads`);
      }
      assets = collectChunks(this.chunks, modules, this.entryFiles);
      this.perPage.set(cacheKey, assets);
    }
    return assets;
  }
}

/**
 * Serves public/, the built client assets and server-rendered pages. Everything under /api is left to Nest.
 * Development: Vite in middleware mode (HMR on Nest's server), the server entry reloaded per request.
 * Production and test: dist/client (hashed, immutable) and dist/ssr/entry-server.js, loaded once.
 */
export async function setupSsr(app: NestExpressApplication, deps: SsrDeps): Promise<{ close(): Promise<void> }> {
  const logger = new Logger('SSR');
  const root = projectRoot();
  const dev = deps.config.env.NODE_ENV === 'development';

  let vite: ViteDevServer | undefined;
  let loadEntry: () => Promise<ServerEntry>;
  let loadTemplate: (url: string) => Promise<string>;
  // Development: Vite serves each module (and injects its CSS) on demand.
  let routeAssets: (modules: string[]) => RouteAssets = () => NO_ROUTE_ASSETS;
  // Production: the entry's chunks, which the boot script preloads with the page's own.
  let entryAssets: PageAssets | null = null;

  if (dev) {
    const { createServer } = await import('vite');
    vite = await createServer({
      root,
      configFile: join(root, 'vite.config.ts'),
      appType: 'custom',
      server: { middlewareMode: true, hmr: { server: deps.httpServer } },
    });
    const devServer = vite;
    const template = documentTemplate({ entry: `/${CLIENT_ENTRY}`, styles: DEV_STYLES, preloads: [] });
    loadEntry = async () => (await devServer.ssrLoadModule(DEV_SERVER_ENTRY)) as ServerEntry;
    loadTemplate = (url) => devServer.transformIndexHtml(url, template);
    app.use(skipApi(devServer.middlewares));
  } else {
    const manifest = ClientManifest.load(root, logger);
    const pageAssets: PageAssets = { ...manifest.entry, afterPaint: true, bootCode: manifest.bootCode };
    const template = documentTemplate(pageAssets);
    entryAssets = pageAssets;
    routeAssets = (modules) => manifest.routeAssets(modules);
    const entryFile = join(root, 'dist/ssr/entry-server.js');
    if (!existsSync(entryFile)) {
      throw new Error(`Server render bundle missing (${entryFile}). Run "npm run build".`);
    }
    const entry = (await import(pathToFileURL(entryFile).href)) as ServerEntry;
    loadEntry = async () => entry;
    loadTemplate = async () => template;
    const assetsDir = join(root, 'dist/client/assets');
    app.use(
      '/assets',
      precompressedAssets(assetsDir),
      express.static(assetsDir, { index: false, redirect: false, immutable: true, maxAge: '365d' }),
    );
  }

  // antd's styles, the same text on every instance (client/antd-warm.tsx), as hashed long-cached files (also in
  // development). Registered before the first request: instance B serves the sheet a page from A links.
  const stylesheets = new AntdStylesheets();
  if (!dev) {
    const sheets = (await loadEntry()).antdStylesheets?.();
    if (sheets) for (const theme of ['light', 'dark'] as const) stylesheets.href(theme, sheets[theme]);
  }
  app.use('/assets', stylesheets.handler());
  let extraWarnedAt = -1;
  const warnExtraCss = (length: number) => {
    if (length === extraWarnedAt) return;
    extraWarnedAt = length;
    logger.warn(`a page rendered antd styles missing from client/antd-warm.tsx (${length} bytes, inlined): add its component there`);
  };
  const pageCache = dev ? null : new PageCache({ ttlMs: PAGE_CACHE_TTL_MS, maxEntries: 500, maxBytes: 128 * 1024 * 1024 });
  deps.onCatalogChange?.(() => pageCache?.invalidate());

  app.use(skipApi(publicFiles(join(root, 'public'), dev)));

  app.use((req: Request, res: Response, next: NextFunction) => {
    if (isApiPath(req.path) || (req.method !== 'GET' && req.method !== 'HEAD')) return next();
    if (isAssetPath(req.path)) {
      res.status(404).type('text/plain').set('Cache-Control', 'no-store').send('Not found');
      return;
    }
    void renderPage(req, res).catch((err: unknown) => {
      if (vite && err instanceof Error) vite.ssrFixStacktrace(err);
      logger.error(`render failed for ${req.path}: ${loggableError(err)}`);
      if (res.headersSent) return res.end();
      res.status(500).type('html').set('Cache-Control', 'no-store').send(ERROR_PAGE);
    });
  });

  interface Document {
    status: number;
    redirect?: string;
    html: string;
  }

  /** One page for one caller, the nonce as given (a placeholder for pages kept for anonymous visitors). */
  async function renderDocument(req: Request, user: AuthUser | null, nonce: string, signal?: AbortSignal): Promise<Document> {
    const [entry, template] = await Promise.all([loadEntry(), loadTemplate(req.originalUrl)]);
    const headers = new Headers();
    const language = req.get('accept-language');
    if (language) headers.set('accept-language', language);
    const request = new Request(new URL(req.originalUrl, pageOrigin(req, deps.config.env.PUBLIC_URL)), {
      method: 'GET',
      headers,
      signal,
    });
    const theme = themeFromRequest(req);
    const result = await entry.render({
      request,
      user: user ? { id: user.id, name: user.name, email: user.email, role: user.role, language: user.language ?? null } : null,
      nonce,
      demoAccounts: deps.demoAccounts
        ? {
            user: { email: deps.demoAccounts.user.email, password: deps.demoAccounts.user.password },
            admin: { email: deps.demoAccounts.admin.email, password: deps.demoAccounts.admin.password },
          }
        : null,
      timeZone: deps.config.env.SHOP_TIME_ZONE,
      currency: deps.config.env.RENTAL_CURRENCY,
      sandboxPayments: deps.sandboxPayments,
      apiBase: `http://127.0.0.1:${req.socket.localPort}`,
      localApi: deps.localApi?.(user ? { cookie: req.get('cookie'), authorization: req.get('authorization') } : {}),
      cookie: user ? req.get('cookie') : undefined,
      theme,
    });
    if (result.redirect) return { status: result.status, redirect: result.redirect, html: '' };
    if (result.loaderErrors?.length) logger.error(`${req.path} answered ${result.status}: a route loader failed: ${result.loaderErrors.join('; ')}`);
    let head = result.antdCss ? `${result.head}<link rel="stylesheet" href="${escapeAttr(stylesheets.href(theme, result.antdCss))}">` : result.head;
    if (result.antdExtraCss) {
      warnExtraCss(result.antdExtraCss.length);
      head += `<style data-antd-extra>${result.antdExtraCss.replace(/<\/style/gi, '<\\/style')}</style>`;
    }
    return {
      status: result.status,
      html: fillTemplate(template, { ...result, head }, nonce, routeAssets(result.modules ?? []), entryAssets),
    };
  }

  async function sendDocument(req: Request, res: Response, doc: Document, html: string): Promise<void> {
    if (doc.redirect) {
      res.redirect(doc.status, doc.redirect);
      return;
    }
    await sendHtml(req, res, doc.status, html);
  }

  async function renderPage(req: Request, res: Response): Promise<void> {
    const nonce = String(res.locals.cspNonce ?? '');
    res.vary('Cookie');
    if (pageCache && !deps.hasSession(req)) {
      // The same for every anonymous visitor: per theme, language (issue 27: named by the path's prefix, so
      // `/de/allbikes` and `/allbikes` are two pages), origin (canonical URLs) and URL, rendered once.
      const key = `${themeFromRequest(req)} ${splitLocalePath(req.path).locale} ${pageOrigin(req, deps.config.env.PUBLIC_URL)}${req.originalUrl}`;
      const page = await pageCache.get(key, async () => {
        const doc = await renderDocument(req, null, pageCache.noncePlaceholder);
        return CACHEABLE_STATUSES.has(doc.status) ? doc : null;
      });
      if (page) {
        res.status(page.status).set({ 'Cache-Control': PUBLIC_PAGE_CACHE_CONTROL, ETag: page.etag });
        if (!page.redirect && page.status === 200 && etagMatches(req.get('if-none-match'), page.etag)) {
          // The revalidating cache keeps its stored body, whose scripts carry that response's nonce: a 304 updates the
          // stored headers, so this request's new nonce in a CSP header would block every script of the kept page.
          // Without the header the stored policy (matching the stored body) stays in force.
          res.removeHeader('Content-Security-Policy');
          res.status(304).end();
          return;
        }
        await sendDocument(req, res, page, page.redirect ? '' : pageCache.htmlFor(page, nonce));
        return;
      }
    }

    const user = await deps.resolveUser(req);
    const aborted = new AbortController();
    res.on('close', () => {
      if (!res.writableFinished) aborted.abort();
    });
    const doc = await renderDocument(req, user, nonce, aborted.signal);
    if (aborted.signal.aborted) return;
    // Rendered for this request (signed in, or not shareable): never stored, never shared.
    res.set('Cache-Control', PRIVATE_PAGE_CACHE_CONTROL);
    await sendDocument(req, res, doc, doc.html);
  }

  return {
    async close() {
      await vite?.close();
    },
  };
}
