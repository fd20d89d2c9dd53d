-- Related bikes look among the same brand first (BikesRepository.findRelated).
CREATE INDEX IF NOT EXISTS "bikes_brand_lower_idx" ON "bikes" USING btree (lower("brand")) WHERE "bikes"."deleted_at" is null;--> statement-breakpoint
-- The dashboard's recent returns (DashboardRepository.recentReturnedRentals): newest returns without sorting every rental.
CREATE INDEX IF NOT EXISTS "rentals_recent_returns_idx" ON "rentals" USING btree ("return_time" DESC NULLS LAST, "created_at" DESC, "id" DESC) WHERE "rentals"."status" in ('returned', 'paid');--> statement-breakpoint
-- Catalog change notifications (src/database/catalog-changes.service.ts): every committed write to what the public
-- pages show NOTIFYs okb_catalog_changed with the table's name; every instance LISTENs and drops its cached pages.
-- Statement level with a transition table, so a statement that changed no row (the sweeper finding nothing) is silent.
-- A table added later that public pages read gets the same three triggers: SELECT okb_watch_catalog_table('name').
CREATE OR REPLACE FUNCTION okb_notify_catalog_change() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF EXISTS (SELECT 1 FROM okb_changed_rows) THEN
    PERFORM pg_notify('okb_catalog_changed', TG_TABLE_NAME);
  END IF;
  RETURN NULL;
END
$$;--> statement-breakpoint
CREATE OR REPLACE FUNCTION okb_watch_catalog_table(target text) RETURNS void LANGUAGE plpgsql AS $$
BEGIN
  EXECUTE format('DROP TRIGGER IF EXISTS okb_catalog_insert ON %I', target);
  EXECUTE format('DROP TRIGGER IF EXISTS okb_catalog_update ON %I', target);
  EXECUTE format('DROP TRIGGER IF EXISTS okb_catalog_delete ON %I', target);
  EXECUTE format('CREATE TRIGGER okb_catalog_insert AFTER INSERT ON %I REFERENCING NEW TABLE AS okb_changed_rows FOR EACH STATEMENT EXECUTE FUNCTION okb_notify_catalog_change()', target);
  EXECUTE format('CREATE TRIGGER okb_catalog_update AFTER UPDATE ON %I REFERENCING NEW TABLE AS okb_changed_rows FOR EACH STATEMENT EXECUTE FUNCTION okb_notify_catalog_change()', target);
  EXECUTE format('CREATE TRIGGER okb_catalog_delete AFTER DELETE ON %I REFERENCING OLD TABLE AS okb_changed_rows FOR EACH STATEMENT EXECUTE FUNCTION okb_notify_catalog_change()', target);
END
$$;--> statement-breakpoint
-- bikes: the catalogue; rentals: units free now; reviews and their votes: the bike page; users and payments: the
-- dashboard's summary only; bike_units and unit_reservations (migration 0001): stock now.
DO $$
DECLARE
  t text;
BEGIN
  FOREACH t IN ARRAY ARRAY['bikes', 'rentals', 'reviews', 'review_votes', 'users', 'payments', 'bike_units', 'unit_reservations'] LOOP
    IF to_regclass(format('public.%I', t)) IS NOT NULL THEN
      PERFORM okb_watch_catalog_table(t);
    END IF;
  END LOOP;
END
$$;
