/**
 * Drill: a demo shop goes live. The README's first command seeds demo data into the data directory; a later
 * production start on the same data (demo mode off, Stripe, ADMIN_EMAIL set) must not keep the demo admin: the
 * demo logins fail, the start log says what was done, the operator's admin signs in, the demo rentals stay.
 * And DEMO_MODE=true with PAYMENT_PROVIDER=stripe in production does not start at all.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { spawnBuiltServer, freePort } from '../../bench/lib/server-process.mjs';
import { DEMO_ACCOUNTS, DEMO_EXTRA_PASSWORD } from '../../src/database/seed/demo-accounts.js';
import * as drill from './drill-support.js';

const STRIPE = { PAYMENT_PROVIDER: 'stripe', STRIPE_SECRET_KEY: 'sk_test_drill_not_a_real_key', STRIPE_WEBHOOK_SECRET: 'whsec_drill_not_a_real_secret' };
const loginStatus = async (baseUrl: string, email: string, password: string) => (await drill.call(baseUrl, 'POST', '/api/auth/login', { body: { email, password } })).status;

describe('a demo shop that goes live', () => {
  it('keeps no demo account: after demo mode the production start on the same data refuses every demo login', async () => {
    const dataDir = mkdtempSync(join(tmpdir(), 'okb-drill-demo-'));
    try {
      const demo = await drill.startServer(drill.drillEnv({ DEMO_MODE: 'true', ADMIN_EMAIL: '', ADMIN_PASSWORD: '' }), { dataDir, timeoutMs: 180_000 });
      let extraEmail: string;
      let demoAdminToken: string;
      try {
        demoAdminToken = await drill.login(demo.baseUrl, DEMO_ACCOUNTS.admin.email, DEMO_ACCOUNTS.admin.password);
        await drill.login(demo.baseUrl, DEMO_ACCOUNTS.user.email, DEMO_ACCOUNTS.user.password);
        const users = await drill.call(demo.baseUrl, 'GET', '/api/users/allusers?limit=100', { token: demoAdminToken });
        extraEmail = (users.body.data.users as { email: string }[]).map((u) => u.email).find((e) => e.endsWith('@example.com'))!;
        expect(extraEmail).toBeDefined();
        expect(await loginStatus(demo.baseUrl, extraEmail, DEMO_EXTRA_PASSWORD)).toBe(200);
      } finally {
        expect(await demo.stop()).toBe(0);
      }

      const live = await drill.startServer(drill.drillEnv({ ...STRIPE, LOG_LEVEL: 'warn' }), { dataDir, timeoutMs: 120_000 });
      try {
        expect(await loginStatus(live.baseUrl, DEMO_ACCOUNTS.admin.email, DEMO_ACCOUNTS.admin.password)).toBe(401);
        expect(await loginStatus(live.baseUrl, DEMO_ACCOUNTS.user.email, DEMO_ACCOUNTS.user.password)).toBe(401);
        expect(await loginStatus(live.baseUrl, extraEmail, DEMO_EXTRA_PASSWORD)).toBe(401);
        // A token the demo admin held before is dead too.
        expect((await drill.call(live.baseUrl, 'GET', '/api/users/allusers', { token: demoAdminToken })).status).toBe(401);
        expect(live.output()).toMatch(/demo mode: off, and this database holds demo data: disabled \d+ demo accounts \(admin@okaybike\.demo, user@okaybike\.demo, \d+ generated customers\)/);
        // The operator's admin signs in and still sees the demo rentals (the ledger keeps its customers).
        const admin = await drill.adminToken(live.baseUrl);
        const rentals = await drill.call(live.baseUrl, 'GET', '/api/rentals/allrentalbike', { token: admin });
        expect(rentals.status).toBe(200);
        expect(JSON.stringify(rentals.body)).toContain('Demo User');
      } finally {
        await live.stop();
      }
    } finally {
      rmSync(dataDir, { recursive: true, force: true });
    }
  }, 600_000);

  it('refuses to start in production with DEMO_MODE=true and PAYMENT_PROVIDER=stripe', async () => {
    const dataDir = mkdtempSync(join(tmpdir(), 'okb-drill-demo-stripe-'));
    try {
      const port = await freePort();
      const { child, output } = spawnBuiltServer(join(process.cwd(), 'dist', 'src', 'main.js'), {
        port,
        dataDir,
        env: { ...drill.drillEnv({ DEMO_MODE: 'true', ...STRIPE }), PUBLIC_URL: `http://127.0.0.1:${port}` },
      });
      const code = await new Promise<number | null>((resolve) => child.once('exit', resolve));
      expect(code).not.toBe(0);
      expect(output()).toMatch(/DEMO_MODE: must not be true with PAYMENT_PROVIDER=stripe in production/);
    } finally {
      rmSync(dataDir, { recursive: true, force: true });
    }
  });
});
