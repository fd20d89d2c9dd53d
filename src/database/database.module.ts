import { DynamicModule, Global, Module } from '@nestjs/common';
import { AppConfig } from '../config/app-config.js';
import { CatalogChanges } from './catalog-changes.service.js';
import { DatabaseOptions, DatabaseService } from './database.service.js';
import { DRIZZLE, DRIZZLE_REPLICA } from './database.types.js';
import { TransactionHost } from './transaction-host.js';

@Global()
@Module({})
export class DatabaseModule {
  static forRoot(options: DatabaseOptions = {}): DynamicModule {
    return {
      module: DatabaseModule,
      providers: [
        {
          provide: DatabaseService,
          inject: [AppConfig],
          useFactory: (config: AppConfig) => DatabaseService.open(config.env, options),
        },
        { provide: DRIZZLE, inject: [DatabaseService], useFactory: (s: DatabaseService) => s.db },
        { provide: DRIZZLE_REPLICA, inject: [DatabaseService], useFactory: (s: DatabaseService) => s.replicaDb },
        TransactionHost,
        CatalogChanges,
      ],
      exports: [DatabaseService, DRIZZLE, DRIZZLE_REPLICA, TransactionHost, CatalogChanges],
    };
  }
}
