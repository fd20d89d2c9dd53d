import { Injectable, OnModuleDestroy } from '@nestjs/common';
import { microCacheLookups } from './observability/metrics.js';
import { AppConfig } from '../config/app-config.js';
import { affectsPublicPages, CatalogChanges } from '../database/catalog-changes.service.js';

export interface MicroCacheOptions<T> {
  ttlMs: number;
  maxEntries: number;
  /** A budget on the kept values' total size as `sizeOf` measures it (the page cache: bytes of HTML). */
  maxBytes?: number;
  sizeOf?: (value: T) => number;
  /** Whether a loaded value may be kept (the page cache does not keep pages that must not be shared). */
  keep?: (value: T) => boolean;
  /** Counts hits and misses (a Prometheus counter with a `result` label). */
  lookups?: { inc(labels: { result: 'hit' | 'miss' }): void };
  now?: () => number;
}

/**
 * A short-lived, process-local cache of answers that are the same for every caller: the bike listing's API answer
 * (PublicReadCache below) and the anonymous visitor's rendered pages (src/ssr/page-cache.ts). Everything is dropped
 * at once by `invalidate`, which the owners call on any catalog change: this instance's own API writes
 * (CatalogWriteInterceptor, before the write's answer is sent) and every committed write on any instance (the
 * database's NOTIFY, see CatalogChanges). The short lifetime bounds what no write announces: a listing's stock is
 * derived from the clock (a booking starting now takes a unit), and a lost listen connection.
 *
 * Loads are single-flight per key and generation: a burst of the same query runs one load. A load that began before
 * an invalidation answers its own callers but is not kept (it may have read the rows before the write). When full
 * (entries or size), the least recently used entries go first.
 */
export class MicroCache<T> {
  private readonly entries = new Map<string, { value: T; expiresAt: number; size: number }>();
  private readonly inflight = new Map<string, Promise<T>>();
  private generation = 0;
  private totalSize = 0;
  private readonly now: () => number;

  constructor(protected readonly options: MicroCacheOptions<T>) {
    this.now = options.now ?? Date.now;
  }

  get size(): number {
    return this.entries.size;
  }

  /** The kept values' total size as `sizeOf` measures it (0 without one). */
  get keptSize(): number {
    return this.totalSize;
  }

  invalidate(): void {
    this.generation += 1;
    this.entries.clear();
    this.totalSize = 0;
  }

  /** The kept value, else the one `load` gives (kept unless an invalidation came while it loaded). */
  async get(key: string, load: () => Promise<T>): Promise<T> {
    const hit = this.entries.get(key);
    if (hit && hit.expiresAt > this.now()) {
      // Least recently used goes first when the cache is full: a hit moves to the end.
      this.entries.delete(key);
      this.entries.set(key, hit);
      this.options.lookups?.inc({ result: 'hit' });
      return hit.value;
    }
    this.options.lookups?.inc({ result: 'miss' });
    if (hit) this.remove(key);
    const flightKey = `${this.generation}\u0000${key}`;
    const shared = this.inflight.get(flightKey);
    if (shared) return shared;
    const generation = this.generation;
    const flight = load()
      .then((value) => {
        if (generation === this.generation && (this.options.keep?.(value) ?? true)) this.store(key, value);
        return value;
      })
      .finally(() => this.inflight.delete(flightKey));
    this.inflight.set(flightKey, flight);
    return flight;
  }

  private store(key: string, value: T): void {
    this.remove(key);
    const entry = { value, expiresAt: this.now() + this.options.ttlMs, size: this.options.sizeOf?.(value) ?? 0 };
    this.entries.set(key, entry);
    this.totalSize += entry.size;
    const maxBytes = this.options.maxBytes ?? Infinity;
    // Oldest first: Map keeps insertion order. The entry just stored stays even when it alone is over the budget.
    for (const [oldest, kept] of this.entries) {
      if (this.entries.size <= this.options.maxEntries && this.totalSize <= maxBytes) break;
      if (kept === entry) break;
      this.remove(oldest);
    }
  }

  private remove(key: string): void {
    const entry = this.entries.get(key);
    if (!entry) return;
    this.entries.delete(key);
    this.totalSize -= entry.size;
  }
}

/** The process's micro-cache of public read answers (see MicroCacheInterceptor), emptied on every catalog change. */
@Injectable()
export class PublicReadCache extends MicroCache<unknown> implements OnModuleDestroy {
  private readonly unsubscribe: () => void;

  constructor(config: AppConfig, changes: CatalogChanges) {
    super({ ttlMs: config.env.API_MICRO_CACHE_TTL_MS, maxEntries: 1000, lookups: microCacheLookups });
    this.unsubscribe = changes.subscribe((source) => {
      if (affectsPublicPages(source)) this.invalidate();
    });
  }

  /** API_MICRO_CACHE_TTL_MS=0 turns it off. */
  get enabled(): boolean {
    return this.options.ttlMs > 0;
  }

  onModuleDestroy(): void {
    this.unsubscribe();
  }
}
