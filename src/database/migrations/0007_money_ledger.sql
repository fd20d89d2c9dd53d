-- Issue 20 (money): a rental may take several successful payments (an up-front part, the rest, a late fee): its paid
-- amount is the sum of its succeeded rental and late-fee payments. One booking fee per rental stays the rule; no
-- checkout is paid twice (a payment row settles once, and payments_provider_ref_unique).
DROP INDEX IF EXISTS "payments_one_success_per_kind";--> statement-breakpoint
CREATE UNIQUE INDEX IF NOT EXISTS "payments_one_fee_success" ON "payments" USING btree ("rental_id") WHERE "payments"."kind" = 'booking_fee' AND "payments"."status" = 'succeeded';--> statement-breakpoint
-- The money a rental keeps never exceeds what it costs: a payment beyond it is refunded, never counted. NOT VALID:
-- rows overpaid before this fix stay as they are (they are on Payment Attention's history); new writes are checked.
ALTER TABLE "rentals" ADD CONSTRAINT "rentals_paid_within_cost" CHECK ("rentals"."total_paid_cents" is null or ("rentals"."total_paid_cents" >= 0 and "rentals"."total_paid_cents" <= "rentals"."total_cost_cents")) NOT VALID;--> statement-breakpoint
-- The booking fee's free-cancellation deadline, fixed when the fee is paid; a reschedule only ever moves it earlier.
ALTER TABLE "rentals" ADD COLUMN IF NOT EXISTS "free_cancel_until" timestamp with time zone;
