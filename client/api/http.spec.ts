import { createServer, type IncomingHttpHeaders, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { createHttpClient, isApiError } from './http.js';

/** The web client over real HTTP: the page's language reaches the API as Accept-Language (issue 27). */
describe('createHttpClient', () => {
  let server: Server;
  let baseUrl: string;
  const seen: IncomingHttpHeaders[] = [];

  beforeAll(async () => {
    server = createServer((req, res) => {
      seen.push(req.headers);
      res.writeHead(409, { 'content-type': 'application/json' });
      res.end(JSON.stringify({ success: false, message: req.headers['accept-language'] === 'de' ? 'Das Fahrrad ist bereits vermietet' : 'Bike is already rented', code: 'OUT_OF_STOCK' }));
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });

  afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

  const failure = async (client: ReturnType<typeof createHttpClient>, headers?: Record<string, string>) => {
    const error = await client.post('rentals', {}, { headers }).catch((e: unknown) => e);
    if (!isApiError(error)) throw new Error('expected an ApiError');
    return error;
  };

  it("sends the page's language and shows the API's message in it; the code stays", async () => {
    const error = await failure(createHttpClient({ baseUrl, language: () => 'de' }));
    expect(seen.at(-1)?.['accept-language']).toBe('de');
    expect(error).toMatchObject({ message: 'Das Fahrrad ist bereits vermietet', code: 'OUT_OF_STOCK', status: 409 });
  });

  it("leaves the header alone without a page language, and never overrides a caller's own", async () => {
    const english = await failure(createHttpClient({ baseUrl, language: () => undefined }));
    // The client adds none: what arrives is the fetch implementation's own default (Node's fetch sends '*').
    expect([undefined, '*']).toContain(seen.at(-1)?.['accept-language']);
    expect(english.message).toBe('Bike is already rented');
    await failure(createHttpClient({ baseUrl, language: () => 'bn' }), { 'Accept-Language': 'de' });
    expect(seen.at(-1)?.['accept-language']).toBe('de');
  });
});
