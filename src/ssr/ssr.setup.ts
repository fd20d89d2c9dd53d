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
import type { AuthUser } from '../common/decorators.js';
import { loggableError } from '../common/http-exception.filter.js';
import { projectRoot } from '../common/project-root.js';
import { publicOrigin } from '../common/public-origin.js';
import type { AppConfig } from '../config/app-config.js';
import { SeoService } from '../modules/seo/seo.service.js';
import { documentTemplate, ERROR_PAGE, fillTemplate, type PageAssets, type RouteAssets } from './html-template.js';
import type { DemoAccounts, ServerEntry, ThemeMode } from './render-contract.js';

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
}

export const THEME_COOKIE = 'okb_theme';
const CLIENT_ENTRY = 'client/entry-client.tsx';
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

function themeFromRequest(req: Request): ThemeMode {
  const parsed = (req.cookies as Record<string, string> | undefined)?.[THEME_COOKIE];
  const raw = parsed ?? /(?:^|;\s*)okb_theme=([^;]*)/.exec(req.headers.cookie ?? '')?.[1];
  return raw === 'dark' ? 'dark' : 'light';
}

/** The page's own origin, for the URL the route loaders see (never used to reach the API). */
function pageOrigin(req: Request, configured: string | undefined): string {
  return publicOrigin(req, configured).origin;
}

/** Public caching only for files built from PUBLIC_URL: never cache what a request's Host header named. */
const seoCache = (config: AppConfig, maxAge: number): string =>
  config.env.PUBLIC_URL ? `public, max-age=${maxAge}` : 'no-store';

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

/** HTML is compressed per response: pages carry their antd styles inline and are never cached shared. */
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
    return new ClientManifest(JSON.parse(readFileSync(file, 'utf8')) as Record<string, ManifestChunk>, logger);
  }

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

/** /robots.txt and /sitemap.xml sit at the site root, outside the /api prefix Nest's controllers live under. */
function seoFiles(seo: SeoService, config: AppConfig, logger: Logger): RequestHandler {
  return (req, res, next) => {
    if (req.method !== 'GET' && req.method !== 'HEAD') return next();
    if (req.path === '/robots.txt') {
      res.type('text/plain').set('Cache-Control', seoCache(config, 3600)).send(seo.robotsTxt(pageOrigin(req, config.env.PUBLIC_URL)));
      return;
    }
    if (req.path !== '/sitemap.xml') return next();
    seo
      .sitemapXml(pageOrigin(req, config.env.PUBLIC_URL))
      .then((xml) => {
        res.type('application/xml').set('Cache-Control', seoCache(config, 900)).send(xml);
      })
      .catch((err: unknown) => {
        logger.error(`sitemap failed: ${loggableError(err)}`);
        res.status(503).type('text/plain').set({ 'Cache-Control': 'no-store', 'Retry-After': '60' }).send('Sitemap temporarily unavailable');
      });
  };
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
    const pageAssets: PageAssets = { ...manifest.entry, afterPaint: true };
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

  app.use(seoFiles(app.get(SeoService, { strict: false }), deps.config, logger));

  app.use(
    skipApi(
      express.static(join(root, 'public'), {
        index: false,
        redirect: false,
        maxAge: dev ? 0 : '1d',
      }),
    ),
  );

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

  async function renderPage(req: Request, res: Response): Promise<void> {
    const [entry, template, user] = await Promise.all([
      loadEntry(),
      loadTemplate(req.originalUrl),
      deps.resolveUser(req),
    ]);
    const nonce = String(res.locals.cspNonce ?? '');
    const aborted = new AbortController();
    res.on('close', () => {
      if (!res.writableFinished) aborted.abort();
    });
    const headers = new Headers();
    const language = req.get('accept-language');
    if (language) headers.set('accept-language', language);
    const request = new Request(new URL(req.originalUrl, pageOrigin(req, deps.config.env.PUBLIC_URL)), {
      method: 'GET',
      headers,
      signal: aborted.signal,
    });

    const result = await entry.render({
      request,
      user: user ? { id: user.id, name: user.name, email: user.email, role: user.role } : null,
      nonce,
      demoAccounts: deps.demoAccounts
        ? {
            user: { email: deps.demoAccounts.user.email, password: deps.demoAccounts.user.password },
            admin: { email: deps.demoAccounts.admin.email, password: deps.demoAccounts.admin.password },
          }
        : null,
      timeZone: deps.config.env.SHOP_TIME_ZONE,
      sandboxPayments: deps.sandboxPayments,
      apiBase: `http://127.0.0.1:${req.socket.localPort}`,
      cookie: req.get('cookie'),
      theme: themeFromRequest(req),
    });
    if (aborted.signal.aborted) return;

    // Pages show who is signed in: never share them between users.
    res.set('Cache-Control', 'private, no-cache');
    res.vary('Cookie');
    if (result.redirect) {
      res.redirect(result.status, result.redirect);
      return;
    }
    await sendHtml(req, res, result.status, fillTemplate(template, result, nonce, routeAssets(result.modules ?? []), entryAssets));
  }

  return {
    async close() {
      await vite?.close();
    },
  };
}
