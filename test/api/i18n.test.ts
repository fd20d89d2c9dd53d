import { createUser } from '../support/factories.js';
import { useTestApp } from '../support/test-app.js';

/**
 * Issue 27: the API's error messages in the caller's language (Accept-Language); the `code` is the same in every
 * language, English stays byte for byte as before, and a user's chosen language is a profile field.
 */
describe('API in the caller language', () => {
  const t = useTestApp();

  it.each([
    [undefined, 'Invalid email or password'],
    ['en-US,en;q=0.9', 'Invalid email or password'],
    ['de-DE,de;q=0.9,en;q=0.8', 'E-Mail-Adresse oder Passwort ist falsch'],
    ['bn-BD,bn;q=0.9', 'ইমেইল বা পাসওয়ার্ড ভুল'],
    ['fr-FR,fr;q=0.9', 'Invalid email or password'],
    ['fr;q=1, bn;q=0.5, de;q=0.7', 'E-Mail-Adresse oder Passwort ist falsch'],
  ])('a failed login with Accept-Language %s reads: %s', async (language, message) => {
    // One account per case: failed logins are limited per account.
    const email = `known-${(language ?? 'none').replace(/[^a-z]/gi, '')}@example.com`;
    await createUser(t, { email, password: 'right-password' });
    const request = t.http().post('/api/auth/login');
    if (language) request.set('Accept-Language', language);
    const res = await request.send({ email, password: 'nope-nope' }).expect(401);
    expect(res.body).toEqual({ success: false, message, code: 'UNAUTHORIZED' });
    expect(res.headers.vary).toMatch(/Accept-Language/i);
  });

  it('a missing bike and an anonymous call read in German and Bangla, with the same codes', async () => {
    const id = '00000000-0000-4000-8000-000000000000';
    const de = await t.http().get(`/api/bikes/${id}`).set('Accept-Language', 'de').expect(404);
    const bn = await t.http().get(`/api/bikes/${id}`).set('Accept-Language', 'bn').expect(404);
    const en = await t.http().get(`/api/bikes/${id}`).expect(404);
    expect([en.body.message, de.body.message, bn.body.message]).toEqual(['Bike not found', 'Motorrad nicht gefunden', 'বাইকটি পাওয়া যায়নি']);
    expect(new Set([en.body.code, de.body.code, bn.body.code]).size).toBe(1);
    expect(de.headers['content-language']).toBe('de');

    const anonymous = await t.http().get('/api/users/me').set('Accept-Language', 'bn').expect(401);
    expect(anonymous.body).toMatchObject({ message: 'চালিয়ে যেতে লগইন করুন', code: 'UNAUTHORIZED' });
  });

  it('a user chooses a language in the profile; an unknown one is refused naming the field', async () => {
    const user = await createUser(t, { email: 'lang@example.com' });
    const before = await t.http().get('/api/users/me').set('Authorization', user.bearer).expect(200);
    expect(before.body.data.language).toBeNull();
    const saved = await t.http().put('/api/users/me').set('Authorization', user.bearer).send({ language: 'bn' }).expect(200);
    expect(saved.body.data.language).toBe('bn');
    const session = await t.http().get('/api/auth/session').set('Authorization', user.bearer).expect(200);
    expect(session.body.data.language).toBe('bn');
    const bad = await t.http().put('/api/users/me').set('Authorization', user.bearer).send({ language: 'xx' }).expect(400);
    expect(bad.body.message).toMatch(/language must be one of en, de, bn/);
    const back = await t.http().put('/api/users/me').set('Authorization', user.bearer).send({ language: null }).expect(200);
    expect(back.body.data.language).toBeNull();
  });

  it('signing up on a German page saves German as the new user\'s language; without one it stays the default', async () => {
    const account = { password: 'another-secret-1', phone: '+8801711111111', address: 'Road 7, Dhaka' };
    const de = await t.http().post('/api/auth/signup').send({ ...account, name: 'Lena Vogel', email: 'lena@example.com', language: 'de' }).expect(201);
    expect(de.body.data.language).toBe('de');
    const login = await t.http().post('/api/auth/login').send({ email: 'lena@example.com', password: account.password }).expect(200);
    const me = await t.http().get('/api/users/me').set('Authorization', `Bearer ${login.body.token}`).expect(200);
    expect(me.body.data.language).toBe('de');
    const plain = await t.http().post('/api/auth/signup').send({ ...account, name: 'Rafi Ahmed', email: 'rafi@example.com' }).expect(201);
    expect(plain.body.data.language).toBeNull();
    const bad = await t.http().post('/api/auth/signup').send({ ...account, name: 'X', email: 'x@example.com', language: 'xx' }).expect(400);
    expect(bad.body.message).toMatch(/language must be one of en, de, bn/);
  });
});
