import type { Db } from '../database.types.js';

export interface SeedOptions {
  now: Date;
  hashPassword: (pw: string) => Promise<string>;
  bookingFeeMinor: number;
  bookingFeeCurrency: string;
  rentalCurrency: string;
}

/** Interim: the demo catalogue is being written; until then demo mode seeds nothing. */
export async function seedDemoData(_db: Db, _opts: SeedOptions): Promise<{ seeded: boolean }> {
  return { seeded: false };
}
