import 'reflect-metadata';
import { Logger } from '@nestjs/common';
import { createApp } from './app.factory.js';
import { AppConfig } from './config/app-config.js';
import { ConfigError } from './config/env.schema.js';

async function bootstrap(): Promise<void> {
  const started = performance.now();
  const app = await createApp();
  const config = app.get(AppConfig);
  const logger = new Logger('Main');
  await app.listen(config.env.PORT, config.env.HOST);
  const url = await app.getUrl();
  logger.log(`Okay Bike listening on ${url.replace('[::1]', 'localhost')} (ready in ${Math.round(performance.now() - started)} ms)`);

  let closing = false;
  const shutdown = (signal: string) => {
    if (closing) return;
    closing = true;
    logger.log(`${signal} received: finishing requests in flight, refusing new ones`);
    setTimeout(() => {
      logger.error('shutdown took too long, exiting');
      process.exit(1);
    }, config.env.SHUTDOWN_TIMEOUT_MS).unref();
    app
      .close()
      .then(() => process.exit(0))
      .catch((e: Error) => {
        logger.error(`shutdown failed: ${e.message}`);
        process.exit(1);
      });
  };
  process.on('SIGTERM', () => shutdown('SIGTERM'));
  process.on('SIGINT', () => shutdown('SIGINT'));
}

bootstrap().catch((err: unknown) => {
  if (err instanceof ConfigError) {
    console.error(err.message);
  } else {
    console.error('Okay Bike failed to start:', err instanceof Error ? (err.stack ?? err.message) : err);
  }
  process.exit(1);
});
