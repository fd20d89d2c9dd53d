import { ConflictException, HttpException } from '@nestjs/common';
import { eq, sql } from 'drizzle-orm';
import type { AuthUser } from '../../src/common/decorators.js';
import { bikeUnits, unitReservations } from '../../src/database/schema/fleet.js';
import { domainEvents, documentNumbers, OutboxEmailRow, outboxEmails } from '../../src/database/schema/notifications.js';
import { payments } from '../../src/database/schema/payments.js';
import { rentals } from '../../src/database/schema/rentals.js';
import { AuthModule } from '../../src/modules/auth/auth.module.js';
import { NotificationsModule } from '../../src/modules/notifications/notifications.module.js';
import { OutboxRenderer } from '../../src/modules/notifications/outbox-renderer.js';
import { PaymentGateways } from '../../src/modules/payments/payment-gateways.js';
import { PaymentsService } from '../../src/modules/payments/payments.service.js';
import { BookingService } from '../../src/modules/rentals/booking.service.js';
import type { CreateRentalDto } from '../../src/modules/rentals/rentals.dto.js';
import { HoldSweeper } from '../../src/modules/rentals/hold-sweeper.service.js';
import { RentalsModule } from '../../src/modules/rentals/rentals.module.js';
import { createBike } from '../support/bike-factories.js';
import { createUser, TestUser } from '../support/factories.js';
import { clockAt } from '../support/rental-factories.js';
import { createServiceTest, ServiceTest } from '../support/service-module.js';

const HOUR = 3_600_000;

/**
 * Medium tests of the booking, payment and outbox rules (issue 24, in immich's manner): BookingService,
 * PaymentsService and the outbox renderer with their real repositories on a PGlite clone (or TEST_DATABASE_URL),
 * no HTTP, only the gateway faked; users and bikes from the row factories. Each expectation reads the rows written.
 */
describe('Booking, payment and outbox rules, at the service level', () => {
  let s: ServiceTest;
  let booking: BookingService;
  let paymentsService: PaymentsService;

  beforeAll(async () => {
    s = await createServiceTest([AuthModule, RentalsModule, NotificationsModule], { MAX_PENDING_BOOKINGS: '2', FREE_CANCELLATION_HOURS: '24', SHOP_NAME: 'Okay Bike' });
    booking = s.app.get(BookingService);
    paymentsService = s.app.get(PaymentsService);
  });
  afterAll(() => s.close());
  beforeEach(() => s.reset());

  const caller = (u: TestUser): AuthUser => ({ id: u.id, name: u.name, email: u.email, role: u.role }) as AuthUser;
  const at = clockAt({ get clock() { return s.clock; } });
  const inHours = (h: number) => at(h * HOUR);
  const bookFor = async (u: TestUser, bikeId: string, fromH: number, toH: number, quantity = 1) => {
    const reply = await booking.createRental(caller(u), { bikeId, startTime: inHours(fromH), endTime: inHours(toH), quantity } as CreateRentalDto, undefined, 'http://shop.test');
    const data = (reply.body as { data: { rental: { _id: string }; payment: { _id: string } } }).data;
    return { status: reply.status, rentalId: data.rental._id, feeId: data.payment._id };
  };
  const rentalRow = async (id: string) => (await s.db.select().from(rentals).where(eq(rentals.id, id)))[0];
  const paymentRow = async (id: string) => (await s.db.select().from(payments).where(eq(payments.id, id)))[0];

  it('overlap: the last unit is booked once per window (the exclusion constraint), back to back is fine', async () => {
    const bike = await createBike(s, { quantity: 1 });
    const [a, b] = [await createUser(s), await createUser(s)];
    expect((await bookFor(a, bike.id, 48, 50)).status).toBe(201);
    const refused = bookFor(b, bike.id, 49, 51);
    await expect(refused).rejects.toBeInstanceOf(ConflictException);
    await expect(refused).rejects.toMatchObject({ response: { message: 'Bike is already rented', code: 'OUT_OF_STOCK' } });
    expect((await bookFor(b, bike.id, 50, 52)).status).toBe(201);
    expect((await s.db.select().from(rentals)).map((r) => r.userId).sort()).toEqual([a.id, b.id].sort());
  });

  it('overlap, in the database itself: two reservations of one unit whose periods overlap are refused (23P01), whoever writes them', async () => {
    const bike = await createBike(s, { quantity: 1 });
    const [unit] = await s.db.select().from(bikeUnits).where(eq(bikeUnits.bikeId, bike.id));
    // Maintenance holds need no rental: the exclusion constraint alone decides, without the booking's own checks.
    const hold = (from: number, to: number) =>
      s.db.execute(sql`insert into unit_reservations (unit_id, bike_id, kind, period, reason)
                       values (${unit.id}, ${bike.id}, 'maintenance', tstzrange(${inHours(from)}::timestamptz, ${inHours(to)}::timestamptz, '[)'), 'test')`);
    await hold(10, 12);
    const refused = await hold(11, 13).then(
      () => 'inserted',
      (e: { code?: string; cause?: { code?: string } }) => e.code ?? e.cause?.code,
    );
    expect(refused).toBe('23P01');
    await hold(12, 14); // back to back: [10, 12) and [12, 14) do not overlap
  });

  it('hold cap: MAX_PENDING_BOOKINGS bookings awaiting their fee, then 429 TOO_MANY_PENDING until one is paid', async () => {
    const bike = await createBike(s, { quantity: 5 });
    const u = await createUser(s);
    const first = await bookFor(u, bike.id, 48, 50);
    await bookFor(u, bike.id, 60, 62);
    const third = bookFor(u, bike.id, 72, 74);
    await expect(third).rejects.toBeInstanceOf(HttpException);
    await expect(third).rejects.toMatchObject({ status: 429, response: { code: 'TOO_MANY_PENDING' } });
    expect(await s.db.select().from(rentals)).toHaveLength(2);
    await paymentsService.settle(first.feeId, 'succeeded');
    expect((await rentalRow(first.rentalId)).status).toBe('booked');
    expect((await bookFor(u, bike.id, 72, 74)).status).toBe(201);
  });

  it('cheapest price: whole days and hours when cheaper, a week when six days cost more', async () => {
    const bike = await createBike(s, { quantity: 2, pricePerHourCents: 1000, pricePerDayCents: 5000, pricePerWeekCents: 20000 });
    const u = await createUser(s);
    const twoDays3h = await bookFor(u, bike.id, 48, 48 + 51);
    expect((await rentalRow(twoDays3h.rentalId)).totalCostCents).toBe(2 * 5000 + 3 * 1000);
    const sixDays = await bookFor(u, bike.id, 48, 48 + 6 * 24);
    expect((await rentalRow(sixDays.rentalId)).totalCostCents).toBe(20000);
  });

  it('refund on free cancel: the paid fee goes back once through the gateway; a late cancel keeps it', async () => {
    const bike = await createBike(s, { quantity: 2 });
    const u = await createUser(s);
    const early = await bookFor(u, bike.id, 48, 50);
    const late = await bookFor(u, bike.id, 10, 12);
    await paymentsService.settle(early.feeId, 'succeeded');
    await paymentsService.settle(late.feeId, 'succeeded');

    await booking.cancel(caller(u), early.rentalId);
    await booking.cancel(caller(u), late.rentalId);

    expect(s.gateway.refunds.map((p) => p.id)).toEqual([early.feeId]);
    expect((await paymentRow(early.feeId)).status).toBe('refunded');
    expect((await paymentRow(late.feeId)).status).toBe('succeeded');
    expect((await rentalRow(early.rentalId)).status).toBe('cancelled');
    expect((await rentalRow(late.rentalId)).status).toBe('cancelled');
    const refundedEvents = (await s.db.select().from(domainEvents)).filter((e) => e.type === 'payment.refunded');
    expect(refundedEvents.map((e) => (e.data as { _id: string })._id)).toEqual([early.feeId]);
  });

  it('outbox: the booking writes its emails unrendered in its transaction; the renderer writes them from the event, once, with the numbered receipt', async () => {
    const bike = await createBike(s, { name: 'Hero Sprint', quantity: 1 });
    const u = await createUser(s, { name: 'Nadia Rahman' });
    const booked = await bookFor(u, bike.id, 48, 50);
    await paymentsService.settle(booked.feeId, 'succeeded');

    const rows = await s.db.select().from(outboxEmails);
    expect(rows.map((r) => r.kind).sort()).toEqual(['booking_confirmed', 'payment_received']);
    expect(rows.every((r) => r.subject === null && r.html === null && r.toAddress === u.email)).toBe(true);
    expect((await s.db.select().from(documentNumbers)).map((d) => [d.kind, d.refId, d.number])).toEqual([['receipt', booked.feeId, 1]]);

    const rendered = await s.app.get(OutboxRenderer).rendered(rows);
    const confirmation = rendered.find((r: OutboxEmailRow) => r.kind === 'booking_confirmed')!;
    expect(confirmation.subject).toBe('Booking confirmed: Hero Sprint');
    expect(confirmation.textBody).toContain('Hello Nadia Rahman,');
    const receipt = rendered.find((r: OutboxEmailRow) => r.kind === 'payment_received')!;
    expect(receipt.attachments).toEqual([{ kind: 'receipt', refId: booked.feeId }]);
    const stored = await s.db.select().from(outboxEmails);
    expect(stored.map((r) => r.subject).sort()).toEqual(rendered.map((r: OutboxEmailRow) => r.subject).sort());
    // Rendered once: a second read renders nothing again.
    expect(await s.app.get(OutboxRenderer).rendered(stored)).toEqual(stored);
  });

  it('steps with undo: a gateway failure during booking leaves no reservation, no open payment and no event, and the key may be retried', async () => {
    const bike = await createBike(s, { quantity: 1 });
    const u = await createUser(s);
    const sandbox = s.app.get(PaymentGateways).current();
    const createCheckout = sandbox.createCheckout;
    sandbox.createCheckout = async () => {
      throw new Error('gateway unreachable');
    };
    const dto = { bikeId: bike.id, startTime: inHours(48), endTime: inHours(50), quantity: 1 } as CreateRentalDto;
    try {
      const failed = booking.createRental(caller(u), dto, 'key-1', 'http://shop.test');
      await expect(failed).rejects.toBeInstanceOf(HttpException);
      await expect(failed).rejects.toMatchObject({ response: { code: 'PAYMENT_GATEWAY_ERROR' } });
    } finally {
      sandbox.createCheckout = createCheckout;
    }
    // The reserve step committed, then was compensated: the rental cancelled, its units free, its fee failed.
    expect(await s.db.select().from(unitReservations)).toEqual([]);
    expect((await s.db.select().from(payments)).map((p) => p.status)).toEqual(['failed']);
    expect((await s.db.select().from(rentals)).map((r) => r.status)).toEqual(['cancelled']);
    // Nothing was announced for a booking that never was: no event, so no email and no webhook.
    expect(await s.db.select().from(domainEvents)).toEqual([]);
    expect(await s.db.select().from(outboxEmails)).toEqual([]);
    // The same key books once the gateway answers again (the claim was released), and the unit is free for it.
    const reply = await booking.createRental(caller(u), dto, 'key-1', 'http://shop.test');
    expect(reply.status).toBe(201);
    expect((await s.db.select().from(domainEvents)).map((e) => e.type)).toEqual(['rental.created']);
    expect(await s.db.select().from(unitReservations)).toHaveLength(1);
  });

  it('hold sweeper: a booking whose process died before it was announced lapses without a cancellation announced; an announced one is told', async () => {
    const bike = await createBike(s, { quantity: 2 });
    const [told, never] = [await createUser(s), await createUser(s)];
    // Announced: the customer got a checkout and the created email and webhook.
    const announced = await bookFor(told, bike.id, 48, 50);
    // Never announced: the reserve step committed, then the process died while the gateway was opening the checkout
    // (held open here, as a dead process would leave it, and released once the sweeper has run).
    const sandbox = s.app.get(PaymentGateways).current();
    const createCheckout = sandbox.createCheckout;
    let die: (e: Error) => void = () => undefined;
    sandbox.createCheckout = () => new Promise((_, reject) => (die = reject));
    const dying = booking.createRental(caller(never), { bikeId: bike.id, startTime: inHours(48), endTime: inHours(50), quantity: 1 } as CreateRentalDto, undefined, 'http://shop.test');
    dying.catch(() => undefined);
    try {
      while ((await s.db.select().from(rentals)).length < 2) await new Promise((r) => setTimeout(r, 20));
      expect((await s.db.select().from(domainEvents)).map((e) => e.type)).toEqual(['rental.created']);

      s.clock.advance(2 * HOUR);
      expect(await s.app.get(HoldSweeper).expireHolds()).toBe(2);
      const byRental = new Map((await s.db.select().from(rentals)).map((r) => [r.id, r]));
      expect([...byRental.values()].map((r) => r.status)).toEqual(['cancelled', 'cancelled']);
      expect(await s.db.select().from(unitReservations)).toEqual([]);
      // One cancellation, for the booking its customer heard of: nobody is told of a cancelled booking never made.
      const events = await s.db.select().from(domainEvents);
      expect(events.map((e) => [e.type, (e.data as { _id: string })._id])).toEqual([
        ['rental.created', announced.rentalId],
        ['rental.cancelled', announced.rentalId],
      ]);
      expect((await s.db.select().from(outboxEmails)).every((m) => m.userId === told.id)).toBe(true);
    } finally {
      die(new Error('killed'));
      sandbox.createCheckout = createCheckout;
      await dying.catch(() => undefined);
    }
  });
});
