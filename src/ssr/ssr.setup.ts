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
import { projectRoot } from '../common/project-root.js';
import type { AppConfig } from '../config/app-config.js';
import { documentTemplate, ERROR_PAGE, fillTemplate, type PageAssets } from './html-template.js';
import type { DemoAccounts, ServerEntry, ThemeMode } from './render-contract.js';

export interface SsrDeps {
  config: AppConfig;
  /** The caller from the request's auth cookie, or null. */
  resolveUser(req: Request): Promise<AuthUser | null>;
  /** Demo credentials for the Login page; null unless demo mode. */
  demoAccounts: DemoAccounts | null;
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
  if (configured) return new URL(configured).origin;
  const host = req.get('host');
  return host && /^[a-z0-9.\-:[\]]+$/i.test(host) ? `${req.protocol}://${host}` : 'http://localhost';
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

/** Production: the hashed entry, its CSS and the chunks it imports, from Vite's manifest. */
function assetsFromManifest(root: string): PageAssets {
  const file = join(root, 'dist/client/.vite/manifest.json');
  if (!existsSync(file)) {
    throw new Error(`Client build missing (${file}). Run "npm run build" before starting in production or test mode.`);
  }
  const manifest = JSON.parse(readFileSync(file, 'utf8')) as Record<string, ManifestChunk>;
  const entry = manifest[CLIENT_ENTRY];
  if (!entry) throw new Error(`${CLIENT_ENTRY} is not in the client manifest; rebuild the client.`);
  const styles = new Set<string>(entry.css ?? []);
  const preloads = new Set<string>();
  const visit = (key: string) => {
    const chunk = manifest[key];
    if (!chunk || preloads.has(chunk.file)) return;
    preloads.add(chunk.file);
    chunk.css?.forEach((css) => styles.add(css));
    chunk.imports?.forEach(visit);
  };
  entry.imports?.forEach(visit);
  return {
    entry: `/${entry.file}`,
    styles: [...styles].map((f) => `/${f}`),
    preloads: [...preloads].map((f) => `/${f}`),
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
    const template = documentTemplate(assetsFromManifest(root));
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
      logger.error(`render failed for ${req.path}: ${err instanceof Error ? (err.stack ?? err.message) : String(err)}`);
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
    await sendHtml(req, res, result.status, fillTemplate(template, result, nonce));
  }

  return {
    async close() {
      await vite?.close();
    },
  };
}
