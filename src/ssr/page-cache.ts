import { createHash, randomBytes } from 'node:crypto';
import { MicroCache } from '../common/micro-cache.js';
import { pageCacheLookups } from '../common/observability/metrics.js';

/** A rendered page kept for anonymous visitors: its HTML carries `NONCE_PLACEHOLDER` where each response's nonce goes. */
export interface CachedPage {
  status: number;
  /** Set for a redirect (the same for every anonymous visitor too); html is then empty. */
  redirect?: string;
  html: string;
  /** Weak: the bytes differ per response (the nonce), the page does not. */
  etag: string;
  expiresAt: number;
  bytes: number;
}

export interface PageCacheOptions {
  ttlMs: number;
  maxEntries: number;
  maxBytes: number;
  now?: () => number;
}

/**
 * Pages that are the same for every anonymous visitor (no session cookie), per theme, language and URL, for a short
 * time: a MicroCache (src/common/micro-cache.ts: single-flight renders, LRU within an entry and byte budget, a render
 * that began before an invalidation served but not kept). Any write that may change what a page shows drops them all
 * (`invalidate`, called for API writes on this instance and for the database's change notifications from every
 * instance, see page-invalidation.ts): with a few hundred pages at most, one generation for everything is simpler and
 * safer than tracking which page shows what.
 */
export class PageCache {
  /** Stands for the CSP nonce in cached HTML; random per process, so page content cannot spell it. */
  readonly noncePlaceholder = `okbnonce${randomBytes(12).toString('hex')}`;
  private readonly cache: MicroCache<CachedPage | null>;
  private readonly ttlMs: number;
  private readonly now: () => number;

  constructor(options: PageCacheOptions) {
    this.ttlMs = options.ttlMs;
    this.now = options.now ?? Date.now;
    this.cache = new MicroCache<CachedPage | null>({
      ttlMs: options.ttlMs,
      maxEntries: options.maxEntries,
      maxBytes: options.maxBytes,
      now: options.now,
      // A render that answers null (a page that must not be shared, e.g. a redirect) is made afresh per request.
      keep: (page) => page !== null,
      sizeOf: (page) => page?.bytes ?? 0,
      lookups: pageCacheLookups,
    });
  }

  get size(): number {
    return this.cache.size;
  }

  invalidate(): void {
    this.cache.invalidate();
  }

  /**
   * The cached page for `key`, or the one `render` makes (kept when it is cacheable: `render` answers null for a
   * page that must not be shared, e.g. a redirect, and it is then made afresh per request).
   */
  get(key: string, render: () => Promise<{ status: number; redirect?: string; html: string } | null>): Promise<CachedPage | null> {
    return this.cache.get(key, async () => {
      const page = await render();
      if (!page) return null;
      return {
        ...page,
        etag: `W/"${createHash('sha1').update(`${page.status}\u0000${page.redirect ?? ''}\u0000${page.html}`).digest('base64url')}"`,
        expiresAt: this.now() + this.ttlMs,
        bytes: page.html.length * 2,
      };
    });
  }

  /** The page for one response: the response's nonce in place of the placeholder. */
  htmlFor(page: CachedPage, nonce: string): string {
    return page.html.split(this.noncePlaceholder).join(nonce);
  }
}
