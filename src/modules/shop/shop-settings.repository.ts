import { Injectable } from '@nestjs/common';
import { eq, sql } from 'drizzle-orm';
import { TransactionHost } from '../../database/transaction-host.js';
import { ShopSettingsRow, shopSettings } from '../../database/schema/shop-settings.js';

/** The one row of shop settings (id 1), created on first write. */
@Injectable()
export class ShopSettingsRepository {
  constructor(private readonly txHost: TransactionHost) {}

  async find(): Promise<ShopSettingsRow | undefined> {
    const [row] = await this.txHost.db.select().from(shopSettings).where(eq(shopSettings.id, 1));
    return row;
  }

  async upsert(values: Partial<Pick<ShopSettingsRow, 'openingHours' | 'closedDates' | 'feedToken'>>, at: Date): Promise<ShopSettingsRow> {
    const [row] = await this.txHost.db
      .insert(shopSettings)
      .values({ id: 1, closedDates: [], ...values, updatedAt: at })
      .onConflictDoUpdate({ target: shopSettings.id, set: { ...values, updatedAt: at } })
      .returning();
    return row;
  }

  /** Sets the feed token only when none is set yet (two first readers agree on one token). */
  async ensureFeedToken(token: string, at: Date): Promise<string> {
    await this.txHost.db
      .insert(shopSettings)
      .values({ id: 1, closedDates: [], feedToken: token, updatedAt: at })
      .onConflictDoUpdate({ target: shopSettings.id, set: { feedToken: sql`coalesce(${shopSettings.feedToken}, excluded.feed_token)` } });
    return (await this.find())!.feedToken!;
  }
}
