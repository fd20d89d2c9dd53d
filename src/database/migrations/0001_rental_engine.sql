CREATE EXTENSION IF NOT EXISTS btree_gist;
--> statement-breakpoint
ALTER TABLE "bikes" ADD COLUMN "price_per_day_cents" integer;
--> statement-breakpoint
ALTER TABLE "bikes" ADD COLUMN "price_per_week_cents" integer;
--> statement-breakpoint
ALTER TABLE "bikes" ADD CONSTRAINT "bikes_price_per_day_non_negative" CHECK ("bikes"."price_per_day_cents" >= 0);
--> statement-breakpoint
ALTER TABLE "bikes" ADD CONSTRAINT "bikes_price_per_week_non_negative" CHECK ("bikes"."price_per_week_cents" >= 0);
--> statement-breakpoint
ALTER TABLE "rentals" ADD COLUMN "end_time" timestamp with time zone;
--> statement-breakpoint
ALTER TABLE "rentals" ADD COLUMN "price_per_day_cents" integer;
--> statement-breakpoint
ALTER TABLE "rentals" ADD COLUMN "price_per_week_cents" integer;
--> statement-breakpoint
ALTER TABLE "rentals" ADD COLUMN "quote_lines" jsonb;
--> statement-breakpoint
ALTER TABLE "rentals" ADD COLUMN "late_fee_cents" integer DEFAULT 0 NOT NULL;
--> statement-breakpoint
ALTER TABLE "rentals" ADD COLUMN "source" text DEFAULT 'online' NOT NULL;
--> statement-breakpoint
ALTER TABLE "rentals" ADD COLUMN "payment_method" text;
--> statement-breakpoint
ALTER TABLE "rentals" ADD COLUMN "cancelled_at" timestamp with time zone;
--> statement-breakpoint
ALTER TABLE "rentals" ADD CONSTRAINT "rentals_window_order" CHECK ("rentals"."end_time" is null or "rentals"."end_time" > "rentals"."start_time");
--> statement-breakpoint
ALTER TABLE "rentals" ADD CONSTRAINT "rentals_source_check" CHECK ("rentals"."source" in ('online', 'counter'));
--> statement-breakpoint
CREATE INDEX "rentals_user_pending_idx" ON "rentals" USING btree ("user_id") WHERE "rentals"."status" = 'pending_fee';
--> statement-breakpoint
ALTER TABLE "payments" ADD COLUMN "refunded_at" timestamp with time zone;
--> statement-breakpoint
ALTER TABLE "payments" ADD COLUMN "attention" text;
--> statement-breakpoint
ALTER TABLE "payments" DROP CONSTRAINT "payments_kind_check";
--> statement-breakpoint
ALTER TABLE "payments" ADD CONSTRAINT "payments_kind_check" CHECK ("payments"."kind" in ('booking_fee', 'rental', 'late_fee'));
--> statement-breakpoint
ALTER TABLE "payments" DROP CONSTRAINT "payments_status_check";
--> statement-breakpoint
ALTER TABLE "payments" ADD CONSTRAINT "payments_status_check" CHECK ("payments"."status" in ('pending', 'succeeded', 'failed', 'cancelled', 'expired', 'refunded'));
--> statement-breakpoint
CREATE INDEX "payments_attention_idx" ON "payments" USING btree ("created_at") WHERE "payments"."attention" is not null;
--> statement-breakpoint
CREATE TABLE "bike_units" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"bike_id" uuid NOT NULL,
	"label" text NOT NULL,
	"status" text DEFAULT 'active' NOT NULL,
	"notes" text DEFAULT '' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "bike_units_status_check" CHECK ("bike_units"."status" in ('active', 'maintenance', 'retired'))
);
--> statement-breakpoint
ALTER TABLE "bike_units" ADD CONSTRAINT "bike_units_bike_id_bikes_id_fk" FOREIGN KEY ("bike_id") REFERENCES "public"."bikes"("id") ON DELETE no action ON UPDATE no action;
--> statement-breakpoint
CREATE UNIQUE INDEX "bike_units_bike_label_unique" ON "bike_units" USING btree ("bike_id", lower("label"));
--> statement-breakpoint
CREATE INDEX "bike_units_bike_idx" ON "bike_units" USING btree ("bike_id", "status");
--> statement-breakpoint
CREATE TABLE "unit_reservations" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"unit_id" uuid NOT NULL,
	"bike_id" uuid NOT NULL,
	"rental_id" uuid,
	"kind" text NOT NULL,
	"period" tstzrange NOT NULL,
	"reason" text DEFAULT '' NOT NULL,
	"returned_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "unit_reservations_kind_check" CHECK ("unit_reservations"."kind" in ('rental', 'maintenance')),
	CONSTRAINT "unit_reservations_rental_kind" CHECK (("unit_reservations"."kind" = 'rental') = ("unit_reservations"."rental_id" is not null)),
	CONSTRAINT "unit_reservations_period_not_empty" CHECK (not isempty("unit_reservations"."period")),
	CONSTRAINT "unit_reservations_no_overlap" EXCLUDE USING gist ("unit_id" WITH =, "period" WITH &&)
);
--> statement-breakpoint
ALTER TABLE "unit_reservations" ADD CONSTRAINT "unit_reservations_unit_id_bike_units_id_fk" FOREIGN KEY ("unit_id") REFERENCES "public"."bike_units"("id") ON DELETE cascade ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "unit_reservations" ADD CONSTRAINT "unit_reservations_bike_id_bikes_id_fk" FOREIGN KEY ("bike_id") REFERENCES "public"."bikes"("id") ON DELETE no action ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "unit_reservations" ADD CONSTRAINT "unit_reservations_rental_id_rentals_id_fk" FOREIGN KEY ("rental_id") REFERENCES "public"."rentals"("id") ON DELETE cascade ON UPDATE no action;
--> statement-breakpoint
CREATE INDEX "unit_reservations_rental_idx" ON "unit_reservations" USING btree ("rental_id");
--> statement-breakpoint
CREATE INDEX "unit_reservations_bike_period_idx" ON "unit_reservations" USING gist ("bike_id", "period");
--> statement-breakpoint
-- Every bike's stock becomes units; open rentals took theirs out of the counter, so they get units too.
INSERT INTO "bike_units" ("bike_id", "label", "status")
SELECT b."id", b."brand" || '-' || g.n, 'active'
FROM "bikes" b
CROSS JOIN LATERAL generate_series(
	1,
	b."quantity" + coalesce((SELECT sum(r."quantity") FROM "rentals" r WHERE r."bike_id" = b."id" AND r."status" IN ('pending_fee', 'booked')), 0)::int
) AS g(n);
--> statement-breakpoint
-- Open rentals keep as many units as they hold, from their start until they are returned.
WITH u AS (
	SELECT "id", "bike_id", row_number() OVER (PARTITION BY "bike_id" ORDER BY "id") AS n FROM "bike_units"
), o AS (
	SELECT "id", "bike_id", "quantity", "start_time",
		sum("quantity") OVER (PARTITION BY "bike_id" ORDER BY "created_at", "id") - "quantity" AS "off"
	FROM "rentals" WHERE "status" IN ('pending_fee', 'booked')
)
INSERT INTO "unit_reservations" ("unit_id", "bike_id", "rental_id", "kind", "period")
SELECT u."id", o."bike_id", o."id", 'rental', tstzrange(o."start_time", 'infinity', '[)')
FROM o JOIN u ON u."bike_id" = o."bike_id" AND u.n > o."off" AND u.n <= o."off" + o."quantity";
--> statement-breakpoint
ALTER TABLE "bikes" DROP CONSTRAINT "bikes_quantity_non_negative";
--> statement-breakpoint
ALTER TABLE "bikes" DROP COLUMN "quantity";
