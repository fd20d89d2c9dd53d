import { createServer, type Server } from 'node:http';
import type { Browser, Frame, Page } from 'playwright-core';
import { expectNoAxeViolations, launchBrowser, newContext, screenshotTo } from '../support/browser.js';
import { freePort, ServerProcess, startServer } from '../support/server-process.js';
import { ADMIN_ENV, adminAccount, createBike, userAccount, type Account, type CreatedBike } from './shop-fixtures.js';

/**
 * Issue 26: the booking widget on a second origin. A host page listed in WIDGET_ORIGINS embeds
 * `<script src="<shop>/widget.js" data-bike>`; the customer books through it with the keyboard alone: the button
 * opens the dialog, sign-in happens inside the frame (no third-party cookie), the calendar picks the days, the
 * payment page opens at the top level and the sandbox brings the payer back to the host page, where the dialog
 * shows the outcome. The host page hears booking.created and booking.paid by postMessage from the shop's origin.
 * A site not listed gets a page that refuses to be framed.
 */

const DAY = 86_400_000;
const dateOf = (ms: number) => new Date(ms).toISOString().slice(0, 10);
const longDate = (ms: number) => new Intl.DateTimeFormat('en-GB', { timeZone: 'UTC', weekday: 'long', day: 'numeric', month: 'long', year: 'numeric' }).format(new Date(ms));

/** The host page: the widget's one line, and a log of what the shop's frame announces (origin-checked). */
const hostPage = (shop: string, bikeId: string) => `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>Riverside Tours</title>
<style>body{font-family:Georgia,serif;margin:0;padding:24px;max-width:720px}header{border-bottom:1px solid #ccc;margin-bottom:16px}
@media (prefers-color-scheme: dark){body{background:#111;color:#eee}}</style></head>
<body><header><p>Riverside Tours</p></header>
<main>
<h1>Ride along the river</h1>
<p>Our partner shop rents the bikes. Pick your days and pay the booking fee online.</p>
<script src="${shop}/widget.js" data-bike="${bikeId}" data-label="Book this bike"></script>
<h2>What the booking said</h2>
<ul id="events"></ul>
</main>
<script>
window.addEventListener('message', function (event) {
  if (event.origin !== ${JSON.stringify(shop)}) return;
  var data = event.data || {};
  if (data.source !== 'okay-bike' || String(data.type).indexOf('booking.') !== 0) return;
  var li = document.createElement('li');
  li.textContent = data.type + ' ' + JSON.stringify(data.booking);
  document.getElementById('events').appendChild(li);
  console.log('host heard ' + li.textContent);
});
</script>
</body></html>`;

/** A site that is not in WIDGET_ORIGINS frames the embed page directly. */
const strangerPage = (shop: string, bikeId: string) => `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>Stranger</title></head>
<body><main><h1>Stranger</h1><iframe id="f" title="shop" src="${shop}/embed?bike=${bikeId}"></iframe></main></body></html>`;

function serve(pages: (path: string) => string | null): Promise<{ server: Server; origin: string }> {
  return freePort().then(
    (port) =>
      new Promise((resolve) => {
        const origin = `http://127.0.0.1:${port}`;
        const server = createServer((req, res) => {
          const page = pages(new URL(req.url ?? '/', origin).pathname);
          res.writeHead(page ? 200 : 404, { 'content-type': 'text/html; charset=utf-8' }).end(page ?? 'not found');
        });
        server.listen(port, '127.0.0.1', () => resolve({ server, origin }));
      }),
  );
}

/** Presses Tab (in whichever document has focus) until `check` holds for the focused element of `frame`. */
async function tabTo(page: Page, frame: Frame, check: (el: Element | null) => boolean, limit = 40): Promise<void> {
  for (let i = 0; i < limit; i += 1) {
    // The check runs in the frame, on its focused element (a function cannot cross into the page but as source).
    if (await frame.evaluate<boolean>(`(${check.toString()})(document.activeElement)`).catch(() => false)) return;
    await page.keyboard.press('Tab');
  }
  throw new Error(`Tab never reached the element (${check.toString()})`);
}

describe('The booking widget on another site (issue 26)', () => {
  let shop: ServerProcess;
  let browser: Browser;
  let host: { server: Server; origin: string };
  let stranger: { server: Server; origin: string };
  let bike: CreatedBike;
  let rider: Account;

  beforeAll(async () => {
    let bikeId = '';
    host = await serve((path) => (path === '/' || path === '/tours' ? hostPage(shop.baseUrl, bikeId) : null));
    stranger = await serve((path) => (path === '/' ? strangerPage(shop.baseUrl, bikeId) : null));
    [shop, browser] = await Promise.all([
      startServer({ ...ADMIN_ENV, WIDGET_ORIGINS: host.origin, LOGIN_RATE_LIMIT: '1000', BOOKING_RATE_LIMIT: '1000' }),
      launchBrowser(),
    ]);
    const admin = await adminAccount(shop.baseUrl);
    bike = await createBike(shop.baseUrl, admin, { name: 'Widget Roadster 150', pricePerHour: 9, quantity: 6 });
    bikeId = bike._id;
    rider = await userAccount(shop.baseUrl, 'Sumaiya Rahman');
  }, 180_000);

  afterAll(async () => {
    await browser?.close();
    await shop?.stop();
    await new Promise((resolve) => host?.server.close(resolve));
    await new Promise((resolve) => stranger?.server.close(resolve));
  });

  it('serves a loader under 10 KB gzipped that any site may load', async () => {
    const res = await fetch(`${shop.baseUrl}/widget.js`, { headers: { 'accept-encoding': 'gzip' } });
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toMatch(/^text\/javascript/);
    expect(res.headers.get('cross-origin-resource-policy')).toBe('cross-origin');
    expect(Number(res.headers.get('content-length'))).toBeLessThan(10 * 1024);
    const embed = await fetch(`${shop.baseUrl}/embed?bike=${bike._id}`);
    expect(embed.headers.get('content-security-policy')).toContain(`frame-ancestors 'self' ${host.origin}`);
    expect(embed.headers.get('x-frame-options')).toBeNull();
    const home = await fetch(`${shop.baseUrl}/`);
    expect(home.headers.get('content-security-policy')).toContain("frame-ancestors 'none'");
  });

  it('a site not in WIDGET_ORIGINS gets a page that refuses to be framed', async () => {
    const context = await newContext(browser, stranger.origin);
    const page = await context.newPage();
    const refused = page.waitForEvent('framenavigated', (f) => f !== page.mainFrame() && f.url().startsWith('chrome-error://'));
    await page.goto('/');
    // Chromium replaces a refused frame with its error page: the shop's page never runs there.
    expect((await refused).url()).toMatch(/^chrome-error:/);
    await context.close();
  });

  it.each([
    ['light', 1280],
    ['dark', 390],
  ] as const)('books end to end with the keyboard alone, pays at the top level and comes back to the host page (%s, %d px)', async (mode, width) => {
    const context = await newContext(browser, host.origin, { colorScheme: mode, viewport: { width, height: width > 400 ? 900 : 844 } });
    const page = await context.newPage();
    await page.goto('/tours');
    const launcher = page.getByRole('button', { name: 'Book this bike' });
    await launcher.waitFor();
    await screenshotTo(page, `widget-host-${mode}-${width}`);

    // Tab from the top of the host page to the widget's button, Enter opens the dialog.
    await tabTo(page, page.mainFrame(), (el) => el?.textContent === 'Book this bike');
    await page.keyboard.press('Enter');
    const dialog = page.getByRole('dialog', { name: 'Book this bike' });
    await dialog.waitFor();
    const frameEl = dialog.locator('iframe[title="Booking"]');
    const frame = (await (await frameEl.elementHandle())!.contentFrame())!;
    await frame.waitForFunction(() => document.documentElement.dataset.hydrated === 'true');
    await frame.getByRole('heading', { level: 1, name: 'Book Widget Roadster 150' }).waitFor();
    // The frame is focused when it is ready (its heading).
    await page.waitForFunction(() => document.activeElement?.tagName === 'IFRAME');

    // Sign in inside the frame: no third-party cookie, a Bearer token in the frame's memory/sessionStorage.
    await tabTo(page, frame, (el) => el?.getAttribute('type') === 'email');
    await page.keyboard.type(rider.email);
    await page.keyboard.press('Tab');
    await page.keyboard.type(rider.password);
    await page.keyboard.press('Enter');
    await frame.getByText('Signed in as Sumaiya Rahman').waitFor();
    expect(await frame.evaluate(() => document.cookie.includes('okb_token'))).toBe(false);

    // The calendar: Tab to its one tab stop (today), arrows to the day after tomorrow, Enter, a day on, Space.
    const grid = frame.getByRole('grid');
    await grid.waitFor();
    await frame.getByRole('button', { name: new RegExp(`^${longDate(Date.now())}, `) }).waitFor();
    await tabTo(page, frame, (el) => el?.getAttribute('data-date') !== null && el?.getAttribute('tabindex') === '0');
    await page.keyboard.press('ArrowRight');
    await page.keyboard.press('ArrowRight');
    // The day after tomorrow may lie in the next month: the arrows turn the calendar there. The cases share the bike
    // (6 units): an earlier case's booking, or a retried try's, leaves fewer free on these days, never none.
    const start = frame.getByRole('button', { name: new RegExp(`^${longDate(Date.now() + 2 * DAY)}, [1-6] of 6 bikes free$`) });
    await start.waitFor();
    expect(await start.evaluate((el) => el === document.activeElement)).toBe(true);
    await page.keyboard.press('Enter');
    await page.keyboard.press('ArrowRight');
    await page.keyboard.press('Space');
    await frame.getByText(`Return on ${longDate(Date.now() + 3 * DAY)}. Choose the times below.`).waitFor();
    expect(await frame.getByLabel('Start time').inputValue()).toBe(`${dateOf(Date.now() + 2 * DAY)}T10:00`);
    await frame.getByText(/^Available: [1-6] units? free for this window$/).waitFor();
    if (width > 400) await expectNoAxeViolations(page, `widget-host-open-${mode}`);
    await screenshotTo(page, `widget-open-${mode}-${width}`);

    // Tab to the pay button and press it: the payment page opens at the top level (the host's widget.js does it).
    await tabTo(page, frame, (el) => /^Pay .* to Book$/.test(el?.textContent ?? ''));
    await page.keyboard.press('Enter');
    await page.waitForURL((url) => url.origin === shop.baseUrl && url.pathname.startsWith('/api/payments/sandbox/checkout/'));
    await tabTo(page, page.mainFrame(), (el) => /^Pay /.test(el?.textContent ?? ''));
    await page.keyboard.press('Enter');

    // Back on the host page: the dialog shows the outcome, the address is tidy, and the host heard both events.
    await page.waitForURL((url) => url.origin === host.origin && url.pathname === '/tours');
    const back = page.getByRole('dialog', { name: 'Book this bike' });
    await back.waitFor();
    const result = (await (await back.locator('iframe').elementHandle())!.contentFrame())!;
    await result.getByRole('heading', { name: 'Your booking is confirmed' }).waitFor();
    await page.waitForFunction(() => !location.search.includes('payment='));
    await page.getByText(/^booking\.paid /).waitFor();
    const events = await page.locator('#events li').allTextContents();
    // booking.created was heard before the page left for the payment; after the way back only booking.paid.
    expect(events).toHaveLength(1);
    const paid = JSON.parse(events[0].slice('booking.paid '.length)) as { paymentId: string; rentalId: string; amount: number };
    expect(paid.paymentId).toMatch(/^[0-9a-f-]{36}$/);
    expect(paid.rentalId).toMatch(/^[0-9a-f-]{36}$/);
    await screenshotTo(page, `widget-paid-${mode}-${width}`);

    // Escape inside the frame closes the dialog and focus returns to the widget's button.
    await result.getByRole('heading', { name: 'Your booking is confirmed' }).focus();
    await page.keyboard.press('Escape');
    await back.waitFor({ state: 'detached' });
    expect(await page.evaluate(() => document.activeElement?.textContent)).toBe('Book this bike');
    await context.close();
  }, 240_000);

  it('announces booking.created to the host page before the payment page opens', async () => {
    const context = await newContext(browser, host.origin);
    const page = await context.newPage();
    await page.goto('/tours');
    await page.getByRole('button', { name: 'Book this bike' }).click();
    const frame = (await (await page.locator('iframe[title="Booking"]').elementHandle())!.contentFrame())!;
    await frame.waitForFunction(() => document.documentElement.dataset.hydrated === 'true');
    await frame.getByLabel('Email').fill(rider.email);
    await frame.getByLabel('Password').fill(rider.password);
    await frame.getByRole('button', { name: 'Log in', exact: true }).click();
    await frame.getByText('Signed in as Sumaiya Rahman').waitFor();
    // Days 4 and 5 ahead may lie in different months: the calendar turns to the next month when the day is not shown.
    for (const offset of [4, 5]) {
      const day = frame.getByRole('button', { name: new RegExp(`^${longDate(Date.now() + offset * DAY)}, [1-6] of 6 bikes free$`) });
      if ((await day.count()) === 0) await frame.getByRole('button', { name: 'Next month' }).click();
      await day.click();
    }
    await frame.getByText(/^Available: [1-6] units? free for this window$/).waitFor();
    const created = page.waitForEvent('console', (msg) => msg.text().startsWith('created '));
    // What the host page's own listener appended to its list, said as it did it: the page itself leaves for the
    // payment page right after, so the list is not read afterwards.
    const heard = page.waitForEvent('console', (msg) => msg.text().startsWith('host heard '));
    await page.evaluate(() =>
      document.addEventListener('okaybike:booking.created', (e) => console.log('created ' + JSON.stringify((e as CustomEvent).detail))),
    );
    await frame.getByRole('button', { name: /^Pay .* to Book$/ }).click();
    const detail = JSON.parse((await created).text().slice('created '.length)) as { rentalId: string; bikeId: string; quantity: number };
    expect(detail).toMatchObject({ bikeId: bike._id, quantity: 1 });
    expect((await heard).text()).toMatch(/^host heard booking\.created \{/);
    await context.close();
  }, 120_000);
});
