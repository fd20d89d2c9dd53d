-- Security deposits (issue 21): a per-unit amount on the bike, one deposit per rental that has one, and its
-- ledger of movements at the gateway (hold, re-authorisation, capture, release, fallback charge, refund).
ALTER TABLE "bikes" ADD COLUMN IF NOT EXISTS "deposit_amount_cents" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "bikes" ADD CONSTRAINT "bikes_deposit_non_negative" CHECK ("bikes"."deposit_amount_cents" >= 0);--> statement-breakpoint
CREATE TABLE IF NOT EXISTS "deposits" (
	"rental_id" uuid PRIMARY KEY NOT NULL REFERENCES "rentals"("id") ON DELETE cascade,
	"amount_minor" integer NOT NULL,
	"currency" text NOT NULL,
	"status" text DEFAULT 'pending' NOT NULL,
	"method" text DEFAULT 'hold' NOT NULL,
	"provider" text NOT NULL,
	"card_ref" text,
	"hold_at" timestamp with time zone NOT NULL,
	"hold_id" uuid,
	"held_minor" integer DEFAULT 0 NOT NULL,
	"captured_minor" integer DEFAULT 0 NOT NULL,
	"capture_before" timestamp with time zone,
	"reason" text,
	"attention" text,
	"settled_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "deposits_amount_positive" CHECK ("deposits"."amount_minor" > 0),
	CONSTRAINT "deposits_held_range" CHECK ("deposits"."held_minor" >= 0 and "deposits"."held_minor" <= "deposits"."amount_minor"),
	CONSTRAINT "deposits_captured_le_held" CHECK ("deposits"."captured_minor" >= 0 and "deposits"."captured_minor" <= "deposits"."held_minor"),
	CONSTRAINT "deposits_status_check" CHECK ("deposits"."status" in ('pending', 'held', 'released', 'captured', 'partially_captured', 'failed', 'expired')),
	CONSTRAINT "deposits_method_check" CHECK ("deposits"."method" in ('hold', 'charge', 'cash', 'card_terminal'))
);--> statement-breakpoint
CREATE TABLE IF NOT EXISTS "deposit_movements" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"rental_id" uuid NOT NULL REFERENCES "deposits"("rental_id") ON DELETE cascade,
	"kind" text NOT NULL,
	"status" text DEFAULT 'pending' NOT NULL,
	"amount_minor" integer NOT NULL,
	"currency" text NOT NULL,
	"provider" text NOT NULL,
	"provider_ref" text,
	"target_id" uuid REFERENCES "deposit_movements"("id"),
	"idempotency_key" text NOT NULL UNIQUE,
	"initiator" text,
	"open" boolean DEFAULT false NOT NULL,
	"replaced_by" uuid,
	"capture_before" timestamp with time zone,
	"extended_authorization" boolean DEFAULT false NOT NULL,
	"action_url" text,
	"reason" text,
	"error" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"completed_at" timestamp with time zone,
	CONSTRAINT "deposit_movements_amount_non_negative" CHECK ("deposit_movements"."amount_minor" >= 0),
	CONSTRAINT "deposit_movements_kind_check" CHECK ("deposit_movements"."kind" in ('hold', 'capture', 'release', 'charge', 'refund', 'expire', 'counter')),
	CONSTRAINT "deposit_movements_status_check" CHECK ("deposit_movements"."status" in ('pending', 'succeeded', 'requires_action', 'failed')),
	CONSTRAINT "deposit_movements_open_hold" CHECK (not "deposit_movements"."open" or ("deposit_movements"."kind" in ('hold', 'charge', 'counter') and "deposit_movements"."status" = 'succeeded'))
);--> statement-breakpoint
ALTER TABLE "deposits" ADD CONSTRAINT "deposits_hold_id_fk" FOREIGN KEY ("hold_id") REFERENCES "deposit_movements"("id") ON DELETE set null;--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "deposits_due_idx" ON "deposits" USING btree ("hold_at") WHERE "deposits"."status" = 'pending';--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "deposits_capture_before_idx" ON "deposits" USING btree ("capture_before") WHERE "deposits"."status" = 'held';--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "deposit_movements_rental_idx" ON "deposit_movements" USING btree ("rental_id","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX IF NOT EXISTS "deposit_movements_one_hold_attempt" ON "deposit_movements" USING btree ("rental_id") WHERE "deposit_movements"."kind" in ('hold', 'charge') and "deposit_movements"."status" in ('pending', 'requires_action');--> statement-breakpoint
CREATE UNIQUE INDEX IF NOT EXISTS "deposit_movements_one_active_hold" ON "deposit_movements" USING btree ("rental_id") WHERE "deposit_movements"."open" and "deposit_movements"."replaced_by" is null;--> statement-breakpoint
CREATE UNIQUE INDEX IF NOT EXISTS "deposit_movements_close_once" ON "deposit_movements" USING btree ("target_id") WHERE "deposit_movements"."kind" in ('capture', 'release', 'expire') and "deposit_movements"."status" <> 'failed';--> statement-breakpoint
CREATE UNIQUE INDEX IF NOT EXISTS "deposit_movements_refund_once" ON "deposit_movements" USING btree ("target_id") WHERE "deposit_movements"."kind" = 'refund' and "deposit_movements"."status" <> 'failed';--> statement-breakpoint
CREATE UNIQUE INDEX IF NOT EXISTS "deposit_movements_one_capture" ON "deposit_movements" USING btree ("rental_id") WHERE "deposit_movements"."kind" = 'capture' and "deposit_movements"."status" <> 'failed';
