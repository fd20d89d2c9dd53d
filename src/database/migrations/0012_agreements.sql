-- Rental agreements (issue 22): versions of the shop's agreement (never changed after saving) and the riders' signatures per
-- rental, each with its PDF's file store key and SHA-256 (or reused from an earlier signature of the same version).
CREATE TABLE "agreement_signatures" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"rental_id" uuid NOT NULL,
	"user_id" uuid NOT NULL,
	"version_id" uuid NOT NULL,
	"position" integer NOT NULL,
	"rider_name" text NOT NULL,
	"rider_key" text NOT NULL,
	"rider_birth_date" date NOT NULL,
	"minor" boolean NOT NULL,
	"guardian_name" text,
	"method" text NOT NULL,
	"typed_name" text NOT NULL,
	"signed_at" timestamp with time zone NOT NULL,
	"signed_via" text NOT NULL,
	"staff_id" uuid,
	"ip" text,
	"user_agent" text,
	"pdf_key" text NOT NULL,
	"pdf_sha256" text NOT NULL,
	"reused_from" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "agreement_signatures_position_check" CHECK ("agreement_signatures"."position" >= 0),
	CONSTRAINT "agreement_signatures_method_check" CHECK ("agreement_signatures"."method" in ('drawn', 'typed')),
	CONSTRAINT "agreement_signatures_signed_via_check" CHECK ("agreement_signatures"."signed_via" in ('online', 'counter')),
	CONSTRAINT "agreement_signatures_guardian_check" CHECK (not "agreement_signatures"."minor" or "agreement_signatures"."guardian_name" is not null),
	CONSTRAINT "agreement_signatures_sha256_check" CHECK ("agreement_signatures"."pdf_sha256" ~ '^[0-9a-f]{64}$')
);
--> statement-breakpoint
CREATE TABLE "agreement_versions" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"version" integer NOT NULL,
	"title" text NOT NULL,
	"body" text NOT NULL,
	"created_by" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"withdrawn_at" timestamp with time zone,
	CONSTRAINT "agreement_versions_version_unique" UNIQUE("version"),
	CONSTRAINT "agreement_versions_version_positive" CHECK ("agreement_versions"."version" > 0)
);
--> statement-breakpoint
ALTER TABLE "agreement_signatures" ADD CONSTRAINT "agreement_signatures_rental_id_rentals_id_fk" FOREIGN KEY ("rental_id") REFERENCES "public"."rentals"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "agreement_signatures" ADD CONSTRAINT "agreement_signatures_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "agreement_signatures" ADD CONSTRAINT "agreement_signatures_version_id_agreement_versions_id_fk" FOREIGN KEY ("version_id") REFERENCES "public"."agreement_versions"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "agreement_signatures" ADD CONSTRAINT "agreement_signatures_staff_id_users_id_fk" FOREIGN KEY ("staff_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "agreement_signatures" ADD CONSTRAINT "agreement_signatures_reused_from_agreement_signatures_id_fk" FOREIGN KEY ("reused_from") REFERENCES "public"."agreement_signatures"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "agreement_versions" ADD CONSTRAINT "agreement_versions_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "agreement_signatures_rental_position_unique" ON "agreement_signatures" USING btree ("rental_id","position");--> statement-breakpoint
CREATE INDEX "agreement_signatures_reuse_idx" ON "agreement_signatures" USING btree ("user_id","rider_key","rider_birth_date","version_id");--> statement-breakpoint
CREATE INDEX "agreement_signatures_created_idx" ON "agreement_signatures" USING btree ("created_at" DESC NULLS LAST,"id" DESC NULLS LAST);