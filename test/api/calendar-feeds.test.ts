import ICAL from 'ical.js';
import fc from 'fast-check';
import { nextDate, startOfDate, wallClock } from '../../src/common/opening-hours.js';
import { createBike } from '../support/bike-factories.js';
import { createAdmin, createUser, TestUser } from '../support/factories.js';
import { bookAndPay, HOUR, rentalTestEnv } from '../support/rental-factories.js';
import { useTestApp } from '../support/test-app.js';

const ZONE = 'Europe/Berlin';
const DAY = 24 * HOUR;
const iso = (ms: number) => new Date(ms).toISOString();
const WEEK = ['monday', 'tuesday', 'wednesday', 'thursday', 'friday', 'saturday', 'sunday'];

/** Issue 26: the availability calendar, opening hours and the calendar feeds. PGlite, and the PostgreSQL server with TEST_DATABASE_URL. */
describe('Availability calendar, opening hours and calendar feeds', () => {
  const t = useTestApp({ ...rentalTestEnv, SHOP_TIME_ZONE: ZONE, MAX_PENDING_BOOKINGS: '1000', SHOP_NAME: 'Okay Bike Test' });
  let admin: TestUser;
  let customer: TestUser;

  beforeEach(async () => {
    admin = await createAdmin(t);
    customer = await createUser(t, { name: 'Anna Maria Schmidt' });
  });

  const now = () => t.clock.now().getTime();
  const today = () => wallClock(t.clock.now(), ZONE).date;
  const plusDays = (date: string, n: number) => new Date(Date.parse(`${date}T00:00:00Z`) + n * DAY).toISOString().slice(0, 10);
  const dayStart = (date: string) => startOfDate(date, ZONE).getTime();
  const calendar = (bikeId: string, from: string, to: string, quantity?: number) =>
    t.http().get(`/api/bikes/${bikeId}/calendar`).query({ from, to, ...(quantity ? { quantity } : {}) });
  const bookWindow = (user: TestUser, bikeId: string, start: number, end: number | null, quantity = 1) =>
    t.http().post('/api/rentals').set('Authorization', user.bearer).send({ bikeId, startTime: iso(start), ...(end === null ? {} : { endTime: iso(end) }), quantity });
  const setHours = (body: Record<string, unknown>) => t.http().put('/api/shop/hours').set('Authorization', admin.bearer).send(body);
  const weekdays = (hours: Record<string, { open: string; close: string } | 'closed'>) =>
    WEEK.map((day) => (hours[day] === 'closed' ? { day, closed: true } : { day, ...(hours[day] as object) }));

  describe('GET /api/bikes/{id}/calendar', () => {
    it('answers free, partial and booked days for the quantity asked, in the shop zone', async () => {
      const bike = await createBike(t, { quantity: 2 });
      const d1 = plusDays(today(), 2);
      const d2 = plusDays(today(), 3);
      // d1: one unit held 10:00-12:00 (one unit free all day, both free at other times); d2: both held all day, [00:00, 24:00).
      await bookWindow(customer, bike.id, dayStart(d1) + 10 * HOUR, dayStart(d1) + 12 * HOUR).expect(201);
      await bookWindow(customer, bike.id, dayStart(d2), dayStart(plusDays(d2, 1)), 2).expect(201);

      const one = await calendar(bike.id, d1, plusDays(d1, 2)).expect(200);
      expect(one.body.data).toMatchObject({ bikeId: bike.id, quantity: 1, totalUnits: 2, timeZone: ZONE });
      expect(one.body.data.days).toEqual([
        { date: d1, status: 'free', freeUnits: 1 },
        { date: d2, status: 'booked', freeUnits: 0 },
        { date: plusDays(d1, 2), status: 'free', freeUnits: 2 },
      ]);
      const two = await calendar(bike.id, d1, d2, 2).expect(200);
      expect(two.body.data.days).toEqual([
        { date: d1, status: 'partial', freeUnits: 1 },
        { date: d2, status: 'booked', freeUnits: 0 },
      ]);
    });

    it('days already over are booked; today counts only what is left of it', async () => {
      const bike = await createBike(t, { quantity: 1 });
      const res = await calendar(bike.id, plusDays(today(), -1), today()).expect(200);
      expect(res.body.data.days[0]).toEqual({ date: plusDays(today(), -1), status: 'booked', freeUnits: 0 });
      expect(res.body.data.days[1]).toEqual({ date: today(), status: 'free', freeUnits: 1 });
    });

    it('a switched-off bike is booked every day; an unknown bike is 404', async () => {
      const bike = await createBike(t, { quantity: 2, isAvailable: false });
      const res = await calendar(bike.id, today(), plusDays(today(), 1)).expect(200);
      expect(res.body.data.days.map((d: { status: string }) => d.status)).toEqual(['booked', 'booked']);
      await calendar('00000000-0000-4000-8000-000000000000', today(), today()).expect(404);
    });

    it('refuses bad ranges with a 400 naming the field', async () => {
      const bike = await createBike(t, { quantity: 1 });
      const cases: [Record<string, string | number>, string][] = [
        [{ from: '2026-13-01', to: '2026-12-01' }, 'from'],
        [{ from: '2026-02-30', to: '2026-03-01' }, 'from'],
        [{ from: today(), to: 'tomorrow' }, 'to'],
        [{ from: today(), to: plusDays(today(), -1) }, 'to'],
        [{ from: today(), to: plusDays(today(), 92) }, 'to'],
        [{ from: today(), to: today(), quantity: 0 }, 'quantity'],
        [{ to: today() }, 'from'],
      ];
      for (const [query, field] of cases) {
        const res = await t.http().get(`/api/bikes/${bike.id}/calendar`).query(query).expect(400);
        expect(res.body.errors.map((e: { path: string }) => e.path)).toContain(field);
      }
      // 92 days, both included, is the most.
      const most = await calendar(bike.id, today(), plusDays(today(), 91)).expect(200);
      expect(most.body.data.days).toHaveLength(92);
    });

    it("matches the engine's availability for random timelines (property)", async () => {
      const booking = fc.record({ offsetHours: fc.integer({ min: 0, max: 8 * 24 }), hours: fc.integer({ min: 1, max: 60 }), quantity: fc.integer({ min: 1, max: 2 }) });
      await fc.assert(
        fc.asyncProperty(fc.array(booking, { minLength: 0, maxLength: 10 }), fc.integer({ min: 1, max: 3 }), async (bookings, quantity) => {
          await t.reset();
          const user = await createUser(t);
          const bike = await createBike(t, { quantity: 3 });
          for (const b of bookings) {
            const start = now() + HOUR + b.offsetHours * HOUR;
            const res = await bookWindow(user, bike.id, start, start + b.hours * HOUR, b.quantity);
            expect([201, 409]).toContain(res.status);
          }
          const from = today();
          const to = plusDays(from, 7);
          const days = (await calendar(bike.id, from, to, quantity).expect(200)).body.data.days as { date: string; status: string; freeUnits: number }[];
          expect(days).toHaveLength(8);
          for (const day of days) {
            const start = Math.max(dayStart(day.date), now() + 1000);
            const end = dayStart(nextDate(day.date));
            // The engine's answers: units free over the day (the quote's `available`) and free units over time.
            const quoted = await t.http().get(`/api/bikes/${bike.id}/quote`).query({ startTime: iso(start), endTime: iso(end), quantity }).expect(200);
            expect(day.freeUnits).toBe(quoted.body.data.available);
            const steps = await t.http().get(`/api/bikes/${bike.id}/availability`).query({ from: iso(start), to: iso(end) }).expect(200);
            const mostAtOnce = Math.max(...steps.body.data.intervals.map((s: { free: number }) => s.free));
            const expected = quoted.body.data.available >= quantity ? 'free' : mostAtOnce >= quantity ? 'partial' : 'booked';
            expect(day.status).toBe(expected);
          }
        }),
        { numRuns: 8 },
      );
    });
  });

  describe('opening hours', () => {
    it('with no hours set every time is open (older clients unchanged)', async () => {
      const bike = await createBike(t, { quantity: 1 });
      const hours = await t.http().get('/api/shop/hours').expect(200);
      expect(hours.body.data).toEqual({ timeZone: ZONE, openingHours: null, closedDates: [] });
      const sunday3am = dayStart(plusDays(today(), 1 + ((6 - wallClock(new Date(dayStart(plusDays(today(), 1))), ZONE).weekday + 7) % 7))) + 3 * HOUR;
      await bookWindow(customer, bike.id, sunday3am, sunday3am + HOUR).expect(201);
    });

    it('admins set them; pick-up and return outside them are a 400 naming the field, in the quote and the booking', async () => {
      const bike = await createBike(t, { quantity: 2 });
      const res = await setHours({ openingHours: weekdays({ monday: { open: '09:00', close: '18:00' }, tuesday: { open: '09:00', close: '18:00' }, wednesday: { open: '09:00', close: '18:00' }, thursday: { open: '09:00', close: '18:00' }, friday: { open: '09:00', close: '18:00' }, saturday: { open: '10:00', close: '14:00' }, sunday: 'closed' }), closedDates: [plusDays(today(), 20)] }).expect(200);
      expect(res.body.data.openingHours[6]).toEqual({ day: 'sunday', open: null, close: null });
      expect((await t.http().get('/api/shop/hours').expect(200)).body.data.closedDates).toEqual([plusDays(today(), 20)]);

      // The next Wednesday, 2 to 9 days ahead.
      let wed = plusDays(today(), 2);
      while (wallClock(new Date(dayStart(wed) + 12 * HOUR), ZONE).weekday !== 2) wed = nextDate(wed);
      const at = (date: string, h: number) => dayStart(date) + h * HOUR;
      const quote = (start: number, end: number) => t.http().get(`/api/bikes/${bike.id}/quote`).query({ startTime: iso(start), endTime: iso(end) });

      await quote(at(wed, 9), at(wed, 18)).expect(200);
      const early = await quote(at(wed, 8), at(wed, 12)).expect(400);
      expect(early.body).toMatchObject({ code: 'SHOP_CLOSED', errors: [{ path: 'startTime' }] });
      expect(early.body.message).toContain('09:00-18:00 on Wednesdays');
      const late = await bookWindow(customer, bike.id, at(wed, 10), at(wed, 19)).expect(400);
      expect(late.body).toMatchObject({ code: 'SHOP_CLOSED', errors: [{ path: 'endTime' }] });
      const sunday = plusDays(wed, 4);
      const closed = await bookWindow(customer, bike.id, at(wed, 10), at(sunday, 12)).expect(400);
      expect(closed.body.message).toContain('closed on Sundays');
      const holiday = await quote(at(plusDays(today(), 20), 10), at(plusDays(today(), 20), 11)).expect(400);
      expect(holiday.body.message).toContain(`closed on ${plusDays(today(), 20)}`);
      await bookWindow(customer, bike.id, at(wed, 10), at(plusDays(wed, 1), 9)).expect(201);

      // The calendar shows closed days as closed.
      const cal = await calendar(bike.id, wed, sunday).expect(200);
      expect(cal.body.data.days.map((d: { status: string }) => d.status)).toEqual(['free', 'free', 'free', 'free', 'closed']);

      // Setting null opens every time again.
      await setHours({ openingHours: null }).expect(200);
      await quote(at(wed, 3), at(wed, 4)).expect(200);
    });

    it('refuses ill-formed hours naming the field; only admins may set them', async () => {
      const all = weekdays(Object.fromEntries(WEEK.map((d) => [d, { open: '09:00', close: '17:00' }])));
      const cases: [Record<string, unknown>, string][] = [
        [{ openingHours: all.slice(0, 6) }, 'openingHours'],
        [{ openingHours: [...all.slice(0, 6), { ...all[0] }] }, 'openingHours.6.day'],
        [{ openingHours: [{ day: 'monday', open: '18:00', close: '09:00' }, ...all.slice(1)] }, 'openingHours.0.close'],
        [{ openingHours: [{ day: 'monday', open: '9am', close: '17:00' }, ...all.slice(1)] }, 'openingHours.0.open'],
        [{ openingHours: [{ day: 'monday', closed: true, open: '09:00' }, ...all.slice(1)] }, 'openingHours.0.open'],
        [{ openingHours: [{ day: 'funday', open: '09:00', close: '17:00' }, ...all.slice(1)] }, 'openingHours.0.day'],
        [{ closedDates: ['2026-02-30'] }, 'closedDates.0'],
        [{ closedDates: 'christmas' }, 'closedDates'],
      ];
      for (const [body, field] of cases) {
        const res = await setHours(body).expect(400);
        expect(res.body.errors.map((e: { path: string }) => e.path)).toContain(field);
      }
      expect((await t.http().get('/api/shop/hours').expect(200)).body.data.openingHours).toBeNull();
      await t.http().put('/api/shop/hours').set('Authorization', customer.bearer).send({ openingHours: all }).expect(403);
      await t.http().put('/api/shop/hours').send({ openingHours: all }).expect(401);
    });
  });

  describe('calendar feeds', () => {
    const parse = (text: string) => new ICAL.Component(ICAL.parse(text)).getAllSubcomponents('vevent').map((e) => new ICAL.Event(e));

    it('staff subscribe to the shop, a bike and a unit at secret URLs showing first names and booking numbers only', async () => {
      const bike = await createBike(t, { quantity: 2, name: 'Trek FX 3' });
      const start = now() + 2 * DAY;
      const booked = await bookAndPay(t, customer, bike.id, { startTime: iso(start) });
      // A fixed window for the handover pair.
      const fixed = await bookWindow(customer, bike.id, start + 3 * DAY, start + 3 * DAY + 5 * HOUR).expect(201);
      await t.http().post(new URL(fixed.body.data.payment_url).pathname).type('form').send({ outcome: 'pay' }).expect(303);
      // An unpaid hold is not on the feeds.
      await bookWindow(customer, bike.id, start + 10 * DAY, start + 11 * DAY).expect(201);

      const urls = (await t.http().get('/api/shop/feeds').set('Authorization', admin.bearer).expect(200)).body.data;
      const path = (url: string) => new URL(url).pathname;
      const shop = await t.http().get(path(urls.shop)).expect(200);
      expect(shop.headers['content-type']).toMatch(/^text\/calendar/);
      expect(shop.headers['cache-control']).toBe('private, no-store');
      const events = parse(shop.text);
      expect(events.map((e) => e.summary).sort()).toEqual(
        [
          `Pick-up: Trek FX 3 · Anna (${booked.rental.paymentId})`,
          `Pick-up: Trek FX 3 · Anna (${fixed.body.data.rental.paymentId})`,
          `Return: Trek FX 3 · Anna (${fixed.body.data.rental.paymentId})`,
        ].sort(),
      );
      const pickup = events.find((e) => e.summary.includes(booked.rental.paymentId))!;
      expect(pickup.startDate.toJSDate().getTime()).toBe(start - (start % 1000));
      for (const forbidden of ['Schmidt', 'Maria', customer.email]) expect(shop.text).not.toContain(forbidden);

      const bikeFeed = parse((await t.http().get(path(urls.bike.replace('{bikeId}', bike.id))).expect(200)).text);
      expect(bikeFeed).toHaveLength(2);
      const window = bikeFeed.find((e) => e.summary.includes(fixed.body.data.rental.paymentId))!;
      expect(window.endDate.toJSDate().getTime() - window.startDate.toJSDate().getTime()).toBe(5 * HOUR);
      expect(bikeFeed.find((e) => e.summary.includes(booked.rental.paymentId))!.summary).toContain('(open-ended)');

      const unitId = fixed.body.data.rental.units[0]._id as string;
      const unitFeed = parse((await t.http().get(path(urls.unit.replace('{unitId}', unitId))).expect(200)).text);
      expect(unitFeed.map((e) => e.summary)).toContain(`Trek FX 3 · Anna (${fixed.body.data.rental.paymentId})`);

      // A wrong token is a 404; rotating ends the old URLs.
      await t.http().get(path(urls.shop).replace(/feeds\/[^/]+/, 'feeds/not-the-token')).expect(404);
      const rotated = (await t.http().post('/api/shop/feeds/rotate').set('Authorization', admin.bearer).expect(200)).body.data;
      expect(rotated.shop).not.toBe(urls.shop);
      await t.http().get(path(urls.shop)).expect(404);
      await t.http().get(path(rotated.shop)).expect(200);
      await t.http().get('/api/shop/feeds').set('Authorization', customer.bearer).expect(403);
    });

    it('a customer adds a booking to a calendar; another customer gets 404', async () => {
      const bike = await createBike(t, { quantity: 1, name: 'Brompton C' });
      const start = now() + DAY;
      const res = await bookWindow(customer, bike.id, start, start + 3 * HOUR).expect(201);
      const id = res.body.data.rental._id as string;
      const ics = await t.http().get(`/api/rentals/${id}/calendar.ics`).set('Authorization', customer.bearer).expect(200);
      const [event] = parse(ics.text);
      expect(event.summary).toContain('Brompton C');
      expect(event.location).toBeTruthy();
      expect(event.startDate.toJSDate().toISOString()).toBe(new Date(start - (start % 1000)).toISOString());
      expect(event.endDate.toJSDate().getTime() - event.startDate.toJSDate().getTime()).toBe(3 * HOUR);
      const other = await createUser(t);
      await t.http().get(`/api/rentals/${id}/calendar.ics`).set('Authorization', other.bearer).expect(404);
      await t.http().get(`/api/rentals/${id}/calendar.ics`).set('Authorization', admin.bearer).expect(200);
      await t.http().get(`/api/rentals/${id}/calendar.ics`).expect(401);
    });
  });
});
