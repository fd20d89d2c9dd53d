import { Logger } from '@nestjs/common';
import type { RequestHandler } from 'express';
import { loggableError } from '../../common/loggable-error.js';
import { publicOrigin } from '../../common/public-origin.js';
import type { AppConfig } from '../../config/app-config.js';
import type { SeoService } from './seo.service.js';

/** Public caching only for files built from PUBLIC_URL: never cache what a request's Host header named. */
const seoCache = (config: AppConfig, maxAge: number): string => (config.env.PUBLIC_URL ? `public, max-age=${maxAge}` : 'no-store');

/**
 * /robots.txt and /sitemap.xml sit at the site root, outside the /api prefix Nest's controllers live under. Mounted by
 * createApp whether pages are rendered or not (so the API tests reach them too).
 */
export function seoFiles(seo: SeoService, config: AppConfig): RequestHandler {
  const logger = new Logger('SEO');
  return (req, res, next) => {
    if (req.method !== 'GET' && req.method !== 'HEAD') return next();
    if (req.path === '/robots.txt') {
      res.type('text/plain').set('Cache-Control', seoCache(config, 3600)).send(seo.robotsTxt(publicOrigin(req, config.env.PUBLIC_URL).origin));
      return;
    }
    if (req.path !== '/sitemap.xml') return next();
    seo
      .sitemapXml(publicOrigin(req, config.env.PUBLIC_URL).origin)
      .then((xml) => {
        res.type('application/xml').set('Cache-Control', seoCache(config, 900)).send(xml);
      })
      .catch((err: unknown) => {
        logger.error(`sitemap failed: ${loggableError(err)}`);
        res.status(503).type('text/plain').set({ 'Cache-Control': 'no-store', 'Retry-After': '60' }).send('Sitemap temporarily unavailable');
      });
  };
}
