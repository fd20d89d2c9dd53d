-- Indexes measured by bench:scale (100,000 bikes, 1,000,000 rentals, 1,850,000 payments; bench/README.md).
-- The hold sweeper's lapsed rental payments (kind, pending, expires_at <= now, oldest first): read all payments
-- every 30 s on every instance without it (120-220 ms).
CREATE INDEX IF NOT EXISTS "payments_pending_expiry_idx" ON "payments" USING btree ("kind", "expires_at") WHERE "payments"."status" = 'pending';--> statement-breakpoint
-- The admin rental lists, newest first (allrentalbike, rentalpayment): page 1 sorted every rental without it (100-600 ms).
CREATE INDEX IF NOT EXISTS "rentals_created_idx" ON "rentals" USING btree ("created_at" DESC, "id" DESC);--> statement-breakpoint
-- Reminders (pick-up soon, return due soon, overdue) look at booked rentals by their start and their end.
CREATE INDEX IF NOT EXISTS "rentals_booked_start_idx" ON "rentals" USING btree ("start_time") WHERE "rentals"."status" = 'booked';--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "rentals_booked_end_idx" ON "rentals" USING btree ("end_time") WHERE "rentals"."status" = 'booked' AND "rentals"."end_time" IS NOT NULL;
