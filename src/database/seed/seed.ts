import { count, eq } from 'drizzle-orm';
import type { Db } from '../database.types.js';
import { bikes } from '../schema/bikes.js';
import { favourites } from '../schema/favourites.js';
import { NewPaymentRow, payments } from '../schema/payments.js';
import { NewRentalRow, RentalStatus, rentals } from '../schema/rentals.js';
import { reviews, reviewVotes } from '../schema/reviews.js';
import { users } from '../schema/users.js';
import { demoCatalogue, prng } from './demo-catalogue.js';
import { DEMO_ACCOUNTS } from './demo-accounts.js';

export interface SeedOptions {
  now: Date;
  hashPassword: (pw: string) => Promise<string>;
  bookingFeeMinor: number;
  bookingFeeCurrency: string;
  rentalCurrency: string;
}

const DAY = 86_400_000;
const HOUR = 3_600_000;

const FIRST = ['Ayesha', 'Rahim', 'Nusrat', 'Tanvir', 'Farhana', 'Imran', 'Sadia', 'Arif', 'Mitu', 'Kamal', 'Priya', 'Daniel', 'Sofia', 'Lucas', 'Mei', 'Omar', 'Leila', 'Jamal', 'Nadia', 'Ethan'];
const LAST = ['Rahman', 'Hossain', 'Akter', 'Islam', 'Chowdhury', 'Khan', 'Ahmed', 'Sarkar', 'Das', 'Karim'];
const AREAS = ['Dhanmondi', 'Gulshan', 'Banani', 'Uttara', 'Mirpur', 'Mohakhali', 'Bashundhara', 'Motijheel'];
const COMMENTS = [
  'Smooth ride and the bike was spotless. Pickup took five minutes.',
  'Great value for a half-day trip out of the city. Would rent again.',
  'Brakes felt a little soft but otherwise a fun, reliable bike.',
  'Perfect for commuting while my own bike was in the workshop.',
  'Comfortable seat, plenty of power, and the staff explained everything.',
  'Fuel-efficient and easy to handle in traffic. Recommended for beginners.',
  'Booking was quick and the return was painless. Five stars.',
  'Loved the weekend trip, the helmet provided was clean and fit well.',
  '',
];

const ref = (rand: () => number, prefix: string, length: number) =>
  prefix + Array.from({ length }, () => 'ABCDEFGHJKLMNPQRSTUVWXYZ23456789'[Math.floor(rand() * 32)]).join('');

/**
 * Demo data for a first start in demo mode: the catalogue, the demo accounts, ~40 more users whose signups
 * spread over the last year and week, rentals in every state with their payments, reviews with votes and
 * favourites — so every screen and chart has something to show. Runs once: a database with users is left alone.
 */
export async function seedDemoData(db: Db, opts: SeedOptions): Promise<{ seeded: boolean }> {
  const [{ n }] = await db.select({ n: count() }).from(users);
  if (n > 0) return { seeded: false };
  const now = opts.now.getTime();
  const rand = prng(42);
  const [userHash, adminHash, otherHash] = await Promise.all([
    opts.hashPassword(DEMO_ACCOUNTS.user.password),
    opts.hashPassword(DEMO_ACCOUNTS.admin.password),
    opts.hashPassword('password123'),
  ]);

  await db.transaction(async (tx) => {
    const people = Array.from({ length: 40 }, (_, i) => {
      const first = FIRST[i % FIRST.length];
      const last = LAST[(i * 7) % LAST.length];
      // 12 signups in the last 7 days, the rest spread over the year before.
      const daysAgo = i < 12 ? (i % 7) + rand() * 0.9 : 8 + rand() * 355;
      return {
        name: `${first} ${last}`,
        email: `${first}.${last}${i}@example.com`.toLowerCase(),
        passwordHash: otherHash,
        phone: `+8801${String(700000000 + Math.floor(rand() * 99999999))}`,
        address: `House ${1 + Math.floor(rand() * 90)}, Road ${1 + Math.floor(rand() * 30)}, ${AREAS[i % AREAS.length]}, Dhaka`,
        role: 'user' as const,
        createdAt: new Date(now - daysAgo * DAY),
      };
    });
    const userRows = await tx
      .insert(users)
      .values([
        { ...DEMO_ACCOUNTS.admin, passwordHash: adminHash, role: 'admin', phone: '+8801700000001', address: 'Okay Bike HQ, Road 11, Banani, Dhaka', createdAt: new Date(now - 400 * DAY) },
        { ...DEMO_ACCOUNTS.user, passwordHash: userHash, role: 'user', phone: '+8801700000002', address: 'House 7, Road 3, Dhanmondi, Dhaka', createdAt: new Date(now - 200 * DAY) },
        ...people,
      ].map(({ password: _pw, ...u }: Record<string, unknown>) => u as typeof users.$inferInsert))
      .returning({ id: users.id });
    const demoUser = userRows[1].id;
    const customers = userRows.slice(1).map((u) => u.id);

    const catalogue = demoCatalogue();
    const bikeRows = await tx
      .insert(bikes)
      .values(
        catalogue.map(({ listedDaysAgo, ...b }) => ({
          ...b,
          currency: opts.rentalCurrency,
          createdAt: new Date(now - listedDaysAgo * DAY),
          updatedAt: new Date(now - listedDaysAgo * DAY),
        })),
      )
      .returning({ id: bikes.id, price: bikes.pricePerHourCents });

    // Rentals: the demo user has some in every state; the others make the dashboard's history.
    const plan: { user: string; status: RentalStatus }[] = [];
    const states: RentalStatus[] = ['pending_fee', 'booked', 'returned', 'paid', 'paid', 'cancelled'];
    for (let i = 0; i < 12; i++) plan.push({ user: demoUser, status: states[i % states.length] });
    for (let i = 0; i < 48; i++) {
      const r = rand();
      const status: RentalStatus = r < 0.55 ? 'paid' : r < 0.7 ? 'returned' : r < 0.82 ? 'booked' : r < 0.9 ? 'pending_fee' : 'cancelled';
      plan.push({ user: customers[1 + Math.floor(rand() * (customers.length - 1))], status });
    }
    const rentalValues: NewRentalRow[] = plan.map(({ user, status }, i) => {
      const bike = bikeRows[Math.floor(rand() * (bikeRows.length - 1))];
      const quantity = 1 + Math.floor(rand() * 3);
      const past = status === 'returned' || status === 'paid' || status === 'cancelled';
      const start = past ? now - (2 + rand() * 300) * DAY : now + (rand() * 3 - 0.1) * DAY;
      const hours = 1 + Math.floor(rand() * 9);
      const returned = status === 'returned' || status === 'paid';
      const returnTime = returned ? start + hours * HOUR - Math.floor(rand() * 50) * 60_000 : null;
      const totalCostCents = returned ? Math.ceil((returnTime! - start) / HOUR) * bike.price * quantity : 0;
      const createdAt = past ? start - DAY : now - Math.floor(rand() * 10) * 60_000;
      return {
        paymentRef: ref(rand, 'TXN-', 12),
        userId: user,
        bikeId: bike.id,
        quantity,
        startTime: new Date(start),
        returnTime: returnTime ? new Date(returnTime) : null,
        status,
        pricePerHourCents: bike.price,
        currency: opts.rentalCurrency,
        totalCostCents,
        totalPaidCents: status === 'paid' ? totalCostCents : null,
        stockReleasedAt: past ? new Date(returnTime ?? start) : null,
        holdExpiresAt: status === 'pending_fee' ? new Date(now + 15 * 60_000 - i * 1000) : null,
        createdAt: new Date(createdAt),
        updatedAt: new Date(returnTime ?? createdAt),
      };
    });
    const rentalRows = await tx.insert(rentals).values(rentalValues).returning();

    const paymentValues: NewPaymentRow[] = [];
    rentalRows.forEach((r, i) => {
      const feeStatus = r.status === 'pending_fee' ? 'pending' : r.status === 'cancelled' ? (i % 2 ? 'failed' : 'expired') : 'succeeded';
      paymentValues.push({
        rentalId: r.id,
        userId: r.userId,
        kind: 'booking_fee',
        amountMinor: opts.bookingFeeMinor,
        currency: opts.bookingFeeCurrency,
        status: feeStatus,
        provider: 'sandbox',
        providerRef: ref(rand, 'sbx_seed_', 16),
        createdAt: r.createdAt,
        expiresAt: r.holdExpiresAt ?? new Date(r.createdAt.getTime() + 15 * 60_000),
        completedAt: feeStatus === 'pending' ? null : new Date(r.createdAt.getTime() + 3 * 60_000),
      });
      if (r.status === 'paid') {
        paymentValues.push({
          rentalId: r.id,
          userId: r.userId,
          kind: 'rental',
          amountMinor: r.totalCostCents,
          currency: opts.rentalCurrency,
          status: 'succeeded',
          provider: 'sandbox',
          providerRef: ref(rand, 'sbx_seed_', 16),
          createdAt: r.returnTime!,
          completedAt: new Date(r.returnTime!.getTime() + HOUR),
        });
      }
    });
    await tx.insert(payments).values(paymentValues);

    // Reviews on most paid rentals (the demo user keeps one paid rental unreviewed, for 'Add Review').
    const paid = rentalRows.filter((r) => r.status === 'paid');
    const demoPaid = paid.filter((r) => r.userId === demoUser);
    const toReview = paid.filter((r) => r !== demoPaid[demoPaid.length - 1] && rand() < 0.8);
    if (toReview.length) {
      const reviewRows = await tx
        .insert(reviews)
        .values(
          toReview.map((r) => ({
            rentalId: r.id,
            bikeId: r.bikeId,
            userId: r.userId,
            ratingHalves: 6 + Math.floor(rand() * 5),
            comment: COMMENTS[Math.floor(rand() * COMMENTS.length)],
            createdAt: new Date(r.returnTime!.getTime() + 2 * HOUR),
          })),
        )
        .returning();
      const votes: { reviewId: string; userId: string; value: number }[] = [];
      for (const review of reviewRows) {
        for (const voter of customers) {
          if (voter !== review.userId && rand() < 0.12) votes.push({ reviewId: review.id, userId: voter, value: rand() < 0.8 ? 1 : -1 });
        }
      }
      if (votes.length) {
        await tx.insert(reviewVotes).values(votes);
        const sums = new Map<string, number>();
        for (const v of votes) sums.set(v.reviewId, (sums.get(v.reviewId) ?? 0) + v.value);
        for (const [reviewId, helpful] of sums) {
          await tx.update(reviews).set({ helpful }).where(eq(reviews.id, reviewId));
        }
      }
    }

    const favouriteValues = new Map<string, { userId: string; bikeId: string }>();
    for (let i = 0; i < 4; i++) favouriteValues.set(`${demoUser}:${bikeRows[i * 17].id}`, { userId: demoUser, bikeId: bikeRows[i * 17].id });
    for (let i = 0; i < 30; i++) {
      const userId = customers[1 + Math.floor(rand() * (customers.length - 1))];
      const bikeId = bikeRows[Math.floor(rand() * bikeRows.length)].id;
      favouriteValues.set(`${userId}:${bikeId}`, { userId, bikeId });
    }
    await tx.insert(favourites).values([...favouriteValues.values()]);
  });
  return { seeded: true };
}
