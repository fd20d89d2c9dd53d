import { createHash, randomBytes } from 'node:crypto';
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
 * Pages that are the same for every anonymous visitor (no session cookie), per theme and URL, for a short time.
 * Any write that may change what a page shows drops them all (`invalidate`, called for API writes on this
 * instance and for the database's change notifications from every instance, see page-invalidation.ts): with a
 * few hundred pages at most, one generation for everything is simpler and safer than tracking which page shows what.
 *
 * Renders are single-flight per key and generation: fifty visitors arriving at once for a page not cached cause
 * one render. A render that began before an invalidation is served to those waiting for it but not kept.
 */
export class PageCache {
  /** Stands for the CSP nonce in cached HTML; random per process, so page content cannot spell it. */
  readonly noncePlaceholder = `okbnonce${randomBytes(12).toString('hex')}`;
  private readonly entries = new Map<string, CachedPage>();
  private readonly inflight = new Map<string, Promise<CachedPage | null>>();
  private generation = 0;
  private bytes = 0;
  private readonly now: () => number;

  constructor(private readonly options: PageCacheOptions) {
    this.now = options.now ?? Date.now;
  }

  get size(): number {
    return this.entries.size;
  }

  invalidate(): void {
    this.generation += 1;
    this.entries.clear();
    this.bytes = 0;
  }

  /**
   * The cached page for `key`, or the one `render` makes (kept when it is cacheable: `render` answers null for a
   * page that must not be shared, e.g. a redirect, and it is then made afresh per request).
   */
  async get(key: string, render: () => Promise<{ status: number; redirect?: string; html: string } | null>): Promise<CachedPage | null> {
    const hit = this.entries.get(key);
    if (hit && hit.expiresAt > this.now()) {
      // Least recently used goes first when the cache is full.
      this.entries.delete(key);
      this.entries.set(key, hit);
      pageCacheLookups.inc({ result: 'hit' });
      return hit;
    }
    pageCacheLookups.inc({ result: 'miss' });
    if (hit) this.remove(key);
    const flightKey = `${this.generation}\u0000${key}`;
    let flight = this.inflight.get(flightKey);
    if (!flight) {
      const generation = this.generation;
      flight = render()
        .then((page) => {
          if (!page) return null;
          const cached: CachedPage = {
            ...page,
            etag: `W/"${createHash('sha1').update(`${page.status}\u0000${page.redirect ?? ''}\u0000${page.html}`).digest('base64url')}"`,
            expiresAt: this.now() + this.options.ttlMs,
            bytes: page.html.length * 2,
          };
          if (generation === this.generation) this.store(key, cached);
          return cached;
        })
        .finally(() => this.inflight.delete(flightKey));
      this.inflight.set(flightKey, flight);
    }
    return flight;
  }

  private store(key: string, page: CachedPage): void {
    this.remove(key);
    this.entries.set(key, page);
    this.bytes += page.bytes;
    for (const [oldest, entry] of this.entries) {
      if (this.entries.size <= this.options.maxEntries && this.bytes <= this.options.maxBytes) break;
      if (entry === page) break;
      this.remove(oldest);
    }
  }

  private remove(key: string): void {
    const entry = this.entries.get(key);
    if (!entry) return;
    this.entries.delete(key);
    this.bytes -= entry.bytes;
  }

  /** The page for one response: the response's nonce in place of the placeholder. */
  htmlFor(page: CachedPage, nonce: string): string {
    return page.html.split(this.noncePlaceholder).join(nonce);
  }
}
