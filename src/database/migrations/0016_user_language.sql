-- Issue 27: the language a user chose for the dashboard and their emails (null: the shop's default, English).
ALTER TABLE "users" ADD COLUMN "language" text;--> statement-breakpoint
ALTER TABLE "users" ADD CONSTRAINT "users_language_check" CHECK ("users"."language" is null or "users"."language" in ('en', 'de', 'bn'));
