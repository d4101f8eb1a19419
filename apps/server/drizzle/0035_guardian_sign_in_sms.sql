CREATE TABLE "guardian_sign_in_sms" (
	"id_guardian_sign_in_sms" serial PRIMARY KEY NOT NULL,
	"id_school" integer NOT NULL,
	"id_campus" integer NOT NULL,
	"recipient" text NOT NULL,
	"sealed_body" text,
	"status" text DEFAULT 'pending' NOT NULL,
	"attempts" integer DEFAULT 0 NOT NULL,
	"last_error" text,
	"provider_id" text,
	"sent_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "guardian_sign_in_sms_status" CHECK ("guardian_sign_in_sms"."status" IN ('pending', 'sent', 'failed'))
);
--> statement-breakpoint
ALTER TABLE "guardian_sign_in_sms" ADD CONSTRAINT "guardian_sign_in_sms_id_school_school_id_school_fk" FOREIGN KEY ("id_school") REFERENCES "public"."school"("id_school") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "guardian_sign_in_sms" ADD CONSTRAINT "guardian_sign_in_sms_campus_fk" FOREIGN KEY ("id_school","id_campus") REFERENCES "public"."campus"("id_school","id_campus") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "guardian_sign_in_sms_school_idx" ON "guardian_sign_in_sms" USING btree ("id_school","created_at");