import { createServer, type Server } from 'node:http';
import type { Browser } from 'playwright-core';
import { launchBrowser } from '../support/browser.js';
import { freePort, ServerProcess, startServer } from '../support/server-process.js';

/**
 * Issue 12: a minimal client of the original API, served from a second origin on 127.0.0.1 (listed in CORS_ORIGINS),
 * shows a bike image from the API, saves the profile by sending back the object it read, books with an HTML
 * datetime-local start, pays on the sandbox page and lands back on its own origin with the outcome.
 */

const ADMIN = { email: 'ops@example.com', password: 'admin-pass-123' };
const RIDER = { name: 'Karim Ahmed', email: 'karim@example.com', password: 'karim-secret-1', phone: '+8801722222222', address: 'Road 7, Banani' };

/** The other origin's page: plain script, the API's base URL and the bike in the query string. */
const CLIENT_PAGE = `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>Other client</title></head>
<body>
<h1>Other client</h1>
<img id="bike" alt="bike">
<p id="image-state">image loading</p>
<p id="profile-state">profile not saved</p>
<a id="pay" hidden>Pay the booking fee</a>
<p id="error"></p>
<script>
const params = new URLSearchParams(location.search);
const API = params.get('api') + '/api/';
const call = async (method, path, body, token) => {
  const res = await fetch(API + path, {
    method,
    headers: Object.assign({ 'content-type': 'application/json' }, token ? { authorization: 'Bearer ' + token } : {}),
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const json = await res.json();
  if (!json.success) throw new Error(path + ': ' + json.message);
  return json;
};
const pad = (n) => String(n).padStart(2, '0');
/* A datetime-local value, 30 minutes from now, in the browser's zone (the test runs it in the shop's zone). */
const inHalfAnHour = () => {
  const d = new Date(Date.now() + 30 * 60000);
  return d.getFullYear() + '-' + pad(d.getMonth() + 1) + '-' + pad(d.getDate()) + 'T' + pad(d.getHours()) + ':' + pad(d.getMinutes());
};
(async () => {
  const bike = (await call('GET', 'bikes/' + params.get('bike'))).data;
  const img = document.getElementById('bike');
  img.onload = () => { document.getElementById('image-state').textContent = 'image shown ' + img.naturalWidth; };
  img.onerror = () => { document.getElementById('image-state').textContent = 'image blocked'; };
  img.src = bike.imgageurl;

  const token = (await call('POST', 'auth/login', { email: params.get('email'), password: params.get('password') })).token;
  const me = (await call('GET', 'users/me', undefined, token)).data;
  const saved = (await call('PUT', 'users/me', Object.assign({}, me, { name: me.name + ' Jr' }), token)).data;
  document.getElementById('profile-state').textContent = 'profile saved as ' + saved.name;

  const booking = (await call('POST', 'rentals', { bikeId: bike._id, startTime: inHalfAnHour(), quantity: '1', returnUrl: location.origin + '/done.html' }, token)).data;
  const pay = document.getElementById('pay');
  pay.href = booking.payment_url;
  pay.hidden = false;
})().catch((e) => { document.getElementById('error').textContent = String(e.message || e); });
</script>
</body></html>`;

/** Where the payer lands: it confirms the outcome with the public status call. */
const DONE_PAGE = `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>Back on the client</title></head>
<body>
<h1>Back on the client</h1>
<p id="outcome">checking</p>
<script>
const params = new URLSearchParams(location.search);
fetch(sessionStorage.getItem('api') + '/api/payments/' + params.get('payment') + '/status')
  .then((r) => r.json())
  .then((j) => { document.getElementById('outcome').textContent = 'returned with ' + params.get('status') + ', server says ' + j.data.status; })
  .catch((e) => { document.getElementById('outcome').textContent = 'error ' + e.message; });
</script>
</body></html>`;

describe('A client of the original API on a second origin (issue 12)', () => {
  let server: ServerProcess;
  let browser: Browser;
  let client: Server;
  let clientOrigin: string;

  beforeAll(async () => {
    const clientPort = await freePort();
    clientOrigin = `http://127.0.0.1:${clientPort}`;
    client = createServer((req, res) => {
      const path = new URL(req.url ?? '/', clientOrigin).pathname;
      const page = path === '/done.html' ? DONE_PAGE : path === '/' ? CLIENT_PAGE : null;
      res.writeHead(page ? 200 : 404, { 'content-type': 'text/html; charset=utf-8' }).end(page ?? 'not found');
    });
    await new Promise<void>((resolve) => client.listen(clientPort, '127.0.0.1', resolve));
    [server, browser] = await Promise.all([
      startServer({ ADMIN_EMAIL: ADMIN.email, ADMIN_PASSWORD: ADMIN.password, CORS_ORIGINS: clientOrigin, SHOP_TIME_ZONE: 'America/New_York' }),
      launchBrowser(),
    ]);
    // A fresh server (migrations, the admin's password hash) on a busy machine: allow it time to start.
  }, 180_000);
  afterAll(async () => {
    await browser?.close();
    await server?.stop();
    await new Promise((resolve) => client?.close(resolve));
  });

  async function apiCall<T>(method: string, path: string, body?: unknown, token?: string): Promise<T> {
    const res = await fetch(`${server.baseUrl}/api/${path}`, {
      method,
      headers: { 'content-type': 'application/json', ...(token ? { authorization: `Bearer ${token}` } : {}) },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    const json = (await res.json()) as { success: boolean; data: T; token?: string; message: string };
    if (!json.success) throw new Error(`${method} ${path}: ${json.message}`);
    return (json.token ? { ...json.data, token: json.token } : json.data) as T;
  }

  it('shows the image, saves the echoed profile, books, pays on the sandbox page and comes back with the outcome', async () => {
    const { token } = await apiCall<{ token: string }>('POST', 'auth/login', ADMIN);
    const bike = await apiCall<{ _id: string }>(
      'POST',
      'bikes',
      { name: 'Second Origin 150', description: 'Seen from elsewhere', pricePerHour: 8, cc: 150, year: 2024, model: 'SO', brand: 'Okay', imgageurl: '/images/bikes/adventure-blue.svg', quantity: 2 },
      token,
    );
    await apiCall('POST', 'auth/signup', RIDER);

    // A payer west of UTC: the browser's zone is the shop's (America/New_York).
    const query = new URLSearchParams({ api: server.baseUrl, bike: bike._id, email: RIDER.email, password: RIDER.password });
    const other = await browser.newContext({ timezoneId: 'America/New_York', baseURL: clientOrigin });
    const tab = await other.newPage();
    await tab.addInitScript((api) => sessionStorage.setItem('api', api), server.baseUrl);
    await tab.goto(`/?${query.toString()}`);

    await tab.getByText(/^image (shown \d+|blocked)$/).waitFor();
    expect(await tab.locator('#image-state').textContent()).toMatch(/^image shown [1-9]\d*$/);
    expect(await tab.locator('#bike').getAttribute('src')).toBe(`${server.baseUrl}/images/bikes/adventure-blue.svg`);
    await tab.getByText(`profile saved as ${RIDER.name} Jr`).waitFor();

    await tab.locator('#pay:not([hidden]), #error:not(:empty)').first().waitFor();
    expect(await tab.locator('#error').textContent()).toBe('');
    await tab.locator('#pay').click();
    await tab.waitForURL((url) => url.pathname.startsWith('/api/payments/sandbox/checkout/'));
    await tab.getByRole('button', { name: /^Pay / }).click();
    await tab.waitForURL((url) => url.origin === clientOrigin && url.pathname === '/done.html');
    await tab.getByText('returned with succeeded, server says succeeded').waitFor();
    const landed = new URL(tab.url());
    expect(landed.searchParams.get('status')).toBe('succeeded');
    expect(landed.searchParams.get('payment')).toMatch(/^[0-9a-f-]{36}$/);

    // The shop's own result page shows the outcome to this visitor, who is not signed in to the shop.
    const shop = await other.newPage();
    await shop.goto(`${server.baseUrl}/payment/result?payment=${landed.searchParams.get('payment')}`);
    await shop.getByRole('heading', { level: 1, name: 'Booking confirmed' }).waitFor();
    expect(new URL(shop.url()).pathname).toBe('/payment/result');
    await other.close();
  }, 120_000);
});
