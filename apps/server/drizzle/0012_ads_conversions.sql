ALTER TABLE "school_configuration" ADD COLUMN "ads_conversions_enabled" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "school_configuration" ADD COLUMN "ads_consent_basis" text;--> statement-breakpoint
ALTER TABLE "school_configuration" ADD COLUMN "ads_consent_note" text;--> statement-breakpoint
ALTER TABLE "school_configuration" ADD COLUMN "ads_consent_recorded_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "school_configuration" ADD COLUMN "ads_consent_recorded_by" integer;--> statement-breakpoint
ALTER TABLE "school_configuration" ADD COLUMN "ads_send_hashed_contact" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "ads_conversion_event" ADD COLUMN "status" text DEFAULT 'pending' NOT NULL;--> statement-breakpoint
ALTER TABLE "ads_conversion_event" ADD COLUMN "attempts" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "ads_conversion_event" ADD COLUMN "next_attempt_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "ads_conversion_event" ADD COLUMN "claimed_until" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "ads_conversion_event" ADD COLUMN "request_summary" jsonb;--> statement-breakpoint
ALTER TABLE "ads_conversion_event" ADD COLUMN "attempt_log" jsonb DEFAULT '[]'::jsonb NOT NULL;--> statement-breakpoint
UPDATE "ads_conversion_event" SET "status" = 'sent' WHERE "sent_at" IS NOT NULL;--> statement-breakpoint
ALTER TABLE "ads_conversion_event" ADD CONSTRAINT "ads_event_status" CHECK ("ads_conversion_event"."status" IN ('pending', 'sending', 'sent', 'failed', 'skipped', 'cancelled'));--> statement-breakpoint
CREATE UNIQUE INDEX "ads_event_once" ON "ads_conversion_event" USING btree ("id_application","id_ads_conversion_event_type","id_status");--> statement-breakpoint
CREATE INDEX "ads_event_recent_idx" ON "ads_conversion_event" USING btree ("id_school","id_ads_conversion_event");
