import type { NextFunction, Request, RequestHandler, Response } from 'express';
import { createHash } from 'node:crypto';
import type { IncomingMessage } from 'node:http';
import { gzipSync } from 'node:zlib';
import { widgetScript } from './widget-script.js';

/** The pages the booking widget frames: /embed (book) and /embed/result (the way back from the payment page). */
export const isEmbedPath = (path: string): boolean => path === '/embed' || path.startsWith('/embed/');

/**
 * CSP `frame-ancestors` of a page (issue 26): the embed pages may be framed by the shop itself and the sites in
 * WIDGET_ORIGINS; every other page by nobody. Browsers then refuse to show an embed page inside any other site.
 */
export function frameAncestors(widgetOrigins: readonly string[]): (req: IncomingMessage) => string {
  const embed = ["'self'", ...widgetOrigins.map((o) => new URL(o).origin)].join(' ');
  return (req) => (isEmbedPath(new URL(req.url ?? '/', 'http://localhost').pathname) ? embed : "'none'");
}

/**
 * GET /widget.js (the loader, any site may load it: the framing policy decides where it works), and for the embed
 * pages no X-Frame-Options (helmet's SAMEORIGIN would override nothing where CSP is sent, but older browsers read
 * only that header; the CSP's frame-ancestors is the rule there).
 */
export function widgetFiles(): RequestHandler {
  const body = widgetScript();
  const gzipped = gzipSync(body, { level: 9 });
  const etag = `"${createHash('sha256').update(body).digest('base64url').slice(0, 22)}"`;
  return (req: Request, res: Response, next: NextFunction) => {
    if (isEmbedPath(req.path)) res.removeHeader('X-Frame-Options');
    if (req.path !== '/widget.js' || (req.method !== 'GET' && req.method !== 'HEAD')) return next();
    res.set({
      'Content-Type': 'text/javascript; charset=utf-8',
      'Cache-Control': 'public, max-age=300',
      'Cross-Origin-Resource-Policy': 'cross-origin',
      ETag: etag,
      Vary: 'Accept-Encoding',
    });
    if (req.get('if-none-match') === etag) {
      res.status(304).end();
      return;
    }
    if (req.acceptsEncodings('gzip', 'identity') === 'gzip') res.set('Content-Encoding', 'gzip').send(gzipped);
    else res.send(body);
  };
}
