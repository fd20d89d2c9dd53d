import type { AuthUser } from '../../src/common/decorators.js';
import { WEB_CLIENT_HEADER, WEB_CLIENT_VALUE } from '../../src/common/public-urls.js';
import { createLocalApiFactory } from '../../src/ssr/local-api.js';
import type { LocalApi } from '../../src/ssr/render-contract.js';
import type { TestUser } from '../support/factories.js';
import { Fixture, seedScenario } from '../support/scenario.js';
import { createTestApp, TestApp } from '../support/test-app.js';

/**
 * The server renderer answers its page loaders' GET calls in-process (src/ssr/local-api.ts). For every caller it
 * must answer exactly what the HTTP API answers the shop's web client (image paths kept): the same status and the
 * same envelope, refusals included.
 */
const NO_ID = '00000000-0000-4000-8000-000000000000';

interface Call {
  path: string;
  query?: Record<string, string>;
}

const CALLS = (f: Fixture): Call[] => [
  { path: 'bikes', query: { page: '1', limit: '3' } },
  { path: 'bikes', query: { limit: 'many' } },
  { path: `bikes/related/${f.bike}` },
  { path: `bikes/${f.bike}` },
  { path: 'bikes/not-an-id' },
  { path: `bikes/${NO_ID}` },
  { path: `reviews/getpostreviews/${f.bike}` },
  { path: `reviews/getpostreviews/${NO_ID}` },
  { path: 'dashboard/summary' },
  { path: 'favourite' },
  { path: 'users/me' },
];

describe('in-process API of the server renderer', () => {
  let t: TestApp;
  let f: Fixture;
  let localApi: (user: AuthUser | null) => LocalApi;

  beforeAll(async () => {
    t = await createTestApp();
    f = await seedScenario(t);
    localApi = createLocalApiFactory(t.app);
  });
  afterAll(() => t?.close());

  const callers: Array<[string, (f: Fixture) => TestUser | null]> = [
    ['anonymous', () => null],
    ['a user', (fx) => fx.a],
    ['an admin', (fx) => fx.admin],
  ];

  it.each(callers)('answers %s as the HTTP API does, status and envelope', async (_name, who) => {
    const caller = who(f);
    const user: AuthUser | null = caller ? { id: caller.id, name: caller.name, email: caller.email, role: caller.role } : null;
    for (const call of CALLS(f)) {
      const local = await localApi(user)('GET', call.path, call.query ?? {});
      expect(local).not.toBeNull();
      const req = t.http().get(`/api/${call.path}`).query(call.query ?? {}).set(WEB_CLIENT_HEADER, WEB_CLIENT_VALUE);
      const http = await (caller ? req.set('Authorization', caller.bearer) : req);
      expect({ call: call.path, query: call.query, status: local?.status, body: local?.body }).toEqual({
        call: call.path,
        query: call.query,
        status: http.status,
        body: http.body as unknown,
      });
    }
  });

  it('answers the 401 and 403 refusals of the API', async () => {
    expect(await localApi(null)('GET', 'users/me', {})).toEqual({
      status: 401,
      body: { success: false, message: 'Please log in to continue', code: 'UNAUTHORIZED' },
    });
    const a = f.a;
    expect(await localApi({ id: a.id, name: a.name, email: a.email, role: a.role })('GET', 'dashboard/summary', {})).toEqual({
      status: 403,
      body: { success: false, message: 'This action requires the admin role', code: 'FORBIDDEN' },
    });
  });
});
