import { bikes } from '../../src/database/schema/bikes.js';
import { eq, sql } from 'drizzle-orm';
import { favourites } from '../../src/database/schema/favourites.js';
import { bikeUnits, unitReservations } from '../../src/database/schema/fleet.js';
import { payments } from '../../src/database/schema/payments.js';
import { rentals } from '../../src/database/schema/rentals.js';
import { reviews } from '../../src/database/schema/reviews.js';
import { addUnits } from './bike-factories.js';
import { createAdmin, createUser, TestUser } from './factories.js';
import { TestApp } from './test-app.js';

/** One of everything, owned by user A: the objects the cross-cutting suites aim their requests at. */
export interface Fixture {
  a: TestUser;
  b: TestUser;
  admin: TestUser;
  c: TestUser;
  bike: string;
  spareBike: string;
  bookedRental: string;
  returnedRental: { id: string; ref: string; cost: number };
  paidRental: { id: string; ref: string };
  feePayment: string;
  reviewOfA: string;
  /** A booked rental of A with a window 3 days ahead (one unit of `bike`), cancellable and movable. */
  futureRental: string;
  /** A unit of the spare bike, and a maintenance block of it 10 days ahead. */
  unit: string;
  block: string;
}

export async function seedScenario(t: TestApp): Promise<Fixture> {
  const [a, b, admin, c] = await Promise.all([
    createUser(t, { name: 'User A' }),
    createUser(t, { name: 'User B' }),
    createAdmin(t),
    createUser(t, { name: 'User C', password: 'user-c-password' }),
  ]);
  const bikeRows = await t.db
    .insert(bikes)
    .values([
      { name: 'Matrix One', description: 'd', imageUrl: '/images/bikes/sport-red.svg', pricePerHourCents: 1200, cc: 150, year: 2023, model: 'M1', brand: 'Yamaha' },
      { name: 'Matrix Spare', description: 'd', imageUrl: '/images/bikes/sport-red.svg', pricePerHourCents: 900, cc: 125, year: 2022, model: 'S1', brand: 'Honda' },
    ])
    .returning();
  const [bike, spare] = bikeRows;
  await addUnits(t, bike.id, 5, 'Yamaha');
  await addUnits(t, spare.id, 3, 'Honda');
  const start = new Date(Date.now() - 5 * 3_600_000);
  const rentalRows = await t.db
    .insert(rentals)
    .values([
      { paymentRef: 'TXN-MATRIXBOOKD', userId: a.id, bikeId: bike.id, quantity: 1, startTime: start, status: 'booked', pricePerHourCents: 1200 },
      { paymentRef: 'TXN-MATRIXRETUR', userId: a.id, bikeId: bike.id, quantity: 1, startTime: start, returnTime: new Date(), status: 'returned', pricePerHourCents: 1200, totalCostCents: 6000, stockReleasedAt: new Date() },
      { paymentRef: 'TXN-MATRIXPAIDD', userId: a.id, bikeId: bike.id, quantity: 1, startTime: start, returnTime: new Date(), status: 'paid', pricePerHourCents: 1200, totalCostCents: 2400, totalPaidCents: 2400, stockReleasedAt: new Date() },
      { paymentRef: 'TXN-MATRIXREVWD', userId: a.id, bikeId: bike.id, quantity: 1, startTime: start, returnTime: new Date(), status: 'paid', pricePerHourCents: 1200, totalCostCents: 1200, totalPaidCents: 1200, stockReleasedAt: new Date() },
    ])
    .returning();
  const [booked, returned, paid, reviewed] = rentalRows;
  const [fee] = await t.db
    .insert(payments)
    .values({ rentalId: booked.id, userId: a.id, kind: 'booking_fee', amountMinor: 10000, currency: 'BDT', status: 'succeeded', provider: 'sandbox', providerRef: 'sbx_matrix_fee', completedAt: new Date() })
    .returning();
  const [review] = await t.db.insert(reviews).values({ rentalId: reviewed.id, bikeId: bike.id, userId: a.id, ratingHalves: 8, comment: 'Solid' }).returning();
  await t.db.insert(favourites).values({ userId: a.id, bikeId: bike.id });
  const day = 86_400_000;
  const futureStart = new Date(Date.now() + 3 * day);
  const futureEnd = new Date(Date.now() + 4 * day);
  const [future] = await t.db
    .insert(rentals)
    .values({ paymentRef: 'TXN-MATRIXFUTUR', userId: a.id, bikeId: bike.id, quantity: 1, startTime: futureStart, endTime: futureEnd, status: 'booked', pricePerHourCents: 1200, totalCostCents: 28800 })
    .returning();
  await t.db.insert(payments).values({ rentalId: future.id, userId: a.id, kind: 'booking_fee', amountMinor: 10000, currency: 'BDT', status: 'succeeded', provider: 'sandbox', providerRef: 'sbx_matrix_future', completedAt: new Date() });
  const [bikeUnit] = await t.db.select().from(bikeUnits).where(eq(bikeUnits.bikeId, bike.id)).limit(1);
  const range = (s: Date, e: Date) => sql`tstzrange(${s.toISOString()}::timestamptz, ${e.toISOString()}::timestamptz, '[)')` as never;
  await t.db.insert(unitReservations).values({ unitId: bikeUnit.id, bikeId: bike.id, rentalId: future.id, kind: 'rental', period: range(futureStart, futureEnd) });
  const [spareUnit] = await t.db.select().from(bikeUnits).where(eq(bikeUnits.bikeId, spare.id)).limit(1);
  const [block] = await t.db
    .insert(unitReservations)
    .values({ unitId: spareUnit.id, bikeId: spare.id, kind: 'maintenance', period: range(new Date(Date.now() + 10 * day), new Date(Date.now() + 11 * day)), reason: 'Service' })
    .returning();
  return {
    futureRental: future.id,
    unit: spareUnit.id,
    block: block.id,
    a,
    b,
    admin,
    c,
    bike: bike.id,
    spareBike: spare.id,
    bookedRental: booked.id,
    returnedRental: { id: returned.id, ref: returned.paymentRef, cost: 60 },
    paidRental: { id: paid.id, ref: paid.paymentRef },
    feePayment: fee.id,
    reviewOfA: review.id,
  };
}
