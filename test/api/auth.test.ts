import { sql } from 'drizzle-orm';
import jwt from 'jsonwebtoken';
import { createTestApp, TestApp } from '../support/test-app.js';
import { createUser } from '../support/factories.js';

const signupBody = (over: Record<string, unknown> = {}) => ({
  name: 'Karim Ahmed',
  email: 'karim@example.com',
  password: 'karim-secret',
  phone: '+8801712345678',
  address: 'Road 7, Banani, Dhaka',
  role: 'user',
  ...over,
});

describe('Auth API', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());
  beforeEach(() => t.reset());

  it('signs up, logs in with the token in body and cookie, reads and updates the profile, logs out', async () => {
    const signup = await t.http().post('/api/auth/signup').send(signupBody()).expect(201);
    expect(signup.body).toMatchObject({ success: true, message: 'Signup Successful', data: { email: 'karim@example.com', role: 'user' } });
    expect(JSON.stringify(signup.body)).not.toMatch(/password|argon2/i);

    const login = await t.http().post('/api/auth/login').send({ email: 'KARIM@example.com', password: 'karim-secret' }).expect(200);
    expect(login.body.success).toBe(true);
    expect(typeof login.body.token).toBe('string');
    expect(login.body.data).toMatchObject({ name: 'Karim Ahmed', role: 'user' });
    const cookie = String(login.headers['set-cookie']);
    expect(cookie).toMatch(/okb_token=/);
    expect(cookie).toMatch(/HttpOnly/i);
    expect(cookie).toMatch(/SameSite=Lax/i);

    const decoded = jwt.decode(login.body.token, { complete: true }) as jwt.Jwt;
    expect(decoded.header.alg).toBe('HS256');
    expect(decoded.payload).toMatchObject({ iss: 'okay-bike', aud: 'okay-bike-web' });
    expect((decoded.payload as jwt.JwtPayload).exp).toBeGreaterThan(Date.now() / 1000);

    const me = await t.http().get('/api/users/me').set('Authorization', `Bearer ${login.body.token}`).expect(200);
    expect(me.body.data).toMatchObject({ email: 'karim@example.com', phone: '+8801712345678' });

    const viaCookie = await t.http().get('/api/users/me').set('Cookie', cookie.split(';')[0]).expect(200);
    expect(viaCookie.body.data._id).toBe(me.body.data._id);

    const updated = await t
      .http()
      .put('/api/users/me')
      .set('Authorization', `Bearer ${login.body.token}`)
      .send({ name: 'Karim A.', address: 'Road 9, Gulshan' })
      .expect(200);
    expect(updated.body).toMatchObject({ message: 'Profile Updated Successfully', data: { name: 'Karim A.', address: 'Road 9, Gulshan', email: 'karim@example.com' } });

    const logout = await t.http().post('/api/auth/logout').expect(200);
    expect(String(logout.headers['set-cookie'])).toMatch(/okb_token=;/);
  });

  it('gives the same 401 message for a wrong email and a wrong password', async () => {
    await createUser(t, { email: 'known@example.com', password: 'right-password' });
    const wrongPassword = await t.http().post('/api/auth/login').send({ email: 'known@example.com', password: 'nope-nope' }).expect(401);
    const wrongEmail = await t.http().post('/api/auth/login').send({ email: 'unknown@example.com', password: 'right-password' }).expect(401);
    expect(wrongPassword.body).toEqual({ success: false, message: 'Invalid email or password', code: 'UNAUTHORIZED' });
    expect(wrongEmail.body).toEqual(wrongPassword.body);
  });

  it('rejects malformed signups naming every bad field, and a taken email with 409', async () => {
    const res = await t.http().post('/api/auth/signup').send({ email: 'not-an-email', password: 1 }).expect(400);
    expect(res.body.code).toBe('VALIDATION_FAILED');
    const paths = res.body.errors.map((e: { path: string }) => e.path);
    expect(paths).toEqual(expect.arrayContaining(['name', 'email', 'password', 'phone', 'address']));

    await t.http().post('/api/auth/signup').send(signupBody()).expect(201);
    const dup = await t.http().post('/api/auth/signup').send(signupBody({ email: 'Karim@Example.com' })).expect(409);
    expect(dup.body).toMatchObject({ success: false, code: 'CONFLICT' });
  });

  it('never stores a role sent on signup', async () => {
    const res = await t.http().post('/api/auth/signup').send(signupBody({ role: 'admin' })).expect(400);
    expect(res.body.errors[0].path).toBe('role');
    const unknown = await t.http().post('/api/auth/signup').send(signupBody({ isAdmin: true })).expect(400);
    expect(unknown.body.errors).toEqual([{ path: 'isAdmin', message: 'isAdmin is not an allowed field' }]);
    const rows = await t.db.execute(sql`select count(*)::int as n from users`);
    expect((rows as unknown as { rows: { n: number }[] }).rows[0].n).toBe(0);
  });

  it('answers 400 for malformed JSON and 413 for a huge body, in the error envelope', async () => {
    const bad = await t.http().post('/api/auth/login').set('Content-Type', 'application/json').send('{"email": ').expect(400);
    expect(bad.body).toMatchObject({ success: false, code: 'MALFORMED_JSON' });
    const huge = await t.http().post('/api/auth/signup').send(signupBody({ address: 'x'.repeat(200_000) })).expect(413);
    expect(huge.body).toMatchObject({ success: false, code: 'PAYLOAD_TOO_LARGE' });
  });

  it('refuses tampered, expired, wrong-key and alg:none tokens with 401', async () => {
    const user = await createUser(t);
    const [header, payload, signature] = user.token.split('.');
    const claims = JSON.parse(Buffer.from(payload, 'base64url').toString());
    const edited = Buffer.from(JSON.stringify({ ...claims, role: 'admin' })).toString('base64url');
    const none = Buffer.from(JSON.stringify({ alg: 'none', typ: 'JWT' })).toString('base64url');
    const tokens = {
      editedRole: `${header}.${edited}.${signature}`,
      algNone: `${none}.${payload}.`,
      wrongKey: jwt.sign({ sub: user.id, role: 'user' }, 'another-secret-another-secret-another', { algorithm: 'HS256', issuer: 'okay-bike', audience: 'okay-bike-web', expiresIn: 600 }),
      garbage: 'not.a.token',
      expired: jwt.sign({ sub: user.id, role: 'user', exp: Math.floor(Date.now() / 1000) - 60 }, t.jwtSecret, { algorithm: 'HS256', issuer: 'okay-bike', audience: 'okay-bike-web' }),
      wrongIssuer: jwt.sign({ sub: user.id, role: 'user' }, t.jwtSecret, { algorithm: 'HS256', issuer: 'someone-else', audience: 'okay-bike-web', expiresIn: 600 }),
      hs512: jwt.sign({ sub: user.id, role: 'user' }, t.jwtSecret, { algorithm: 'HS512', issuer: 'okay-bike', audience: 'okay-bike-web', expiresIn: 600 }),
    };
    for (const token of Object.values(tokens)) {
      const res = await t.http().get('/api/users/me').set('Authorization', `Bearer ${token}`);
      expect(res.status).toBe(401);
      expect(res.body.success).toBe(false);
    }
    // The same secret with the pinned settings works, so the refusals above are about the tampering.
    const good = jwt.sign({ sub: user.id, role: 'user' }, t.jwtSecret, { algorithm: 'HS256', issuer: 'okay-bike', audience: 'okay-bike-web', expiresIn: 600 });
    await t.http().get('/api/users/me').set('Authorization', `Bearer ${good}`).expect(200);
  });

  it('rate limits login per address: the 11th try in a minute is a 429', async () => {
    const limited = await createTestApp({ LOGIN_RATE_LIMIT: '10' });
    try {
      for (let i = 0; i < 10; i++) {
        await limited.http().post('/api/auth/login').send({ email: 'a@example.com', password: 'wrong-pass' }).expect(401);
      }
      const res = await limited.http().post('/api/auth/login').send({ email: 'a@example.com', password: 'wrong-pass' }).expect(429);
      expect(res.body).toMatchObject({ success: false, code: 'TOO_MANY_REQUESTS' });
    } finally {
      await limited.close();
    }
  });

  it('refuses a cookie-authenticated write from another origin (CSRF)', async () => {
    const user = await createUser(t);
    const cookie = `okb_token=${user.token}`;
    await t.http().put('/api/users/me').set('Cookie', cookie).set('Origin', 'https://evil.example').send({ name: 'X' }).expect(403);
    await t.http().put('/api/users/me').set('Cookie', cookie).send({ name: 'X' }).expect(403);
    const host = (t.app.getHttpServer().address() as { port: number }).port;
    const same = await t.http().put('/api/users/me').set('Cookie', cookie).set('Origin', `http://127.0.0.1:${host}`).send({ name: 'Same Origin' });
    expect(same.body).toMatchObject({ success: true, data: { name: 'Same Origin' } });
  });

  it('serves health, readiness and the OpenAPI document', async () => {
    await t.http().get('/api/health').expect(200);
    const ready = await t.http().get('/api/health/ready').expect(200);
    expect(ready.body.data.status).toBe('ready');
    const doc = await t.http().get('/api/docs-json').expect(200);
    expect(Object.keys(doc.body.paths)).toEqual(expect.arrayContaining(['/api/auth/login', '/api/auth/signup', '/api/users/me']));
    const missing = await t.http().get('/api/nope').expect(404);
    expect(missing.body).toMatchObject({ success: false, code: 'NOT_FOUND' });
  });
});
