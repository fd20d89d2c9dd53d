import { randomBytes, randomInt, randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import type { TransactionHost } from '../transaction-host.js';
import { bikes, type NewBikeRow } from '../schema/bikes.js';
import { favourites } from '../schema/favourites.js';
import { bikeUnits, unitReservations } from '../schema/fleet.js';
import { priceWindow } from '../../modules/rentals/pricing.js';
import { payments, type NewPaymentRow, type PaymentStatus } from '../schema/payments.js';
import { rentals, type NewRentalRow, type RentalStatus } from '../schema/rentals.js';
import { reviews, reviewVotes } from '../schema/reviews.js';
import { users, type NewUserRow } from '../schema/users.js';
import { DEMO_ACCOUNTS, DEMO_EXTRA_EMAIL_DOMAIN, DEMO_EXTRA_PASSWORD } from './demo-accounts.js';
import { buildDemoCatalogue } from './demo-catalogue.js';
import { createPrng } from './prng.js';

export interface SeedOptions {
  now: Date;
  hashPassword: (pw: string) => Promise<string>;
  bookingFeeMinor: number;
  bookingFeeCurrency: string;
  rentalCurrency: string;
}

export { DEMO_EXTRA_PASSWORD } from './demo-accounts.js';

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;
const HOLD_MS = 15 * MINUTE;
/** Any value: the lock only keeps two instances starting together from seeding twice. */
const SEED_LOCK_KEY = 7_240_117;

const PEOPLE: readonly [string, string][] = [
  ['Nusrat Jahan', 'Dhanmondi'], ['Tanvir Hasan', 'Gulshan'], ['Farhana Akter', 'Mirpur'], ['Imran Chowdhury', 'Uttara'],
  ['Sadia Islam', 'Banani'], ['Arif Mahmud', 'Mohakhali'], ['Mitu Sarkar', 'Bashundhara'], ['Kamal Uddin', 'Motijheel'],
  ['Priya Das', 'Lalmatia'], ['Rafiq Ahmed', 'Baridhara'], ['Shirin Sultana', 'Khilgaon'], ['Mahmudul Karim', 'Mohammadpur'],
  ['Daniel Park', 'Gulshan'], ['Sofia Martins', 'Banani'], ['Lucas Weber', 'Baridhara'], ['Mei Tanaka', 'Dhanmondi'],
  ['Omar Farouk', 'Uttara'], ['Leila Haddad', 'Gulshan'], ['Jamal Bakr', 'Tejgaon'], ['Nadia Rahman', 'Mirpur'],
  ['Ethan Brooks', 'Banani'], ['Anika Tabassum', 'Dhanmondi'], ['Rakib Hossain', 'Badda'], ['Sharmin Nahar', 'Rampura'],
  ['Zubair Alam', 'Uttara'], ['Tahmina Begum', 'Shyamoli'], ['Fahim Rezwan', 'Bashundhara'], ['Lamia Chowdhury', 'Niketan'],
  ['Sabbir Khan', 'Mohakhali'], ['Jannatul Ferdous', 'Mirpur'], ['Hasibul Islam', 'Khilgaon'], ['Rumana Afroz', 'Lalmatia'],
  ['Ahnaf Tahmid', 'Dhanmondi'], ['Maria Gomes', 'Gulshan'], ['Kevin O\u2019Brien', 'Banani'], ['Aisha Siddiqua', 'Uttara'],
  ['Sajid Hasan', 'Mohammadpur'], ['Tasnim Ara', 'Bashundhara'], ['Noah Fischer', 'Baridhara'], ['Ishrat Jahan', 'Motijheel'],
];

const COMMENTS = {
  good: [
    'Smooth ride and the bike was spotless. Pickup took five minutes.',
    'Great value for a half-day trip out of the city. Would rent again.',
    'Comfortable seat, plenty of power, and the staff explained every control before I left.',
    'Booking was quick and the return was painless. Exactly what I needed for the weekend.',
    'Loved it! The helmet provided was clean and fit well, and the tank was full.',
    'Fuel-efficient and easy to handle in traffic. Recommended for beginners.',
    'Perfect for commuting while my own bike was in the workshop.',
    'Ran like new the whole day, handled the highway and the back roads with no complaints.',
    'Brilliant bike for a coastal ride, and the hourly price is fair.',
    '',
  ],
  mixed: [
    'Good bike overall, but the mirrors needed adjusting and the chain was a bit dry.',
    'Fun to ride, though the seat gets uncomfortable after a couple of hours.',
    'Decent scooter for errands. Pickup took longer than expected.',
    'Brakes felt a little soft but otherwise a reliable ride.',
    'Nice bike, slightly scratched. Staff were friendly and sorted the paperwork quickly.',
    '',
  ],
  poor: [
    'The battery was not fully charged when I picked it up, so I had to cut my trip short.',
    'Engine hesitated at low revs and the front tyre looked worn. Needs a service.',
    'Not great: the clutch was heavy and the phone mount was missing.',
  ],
} as const;

const RATING_WEIGHTS: readonly [number, number][] = [
  [10, 25], [9, 22], [8, 22], [7, 12], [6, 8], [5, 4], [4, 3], [3, 2], [2, 2],
];

const toEmail = (name: string): string =>
  `${name
    .normalize('NFD')
    .replace(/[^A-Za-z ]/g, '')
    .trim()
    .toLowerCase()
    .replace(/\s+/g, '.')}@${DEMO_EXTRA_EMAIL_DOMAIN}`;

const REF_ALPHABET = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789';
/** 'TXN-' + 12 random uppercase letters and digits, as the rentals service makes them. */
function newPaymentRef(taken: Set<string>): string {
  for (;;) {
    let ref = 'TXN-';
    for (let i = 0; i < 12; i++) ref += REF_ALPHABET[randomInt(REF_ALPHABET.length)];
    if (!taken.has(ref)) {
      taken.add(ref);
      return ref;
    }
  }
}
/** A sandbox checkout session reference (sbx_ + 32 hex digits) and its hosted page. */
function sandboxSession(): { providerRef: string; checkoutUrl: string } {
  const providerRef = `sbx_${randomBytes(16).toString('hex')}`;
  return { providerRef, checkoutUrl: `/api/payments/sandbox/checkout/${providerRef}` };
}

interface SeedUser {
  id: string;
  createdAt: number;
  role: 'user' | 'admin';
}
interface SeedBike {
  id: string;
  brand: string;
  createdAt: number;
  price: number;
  pricePerDayCents: number | null;
  pricePerWeekCents: number | null;
  /** Units free now (the catalogue's figure); units held by open rentals come on top. */
  quantity: number;
  isAvailable: boolean;
}
interface PlannedRental {
  row: NewRentalRow & { id: string; createdAt: Date };
  feeStatus: PaymentStatus;
  feeCompletedAt: Date | null;
  rentalPaidAt?: { createdAt: Date; completedAt: Date };
}

/**
 * Demo data for a first start in demo mode: the catalogue, the demo accounts, about 40 more users whose signups
 * spread over the last year and the last week, about 60 rentals in every state with their payments, reviews with
 * helpful votes, and favourites, so every screen and chart has something to show. Everything is relative to
 * `opts.now`. Runs once: a database that already has users is left alone (`{ seeded: false }`).
 */
export async function seedDemoData(txHost: TransactionHost, opts: SeedOptions): Promise<{ seeded: boolean }> {
  // Cheap check first, so a normal restart never pays for password hashing.
  if ((await txHost.db.select({ id: users.id }).from(users).limit(1)).length > 0) return { seeded: false };

  // argon2 is slow: hash each distinct password once.
  const hashes = new Map<string, Promise<string>>();
  const hash = (pw: string): Promise<string> => {
    if (!hashes.has(pw)) hashes.set(pw, opts.hashPassword(pw));
    return hashes.get(pw)!;
  };
  const [userHash, adminHash, extraHash] = await Promise.all([
    hash(DEMO_ACCOUNTS.user.password),
    hash(DEMO_ACCOUNTS.admin.password),
    hash(DEMO_EXTRA_PASSWORD),
  ]);

  const data = buildSeedData(opts, { userHash, adminHash, extraHash });

  return txHost.run(async () => {
    const tx = txHost.db;
    // Two instances starting on one empty database: the second waits here, then sees the users and stops.
    await tx.execute(sql`select pg_advisory_xact_lock(${SEED_LOCK_KEY})`);
    if ((await tx.select({ id: users.id }).from(users).limit(1)).length > 0) return { seeded: false };
    await tx.insert(users).values(data.users);
    await tx.insert(bikes).values(data.bikes);
    await tx.insert(rentals).values(data.rentals);
    await tx.insert(payments).values(data.payments);
    await tx.insert(bikeUnits).values(data.units);
    if (data.reservations.length) await tx.insert(unitReservations).values(data.reservations);
    if (data.reviews.length) await tx.insert(reviews).values(data.reviews);
    if (data.votes.length) await tx.insert(reviewVotes).values(data.votes);
    if (data.favourites.length) await tx.insert(favourites).values(data.favourites);
    return { seeded: true };
  });
}

/** Builds every row in memory (ids included), so the inserts are a handful of bulk statements. */
function buildSeedData(opts: SeedOptions, h: { userHash: string; adminHash: string; extraHash: string }) {
  const now = opts.now.getTime();
  const prng = createPrng(20_261_121);
  const at = (ms: number) => new Date(Math.round(ms));

  // ------------------------------------------------------------------ users
  const userRows: (NewUserRow & { id: string })[] = [];
  const seedUsers: SeedUser[] = [];
  const addUser = (row: Omit<NewUserRow, 'id' | 'createdAt' | 'updatedAt'>, createdAt: number) => {
    const id = randomUUID();
    userRows.push({ ...row, id, createdAt: at(createdAt), updatedAt: at(createdAt) });
    const u: SeedUser = { id, createdAt, role: row.role === 'admin' ? 'admin' : 'user' };
    seedUsers.push(u);
    return u;
  };
  addUser(
    {
      name: DEMO_ACCOUNTS.admin.name,
      email: DEMO_ACCOUNTS.admin.email,
      passwordHash: h.adminHash,
      role: 'admin',
      phone: '+8801700000001',
      address: 'Okay Bike HQ, Road 11, Banani, Dhaka 1213',
    },
    now - 358 * DAY,
  );
  const demoUser = addUser(
    {
      name: DEMO_ACCOUNTS.user.name,
      email: DEMO_ACCOUNTS.user.email,
      passwordHash: h.userHash,
      role: 'user',
      phone: '+8801700000002',
      address: 'House 7, Road 3, Dhanmondi, Dhaka 1205',
    },
    now - 240 * DAY,
  );
  // 12 signups within the last 7 days (for the 'Show Past Week' chart), the rest spread over the year.
  const RECENT_DAYS = [0, 0, 1, 1, 2, 3, 3, 4, 5, 5, 6, 6];
  const extras: SeedUser[] = PEOPLE.map(([name, area], i) => {
    const createdAt =
      i < RECENT_DAYS.length
        ? now - RECENT_DAYS[i]! * DAY - prng.float(0.5, 20) * HOUR
        : now - (8 + (i - RECENT_DAYS.length + prng.next()) * (355 / (PEOPLE.length - RECENT_DAYS.length))) * DAY;
    return addUser(
      {
        name,
        email: toEmail(name),
        passwordHash: h.extraHash,
        role: 'user',
        phone: `+8801${prng.pick(['3', '5', '6', '7', '8', '9'])}${String(prng.int(10_000_000, 99_999_999))}`,
        address: `House ${prng.int(1, 120)}, Road ${prng.int(1, 32)}, ${area}, Dhaka`,
      },
      createdAt,
    );
  });
  const customers = [demoUser, ...extras];

  // ------------------------------------------------------------------ bikes
  const catalogue = buildDemoCatalogue(opts.now);
  // Two bikes in three also rent by the day (6 hours' price) and by the week (5 days' price).
  const bikeRows: (NewBikeRow & { id: string })[] = catalogue.map(({ quantity: _quantity, ...b }, i) => {
    const day = i % 3 === 2 ? null : Math.round((b.pricePerHourCents * 6) / 100) * 100;
    return { ...b, id: randomUUID(), currency: opts.rentalCurrency, pricePerDayCents: day, pricePerWeekCents: day === null ? null : day * 5 };
  });
  const seedBikes: SeedBike[] = bikeRows.map((b, i) => ({
    id: b.id,
    brand: b.brand,
    createdAt: (b.createdAt as Date).getTime(),
    price: b.pricePerHourCents,
    pricePerDayCents: b.pricePerDayCents ?? null,
    pricePerWeekCents: b.pricePerWeekCents ?? null,
    quantity: catalogue[i]!.quantity ?? 0,
    isAvailable: b.isAvailable ?? true,
  }));
  const oldestBike = seedBikes.reduce((a, b) => (b.createdAt < a.createdAt ? b : a));
  const pickBike = (before: number, active: boolean): SeedBike => {
    const candidates = seedBikes.filter((b) => b.createdAt < before && (!active || b.isAvailable));
    return candidates.length ? prng.pick(candidates) : oldestBike;
  };

  // ------------------------------------------------------------------ rentals and their payments
  const plan: [SeedUser | null, RentalStatus, number][] = [
    [demoUser, 'pending_fee', 2],
    [demoUser, 'booked', 3],
    [demoUser, 'returned', 3],
    [demoUser, 'paid', 6],
    [demoUser, 'cancelled', 2],
    [null, 'paid', 20],
    [null, 'returned', 6],
    [null, 'booked', 7],
    [null, 'pending_fee', 3],
    [null, 'cancelled', 8],
  ];
  // Regular customers: signed up at least 10 days ago; a few of them rent often.
  const regulars = extras.filter((u) => u.createdAt < now - 10 * DAY);
  const regularWeights = regulars.map((_, i) => (i % 5 === 0 ? 4 : 1));
  const refs = new Set<string>();
  const planned: PlannedRental[] = [];
  for (const [who, status, n] of plan) {
    for (let k = 0; k < n; k++) {
      const user = who ?? regulars[prng.weighted(regularWeights)]!;
      planned.push(planRental(user, status));
    }
  }

  function planRental(user: SeedUser, status: RentalStatus): PlannedRental {
    const quantity = [1, 2, 3][prng.weighted([70, 22, 8])]!;
    const earliest = user.createdAt + 2 * DAY;
    let createdAt: number;
    let start: number;
    let returnTime: number | null = null;
    let stockReleasedAt: number | null = null;
    let holdExpiresAt: number;
    let feeStatus: PaymentStatus = 'succeeded';
    let feeCompletedAt: number | null;
    let updatedAt: number;
    let rentalPaidAt: PlannedRental['rentalPaidAt'];
    const active = status === 'pending_fee' || status === 'booked';

    if (status === 'pending_fee') {
      createdAt = now - prng.int(1, 10) * MINUTE - prng.int(0, 59) * 1000;
      start = now + prng.float(3, 120) * HOUR;
      holdExpiresAt = now + HOLD_MS;
      feeStatus = 'pending';
      feeCompletedAt = null;
      updatedAt = createdAt;
    } else if (status === 'booked') {
      // Some are under way already (start in the past, not yet returned), some start in the next days.
      start = now + prng.float(-20, 6 * 24) * HOUR;
      createdAt = Math.max(earliest, Math.min(start, now) - prng.float(1, 72) * HOUR);
      holdExpiresAt = createdAt + HOLD_MS;
      feeCompletedAt = createdAt + prng.int(1, 6) * MINUTE;
      updatedAt = feeCompletedAt;
    } else if (status === 'cancelled') {
      const from = Math.max(earliest, now - 200 * DAY);
      createdAt = prng.float(from, now - 2 * HOUR);
      start = createdAt + prng.float(2, 72) * HOUR;
      holdExpiresAt = createdAt + HOLD_MS;
      feeStatus = prng.chance(0.5) ? 'failed' : 'expired';
      feeCompletedAt = feeStatus === 'failed' ? createdAt + prng.int(1, 5) * MINUTE : holdExpiresAt;
      stockReleasedAt = feeCompletedAt;
      updatedAt = feeCompletedAt;
    } else {
      // returned (cost known, not paid yet: recent) or paid (any time in the last months)
      const from = Math.max(earliest, now - (status === 'returned' ? 20 : 230) * DAY);
      start = prng.float(from, now - 2 * DAY);
      const minutes = [prng.int(45, 8 * 60), prng.int(8 * 60, 30 * 60), prng.int(30 * 60, 72 * 60)][prng.weighted([60, 30, 10])]!;
      returnTime = Math.min(start + minutes * MINUTE + prng.int(0, 59) * 1000, now - 2 * HOUR);
      createdAt = Math.max(user.createdAt + HOUR, start - prng.float(0.5, 48) * HOUR);
      holdExpiresAt = createdAt + HOLD_MS;
      feeCompletedAt = createdAt + prng.int(1, 6) * MINUTE;
      stockReleasedAt = Math.min(returnTime + prng.int(5, 90) * MINUTE, now - HOUR);
      updatedAt = stockReleasedAt;
      if (status === 'paid') {
        const opened = Math.min(stockReleasedAt + prng.float(0.2, 30) * HOUR, now - 30 * MINUTE);
        const completed = opened + prng.int(1, 4) * MINUTE;
        rentalPaidAt = { createdAt: at(opened), completedAt: at(completed) };
        updatedAt = completed;
      }
    }

    const bike = pickBike(createdAt, active);
    // Half the open bookings have a return time: priced up front from the quote.
    const end = active && prng.chance(0.5) ? start + prng.int(3, 5 * 24) * HOUR : null;
    const quote = end === null ? null : priceWindow({ pricePerHourCents: bike.price, pricePerDayCents: bike.pricePerDayCents, pricePerWeekCents: bike.pricePerWeekCents }, end - start, quantity);
    const totalCostCents = quote ? quote.totalMinor : returnTime === null ? 0 : Math.ceil((returnTime - start) / HOUR) * bike.price * quantity;
    return {
      row: {
        id: randomUUID(),
        paymentRef: newPaymentRef(refs),
        userId: user.id,
        bikeId: bike.id,
        quantity,
        startTime: at(start),
        endTime: end === null ? null : at(end),
        quoteLines: quote?.lines ?? null,
        pricePerDayCents: bike.pricePerDayCents,
        pricePerWeekCents: bike.pricePerWeekCents,
        returnTime: returnTime === null ? null : at(returnTime),
        status,
        pricePerHourCents: bike.price,
        currency: opts.rentalCurrency,
        totalCostCents,
        totalPaidCents: status === 'paid' ? totalCostCents : null,
        stockReleasedAt: stockReleasedAt === null ? null : at(stockReleasedAt),
        holdExpiresAt: at(holdExpiresAt),
        createdAt: at(createdAt),
        updatedAt: at(updatedAt),
      },
      feeStatus,
      feeCompletedAt: feeCompletedAt === null ? null : at(feeCompletedAt),
      rentalPaidAt,
    };
  }

  const paymentRows: NewPaymentRow[] = [];
  for (const p of planned) {
    const r = p.row;
    paymentRows.push({
      id: randomUUID(),
      rentalId: r.id,
      userId: r.userId,
      kind: 'booking_fee',
      amountMinor: opts.bookingFeeMinor,
      currency: opts.bookingFeeCurrency,
      status: p.feeStatus,
      provider: 'sandbox',
      ...sandboxSession(),
      createdAt: r.createdAt,
      expiresAt: r.holdExpiresAt,
      completedAt: p.feeCompletedAt,
    });
    if (p.rentalPaidAt) {
      paymentRows.push({
        id: randomUUID(),
        rentalId: r.id,
        userId: r.userId,
        kind: 'rental',
        amountMinor: r.totalCostCents!,
        currency: opts.rentalCurrency,
        status: 'succeeded',
        provider: 'sandbox',
        ...sandboxSession(),
        createdAt: p.rentalPaidAt.createdAt,
        expiresAt: at(p.rentalPaidAt.createdAt.getTime() + 30 * MINUTE),
        completedAt: p.rentalPaidAt.completedAt,
      });
    }
  }

  // ------------------------------------------------------------------ reviews and helpful votes
  const reviewRows: (typeof reviews.$inferInsert & { id: string })[] = [];
  const voteRows: (typeof reviewVotes.$inferInsert)[] = [];
  const paid = planned.filter((p) => p.row.status === 'paid');
  // The demo user's two latest paid rentals stay unreviewed, so 'Add Review' has something to offer.
  const demoUnreviewed = new Set(
    paid
      .filter((p) => p.row.userId === demoUser.id)
      .sort((a, b) => b.rentalPaidAt!.completedAt.getTime() - a.rentalPaidAt!.completedAt.getTime())
      .slice(0, 2)
      .map((p) => p.row.id),
  );
  for (const p of paid) {
    if (demoUnreviewed.has(p.row.id)) continue;
    const mine = p.row.userId === demoUser.id;
    if (!mine && !prng.chance(0.7)) continue;
    const ratingHalves = RATING_WEIGHTS[prng.weighted(RATING_WEIGHTS.map(([, w]) => w))]![0];
    const comments = ratingHalves >= 8 ? COMMENTS.good : ratingHalves >= 5 ? COMMENTS.mixed : COMMENTS.poor;
    const createdAt = Math.min(p.rentalPaidAt!.completedAt.getTime() + prng.float(1, 72) * HOUR, now - 5 * MINUTE);
    const id = randomUUID();
    let helpful = 0;
    const voters = prng.shuffle(customers.filter((u) => u.id !== p.row.userId && u.createdAt < createdAt)).slice(0, prng.int(0, 6));
    for (const voter of voters) {
      const value = prng.chance(0.8) ? 1 : -1;
      helpful += value;
      voteRows.push({ reviewId: id, userId: voter.id, value, createdAt: at(Math.min(createdAt + prng.float(1, 240) * HOUR, now - MINUTE)) });
    }
    reviewRows.push({
      id,
      rentalId: p.row.id,
      bikeId: p.row.bikeId,
      userId: p.row.userId,
      ratingHalves,
      comment: prng.pick(comments),
      helpful,
      createdAt: at(createdAt),
    });
  }

  // ------------------------------------------------------------------ favourites
  const favouriteRows: (typeof favourites.$inferInsert)[] = [];
  const favKeys = new Set<string>();
  const addFavourite = (user: SeedUser, bike: SeedBike) => {
    const key = `${user.id}:${bike.id}`;
    if (favKeys.has(key)) return false;
    favKeys.add(key);
    const from = Math.max(user.createdAt, bike.createdAt);
    favouriteRows.push({ id: randomUUID(), userId: user.id, bikeId: bike.id, createdAt: at(prng.float(from, now - MINUTE)) });
    return true;
  };
  // The demo user: three bikes in stock and one sold out, so both badges show on the dashboard.
  const inStock = prng.shuffle(seedBikes.filter((b) => b.quantity > 1 && b.isAvailable));
  for (const bike of inStock.slice(0, 3)) addFavourite(demoUser, bike);
  addFavourite(demoUser, seedBikes.find((b) => b.quantity === 0) ?? inStock[3]!);
  for (const user of prng.shuffle(extras).slice(0, 24)) {
    const n = prng.int(1, 3);
    for (let added = 0, tries = 0; added < n && tries < 10; tries++) if (addFavourite(user, prng.pick(seedBikes))) added++;
  }

  // ------------------------------------------------------------------ the fleet
  // Each bike's units: the catalogue's free units plus one unit for every unit an open booking holds, labelled
  // "<brand>-<n>". Open bookings hold theirs over their window ([start, end), or until returned); returned ones
  // keep no reservation. One free unit of the first bike with spare units goes into maintenance next week.
  const unitRows: (typeof bikeUnits.$inferInsert & { id: string })[] = [];
  const reservationRows: (typeof unitReservations.$inferInsert)[] = [];
  const range = (start: Date, end: Date | null | undefined) => sql`tstzrange(${start.toISOString()}::timestamptz, ${end ? end.toISOString() : 'infinity'}::timestamptz, '[)')`;
  let maintenanceDone = false;
  for (const bike of seedBikes) {
    const open = planned.filter((p) => p.row.bikeId === bike.id && (p.row.status === 'pending_fee' || p.row.status === 'booked'));
    const total = bike.quantity + open.reduce((n, p) => n + p.row.quantity, 0);
    const ids = Array.from({ length: total }, (_, i) => {
      const id = randomUUID();
      unitRows.push({ id, bikeId: bike.id, label: `${bike.brand}-${i + 1}`, createdAt: at(bike.createdAt), updatedAt: at(bike.createdAt) });
      return id;
    });
    let next = 0;
    for (const p of open) {
      for (let k = 0; k < p.row.quantity; k++) {
        reservationRows.push({ unitId: ids[next++]!, bikeId: bike.id, rentalId: p.row.id, kind: 'rental', period: range(p.row.startTime as Date, p.row.endTime) as never, createdAt: p.row.createdAt });
      }
    }
    if (!maintenanceDone && next < ids.length && bike.quantity >= 3) {
      maintenanceDone = true;
      reservationRows.push({
        unitId: ids[ids.length - 1]!,
        bikeId: bike.id,
        kind: 'maintenance',
        period: range(at(now + 2 * DAY), at(now + 4 * DAY)) as never,
        reason: 'Brake and chain service',
        createdAt: at(now - DAY),
      });
    }
  }

  return {
    users: userRows,
    bikes: bikeRows,
    units: unitRows,
    reservations: reservationRows,
    rentals: planned.map((p) => p.row),
    payments: paymentRows,
    reviews: reviewRows,
    votes: voteRows,
    favourites: favouriteRows,
  };
}
