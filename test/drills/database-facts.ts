/**
 * Every count and sum an operator would check after an upgrade or a restore: the rows of every table, and the money,
 * stock and rating figures by state. Shared by the upgrade drill and the backup drill.
 */
type Query = (text: string, params?: unknown[]) => Promise<Record<string, unknown>[]>;

export interface DatabaseFacts {
  /** table name -> row count, every base table in the public schema. */
  rows: Record<string, number>;
  /** label -> figure (the sums below), as text so bigint sums compare exactly. */
  sums: Record<string, string>;
}

const SUMS: Array<[string, string]> = [
  [
    'rentals by status',
    `select status as k, count(*)::text || ' rentals, ' || sum(quantity)::text || ' units, cost ' || sum(total_cost_cents)::text
            || ', paid ' || coalesce(sum(total_paid_cents), 0)::text || ', late fees ' || sum(late_fee_cents)::text as v
       from rentals group by status`,
  ],
  [
    'payments by kind and status',
    `select kind || '/' || status as k, count(*)::text || ' payments, ' || sum(amount_minor)::text || ' minor units' as v
       from payments group by kind, status`,
  ],
  ['reviews', `select 'all' as k, count(*)::text || ' reviews, ' || coalesce(sum(rating_halves), 0)::text || ' half-stars, ' || coalesce(sum(helpful), 0)::text || ' helpful' as v from reviews`],
  ['review votes', `select 'all' as k, count(*)::text || ' votes, sum ' || coalesce(sum(value), 0)::text as v from review_votes`],
  ['favourites', `select 'all' as k, count(*)::text || ' favourites, ' || count(distinct user_id)::text || ' users' as v from favourites`],
  ['bike units by status', `select status as k, count(*)::text as v from bike_units group by status`],
  ['reservations by kind', `select kind as k, count(*)::text || ' (' || count(returned_at)::text || ' returned)' as v from unit_reservations group by kind`],
  ['bikes', `select 'all' as k, count(*)::text || ' bikes, ' || sum(price_per_hour_cents)::text || ' cents/h, ' || count(deleted_at)::text || ' deleted' as v from bikes`],
  ['users by role', `select role as k, count(*)::text || ' users, ' || count(deleted_at)::text || ' deleted' as v from users group by role`],
];

export async function databaseFacts(q: Query): Promise<DatabaseFacts> {
  const tables = await q(
    `select table_name as t from information_schema.tables where table_schema = 'public' and table_type = 'BASE TABLE' order by table_name`,
  );
  const rows: Record<string, number> = {};
  for (const { t } of tables) rows[String(t)] = Number((await q(`select count(*)::int as n from "${String(t)}"`))[0].n);
  const sums: Record<string, string> = {};
  for (const [label, text] of SUMS) {
    for (const r of await q(text)) sums[`${label}: ${String(r.k)}`] = String(r.v);
  }
  return { rows, sums };
}
