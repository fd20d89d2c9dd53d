-- Gift cards (issue 25): a card sold through the gateway is a means of payment with a balance. The balance is
-- the running total of its ledger (gift_card_movements): each movement carries the balance after it, numbered per
-- card (a unique sequence: two writers can never both append the same next movement) and never below zero.
-- A gift card's sale is a payment without a rental (kind gift_card); a payment may be covered partly or wholly by
-- a gift card (gift_card_id, gift_card_minor; the gateway charges the rest).
CREATE TABLE IF NOT EXISTS "gift_cards" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"code_hash" text NOT NULL,
	"code_sealed" text NOT NULL,
	"last4" text NOT NULL,
	"amount_minor" integer NOT NULL,
	"currency" text NOT NULL,
	"status" text DEFAULT 'pending' NOT NULL,
	"purchaser_id" uuid NOT NULL,
	"recipient_name" text NOT NULL,
	"recipient_email" text NOT NULL,
	"message" text DEFAULT '' NOT NULL,
	"send_at" timestamp with time zone NOT NULL,
	"issued_at" timestamp with time zone,
	"expires_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "gift_cards_purchaser_id_users_id_fk" FOREIGN KEY ("purchaser_id") REFERENCES "public"."users"("id") ON DELETE restrict ON UPDATE no action,
	CONSTRAINT "gift_cards_code_hash_unique" UNIQUE("code_hash"),
	CONSTRAINT "gift_cards_amount_positive" CHECK ("gift_cards"."amount_minor" > 0),
	CONSTRAINT "gift_cards_status_check" CHECK ("gift_cards"."status" in ('pending', 'active', 'void'))
);--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "gift_cards_created_idx" ON "gift_cards" USING btree ("created_at","id");--> statement-breakpoint
CREATE TABLE IF NOT EXISTS "gift_card_movements" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"gift_card_id" uuid NOT NULL,
	"seq" integer NOT NULL,
	"kind" text NOT NULL,
	"amount_minor" integer NOT NULL,
	"balance_after" integer NOT NULL,
	"payment_id" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "gift_card_movements_gift_card_id_gift_cards_id_fk" FOREIGN KEY ("gift_card_id") REFERENCES "public"."gift_cards"("id") ON DELETE cascade ON UPDATE no action,
	CONSTRAINT "gift_card_movements_seq_unique" UNIQUE("gift_card_id","seq"),
	CONSTRAINT "gift_card_movements_balance_non_negative" CHECK ("gift_card_movements"."balance_after" >= 0),
	CONSTRAINT "gift_card_movements_amount_non_zero" CHECK ("gift_card_movements"."amount_minor" <> 0),
	CONSTRAINT "gift_card_movements_kind_check" CHECK ("gift_card_movements"."kind" in ('issue', 'redeem', 'release', 'refund', 'expire'))
);--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "gift_card_movements_payment_idx" ON "gift_card_movements" USING btree ("payment_id");--> statement-breakpoint
ALTER TABLE "payments" ALTER COLUMN "rental_id" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "payments" ADD COLUMN IF NOT EXISTS "gift_card_id" uuid;--> statement-breakpoint
ALTER TABLE "payments" ADD COLUMN IF NOT EXISTS "gift_card_minor" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "payments" ADD COLUMN IF NOT EXISTS "sold_gift_card_id" uuid;--> statement-breakpoint
ALTER TABLE "payments" ADD CONSTRAINT "payments_gift_card_id_fk" FOREIGN KEY ("gift_card_id") REFERENCES "public"."gift_cards"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payments" ADD CONSTRAINT "payments_sold_gift_card_id_fk" FOREIGN KEY ("sold_gift_card_id") REFERENCES "public"."gift_cards"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payments" DROP CONSTRAINT "payments_kind_check";--> statement-breakpoint
ALTER TABLE "payments" ADD CONSTRAINT "payments_kind_check" CHECK ("payments"."kind" in ('booking_fee', 'rental', 'late_fee', 'gift_card'));--> statement-breakpoint
ALTER TABLE "payments" ADD CONSTRAINT "payments_rental_or_gift_card" CHECK (("payments"."kind" = 'gift_card') = ("payments"."rental_id" is null) and ("payments"."kind" = 'gift_card') = ("payments"."sold_gift_card_id" is not null));--> statement-breakpoint
ALTER TABLE "payments" ADD CONSTRAINT "payments_gift_card_part" CHECK ("payments"."gift_card_minor" >= 0 and "payments"."gift_card_minor" <= "payments"."amount_minor" and ("payments"."gift_card_minor" = 0) = ("payments"."gift_card_id" is null));--> statement-breakpoint
CREATE UNIQUE INDEX IF NOT EXISTS "payments_sold_gift_card_unique" ON "payments" USING btree ("sold_gift_card_id");
