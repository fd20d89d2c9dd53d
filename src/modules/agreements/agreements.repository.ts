import { Injectable } from '@nestjs/common';
import { and, count, desc, eq, gt, inArray, isNull, sql } from 'drizzle-orm';
import { TransactionHost } from '../../database/transaction-host.js';
import {
  AgreementSignatureRow,
  agreementSignatures,
  AgreementVersionRow,
  agreementVersions,
  NewAgreementSignatureRow,
} from '../../database/schema/agreements.js';
import { rentals } from '../../database/schema/rentals.js';
import { users } from '../../database/schema/users.js';

/** A signature with its version's number and title. */
export type SignatureWithVersion = AgreementSignatureRow & { version: number; title: string };

/** A stored signature as the admin's list shows it. */
export type SignatureListRow = SignatureWithVersion & { paymentRef: string; customerName: string };

const withVersion = { signature: agreementSignatures, version: agreementVersions.version, title: agreementVersions.title };

@Injectable()
export class AgreementsRepository {
  constructor(private readonly txHost: TransactionHost) {}

  /** The latest version (withdrawn or not). */
  async latest(): Promise<AgreementVersionRow | undefined> {
    const [row] = await this.txHost.db.select().from(agreementVersions).orderBy(desc(agreementVersions.version)).limit(1);
    return row;
  }

  async listVersions(): Promise<(AgreementVersionRow & { signatures: number; createdByName: string | null })[]> {
    const rows = await this.txHost.db
      .select({
        version: agreementVersions,
        createdByName: users.name,
        signatures: sql<number>`(select count(*)::int from ${agreementSignatures} where ${agreementSignatures.versionId} = ${agreementVersions.id} and ${agreementSignatures.reusedFrom} is null)`,
      })
      .from(agreementVersions)
      .leftJoin(users, eq(users.id, agreementVersions.createdBy))
      .orderBy(desc(agreementVersions.version));
    return rows.map((r) => ({ ...r.version, signatures: Number(r.signatures), createdByName: r.createdByName }));
  }

  /**
   * Saves the next version. The latest row is locked first, so two admins saving at once get consecutive numbers (and the
   * unique version number refuses a duplicate in any case).
   */
  async insertVersion(values: { title: string; body: string; createdBy: string; createdAt: Date }): Promise<AgreementVersionRow> {
    await this.txHost.db.execute(sql`lock table ${agreementVersions} in share row exclusive mode`);
    const [{ next }] = await this.txHost.db.select({ next: sql<number>`coalesce(max(${agreementVersions.version}), 0) + 1` }).from(agreementVersions);
    const [row] = await this.txHost.db.insert(agreementVersions).values({ ...values, version: Number(next) }).returning();
    return row;
  }

  async withdraw(id: string, at: Date): Promise<AgreementVersionRow | undefined> {
    const [row] = await this.txHost.db
      .update(agreementVersions)
      .set({ withdrawnAt: at })
      .where(and(eq(agreementVersions.id, id), isNull(agreementVersions.withdrawnAt)))
      .returning();
    return row;
  }

  /** Locks the rental row: one signing request of a rental at a time. */
  async lockRental(rentalId: string): Promise<void> {
    await this.txHost.db.select({ id: rentals.id }).from(rentals).where(eq(rentals.id, rentalId)).for('update');
  }

  async signaturesOfRental(rentalId: string): Promise<SignatureWithVersion[]> {
    const rows = await this.txHost.db
      .select(withVersion)
      .from(agreementSignatures)
      .innerJoin(agreementVersions, eq(agreementVersions.id, agreementSignatures.versionId))
      .where(eq(agreementSignatures.rentalId, rentalId))
      .orderBy(agreementSignatures.position);
    return rows.map((r) => ({ ...r.signature, version: r.version, title: r.title }));
  }

  async findSignature(id: string): Promise<SignatureWithVersion | undefined> {
    const [r] = await this.txHost.db
      .select(withVersion)
      .from(agreementSignatures)
      .innerJoin(agreementVersions, eq(agreementVersions.id, agreementSignatures.versionId))
      .where(eq(agreementSignatures.id, id));
    return r && { ...r.signature, version: r.version, title: r.title };
  }

  /** The customer's own signature of `versionId` for this rider made after `since`, newest first (reused links are not sources). */
  async reusable(userId: string, versionId: string, since: Date, rider?: { key: string; birthDate: string }): Promise<AgreementSignatureRow[]> {
    return this.txHost.db
      .select()
      .from(agreementSignatures)
      .where(
        and(
          eq(agreementSignatures.userId, userId),
          eq(agreementSignatures.versionId, versionId),
          isNull(agreementSignatures.reusedFrom),
          gt(agreementSignatures.signedAt, since),
          ...(rider ? [eq(agreementSignatures.riderKey, rider.key), eq(agreementSignatures.riderBirthDate, rider.birthDate)] : []),
        ),
      )
      .orderBy(desc(agreementSignatures.signedAt));
  }

  async insertSignatures(rows: NewAgreementSignatureRow[]): Promise<AgreementSignatureRow[]> {
    return rows.length ? this.txHost.db.insert(agreementSignatures).values(rows).returning() : [];
  }

  async deleteSignatures(ids: string[]): Promise<void> {
    if (ids.length) await this.txHost.db.delete(agreementSignatures).where(inArray(agreementSignatures.id, ids));
  }

  async listSignatures(page: { offset: number; limit: number }): Promise<{ rows: SignatureListRow[]; total: number }> {
    const [{ n }] = await this.txHost.db.select({ n: count() }).from(agreementSignatures);
    const rows = await this.txHost.db
      .select({ ...withVersion, paymentRef: rentals.paymentRef, customerName: users.name })
      .from(agreementSignatures)
      .innerJoin(agreementVersions, eq(agreementVersions.id, agreementSignatures.versionId))
      .innerJoin(rentals, eq(rentals.id, agreementSignatures.rentalId))
      .innerJoin(users, eq(users.id, agreementSignatures.userId))
      .orderBy(desc(agreementSignatures.createdAt), desc(agreementSignatures.id))
      .limit(page.limit)
      .offset(page.offset);
    return { rows: rows.map((r) => ({ ...r.signature, version: r.version, title: r.title, paymentRef: r.paymentRef, customerName: r.customerName })), total: n };
  }
}
