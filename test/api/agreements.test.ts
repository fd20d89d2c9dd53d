import { createHash } from 'node:crypto';
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { eq } from 'drizzle-orm';
import { agreementSignatures } from '../../src/database/schema/agreements.js';
import { domainEvents } from '../../src/database/schema/notifications.js';
import { AgreementsService } from '../../src/modules/agreements/agreements.service.js';
import { createBike } from '../support/bike-factories.js';
import { createAdmin, createUser, TestUser } from '../support/factories.js';
import { pdfTextLines } from '../support/pdf-text.js';
import { renderPdfPages, savePages } from '../support/pdf-image.js';
import sharp from 'sharp';
import { signatureDataUrl } from '../support/png.js';
import { outboxEmails } from '../../src/database/schema/notifications.js';
import { renderedOutbox } from '../support/outbox.js';
import { bookAndPay, HOUR, rentalTestEnv, clockAt } from '../support/rental-factories.js';
import { useTestApp } from '../support/test-app.js';

const DAY = 24 * HOUR;
const binary = (res: import('superagent').Response, cb: (err: Error | null, body: Buffer) => void) => {
  const chunks: Buffer[] = [];
  res.on('data', (c: Buffer) => chunks.push(c));
  res.on('end', () => cb(null, Buffer.concat(chunks)));
};

const BODY = 'I, {{customer}}, rent {{bikes}} for {{window}}.\n\nDeposit: {{deposit}}.\n\n## Safety\n- Wear a **helmet**.\n- Lock the bike.';

describe('Rental agreements (issue 22)', () => {
  const t = useTestApp({ ...rentalTestEnv, AGREEMENT_VALID_DAYS: '30', SHOP_TIME_ZONE: 'Europe/Berlin' });
  const at = clockAt(t);
  /** A birth date `years` (and a day) before the clock's date. */
  const born = (years: number, extraDays = -1) => {
    const d = new Date(t.clock.now().getTime() + 2 * DAY);
    d.setUTCFullYear(d.getUTCFullYear() - years);
    return new Date(d.getTime() + extraDays * DAY).toISOString().slice(0, 10);
  };

  const save = (admin: TestUser, title: string, body = BODY) => t.http().put('/api/agreements').set('Authorization', admin.bearer).send({ title, body });
  const status = (user: TestUser, rentalId: string) => t.http().get(`/api/rentals/${rentalId}/agreement`).set('Authorization', user.bearer);
  const sign = (user: TestUser, rentalId: string, riders: unknown[], ua = 'jest-agent/1.0') =>
    t.http().post(`/api/rentals/${rentalId}/agreement/signatures`).set('Authorization', user.bearer).set('User-Agent', ua).send({ riders });
  const drawn = (name: string) => ({ method: 'drawn', typedName: name, image: signatureDataUrl(), consent: true });
  const typed = (name: string) => ({ method: 'typed', typedName: name, consent: true });
  const pdfOf = (user: TestUser, url: string) => t.http().get(url).set('Authorization', user.bearer).buffer(true).parse(binary);

  async function booking(user: TestUser, quantity = 2) {
    const bike = await createBike(t, { quantity: 4, name: 'City Cruiser' });
    const { rental } = await bookAndPay(t, user, bike.id, { quantity, startTime: at(DAY) });
    return rental._id;
  }

  it('a shop without an agreement asks nothing: not required, complete, signing is a 409', async () => {
    const user = await createUser(t);
    const id = await booking(user);
    expect((await t.http().get('/api/agreements/current').expect(200)).body.data.agreement).toBeNull();
    const res = await status(user, id).expect(200);
    expect(res.body.data).toMatchObject({ required: false, complete: true, riders: [], missing: [], agreement: null, canSign: false });
    expect(await t.app.get(AgreementsService).checkoutStatus(id)).toEqual({ required: false, complete: true, riders: [], missing: [] });
    expect((await sign(user, id, [{ position: 0, name: 'Ada Lovelace', birthDate: born(30), signature: typed('Ada Lovelace') }]).expect(409)).body.code).toBe('NO_AGREEMENT');
  });

  it('admins save versions; customers read the current one; unknown placeholders and other roles are refused', async () => {
    const admin = await createAdmin(t);
    const user = await createUser(t);
    await save(user, 'Nope').expect(403);
    const bad = await save(admin, 'Terms', 'Hello {{rider}}').expect(400);
    expect(bad.body.errors).toEqual([expect.objectContaining({ path: 'body', message: expect.stringContaining('{{rider}}') })]);
    expect((await save(admin, '', 'x').expect(400)).body.errors[0].path).toBe('title');
    expect((await save(admin, 'Terms v1').expect(200)).body.data).toMatchObject({ version: 1, title: 'Terms v1' });
    expect((await save(admin, 'Terms v2').expect(200)).body.data).toMatchObject({ version: 2 });
    const current = await t.http().get('/api/agreements/current').expect(200);
    expect(current.body.data.agreement).toMatchObject({ version: 2, title: 'Terms v2', body: BODY });
    expect(current.body.data.placeholders.map((p: { name: string }) => p.name)).toEqual(['customer', 'bikes', 'window', 'deposit']);
    const versions = await t.http().get('/api/agreements').set('Authorization', admin.bearer).expect(200);
    expect(versions.body.data.map((v: { version: number }) => v.version)).toEqual([2, 1]);
    await t.http().get('/api/agreements').set('Authorization', user.bearer).expect(403);
    // Withdrawn: nothing asked until the next save.
    await t.http().delete('/api/agreements/current').set('Authorization', admin.bearer).expect(200);
    expect((await t.http().get('/api/agreements/current').expect(200)).body.data.agreement).toBeNull();
    await t.http().delete('/api/agreements/current').set('Authorization', admin.bearer).expect(404);
    expect((await save(admin, 'Terms v3').expect(200)).body.data.version).toBe(3);
  });

  it('a booking of 2 bikes asks for 2 riders: drawn and keyboard-only signatures; each PDF shows the text, rider, time, IP and user agent', async () => {
    const admin = await createAdmin(t);
    const user = await createUser(t, { name: 'Ada Lovelace', email: 'ada@example.com' });
    await save(admin, 'Rental agreement').expect(200);
    const id = await booking(user, 2);
    const before = await status(user, id).expect(200);
    expect(before.body.data).toMatchObject({ required: true, complete: false, ridersNeeded: 2, missing: [0, 1], canSign: true });
    expect(before.body.data.agreement.text).toContain('I, Ada Lovelace (ada@example.com), rent 2 x City Cruiser');
    expect(before.body.data.agreement.text).toContain('(Europe/Berlin)');
    expect(before.body.data.agreement.text).toContain('Deposit: none.');

    await sign(user, id, [{ position: 2, name: 'Third Rider', birthDate: born(30), signature: typed('Third Rider') }])
      .expect(400)
      .expect((res) => expect(res.body.errors[0].path).toBe('riders.0.position'));
    const first = await sign(user, id, [{ position: 0, name: 'Ada Lovelace', birthDate: born(30), signature: drawn('Ada Lovelace') }]).expect(201);
    expect(first.body.data).toMatchObject({ complete: false, missing: [1] });
    expect(await t.app.get(AgreementsService).checkoutStatus(id)).toMatchObject({ required: true, complete: false, missing: [1] });
    const second = await sign(user, id, [{ position: 1, name: 'Charles Babbage', birthDate: born(40), signature: typed('charles  babbage') }]).expect(201);
    expect(second.body.data).toMatchObject({ complete: true, missing: [] });
    expect(second.body.data.riders.map((r: { name: string; signature: { method: string } }) => [r.name, r.signature.method])).toEqual([
      ['Ada Lovelace', 'drawn'],
      ['Charles Babbage', 'typed'],
    ]);
    const check = await t.app.get(AgreementsService).checkoutStatus(id);
    expect(check).toMatchObject({ required: true, complete: true, missing: [] });
    expect(check.riders).toHaveLength(2);
    await sign(user, id, [{ position: 1, name: 'Someone Else', birthDate: born(40), signature: typed('Someone Else') }])
      .expect(409)
      .expect((res) => expect(res.body.code).toBe('RIDER_ALREADY_SIGNED'));

    const [drawnRider, typedRider] = second.body.data.riders as { signature: { pdfUrl: string; pdfSha256: string } }[];
    const pdf = (await pdfOf(user, typedRider.signature.pdfUrl).expect(200).expect('Content-Type', /application\/pdf/)).body as Buffer;
    expect(createHash('sha256').update(pdf).digest('hex')).toBe(typedRider.signature.pdfSha256);
    const lines = pdfTextLines(pdf).join('\n');
    expect(lines).toContain('Rental agreement');
    expect(lines).toContain('Wear a');
    expect(lines).toContain('Charles Babbage');
    expect(lines).toContain('Signed with the keyboard');
    expect(lines).toMatch(/Signed at .*(CET|CEST|GMT\+\d)/);
    expect(lines).toContain('jest-agent/1.0');
    expect(lines).toMatch(/IP address\s+\S*127\.0\.0\.1/);
    const drawnPdf = (await pdfOf(admin, drawnRider.signature.pdfUrl).expect(200)).body as Buffer;
    expect(drawnPdf.toString('latin1')).toContain('/Subtype /Image');
    expect(pdfTextLines(drawnPdf).join('\n')).toContain('Drawn by hand; typed name: Ada Lovelace');

    const [event] = await t.db.select().from(domainEvents).where(eq(domainEvents.type, 'agreement.signed'));
    expect(event).toMatchObject({ userId: user.id, data: expect.objectContaining({ rentalId: id, version: 1 }) });
  });

  it('the signed agreement PDF looked at as an image: the drawn signature is on the page in its ink, its transparent ground stays paper', async () => {
    const admin = await createAdmin(t);
    const user = await createUser(t, { name: 'Ada Lovelace' });
    await save(admin, 'Rental agreement').expect(200);
    const id = await booking(user, 1);
    // A signature stroke in a blue no other part of the page uses; the pixels around the stroke are the same blue, fully transparent.
    const [w, h] = [240, 80];
    const raw = Buffer.alloc(w * h * 4);
    for (let y = 0; y < h; y++) {
      for (let x = 0; x < w; x++) {
        const o = (y * w + x) * 4;
        raw.set([20, 60, 230, Math.abs(Math.round((x * h) / w) - y) <= 2 ? 255 : 0], o);
      }
    }
    const stroke = await sharp(raw, { raw: { width: w, height: h, channels: 4 } }).png().toBuffer();
    const signed = await sign(user, id, [{ position: 0, name: 'Ada Lovelace', birthDate: born(30), signature: { ...drawn('Ada Lovelace'), image: `data:image/png;base64,${stroke.toString('base64')}` } }]).expect(201);
    const pdf = (await pdfOf(user, signed.body.data.riders[0].signature.pdfUrl).expect(200)).body as Buffer;

    const pages = await renderPdfPages(pdf, 2);
    savePages(pages, 'agreement-signed-drawn');
    const page = pages[pages.length - 1];
    const blue: [number, number][] = [];
    for (let y = 0; y < page.height; y++) {
      for (let x = 0; x < page.width; x++) {
        const o = (y * page.width + x) * 4;
        if (page.rgba[o + 2] > 160 && page.rgba[o] < 90 && page.rgba[o + 1] < 120) blue.push([x, y]);
      }
    }
    // The stroke is there, a diagonal about 3:1 as drawn, at most 260 x 90 pt (scale 2) ...
    expect(blue.length).toBeGreaterThan(300);
    const xs = blue.map(([x]) => x);
    const ys = blue.map(([, y]) => y);
    const [bw, bh] = [Math.max(...xs) - Math.min(...xs), Math.max(...ys) - Math.min(...ys)];
    expect(bw).toBeLessThanOrEqual(260 * 2 + 2);
    expect(bw / bh).toBeGreaterThan(2.5);
    expect(bw / bh).toBeLessThan(3.5);
    // ... and only the stroke: the transparent ground did not become a blue (or black) box.
    expect(blue.length / (bw * bh)).toBeLessThan(0.15);
    let dark = 0;
    for (const [x, y] of [[Math.min(...xs) + 5, Math.max(...ys) - 5], [Math.max(...xs) - 5, Math.min(...ys) + 5]]) {
      const o = (y * page.width + x) * 4;
      if (page.rgba[o] + page.rgba[o + 1] + page.rgba[o + 2] < 600) dark++;
    }
    expect(dark).toBe(0); // the corners off the diagonal are paper
  });

  it('the booking confirmation email links the signing page while the shop asks for an agreement', async () => {
    const admin = await createAdmin(t);
    const user = await createUser(t);
    const without = await booking(user, 1);
    // Rendered (as the worker does) before the shop has an agreement: no link.
    const [plain] = await renderedOutbox(t, eq(outboxEmails.kind, 'booking_confirmed'));
    expect(plain.textBody).not.toContain('agreement');
    expect(plain.textBody).not.toContain(without);
    await save(admin, 'Rental agreement').expect(200);
    const withIt = await booking(user, 1);
    const emails = await renderedOutbox(t, eq(outboxEmails.kind, 'booking_confirmed'));
    expect(emails).toHaveLength(2);
    const signing = emails.filter((e) => e.textBody.includes('Sign the rental agreement'));
    expect(signing).toHaveLength(1);
    expect(signing[0].textBody).toContain(`/dashboard/rentals/${withIt}/agreement`);
    expect(signing[0].html).toContain(`/dashboard/rentals/${withIt}/agreement`);
  });

  it('bad riders: 400 naming each field (birth date, guardian of a minor, typed name, consent, drawing)', async () => {
    const admin = await createAdmin(t);
    const user = await createUser(t);
    await save(admin, 'Rental agreement').expect(200);
    const id = await booking(user, 2);
    const res = await sign(user, id, [
      { position: 0, name: 'Ada Lovelace', birthDate: born(30), signature: typed('Ada Lovelace') },
      { position: 1, name: 'Tim Young', birthDate: '2031-02-30', signature: typed('Tim Young') },
    ]).expect(400);
    expect(res.body.errors.map((e: { path: string }) => e.path)).toEqual(['riders.1.birthDate']);
    // Nothing of the request is kept when one rider is wrong.
    expect(await t.db.select().from(agreementSignatures)).toHaveLength(0);

    const minor = await sign(user, id, [{ position: 1, name: 'Tim Young', birthDate: born(17), signature: typed('Tim Young') }]).expect(400);
    expect(minor.body.errors).toEqual([expect.objectContaining({ path: 'riders.0.guardianName', message: expect.stringContaining('under 18') })]);
    const wrongSigner = await sign(user, id, [{ position: 1, name: 'Tim Young', birthDate: born(17), guardianName: 'Grace Young', signature: typed('Tim Young') }]).expect(400);
    expect(wrongSigner.body.errors[0].path).toBe('riders.0.signature.typedName');
    const noConsent = await sign(user, id, [{ position: 1, name: 'Tim Young', birthDate: born(40), signature: { ...typed('Tim Young'), consent: false } }]).expect(400);
    expect(noConsent.body.errors[0].path).toBe('riders.0.signature.consent');
    const notPng = await sign(user, id, [{ position: 1, name: 'Tim Young', birthDate: born(40), signature: { ...drawn('Tim Young'), image: 'data:image/png;base64,aGVsbG8=' } }]).expect(400);
    expect(notPng.body.errors[0].path).toBe('riders.0.signature.image');
    const noSig = await sign(user, id, [{ position: 1, name: 'Tim Young', birthDate: born(40) }]).expect(400);
    expect(noSig.body.errors[0].path).toBe('riders.0.signature');

    // Turning 18 the day after the start is still a minor; 18 on the start date is not.
    const ok = await sign(user, id, [{ position: 1, name: 'Tim Young', birthDate: born(17), guardianName: 'Grace Young', signature: drawn('Grace Young') }]).expect(201);
    expect(ok.body.data.riders[0]).toMatchObject({ name: 'Tim Young', minor: true, guardianName: 'Grace Young' });
    const pdf = (await pdfOf(user, ok.body.data.riders[0].signature.pdfUrl).expect(200)).body as Buffer;
    expect(pdfTextLines(pdf).join('\n')).toContain('signed by the guardian Grace Young');
  });

  it('versions: an old signature keeps its version; reuse of the same version within AGREEMENT_VALID_DAYS, not after, nor of another version', async () => {
    const admin = await createAdmin(t);
    const user = await createUser(t);
    const other = await createUser(t);
    await save(admin, 'Terms v1').expect(200);
    const first = await booking(user, 1);
    await sign(user, first, [{ position: 0, name: 'Ada Lovelace', birthDate: '1990-05-04', signature: typed('Ada Lovelace') }]).expect(201);

    // Same customer, same rider: reused without signing again, pointing at the original (same PDF and hash).
    const second = await booking(user, 1);
    const known = await status(user, second).expect(200);
    expect(known.body.data.knownRiders).toEqual([expect.objectContaining({ name: 'Ada Lovelace', birthDate: '1990-05-04' })]);
    const reused = await sign(user, second, [{ position: 0, name: ' ada lovelace ', birthDate: '1990-05-04' }]).expect(201);
    expect(reused.body.data.riders[0].signature).toMatchObject({ reused: true, version: 1 });
    // Another customer naming the same rider does not reuse it.
    const theirs = await booking(other, 1);
    expect((await sign(other, theirs, [{ position: 0, name: 'Ada Lovelace', birthDate: '1990-05-04' }]).expect(400)).body.errors[0].path).toBe('riders.0.signature');
    // A different birth date is another rider.
    const third = await booking(user, 1);
    expect((await sign(user, third, [{ position: 0, name: 'Ada Lovelace', birthDate: '1990-05-05' }]).expect(400)).body.errors[0].path).toBe('riders.0.signature');

    // A new version: the first rental's signature still points at version 1; reuse needs a signature of version 2.
    await save(admin, 'Terms v2', `${BODY}\n\nNew clause.`).expect(200);
    const old = await status(user, first).expect(200);
    expect(old.body.data).toMatchObject({ complete: true });
    expect(old.body.data.riders[0].signature).toMatchObject({ version: 1, title: 'Terms v1' });
    expect((await sign(user, third, [{ position: 0, name: 'Ada Lovelace', birthDate: '1990-05-04' }]).expect(400)).body.errors[0].path).toBe('riders.0.signature');
    await sign(user, third, [{ position: 0, name: 'Ada Lovelace', birthDate: '1990-05-04', signature: typed('Ada Lovelace') }]).expect(201);
    const versions = await t.http().get('/api/agreements').set('Authorization', admin.bearer).expect(200);
    expect(versions.body.data.map((v: { version: number; signatures: number }) => [v.version, v.signatures])).toEqual([
      [2, 1],
      [1, 1],
    ]);

    // Within the valid days: reused. After them: sign again.
    t.clock.advance(29 * DAY);
    const fourth = await booking(user, 1);
    await sign(user, fourth, [{ position: 0, name: 'Ada Lovelace', birthDate: '1990-05-04' }]).expect(201);
    t.clock.advance(2 * DAY);
    const fifth = await booking(user, 1);
    expect((await status(user, fifth).expect(200)).body.data.knownRiders).toEqual([]);
    expect((await sign(user, fifth, [{ position: 0, name: 'Ada Lovelace', birthDate: '1990-05-04' }]).expect(400)).body.errors[0].path).toBe('riders.0.signature');
    // The reused link of the fourth rental lapsed with its original: that rider signs again there.
    expect((await status(user, fourth).expect(200)).body.data).toMatchObject({ complete: false, missing: [0] });
    await sign(user, fourth, [{ position: 0, name: 'Ada Lovelace', birthDate: '1990-05-04', signature: drawn('Ada Lovelace') }]).expect(201);
    expect((await status(user, fourth).expect(200)).body.data).toMatchObject({ complete: true });
  });

  it('the PDF: the customer and admins only (another customer 404); a stored PDF whose bytes change no longer matches its hash', async () => {
    const admin = await createAdmin(t);
    const user = await createUser(t);
    const stranger = await createUser(t);
    await save(admin, 'Rental agreement').expect(200);
    const id = await booking(user, 1);
    const signed = await sign(user, id, [{ position: 0, name: 'Ada Lovelace', birthDate: born(30), signature: drawn('Ada Lovelace') }]).expect(201);
    const { pdfUrl, _id } = signed.body.data.riders[0].signature as { pdfUrl: string; _id: string };
    await pdfOf(stranger, pdfUrl).expect(404);
    await status(stranger, id).expect(404);
    await sign(stranger, id, [{ position: 0, name: 'X Y', birthDate: born(30), signature: typed('X Y') }]).expect(404);
    await t.http().get(pdfUrl).expect(401);
    await pdfOf(user, pdfUrl).expect(200);
    await pdfOf(admin, pdfUrl).expect(200);

    const list = async () => (await t.http().get('/api/agreements/signatures').set('Authorization', admin.bearer).expect(200)).body.data;
    expect((await list()).signatures).toEqual([expect.objectContaining({ _id, riderName: 'Ada Lovelace', pdfState: 'intact', rentalId: id })]);
    await t.http().get('/api/agreements/signatures').set('Authorization', user.bearer).expect(403);

    const file = join(t.dataDir, 'files', 'agreements', id, `${_id}.pdf`);
    const bytes = readFileSync(file);
    bytes[bytes.length - 10] ^= 0xff;
    writeFileSync(file, bytes);
    expect((await list()).signatures[0].pdfState).toBe('changed');
  });
});
