import type { RequestHandler } from 'express';
import { createHash } from 'node:crypto';
import { brotliCompressSync, constants as zlib, gzipSync } from 'node:zlib';
import type { ThemeMode } from './render-contract.js';

interface Stylesheet {
  theme: ThemeMode;
  css: Buffer;
  gzip: Buffer;
  br: Buffer;
}

/** Old versions kept per theme: pages cached (here or in a CDN) while the stylesheet grew still link theirs. */
const KEEP_PER_THEME = 20;
const PATH = /^\/antd-(light|dark)-([0-9a-f]{16})\.css$/;

/**
 * antd's styles as static stylesheets: the renderer computes one text per theme before any page (every component the
 * pages use, client/antd-warm.tsx), the same on every instance and release build, so a page from instance A links
 * a sheet instance B serves (test/drills/antd-stylesheet.test.ts). This store names each text by its hash
 * (`/assets/antd-<theme>-<hash>.css`), compresses it once and serves it as an immutable file (about 750 KB plain,
 * 50 KB brotli per theme, cached by browsers for a year across all pages).
 */
export class AntdStylesheets {
  private readonly byHash = new Map<string, Stylesheet>();
  private readonly latest: Record<ThemeMode, { css: string; hash: string; href: string } | null> = { light: null, dark: null };

  /** The href of this CSS text (registered on first sight). */
  href(theme: ThemeMode, css: string): string {
    const last = this.latest[theme];
    // The renderer hands back the same string until its cache grows: usually an identity check.
    if (last && last.css === css) return last.href;
    const hash = createHash('sha256').update(css).digest('hex').slice(0, 16);
    if (!this.byHash.has(hash)) {
      const buffer = Buffer.from(css, 'utf8');
      this.byHash.set(hash, {
        theme,
        css: buffer,
        gzip: gzipSync(buffer, { level: 9 }),
        br: brotliCompressSync(buffer, { params: { [zlib.BROTLI_PARAM_QUALITY]: 9, [zlib.BROTLI_PARAM_SIZE_HINT]: buffer.length } }),
      });
      this.prune(theme);
    }
    const href = `/assets/antd-${theme}-${hash}.css`;
    this.latest[theme] = { css, hash, href };
    return href;
  }

  private prune(theme: ThemeMode): void {
    const mine = [...this.byHash.entries()].filter(([, sheet]) => sheet.theme === theme);
    for (const [hash] of mine.slice(0, Math.max(0, mine.length - KEEP_PER_THEME))) this.byHash.delete(hash);
  }

  /**
   * Mounted under /assets. A name this process does not know (another instance's version, or one pruned) gets this
   * process's newest stylesheet of the theme (a superset on the same pages), briefly cached instead of for a year.
   */
  handler(): RequestHandler {
    return (req, res, next) => {
      if (req.method !== 'GET' && req.method !== 'HEAD') return next();
      const match = PATH.exec(req.path);
      if (!match) return next();
      const theme = match[1] as ThemeMode;
      let sheet = this.byHash.get(match[2]);
      let cacheControl = 'public, max-age=31536000, immutable';
      if (!sheet) {
        const latest = this.latest[theme];
        sheet = latest ? this.byHash.get(latest.hash) : undefined;
        cacheControl = 'public, max-age=60';
        if (!sheet) {
          res.status(404).type('text/plain').set('Cache-Control', 'no-store').send('Not found');
          return;
        }
      }
      res.vary('Accept-Encoding');
      res.type('text/css').set('Cache-Control', cacheControl);
      const encoding = req.acceptsEncodings('br', 'gzip', 'identity');
      if (encoding === 'br') res.set('Content-Encoding', 'br').send(sheet.br);
      else if (encoding === 'gzip') res.set('Content-Encoding', 'gzip').send(sheet.gzip);
      else res.send(sheet.css);
    };
  }
}
