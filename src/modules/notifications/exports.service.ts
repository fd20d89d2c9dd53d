import { Injectable } from '@nestjs/common';
import { sql, SQL } from 'drizzle-orm';
import { AppConfig } from '../../config/app-config.js';
import { TransactionHost } from '../../database/transaction-host.js';
import { ExportKind } from './notifications.dto.js';
import { amountText } from '../../common/money.js';

const BATCH = 500;

interface ExportSpec {
  header: string[];
  count: SQL;
  /** One batch after the cursor (created_at text, id), ordered by (created_at, id). */
  page: (after: { at: string; id: string } | null, limit: number) => SQL;
  row: (r: Record<string, unknown>) => unknown[];
}

const after = (alias: string, cursor: { at: string; id: string } | null): SQL =>
  cursor ? sql`(${sql.raw(alias)}.created_at, ${sql.raw(alias)}.id) > (${cursor.at}::timestamptz, ${cursor.id}::uuid)` : sql`true`;

/** Minor units as a plain amount with the row currency's own decimals: '48.00' USD, '4800' JPY, '4.800' KWD. */
const money = (minor: unknown, currency: unknown): string => (minor === null || minor === undefined ? '' : amountText(Number(minor), String(currency)));

const SPECS: Record<ExportKind, ExportSpec> = {
  rentals: {
    header: ['id', 'booking_reference', 'status', 'customer_name', 'customer_email', 'bike', 'quantity', 'start_time', 'return_time', 'price_per_hour', 'currency', 'total_cost', 'total_paid', 'created_at', 'addons', 'addons_total', 'coupons', 'discount'],
    count: sql`select count(*)::int as n from rentals`,
    page: (cursor, limit) => sql`
      select r.id::text as id, r.payment_ref, r.status, u.name as customer_name, u.email as customer_email, b.name as bike, r.quantity,
             r.start_time, r.return_time, r.price_per_hour_cents, r.currency, r.total_cost_cents, r.total_paid_cents, r.created_at,
             (select string_agg(ra.name || ' x ' || ra.quantity, '; ' order by ra.name) from rental_addons ra where ra.rental_id = r.id) as addons,
             (select sum(ra.amount_cents) from rental_addons ra where ra.rental_id = r.id) as addons_cents,
             (select string_agg(c.code, '; ' order by c.code) from coupon_redemptions cr join coupons c on c.id = cr.coupon_id where cr.rental_id = r.id) as coupons,
             (select sum(cr.discount_cents) from coupon_redemptions cr where cr.rental_id = r.id) as discount_cents,
             r.created_at::text as cursor_at
        from rentals r join users u on u.id = r.user_id join bikes b on b.id = r.bike_id
       where ${after('r', cursor)}
       order by r.created_at, r.id limit ${limit}`,
    row: (r) => [r.id, r.payment_ref, r.status, r.customer_name, r.customer_email, r.bike, r.quantity, iso(r.start_time), iso(r.return_time), money(r.price_per_hour_cents, r.currency), r.currency, money(r.total_cost_cents, r.currency), money(r.total_paid_cents, r.currency), iso(r.created_at), r.addons ?? '', money(r.addons_cents, r.currency), r.coupons ?? '', money(r.discount_cents, r.currency)],
  },
  payments: {
    // gift_card_amount: the part a gift card paid (gift_card its last four characters); a gift card's sale (kind gift_card) has no rental.
    header: ['id', 'rental_id', 'booking_reference', 'customer_email', 'kind', 'status', 'amount', 'currency', 'provider', 'created_at', 'completed_at', 'gift_card_amount', 'gift_card'],
    count: sql`select count(*)::int as n from payments`,
    page: (cursor, limit) => sql`
      select p.id::text as id, p.rental_id::text as rental_id, r.payment_ref, u.email as customer_email, p.kind, p.status, p.amount_minor, p.currency,
             p.provider, p.created_at, p.completed_at, p.gift_card_minor, g.last4 as gift_card_last4, p.created_at::text as cursor_at
        from payments p left join rentals r on r.id = p.rental_id join users u on u.id = p.user_id
        left join gift_cards g on g.id = coalesce(p.gift_card_id, p.sold_gift_card_id)
       where ${after('p', cursor)}
       order by p.created_at, p.id limit ${limit}`,
    row: (r) => [
      r.id, r.rental_id, r.payment_ref, r.customer_email, r.kind, r.status, money(r.amount_minor, r.currency), r.currency, r.provider, iso(r.created_at), iso(r.completed_at),
      Number(r.gift_card_minor) > 0 ? money(r.gift_card_minor, r.currency) : '', r.gift_card_last4 ? `****${String(r.gift_card_last4)}` : '',
    ],
  },
  'gift-cards': {
    header: ['id', 'card', 'status', 'amount', 'balance', 'currency', 'purchaser_email', 'recipient_name', 'recipient_email', 'send_at', 'issued_at', 'expires_at', 'created_at'],
    count: sql`select count(*)::int as n from gift_cards`,
    page: (cursor, limit) => sql`
      select g.id::text as id, g.last4, g.status, g.amount_minor, g.currency, u.email as purchaser_email, g.recipient_name, g.recipient_email,
             g.send_at, g.issued_at, g.expires_at, g.created_at, g.created_at::text as cursor_at,
             coalesce((select m.balance_after from gift_card_movements m where m.gift_card_id = g.id order by m.seq desc limit 1), 0) as balance_minor
        from gift_cards g join users u on u.id = g.purchaser_id
       where ${after('g', cursor)}
       order by g.created_at, g.id limit ${limit}`,
    row: (r) => [
      r.id, `****${String(r.last4)}`, r.status, money(r.amount_minor, r.currency), money(r.balance_minor, r.currency), r.currency, r.purchaser_email, r.recipient_name, r.recipient_email,
      iso(r.send_at), iso(r.issued_at), iso(r.expires_at), iso(r.created_at),
    ],
  },
  users: {
    header: ['id', 'name', 'email', 'phone', 'address', 'role', 'created_at'],
    count: sql`select count(*)::int as n from users`,
    page: (cursor, limit) => sql`
      select u.id::text as id, u.name, u.email, u.phone, u.address, u.role, u.created_at, u.created_at::text as cursor_at
        from users u where ${after('u', cursor)} order by u.created_at, u.id limit ${limit}`,
    row: (r) => [r.id, r.name, r.email, r.phone, r.address, r.role, iso(r.created_at)],
  },
};

function iso(v: unknown): string {
  if (v === null || v === undefined) return '';
  const d = v instanceof Date ? v : new Date(String(v));
  return Number.isNaN(d.getTime()) ? String(v) : d.toISOString();
}

/** RFC 4180 field; text that a spreadsheet would run as a formula (= + - @ at the start) is prefixed with '. */
export function csvField(v: unknown): string {
  if (v === null || v === undefined) return '';
  let s = String(v);
  if (typeof v === 'string' && /^[=+\-@\t\r]/.test(s)) s = `'${s}`;
  return /[",\r\n]/.test(s) ? `"${s.replace(/"/g, '""')}"` : s;
}

export const csvLine = (fields: unknown[]): string => `${fields.map(csvField).join(',')}\r\n`;

const rowsOf = (res: unknown): Record<string, unknown>[] => (res as { rows?: Record<string, unknown>[] }).rows ?? (res as Record<string, unknown>[]);

/**
 * CSV exports read in batches by keyset (created_at, id), so a table of a million rentals is never held in
 * memory: each batch is written out (waiting for the client to drain) before the next is read.
 */
@Injectable()
export class ExportsService {
  private running = 0;

  constructor(
    private readonly txHost: TransactionHost,
    private readonly config: AppConfig,
  ) {}

  /**
   * A slot for one export on this instance, or null when EXPORT_MAX_CONCURRENT are running: each holds a pooled
   * connection for its batches, and 50 at once starved the pool (readiness answered 503, exports were cut).
   * Call the returned function when the export ends.
   */
  acquireSlot(): (() => void) | null {
    if (this.running >= this.config.env.EXPORT_MAX_CONCURRENT) return null;
    this.running++;
    let released = false;
    return () => {
      if (!released) this.running--;
      released = true;
    };
  }

  async count(kind: ExportKind): Promise<number> {
    return Number(rowsOf(await this.txHost.db.execute(SPECS[kind].count))[0]?.n ?? 0);
  }

  /** The CSV, line by line (header first), one database batch at a time. */
  async *lines(kind: ExportKind, batch = BATCH): AsyncGenerator<string> {
    const spec = SPECS[kind];
    yield csvLine(spec.header);
    let cursor: { at: string; id: string } | null = null;
    for (;;) {
      const rows = rowsOf(await this.txHost.db.execute(spec.page(cursor, batch)));
      if (!rows.length) return;
      let chunk = '';
      for (const r of rows) chunk += csvLine(spec.row(r));
      yield chunk;
      const last = rows[rows.length - 1];
      cursor = { at: String(last.cursor_at), id: String(last.id) };
      if (rows.length < batch) return;
    }
  }
}
