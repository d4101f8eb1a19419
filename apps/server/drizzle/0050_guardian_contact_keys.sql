DROP INDEX "applicant_guardian_email_key_idx";--> statement-breakpoint
DROP INDEX "applicant_guardian_phone_key_idx";--> statement-breakpoint
ALTER TABLE "applicant" ADD COLUMN "guardian_email_key" text GENERATED ALWAYS AS (lower(regexp_replace(coalesce("guardian_email", ''), '[[:space:]]', '', 'g'))) STORED;--> statement-breakpoint
ALTER TABLE "applicant" ADD COLUMN "guardian_phone_key" text GENERATED ALWAYS AS (right(regexp_replace(coalesce("guardian_phone_number", ''), '[^0-9]', '', 'g'), 10)) STORED;--> statement-breakpoint
CREATE INDEX "applicant_guardian_email_key_idx" ON "applicant" USING btree ("guardian_email_key");--> statement-breakpoint
CREATE INDEX "applicant_guardian_phone_key_idx" ON "applicant" USING btree ("guardian_phone_key");