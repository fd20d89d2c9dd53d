-- CSV exports read users and payments in batches by keyset (created_at, id). With an index on created_at alone,
-- every batch re-read all rows sharing the cursor's timestamp (a bulk import of 200,000 users in one second made
-- each batch O(rows), the export O(rows^2)); on (created_at, id) a batch reads its own rows only.
CREATE INDEX IF NOT EXISTS "users_created_id_idx" ON "users" USING btree ("created_at","id");--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "payments_created_id_idx" ON "payments" USING btree ("created_at","id");
