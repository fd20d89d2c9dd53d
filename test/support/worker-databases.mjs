// Parallel test workers on the PostgreSQL server (TEST_DATABASE_URL): each Jest worker gets a database of its own,
// `<name>_w<worker>`, so one worker's TRUNCATE between tests never empties another's tables. Plain JavaScript so
// the Jest config's global setup can load it without a transform.
import pg from 'pg';

/** TEST_DATABASE_URL with its database name suffixed for one worker (1-based, as JEST_WORKER_ID). */
export function workerDatabaseUrl(url, worker) {
  const u = new URL(url);
  const name = decodeURIComponent(u.pathname.replace(/^\//, '')) || 'postgres';
  u.pathname = `/${name}_w${worker}`;
  return u.href;
}

/** Drops and creates the worker databases 1..workers on TEST_DATABASE_URL's server (a clean start per run). */
export async function createWorkerDatabases(url, workers) {
  const admin = new URL(url);
  admin.pathname = '/postgres';
  const client = new pg.Client({ connectionString: admin.href });
  await client.connect();
  try {
    for (let worker = 1; worker <= workers; worker += 1) {
      const name = new URL(workerDatabaseUrl(url, worker)).pathname.slice(1);
      if (!/^[a-z0-9_]+$/i.test(name)) throw new Error(`TEST_DATABASE_URL names a database Jest cannot suffix safely: ${name}`);
      await client.query(`drop database if exists "${name}" with (force)`);
      await client.query(`create database "${name}"`);
    }
  } finally {
    await client.end();
  }
}
