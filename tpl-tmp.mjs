import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
let t=Date.now();
const a = await PGlite.create({ extensions: { pg_trgm } });
await a.exec('create extension if not exists pg_trgm; create table x(id int)');
console.log('create', Date.now()-t);
t=Date.now(); const blob = await a.dumpDataDir('gzip'); console.log('dump', Date.now()-t, blob.size);
t=Date.now(); const b = await PGlite.create({ loadDataDir: blob, extensions: { pg_trgm } }); console.log('load', Date.now()-t, (await b.query('select count(*) from x')).rows);
