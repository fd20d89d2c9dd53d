import { and, eq, sql } from 'drizzle-orm';
import { readdirSync, existsSync, readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { randomBytes } from 'node:crypto';
import sharp from 'sharp';
import { conditionPhotos, damageReports, rentalCheckouts } from '../../src/database/schema/counter.js';
import { bikeUnits, unitReservations } from '../../src/database/schema/fleet.js';
import { domainEvents, outboxEmails } from '../../src/database/schema/notifications.js';
import { bikeBody, createBike } from '../support/bike-factories.js';
import { createAdmin, createUser, TestUser } from '../support/factories.js';
import { renderedOutbox } from '../support/outbox.js';
import { pdfTextLines } from '../support/pdf-text.js';
import { crop, readQr, renderPdfPages, savePages } from '../support/pdf-image.js';
import { HOUR, MINUTE, pathOf, rentalTestEnv, clockAt } from '../support/rental-factories.js';
import { useTestApp } from '../support/test-app.js';

const PHOTO_MAX = 300_000;
/** Rendered at scale 2: 144 dpi. */
const PX_PER_MM = (72 / 25.4) * 2;
const FIXTURES = join(dirname(fileURLToPath(import.meta.url)), '..', 'fixtures', 'photos');

const binary = (res: import('superagent').Response, cb: (err: Error | null, body: Buffer) => void) => {
  const chunks: Buffer[] = [];
  res.on('data', (c: Buffer) => chunks.push(c));
  res.on('end', () => cb(null, Buffer.concat(chunks)));
};

/** A JPEG photo with EXIF GPS (what a phone's camera sends), `w` x `h`. */
async function cameraJpeg(w = 2400, h = 1800): Promise<Buffer> {
  return sharp({ create: { width: w, height: h, channels: 3, background: { r: 200, g: 60, b: 40 } } })
    .jpeg()
    .withExif({ IFD0: { Make: 'Phone', Model: 'Camera' }, IFD3: { GPSLatitudeRef: 'N', GPSLatitude: '23/1 48/1 0/1', GPSLongitudeRef: 'E', GPSLongitude: '90/1 24/1 0/1' } })
    .toBuffer();
}

describe('The counter (issue 22): check-out, check-in, photos, damage', () => {
  const t = useTestApp({ ...rentalTestEnv, PHOTO_MAX_BYTES: String(PHOTO_MAX) });
  const at = clockAt(t);
  const photoDir = (rentalId: string) => join(t.dataDir, 'files', 'photos', rentalId);
  const storedFiles = (rentalId: string): string[] => (existsSync(photoDir(rentalId)) ? readdirSync(photoDir(rentalId)).filter((f) => f.endsWith('.jpg')) : []);

  /** Books `bikeId` starting in `startInMs` for `lengthMs`, the fee paid with `card` (its card saved for the deposit). */
  async function bookWithCard(user: TestUser, bikeId: string, startInMs: number, lengthMs: number, card = 'visa', quantity = 1) {
    const res = await t.http().post('/api/rentals').set('Authorization', user.bearer).send({ bikeId, startTime: at(startInMs), endTime: at(startInMs + lengthMs), quantity }).expect(201);
    await t.http().post(pathOf(res.body.data.payment_url)).type('form').send({ outcome: 'pay', card }).expect(303);
    return res.body.data.rental as { _id: string; units: { _id: string; label: string }[] };
  }

  const checkOut = (admin: TestUser, id: string, body: Record<string, unknown>) => t.http().post(`/api/counter/rentals/${id}/check-out`).set('Authorization', admin.bearer).send(body);
  const checkIn = (admin: TestUser, id: string, body: Record<string, unknown>) => t.http().post(`/api/counter/rentals/${id}/check-in`).set('Authorization', admin.bearer).send(body);
  const upload = (admin: TestUser, id: string, unitId: string, bytes: Buffer, name = 'photo.jpg', type = 'image/jpeg') =>
    t.http().post(`/api/counter/rentals/${id}/photos`).set('Authorization', admin.bearer).field('unitId', unitId).attach('photo', bytes, { filename: name, contentType: type });
  const okList = { frame: 'ok', wheels: 'ok', brakes: 'ok', lights: 'ok', lock: 'ok', battery: 'na' };
  const eventTypes = async () => (await t.db.select({ type: domainEvents.type }).from(domainEvents)).map((e) => e.type);

  it('refuses check-out while the deposit is not held; an admin override goes ahead and its reason is kept and shown', async () => {
    const admin = await createAdmin(t);
    const user = await createUser(t);
    const bike = await createBike(t, { depositAmountCents: 10000 });
    const rental = await bookWithCard(user, bike.id, MINUTE, 3 * HOUR, 'declined');
    t.clock.advance(2 * MINUTE);
    const unitId = rental.units[0]._id;

    const refused = await checkOut(admin, rental._id, { unitIds: [unitId] }).expect(409);
    expect(refused.body).toMatchObject({ code: 'CHECKOUT_BLOCKED', data: { blockers: ['DEPOSIT_NOT_HELD'] } });
    expect(await t.db.select().from(rentalCheckouts)).toHaveLength(0);
    const view = await t.http().get(`/api/counter/rentals/${rental._id}`).set('Authorization', admin.bearer).expect(200);
    expect(view.body.data.blockers).toEqual(['DEPOSIT_NOT_HELD']);
    expect(view.body.data.rental.deposit.status).toBe('failed');

    // The customer cannot hand bikes over; a too-short reason is a 400 naming the field.
    await checkOut(user, rental._id, { unitIds: [unitId], overrideReason: 'ok by me' }).expect(403);
    const short = await checkOut(admin, rental._id, { unitIds: [unitId], overrideReason: 'x' }).expect(400);
    expect(JSON.stringify(short.body)).toContain('overrideReason');

    const done = await checkOut(admin, rental._id, { unitIds: [unitId], overrideReason: 'Deposit taken in cash, card declined' }).expect(200);
    expect(done.body.data.handover).toMatchObject({ overrideReason: 'Deposit taken in cash, card declined', overridden: ['DEPOSIT_NOT_HELD'] });
    expect(Date.parse(done.body.data.handover.checkedOutAt)).toBeLessThanOrEqual(t.clock.now().getTime());
    expect(done.body.data.blockers).toEqual([]);
    const again = await checkOut(admin, rental._id, { unitIds: [unitId], overrideReason: 'again please' }).expect(409);
    expect(again.body.code).toBe('ALREADY_CHECKED_OUT');
    const unit = await t.http().get(`/api/counter/units/${unitId}`).set('Authorization', admin.bearer).expect(200);
    expect(unit.body.data.rentals[0].handover.overrideReason).toBe('Deposit taken in cash, card declined');
    expect(await eventTypes()).toContain('rental.checked_out');
  });

  it('places the pending hold at the hand-over, so a saved card needs no override', async () => {
    const admin = await createAdmin(t);
    const user = await createUser(t);
    const bike = await createBike(t, { depositAmountCents: 5000 });
    const rental = await bookWithCard(user, bike.id, MINUTE, 2 * HOUR, 'visa');
    t.clock.advance(2 * MINUTE);
    const before = await t.http().get(`/api/counter/rentals/${rental._id}`).set('Authorization', admin.bearer).expect(200);
    expect(before.body.data.rental.deposit.status).toBe('pending');
    const done = await checkOut(admin, rental._id, { unitIds: [rental.units[0]._id] }).expect(200);
    expect(done.body.data.rental.deposit).toMatchObject({ status: 'held', heldAmount: 50 });
    expect(done.body.data.handover).toMatchObject({ overrideReason: null, overridden: [] });
  });

  it('refuses check-out until every rider signed the shop agreement (AGREEMENT_NOT_SIGNED), then hands over; an override keeps what it overrode', async () => {
    const admin = await createAdmin(t);
    const user = await createUser(t);
    await t.http().put('/api/agreements').set('Authorization', admin.bearer).send({ title: 'Rental terms', body: 'I, {{customer}}, rent {{bikes}}.' }).expect(200);
    const bike = await createBike(t, { quantity: 3 });
    const rental = await bookWithCard(user, bike.id, MINUTE, 2 * HOUR, 'visa', 2);
    const other = await bookWithCard(user, bike.id, MINUTE, 2 * HOUR, 'visa', 1);
    t.clock.advance(2 * MINUTE);
    const unitIds = rental.units.map((u) => u._id);

    const refused = await checkOut(admin, rental._id, { unitIds }).expect(409);
    expect(refused.body).toMatchObject({ code: 'CHECKOUT_BLOCKED', data: { blockers: ['AGREEMENT_NOT_SIGNED'] } });
    const view = await t.http().get(`/api/counter/rentals/${rental._id}`).set('Authorization', admin.bearer).expect(200);
    expect(view.body.data.blockers).toEqual(['AGREEMENT_NOT_SIGNED']);

    // One rider of two is not enough.
    const typed = (name: string) => ({ method: 'typed', typedName: name, consent: true });
    await t.http().post(`/api/rentals/${rental._id}/agreement/signatures`).set('Authorization', user.bearer)
      .send({ riders: [{ position: 0, name: 'Ada Rider', birthDate: '1990-01-02', signature: typed('Ada Rider') }] }).expect(201);
    expect((await checkOut(admin, rental._id, { unitIds }).expect(409)).body.data.blockers).toEqual(['AGREEMENT_NOT_SIGNED']);
    await t.http().post(`/api/rentals/${rental._id}/agreement/signatures`).set('Authorization', user.bearer)
      .send({ riders: [{ position: 1, name: 'Ben Rider', birthDate: '1991-03-04', signature: typed('Ben Rider') }] }).expect(201);
    const done = await checkOut(admin, rental._id, { unitIds }).expect(200);
    expect(done.body.data.handover).toMatchObject({ overrideReason: null, overridden: [] });

    // An unsigned booking goes out only with a reason, and the record says the agreement was overridden.
    const forced = await checkOut(admin, other._id, { unitIds: [other.units[0]._id], overrideReason: 'Signed on paper at the counter' }).expect(200);
    expect(forced.body.data.handover).toMatchObject({ overrideReason: 'Signed on paper at the counter', overridden: ['AGREEMENT_NOT_SIGNED'] });
  });

  it('a scanned unit of the same bike replaces the reserved one; racing bookings never share a unit; a busy unit is 409 UNIT_BUSY', async () => {
    const admin = await createAdmin(t);
    const [a, b, c, d] = await Promise.all([createUser(t), createUser(t), createUser(t), createUser(t)]);
    const bike = await createBike(t, { quantity: 3 });
    const rental = await bookWithCard(a, bike.id, MINUTE, 2 * HOUR);
    t.clock.advance(2 * MINUTE);
    const units = await t.db.select().from(bikeUnits).where(eq(bikeUnits.bikeId, bike.id));
    const reserved = rental.units[0]._id;
    const other = units.find((u) => u.id !== reserved)!;

    // A unit of another bike is a 400 naming unitIds.
    const foreign = await createBike(t, { quantity: 1 });
    const [foreignUnit] = await t.db.select().from(bikeUnits).where(eq(bikeUnits.bikeId, foreign.id));
    expect(JSON.stringify((await checkOut(admin, rental._id, { unitIds: [foreignUnit.id] }).expect(400)).body)).toContain('unitIds');

    const window = { bikeId: bike.id, startTime: at(MINUTE), endTime: at(MINUTE + HOUR), quantity: 1 };
    const results = await Promise.all([
      checkOut(admin, rental._id, { unitIds: [other.id] }),
      ...[b, c, d].map((u) => t.http().post('/api/rentals').set('Authorization', u.bearer).send(window)),
    ]);
    // Either the swap went first, or a racer took the scanned unit first and the database refused the swap.
    const swapped = results[0].status === 200;
    if (swapped) expect(results[0].body.data.rental.units.map((u: { _id: string }) => u._id)).toEqual([other.id]);
    else expect(results[0].body).toMatchObject({ code: 'UNIT_BUSY' });
    const [mine] = await t.db.select().from(unitReservations).where(eq(unitReservations.rentalId, rental._id));
    expect(mine.unitId).toBe(swapped ? other.id : reserved);
    const booked = results.slice(1).filter((r) => r.status === 201).length;
    expect(results.slice(1).every((r) => r.status === 201 || r.status === 409)).toBe(true);
    expect(booked).toBe(2); // three units: the check-out's, and two for the three racers
    const overlaps = await t.db.execute(sql`
      select count(*)::int as n from ${unitReservations} r1 join ${unitReservations} r2
        on r1.unit_id = r2.unit_id and r1.id < r2.id and r1.period && r2.period`);
    expect((overlaps as unknown as { rows: { n: number }[] }).rows?.[0]?.n ?? (overlaps as unknown as { n: number }[])[0].n).toBe(0);

    // A later booking of this bike scans the unit the first rental took: it is out until then, the database refuses the overlap.
    const e = await createUser(t);
    const later = await bookWithCard(e, bike.id, 70 * MINUTE, HOUR);
    const firstUnit = swapped ? other.id : reserved;
    expect(later.units[0]._id).not.toBe(firstUnit);
    const busy = await checkOut(admin, later._id, { unitIds: [firstUnit] }).expect(409);
    expect(busy.body.code).toBe('UNIT_BUSY');
    expect(await t.db.select().from(rentalCheckouts).where(eq(rentalCheckouts.rentalId, later._id))).toHaveLength(0);
  });

  it('check-in returns the rental at the scan (late fee), keeps the photo and damage; the deposit is captured for the report; the customer is told', async () => {
    const admin = await createAdmin(t);
    const user = await createUser(t, { name: 'Rider One' });
    const bike = await createBike(t, { depositAmountCents: 10000, pricePerHourCents: 1000 });
    const rental = await bookWithCard(user, bike.id, MINUTE, 2 * HOUR);
    t.clock.advance(2 * MINUTE);
    const unitId = rental.units[0]._id;
    await checkOut(admin, rental._id, { unitIds: [unitId] }).expect(200);

    // Two hours and a half late (after the grace): three started hours of late fee.
    t.clock.advance(2 * HOUR + 150 * MINUTE);
    const photo = await upload(admin, rental._id, unitId, await cameraJpeg()).expect(201);
    const photoId = photo.body.data._id as string;
    expect(photo.body.data.width).toBeLessThanOrEqual(1600);
    const before = t.clock.now().getTime();
    const done = await checkIn(admin, rental._id, {
      units: [{ unitId, checklist: { ...okList, frame: 'damaged' }, notes: 'Scratch on the top tube', photoIds: [photoId], damage: [{ part: 'frame', severity: 'minor', cost: 30, description: 'scratch' }] }],
    }).expect(200);
    const body = done.body.data;
    expect(body.rental.status).toBe('returned');
    const returned = Date.parse(body.rental.returnTime);
    expect(returned).toBeGreaterThanOrEqual(before);
    expect(returned).toBeLessThanOrEqual(t.clock.now().getTime());
    expect(body.rental.lateFee).toBeGreaterThan(0);
    expect(body.rental.deposit.status).toBe('held');
    expect(body.handover.checkedInAt).toBe(body.rental.returnTime);
    expect(body.damageReports).toHaveLength(1);
    expect(body.damageReports[0]).toMatchObject({ unitId, severe: false, cost: 30, items: [{ part: 'frame', severity: 'minor', cost: 30 }] });
    expect(body.damageReports[0].photos.map((p: { _id: string }) => p._id)).toEqual([photoId]);
    expect(body.conditions[0].checklist.frame).toBe('damaged');
    const types = await eventTypes();
    expect(types).toEqual(expect.arrayContaining(['rental.checked_in', 'damage.reported', 'rental.returned']));
    await checkIn(admin, rental._id, { units: [{ unitId, checklist: okList }] }).expect(409);

    // The deposit screen: keep 20 for the damage report; the rest is released; the summary email carries the photo.
    const reportId = body.damageReports[0]._id as string;
    const kept = await t.http().post(`/api/counter/rentals/${rental._id}/deposit`).set('Authorization', admin.bearer).send({ action: 'capture', amount: 20, damageReportId: reportId }).expect(200);
    expect(kept.body.data.rental.deposit).toMatchObject({ status: 'partially_captured', capturedAmount: 20 });
    expect(kept.body.data.rental.deposit.reason).toContain('frame (minor)');
    expect(kept.body.data.damageReports[0].depositKept).toBe(20);
    await t.http().post(`/api/counter/rentals/${rental._id}/deposit`).set('Authorization', admin.bearer).send({ action: 'release' }).expect(409);
    const emails = await renderedOutbox(t, eq(outboxEmails.kind, 'check_in_summary'));
    expect(emails).toHaveLength(1);
    expect(emails[0].textBody).toContain('Kept');
    expect(emails[0].textBody).toContain('scratch');
    expect(emails[0].attachments).toEqual([{ kind: 'photo', refId: `photos/${rental._id}/${photoId}.jpg` }]);

    // The customer sees the report on their rental, with the photo.
    const mine = await t.http().get('/api/counter/my-reports').set('Authorization', user.bearer).expect(200);
    expect(mine.body.data).toHaveLength(1);
    expect(mine.body.data[0].damageReports[0].photos[0].url).toBe(`/api/counter/photos/${photoId}`);
  });

  it("the deposit reason a damage report gives is said in the customer's language (German, Bangla); English as before", async () => {
    const admin = await createAdmin(t);
    const bike = await createBike(t, { depositAmountCents: 10000, pricePerHourCents: 1000, quantity: 3 });
    const reasons: Record<string, string> = {};
    for (const language of ['de', 'bn', null] as const) {
      const user = await createUser(t);
      if (language) await t.http().put('/api/users/me').set('Authorization', user.bearer).send({ language }).expect(200);
      const rental = await bookWithCard(user, bike.id, MINUTE, 2 * HOUR);
      t.clock.advance(2 * MINUTE);
      const unitId = rental.units[0]._id;
      await checkOut(admin, rental._id, { unitIds: [unitId] }).expect(200);
      const done = await checkIn(admin, rental._id, {
        units: [{ unitId, checklist: { ...okList, frame: 'damaged', brakes: 'worn' }, damage: [{ part: 'frame', severity: 'minor', cost: 30, description: 'scratch' }, { part: 'brakes', severity: 'moderate', cost: 10 }] }],
      }).expect(200);
      const reportId = done.body.data.damageReports[0]._id as string;
      const kept = await t.http().post(`/api/counter/rentals/${rental._id}/deposit`).set('Authorization', admin.bearer).send({ action: 'capture', amount: 20, damageReportId: reportId }).expect(200);
      reasons[language ?? 'en'] = kept.body.data.rental.deposit.reason as string;
      // What the customer reads on their rental is the same text.
      const theirs = await t.http().get('/api/rentals').set('Authorization', user.bearer).expect(200);
      expect((theirs.body.data as { _id: string; deposit: { reason: string } }[]).find((r) => r._id === rental._id)?.deposit.reason).toBe(reasons[language ?? 'en']);
    }
    expect(reasons.de).toBe('Schadensbericht: Rahmen (leicht): scratch; Bremsen (mittel)');
    expect(reasons.bn).not.toMatch(/Damage|frame|minor|brakes|moderate/);
    expect(reasons.en).toBe('Damage report: frame (minor): scratch; brakes (moderate)');
  });

  it('a rental handed over without a scan (booked online) is checked in once it started: the hand-over is recorded as at its start', async () => {
    const admin = await createAdmin(t);
    const user = await createUser(t);
    const bike = await createBike(t, { pricePerHourCents: 1000, quantity: 2 });
    const rental = await bookWithCard(user, bike.id, 30 * MINUTE, 2 * HOUR);
    const unitId = rental.units[0]._id;
    const booked = await t.http().get(`/api/counter/rentals/${rental._id}`).set('Authorization', admin.bearer).expect(200);
    const startTime = booked.body.data.rental.startTime as string;

    // Before its start nothing went out: there is nothing to take back (and nothing is written).
    const early = await checkIn(admin, rental._id, { units: [{ unitId, checklist: okList }] }).expect(409);
    expect(early.body.code).toBe('NOT_STARTED');
    expect((await t.http().get(`/api/counter/rentals/${rental._id}`).set('Authorization', admin.bearer).expect(200)).body.data.canCheckIn).toBe(false);
    expect(await t.db.select().from(rentalCheckouts)).toHaveLength(0);

    // The customer took the bike at the start without a scan and brings it back an hour and a half late.
    t.clock.advance(30 * MINUTE + 2 * HOUR + 90 * MINUTE);
    const unit = await t.http().get(`/api/counter/units/${unitId}`).set('Authorization', admin.bearer).expect(200);
    expect(unit.body.data.rentals[0]).toMatchObject({ rental: { _id: rental._id }, canCheckIn: true, handover: { checkedOutAt: null } });

    // Two staff phones scan it at once: one check-in, one hand-over row.
    // Either may win the race: each phone's notes tell which one's report was kept (only the winner's).
    const [a, b] = await Promise.all([
      checkIn(admin, rental._id, { units: [{ unitId, checklist: okList, notes: 'Came back muddy' }] }),
      checkIn(admin, rental._id, { units: [{ unitId, checklist: okList, notes: 'Muddy, chain dry' }] }),
    ]);
    expect([a.status, b.status].sort()).toEqual([200, 409]);
    const done = (a.status === 200 ? a : b).body.data;
    const keptNotes = a.status === 200 ? 'Came back muddy' : 'Muddy, chain dry';
    expect(done.rental.status).toBe('returned');
    expect(done.handover).toMatchObject({ checkedOutAt: startTime, recordedAtCheckIn: true, overridden: [], overrideReason: null });
    expect(done.handover.checkedInAt).toBe(done.rental.returnTime);
    expect(done.rental.lateFee).toBeGreaterThan(0);
    expect(done.canCheckIn).toBe(false);
    expect(done.conditions).toEqual([expect.objectContaining({ unitId, stage: 'check_in', notes: keptNotes })]);
    const rows = await t.db.select().from(rentalCheckouts).where(eq(rentalCheckouts.rentalId, rental._id));
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ recordedAtCheckIn: true, staffId: null, checkedInBy: admin.id });
    // It was not handed over at the counter: no rental.checked_out after the fact; checked in and returned.
    const types = await eventTypes();
    expect(types).toEqual(expect.arrayContaining(['rental.checked_in', 'rental.returned']));
    expect(types).not.toContain('rental.checked_out');
    expect((await checkOut(admin, rental._id, { unitIds: [unitId] }).expect(409)).body.code).toBe('ALREADY_RETURNED');
  });

  it('the check-in checklist is complete and checked per unit (battery on electric bikes only); it shows on the unit history and the customer\'s rental', async () => {
    const admin = await createAdmin(t);
    const user = await createUser(t);
    const stranger = await createUser(t);
    const ebike = await createBike(t, { cc: 0, name: 'City E-Bike', quantity: 2 });
    const rental = await bookWithCard(user, ebike.id, MINUTE, HOUR, 'visa', 2);
    const [u0, u1] = rental.units.map((u) => u._id);
    t.clock.advance(2 * MINUTE);
    await checkOut(admin, rental._id, { unitIds: [u0, u1] }).expect(200);
    const scanned = await t.http().get(`/api/counter/units/${u0}`).set('Authorization', admin.bearer).expect(200);
    expect(scanned.body.data.unit.electric).toBe(true);
    t.clock.advance(HOUR);

    const full = { frame: 'ok', wheels: 'ok', brakes: 'ok', lights: 'ok', lock: 'ok', battery: 'ok' };
    const { lock: _lock, ...noLock } = full;
    const { battery: _battery, ...noBattery } = full;
    const refused: [Record<string, unknown>, Record<string, unknown>, string][] = [
      [{ ...full, saddle: 'ok' }, full, 'units[0].checklist.saddle'],
      [full, { ...full, brakes: 'squeaky' }, 'units[1].checklist.brakes'],
      [full, noLock, 'units[1].checklist.lock'],
      [noBattery, full, 'units[0].checklist.battery'],
      [{ ...full, battery: 'na' }, full, 'units[0].checklist.battery'],
    ];
    for (const [first, second, path] of refused) {
      const res = await checkIn(admin, rental._id, { units: [{ unitId: u0, checklist: first }, { unitId: u1, checklist: second }] }).expect(400);
      expect(res.body.errors).toEqual([expect.objectContaining({ path })]);
    }
    // Nothing of a refused check-in is kept.
    expect((await t.http().get(`/api/counter/rentals/${rental._id}`).set('Authorization', admin.bearer).expect(200)).body.data).toMatchObject({ conditions: [], canCheckIn: true, rental: { status: 'booked' } });

    const worn = { ...full, battery: 'worn', lights: 'missing' };
    const done = await checkIn(admin, rental._id, { units: [{ unitId: u0, checklist: worn, notes: 'Battery holds 60 %' }, { unitId: u1, checklist: full }] }).expect(200);
    expect(done.body.data.conditions.map((c: { unitId: string; checklist: unknown }) => [c.unitId, c.checklist])).toEqual([[u0, worn], [u1, full]]);

    // The unit's history shows its checklist; so does the customer's rental; nobody else's.
    const history = await t.http().get(`/api/counter/units/${u0}`).set('Authorization', admin.bearer).expect(200);
    expect(history.body.data.conditions).toEqual([expect.objectContaining({ rentalId: rental._id, stage: 'check_in', checklist: worn, notes: 'Battery holds 60 %' })]);
    const mine = await t.http().get('/api/counter/my-reports').set('Authorization', user.bearer).expect(200);
    expect(mine.body.data).toEqual([expect.objectContaining({ rentalId: rental._id, damageReports: [] })]);
    expect(mine.body.data[0].conditions.map((c: { unitId: string; checklist: unknown }) => [c.unitId, c.checklist])).toEqual([[u0, worn], [u1, full]]);
    expect((await t.http().get('/api/counter/my-reports').set('Authorization', stranger.bearer).expect(200)).body.data).toEqual([]);

    // A bike that is not electric has no battery: leave it out (or n/a, not kept); a battery state is a 400.
    const bike = await createBike(t, { cc: 150, quantity: 1 });
    const other = await bookWithCard(user, bike.id, MINUTE, HOUR);
    t.clock.advance(2 * MINUTE);
    await checkOut(admin, other._id, { unitIds: [other.units[0]._id] }).expect(200);
    const battery = await checkIn(admin, other._id, { units: [{ unitId: other.units[0]._id, checklist: full }] }).expect(400);
    expect(battery.body.errors).toEqual([expect.objectContaining({ path: 'units[0].checklist.battery' })]);
    const plain = await checkIn(admin, other._id, { units: [{ unitId: other.units[0]._id, checklist: { ...full, battery: 'na' } }] }).expect(200);
    expect(plain.body.data.conditions[0].checklist).toEqual(noBattery);
  });

  it('photos: content checked, EXIF stripped, scaled; not an image or too large is a 400 naming photo with nothing stored; others get 404', async () => {
    const admin = await createAdmin(t);
    const owner = await createUser(t);
    const stranger = await createUser(t);
    const bike = await createBike(t);
    const rental = await bookWithCard(owner, bike.id, MINUTE, HOUR);
    const unitId = rental.units[0]._id;

    const notImage = await upload(admin, rental._id, unitId, Buffer.from('%PDF-1.4 not a photo at all'.repeat(20)), 'bike.jpg', 'image/jpeg').expect(400);
    expect(notImage.body.errors).toEqual([expect.objectContaining({ path: 'photo' })]);
    const fakeJpeg = await upload(admin, rental._id, unitId, Buffer.concat([Buffer.from([0xff, 0xd8, 0xff, 0xe0]), Buffer.alloc(2000, 7)])).expect(400);
    expect(fakeJpeg.body.errors[0].path).toBe('photo');
    const noise = await sharp(randomBytes(400 * 400 * 3), { raw: { width: 400, height: 400, channels: 3 } }).png().toBuffer();
    expect(noise.length).toBeGreaterThan(PHOTO_MAX);
    const tooBig = await upload(admin, rental._id, unitId, noise, 'big.png', 'image/png').expect(400);
    expect(tooBig.body.errors[0]).toMatchObject({ path: 'photo' });
    expect(tooBig.body.message).toContain('too large');
    const noUnit = await upload(admin, rental._id, (await createBike(t, { quantity: 1 })).id, await cameraJpeg(400, 300)).expect(400);
    expect(noUnit.body.errors[0].path).toBe('unitId');
    expect(await t.db.select().from(conditionPhotos)).toHaveLength(0);
    expect(storedFiles(rental._id)).toEqual([]);

    const jpeg = await cameraJpeg();
    expect((await sharp(jpeg).metadata()).exif).toBeDefined();
    const stored = await upload(admin, rental._id, unitId, jpeg, 'IMG_0001.HEIC', 'image/heic').expect(201);
    const id = stored.body.data._id as string;
    expect(storedFiles(rental._id)).toHaveLength(1);
    const got = await t.http().get(`/api/counter/photos/${id}`).set('Authorization', owner.bearer).buffer(true).parse(binary).expect(200);
    expect(got.headers['content-type']).toBe('image/jpeg');
    const meta = await sharp(got.body as Buffer).metadata();
    expect(meta.exif).toBeUndefined();
    expect(Math.max(meta.width!, meta.height!)).toBe(1600);
    await t.http().get(`/api/counter/photos/${id}`).set('Authorization', admin.bearer).expect(200);
    await t.http().get(`/api/counter/photos/${id}`).set('Authorization', stranger.bearer).expect(404);
    await t.http().get(`/api/counter/photos/${id}`).expect(401);
  });

  it('a HEIC photo (HEVC, as an iPhone sends it) is decoded without native HEIF support, stripped of its EXIF and stored as JPEG; a broken one is a 400', async () => {
    const admin = await createAdmin(t);
    const owner = await createUser(t);
    const bike = await createBike(t);
    const rental = await bookWithCard(owner, bike.id, MINUTE, HOUR);
    const unitId = rental.units[0]._id;
    // A real HEIC file (test/fixtures/photos/README.md): left half red, right half blue, EXIF with a GPS position.
    const heic = readFileSync(join(FIXTURES, 'red-blue-gps.heic'));
    expect(heic.toString('ascii', 4, 12)).toBe('ftypheic');
    expect(heic.includes('iPhone')).toBe(true);

    // Broken: the header of a HEIC and nothing behind it is refused, naming photo, and nothing is stored.
    const broken = await upload(admin, rental._id, unitId, heic.subarray(0, 200), 'IMG_0002.HEIC', 'image/heic').expect(400);
    expect(broken.body.errors).toEqual([expect.objectContaining({ path: 'photo' })]);
    expect(await t.db.select().from(conditionPhotos)).toHaveLength(0);
    expect(storedFiles(rental._id)).toEqual([]);

    const stored = await upload(admin, rental._id, unitId, heic, 'IMG_0001.HEIC', 'image/heic').expect(201);
    expect(stored.body.data).toMatchObject({ width: 320, height: 240 });
    const got = await t.http().get(`/api/counter/photos/${stored.body.data._id}`).set('Authorization', owner.bearer).buffer(true).parse(binary).expect(200);
    expect(got.headers['content-type']).toBe('image/jpeg');
    const jpeg = got.body as Buffer;
    const meta = await sharp(jpeg).metadata();
    expect(meta).toMatchObject({ format: 'jpeg', width: 320, height: 240 });
    expect(meta.exif).toBeUndefined();
    expect(jpeg.includes('iPhone')).toBe(false);
    // The pixels are the photo's: red on the left, blue on the right.
    const { data, info } = await sharp(jpeg).raw().toBuffer({ resolveWithObject: true });
    const px = (x: number, y: number) => Array.from(data.subarray((y * info.width + x) * info.channels, (y * info.width + x) * info.channels + 3));
    const [lr, lg, lb] = px(40, 120);
    const [rr, rg, rb] = px(280, 120);
    expect(lr).toBeGreaterThan(180);
    expect(Math.max(lg, lb)).toBeLessThan(90);
    expect(rb).toBeGreaterThan(180);
    expect(Math.max(rr, rg)).toBeLessThan(130);
    expect(storedFiles(rental._id)).toHaveLength(1);
  });

  it('severe damage puts the unit into maintenance and moves its future booking to another unit', async () => {
    const admin = await createAdmin(t);
    const user = await createUser(t);
    const next = await createUser(t);
    const bike = await createBike(t, { quantity: 2 });
    const rental = await bookWithCard(user, bike.id, MINUTE, HOUR);
    const future = await bookWithCard(next, bike.id, 5 * HOUR, HOUR);
    const unitId = rental.units[0]._id;
    // The next booking is on the same unit (the other one is free then).
    await t.db.update(unitReservations).set({ unitId }).where(eq(unitReservations.rentalId, future._id));
    t.clock.advance(2 * MINUTE);
    await checkOut(admin, rental._id, { unitIds: [unitId] }).expect(200);
    t.clock.advance(HOUR);
    const done = await checkIn(admin, rental._id, { units: [{ unitId, checklist: { ...okList, brakes: 'damaged' }, damage: [{ part: 'brakes', severity: 'severe', cost: 80 }] }] }).expect(200);
    expect(done.body.data.maintenance).toEqual([expect.objectContaining({ unitId, done: true })]);
    const [unit] = await t.db.select().from(bikeUnits).where(eq(bikeUnits.id, unitId));
    expect(unit.status).toBe('maintenance');
    const [moved] = await t.db.select().from(unitReservations).where(eq(unitReservations.rentalId, future._id));
    expect(moved.unitId).not.toBe(unitId);
    const history = await t.http().get(`/api/counter/units/${unitId}`).set('Authorization', admin.bearer).expect(200);
    expect(history.body.data.unit.status).toBe('maintenance');
    expect(history.body.data.damageReports[0]).toMatchObject({ severe: true, cost: 80 });
    expect((await t.db.select().from(damageReports).where(and(eq(damageReports.unitId, unitId), eq(damageReports.severe, true))))).toHaveLength(1);
  });

  it('scans by label or QR URL; prints the A4 label sheet of a bike or the fleet', async () => {
    const admin = await createAdmin(t);
    const created = await t.http().post('/api/bikes').set('Authorization', admin.bearer).send(bikeBody({ name: 'Label Tester', brand: 'Lbl', quantity: 2 })).expect(201);
    const bikeId = created.body.data._id as string;
    const units = await t.db.select().from(bikeUnits).where(eq(bikeUnits.bikeId, bikeId));
    const byLabel = await t.http().get('/api/counter/scan').query({ code: units[0].label.toUpperCase() }).set('Authorization', admin.bearer).expect(200);
    expect(byLabel.body.data).toEqual([expect.objectContaining({ _id: units[0].id, bikeName: 'Label Tester' })]);
    const byUrl = await t.http().get('/api/counter/scan').query({ code: `https://shop.example/dashboard/counter?unit=${units[1].id}` }).set('Authorization', admin.bearer).expect(200);
    expect(byUrl.body.data[0]._id).toBe(units[1].id);
    const pdf = await t.http().get('/api/counter/labels').query({ bikeId }).set('Authorization', admin.bearer).buffer(true).parse(binary).expect(200);
    expect(pdf.headers['content-type']).toBe('application/pdf');
    const text = pdfTextLines(pdf.body as Buffer).join('\n');
    for (const u of units) expect(text).toContain(u.label);
    expect(text).toContain('Label Tester');

    // Looked at as an image: each label's QR code, as a phone's camera would read it off the printed sheet, holds its unit's staff URL.
    const pages = await renderPdfPages(pdf.body as Buffer, 2);
    savePages(pages, 'counter-label-sheet');
    expect(pages).toHaveLength(1);
    expect(pages[0].width).toBe(Math.round(210 * PX_PER_MM)); // A4 portrait
    const slot = (i: number) => crop(pages[0], Math.round((7.2 + (i % 3) * 66) * PX_PER_MM), Math.round((15.15 + Math.floor(i / 3) * 38.1) * PX_PER_MM), Math.round(63.5 * PX_PER_MM), Math.round(38.1 * PX_PER_MM));
    const read = (i: number) => readQr(slot(i));
    const sorted = [...units].sort((a, b) => a.label.localeCompare(b.label));
    for (const [i, u] of sorted.entries()) expect(read(i)).toMatch(new RegExp(`^https?://[^/]+/dashboard/counter\\?unit=${u.id}$`));
    expect(read(2)).toBeNull(); // two units: the third label of the row is blank
    await t.http().get('/api/counter/labels').set('Authorization', admin.bearer).expect(200);
    const user = await createUser(t);
    await t.http().get('/api/counter/labels').set('Authorization', user.bearer).expect(403);
  });
});
