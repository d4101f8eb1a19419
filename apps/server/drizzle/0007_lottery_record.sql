ALTER TABLE "campus_priority" ADD COLUMN "weight" double precision DEFAULT 1 NOT NULL;--> statement-breakpoint
ALTER TABLE "campus_year" ADD COLUMN "sibling_priority" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "application" ADD COLUMN "id_lottery" integer;--> statement-breakpoint
ALTER TABLE "application" ADD COLUMN "lottery_number" integer;--> statement-breakpoint
ALTER TABLE "application" ADD COLUMN "lottery_level" integer;--> statement-breakpoint
ALTER TABLE "application" ADD COLUMN "lottery_order" integer;--> statement-breakpoint
ALTER TABLE "application" ADD COLUMN "offer_expires_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "lottery" ADD COLUMN "state" text DEFAULT 'drawn' NOT NULL;--> statement-breakpoint
-- no lottery was drawn before this migration (the feature starts here): the table is empty
ALTER TABLE "lottery" ADD COLUMN "algorithm" text NOT NULL;--> statement-breakpoint
ALTER TABLE "lottery" ADD COLUMN "seed_hash" text NOT NULL;--> statement-breakpoint
ALTER TABLE "lottery" ADD COLUMN "inputs" jsonb;--> statement-breakpoint
ALTER TABLE "lottery" ADD COLUMN "inputs_hash" text;--> statement-breakpoint
ALTER TABLE "lottery" ADD COLUMN "result_hash" text;--> statement-breakpoint
ALTER TABLE "lottery" ADD COLUMN "signature" text;--> statement-breakpoint
ALTER TABLE "lottery" ADD COLUMN "drawn_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "lottery" ADD CONSTRAINT "lottery_school_id" UNIQUE("id_school","id_lottery");--> statement-breakpoint
ALTER TABLE "application" ADD CONSTRAINT "application_lottery_fk" FOREIGN KEY ("id_school","id_lottery") REFERENCES "public"."lottery"("id_school","id_lottery") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "application_offer_expiry_idx" ON "application" USING btree ("offer_expires_at") WHERE "application"."offer_expires_at" IS NOT NULL AND "application"."deleted_at" IS NULL;--> statement-breakpoint
CREATE UNIQUE INDEX "lottery_one_drawn" ON "lottery" USING btree ("id_campus_year") WHERE "lottery"."state" = 'drawn';--> statement-breakpoint
ALTER TABLE "campus_priority" ADD CONSTRAINT "campus_priority_weight" CHECK ("campus_priority"."weight" > 0 AND "campus_priority"."weight" <= 100);--> statement-breakpoint
ALTER TABLE "application" ADD CONSTRAINT "application_offer_expiry_offered" CHECK ("application"."offer_expires_at" IS NULL OR "application"."id_status" = 5);--> statement-breakpoint
ALTER TABLE "lottery" ADD CONSTRAINT "lottery_state" CHECK ("lottery"."state" IN ('committed', 'drawn'));