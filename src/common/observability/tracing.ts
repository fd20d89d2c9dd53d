import { Logger } from '@nestjs/common';

/**
 * OpenTelemetry tracing (issue 28), with the official SDK: spans for incoming HTTP requests (http, Express routes) and
 * PostgreSQL queries, exported by OTLP over HTTP to OTEL_EXPORTER_OTLP_ENDPOINT (a collector, Jaeger, Tempo...), or
 * printed on stdout (console exporter) when no endpoint is set. Loaded only when OTEL_ENABLED=true (src/tracing.ts):
 * when off, none of the SDK is imported. The SDK's own OTEL_* variables (sampling, headers, batch delay) apply.
 */
export async function startTracing(env: NodeJS.ProcessEnv): Promise<() => Promise<void>> {
  const [{ NodeSDK }, { HttpInstrumentation }, { ExpressInstrumentation }, { PgInstrumentation }, { ConsoleSpanExporter, BatchSpanProcessor }] = await Promise.all([
    import('@opentelemetry/sdk-node'),
    import('@opentelemetry/instrumentation-http'),
    import('@opentelemetry/instrumentation-express'),
    import('@opentelemetry/instrumentation-pg'),
    import('@opentelemetry/sdk-trace-base'),
  ]);
  const endpoint = env.OTEL_EXPORTER_OTLP_ENDPOINT?.trim();
  const exporter = endpoint ? new (await import('@opentelemetry/exporter-trace-otlp-http')).OTLPTraceExporter() : new ConsoleSpanExporter();
  const sdk = new NodeSDK({
    serviceName: env.OTEL_SERVICE_NAME?.trim() || 'okay-bike',
    spanProcessors: [new BatchSpanProcessor(exporter)],
    instrumentations: [
      // Health checks and metrics scrapes every few seconds would drown the traces.
      new HttpInstrumentation({ ignoreIncomingRequestHook: (req) => /^\/(api\/health|metrics)/.test(req.url ?? '') }),
      new ExpressInstrumentation(),
      new PgInstrumentation(),
    ],
  });
  sdk.start();
  new Logger('Tracing').log(`OpenTelemetry tracing on: spans to ${endpoint ? `${endpoint} (OTLP/HTTP)` : 'stdout (console exporter)'}`);
  return () => sdk.shutdown();
}
