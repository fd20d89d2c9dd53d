import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import type * as schema from './schema/index.js';

export type Schema = typeof schema;
export type Db = PgDatabase<PgQueryResultHKT, Schema>;
export type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];
/** Repositories accept either the database or an open transaction. */
export type DbOrTx = Db | Tx;

export const DRIZZLE = Symbol('DRIZZLE');
