-- A worker's claim on a webhook delivery, apart from its back-off: set while one worker sends it, cleared when the
-- attempt is recorded. A manual resend leaves a delivery alone while its lease runs (it would be sent twice at once).
ALTER TABLE "webhook_deliveries" ADD COLUMN IF NOT EXISTS "leased_until" timestamp with time zone;
--> statement-breakpoint
-- Money the gateway reported after its booking had lapsed: when that notice came. Kept after the automatic refund
-- (attention is cleared then), so admins still see the late payments that were given back.
ALTER TABLE "payments" ADD COLUMN IF NOT EXISTS "paid_after_close_at" timestamp with time zone;--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "payments_paid_after_close_idx" ON "payments" USING btree ("paid_after_close_at") WHERE "payments"."paid_after_close_at" IS NOT NULL;
