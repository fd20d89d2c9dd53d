import { sql } from 'drizzle-orm';
import jwt from 'jsonwebtoken';
import { createTestApp, useTestApp } from '../support/test-app.js';
import { createAdmin, createUser } from '../support/factories.js';
import { AuthService } from '../../src/modules/auth/auth.service.js';
import { users } from '../../src/database/schema/users.js';
import { eq } from 'drizzle-orm';

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
  const t = useTestApp();

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

  it('refuses short and common passwords at signup and password change, with a message a person understands (ASVS 6.2)', async () => {
    for (const password of ['123456', 'aaaaaa', 'abc1234']) {
      const res = await t.http().post('/api/auth/signup').send(signupBody({ email: `weak-${password}@example.com`, password })).expect(400);
      expect(res.body.errors).toEqual([{ path: 'password', message: 'password must be at least 8 characters' }]);
    }
    for (const password of ['password', 'PASSWORD1', '12345678', 'iloveyou', 'qwertyuiop']) {
      const res = await t.http().post('/api/auth/signup').send(signupBody({ email: `common-${password}@example.com`, password })).expect(400);
      expect(res.body.errors).toEqual([{ path: 'password', message: 'password is one of the most common passwords and easy to guess: please choose another' }]);
    }
    await t.http().post('/api/auth/signup').send(signupBody({ email: 'strong@example.com', password: 'tangerine-bicycle' })).expect(201);
    const user = await createUser(t, { password: 'my-old-secret' });
    const change = (newPassword: string) => t.http().put('/api/users/me/password').set('Authorization', user.bearer).send({ currentPassword: 'my-old-secret', newPassword });
    expect((await change('football').expect(400)).body.errors).toEqual([
      { path: 'newPassword', message: 'newPassword is one of the most common passwords and easy to guess: please choose another' },
    ]);
    expect((await change('short1').expect(400)).body.errors[0].path).toBe('newPassword');
    await change('a-better-one-9').expect(200);
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
      // Another email each time: the per-account back-off (below) is not what is tested here.
      for (let i = 0; i < 10; i++) {
        await limited.http().post('/api/auth/login').send({ email: `a${i}@example.com`, password: 'wrong-pass' }).expect(401);
      }
      const res = await limited.http().post('/api/auth/login').send({ email: 'a10@example.com', password: 'wrong-pass' }).expect(429);
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

  it('applies the CSRF check when an Authorization header other than a Bearer token rides along with the cookie', async () => {
    const user = await createUser(t);
    const cookie = `okb_token=${user.token}`;
    for (const authorization of ['Basic dXNlcjpwYXNz', 'Bearer', 'Token abc']) {
      await t.http().put('/api/users/me').set('Cookie', cookie).set('Authorization', authorization).set('Origin', 'https://evil.example').send({ name: 'Hijacked' }).expect(403);
    }
    const me = await t.http().get('/api/users/me').set('Authorization', user.bearer).expect(200);
    expect(me.body.data.name).not.toBe('Hijacked');
    // A Bearer token authenticates by itself (the cookie is not used): no CSRF check needed.
    await t.http().put('/api/users/me').set('Cookie', cookie).set('Authorization', user.bearer).set('Origin', 'https://evil.example').send({ name: 'Via Bearer' }).expect(200);
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

  describe('sessions end', () => {
    const me = (auth: { bearer?: string; cookie?: string }) => {
      const req = t.http().get('/api/users/me');
      if (auth.bearer) req.set('Authorization', `Bearer ${auth.bearer}`);
      if (auth.cookie) req.set('Cookie', `okb_token=${auth.cookie}`);
      return req;
    };
    const login = (email: string, password: string) => t.http().post('/api/auth/login').send({ email, password }).expect(200);

    it('on logout: the token stops working as a Bearer header and as a replayed cookie', async () => {
      const user = await createUser(t, { password: 'logout-pass-1' });
      const { body } = await login(user.email, 'logout-pass-1');
      const other = (await login(user.email, 'logout-pass-1')).body.token as string;
      await me({ bearer: body.token }).expect(200);
      const origin = `http://127.0.0.1:${(t.app.getHttpServer().address() as { port: number }).port}`;
      await t.http().post('/api/auth/logout').set('Cookie', `okb_token=${body.token}`).set('Origin', origin).expect(200);
      await me({ bearer: body.token }).expect(401);
      await me({ cookie: body.token }).expect(401);
      // Every session of the user ends (another device's token too); a new login works.
      await me({ bearer: other }).expect(401);
      const again = (await login(user.email, 'logout-pass-1')).body.token as string;
      await me({ bearer: again }).expect(200);
      // Logging out with a Bearer header ends it as well.
      await t.http().post('/api/auth/logout').set('Authorization', `Bearer ${again}`).expect(200);
      await me({ bearer: again }).expect(401);
    });

    it('on a password change: old tokens stop, the answer carries a working token, the new password logs in', async () => {
      const user = await createUser(t, { password: 'old-password-1' });
      const old = (await login(user.email, 'old-password-1')).body.token as string;
      const wrong = await t
        .http()
        .put('/api/users/me/password')
        .set('Authorization', `Bearer ${old}`)
        .send({ currentPassword: 'not-it-at-all', newPassword: 'new-password-2' })
        .expect(400);
      expect(wrong.body).toMatchObject({ success: false, code: 'VALIDATION_FAILED', errors: [{ path: 'currentPassword' }] });
      const short = await t.http().put('/api/users/me/password').set('Authorization', `Bearer ${old}`).send({ currentPassword: 'old-password-1', newPassword: 'x' }).expect(400);
      expect(short.body.errors.map((e: { path: string }) => e.path)).toEqual(['newPassword']);

      const changed = await t
        .http()
        .put('/api/users/me/password')
        .set('Authorization', `Bearer ${old}`)
        .send({ currentPassword: 'old-password-1', newPassword: 'new-password-2' })
        .expect(200);
      expect(changed.body).toMatchObject({ success: true, message: 'Password changed', data: { email: user.email } });
      expect(String(changed.headers['set-cookie'])).toMatch(/okb_token=/);
      await me({ bearer: old }).expect(401);
      await me({ cookie: old }).expect(401);
      await me({ bearer: changed.body.token }).expect(200);
      await me({ cookie: changed.body.token }).expect(200);
      await t.http().post('/api/auth/login').send({ email: user.email, password: 'old-password-1' }).expect(401);
      await login(user.email, 'new-password-2');
      await t.http().put('/api/users/me/password').send({ currentPassword: 'a', newPassword: 'bbbbbbbb' }).expect(401);
    });

    it('on a role change: the user signs in again and gets the new role', async () => {
      const admin = await createAdmin(t);
      const user = await createUser(t);
      await me({ bearer: user.token }).expect(200);
      await me({ cookie: user.token }).expect(200);
      await t.http().put(`/api/users/${user.id}/role`).set('Authorization', admin.bearer).expect(200);
      await me({ bearer: user.token }).expect(401);
      await me({ cookie: user.token }).expect(401);
      const fresh = (await login(user.email, user.password)).body;
      expect(fresh.data.role).toBe('admin');
      await me({ bearer: fresh.token }).expect(200);
    });
  });

  it('delays guesses per account and address: nobody elsewhere can lock the owner out (ASVS 6.3)', async () => {
    const victim = await createUser(t, { password: 'the-right-one' });
    const bystander = await createUser(t, { password: 'bystander-pw' });
    const from = (ip: string, password: string) => t.http().post('/api/auth/login').set('X-Forwarded-For', ip).send({ email: victim.email, password });
    // Five wrong passwords from one address: then that address waits LOGIN_BACKOFF_SECONDS for its next try.
    for (let i = 0; i < 5; i++) await from('203.0.113.1', `guess-${i}`).expect(401);
    const delayed = await from('203.0.113.1', 'the-right-one').expect(429);
    expect(delayed.body).toMatchObject({ success: false, code: 'ACCOUNT_LOCKED' });
    expect(delayed.body.message).toMatch(/^Too many failed logins for this account, please try again in \d+ seconds?$/);
    expect(Number(delayed.headers['retry-after'])).toBeGreaterThan(0);
    expect(delayed.body.token).toBeUndefined();
    // The owner, from an address without failures, signs in; other accounts are not touched.
    await from('198.51.100.7', 'the-right-one').expect(200);
    await t.http().post('/api/auth/login').set('X-Forwarded-For', '203.0.113.1').send({ email: bystander.email, password: 'bystander-pw' }).expect(200);
  });

  it('keeps the owner in while many addresses guess (each address one try, then delayed)', async () => {
    const victim = await createUser(t, { password: 'the-right-one' });
    const from = (ip: string, password: string) => t.http().post('/api/auth/login').set('X-Forwarded-For', ip).send({ email: victim.email, password });
    for (let i = 0; i < 12; i++) await from(`203.0.113.${100 + i}`, `guess-${i}`).expect(401);
    // An address that failed once, while the account has many failures, gets one more try, then waits.
    await from('203.0.113.100', 'guess-again').expect(401);
    expect((await from('203.0.113.100', 'the-right-one')).status).toBe(429);
    await from('192.0.2.55', 'the-right-one').expect(200);
  });

  it('counts concurrent wrong passwords from one address before checking them: at most LOGIN_ACCOUNT_FAILURES get through, the owner still signs in elsewhere', async () => {
    const victim = await createUser(t, { password: 'the-right-one' });
    const guesses = await Promise.all(
      Array.from({ length: 30 }, (_, i) => t.http().post('/api/auth/login').set('X-Forwarded-For', '198.51.100.1').send({ email: victim.email, password: `guess-${i}` })),
    );
    const statuses = guesses.map((r) => r.status);
    expect(statuses.filter((s) => s === 401)).toHaveLength(5);
    expect(statuses.filter((s) => s === 429)).toHaveLength(25);
    for (const r of guesses.filter((g) => g.status === 429)) expect(r.body.code).toBe('ACCOUNT_LOCKED');
    const delayed = await t.http().post('/api/auth/login').set('X-Forwarded-For', '198.51.100.1').send({ email: victim.email, password: 'the-right-one' }).expect(429);
    expect(delayed.body.token).toBeUndefined();
    await t.http().post('/api/auth/login').set('X-Forwarded-For', '198.51.100.200').send({ email: victim.email, password: 'the-right-one' }).expect(200);
  });

  it('counts an IPv6 client by its /64: rotating addresses inside it does not reset the back-off or the per-address limit', async () => {
    const victim = await createUser(t, { password: 'the-right-one' });
    const from = (ip: string, password: string) => t.http().post('/api/auth/login').set('X-Forwarded-For', ip).send({ email: victim.email, password });
    for (let i = 0; i < 5; i++) await from(`2001:db8:1:2::${i + 1}`, `guess-${i}`).expect(401);
    await from('2001:db8:1:2:ffff::9', 'guess-5').expect(429);
    await from('2001:db8:1:3::1', 'the-right-one').expect(200);

    const limited = await createTestApp({ LOGIN_RATE_LIMIT: '3' });
    try {
      for (let i = 0; i < 3; i++) {
        await limited.http().post('/api/auth/login').set('X-Forwarded-For', `2001:db8:aa:bb:${i}::1`).send({ email: `v6-${i}@example.com`, password: 'wrong-pass' }).expect(401);
      }
      const res = await limited.http().post('/api/auth/login').set('X-Forwarded-For', '2001:db8:aa:bb:cafe::1').send({ email: 'v6-x@example.com', password: 'wrong-pass' }).expect(429);
      expect(res.body.code).toBe('TOO_MANY_REQUESTS');
      await limited.http().post('/api/auth/login').set('X-Forwarded-For', '2001:db8:aa:bc::1').send({ email: 'v6-y@example.com', password: 'wrong-pass' }).expect(401);
    } finally {
      await limited.close();
    }
  });

  it('a right password clears the count: failures before it do not add up with failures after it', async () => {
    const user = await createUser(t, { password: 'the-right-one' });
    const login = (password: string, i: number) => t.http().post('/api/auth/login').set('X-Forwarded-For', `192.0.2.${i}`).send({ email: user.email, password });
    for (let i = 0; i < 4; i++) await login(`guess-${i}`, i).expect(401);
    await login('the-right-one', 10).expect(200);
    for (let i = 0; i < 4; i++) await login(`guess-${i}`, 20 + i).expect(401);
    await login('the-right-one', 30).expect(200);
  });

  it('refuses a login or signup posted by a page of another site (login CSRF), accepts its own pages and API clients', async () => {
    const user = await createUser(t, { password: 'csrf-login-1' });
    const body = { email: user.email, password: 'csrf-login-1' };
    const port = (t.app.getHttpServer().address() as { port: number }).port;
    const refused = await t.http().post('/api/auth/login').set('Origin', 'https://evil.example').type('form').send(body).expect(403);
    expect(refused.body).toMatchObject({ success: false, code: 'FORBIDDEN' });
    expect(refused.headers['set-cookie']).toBeUndefined();
    await t.http().post('/api/auth/login').set('Referer', 'https://evil.example/page').send(body).expect(403);
    await t.http().post('/api/auth/login').set('Origin', 'null').send(body).expect(403);
    await t.http().post('/api/auth/signup').set('Origin', 'https://evil.example').send(signupBody()).expect(403);
    await t.http().post('/api/auth/login').set('Origin', `http://127.0.0.1:${port}`).send(body).expect(200);
    await t.http().post('/api/auth/login').send(body).expect(200);
  });

  it('ADMIN_EMAIL promotes an existing account only when its password is ADMIN_PASSWORD', async () => {
    const env = { ADMIN_EMAIL: 'ops@example.com', ADMIN_PASSWORD: 'operator-pass-1' };
    const app = await createTestApp(env);
    try {
      const auth = app.app.get(AuthService);
      const roleOf = async () => (await app.db.select({ role: users.role }).from(users).where(eq(users.email, 'ops@example.com')))[0]?.role;
      // Created at start when missing.
      expect(await roleOf()).toBe('admin');

      // Someone signed up with the address first (or changed their email to it): not promoted at the next start.
      await app.reset();
      await createUser(app, { email: 'ops@example.com', password: 'squatter-pass' });
      await auth.ensureOperatorAdmin();
      expect(await roleOf()).toBe('user');

      // The operator's own account (its password is ADMIN_PASSWORD) is promoted.
      await app.reset();
      await createUser(app, { email: 'ops@example.com', password: 'operator-pass-1' });
      await auth.ensureOperatorAdmin();
      expect(await roleOf()).toBe('admin');
    } finally {
      await app.close();
    }
  });

  it('believes X-Forwarded-* only from TRUST_PROXY: the client address of the rate limit and the cookie\'s Secure flag', async () => {
    const strict = await createTestApp({ TRUST_PROXY: 'false', LOGIN_RATE_LIMIT: '2' });
    const trusting = await createTestApp({ TRUST_PROXY: 'loopback', LOGIN_RATE_LIMIT: '2' });
    try {
      const user = await createUser(trusting, { password: 'proxy-pass-1' });
      const viaProxy = await trusting.http().post('/api/auth/login').set('X-Forwarded-Proto', 'https').send({ email: user.email, password: 'proxy-pass-1' }).expect(200);
      expect(String(viaProxy.headers['set-cookie'])).toMatch(/;\s*Secure/i);
      // Two clients behind the trusted proxy have a limit each.
      for (const ip of ['203.0.113.1', '203.0.113.2']) {
        for (let i = 0; i < 2; i++) {
          await trusting.http().post('/api/auth/login').set('X-Forwarded-For', ip).send({ email: `p${ip}-${i}@example.com`, password: 'wrong-pass' }).expect(401);
        }
      }

      const other = await createUser(strict, { password: 'proxy-pass-1' });
      const direct = await strict.http().post('/api/auth/login').set('X-Forwarded-Proto', 'https').send({ email: other.email, password: 'proxy-pass-1' }).expect(200);
      expect(String(direct.headers['set-cookie'])).not.toMatch(/Secure/i);
      // Not trusted: the forwarded address is ignored, so both "clients" share the connection's limit.
      await strict.http().post('/api/auth/login').set('X-Forwarded-For', '203.0.113.1').send({ email: 'q1@example.com', password: 'wrong-pass' }).expect(401);
      await strict.http().post('/api/auth/login').set('X-Forwarded-For', '203.0.113.2').send({ email: 'q2@example.com', password: 'wrong-pass' }).expect(429);
    } finally {
      await strict.close();
      await trusting.close();
    }
  });

  it('TRUST_PROXY as a hop count: the address the one trusted proxy appended is the client, whatever the client claims', async () => {
    const oneHop = await createTestApp({ TRUST_PROXY: '1', LOGIN_RATE_LIMIT: '2' });
    try {
      const user = await createUser(oneHop, { password: 'proxy-pass-1' });
      const viaProxy = await oneHop.http().post('/api/auth/login').set('X-Forwarded-Proto', 'https').send({ email: user.email, password: 'proxy-pass-1' }).expect(200);
      expect(String(viaProxy.headers['set-cookie'])).toMatch(/;\s*Secure/i);
      const wrong = (xff: string, n: number) => oneHop.http().post('/api/auth/login').set('X-Forwarded-For', xff).send({ email: `hop-${n}@example.com`, password: 'wrong-pass' });
      // Two clients the proxy names (the last entry) have a limit each.
      for (const ip of ['203.0.113.1', '203.0.113.2']) {
        for (let i = 0; i < 2; i++) await wrong(ip, i).expect(401);
      }
      // A client that forges earlier entries is still the address the proxy appended: its limit is used up.
      await wrong('10.9.9.9, 203.0.113.1', 3).expect(429);
      await wrong('10.9.9.8, 203.0.113.2', 4).expect(429);
      await wrong('203.0.113.3', 5).expect(401);
    } finally {
      await oneHop.close();
    }
  });
});
