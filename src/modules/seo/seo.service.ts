import { Injectable } from '@nestjs/common';
import { DEFAULT_LOCALE, localizePath, LOCALES } from '../../../locales/index.js';
import { SeoRepository } from './seo.repository.js';

/** The sitemap protocol's limit per file. */
export const SITEMAP_MAX_URLS = 50_000;

/**
 * Public pages search engines should index. Login, signup and search results carry `noindex` instead, and the
 * alias paths (/home, /listings) name / and /allbikes as canonical, so none of those are listed.
 */
export const SITEMAP_PAGES: readonly { path: string; changefreq: 'daily' | 'weekly' | 'monthly' | 'yearly'; priority: string }[] = [
  { path: '/', changefreq: 'daily', priority: '1.0' },
  { path: '/allbikes', changefreq: 'daily', priority: '0.9' },
  { path: '/about', changefreq: 'monthly', priority: '0.5' },
  { path: '/contact', changefreq: 'yearly', priority: '0.4' },
  { path: '/privacy-policy', changefreq: 'yearly', priority: '0.2' },
  { path: '/terms-of-service', changefreq: 'yearly', priority: '0.2' },
  { path: '/gift-cards', changefreq: 'monthly', priority: '0.4' },
  { path: '/accessibility', changefreq: 'yearly', priority: '0.2' },
];

/** Never crawled: the API, signed-in areas and the payment flow. */
export const ROBOTS_DISALLOW = ['/api/', '/dashboard', '/checkout', '/payment'] as const;

const escapeXml = (value: string): string =>
  value.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;').replace(/'/g, '&apos;');

@Injectable()
export class SeoService {
  constructor(private readonly repository: SeoRepository) {}

  /** `origin`: PUBLIC_URL, or the origin the request came in on. */
  async sitemapXml(origin: string): Promise<string> {
    // Every page once per language (issue 27), each naming all its language versions (hreflang alternates).
    const perPage = LOCALES.length;
    const bikes = await this.repository.listBikesForSitemap(Math.floor(SITEMAP_MAX_URLS / perPage) - SITEMAP_PAGES.length);
    const href = (path: string) => escapeXml(new URL(path, `${origin}/`).href);
    const alternates = (path: string) =>
      [
        ...LOCALES.map((locale) => `<xhtml:link rel="alternate" hreflang="${locale}" href="${href(localizePath(path, locale))}"/>`),
        `<xhtml:link rel="alternate" hreflang="x-default" href="${href(localizePath(path, DEFAULT_LOCALE))}"/>`,
      ].join('');
    const urls = (path: string, extra: string) =>
      LOCALES.map((locale) => `<url><loc>${href(localizePath(path, locale))}</loc>${alternates(path)}${extra}</url>`);
    const entries = [
      ...SITEMAP_PAGES.flatMap((page) => urls(page.path, `<changefreq>${page.changefreq}</changefreq><priority>${page.priority}</priority>`)),
      ...bikes.flatMap((bike) =>
        urls(`/bike/${bike.id}`, `<lastmod>${bike.updatedAt.toISOString()}</lastmod><changefreq>weekly</changefreq><priority>0.8</priority>`),
      ),
    ];
    return `<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9" xmlns:xhtml="http://www.w3.org/1999/xhtml">\n${entries.join('\n')}\n</urlset>\n`;
  }

  robotsTxt(origin: string): string {
    return [
      'User-agent: *',
      ...ROBOTS_DISALLOW.map((path) => `Disallow: ${path}`),
      'Allow: /',
      '',
      `Sitemap: ${new URL('/sitemap.xml', `${origin}/`).href}`,
      '',
    ].join('\n');
  }
}
