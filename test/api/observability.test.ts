import { createBike } from '../support/bike-factories.js';
import { createUser } from '../support/factories.js';
import { bookAndPay, rentalTestEnv } from '../support/rental-factories.js';
import { useTestApp } from '../support/test-app.js';

const TOKEN = 'metrics-token-0123456789abcdef';

/** The value of one series (`name{labels}`) in a Prometheus text answer, or undefined. */
function sample(text: string, series: string): number | undefined {
  const line = text.split('\n').find((l) => l.startsWith(`${series} `));
  return line === undefined ? undefined : Number(line.slice(series.length + 1));
}

/** Issue 28: /metrics (Prometheus, METRICS_TOKEN), request ids in answers. */
describe('Operations: metrics and request ids', () => {
  describe('with METRICS_TOKEN', () => {
    const t = useTestApp({ ...rentalTestEnv, METRICS_TOKEN: TOKEN }, { reset: false });

    it('answers 401 without the token or with another one', async () => {
      const none = await t.http().get('/metrics').expect(401);
      expect(none.headers['www-authenticate']).toContain('Bearer');
      await t.http().get('/metrics').set('Authorization', `Bearer ${TOKEN}x`).expect(401);
      await t.http().get('/metrics').set('Authorization', TOKEN).expect(401);
    });

    it('after some traffic, answers every series in Prometheus format, latency by route template', async () => {
      const user = await createUser(t);
      const bike = await createBike(t, { quantity: 3 });
      await bookAndPay(t, user, bike.id);
      for (let i = 0; i < 3; i++) await t.http().get(`/api/bikes/${bike.id}`).expect(200);
      await t.http().get('/api/bikes/not-a-uuid').expect((r) => expect(r.status).toBeGreaterThanOrEqual(400));

      const res = await t.http().get('/metrics').set('Authorization', `Bearer ${TOKEN}`).expect(200);
      expect(res.headers['content-type']).toContain('text/plain');
      const text = res.text;
      for (const name of [
        'okb_http_requests_total',
        'okb_http_request_duration_seconds',
        'okb_http_server_errors_total',
        'okb_db_pool_connections',
        'okb_db_pool_wait_seconds',
        'okb_outbox_backlog',
        'okb_hold_sweeps_total',
        'okb_holds_released_total',
        'okb_bookings_total',
        'okb_payments_total',
        'okb_page_cache_lookups_total',
        'process_cpu_seconds_total',
        'nodejs_eventloop_lag_seconds',
      ]) {
        expect(text).toContain(`# TYPE ${name} `);
      }
      // Route templates, never raw paths (one series per route, not per bike).
      expect(sample(text, 'okb_http_requests_total{method="GET",route="/api/bikes/:id",status="200"}')).toBeGreaterThanOrEqual(3);
      expect(text).not.toContain(bike.id);
      expect(sample(text, 'okb_http_request_duration_seconds_count{method="GET",route="/api/bikes/:id"}')).toBeGreaterThanOrEqual(3);
      expect(sample(text, 'okb_bookings_total')).toBeGreaterThanOrEqual(1);
      expect(sample(text, 'okb_payments_total{outcome="succeeded"}')).toBeGreaterThanOrEqual(1);
      expect(text).toMatch(/^okb_outbox_backlog\{kind="email",status="pending"\} \d+$/m);
      if (t.kind === 'postgres') {
        expect(sample(text, 'okb_db_pool_connections{state="max"}')).toBeGreaterThan(0);
        expect(sample(text, 'okb_db_pool_wait_seconds_count')).toBeGreaterThan(0);
      }
    });

    it('every answer carries X-Request-Id: the caller\'s when sane, else a new one', async () => {
      const given = await t.http().get('/api/health').set('X-Request-Id', 'lb-abc-12345678').expect(200);
      expect(given.headers['x-request-id']).toBe('lb-abc-12345678');
      const insane = await t.http().get('/api/health').set('X-Request-Id', 'bad id <script>').expect(200);
      expect(insane.headers['x-request-id']).toMatch(/^[0-9a-f-]{36}$/);
      const error = await t.http().get('/api/bikes/00000000-0000-4000-8000-000000000000').expect(404);
      expect(error.headers['x-request-id']).toMatch(/^[0-9a-f-]{36}$/);
    });
  });

  describe('database connections (PostgreSQL)', () => {
    const t = useTestApp({ ...rentalTestEnv, DATABASE_APPLICATION_NAME: 'okb-ops-test', DATABASE_LISTEN_URL: process.env.TEST_DATABASE_URL ?? '' }, { reset: false });

    it('name themselves in pg_stat_activity: the pool by DATABASE_APPLICATION_NAME, the LISTEN connection (DATABASE_LISTEN_URL) apart', async () => {
      if (t.kind !== 'postgres') return;
      await t.http().get('/api/bikes').expect(200);
      const result = (await t.db.execute(
        `select application_name, query from pg_stat_activity where application_name like 'okb-ops-test%' and pid <> pg_backend_pid()` as never,
      )) as unknown as { rows: { application_name: string; query: string }[] };
      const names = new Set(result.rows.map((r) => r.application_name));
      expect(names.has('okb-ops-test-listen')).toBe(true);
      expect(result.rows.find((r) => r.application_name === 'okb-ops-test-listen')?.query).toMatch(/^LISTEN /);
    });
  });

  describe('without METRICS_TOKEN', () => {
    const t = useTestApp(rentalTestEnv, { reset: false });

    it('has no /metrics', async () => {
      const res = await t.http().get('/metrics').set('Authorization', `Bearer ${TOKEN}`);
      expect(res.status).toBe(404);
      expect(res.text).not.toContain('okb_http_requests_total');
    });
  });
});
