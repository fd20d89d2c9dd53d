import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';

/**
 * The extensions every embedded database loads (the app, the tests' template, the drills): the migrations
 * create them, and PGlite only has what is loaded here.
 */
export const pgliteExtensions = { pg_trgm };
