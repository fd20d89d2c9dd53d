import { randomUUID } from 'node:crypto';
import { BikeRow, bikes, NewBikeRow } from '../../src/database/schema/bikes.js';
import { NewPaymentRow, PaymentRow, payments } from '../../src/database/schema/payments.js';
import { NewRentalRow, RentalRow, rentals } from '../../src/database/schema/rentals.js';
import { ReviewRow, reviews } from '../../src/database/schema/reviews.js';
import { addUnits } from './bike-factories.js';
import { TestApp } from './test-app.js';

let seq = 0;

/** A bike row with valid defaults, inserted directly. */
export async function insertBike(t: TestApp, { quantity = 5, ...overrides }: Partial<NewBikeRow> & { quantity?: number } = {}): Promise<BikeRow> {
  seq += 1;
  const [row] = await t.db
    .insert(bikes)
    .values({
      name: `Review Bike ${seq}`,
      description: 'A dependable commuter bike.',
      imageUrl: '/images/bikes/test.jpg',
      pricePerHourCents: 1000,
      cc: 125,
      year: 2024,
      model: `RB-${seq}`,
      brand: 'Testbrand',
      ...overrides,
    })
    .returning();
  await addUnits(t, row.id, quantity, row.brand);
  return row;
}

/**
 * A rental row, inserted directly. Defaults to a fully paid rental (status 'paid', cost and payment set);
 * pass `status` and the money columns for the other states.
 */
export async function insertRental(
  t: TestApp,
  userId: string,
  bikeId: string,
  overrides: Partial<NewRentalRow> = {},
): Promise<RentalRow> {
  const status = overrides.status ?? 'paid';
  const returned = status === 'returned' || status === 'paid';
  const [row] = await t.db
    .insert(rentals)
    .values({
      paymentRef: `pay_${randomUUID().replace(/-/g, '')}`,
      userId,
      bikeId,
      quantity: 1,
      startTime: new Date('2026-03-01T10:00:00Z'),
      returnTime: returned ? new Date('2026-03-01T13:00:00Z') : null,
      status,
      pricePerHourCents: 1000,
      totalCostCents: returned ? 3000 : 0,
      totalPaidCents: status === 'paid' ? 3000 : null,
      stockReleasedAt: returned || status === 'cancelled' ? new Date('2026-03-01T13:00:00Z') : null,
      ...overrides,
    })
    .returning();
  return row;
}

/** A payment row for a rental, inserted directly (succeeded booking fee by default). */
export async function insertPayment(t: TestApp, rental: RentalRow, overrides: Partial<NewPaymentRow> = {}): Promise<PaymentRow> {
  const [row] = await t.db
    .insert(payments)
    .values({
      rentalId: rental.id,
      userId: rental.userId,
      kind: 'booking_fee',
      amountMinor: 10000,
      currency: 'BDT',
      status: 'succeeded',
      provider: 'sandbox',
      providerRef: `sess_${randomUUID()}`,
      ...overrides,
    })
    .returning();
  return row;
}

/** A review of a rental, inserted directly (4 stars by default). */
export async function insertReview(
  t: TestApp,
  rental: RentalRow,
  overrides: Partial<typeof reviews.$inferInsert> = {},
): Promise<ReviewRow> {
  const [row] = await t.db
    .insert(reviews)
    .values({ rentalId: rental.id, bikeId: rental.bikeId, userId: rental.userId, ratingHalves: 8, comment: 'Good bike', ...overrides })
    .returning();
  return row;
}
