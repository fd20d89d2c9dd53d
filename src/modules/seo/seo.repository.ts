import { Injectable } from '@nestjs/common';
import { asc, isNull } from 'drizzle-orm';
import { TransactionHost } from '../../database/transaction-host.js';
import { bikes } from '../../database/schema/bikes.js';

export interface SitemapBike {
  id: string;
  updatedAt: Date;
}

@Injectable()
export class SeoRepository {
  constructor(private readonly txHost: TransactionHost) {}

  /** Every listed bike, oldest first: two columns from the partial listing index, one query whatever the size. */
  async listBikesForSitemap(limit: number): Promise<SitemapBike[]> {
    return this.txHost.db
      .select({ id: bikes.id, updatedAt: bikes.updatedAt })
      .from(bikes)
      .where(isNull(bikes.deletedAt))
      .orderBy(asc(bikes.createdAt), asc(bikes.id))
      .limit(limit);
  }
}
