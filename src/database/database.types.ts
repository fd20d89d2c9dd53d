import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import type * as schema from './schema/index.js';

export type Schema = typeof schema;
export type Db = PgDatabase<PgQueryResultHKT, Schema>;
export type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];

/**
 * Runtime stand-ins with the same names as the types above. Decorator metadata of an injected
 * `db: Db` parameter refers to `Db` at runtime; per-file compilers (swc in Jest) cannot tell a type
 * from a value, so a value must exist. It is never used for injection (that is `@Inject(DRIZZLE)`).
 */
export const Db = Object;
export const Tx = Object;

export const DRIZZLE = Symbol('DRIZZLE');

/** The replica's Drizzle client (DatabaseService.replicaDb): DATABASE_REPLICA_URL, or the primary without one. */
export const DRIZZLE_REPLICA = Symbol('DRIZZLE_REPLICA');
