import { Injectable } from '@nestjs/common';
import { count, desc } from 'drizzle-orm';
import { Executor, TransactionHost } from '../../database/transaction-host.js';
import { ContactMessageRow, contactMessages } from '../../database/schema/contact-messages.js';

@Injectable()
export class ContactRepository {
  constructor(private readonly txHost: TransactionHost) {}

  /** The current transaction, else the pool (TransactionHost). */
  private get db(): Executor {
    return this.txHost.db;
  }

  async insert(values: typeof contactMessages.$inferInsert): Promise<ContactMessageRow> {
    const [row] = await this.db.insert(contactMessages).values(values).returning();
    return row;
  }

  async page(offset: number, limit: number): Promise<{ rows: ContactMessageRow[]; total: number }> {
    const rows = await this.db
      .select()
      .from(contactMessages)
      .orderBy(desc(contactMessages.createdAt), desc(contactMessages.id))
      .limit(limit)
      .offset(offset);
    const [{ total }] = await this.db.select({ total: count() }).from(contactMessages);
    return { rows, total };
  }
}
