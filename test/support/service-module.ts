import { DynamicModule, INestApplicationContext, Module, Type } from '@nestjs/common';
import { NestFactory } from '@nestjs/core';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Clock } from '../../src/common/clock.js';
import { CommonModule } from '../../src/common/common.module.js';
import { ConfigModule } from '../../src/config/config.module.js';
import type { Env } from '../../src/config/env.schema.js';
import { DatabaseModule } from '../../src/database/database.module.js';
import { DatabaseService } from '../../src/database/database.service.js';
import type { Db } from '../../src/database/database.types.js';
import type { PaymentRow } from '../../src/database/schema/payments.js';
import type { CheckoutRequest } from '../../src/modules/payments/payment-gateway.js';
import { PaymentGateways } from '../../src/modules/payments/payment-gateways.js';
import { migratedPglite } from './pglite-template.js';
import { TRUNCATE_ALL, usingPostgres } from './test-app.js';

/** What the services asked of the payment gateway (the in-process sandbox, which moves no money). */
export interface GatewayCalls {
  checkouts: CheckoutRequest[];
  refunds: PaymentRow[];
}

@Module({})
class ServiceTestModule {}

export interface ServiceTest {
  /** The module's providers: `s.app.get(BookingService)`. */
  app: INestApplicationContext;
  db: Db;
  clock: Clock;
  gateway: GatewayCalls;
  /** Empties every table, resets the clock and the gateway's record; call in beforeEach. */
  reset(): Promise<void>;
  close(): Promise<void>;
}

/**
 * A medium test's module (issue 24, in immich's manner): the feature modules under test with their real services and
 * repositories on a PGlite clone of the migrated template (or the PostgreSQL server of TEST_DATABASE_URL), an
 * application context without HTTP (no controller is called); the payment gateway is the in-process sandbox with its
 * calls recorded. State comes from the row factories.
 */
export async function createServiceTest(imports: (Type | DynamicModule)[], env: Partial<Record<keyof Env, string>> = {}): Promise<ServiceTest> {
  const pglite = usingPostgres() ? undefined : await migratedPglite();
  const imported: DynamicModule = {
    module: ServiceTestModule,
    imports: [
      ConfigModule.forRoot({
        NODE_ENV: 'test',
        DEMO_MODE: 'false',
        DATA_DIR: mkdtempSync(join(tmpdir(), 'okb-service-')),
        LOG_LEVEL: (process.env.LOG_LEVEL as Env['LOG_LEVEL']) ?? 'error',
        DATABASE_URL: process.env.TEST_DATABASE_URL ?? '',
        DATABASE_TIMEOUT_MS: '30000',
        PAYMENT_PROVIDER: 'sandbox',
        ...env,
      }),
      CommonModule,
      DatabaseModule.forRoot({ pglite }),
      ...imports,
    ],
  };
  const app = await NestFactory.createApplicationContext(imported, { logger: false });
  // The gateway's calls are recorded; the sandbox answers them in-process (no network).
  const gateway: GatewayCalls = { checkouts: [], refunds: [] };
  const sandbox = app.get(PaymentGateways).current();
  const createCheckout = sandbox.createCheckout.bind(sandbox);
  const refund = sandbox.refund.bind(sandbox);
  sandbox.createCheckout = (request) => (gateway.checkouts.push(request), createCheckout(request));
  sandbox.refund = (payment) => (gateway.refunds.push(payment), refund(payment));
  const database = app.get(DatabaseService);
  const clock = app.get(Clock);
  return {
    app,
    db: database.db,
    clock,
    gateway,
    async reset() {
      clock.reset();
      gateway.checkouts.length = gateway.refunds.length = 0;
      await database.db.execute(TRUNCATE_ALL);
    },
    close: () => app.close(),
  };
}
