-- The shop's own settings in one row: opening hours per weekday (null: none set, every time open), closed dates,
-- and the secret of the staff's calendar feed URLs.
CREATE TABLE IF NOT EXISTS "shop_settings" (
	"id" smallint PRIMARY KEY DEFAULT 1 NOT NULL,
	"opening_hours" jsonb,
	"closed_dates" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"feed_token" text,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "shop_settings_single_row" CHECK ("shop_settings"."id" = 1)
);
