import { mkdirSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import sharp from 'sharp';
import { expectNoAxeViolations, launchBrowser, newContext } from '../support/browser.js';
import { pdfTextLines } from '../support/pdf-text.js';
import { crop, readQr, renderPdfPages, savePages } from '../support/pdf-image.js';
import { ServerProcess, startServer } from '../support/server-process.js';
import { SmtpSink, startSmtpSink } from '../support/smtp-sink.js';
import { ADMIN_ENV, adminAccount, createBike, eventually, payAtSandbox, userAccount, type Account, type CreatedBike } from './shop-fixtures.js';

/**
 * Issue 22 at the counter, on a phone (390 px): staff scan a unit's QR label (a photo of it fed to the page's
 * decoder, the same one the camera's frames go through), check the booking out, later check it in with a photo and a
 * scratch, keep part of the deposit for the damage report; the customer sees the report in My Rentals.
 * Screenshots and the label sheet PDF in SCREENSHOT_DIR (default: a temp folder).
 */
const SHOTS = process.env.SCREENSHOT_DIR ?? join(tmpdir(), 'okb-counter-shots');
const MINUTE = 60_000;
const PHONE = { width: 390, height: 844 };

describe('The counter on a phone (issue 22)', () => {
  let server: ServerProcess;
  let browser: Browser;
  let smtp: SmtpSink;
  let base: string;
  let admin: Account;
  let rider: Account;
  let bike: CreatedBike;

  async function signedIn(who: Account, colorScheme: 'light' | 'dark' = 'light'): Promise<{ context: BrowserContext; page: Page }> {
    const context = await newContext(browser, base, { viewport: PHONE, colorScheme });
    await context.addCookies([{ name: 'okb_token', value: who.token, url: base, httpOnly: true, sameSite: 'Lax' }]);
    return { context, page: await context.newPage() };
  }
  const shot = async (page: Page, name: string) => {
    mkdirSync(SHOTS, { recursive: true });
    await page.screenshot({ path: join(SHOTS, `${name}.png`), fullPage: true });
  };
  const api = async <T,>(method: string, path: string, token: string, body?: unknown): Promise<T> => {
    const res = await fetch(`${base}/api/${path}`, { method, headers: { authorization: `Bearer ${token}`, ...(body ? { 'content-type': 'application/json' } : {}) }, body: body ? JSON.stringify(body) : undefined });
    const json = (await res.json()) as { data: T };
    if (!res.ok) throw new Error(`${method} ${path} -> ${res.status} ${JSON.stringify(json)}`);
    return json.data;
  };

  beforeAll(async () => {
    smtp = await startSmtpSink();
    [server, browser] = await Promise.all([
      startServer({ ...ADMIN_ENV, SMTP_URL: smtp.url, MAIL_FROM: 'Okay Bike <no-reply@okaybike.test>', OUTBOX_INTERVAL_MS: '200', LOGIN_RATE_LIMIT: '1000', BOOKING_RATE_LIMIT: '1000' }, { timeoutMs: 170_000 }),
      launchBrowser(),
    ]);
    base = server.baseUrl;
    admin = await adminAccount(base);
    rider = await userAccount(base, 'Farhan Kabir');
    bike = await createBike(base, admin, { name: 'Counter Roadster 150', pricePerHour: 10, quantity: 2, depositAmount: 200 });
  }, 300_000);

  afterAll(async () => {
    await browser?.close();
    if (server && server.child.exitCode !== null) console.error(`server exited with ${server.child.exitCode}:\n${server.output()}`);
    await server?.stop();
    await smtp?.close();
  });

  it('scans a label, checks out, checks in with a photo and a scratch, keeps part of the deposit; the customer sees the report', async () => {
    const start = Math.ceil(Date.now() / MINUTE) * MINUTE + MINUTE;
    const booking = await api<{ payment_url: string; rental: { _id: string; units: { _id: string; label: string }[] } }>('POST', 'rentals', rider.token, {
      bikeId: bike._id,
      startTime: new Date(start).toISOString(),
      endTime: new Date(start + 3 * 60 * MINUTE).toISOString(),
      quantity: 1,
    });
    await payAtSandbox(booking.payment_url);
    const unit = booking.rental.units[0];

    // The label sheet of this bike: one label per unit, with its label and the bike's name.
    const labels = Buffer.from(await (await fetch(`${base}/api/counter/labels?bikeId=${bike._id}`, { headers: { authorization: `Bearer ${admin.token}` } })).arrayBuffer());
    mkdirSync(SHOTS, { recursive: true });
    writeFileSync(join(SHOTS, 'labels.pdf'), labels);
    const labelText = pdfTextLines(labels).join('\n');
    expect(labelText).toContain(unit.label);
    // Two labels side by side share the text lines, and a long name wraps: every word of the name is printed.
    for (const word of bike.name.split(' ')) expect(labelText).toContain(word);

    // A photo of the unit's label, cut out of the printed sheet (rendered as an image): its QR code holds the unit's staff URL.
    const pages = await renderPdfPages(labels, 2);
    savePages(pages, 'labels-sheet');
    const perMm = (72 / 25.4) * 2;
    const slots = [0, 1].map((i) => crop(pages[0], Math.round((7.2 + i * 66) * perMm), Math.round(15.15 * perMm), Math.round(63.5 * perMm), Math.round(38.1 * perMm)));
    const mine = slots.find((slot) => readQr(slot) === `${base}/dashboard/counter?unit=${unit._id}`);
    expect(mine).toBeDefined();
    const printed = await sharp(Buffer.from(mine!.rgba.buffer, mine!.rgba.byteOffset, mine!.rgba.byteLength), { raw: { width: mine!.width, height: mine!.height, channels: 4 } }).png().toBuffer();
    const labelPhoto = await sharp({ create: { width: 900, height: 700, channels: 3, background: { r: 235, g: 232, b: 225 } } })
      .composite([{ input: printed, left: 100, top: 200 }])
      .png()
      .toBuffer();

    const staff = await signedIn(admin);
    let page = staff.page;
    await page.goto('/dashboard/counter');
    await page.getByRole('tab', { name: 'Scan a bike', selected: true }).waitFor();
    await page.getByRole('button', { name: 'Scan with the camera' }).waitFor();
    await expectNoAxeViolations(page, 'counter-scan');
    await shot(page, '01-counter-scan-390');
    await page.getByTestId('qr-photo').setInputFiles({ name: 'label.png', mimeType: 'image/png', buffer: labelPhoto });
    await page.getByRole('heading', { level: 2, name: new RegExp(unit.label) }).waitFor();
    await page.getByText(rider.name).first().waitFor();
    await shot(page, '02-unit-opened-390');

    // Check out: the deposit's hold is placed at the hand-over at the latest.
    await page.getByRole('button', { name: 'Check out', exact: true }).click();
    await page.getByRole('button', { name: 'Check in now' }).waitFor();
    await page.getByText('Deposit held').first().waitFor();
    await shot(page, '03-checked-out-390');

    // Later: back after the start (a return is never before the start), with a scratch on the frame and a photo.
    if (Date.now() < start + 5000) await page.waitForTimeout(start + 5000 - Date.now());
    const photo = await sharp({ create: { width: 1200, height: 900, channels: 3, background: { r: 90, g: 110, b: 140 } } }).jpeg().toBuffer();
    const checkin = page.locator('.unit-checkin').first();
    await checkin.getByRole('radiogroup', { name: 'frame' }).getByText('Damaged').click();
    await checkin.getByTestId('condition-photo').setInputFiles({ name: 'scratch.jpg', mimeType: 'image/jpeg', buffer: photo });
    await checkin.getByRole('img', { name: 'Condition photo 1' }).waitFor();
    await checkin.getByRole('button', { name: 'Report damage' }).click();
    await checkin.getByLabel('Damaged part').fill('frame');
    await checkin.getByLabel('What happened').fill('scratch on the top tube');
    await checkin.getByLabel('Repair cost').fill('30');
    await expectNoAxeViolations(page, 'counter-check-in');
    await shot(page, '04-check-in-form-390');
    await page.getByRole('button', { name: 'Check in now' }).click();
    await page.getByText(/Checked in\.|could not|must|Something went wrong/).first().waitFor();
    await shot(page, '04b-after-check-in-390');

    // The deposit screen: keep 25 for the damage report; the rest is released.
    await page.getByText(/Deposit: .*200\.00 held/).waitFor();
    await page.getByLabel(/Amount to keep/).fill('25');
    await shot(page, '05-deposit-screen-390');
    await page.getByRole('button', { name: 'Keep part of the deposit' }).click();
    await page.getByText('Deposit partly kept').first().waitFor();
    await shot(page, '06-deposit-kept-390');
    await staff.context.close();

    const rental = await api<{ rental: { status: string; returnTime: string; deposit: { status: string; capturedAmount: number; reason: string } }; damageReports: { depositKept: number }[] }>('GET', `counter/rentals/${booking.rental._id}`, admin.token);
    expect(rental.rental.status).toBe('returned');
    expect(rental.rental.deposit).toMatchObject({ status: 'partially_captured', capturedAmount: 25 });
    expect(rental.rental.deposit.reason).toContain('frame (minor)');
    expect(rental.damageReports[0].depositKept).toBe(25);

    // The customer: the check-in summary email with the photo, and the report on the rental in My Rentals.
    const summary = await eventually('the check-in summary email', () => smtp.messages.find((m) => m.envelopeTo.includes(rider.email) && m.subject.startsWith('Return checked:')));
    expect(summary.text).toContain('scratch on the top tube');
    expect(summary.text).toContain('Kept');
    for (const scheme of ['light', 'dark'] as const) {
      const customer = await signedIn(rider, scheme);
      page = customer.page;
      await page.goto('/dashboard/rentals');
      await page.getByRole('tab', { name: /Paid|Returned|All/ }).first().waitFor().catch(() => undefined);
      const tabs = page.getByRole('tab');
      for (let i = 0; i < (await tabs.count()); i++) {
        if ((await page.getByText(/Return report: damage found/).count()) > 0) break;
        await tabs.nth(i).click();
      }
      await page.getByText('Return report: damage found (1)').waitFor();
      await page.getByRole('img', { name: 'Condition photo 1' }).first().waitFor();
      await page.getByText(/scratch on the top tube/).first().waitFor();
      if (scheme === 'light') await expectNoAxeViolations(page, 'my-rentals-return-report');
      await shot(page, `07-my-rentals-report-390-${scheme}`);
      await customer.context.close();
    }
  });

  it('checks in a rental whose bike left without a scan: the hand-over is recorded as at its start', async () => {
    const start = Math.ceil(Date.now() / MINUTE) * MINUTE + MINUTE;
    const booking = await api<{ payment_url: string; rental: { _id: string; units: { _id: string; label: string }[] } }>('POST', 'rentals', rider.token, {
      bikeId: bike._id,
      startTime: new Date(start).toISOString(),
      endTime: new Date(start + 2 * 60 * MINUTE).toISOString(),
      quantity: 1,
    });
    await payAtSandbox(booking.payment_url);
    const unit = booking.rental.units[0];
    // Nobody scanned it out; once the rental has started the counter offers to check it in.
    await eventually('the rental to start', async () => (await api<{ canCheckIn: boolean }>('GET', `counter/rentals/${booking.rental._id}`, admin.token)).canCheckIn, 3 * MINUTE);

    const staff = await signedIn(admin);
    const page = staff.page;
    await page.goto(`/dashboard/counter?unit=${unit._id}`);
    await page.getByRole('heading', { level: 2, name: new RegExp(unit.label) }).waitFor();
    await page.getByRole('button', { name: 'Already out without a scan? Check in' }).click();
    await page.getByText("Not scanned out: the hand-over is recorded as at the rental's start.").waitFor();
    await page.locator('.unit-checkin').first().getByRole('radiogroup', { name: 'lock' }).getByText('Missing').click();
    await expectNoAxeViolations(page, 'counter-check-in-unscanned');
    await shot(page, '08-check-in-unscanned-390');
    await page.getByRole('button', { name: 'Check in now' }).click();
    await page.getByText(/\(the start: not scanned out\)/).first().waitFor();
    await shot(page, '09-checked-in-unscanned-390');
    await staff.context.close();

    const rental = await api<{ rental: { status: string; startTime: string }; handover: { checkedOutAt: string; recordedAtCheckIn: boolean }; conditions: { checklist: Record<string, string> }[] }>('GET', `counter/rentals/${booking.rental._id}`, admin.token);
    expect(rental.rental.status).toBe('returned');
    expect(rental.handover).toMatchObject({ checkedOutAt: rental.rental.startTime, recordedAtCheckIn: true });
    expect(rental.conditions[0].checklist).toEqual({ frame: 'ok', wheels: 'ok', brakes: 'ok', lights: 'ok', lock: 'missing' });
  });
});
