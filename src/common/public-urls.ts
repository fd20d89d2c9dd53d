import type { NextFunction, Request, Response } from 'express';

/**
 * Public files and absolute image URLs for clients on other origins (issue 12).
 *
 * Bike images are stored as this site's paths (`/images/bikes/x.svg`) or as URLs on other hosts; stored values stay
 * as they are. API answers give API clients absolute URLs (a client on another origin would resolve a path against
 * itself); the shop's own web client, which marks its calls with `X-Okb-Client: web`, keeps the paths, so its
 * server-rendered pages and their hydration use the same markup whatever host the page was asked under.
 */

/** The header the shop's own web client sends on every API call (browser and server-side rendering). */
export const WEB_CLIENT_HEADER = 'x-okb-client';
export const WEB_CLIENT_VALUE = 'web';

/** Response fields holding an image URL (the spelling is the public contract's). */
const IMAGE_FIELDS = new Set(['imgageurl']);
const MAX_DEPTH = 12;

const isSitePath = (value: string): boolean => value.startsWith('/') && !value.startsWith('//');

/** The origin absolute URLs are built on: PUBLIC_URL, else the one the request came to when its Host is sane. */
export function publicOrigin(req: Request, publicUrl: string | undefined): string | undefined {
  if (publicUrl) return new URL(publicUrl).origin;
  const host = req.get('host');
  if (!host || !/^[a-z0-9.-]+(?::\d{1,5})?$|^\[[0-9a-f:.]+\](?::\d{1,5})?$/i.test(host)) return undefined;
  return `${req.protocol}://${host}`;
}

/** A copy of `value` with every image path made absolute on `origin` (objects are copied only where they change). */
export function absolutizeImageUrls<T>(value: T, origin: string, depth = 0): T {
  if (depth > MAX_DEPTH || !value || typeof value !== 'object') return value;
  if (Array.isArray(value)) {
    let out: unknown[] | undefined;
    value.forEach((item: unknown, i) => {
      const next = absolutizeImageUrls(item, origin, depth + 1);
      if (next !== item) (out ??= [...(value as unknown[])])[i] = next;
    });
    return (out ?? value) as T;
  }
  if (value instanceof Date || Buffer.isBuffer(value)) return value;
  let out: Record<string, unknown> | undefined;
  for (const [key, item] of Object.entries(value as Record<string, unknown>)) {
    const next = IMAGE_FIELDS.has(key) && typeof item === 'string' && isSitePath(item) ? `${origin}${item}` : absolutizeImageUrls(item, origin, depth + 1);
    if (next !== item) (out ??= { ...(value as Record<string, unknown>) })[key] = next;
  }
  return (out ?? value) as T;
}

/**
 * For /api: answers to API clients carry absolute image URLs; an image URL sent back on this site's own origin is
 * stored as its path again (a client echoing what it read changes nothing).
 */
export function absoluteImageUrls(publicUrl: string | undefined) {
  return (req: Request, res: Response, next: NextFunction): void => {
    const origin = publicOrigin(req, publicUrl);
    if (!origin) return next();
    const body = req.body as Record<string, unknown> | undefined;
    if (body && typeof body === 'object' && !Array.isArray(body)) {
      for (const key of IMAGE_FIELDS) {
        const sent = body[key];
        if (typeof sent === 'string' && sent.startsWith(`${origin}/`)) body[key] = sent.slice(origin.length);
      }
    }
    if (req.get(WEB_CLIENT_HEADER) === WEB_CLIENT_VALUE) return next();
    const json = res.json.bind(res);
    res.json = (data: unknown) => json(absolutizeImageUrls(data, origin));
    next();
  };
}

/** Public files anyone may embed: the site's images, the favicon and the hashed client assets. */
const isPublicAsset = (path: string): boolean =>
  path.startsWith('/images/') || path.startsWith('/assets/') || /^\/[\w.-]+\.(?:svg|png|ico|jpe?g|webp|gif|avif)$/i.test(path);

/**
 * helmet answers `Cross-Origin-Resource-Policy: same-origin` everywhere, which blocks an <img> of this site on any
 * other origin even with an absolute URL. Public files are public: they say `cross-origin`.
 */
export function crossOriginPublicAssets(req: Request, res: Response, next: NextFunction): void {
  if ((req.method === 'GET' || req.method === 'HEAD') && isPublicAsset(req.path)) {
    res.setHeader('Cross-Origin-Resource-Policy', 'cross-origin');
  }
  next();
}
