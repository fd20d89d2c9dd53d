import type { INestApplicationContext } from '@nestjs/common';
import type { Db } from '../../src/database/database.types.js';

/** What the row factories need: the database and the app's providers (an API test's app or a service test's module). */
export interface FactoryHost {
  app: Pick<INestApplicationContext, 'get'>;
  db: Db;
}
