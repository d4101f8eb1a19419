CREATE TABLE "captured_text_message" (
	"id_captured_text_message" serial PRIMARY KEY NOT NULL,
	"to" text NOT NULL,
	"from" text NOT NULL,
	"body" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "communication_opt_out" (
	"id_communication_opt_out" serial PRIMARY KEY NOT NULL,
	"id_school" integer NOT NULL,
	"channel" text NOT NULL,
	"address" text NOT NULL,
	"source" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "communication_opt_out_address" UNIQUE("id_school","channel","address"),
	CONSTRAINT "communication_opt_out_channel" CHECK ("communication_opt_out"."channel" IN ('email', 'sms'))
);
--> statement-breakpoint
CREATE TABLE "message_batch" (
	"id_message_batch" serial PRIMARY KEY NOT NULL,
	"id_school" integer NOT NULL,
	"id_campus" integer NOT NULL,
	"id_user" integer,
	"channel" text NOT NULL,
	"requested" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "message_batch_school_id" UNIQUE("id_school","id_message_batch"),
	CONSTRAINT "message_batch_channel" CHECK ("message_batch"."channel" IN ('email', 'sms'))
);
--> statement-breakpoint
ALTER TABLE "message_outbox" DROP CONSTRAINT "message_outbox_status";--> statement-breakpoint
DROP INDEX "message_outbox_status_idx";--> statement-breakpoint
ALTER TABLE "message_outbox" ALTER COLUMN "status" SET DEFAULT 'queued';--> statement-breakpoint
ALTER TABLE "school_configuration" ADD COLUMN "twilio_account_sid" text;--> statement-breakpoint
ALTER TABLE "school_configuration" ADD COLUMN "twilio_auth_token_encrypted" text;--> statement-breakpoint
ALTER TABLE "applicant" ADD COLUMN "guardian_language" text DEFAULT 'en' NOT NULL;--> statement-breakpoint
ALTER TABLE "message_outbox" ADD COLUMN "id_campus" integer;--> statement-breakpoint
ALTER TABLE "message_outbox" ADD COLUMN "id_message_type" integer NOT NULL;--> statement-breakpoint
ALTER TABLE "message_outbox" ADD COLUMN "id_campus_email" integer;--> statement-breakpoint
ALTER TABLE "message_outbox" ADD COLUMN "id_campus_text_message" integer;--> statement-breakpoint
ALTER TABLE "message_outbox" ADD COLUMN "id_reminder" integer;--> statement-breakpoint
ALTER TABLE "message_outbox" ADD COLUMN "id_message_batch" integer;--> statement-breakpoint
ALTER TABLE "message_outbox" ADD COLUMN "id_user" integer;--> statement-breakpoint
ALTER TABLE "message_outbox" ADD COLUMN "lng" text DEFAULT 'en' NOT NULL;--> statement-breakpoint
ALTER TABLE "message_outbox" ADD COLUMN "html" text;--> statement-breakpoint
ALTER TABLE "message_outbox" ADD COLUMN "bulk" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "message_outbox" ADD COLUMN "next_attempt_at" timestamp with time zone DEFAULT now() NOT NULL;--> statement-breakpoint
ALTER TABLE "message_outbox" ADD COLUMN "claimed_until" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "message_outbox" ADD COLUMN "provider_id" text;--> statement-breakpoint
ALTER TABLE "message_outbox" ADD COLUMN "delivered_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "campus_form" ADD COLUMN "secret_sealed" text;--> statement-breakpoint
ALTER TABLE "campus_form" ADD COLUMN "field_map" jsonb DEFAULT '{}'::jsonb NOT NULL;--> statement-breakpoint
ALTER TABLE "form_submission" ADD COLUMN "answers" jsonb DEFAULT '[]'::jsonb NOT NULL;--> statement-breakpoint
ALTER TABLE "form_submission" ADD COLUMN "status" text DEFAULT 'processed' NOT NULL;--> statement-breakpoint
ALTER TABLE "communication_opt_out" ADD CONSTRAINT "communication_opt_out_id_school_school_id_school_fk" FOREIGN KEY ("id_school") REFERENCES "public"."school"("id_school") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "message_batch" ADD CONSTRAINT "message_batch_id_school_school_id_school_fk" FOREIGN KEY ("id_school") REFERENCES "public"."school"("id_school") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "message_batch" ADD CONSTRAINT "message_batch_id_user_user_id_user_fk" FOREIGN KEY ("id_user") REFERENCES "public"."user"("id_user") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "message_batch" ADD CONSTRAINT "message_batch_campus_fk" FOREIGN KEY ("id_school","id_campus") REFERENCES "public"."campus"("id_school","id_campus") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "captured_text_message_created_idx" ON "captured_text_message" USING btree ("created_at");--> statement-breakpoint
ALTER TABLE "message_outbox" ADD CONSTRAINT "message_outbox_id_message_type_email_type_id_email_type_fk" FOREIGN KEY ("id_message_type") REFERENCES "public"."email_type"("id_email_type") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "message_outbox" ADD CONSTRAINT "message_outbox_id_user_user_id_user_fk" FOREIGN KEY ("id_user") REFERENCES "public"."user"("id_user") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "message_outbox_due_idx" ON "message_outbox" USING btree ("next_attempt_at") WHERE "message_outbox"."status" IN ('queued', 'sending');--> statement-breakpoint
CREATE INDEX "message_outbox_application_idx" ON "message_outbox" USING btree ("id_application","created_at");--> statement-breakpoint
CREATE INDEX "message_outbox_batch_idx" ON "message_outbox" USING btree ("id_message_batch","status");--> statement-breakpoint
CREATE INDEX "message_outbox_provider_idx" ON "message_outbox" USING btree ("provider_id");--> statement-breakpoint
CREATE INDEX "form_submission_application_idx" ON "form_submission" USING btree ("id_application");--> statement-breakpoint
ALTER TABLE "applicant" ADD CONSTRAINT "applicant_guardian_language" CHECK ("applicant"."guardian_language" IN ('en', 'es'));--> statement-breakpoint
ALTER TABLE "message_outbox" ADD CONSTRAINT "message_outbox_lng" CHECK ("message_outbox"."lng" IN ('en', 'es'));--> statement-breakpoint
ALTER TABLE "message_outbox" ADD CONSTRAINT "message_outbox_status" CHECK ("message_outbox"."status" IN ('queued', 'sending', 'sent', 'delivered', 'failed', 'skipped'));--> statement-breakpoint
ALTER TABLE "form_submission" ADD CONSTRAINT "form_submission_status" CHECK ("form_submission"."status" IN ('processed', 'needs_review'));--> statement-breakpoint
ALTER TABLE "message_outbox" ADD CONSTRAINT "message_outbox_campus_fk" FOREIGN KEY ("id_school","id_campus") REFERENCES "public"."campus"("id_school","id_campus") ON DELETE SET NULL ("id_campus");--> statement-breakpoint
ALTER TABLE "message_outbox" ADD CONSTRAINT "message_outbox_campus_email_fk" FOREIGN KEY ("id_school","id_campus_email") REFERENCES "public"."campus_email"("id_school","id_campus_email") ON DELETE SET NULL ("id_campus_email");--> statement-breakpoint
ALTER TABLE "message_outbox" ADD CONSTRAINT "message_outbox_campus_text_message_fk" FOREIGN KEY ("id_school","id_campus_text_message") REFERENCES "public"."campus_text_message"("id_school","id_campus_text_message") ON DELETE SET NULL ("id_campus_text_message");--> statement-breakpoint
ALTER TABLE "message_outbox" ADD CONSTRAINT "message_outbox_reminder_fk" FOREIGN KEY ("id_school","id_reminder") REFERENCES "public"."reminder"("id_school","id_reminder") ON DELETE SET NULL ("id_reminder");--> statement-breakpoint
ALTER TABLE "message_outbox" ADD CONSTRAINT "message_outbox_batch_fk" FOREIGN KEY ("id_school","id_message_batch") REFERENCES "public"."message_batch"("id_school","id_message_batch") ON DELETE SET NULL ("id_message_batch");
