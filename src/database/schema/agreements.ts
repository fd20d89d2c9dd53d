import { sql } from 'drizzle-orm';
import { type AnyPgColumn, boolean, check, date, index, integer, pgTable, text, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { createdAt, foreignId, primaryId, timestamptz } from './columns.js';
import { rentals } from './rentals.js';
import { users } from './users.js';

/**
 * The shop's rental agreement (issue 22): every save is a new version, never changed afterwards, so a signature keeps
 * pointing at the text it signed. The current agreement is the highest version unless it was withdrawn (then the shop
 * asks for none).
 */
export const agreementVersions = pgTable(
  'agreement_versions',
  {
    id: primaryId(),
    version: integer('version').notNull().unique('agreement_versions_version_unique'),
    title: text('title').notNull(),
    /** Markdown with placeholders ({{customer}}, {{bikes}}, {{window}}, {{deposit}}), filled per rental. */
    body: text('body').notNull(),
    createdBy: uuid('created_by').references((): AnyPgColumn => users.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
    /** Set when an admin stops asking for signatures (on the latest version only). */
    withdrawnAt: timestamptz('withdrawn_at'),
  },
  (t) => [check('agreement_versions_version_positive', sql`${t.version} > 0`)],
);

export const SIGNATURE_METHODS = ['drawn', 'typed'] as const;
export type SignatureMethod = (typeof SIGNATURE_METHODS)[number];
export const SIGNED_VIA = ['online', 'counter'] as const;
export type SignedVia = (typeof SIGNED_VIA)[number];

/**
 * One rider of a rental (position 0..quantity-1) and the signature that covers them: signed for this rental (with its
 * own PDF), or reused from the same customer's earlier signature of the same version for the same rider (reusedFrom,
 * the original's PDF, hash and signing time).
 */
export const agreementSignatures = pgTable(
  'agreement_signatures',
  {
    id: primaryId(),
    rentalId: foreignId('rental_id', () => rentals.id),
    /** The rental's customer. */
    userId: foreignId('user_id', () => users.id),
    versionId: foreignId('version_id', () => agreementVersions.id),
    position: integer('position').notNull(),
    riderName: text('rider_name').notNull(),
    /** The rider's name folded (trimmed, single spaces, lower case): how the same rider is recognised for reuse. */
    riderKey: text('rider_key').notNull(),
    riderBirthDate: date('rider_birth_date', { mode: 'string' }).notNull(),
    /** Under 18 at the rental's start (in the shop's zone): a guardian signs. */
    minor: boolean('minor').notNull(),
    guardianName: text('guardian_name'),
    method: text('method').$type<SignatureMethod>().notNull(),
    /** The name the signer typed (the rider, or the guardian of a minor). */
    typedName: text('typed_name').notNull(),
    signedAt: timestamptz('signed_at').notNull(),
    signedVia: text('signed_via').$type<SignedVia>().notNull(),
    /** The admin who handed the tablet over at the counter. */
    staffId: uuid('staff_id').references((): AnyPgColumn => users.id, { onDelete: 'set null' }),
    ip: text('ip'),
    userAgent: text('user_agent'),
    /** FileStore key of the signed PDF. */
    pdfKey: text('pdf_key').notNull(),
    pdfSha256: text('pdf_sha256').notNull(),
    reusedFrom: uuid('reused_from').references((): AnyPgColumn => agreementSignatures.id),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('agreement_signatures_rental_position_unique').on(t.rentalId, t.position),
    index('agreement_signatures_reuse_idx').on(t.userId, t.riderKey, t.riderBirthDate, t.versionId),
    index('agreement_signatures_created_idx').on(t.createdAt.desc(), t.id.desc()),
    check('agreement_signatures_position_check', sql`${t.position} >= 0`),
    check('agreement_signatures_method_check', sql`${t.method} in ('drawn', 'typed')`),
    check('agreement_signatures_signed_via_check', sql`${t.signedVia} in ('online', 'counter')`),
    check('agreement_signatures_guardian_check', sql`not ${t.minor} or ${t.guardianName} is not null`),
    check('agreement_signatures_sha256_check', sql`${t.pdfSha256} ~ '^[0-9a-f]{64}$'`),
  ],
);

export type AgreementVersionRow = typeof agreementVersions.$inferSelect;
export type AgreementSignatureRow = typeof agreementSignatures.$inferSelect;
export type NewAgreementSignatureRow = typeof agreementSignatures.$inferInsert;
