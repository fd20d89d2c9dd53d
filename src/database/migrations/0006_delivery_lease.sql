-- A worker's claim on a webhook delivery, apart from its back-off: set while one worker sends it, cleared when the
-- attempt is recorded. A manual resend leaves a delivery alone while its lease runs (it would be sent twice at once).
ALTER TABLE "webhook_deliveries" ADD COLUMN IF NOT EXISTS "leased_until" timestamp with time zone;
