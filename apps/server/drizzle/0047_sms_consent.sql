CREATE TABLE "sms_consent" (
	"id_sms_consent" serial PRIMARY KEY NOT NULL,
	"id_school" integer NOT NULL,
	"address" text NOT NULL,
	"granted" boolean NOT NULL,
	"source" text NOT NULL,
	"note" text,
	"id_user" integer,
	"id_application" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "sms_consent_source" CHECK ("sms_consent"."source" IN ('form', 'portal', 'staff', 'stop', 'start'))
);
--> statement-breakpoint
ALTER TABLE "school_configuration" ADD COLUMN "sms_quiet_start" text DEFAULT '20:00' NOT NULL;--> statement-breakpoint
ALTER TABLE "school_configuration" ADD COLUMN "sms_quiet_end" text DEFAULT '08:00' NOT NULL;--> statement-breakpoint
ALTER TABLE "sms_consent" ADD CONSTRAINT "sms_consent_id_school_school_id_school_fk" FOREIGN KEY ("id_school") REFERENCES "public"."school"("id_school") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sms_consent" ADD CONSTRAINT "sms_consent_id_user_user_id_user_fk" FOREIGN KEY ("id_user") REFERENCES "public"."user"("id_user") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "sms_consent_address_idx" ON "sms_consent" USING btree ("id_school","address","created_at");