import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { ServerProcess, startServer } from '../support/server-process.js';

/**
 * Issue 28: OpenTelemetry tracing behind OTEL_ENABLED. The production server sends its spans by OTLP/HTTP to an
 * in-process collector (this test's HTTP server on /v1/traces): a request to the API arrives as a server span of
 * the service. Without OTEL_ENABLED the SDK is not even loaded (no span, no log line).
 */
describe('OpenTelemetry tracing', () => {
  let collector: Server;
  let endpoint: string;
  const received: string[] = [];
  let server: ServerProcess | undefined;

  beforeAll(async () => {
    collector = createServer((req, res) => {
      const chunks: Buffer[] = [];
      req.on('data', (c: Buffer) => chunks.push(c));
      req.on('end', () => {
        if (req.url === '/v1/traces') received.push(Buffer.concat(chunks).toString('utf8'));
        res.writeHead(200, { 'content-type': 'application/json' }).end('{}');
      });
    });
    await new Promise<void>((resolve) => collector.listen(0, '127.0.0.1', resolve));
    endpoint = `http://127.0.0.1:${(collector.address() as AddressInfo).port}`;
  });
  afterAll(async () => {
    if (server) await server.stop('SIGKILL');
    await new Promise((resolve) => collector.close(resolve));
  });

  it('with OTEL_ENABLED, API requests reach the collector as spans of the service', async () => {
    server = await startServer(
      { OTEL_ENABLED: 'true', OTEL_EXPORTER_OTLP_ENDPOINT: endpoint, OTEL_SERVICE_NAME: 'okb-trace-test', OTEL_BSP_SCHEDULE_DELAY: '200', LOG_LEVEL: 'info' },
      { timeoutMs: 150_000 },
    );
    expect(server.output()).toContain('OpenTelemetry tracing on');
    const wanted = () => received.some((body) => body.includes('okb-trace-test') && body.includes('/api/bikes'));
    // Requests until the collector has the spans (the exporter sends in batches); the bound only ends a broken run.
    const giveUpAt = Date.now() + 90_000;
    while (!wanted() && Date.now() < giveUpAt) {
      expect((await fetch(`${server.baseUrl}/api/bikes?page=1&limit=5`)).status).toBe(200);
      await new Promise((resolve) => setTimeout(resolve, 500));
    }
    if (!wanted()) console.log(`collector got ${received.length} posts: ${received.map((b) => b.slice(0, 400)).join('\n')}\nserver output:\n${server.output().slice(-3000)}`);
    expect(wanted()).toBe(true);
    // SIGTERM flushes and ends tracing with the server.
    expect(await server.stop('SIGTERM')).toBe(0);
    server = undefined;
  }, 200_000);

  it('without OTEL_ENABLED nothing of it starts', async () => {
    server = await startServer({ LOG_LEVEL: 'info' }, { timeoutMs: 150_000 });
    expect(server.output()).not.toContain('OpenTelemetry');
    await server.stop('SIGKILL');
    server = undefined;
  }, 200_000);
});
