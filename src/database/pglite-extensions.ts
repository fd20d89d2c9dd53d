import { btree_gist } from '@electric-sql/pglite/contrib/btree_gist';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';

/**
 * The extensions every embedded database loads (the app, the tests' template, the drills): the migrations
 * create them, and PGlite only has what is loaded here. btree_gist: the exclusion constraint that keeps a unit
 * out of two overlapping bookings (unit_reservations_no_overlap).
 */
export const pgliteExtensions = { pg_trgm, btree_gist };
