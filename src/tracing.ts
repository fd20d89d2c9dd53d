/**
 * Imported first by src/main.ts: with OTEL_ENABLED=true, OpenTelemetry starts before the HTTP server, Express and pg
 * are loaded (its instrumentations patch them as they load); otherwise this module imports nothing else.
 */
let stop: (() => Promise<void>) | undefined;

if (['true', '1', 'yes'].includes(process.env.OTEL_ENABLED ?? '')) {
  const { startTracing } = await import('./common/observability/tracing.js');
  stop = await startTracing(process.env);
}

/** Flushes and ends tracing (at shutdown); nothing when it is off. */
export async function stopTracing(): Promise<void> {
  await stop?.().catch(() => undefined);
}
