import { PGlite } from '@electric-sql/pglite';
import { pgliteExtensions } from '../../src/database/pglite-extensions.js';
import { createAdmin, createUser } from '../support/factories.js';
import { useTestApp } from '../support/test-app.js';

/** GET /api/admin/backup/embedded: the running shop's copy of its embedded database, for npm run backup. */
describe('Embedded database backup endpoint', () => {
  const t = useTestApp();

  it('gives an admin a gzipped copy of the embedded database that loads with every row (409 on a PostgreSQL server)', async () => {
    const admin = await createAdmin(t);
    await createUser(t, { email: 'in-the-backup@example.com' });
    const res = await t
      .http()
      .get('/api/admin/backup/embedded')
      .set('authorization', admin.bearer)
      .buffer(true)
      .parse((r, done) => {
        const chunks: Buffer[] = [];
        r.on('data', (c: Buffer) => chunks.push(c));
        r.on('end', () => done(null, Buffer.concat(chunks)));
      });
    if (t.kind === 'postgres') {
      expect(res.status).toBe(409);
      expect(JSON.parse(res.body.toString()).message).toMatch(/pg_dump/);
      return;
    }
    expect(res.status).toBe(200);
    expect(res.headers['content-type']).toBe('application/gzip');
    expect(res.headers['cache-control']).toBe('private, no-store');
    const copy = await PGlite.create({ loadDataDir: new Blob([new Uint8Array(res.body as Buffer)]), extensions: pgliteExtensions });
    try {
      const rows = await copy.query<{ email: string }>(`select email from users order by email`);
      expect(rows.rows.map((r) => r.email)).toEqual(expect.arrayContaining(['in-the-backup@example.com', admin.email]));
    } finally {
      await copy.close();
    }
  });

  it('refuses customers (403) and anonymous callers (401)', async () => {
    const user = await createUser(t);
    await t.http().get('/api/admin/backup/embedded').set('authorization', user.bearer).expect(403);
    await t.http().get('/api/admin/backup/embedded').expect(401);
  });
});
