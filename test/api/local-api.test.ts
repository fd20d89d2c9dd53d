import { WEB_CLIENT_HEADER, WEB_CLIENT_VALUE } from '../../src/common/public-urls.js';
import { createLocalApiFactory, type LocalCaller } from '../../src/ssr/local-api.js';
import type { LocalApi } from '../../src/ssr/render-contract.js';
import type { TestUser } from '../support/factories.js';
import { Fixture, seedScenario } from '../support/scenario.js';
import { createTestApp, TestApp } from '../support/test-app.js';

/**
 * The server renderer answers its page loaders' calls in-process (src/ssr/local-api.ts): an in-memory request
 * through the API's own router. For every caller it must answer exactly what the HTTP API answers the shop's web
 * client (image paths kept): the same status and the same envelope, refusals included — for every route, not a
 * hand-kept list (test/browser/ssr-in-process.test.ts checks that no page render reaches the API over a socket).
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
  { path: 'reviews/getuserreviews' },
  { path: 'dashboard/summary' },
  { path: 'favourite' },
  { path: 'users/me' },
  { path: 'users/allusers', query: { page: '1', limit: '5' } },
  { path: 'auth/session' },
  { path: 'rentals' },
  { path: 'rentals/allrentalbike' },
  { path: 'rentals/rentalpayment' },
  { path: 'rentals/deposits/attention' },
  { path: `payments/${f.feePayment}` },
  { path: `payments/${f.feePayment}/status` },
  { path: 'payments/attention' },
  { path: 'shop/hours' },
  { path: 'notifications/emails', query: { page: '1', limit: '5' } },
  { path: 'webhooks' },
  { path: 'no/such/route' },
];

describe('in-process API of the server renderer', () => {
  let t: TestApp;
  let f: Fixture;
  let localApi: (caller: LocalCaller) => LocalApi;

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
    for (const call of CALLS(f)) {
      const local = await localApi(caller ? { authorization: caller.bearer } : {})('GET', call.path, call.query ?? {});
      const req = t.http().get(`/api/${call.path}`).query(call.query ?? {}).set(WEB_CLIENT_HEADER, WEB_CLIENT_VALUE);
      const http = await (caller ? req.set('Authorization', caller.bearer) : req);
      expect({ call: call.path, query: call.query, status: local.status, body: local.body }).toEqual({
        call: call.path,
        query: call.query,
        status: http.status,
        body: http.body as unknown,
      });
    }
  });

  it('authenticates by the page request cookie, and applies the guards: 401 and 403 refusals', async () => {
    expect(await localApi({})('GET', 'users/me', {})).toEqual({
      status: 401,
      body: { success: false, message: 'Please log in to continue', code: 'UNAUTHORIZED' },
    });
    const a = f.a;
    expect(await localApi({ cookie: `okb_token=${a.token}` })('GET', 'dashboard/summary', {})).toEqual({
      status: 403,
      body: { success: false, message: 'This action requires the admin role', code: 'FORBIDDEN' },
    });
    const me = await localApi({ cookie: `okb_token=${a.token}` })('GET', 'users/me', {});
    expect(me.status).toBe(200);
    expect((me.body as { data: { email: string } }).data.email).toBe(a.email);
  });

  it('applies the validation pipe to the query, naming the field', async () => {
    const answer = await localApi({})('GET', 'bikes', { limit: 'many' });
    expect(answer.status).toBe(400);
    expect(JSON.stringify(answer.body)).toContain('limit');
  });
});
