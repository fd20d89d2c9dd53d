import { BikeRow, bikes, NewBikeRow } from '../../src/database/schema/bikes.js';
import { bikeUnits } from '../../src/database/schema/fleet.js';
import type { FactoryHost } from './factory-host.js';

let seq = 0;

/**
 * A bike row with valid defaults and `quantity` (default 3) active units, inserted directly (no HTTP). Override
 * any column, e.g. createdAt for ordering.
 */
export async function createBike(t: FactoryHost, { quantity = 3, ...overrides }: Partial<NewBikeRow> & { quantity?: number } = {}): Promise<BikeRow> {
  seq += 1;
  const [row] = await t.db
    .insert(bikes)
    .values({
      name: `Test Bike ${seq}`,
      description: 'A reliable city bike with a comfortable seat.',
      imageUrl: '/images/bikes/test.jpg',
      pricePerHourCents: 1250,
      currency: 'USD',
      cc: 150,
      year: 2023,
      model: `Model ${seq}`,
      brand: 'Testbrand',
      isAvailable: true,
      ...overrides,
    })
    .returning();
  if (quantity > 0) {
    await t.db.insert(bikeUnits).values(Array.from({ length: quantity }, (_, i) => ({ bikeId: row.id, label: `${row.brand}-${i + 1}` })));
  }
  return row;
}

/** Adds `count` active units to a bike. */
export async function addUnits(t: FactoryHost, bikeId: string, count: number, prefix = 'Extra'): Promise<void> {
  if (count <= 0) return;
  await t.db.insert(bikeUnits).values(Array.from({ length: count }, (_, i) => ({ bikeId, label: `${prefix}-${Date.now()}-${i + 1}` })));
}

/** Inserts `count` bikes whose createdAt values go up one minute at a time from `start`. */
export async function createBikes(t: FactoryHost, count: number, start = new Date('2026-01-01T00:00:00Z')): Promise<BikeRow[]> {
  const rows: BikeRow[] = [];
  for (let i = 0; i < count; i++) {
    rows.push(await createBike(t, { name: `Bike ${String(i + 1).padStart(2, '0')}`, createdAt: new Date(start.getTime() + i * 60_000) }));
  }
  return rows;
}

/** A valid POST/PUT bikes body as the admin form sends it. */
export function bikeBody(overrides: Record<string, unknown> = {}): Record<string, unknown> {
  return {
    name: 'Yamaha R15 V4',
    description: 'Light sport bike, easy in city traffic.',
    pricePerHour: 12.5,
    cc: 155,
    year: 2024,
    model: 'R15',
    brand: 'Yamaha',
    imgageurl: 'https://images.example.com/r15.jpg',
    quantity: 4,
    isAvailable: true,
    ...overrides,
  };
}
