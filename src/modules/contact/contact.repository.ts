import { Inject, Injectable } from '@nestjs/common';
import { count, desc } from 'drizzle-orm';
import { Db, DbOrTx, DRIZZLE } from '../../database/database.types.js';
import { ContactMessageRow, contactMessages } from '../../database/schema/contact-messages.js';

@Injectable()
export class ContactRepository {
  constructor(@Inject(DRIZZLE) private readonly db: Db) {}

  async insert(values: typeof contactMessages.$inferInsert, tx: DbOrTx = this.db): Promise<ContactMessageRow> {
    const [row] = await tx.insert(contactMessages).values(values).returning();
    return row;
  }

  async page(offset: number, limit: number, tx: DbOrTx = this.db): Promise<{ rows: ContactMessageRow[]; total: number }> {
    const rows = await tx
      .select()
      .from(contactMessages)
      .orderBy(desc(contactMessages.createdAt), desc(contactMessages.id))
      .limit(limit)
      .offset(offset);
    const [{ total }] = await tx.select({ total: count() }).from(contactMessages);
    return { rows, total };
  }
}
