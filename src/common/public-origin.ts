import type { Request } from 'express';

const HOST = /^[a-z0-9.-]+(:\d{1,5})?$|^\[[0-9a-f:.]+\](:\d{1,5})?$/i;

/**
 * The shop's public origin for links it hands out (payment return URLs, canonical URLs, sitemap, robots.txt).
 * PUBLIC_URL when set (production requires it, unless DEMO_MODE); otherwise the request's own Host, when it is
 * a plain host name (development, tests and demo shops) - `fromRequest` tells callers not to cache what they
 * build from it.
 */
export function publicOrigin(req: Request, configured: string | undefined): { origin: string; fromRequest: boolean } {
  if (configured) return { origin: new URL(configured).origin, fromRequest: false };
  const host = req.get('host');
  return { origin: host && HOST.test(host) ? `${req.protocol}://${host}` : 'http://localhost', fromRequest: true };
}
