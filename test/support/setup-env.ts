import 'reflect-metadata';
import { workerDatabaseUrl } from './worker-databases.mjs';

process.env.NODE_ENV = 'test';
process.env.LOG_LEVEL ??= 'error';

// On the PostgreSQL server each Jest worker uses its own database (made by test/support/global-setup.mjs).
if (process.env.TEST_DATABASE_URL && !process.env.OKB_TEST_DATABASE_BASE) {
  process.env.OKB_TEST_DATABASE_BASE = process.env.TEST_DATABASE_URL;
  process.env.TEST_DATABASE_URL = workerDatabaseUrl(process.env.TEST_DATABASE_URL, process.env.JEST_WORKER_ID ?? '1');
}
