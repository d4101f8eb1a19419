-- The list's text search uses trigrams (pg_trgm is a trusted extension: the database owner may create it;
-- PGlite loads it in db/client.ts).
CREATE EXTENSION IF NOT EXISTS pg_trgm;--> statement-breakpoint
ALTER TABLE "applicant" ADD COLUMN "search_text" text GENERATED ALWAYS AS (lower(coalesce(first_name, '') || ' ' || coalesce(last_name, '') || ' ' || coalesce(email, '') || ' ' || coalesce(phone_number, '') || ' ' || coalesce(guardian_name, '') || ' ' || coalesce(guardian_email, '') || ' ' || coalesce(guardian_phone_number, ''))) STORED;--> statement-breakpoint
CREATE INDEX "applicant_search_trgm_idx" ON "applicant" USING gin ("search_text" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "application_live_campus_idx" ON "application" USING btree ("id_campus","id_school_year","created_at") WHERE "application"."deleted_at" IS NULL;--> statement-breakpoint
ALTER TABLE "application" ADD CONSTRAINT "application_waiting_only" CHECK ("application"."waiting_list_position" IS NULL OR "application"."id_status" = 6);--> statement-breakpoint
-- Applications that were deleted, or are not waiting, have no waiting-list place (soft-deleted rows are kept).
UPDATE "application" SET "waiting_list_position" = NULL WHERE "deleted_at" IS NOT NULL;--> statement-breakpoint
-- One application per place of a waiting list (school period and grade). Deferrable, checked at the end of each
-- statement, so one UPDATE may shift a whole list; written here by hand (drizzle has no deferrable unique).
ALTER TABLE "application" ADD CONSTRAINT "application_waiting_place" UNIQUE ("id_campus_year", "id_grade", "waiting_list_position") DEFERRABLE INITIALLY IMMEDIATE;