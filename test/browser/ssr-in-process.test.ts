import { readFileSync } from 'node:fs';
import type { IncomingMessage } from 'node:http';
import { join } from 'node:path';
import { projectRoot } from '../../src/common/project-root.js';
import { IN_PROCESS_CONNECTION } from '../../src/ssr/local-api.js';
import type { TestUser } from '../support/factories.js';
import { Fixture, seedScenario } from '../support/scenario.js';
import { createTestApp, TestApp } from '../support/test-app.js';

/**
 * Every route loader's API calls are served in-process during a server render (src/ssr/local-api.ts): an in-memory
 * connection to Nest's own server, never a loopback socket. The pages with a loader are read from the route tree
 * (client/app/routes.tsx), so a new loader route is covered without editing this list; each is rendered signed out,
 * as a user and as an admin, and every /api request the server sees is sorted by the connection it came on.
 * Needs the production build (npm run build).
 */
const routesSource = readFileSync(join(projectRoot(), 'client/app/routes.tsx'), 'utf8');
const loaderPaths = (): string[] => {
  const paths = new Set<string>(['/']);
  for (const match of routesSource.matchAll(/\{ (?:index: true|path: '([^']*)'), loader: \w+/g)) {
    const path = match[1];
    if (path === undefined) continue;
    const dashboard = routesSource.indexOf(match[0]) > routesSource.indexOf("path: 'dashboard'");
    paths.add(dashboard ? `/dashboard/${path}` : `/${path}`);
  }
  paths.add('/dashboard');
  return [...paths];
};

describe('server renders read the API in-process only', () => {
  let t: TestApp;
  let f: Fixture;
  const overSocket: string[] = [];
  const inProcess: string[] = [];

  beforeAll(async () => {
    t = await createTestApp({}, { ssr: true });
    f = await seedScenario(t);
    t.app.getHttpServer().on('request', (req: IncomingMessage) => {
      if (!req.url?.startsWith('/api/')) return;
      ((req.socket as unknown as Record<symbol, unknown>)[IN_PROCESS_CONNECTION] ? inProcess : overSocket).push(req.url);
    });
  });
  afterAll(() => t?.close());

  const concrete = (path: string): string =>
    path.replace(':id', f.bike).replace('payment/result', `payment/result?payment=${f.feePayment}`) + (path === '/search' ? '?q=Matrix' : '');

  it('finds the loader routes in the route tree', () => {
    const paths = loaderPaths();
    expect(paths).toEqual(expect.arrayContaining(['/', '/allbikes', '/bike/:id', '/search', '/checkout/:id', '/payment/result', '/dashboard/profile', '/dashboard/rentals', '/dashboard/allusers', '/dashboard/emails', '/dashboard/payments']));
    expect(paths.length).toBeGreaterThanOrEqual(25);
  });

  const callers: Array<[string, (fx: Fixture) => TestUser | null]> = [
    ['signed out', () => null],
    ['a user', (fx) => fx.a],
    ['an admin', (fx) => fx.admin],
  ];

  it.each(callers)('renders every loader page %s without a loopback API call', async (_name, who) => {
    const caller = who(f);
    const before = inProcess.length;
    for (const path of loaderPaths()) {
      overSocket.length = 0;
      const req = t.http().get(concrete(path)).redirects(0);
      const res = await (caller ? req.set('Cookie', `okb_token=${caller.token}`) : req);
      expect({ path, status: res.status < 500 }).toEqual({ path, status: true });
      // The page request itself is not /api; anything on a socket under /api came from a loader over loopback.
      expect({ path, overSocket: [...overSocket] }).toEqual({ path, overSocket: [] });
    }
    // Some loaders only guard (the caller is known from the page request); the data-reading ones went in-process.
    expect(inProcess.length - before).toBeGreaterThan(0);
  });
});
