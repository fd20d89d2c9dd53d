import { Module } from '@nestjs/common';
import { SeoRepository } from './seo.repository.js';
import { SeoService } from './seo.service.js';

/**
 * /sitemap.xml and /robots.txt. They live at the site root, outside the /api prefix, so createApp mounts seoFiles
 * (seo-files.ts, before the page renderer) over SeoService.
 */
@Module({
  providers: [SeoRepository, SeoService],
  exports: [SeoService],
})
export class SeoModule {}
