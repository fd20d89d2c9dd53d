import type { NextFunction, Request, RequestHandler, Response } from 'express';
import { timingSafeEqual } from 'node:crypto';
import { Counter, Gauge, Histogram, Registry, collectDefaultMetrics } from 'prom-client';

/**
 * The process's Prometheus metrics (issue 28), one registry per process (prom-client). Names start with `okb_`
 * (the shop's own) or are prom-client's defaults (`process_*`, `nodejs_*`). Served by `metricsEndpoint` at /metrics
 * with METRICS_TOKEN; the README's runbook lists what to alert on.
 */
export const registry = new Registry();
collectDefaultMetrics({ register: registry });

export const httpRequests = new Counter({
  name: 'okb_http_requests_total',
  help: 'HTTP requests answered, by method, route template (page, asset or the API route) and status',
  labelNames: ['method', 'route', 'status'] as const,
  registers: [registry],
});

export const httpDuration = new Histogram({
  name: 'okb_http_request_duration_seconds',
  help: 'Time to answer an HTTP request, by method and route template',
  labelNames: ['method', 'route'] as const,
  buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10],
  registers: [registry],
});

export const httpErrors = new Counter({
  name: 'okb_http_server_errors_total',
  help: 'HTTP answers with a 5xx status, by route template',
  labelNames: ['route'] as const,
  registers: [registry],
});

export const dbPoolWait = new Histogram({
  name: 'okb_db_pool_wait_seconds',
  help: 'Time a query waited for a pooled PostgreSQL connection',
  buckets: [0.001, 0.005, 0.01, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5],
  registers: [registry],
});

export const holdSweeps = new Counter({
  name: 'okb_hold_sweeps_total',
  help: 'Sweeps of unpaid booking holds run by this instance, by result (ok, failed)',
  labelNames: ['result'] as const,
  registers: [registry],
});

export const holdsReleased = new Counter({
  name: 'okb_holds_released_total',
  help: 'Unpaid bookings cancelled because their hold ran out',
  registers: [registry],
});

export const bookings = new Counter({
  name: 'okb_bookings_total',
  help: 'Bookings created (POST /api/rentals answered 201 for the first time)',
  registers: [registry],
});

export const payments = new Counter({
  name: 'okb_payments_total',
  help: 'Payments settled, by outcome (succeeded, failed, cancelled, expired)',
  labelNames: ['outcome'] as const,
  registers: [registry],
});

export const pageCacheLookups = new Counter({
  name: 'okb_page_cache_lookups_total',
  help: 'Anonymous page requests by page-cache result (hit, miss)',
  labelNames: ['result'] as const,
  registers: [registry],
});

export const microCacheLookups = new Counter({
  name: 'okb_api_micro_cache_lookups_total',
  help: 'Public API reads served through the micro-cache, by result (hit, miss)',
  labelNames: ['result'] as const,
  registers: [registry],
});

/** Gauges read from the database and the pool when scraped, set by whoever owns them (DatabaseService, MetricsService). */
export const gaugeSources: {
  pool?: () => { total: number; idle: number; waiting: number; max: number };
  outbox?: () => Promise<{ emailsPending: number; emailsFailed: number; webhooksPending: number; webhooksFailed: number }>;
} = {};

new Gauge({
  name: 'okb_db_pool_connections',
  help: 'PostgreSQL pool connections by state (total, idle, max) and queries waiting for one (waiting)',
  labelNames: ['state'] as const,
  registers: [registry],
  collect() {
    const pool = gaugeSources.pool?.();
    if (!pool) return;
    for (const state of ['total', 'idle', 'waiting', 'max'] as const) this.set({ state }, pool[state]);
  },
});

new Gauge({
  name: 'okb_outbox_backlog',
  help: 'Outbox rows not yet delivered (pending) and given up (failed), by kind (email, webhook)',
  labelNames: ['kind', 'status'] as const,
  registers: [registry],
  async collect() {
    const outbox = await gaugeSources.outbox?.().catch(() => undefined);
    if (!outbox) return;
    this.set({ kind: 'email', status: 'pending' }, outbox.emailsPending);
    this.set({ kind: 'email', status: 'failed' }, outbox.emailsFailed);
    this.set({ kind: 'webhook', status: 'pending' }, outbox.webhooksPending);
    this.set({ kind: 'webhook', status: 'failed' }, outbox.webhooksFailed);
  },
});

/** The route template of an answered request: the API route (`/api/bikes/:id`), else `page`, `asset` or `other`. */
export function routeLabel(req: Request): string {
  const route = (req as Request & { route?: { path?: unknown } }).route;
  if (route && typeof route.path === 'string') return `${req.baseUrl}${route.path}`;
  const path = req.originalUrl.split('?')[0];
  if (path.startsWith('/api/')) return path.startsWith('/api/docs') ? '/api/docs' : 'api-unmatched';
  if (path.startsWith('/assets/')) return 'asset';
  if (path === '/metrics') return '/metrics';
  return req.method === 'GET' || req.method === 'HEAD' ? 'page' : 'other';
}

/** Counts and times every request (mounted first). */
export function requestMetrics(): RequestHandler {
  return (req: Request, res: Response, next: NextFunction) => {
    const end = httpDuration.startTimer();
    res.on('finish', () => {
      const route = routeLabel(req);
      end({ method: req.method, route });
      httpRequests.inc({ method: req.method, route, status: String(res.statusCode) });
      if (res.statusCode >= 500) httpErrors.inc({ route });
    });
    next();
  };
}

/**
 * GET /metrics in Prometheus text format, for `Authorization: Bearer <METRICS_TOKEN>` only (401 otherwise). Without
 * METRICS_TOKEN the endpoint does not exist (the request falls through to the pages' 404).
 */
export function metricsEndpoint(token: string | undefined): RequestHandler {
  const expected = token ? Buffer.from(`Bearer ${token}`) : null;
  return (req: Request, res: Response, next: NextFunction) => {
    if (!expected || req.path !== '/metrics' || (req.method !== 'GET' && req.method !== 'HEAD')) return next();
    const given = Buffer.from(req.get('authorization') ?? '');
    if (given.length !== expected.length || !timingSafeEqual(given, expected)) {
      res.status(401).set('WWW-Authenticate', 'Bearer realm="metrics"').set('Cache-Control', 'no-store').type('text/plain').send('Unauthorized');
      return;
    }
    registry
      .metrics()
      .then((text) => res.status(200).set('Cache-Control', 'no-store').type(registry.contentType).send(text))
      .catch(next);
  };
}
