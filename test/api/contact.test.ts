import { eq } from 'drizzle-orm';
import { contactMessages } from '../../src/database/schema/contact-messages.js';
import { createAdmin, createUser } from '../support/factories.js';
import { createTestApp, useTestApp } from '../support/test-app.js';

const message = (over: Record<string, unknown> = {}) => ({
  name: 'Farhana Akter',
  email: 'farhana@example.com',
  subject: 'Group booking',
  message: 'We are six riders and would like bikes for Saturday morning.',
  ...over,
});

describe('Contact API', () => {
  const t = useTestApp();

  it('stores a message from an anonymous visitor and thanks them', async () => {
    const res = await t.http().post('/api/contact').send(message({ name: '  Farhana Akter  ' })).expect(201);
    expect(res.body).toMatchObject({
      success: true,
      message: 'Thank you! Your message has been received. We respond in 1-2 business days.',
      data: { name: 'Farhana Akter', email: 'farhana@example.com', subject: 'Group booking' },
    });
    const rows = await t.db.select().from(contactMessages).where(eq(contactMessages.id, res.body.data._id));
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ name: 'Farhana Akter', message: message().message });
  });

  it('rejects bad input with 400 naming every field, and stores nothing', async () => {
    const res = await t
      .http()
      .post('/api/contact')
      .send({ name: '', email: 'nope', subject: 'x'.repeat(151), message: 'too short' })
      .expect(400);
    expect(res.body.code).toBe('VALIDATION_FAILED');
    expect(new Set(res.body.errors.map((e: { path: string }) => e.path))).toEqual(new Set(['name', 'email', 'subject', 'message']));

    const missing = await t.http().post('/api/contact').send({}).expect(400);
    expect(new Set(missing.body.errors.map((e: { path: string }) => e.path))).toEqual(new Set(['name', 'email', 'subject', 'message']));

    const long = await t.http().post('/api/contact').send(message({ message: 'y'.repeat(5001), name: 'n'.repeat(101) })).expect(400);
    expect(new Set(long.body.errors.map((e: { path: string }) => e.path))).toEqual(new Set(['name', 'message']));

    const extra = await t.http().post('/api/contact').send(message({ spam: true })).expect(400);
    expect(extra.body.errors).toEqual([{ path: 'spam', message: 'spam is not an allowed field' }]);
    expect(await t.db.select().from(contactMessages)).toHaveLength(0);
  });

  it('lists messages newest first, paged, to admins only', async () => {
    const admin = await createAdmin(t);
    const user = await createUser(t);
    for (let i = 1; i <= 3; i++) {
      await t.db.insert(contactMessages).values({
        ...message({ subject: `Subject ${i}` }),
        createdAt: new Date(Date.UTC(2026, 4, i)),
      } as typeof contactMessages.$inferInsert);
    }
    const first = await t.http().get('/api/contact?page=1&limit=2').set('Authorization', admin.bearer).expect(200);
    expect(first.body.data).toMatchObject({ currentPage: 1, totalPages: 2, totalCount: 3 });
    expect(first.body.data.messages.map((m: { subject: string }) => m.subject)).toEqual(['Subject 3', 'Subject 2']);
    const second = await t.http().get('/api/contact?page=2&limit=2').set('Authorization', admin.bearer).expect(200);
    expect(second.body.data.messages.map((m: { subject: string }) => m.subject)).toEqual(['Subject 1']);

    await t.http().get('/api/contact?limit=0').set('Authorization', admin.bearer).expect(400);
    await t.http().get('/api/contact').expect(401);
    await t.http().get('/api/contact').set('Authorization', user.bearer).expect(403);
  });

  it('rate limits messages per address', async () => {
    const limited = await createTestApp({ LOGIN_RATE_LIMIT: '2' });
    try {
      await limited.http().post('/api/contact').send(message()).expect(201);
      await limited.http().post('/api/contact').send(message()).expect(201);
      const res = await limited.http().post('/api/contact').send(message()).expect(429);
      expect(res.body).toMatchObject({ success: false, code: 'TOO_MANY_REQUESTS' });
    } finally {
      await limited.close();
    }
  });
});
