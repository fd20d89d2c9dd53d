import { Injectable } from '@nestjs/common';
import { and, eq } from 'drizzle-orm';
import { TransactionHost } from '../../database/transaction-host.js';
import { documentNumbers, documentSequences, DocumentKind } from '../../database/schema/notifications.js';

/** Gap-free document numbers per kind (receipts, invoices). */
@Injectable()
export class DocumentNumbers {
  constructor(private readonly txHost: TransactionHost) {}

  /**
   * The number of `kind` for `refId`, given the first time under the row lock of the kind's sequence (so numbers
   * have no gaps and never repeat); later calls answer the same number. In the current transaction, else its own.
   */
  ensure(kind: DocumentKind, refId: string): Promise<number> {
    return this.txHost.run(async () => {
      const t = this.txHost.db;
      await t.insert(documentSequences).values({ kind, lastNumber: 0 }).onConflictDoNothing();
      const [seq] = await t.select().from(documentSequences).where(eq(documentSequences.kind, kind)).for('update');
      const [existing] = await t
        .select({ number: documentNumbers.number })
        .from(documentNumbers)
        .where(and(eq(documentNumbers.kind, kind), eq(documentNumbers.refId, refId)));
      if (existing) return existing.number;
      const next = seq.lastNumber + 1;
      await t.update(documentSequences).set({ lastNumber: next }).where(eq(documentSequences.kind, kind));
      await t.insert(documentNumbers).values({ kind, refId, number: next });
      return next;
    });
  }
}
