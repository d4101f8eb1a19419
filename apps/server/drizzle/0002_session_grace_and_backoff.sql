ALTER TABLE "refresh_token" ADD COLUMN "successor_sealed" text;--> statement-breakpoint
ALTER TABLE "user" ADD COLUMN "lock_count" integer DEFAULT 0 NOT NULL;