import { createWorkerDatabases } from './worker-databases.mjs';

/** Once per Jest run, before any worker starts: a fresh PostgreSQL database per worker when TEST_DATABASE_URL is set. */
export default async function globalSetup(globalConfig) {
  const url = process.env.TEST_DATABASE_URL;
  if (!url) return;
  // runInBand runs everything in worker 1; otherwise maxWorkers workers, numbered from 1.
  await createWorkerDatabases(url, Math.max(1, globalConfig.maxWorkers ?? 1));
}
