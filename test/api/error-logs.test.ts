import { sql } from 'drizzle-orm';
import { OutboxWorker } from '../../src/modules/notifications/outbox.worker.js';
import { HoldSweeper } from '../../src/modules/rentals/hold-sweeper.service.js';
import { useTestApp } from '../support/test-app.js';

/**
 * Issue 11 item 5: a database error is logged with the database's code and message and the stack, never the SQL
 * nor its parameters (emails, passwords, password hashes, tokens), whichever path catches it: a request, the hold
 * sweeper, the outbox worker.
 */
describe('Logs of database errors', () => {
  let lines: string[];
  const writes: { stream: NodeJS.WriteStream; write: NodeJS.WriteStream['write'] }[] = [];
  const t = useTestApp({ LOG_LEVEL: 'debug' });
  beforeAll(() => {
    for (const stream of [process.stdout, process.stderr]) {
      const write = stream.write.bind(stream);
      writes.push({ stream, write });
      stream.write = ((chunk: string | Uint8Array, ...rest: unknown[]) => {
        lines.push(String(chunk));
        return (write as (...args: unknown[]) => boolean)(chunk, ...rest);
      }) as NodeJS.WriteStream['write'];
    }
  });
  afterAll(() => {
    for (const { stream, write } of writes) stream.write = write;
  });
  beforeEach(() => {
    lines = [];
  });

  /** Runs `fn` while `table` is missing, so every query on it fails with SQL and parameters in the driver's error. */
  async function withoutTable<T>(table: string, fn: () => Promise<T>): Promise<T> {
    await t.db.execute(sql.raw(`alter table ${table} rename to ${table}_away`));
    try {
      return await fn();
    } finally {
      await t.db.execute(sql.raw(`alter table ${table}_away rename to ${table}`));
    }
  }

  const SECRET = 'tok_live_S3CR3T-9f8e7d6c5b4a';
  const expectClean = (logged: string) => {
    expect(logged).not.toContain(SECRET);
    expect(logged).not.toMatch(/argon2|Failed query|params:|insert into|update "|select "|delete from/i);
  };

  it('a request: a signup whose query fails is a 500, and the log names the error without the email, password, hash or SQL', async () => {
    const res = await withoutTable('users', () =>
      t.http().post('/api/auth/signup').send({ name: 'Sam', email: `${SECRET}@example.com`, password: SECRET, phone: '+880 1', address: 'Dhaka' }),
    );
    expect(res.status).toBe(500);
    const logged = lines.join('');
    expect(logged).toMatch(/database query failed: 42P01 relation \\"users\\" does not exist/);
    expectClean(logged);
  });

  it('the hold sweeper and the outbox worker log a failed query without its SQL', async () => {
    await withoutTable('rentals', () => t.app.get(HoldSweeper).sweep());
    await withoutTable('webhook_deliveries', () => (t.app.get(OutboxWorker) as unknown as { tick(): Promise<void> }).tick());
    const logged = lines.join('');
    expect(logged).toMatch(/sweep failed: database query failed: 42P01/);
    expect(logged).toMatch(/outbox run failed: database query failed: 42P01/);
    expectClean(logged);
  });
});
