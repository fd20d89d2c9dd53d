import { PGlite } from '@electric-sql/pglite';
import { sql } from 'drizzle-orm';
import { drizzle } from 'drizzle-orm/pglite';
import { Db } from './database.types.js';
import { TransactionHost } from './transaction-host.js';

/** The transaction every query through `host.db` runs in right now (null: none, autocommit). */
const txid = async (host: TransactionHost): Promise<string | null> => {
  const result = await host.db.execute(sql`select txid_current_if_assigned()::text as id, now()::text as at`);
  const [row] = (result as unknown as { rows: { id: string | null; at: string }[] }).rows;
  return row.id === null ? null : row.id;
};
/** Makes the current transaction get an id (a write does), and returns it. */
const assign = async (host: TransactionHost): Promise<string> => {
  const result = await host.db.execute(sql`select txid_current()::text as id`);
  return (result as unknown as { rows: { id: string }[] }).rows[0].id;
};
const count = async (host: TransactionHost): Promise<number> => {
  const result = await host.db.execute(sql`select count(*)::int as n from t`);
  return (result as unknown as { rows: { n: number }[] }).rows[0].n;
};

describe('TransactionHost', () => {
  let pglite: PGlite;
  let host: TransactionHost;

  beforeAll(async () => {
    pglite = await PGlite.create();
    host = new TransactionHost(drizzle({ client: pglite }) as unknown as Db);
    await host.db.execute(sql`create table t (n int)`);
  });
  afterAll(() => pglite.close());
  beforeEach(() => host.db.execute(sql`delete from t`));

  it('uses the pool outside run, the transaction inside it, and the pool again after it', async () => {
    expect(host.inTransaction).toBe(false);
    expect(await txid(host)).toBeNull();
    const inside = await host.run(async () => {
      expect(host.inTransaction).toBe(true);
      return assign(host);
    });
    expect(inside).not.toBeNull();
    expect(host.inTransaction).toBe(false);
    expect(await txid(host)).toBeNull();
  });

  it('joins the open transaction when run is nested, so a failure inside rolls back the outer work too', async () => {
    const ids = await host.run(async () => {
      const outer = await assign(host);
      const inner = await host.run(() => assign(host));
      return [outer, inner];
    });
    expect(ids[0]).toBe(ids[1]);

    await expect(
      host.run(async () => {
        await host.db.execute(sql`insert into t values (1)`);
        await host.run(async () => {
          await host.db.execute(sql`insert into t values (2)`);
          throw new Error('inner failed');
        });
      }),
    ).rejects.toThrow('inner failed');
    expect(await count(host)).toBe(0);
  });

  it('runs parallel queries of one transaction in that transaction', async () => {
    const ids = await host.run(async () => {
      await assign(host);
      return Promise.all([txid(host), txid(host), host.run(() => txid(host))]);
    });
    expect(new Set(ids).size).toBe(1);
    expect(ids[0]).not.toBeNull();
  });

  it('refuses to join with `own` or with a transaction configuration, and a retry after a failure gets a fresh transaction', async () => {
    await host.run(async () => {
      await expect(host.run(() => txid(host), { own: true })).rejects.toThrow('must open its own transaction');
      await expect(host.run(() => txid(host), { isolationLevel: 'serializable' })).rejects.toThrow('must open its own transaction');
    });
    let first: string | undefined;
    await expect(
      host.run(async () => {
        first = await assign(host);
        throw new Error('deadlock');
      }, { own: true }),
    ).rejects.toThrow('deadlock');
    const second = await host.run(() => assign(host), { own: true });
    expect(second).not.toBe(first);
  });

  it('gives work that outlives its transaction (a timer set inside it) the pool, never the finished transaction', async () => {
    let later!: Promise<{ inTransaction: boolean; id: string | null; rows: number }>;
    await host.run(async () => {
      await host.db.execute(sql`insert into t values (1)`);
      later = new Promise((resolve, reject) => {
        setTimeout(() => {
          Promise.all([txid(host), count(host)]).then(([id, rows]) => resolve({ inTransaction: host.inTransaction, id, rows }), reject);
        }, 0);
      });
    });
    // The timer fires after the commit: it reads through the pool and sees the committed row.
    expect(await later).toEqual({ inTransaction: false, id: null, rows: 1 });
  });
});
