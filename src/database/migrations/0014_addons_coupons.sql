-- Add-ons (helmets, locks, insurance) with stock held per window like bike units, and discount codes (issue 25).
CREATE TABLE "addons" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"name" text NOT NULL,
	"description" text DEFAULT '' NOT NULL,
	"image_url" text DEFAULT '' NOT NULL,
	"tracks_stock" boolean DEFAULT true NOT NULL,
	"price_per_rental_cents" integer DEFAULT 0 NOT NULL,
	"price_per_day_cents" integer DEFAULT 0 NOT NULL,
	"currency" text DEFAULT 'USD' NOT NULL,
	"deposit_cents" integer DEFAULT 0 NOT NULL,
	"fits" text DEFAULT 'all' NOT NULL,
	"fit_brands" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"fit_bike_ids" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"per_bike" boolean DEFAULT false NOT NULL,
	"is_active" boolean DEFAULT true NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "addons_fits_check" CHECK ("addons"."fits" in ('all', 'brands', 'bikes')),
	CONSTRAINT "addons_prices_non_negative" CHECK ("addons"."price_per_rental_cents" >= 0 and "addons"."price_per_day_cents" >= 0 and "addons"."deposit_cents" >= 0)
);
--> statement-breakpoint
CREATE TABLE "addon_items" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"addon_id" uuid NOT NULL,
	"label" text NOT NULL,
	"status" text DEFAULT 'active' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "addon_items_status_check" CHECK ("addon_items"."status" in ('active', 'retired'))
);
--> statement-breakpoint
CREATE TABLE "addon_reservations" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"item_id" uuid NOT NULL,
	"addon_id" uuid NOT NULL,
	"rental_id" uuid NOT NULL,
	"period" tstzrange NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "addon_reservations_period_not_empty" CHECK (not isempty("addon_reservations"."period")),
	CONSTRAINT "addon_reservations_no_overlap" EXCLUDE USING gist ("item_id" WITH =, "period" WITH &&)
);
--> statement-breakpoint
CREATE TABLE "rental_addons" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"rental_id" uuid NOT NULL,
	"addon_id" uuid,
	"name" text NOT NULL,
	"quantity" integer NOT NULL,
	"price_per_rental_cents" integer NOT NULL,
	"price_per_day_cents" integer NOT NULL,
	"amount_cents" integer NOT NULL,
	"deposit_cents" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "rental_addons_quantity_positive" CHECK ("rental_addons"."quantity" > 0),
	CONSTRAINT "rental_addons_amount_non_negative" CHECK ("rental_addons"."amount_cents" >= 0)
);
--> statement-breakpoint
CREATE TABLE "coupons" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"code" text NOT NULL,
	"kind" text NOT NULL,
	"percent_off" integer,
	"amount_off_cents" integer,
	"currency" text DEFAULT 'USD' NOT NULL,
	"free_addon_id" uuid,
	"valid_from" timestamp with time zone,
	"valid_until" timestamp with time zone,
	"bike_ids" jsonb,
	"min_hours" integer DEFAULT 0 NOT NULL,
	"min_quantity" integer DEFAULT 1 NOT NULL,
	"max_uses" integer,
	"max_uses_per_customer" integer,
	"stackable" boolean DEFAULT false NOT NULL,
	"is_active" boolean DEFAULT true NOT NULL,
	"uses" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "coupons_kind_check" CHECK ("coupons"."kind" in ('percent', 'fixed', 'free_addon')),
	CONSTRAINT "coupons_kind_values" CHECK (("coupons"."kind" <> 'percent' or "coupons"."percent_off" between 1 and 100) and ("coupons"."kind" <> 'fixed' or "coupons"."amount_off_cents" > 0) and ("coupons"."kind" <> 'free_addon' or "coupons"."free_addon_id" is not null)),
	CONSTRAINT "coupons_uses_within_limit" CHECK ("coupons"."uses" >= 0 and ("coupons"."max_uses" is null or "coupons"."uses" <= "coupons"."max_uses")),
	CONSTRAINT "coupons_limits_positive" CHECK (("coupons"."max_uses" is null or "coupons"."max_uses" > 0) and ("coupons"."max_uses_per_customer" is null or "coupons"."max_uses_per_customer" > 0) and "coupons"."min_hours" >= 0 and "coupons"."min_quantity" >= 1)
);
--> statement-breakpoint
CREATE TABLE "coupon_redemptions" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"coupon_id" uuid NOT NULL,
	"rental_id" uuid NOT NULL,
	"user_id" uuid NOT NULL,
	"discount_cents" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "coupon_redemptions_discount_non_negative" CHECK ("coupon_redemptions"."discount_cents" >= 0)
);
--> statement-breakpoint
ALTER TABLE "addon_items" ADD CONSTRAINT "addon_items_addon_id_addons_id_fk" FOREIGN KEY ("addon_id") REFERENCES "public"."addons"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "addon_reservations" ADD CONSTRAINT "addon_reservations_item_id_addon_items_id_fk" FOREIGN KEY ("item_id") REFERENCES "public"."addon_items"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "addon_reservations" ADD CONSTRAINT "addon_reservations_addon_id_addons_id_fk" FOREIGN KEY ("addon_id") REFERENCES "public"."addons"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "addon_reservations" ADD CONSTRAINT "addon_reservations_rental_id_rentals_id_fk" FOREIGN KEY ("rental_id") REFERENCES "public"."rentals"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "rental_addons" ADD CONSTRAINT "rental_addons_rental_id_rentals_id_fk" FOREIGN KEY ("rental_id") REFERENCES "public"."rentals"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "rental_addons" ADD CONSTRAINT "rental_addons_addon_id_addons_id_fk" FOREIGN KEY ("addon_id") REFERENCES "public"."addons"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "coupons" ADD CONSTRAINT "coupons_free_addon_id_addons_id_fk" FOREIGN KEY ("free_addon_id") REFERENCES "public"."addons"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "coupon_redemptions" ADD CONSTRAINT "coupon_redemptions_coupon_id_coupons_id_fk" FOREIGN KEY ("coupon_id") REFERENCES "public"."coupons"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "coupon_redemptions" ADD CONSTRAINT "coupon_redemptions_rental_id_rentals_id_fk" FOREIGN KEY ("rental_id") REFERENCES "public"."rentals"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "coupon_redemptions" ADD CONSTRAINT "coupon_redemptions_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "addon_items_addon_idx" ON "addon_items" USING btree ("addon_id","status");--> statement-breakpoint
CREATE INDEX "addon_reservations_rental_idx" ON "addon_reservations" USING btree ("rental_id");--> statement-breakpoint
CREATE INDEX "addon_reservations_addon_period_idx" ON "addon_reservations" USING gist ("addon_id","period");--> statement-breakpoint
CREATE UNIQUE INDEX "rental_addons_rental_addon_unique" ON "rental_addons" USING btree ("rental_id","addon_id");--> statement-breakpoint
CREATE INDEX "rental_addons_addon_idx" ON "rental_addons" USING btree ("addon_id");--> statement-breakpoint
CREATE UNIQUE INDEX "coupons_code_unique" ON "coupons" USING btree (lower("code"));--> statement-breakpoint
CREATE UNIQUE INDEX "coupon_redemptions_coupon_rental_unique" ON "coupon_redemptions" USING btree ("coupon_id","rental_id");--> statement-breakpoint
CREATE INDEX "coupon_redemptions_coupon_user_idx" ON "coupon_redemptions" USING btree ("coupon_id","user_id");--> statement-breakpoint
CREATE INDEX "coupon_redemptions_rental_idx" ON "coupon_redemptions" USING btree ("rental_id");
