import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { ServerProcess, startServer } from '../support/server-process.js';

const api = async (server: ServerProcess, path: string, init: RequestInit = {}) => {
  const res = await fetch(`${server.baseUrl}/api${path}`, {
    ...init,
    headers: { 'content-type': 'application/json', ...(init.headers ?? {}) },
  });
  return { status: res.status, body: (await res.json()) as { success: boolean; message: string; token: string; data: { users: unknown[] } & Record<string, unknown> } };
};

describe('The production server as an operator runs it', () => {
  it('seeds demo data once, keeps every row across a restart, and refuses a second process on the same data directory', async () => {
    const dataDir = mkdtempSync(join(tmpdir(), 'okb-persist-'));
    try {
      const first = await startServer({ DEMO_MODE: 'true' }, { dataDir });
      let userCount: number;
      try {
        const login = await api(first, '/auth/login', { method: 'POST', body: JSON.stringify({ email: 'admin@okaybike.demo', password: 'admin12345' }) });
        expect(login.status).toBe(200);
        const token = login.body.token;
        const users = await api(first, '/users/me', { headers: { authorization: `Bearer ${token}` } });
        expect(users.body.data).toMatchObject({ role: 'admin' });
        const signup = await api(first, '/auth/signup', {
          method: 'POST',
          body: JSON.stringify({ name: 'Persisted Person', email: 'persist@example.com', password: 'persist-1', phone: '1', address: 'x' }),
        });
        expect(signup.status).toBe(201);
        const all = await api(first, '/users/allusers?limit=1000', { headers: { authorization: `Bearer ${token}` } });
        userCount = all.body.data.users.length;
        expect(userCount).toBeGreaterThanOrEqual(40);

        // A second process on the same embedded database must refuse to start, naming the reason.
        const second = spawnSync(process.execPath, ['dist/src/main.js'], {
          env: { PATH: process.env.PATH, NODE_ENV: 'production', PORT: '0', DATA_DIR: dataDir, LOG_LEVEL: 'warn', DEMO_MODE: 'true' },
          encoding: 'utf8',
          timeout: 30_000,
        });
        expect(second.status).toBe(1);
        expect(second.stderr + second.stdout).toMatch(/in use by another Okay Bike process/);
      } finally {
        expect(await first.stop('SIGTERM')).toBe(0);
      }

      const again = await startServer({ DEMO_MODE: 'true' }, { dataDir });
      try {
        const login = await api(again, '/auth/login', { method: 'POST', body: JSON.stringify({ email: 'persist@example.com', password: 'persist-1' }) });
        expect(login.status).toBe(200);
        const admin = await api(again, '/auth/login', { method: 'POST', body: JSON.stringify({ email: 'admin@okaybike.demo', password: 'admin12345' }) });
        const all = await api(again, '/users/allusers?limit=1000', { headers: { authorization: `Bearer ${admin.body.token}` } });
        // Same rows: the demo data was not seeded a second time and nothing was lost.
        expect(all.body.data.users.length).toBe(userCount);
      } finally {
        await again.stop();
      }
    } finally {
      rmSync(dataDir, { recursive: true, force: true });
    }
  });

  it('creates the operator admin from ADMIN_EMAIL and ADMIN_PASSWORD without demo mode', async () => {
    const server = await startServer({ DEMO_MODE: 'false', ADMIN_EMAIL: 'ops@example.com', ADMIN_PASSWORD: 'ops-password-1' });
    try {
      const login = await api(server, '/auth/login', { method: 'POST', body: JSON.stringify({ email: 'ops@example.com', password: 'ops-password-1' }) });
      expect(login.status).toBe(200);
      expect(login.body.data).toMatchObject({ role: 'admin', email: 'ops@example.com' });
      const demo = await api(server, '/auth/login', { method: 'POST', body: JSON.stringify({ email: 'user@okaybike.demo', password: 'user12345' }) });
      expect(demo.status).toBe(401);
    } finally {
      await server.stop();
    }
  });

  it('refuses to start with a bad setting, naming the variable', () => {
    const res = spawnSync(process.execPath, ['dist/src/main.js'], {
      env: { PATH: process.env.PATH, NODE_ENV: 'production', PORT: 'eighty', HOLD_MINUTES: '-1' },
      encoding: 'utf8',
      timeout: 30_000,
    });
    expect(res.status).toBe(1);
    expect(res.stderr).toMatch(/PORT: /);
    expect(res.stderr).toMatch(/HOLD_MINUTES: /);
  });
});
