import 'reflect-metadata';
// First: OpenTelemetry (when OTEL_ENABLED) must be running before the modules it instruments load; the app (Nest,
// Express, pg) is therefore imported dynamically in bootstrap(), after it.
import { stopTracing } from './tracing.js';
import { Logger } from '@nestjs/common';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { AppConfig } from './config/app-config.js';
import { ConfigError } from './config/env.schema.js';
import { loggableError } from './common/loggable-error.js';
import { ShutdownState } from './modules/health/shutdown-state.js';

async function bootstrap(): Promise<void> {
  const started = performance.now();
  const { createApp } = await import('./app.factory.js');
  const app = await createApp();
  const config = app.get(AppConfig);
  const logger = new Logger('Main');
  await app.listen(config.env.PORT, config.env.HOST);
  const url = await app.getUrl();
  logger.log(`Okay Bike listening on ${url.replace('[::1]', 'localhost')} (ready in ${Math.round(performance.now() - started)} ms)`);
  logger.log(config.startSummary);
  if (config.env.DEMO_MODE) {
    logger.warn('DEMO_MODE=true: demo data and public demo passwords (admin@okaybike.demo); never run a real shop in demo mode');
  }
  if (config.isProduction && config.sandboxPayments) {
    logger.warn('PAYMENT_PROVIDER=sandbox in production: payments are simulated, no money moves');
  }

  let closing = false;
  // Graceful shutdown vs keep-alive (checked by test/drills/graceful-shutdown.test.ts): server.close() (from
  // app.close()) stops accepting connections and closes the ones idle at that moment, but a connection busy then
  // stays open after its response until keepAliveTimeout, and a client that keeps sending on it can hold the process
  // open past SHUTDOWN_TIMEOUT_MS (exit 1). So every response written while draining says `Connection: close`:
  // Node closes the socket once it is sent, requests already accepted still complete, and the client's next
  // request needs a new connection, which the closed listener refuses.
  app.getHttpServer().prependListener('request', (_req: IncomingMessage, res: ServerResponse) => {
    const writeHead = res.writeHead;
    res.writeHead = function (this: ServerResponse, ...args: unknown[]) {
      if (closing && !this.headersSent) this.setHeader('Connection', 'close');
      return (writeHead as (...a: unknown[]) => ServerResponse).apply(this, args);
    } as ServerResponse['writeHead'];
  });
  const shutdownState = app.get(ShutdownState);
  const shutdown = (signal: string) => {
    if (shutdownState.draining || closing) return;
    shutdownState.draining = true;
    // The drain window (issue 28, finding 4; test/drills/graceful-shutdown.test.ts): readiness answers 503 at once so
    // a load balancer stops sending here, while requests keep being served as before for SHUTDOWN_DRAIN_MS; only
    // then does the listener close. Without it, requests the balancer sent in its last check interval were reset.
    const drainMs = config.env.SHUTDOWN_DRAIN_MS;
    if (drainMs > 0) logger.log(`${signal} received: readiness fails now, serving on for ${drainMs} ms (SHUTDOWN_DRAIN_MS)`);
    setTimeout(() => {
      closing = true;
      logger.log(`${drainMs > 0 ? 'drain over' : `${signal} received`}: finishing requests in flight, refusing new ones`);
      setTimeout(() => {
        logger.error('shutdown took too long, exiting');
        process.exit(1);
      }, config.env.SHUTDOWN_TIMEOUT_MS).unref();
      app
        .close()
        .then(() => stopTracing())
        .then(() => process.exit(0))
        .catch((e: Error) => {
          logger.error(`shutdown failed: ${loggableError(e)}`);
          process.exit(1);
        });
    }, drainMs);
  };
  process.on('SIGTERM', () => shutdown('SIGTERM'));
  process.on('SIGINT', () => shutdown('SIGINT'));
}

bootstrap().catch((err: unknown) => {
  if (err instanceof ConfigError) {
    console.error(err.message);
  } else {
    console.error(`Okay Bike failed to start: ${loggableError(err)}`);
  }
  process.exit(1);
});
