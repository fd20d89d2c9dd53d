import { Injectable } from '@nestjs/common';
import { count, desc } from 'drizzle-orm';
import { TransactionHost } from '../../database/transaction-host.js';
import { ContactMessageRow, contactMessages } from '../../database/schema/contact-messages.js';

@Injectable()
export class ContactRepository {
  constructor(private readonly txHost: TransactionHost) {}

  async insert(values: typeof contactMessages.$inferInsert): Promise<ContactMessageRow> {
    const [row] = await this.txHost.db.insert(contactMessages).values(values).returning();
    return row;
  }

  async page(offset: number, limit: number): Promise<{ rows: ContactMessageRow[]; total: number }> {
    const rows = await this.txHost.db
      .select()
      .from(contactMessages)
      .orderBy(desc(contactMessages.createdAt), desc(contactMessages.id))
      .limit(limit)
      .offset(offset);
    const [{ total }] = await this.txHost.db.select({ total: count() }).from(contactMessages);
    return { rows, total };
  }
}
