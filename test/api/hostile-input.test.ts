import { sql } from 'drizzle-orm';
import { randomUUID } from 'node:crypto';
import type request from 'supertest';
import { createBike } from '../support/bike-factories.js';
import { createAdmin, createUser } from '../support/factories.js';
import { postSandboxWebhook, rentalTestEnv, sandboxNotification } from '../support/rental-factories.js';
import { Fixture, seedScenario } from '../support/scenario.js';
import { TestApp, useTestApp } from '../support/test-app.js';

type Method = 'post' | 'put';
type Caller = 'userA' | 'userB' | 'admin' | 'anonymous';

interface Write {
  method: Method;
  path: (f: Fixture) => string;
  caller: Caller;
  /** A body the endpoint accepts. */
  body: (f: Fixture) => Record<string, unknown>;
  /** The fields of the body that must never be injectable here. */
  foreign: string[];
}

const INJECTED = ['role', '_id', 'userId', 'totalPaid', 'totalCost', 'helpful', 'quantity'];
const without = (...keep: string[]) => INJECTED.filter((f) => !keep.includes(f));
const future = () => new Date(Date.now() + 2 * 86_400_000).toISOString();
const bikeBody = () => ({ name: 'Bike', description: 'A good bike', pricePerHour: 12.5, cc: 150, year: 2024, model: 'R15', brand: 'Yamaha', imgageurl: '/images/bikes/sport-red.svg', quantity: 3 });

const WRITES: Record<string, Write> = {
  signup: {
    method: 'post',
    path: () => '/api/auth/signup',
    caller: 'anonymous',
    body: () => ({ name: 'Sam', email: 'sam@example.com', password: 'sam-secret-1', phone: '+880 1', address: 'Dhaka' }),
    foreign: INJECTED,
  },
  login: { method: 'post', path: () => '/api/auth/login', caller: 'anonymous', body: (f) => ({ email: f.c.email, password: f.c.password }), foreign: INJECTED },
  updateProfile: { method: 'put', path: () => '/api/users/me', caller: 'userA', body: () => ({ name: 'New Name' }), foreign: INJECTED },
  createBike: { method: 'post', path: () => '/api/bikes', caller: 'admin', body: bikeBody, foreign: without('quantity') },
  updateBike: { method: 'put', path: (f) => `/api/bikes/${f.spareBike}`, caller: 'admin', body: bikeBody, foreign: without('quantity') },
  addFavourite: { method: 'post', path: () => '/api/favourite', caller: 'userA', body: (f) => ({ bikeId: f.spareBike }), foreign: INJECTED },
  createRental: {
    method: 'post',
    path: () => '/api/rentals',
    caller: 'userA',
    body: (f) => ({ bikeId: f.bike, startTime: future(), quantity: 1 }),
    foreign: without('quantity'),
  },
  fullPayment: {
    method: 'post',
    path: () => '/api/rentals/fullpayment',
    caller: 'userA',
    body: (f) => ({ paymentId: f.returnedRental.ref, totalCost: f.returnedRental.cost }),
    foreign: without('totalCost'),
  },
  addReview: {
    method: 'post',
    path: () => '/api/reviews/addreviews',
    caller: 'userA',
    body: (f) => ({ bikeId: f.bike, rating: 4, comment: 'Nice', paymentId: f.paidRental.ref }),
    foreign: INJECTED,
  },
  vote: { method: 'put', path: (f) => `/api/reviews/${f.reviewOfA}/vote`, caller: 'userB', body: () => ({ vote: 'helpful' }), foreign: INJECTED },
  contact: {
    method: 'post',
    path: () => '/api/contact',
    caller: 'anonymous',
    body: () => ({ name: 'Visitor', email: 'v@example.com', subject: 'Hi', message: 'A question about rentals.' }),
    foreign: INJECTED,
  },
};

/** Per write, the INJECTED fields that are its resource's own read-only fields (@EchoableFields): ignored, not refused. */
const ECHOED: Record<string, string[]> = {
  updateProfile: ['role', '_id'],
  updateBike: ['_id'],
  vote: ['_id', 'userId', 'helpful'],
};

const TABLES = ['users', 'bikes', 'rentals', 'payments', 'reviews', 'review_votes', 'favourites', 'idempotency_keys', 'contact_messages'];

/**
 * A fingerprint of every row of every table: equal fingerprints mean nothing was written. `ignoreUpdatedAt` leaves
 * out the rows' `updated_at`, which an accepted repeat of the same update moves and nothing else.
 */
async function fingerprint(t: TestApp, ignoreUpdatedAt = false): Promise<Record<string, string>> {
  const out: Record<string, string> = {};
  const row = ignoreUpdatedAt ? `(to_jsonb(x) - 'updated_at')::text` : 'x::text';
  for (const table of TABLES) {
    const res = await t.db.execute(sql.raw(`select count(*)::text || ':' || coalesce(md5(string_agg(${row}, '|' order by ${row})), '') as f from ${table} x`));
    out[table] = (res as unknown as { rows: { f: string }[] }).rows[0].f;
  }
  return out;
}

function send(t: TestApp, f: Fixture, w: Write, body: unknown, raw = false) {
  let req = t.http()[w.method](w.path(f));
  const token = w.caller === 'userA' ? f.a.bearer : w.caller === 'userB' ? f.b.bearer : w.caller === 'admin' ? f.admin.bearer : undefined;
  if (token) req = req.set('Authorization', token);
  if (raw) return req.set('Content-Type', 'application/json').send(body as string);
  return req.send(body as object);
}

describe('Hostile input', () => {
  let f: Fixture;
  const t = useTestApp({}, { reset: false });
  beforeAll(async () => {
    await t.reset();
    f = await seedScenario(t);
  });

  const injectedValue = (f: Fixture, field: string) =>
    field === 'role' ? 'admin' : field === '_id' || field === 'userId' ? f.b.id : field === 'totalPaid' || field === 'totalCost' ? 0 : 99;

  describe('mass assignment: fields that do not belong are rejected and nothing is written', () => {
    const cases = Object.entries(WRITES).flatMap(([name, w]) =>
      w.foreign.filter((field) => !ECHOED[name]?.includes(field)).map((field) => [name, field] as const),
    );
    it.each(cases)('%s + %s', async (name, field) => {
      const w = WRITES[name];
      const before = await fingerprint(t);
      const res = await send(t, f, w, { ...w.body(f), [field]: injectedValue(f, field) });
      expect(res.status).toBe(400);
      expect(res.body.errors).toEqual(expect.arrayContaining([expect.objectContaining({ path: field })]));
      expect(await fingerprint(t)).toEqual(before);
    });
  });

  describe("mass assignment: the resource's own read-only fields echoed back (issue 12) are accepted and never applied", () => {
    const cases = Object.entries(ECHOED).flatMap(([name, fields]) => fields.map((field) => [name, field] as const));
    it.each(cases)('%s + %s', async (name, field) => {
      const w = WRITES[name];
      // The same write without the field first: repeating it changes nothing, so any change is the echoed field's.
      const plain = await send(t, f, w, w.body(f));
      expect(plain.status).toBeLessThan(300);
      const before = await fingerprint(t, true);
      const res = await send(t, f, w, { ...w.body(f), [field]: injectedValue(f, field) });
      expect(res.status).toBe(plain.status);
      expect(await fingerprint(t, true)).toEqual(before);
    });
  });

  describe('bad values on every write: a 400 naming the field, never a 5xx', () => {
    const mutations: [string, (v: unknown) => unknown][] = [
      ['missing', () => undefined],
      ['null', () => null],
      ['an object', () => ({ $gt: '' })],
      ['an array', () => ['x']],
      ['a huge string', () => 'x'.repeat(20_000)],
      ['a negative number', () => -1],
      ['a fraction', () => 1.5],
      ['a boolean', () => true],
    ];
    const cases = Object.entries(WRITES).flatMap(([name, w]) =>
      Object.keys(w.body({ a: {}, b: {}, c: {}, admin: {}, returnedRental: {}, paidRental: {} } as unknown as Fixture)).flatMap((field) =>
        mutations.map(([label]) => [name, field, label] as const),
      ),
    );
    /**
     * Values these endpoints legitimately accept, with their exact answer: partial updates, half-star ratings, an
     * optional review comment, a 'not helpful' vote.
     */
    const ACCEPTED: Record<string, number> = {
      'updateProfile name missing': 200,
      'createBike pricePerHour a fraction': 201,
      'updateBike pricePerHour a fraction': 200,
      'addReview rating a fraction': 201,
      'addReview comment missing': 201,
      'addReview comment null': 201,
      'vote vote a negative number': 200,
    };
    /** Well-formed values the business rules refuse, with their exact answer: 1.5 is an amount, but not this rental's cost. */
    const REFUSED_BY_RULE: Record<string, [number, string]> = {
      'fullPayment totalCost a fraction': [409, 'AMOUNT_MISMATCH'],
    };
    it.each(cases)('%s: %s as %s', async (name, field, label) => {
      const w = WRITES[name];
      const mutate = mutations.find(([l]) => l === label)![1];
      const body: Record<string, unknown> = { ...w.body(f) };
      const value = mutate(body[field]);
      if (value === undefined) delete body[field];
      else body[field] = value;
      const key = `${name} ${field} ${label}`;
      // One review per rental: an accepted review case starts from a rental not reviewed yet.
      if (name === 'addReview' && key in ACCEPTED) await t.db.execute(sql`delete from reviews where rental_id = ${f.paidRental.id}`);
      const res = await send(t, f, w, body);
      if (key in ACCEPTED) {
        expect(res.status).toBe(ACCEPTED[key]);
        expect(res.body.success).toBe(true);
        return;
      }
      if (key in REFUSED_BY_RULE) {
        const [status, code] = REFUSED_BY_RULE[key];
        expect(res.status).toBe(status);
        expect(res.body).toMatchObject({ success: false, code });
        return;
      }
      expect(res.status).toBe(400);
      expect(res.body).toMatchObject({ success: false, code: 'VALIDATION_FAILED' });
      expect(res.body.errors.map((e: { path: string }) => e.path)).toContain(field);
    });

    it.each(Object.keys(WRITES))('%s: malformed JSON is a 400', async (name) => {
      const res = await send(t, f, WRITES[name], '{"oops": ', true);
      expect(res.status).toBe(400);
      expect(res.body).toMatchObject({ success: false, code: 'MALFORMED_JSON' });
    });
  });

  describe('ids and query strings', () => {
    /** Method, path, caller and the name of the path parameter a malformed id is refused under. */
    const idRoutes: [string, string, Caller, string][] = [
      ['get', '/api/bikes/%s', 'anonymous', 'id'],
      ['get', '/api/bikes/related/%s', 'anonymous', 'id'],
      ['put', '/api/bikes/%s', 'admin', 'id'],
      ['delete', '/api/bikes/%s', 'admin', 'id'],
      ['delete', '/api/favourite/%s', 'userA', 'bikeId'],
      ['put', '/api/rentals/%s/return?returntime=2030-01-01T00:00:00Z', 'admin', 'id'],
      ['get', '/api/rentals/trans/%s', 'userA', 'id'],
      ['get', '/api/payments/%s', 'userA', 'id'],
      ['get', '/api/reviews/getpostreviews/%s', 'anonymous', 'bikeId'],
      ['put', '/api/reviews/%s/vote', 'userA', 'id'],
      ['put', '/api/users/%s/role', 'admin', 'id'],
      ['delete', '/api/users/%s', 'admin', 'id'],
    ];
    const badIds = ['not-a-uuid', '123', "1' or '1'='1", '%00', 'x'.repeat(300)];
    /**
     * rentals/trans/{id} takes a paymentId (any reference up to 64 characters, like rentals/fullpayment) or an _id: a
     * short reference no rental has is a 404; everywhere else an id is a UUID and anything else a 400 naming it.
     */
    const expected = (path: string, id: string): 400 | 404 => (path.startsWith('/api/rentals/trans/') && id.length <= 64 ? 404 : 400);
    it.each(idRoutes.flatMap(([m, p, c, param]) => badIds.map((id) => [m, p, c, id, param] as const)))('%s %s (%s) with id %s', async (method, path, caller, id, param) => {
      const token = caller === 'userA' ? f.a.bearer : caller === 'admin' ? f.admin.bearer : undefined;
      let req = t.http()[method as 'get'](path.replace('%s', encodeURIComponent(id)));
      if (token) req = req.set('Authorization', token);
      const res = await req.send(method === 'put' && path.includes('vote') ? { vote: 'helpful' } : method === 'put' && path.includes('bikes') ? bikeBody() : undefined);
      if (expected(path, id) === 404) {
        expect(res.status).toBe(404);
        expect(res.body).toMatchObject({ success: false, code: 'NOT_FOUND', message: 'Rental not found' });
        return;
      }
      expect(res.status).toBe(400);
      expect(res.body).toMatchObject({ success: false, code: 'VALIDATION_FAILED', errors: [{ path: param }] });
    });

    it.each([
      ['/api/bikes?page=0', 'page'],
      ['/api/bikes?page=-1', 'page'],
      ['/api/bikes?page=abc', 'page'],
      ['/api/bikes?page=1.5', 'page'],
      ['/api/bikes?limit=0', 'limit'],
      ['/api/bikes?limit=100000', 'limit'],
      ['/api/bikes?recentlyAdded=maybe', 'recentlyAdded'],
      [`/api/bikes?brand=${'b'.repeat(5000)}`, 'brand'],
      ['/api/bikes?sort=price', 'sort'],
    ])('GET %s names %s', async (url, field) => {
      const res = await t.http().get(url);
      expect(res.status).toBe(400);
      expect(res.body.errors.map((e: { path: string }) => e.path)).toContain(field);
    });

    it.each([
      ['/api/users/allusers?limit=1001', 'limit'],
      ['/api/users/allusers?page=x', 'page'],
    ])('admin GET %s names %s', async (url, field) => {
      const res = await t.http().get(url).set('Authorization', f.admin.bearer);
      expect(res.status).toBe(400);
      expect(res.body.errors.map((e: { path: string }) => e.path)).toContain(field);
    });

    it.each(['', 'yesterday', '2020-01-01T00:00:00Z'])('return with returntime %j is a 400 naming returntime', async (value) => {
      const res = await t.http().put(`/api/rentals/${f.bookedRental}/return?returntime=${encodeURIComponent(value)}`).set('Authorization', f.admin.bearer);
      expect(res.status).toBe(400);
      expect(JSON.stringify(res.body)).toMatch(/returntime|Return time/i);
    });
  });

  describe('NUL characters: a 400 naming the field, never a 500', () => {
    const NUL = 'a\u0000b';
    /** The string field of each write that is sent with a NUL in it. */
    const FIELD: Record<string, string> = {
      signup: 'name',
      login: 'password',
      updateProfile: 'name',
      createBike: 'name',
      updateBike: 'model',
      createRental: 'startTime',
      fullPayment: 'paymentId',
      addReview: 'comment',
      contact: 'message',
    };
    it.each(Object.entries(FIELD))('%s with a NUL in %s', async (name, field) => {
      const w = WRITES[name];
      const before = await fingerprint(t);
      const res = await send(t, f, w, { ...w.body(f), [field]: NUL });
      expect(res.status).toBe(400);
      expect(res.body).toMatchObject({ success: false, code: 'VALIDATION_FAILED', errors: [{ path: field, message: `${field} must not contain NUL characters` }] });
      expect(await fingerprint(t)).toEqual(before);
    });

    it.each([
      ['/api/bikes?searchTerm=a%00b', 'searchTerm'],
      ['/api/bikes?brand=a%00b', 'brand'],
      ['/api/bikes?model=a%00b', 'model'],
    ])('GET %s names %s', async (url, field) => {
      const res = await t.http().get(url).expect(400);
      expect(res.body).toMatchObject({ success: false, code: 'VALIDATION_FAILED', errors: [{ path: field }] });
    });

    it('GET rentals/trans/{id} with a NUL in the id names id', async () => {
      const res = await t.http().get('/api/rentals/trans/a%00b').set('Authorization', f.a.bearer).expect(400);
      expect(res.body).toMatchObject({ success: false, code: 'VALIDATION_FAILED', errors: [{ path: 'id' }] });
    });
  });

  describe('bodies too deep or too wide are refused before they are parsed', () => {
    const deep = (n: number) => '['.repeat(n) + ']'.repeat(n);
    const wide = (n: number) => JSON.stringify(Object.fromEntries(Array.from({ length: n }, (_, i) => [`k${i}`, i])));
    const routes: [string, string][] = [
      ['the public sandbox checkout', '/api/payments/sandbox/checkout/any-session'],
      ['signup', '/api/auth/signup'],
      ['contact', '/api/contact'],
      ['the sandbox webhook', '/api/payments/webhook/sandbox'],
    ];
    it.each(routes)('%s: 49,000 nested arrays', async (_label, path) => {
      const res = await t.http().post(path).set('Content-Type', 'application/json').send(deep(49_000)).expect(400);
      expect(res.body).toEqual({ success: false, code: 'BODY_TOO_COMPLEX', message: 'Request body is nested too deeply (more than 20 levels)' });
    });
    it.each(routes)('%s: 8,000 keys', async (_label, path) => {
      const res = await t.http().post(path).set('Content-Type', 'application/json').send(wide(8000)).expect(400);
      expect(res.body).toEqual({ success: false, code: 'BODY_TOO_COMPLEX', message: 'Request body has too many fields (more than 1000)' });
    });
    it('a body within the limits still reaches validation (brackets and colons inside strings do not count)', async () => {
      const res = await t
        .http()
        .post('/api/contact')
        .send({ name: '[[[[', email: 'v@example.com', subject: ':'.repeat(3000), message: '{{{{{{{{{{{{{{{{{{{{{{{{{{{{{{ "\\" ::' });
      expect(res.status).toBe(400);
      expect(res.body.code).toBe('VALIDATION_FAILED');
    });
  });
});

/** A JSON schema of the OpenAPI document, as far as the sweep below reads it. */
interface Schema {
  $ref?: string;
  type?: string;
  enum?: unknown[];
  example?: unknown;
  items?: Schema;
  properties?: Record<string, Schema>;
  allOf?: Schema[];
}

describe('Hostile input: ill-formed Unicode and null in every body field of every route (from the OpenAPI document)', () => {
  const t = useTestApp(rentalTestEnv);
  const LONE_SURROGATE = '\ud800@x.co';

  it('answers no 5xx, and names the field when it refuses ill-formed Unicode', async () => {
    const admin = await createAdmin(t);
    const user = await createUser(t);
    const doc = (await t.http().get('/api/docs-json').expect(200)).body as {
      paths: Record<string, Record<string, { requestBody?: { content?: Record<string, { schema?: Schema }> } }>>;
      components: { schemas: Record<string, Schema> };
    };
    const resolve = (s: Schema | undefined): Schema => {
      if (!s) return {};
      if (s.$ref) return resolve(doc.components.schemas[s.$ref.split('/').pop()!]);
      if (s.allOf) return s.allOf.map(resolve).reduce((a, b) => ({ ...a, ...b, properties: { ...a.properties, ...b.properties } }), {});
      return s;
    };
    const sample = (s: Schema): unknown => {
      const r = resolve(s);
      if (r.example !== undefined) return r.example;
      if (r.enum) return r.enum[0];
      if (r.type === 'array') return [sample(r.items ?? {})];
      if (r.type === 'object' || r.properties) return Object.fromEntries(Object.entries(r.properties ?? {}).map(([k, v]) => [k, sample(v)]));
      return r.type === 'number' || r.type === 'integer' ? 1 : r.type === 'boolean' ? true : 'text';
    };
    const failures: string[] = [];
    let cases = 0;
    for (const [path, methods] of Object.entries(doc.paths)) {
      for (const [method, op] of Object.entries(methods)) {
        const schema = op.requestBody?.content?.['application/json']?.schema;
        if (!schema || !['post', 'put', 'patch'].includes(method)) continue;
        const base = sample(schema) as Record<string, unknown>;
        if (!base || typeof base !== 'object' || Array.isArray(base)) continue;
        // Unknown ids: nothing is changed, and every value still passes the pipes before the handler looks.
        const url = path.replace(/\{[^}]+\}/g, () => randomUUID());
        const httpCall = (bearer: string, body: Record<string, unknown>) =>
          (t.http() as unknown as Record<string, (u: string) => request.Test>)[method](url).set('Authorization', bearer).send(body);
        // Example values the route refuses on their own (a returnUrl of another origin) are left out, so a refusal
        // below is about the field under test; a route that refuses every body (no signature) only must not fail.
        const plain = await httpCall(admin.bearer, base);
        for (const e of plain.status === 400 ? ((plain.body.errors ?? []) as { path: string }[]) : []) delete base[e.path.split(/[.[]/)[0]];
        const baseRefused = plain.status === 400 && !(plain.body.errors ?? []).length;
        for (const field of Object.keys(base)) {
          for (const [label, value] of [
            ['ill-formed Unicode', LONE_SURROGATE],
            ['null', null],
          ] as const) {
            cases++;
            const call = (bearer: string) => httpCall(bearer, { ...base, [field]: value });
            let res = await call(admin.bearer);
            if (res.status === 403) res = await call(user.bearer);
            const where = `${method.toUpperCase()} ${path} ${field} as ${label}`;
            if (res.status >= 500) failures.push(`${where}: ${res.status} ${JSON.stringify(res.body)}`);
            else if (label === 'ill-formed Unicode' && !baseRefused && res.status === 400 && !JSON.stringify(res.body.errors ?? []).includes(`"${field}`)) {
              failures.push(`${where}: 400 without naming the field ${JSON.stringify(res.body)}`);
            }
          }
        }
      }
    }
    expect(cases).toBeGreaterThan(100);
    expect(failures).toEqual([]);
  });

  it.each([
    ['signup', '/api/auth/signup', { name: 'Sam', email: LONE_SURROGATE, password: 'sam-secret-1', phone: '+880 1', address: 'Dhaka' }],
    ['login', '/api/auth/login', { email: LONE_SURROGATE, password: 'whatever-1' }],
    ['contact', '/api/contact', { name: 'Visitor', email: LONE_SURROGATE, subject: 'Hi', message: 'A question.' }],
  ])('%s with a lone surrogate in email: 400 naming email', async (_name, url, body) => {
    const res = await t.http().post(url).send(body).expect(400);
    expect(res.body).toMatchObject({
      success: false,
      code: 'VALIDATION_FAILED',
      errors: [{ path: 'email', message: 'email must be well-formed Unicode (it holds a lone surrogate)' }],
    });
  });

  it('control characters: refused where text is stored, and line breaks in one-line fields (a bike name in email subjects) become spaces', async () => {
    const admin = await createAdmin(t);
    const body = { name: 'Bike', description: 'A good bike', pricePerHour: 12.5, cc: 150, year: 2024, model: 'R15', brand: 'Yamaha', imgageurl: '/images/bikes/sport-red.svg', quantity: 1 };
    for (const name of ['Bell\u0007Bike', 'Esc\u001b[31mRed', 'C1\u0085Bike', 'Del\u007fBike']) {
      const res = await t.http().post('/api/bikes').set('Authorization', admin.bearer).send({ ...body, name }).expect(400);
      expect(res.body.errors).toEqual([{ path: 'name', message: 'name must not contain control characters' }]);
    }
    const created = await t.http().post('/api/bikes').set('Authorization', admin.bearer).send({ ...body, name: 'Bike\r\nBcc: victim@example.com', description: 'Line one\nLine two' }).expect(201);
    expect(created.body.data).toMatchObject({ name: 'Bike Bcc: victim@example.com', description: 'Line one\nLine two' });
  });

  it('a NUL in a signed sandbox notification (id, type or data) is a 400, not a 500', async () => {
    for (const id of ['evt_a\u0000b', 'evt_\ud800']) {
      const res = await postSandboxWebhook(t, sandboxNotification(t, 'sbx_' + 'f'.repeat(32), 'payment.succeeded', { id })).expect(400);
      expect(res.body).toMatchObject({ success: false, code: 'BAD_NOTIFICATION' });
      expect(res.body.message).toMatch(/^The notification's id must/);
    }
  });

  it('a null isAvailable (PUT bikes/{id}) and a null unit status (PATCH units) are 400s naming the field', async () => {
    const admin = await createAdmin(t);
    const bike = await createBike(t, { quantity: 1 });
    const body = { name: 'Bike', description: 'A good bike', pricePerHour: 12.5, cc: 150, year: 2024, model: 'R15', brand: 'Yamaha', imgageurl: '/images/bikes/sport-red.svg', quantity: 1 };
    const put = await t.http().put(`/api/bikes/${bike.id}`).set('Authorization', admin.bearer).send({ ...body, isAvailable: null }).expect(400);
    expect(put.body.errors.map((e: { path: string }) => e.path)).toContain('isAvailable');
    const units = await t.http().get(`/api/bikes/${bike.id}/units`).set('Authorization', admin.bearer).expect(200);
    const unitId = (units.body.data.units ?? units.body.data)[0]._id as string;
    const patch = await t.http().patch(`/api/units/${unitId}`).set('Authorization', admin.bearer).send({ status: null }).expect(400);
    expect(patch.body.errors.map((e: { path: string }) => e.path)).toContain('status');
  });
});
