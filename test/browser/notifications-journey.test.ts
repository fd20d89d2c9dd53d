import { readFileSync } from 'node:fs';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { verifyWebhookSignature } from '../../src/modules/notifications/webhook-http.js';
import { partnerAccepts } from '../support/webhook-signature.js';
import { launchBrowser, newContext } from '../support/browser.js';
import { parseCsv } from '../support/csv.js';
import { ServerProcess, startServer } from '../support/server-process.js';
import { SmtpSink, startSmtpSink } from '../support/smtp-sink.js';
import { startWebhookReceiver, WebhookReceiver } from '../support/webhook-receiver.js';
import { ADMIN_ENV, adminAccount, createBike, userAccount, type Account, type CreatedBike } from './shop-fixtures.js';

/**
 * Issue 16, done when: a customer books and pays in the browser, the mail server (a real SMTP server in this test)
 * receives the confirmation and the receipt with its PDF, a partner's receiver on 127.0.0.1 (allowed by
 * WEBHOOK_ALLOW_PRIVATE_TARGETS) that an admin registered on the Webhooks page receives the events signed with the
 * secret that page showed, and the admin's rentals export downloads as CSV with the booking in it.
 */

/** 'YYYY-MM-DDTHH:mm' on the shop's clock (UTC, the default SHOP_TIME_ZONE). */
const shopInput = (ms: number) => new Date(ms).toISOString().slice(0, 16);
const at = (days: number, hour: number) => {
  const d = new Date();
  return Date.UTC(d.getUTCFullYear(), d.getUTCMonth(), d.getUTCDate() + days, hour);
};

/** Waits until `check` returns a value (state, not time: the deadline is only a safety net for a hung server). */
async function eventually<T>(what: string, check: () => T | undefined | null | false, timeoutMs = 90_000): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = check();
    if (value) return value;
    if (Date.now() > deadline) throw new Error(`still waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 50));
  }
}

describe('Customers and partners told what happened, in a browser (issue 16)', () => {
  let server: ServerProcess;
  let browser: Browser;
  let smtp: SmtpSink;
  let hooks: WebhookReceiver;
  let base: string;
  let admin: Account;
  let rider: Account;
  let bike: CreatedBike;
  let secret: string;

  async function signedIn(who: Account): Promise<{ context: BrowserContext; page: Page }> {
    const context = await newContext(browser, base);
    await context.addCookies([{ name: 'okb_token', value: who.token, url: base, httpOnly: true, sameSite: 'Lax' }]);
    return { context, page: await context.newPage() };
  }

  beforeAll(async () => {
    [smtp, hooks] = await Promise.all([startSmtpSink(), startWebhookReceiver('/okaybike/hooks')]);
    [server, browser] = await Promise.all([
      startServer(
        {
          ...ADMIN_ENV,
          SMTP_URL: smtp.url,
          MAIL_FROM: 'Okay Bike <no-reply@okaybike.test>',
          WEBHOOK_ALLOW_PRIVATE_TARGETS: 'true',
          OUTBOX_INTERVAL_MS: '200',
          LOGIN_RATE_LIMIT: '1000',
          BOOKING_RATE_LIMIT: '1000',
        },
        { timeoutMs: 170_000 },
      ),
      launchBrowser(),
    ]);
    base = server.baseUrl;
    admin = await adminAccount(base);
    rider = await userAccount(base, 'Farzana Akter');
    bike = await createBike(base, admin, { name: 'Journey Tourer 150', pricePerHour: 10, quantity: 2 });
  }, 300_000);

  afterAll(async () => {
    await browser?.close();
    if (server && server.child.exitCode !== null) console.error(`server exited with ${server.child.exitCode}:\n${server.output()}`);
    await server?.stop();
    await Promise.all([smtp?.close(), hooks?.close()]);
  });

  it('an admin registers an endpoint on the Webhooks page and is shown its signing secret once', async () => {
    const { context, page } = await signedIn(admin);
    await page.goto('/dashboard/webhooks');
    await page.getByRole('heading', { level: 1, name: 'Webhooks' }).waitFor();
    await page.getByLabel('URL').fill(hooks.url);
    for (const event of ['rental.created', 'payment.succeeded']) await page.getByRole('checkbox', { name: event }).check();
    await page.getByLabel('Description').fill('Insurance partner');
    await page.getByRole('button', { name: 'Add endpoint' }).click();
    const added = page.getByRole('alert').filter({ hasText: `Endpoint added: ${hooks.url}` });
    secret = ((await added.locator('code').textContent()) ?? '').trim();
    expect(secret).toMatch(/^whsec_[0-9a-f]{48}$/);
    const row = page.getByRole('row', { name: new RegExp(hooks.url.replace(/[.*+?^${}()|[\]\\/]/g, '\\$&')) });
    await row.getByText('Insurance partner').waitFor();
    expect(await row.getByRole('switch', { name: `Enabled: ${hooks.url}` }).isChecked()).toBe(true);
    // Shown only now: a reload lists the endpoint without its secret.
    await page.reload();
    await row.waitFor();
    expect(await page.getByText(secret).count()).toBe(0);
    await context.close();
  });

  it('a customer books and pays in the browser: the mail server gets the confirmation and the receipt PDF, the partner gets signed events', async () => {
    const { context, page } = await signedIn(rider);
    await page.goto(`/bike/${bike._id}`);
    await page.getByRole('button', { name: 'Rent Now' }).click();
    const dialog = page.getByRole('dialog', { name: 'Book Now' });
    await dialog.getByLabel('Start time').fill(shopInput(at(2, 9)));
    await dialog.getByLabel(/Return time/).fill(shopInput(at(2, 12)));
    await dialog.getByRole('region', { name: 'Price and availability' }).getByText('Available: 2 units free for this window').waitFor();
    await dialog.getByRole('button', { name: 'Pay Tk 100 to Book' }).click();
    await page.waitForURL((url) => url.pathname.startsWith('/api/payments/sandbox/checkout/'));
    await page.getByRole('button', { name: /^Pay / }).click();
    await page.waitForURL((url) => url.pathname === '/payment/result' && url.searchParams.has('payment'));
    await page.getByRole('heading', { level: 1, name: 'Booking confirmed' }).waitFor();
    await context.close();

    // Email: to the customer, the confirmation with the window and the receipt with its PDF attached.
    const mine = () => smtp.messages.filter((m) => m.envelopeTo.includes(rider.email));
    const confirmation = await eventually('the booking confirmation', () => mine().find((m) => m.subject === `Booking confirmed: ${bike.name}`));
    const receipt = await eventually('the receipt', () => mine().find((m) => m.subject === 'Payment received: Tk 100.00'));
    const pickUp = new Date(at(2, 9));
    const day = new Intl.DateTimeFormat('en-GB', { timeZone: 'UTC', day: 'numeric', month: 'long', year: 'numeric' }).format(pickUp);
    expect(confirmation.text).toContain(`Pick-up: ${day} at 09:00 (UTC)`);
    expect(confirmation.html).toContain(bike.name);
    expect(receipt.attachments).toHaveLength(1);
    expect(receipt.attachments[0]).toMatchObject({ contentType: 'application/pdf', filename: expect.stringMatching(/^receipt-R-\d{6}\.pdf$/) });
    expect(receipt.attachments[0].body.subarray(0, 5).toString()).toBe('%PDF-');
    expect(receipt.headers.from).toContain('no-reply@okaybike.test');

    // Webhooks: the events the endpoint subscribed to, each signed with the secret the page showed.
    const types = () => new Set(hooks.received.map((h) => h.body.type));
    await eventually('rental.created, payment.succeeded and rental.booked', () => ['rental.created', 'payment.succeeded', 'rental.booked'].every((t) => types().has(t)));
    for (const hook of hooks.received) {
      const signature = String(hook.headers['x-okaybike-signature']);
      expect(verifyWebhookSignature(secret, hook.raw, signature)).toBe(true);
      expect(verifyWebhookSignature(`${secret}0`, hook.raw, signature)).toBe(false);
      expect(partnerAccepts(secret, hook.raw, signature)).toBe(true);
      expect(hook.headers['x-okaybike-event-id']).toBe(hook.body.id);
    }
    const booked = hooks.received.find((h) => h.body.type === 'rental.booked')!;
    expect(booked.body.data).toMatchObject({ bikeId: { _id: bike._id, name: bike.name }, status: 'booked' });
    // The partner is on another origin: the bike's image is an absolute URL on PUBLIC_URL, as in the API's answers.
    expect((booked.body.data.bikeId as { imgageurl: string }).imgageurl).toBe(`${base}/images/bikes/naked-blue.svg`);
    // Not subscribed: no bike events reached the partner (the bike was created before the endpoint anyway).
    expect(types().has('bike.created')).toBe(false);
  });

  it('the admin sees the deliveries with their attempts on the Webhooks page', async () => {
    const { context, page } = await signedIn(admin);
    await page.goto('/dashboard/webhooks');
    await page.getByRole('button', { name: `Deliveries to ${hooks.url}` }).click();
    const deliveries = page.locator('.ant-card').filter({ has: page.getByText(`Deliveries to ${hooks.url}`, { exact: true }) });
    const bookedRow = deliveries.getByRole('row').filter({ hasText: 'rental.booked' });
    await bookedRow.getByText('succeeded').waitFor();
    await bookedRow.getByRole('button', { name: /Expand row/ }).click();
    await deliveries.getByRole('cell', { name: '200', exact: true }).first().waitFor();
    await context.close();
  });

  it('the admin downloads the rentals export from the Exports page, and it opens as CSV with the booking in it', async () => {
    const { context, page } = await signedIn(admin);
    await page.goto('/dashboard/exports');
    const [download] = await Promise.all([page.waitForEvent('download'), page.getByRole('button', { name: 'Download Rentals as CSV' }).click()]);
    expect(download.suggestedFilename()).toMatch(/\.csv$/);
    const rows = parseCsv(readFileSync((await download.path())!, 'utf8').replace(/^\uFEFF/, ''));
    const [header, ...data] = rows;
    expect(header).toEqual(expect.arrayContaining(['id', 'booking_reference', 'status', 'customer_email', 'bike', 'start_time', 'total_cost']));
    const col = (name: string) => header.indexOf(name);
    const mine = data.filter((r) => r[col('customer_email')] === rider.email);
    expect(mine).toHaveLength(1);
    expect(mine[0][col('bike')]).toBe(bike.name);
    expect(mine[0][col('status')]).toBe('booked');
    expect(new Date(mine[0][col('start_time')]).getTime()).toBe(at(2, 9));
    expect(Number(mine[0][col('total_cost')])).toBe(30);
    await context.close();
  });
});
