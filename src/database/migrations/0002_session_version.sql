-- Sessions end on logout, password change, role change and deletion: every token carries the user's session
-- version (claim `sv`) and is accepted only while it equals this column.
ALTER TABLE "users" ADD COLUMN "session_version" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
-- Deleting a user anonymises the row instead of removing it, so the payment ledger keeps its rentals and payments.
ALTER TABLE "users" ADD COLUMN "deleted_at" timestamp with time zone;--> statement-breakpoint
-- ...and the database refuses to erase the ledger with a user row: rentals and payments no longer cascade.
ALTER TABLE "rentals" DROP CONSTRAINT "rentals_user_id_users_id_fk";--> statement-breakpoint
ALTER TABLE "rentals" ADD CONSTRAINT "rentals_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payments" DROP CONSTRAINT "payments_user_id_users_id_fk";--> statement-breakpoint
ALTER TABLE "payments" ADD CONSTRAINT "payments_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE restrict ON UPDATE no action;
