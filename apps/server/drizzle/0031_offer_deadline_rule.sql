ALTER TABLE "campus_year" ADD COLUMN "offer_deadline_days" integer;--> statement-breakpoint
ALTER TABLE "campus_year" ADD COLUMN "offer_deadline_date" date;--> statement-breakpoint
ALTER TABLE "campus_year" ADD COLUMN "offer_deadline_time" text DEFAULT '17:00' NOT NULL;--> statement-breakpoint
ALTER TABLE "campus_year" ADD COLUMN "offer_deadline_skip_weekends" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "campus_year" ADD COLUMN "offer_deadline_holidays" date[] DEFAULT '{}'::date[] NOT NULL;--> statement-breakpoint
ALTER TABLE "campus_year" ADD COLUMN "offer_reminder_hours" integer;--> statement-breakpoint
ALTER TABLE "campus_year" ADD CONSTRAINT "campus_year_offer_deadline" CHECK ("campus_year"."offer_deadline_days" BETWEEN 0 AND 365 AND "campus_year"."offer_reminder_hours" > 0 AND "campus_year"."offer_deadline_time" ~ '^([01][0-9]|2[0-3]):[0-5][0-9]$');