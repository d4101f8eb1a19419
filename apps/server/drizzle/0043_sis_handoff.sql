CREATE TABLE "sis_handoff" (
	"id_sis_handoff" serial PRIMARY KEY NOT NULL,
	"id_school" integer NOT NULL,
	"id_campus" integer NOT NULL,
	"id_campus_year" integer NOT NULL,
	"format" text NOT NULL,
	"include" text NOT NULL,
	"id_user" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"count" integer NOT NULL,
	CONSTRAINT "sis_handoff_school_id" UNIQUE("id_school","id_sis_handoff"),
	CONSTRAINT "sis_handoff_format" CHECK ("sis_handoff"."format" IN ('powerschool', 'schoolmint', 'aspire', 'oneroster')),
	CONSTRAINT "sis_handoff_include" CHECK ("sis_handoff"."include" IN ('unsent', 'all'))
);
--> statement-breakpoint
CREATE TABLE "sis_handoff_application" (
	"id_sis_handoff" integer NOT NULL,
	"id_school" integer NOT NULL,
	"id_application" integer NOT NULL,
	CONSTRAINT "sis_handoff_application_id_sis_handoff_id_application_pk" PRIMARY KEY("id_sis_handoff","id_application")
);
--> statement-breakpoint
ALTER TABLE "sis_handoff" ADD CONSTRAINT "sis_handoff_id_school_school_id_school_fk" FOREIGN KEY ("id_school") REFERENCES "public"."school"("id_school") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sis_handoff" ADD CONSTRAINT "sis_handoff_period_fk" FOREIGN KEY ("id_school","id_campus_year") REFERENCES "public"."campus_year"("id_school","id_campus_year") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sis_handoff_application" ADD CONSTRAINT "sis_handoff_application_batch_fk" FOREIGN KEY ("id_school","id_sis_handoff") REFERENCES "public"."sis_handoff"("id_school","id_sis_handoff") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sis_handoff_application" ADD CONSTRAINT "sis_handoff_application_fk" FOREIGN KEY ("id_school","id_application") REFERENCES "public"."application"("id_school","id_application") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "sis_handoff_period_idx" ON "sis_handoff" USING btree ("id_campus_year","created_at");--> statement-breakpoint
CREATE INDEX "sis_handoff_application_idx" ON "sis_handoff_application" USING btree ("id_application");