-- The counter (issue 22): check-out and check-in per unit, condition checklists, photos and damage reports.
-- One check-out per rental (the primary key): who handed the units over, when, and the override kept when an admin
-- handed them over although something blocked it (e.g. the deposit was not held).
CREATE TABLE IF NOT EXISTS "rental_checkouts" (
	"rental_id" uuid PRIMARY KEY NOT NULL,
	"checked_out_at" timestamp with time zone NOT NULL,
	"staff_id" uuid,
	"override_reason" text,
	"overridden" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"moved_return_from" timestamp with time zone,
	"checked_in_at" timestamp with time zone,
	"checked_in_by" uuid,
	CONSTRAINT "rental_checkouts_override_reason" CHECK (jsonb_array_length("rental_checkouts"."overridden") = 0 OR length(coalesce("rental_checkouts"."override_reason", '')) > 0)
);
--> statement-breakpoint
-- The condition of one unit at check-out or check-in: the checklist (part -> ok / worn / damaged / n/a) and notes.
CREATE TABLE IF NOT EXISTS "unit_conditions" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"rental_id" uuid NOT NULL,
	"unit_id" uuid NOT NULL,
	"stage" text NOT NULL,
	"checklist" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"notes" text DEFAULT '' NOT NULL,
	"staff_id" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "unit_conditions_stage_check" CHECK ("unit_conditions"."stage" in ('check_out', 'check_in'))
);
--> statement-breakpoint
-- A damage report of one unit at check-in: items (part, severity, cost in minor units), notes; what the shop kept
-- of the deposit for it.
CREATE TABLE IF NOT EXISTS "damage_reports" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"rental_id" uuid NOT NULL,
	"unit_id" uuid NOT NULL,
	"condition_id" uuid,
	"items" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"notes" text DEFAULT '' NOT NULL,
	"severe" boolean DEFAULT false NOT NULL,
	"cost_minor" integer DEFAULT 0 NOT NULL,
	"currency" text NOT NULL,
	"deposit_kept_minor" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "damage_reports_cost_check" CHECK ("damage_reports"."cost_minor" >= 0)
);
--> statement-breakpoint
-- A photo of a unit's condition (stored by the FileStore under its relative path), of a rental.
CREATE TABLE IF NOT EXISTS "condition_photos" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"rental_id" uuid NOT NULL,
	"unit_id" uuid NOT NULL,
	"condition_id" uuid,
	"damage_report_id" uuid,
	"path" text NOT NULL,
	"content_type" text NOT NULL,
	"width" integer NOT NULL,
	"height" integer NOT NULL,
	"size_bytes" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "rental_checkouts" ADD CONSTRAINT "rental_checkouts_rental_id_rentals_id_fk" FOREIGN KEY ("rental_id") REFERENCES "public"."rentals"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "rental_checkouts" ADD CONSTRAINT "rental_checkouts_staff_id_users_id_fk" FOREIGN KEY ("staff_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "rental_checkouts" ADD CONSTRAINT "rental_checkouts_checked_in_by_users_id_fk" FOREIGN KEY ("checked_in_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "unit_conditions" ADD CONSTRAINT "unit_conditions_rental_id_rentals_id_fk" FOREIGN KEY ("rental_id") REFERENCES "public"."rentals"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "unit_conditions" ADD CONSTRAINT "unit_conditions_unit_id_bike_units_id_fk" FOREIGN KEY ("unit_id") REFERENCES "public"."bike_units"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "unit_conditions" ADD CONSTRAINT "unit_conditions_staff_id_users_id_fk" FOREIGN KEY ("staff_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "damage_reports" ADD CONSTRAINT "damage_reports_rental_id_rentals_id_fk" FOREIGN KEY ("rental_id") REFERENCES "public"."rentals"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "damage_reports" ADD CONSTRAINT "damage_reports_unit_id_bike_units_id_fk" FOREIGN KEY ("unit_id") REFERENCES "public"."bike_units"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "damage_reports" ADD CONSTRAINT "damage_reports_condition_id_unit_conditions_id_fk" FOREIGN KEY ("condition_id") REFERENCES "public"."unit_conditions"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "condition_photos" ADD CONSTRAINT "condition_photos_rental_id_rentals_id_fk" FOREIGN KEY ("rental_id") REFERENCES "public"."rentals"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "condition_photos" ADD CONSTRAINT "condition_photos_unit_id_bike_units_id_fk" FOREIGN KEY ("unit_id") REFERENCES "public"."bike_units"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "condition_photos" ADD CONSTRAINT "condition_photos_condition_id_unit_conditions_id_fk" FOREIGN KEY ("condition_id") REFERENCES "public"."unit_conditions"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "condition_photos" ADD CONSTRAINT "condition_photos_damage_report_id_damage_reports_id_fk" FOREIGN KEY ("damage_report_id") REFERENCES "public"."damage_reports"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX IF NOT EXISTS "unit_conditions_once" ON "unit_conditions" USING btree ("rental_id","unit_id","stage");--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "unit_conditions_unit_idx" ON "unit_conditions" USING btree ("unit_id","created_at");--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "damage_reports_unit_idx" ON "damage_reports" USING btree ("unit_id","created_at");--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "damage_reports_rental_idx" ON "damage_reports" USING btree ("rental_id");--> statement-breakpoint
CREATE UNIQUE INDEX IF NOT EXISTS "condition_photos_path_unique" ON "condition_photos" USING btree ("path");--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "condition_photos_rental_idx" ON "condition_photos" USING btree ("rental_id");
