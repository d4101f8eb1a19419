CREATE TABLE "retention_run" (
	"id_retention_run" serial PRIMARY KEY NOT NULL,
	"id_school" integer NOT NULL,
	"id_user" integer,
	"trigger" text NOT NULL,
	"retention_years" integer NOT NULL,
	"status" text DEFAULT 'pending' NOT NULL,
	"total" integer DEFAULT 0 NOT NULL,
	"applications" integer DEFAULT 0 NOT NULL,
	"files" integer DEFAULT 0 NOT NULL,
	"messages" integer DEFAULT 0 NOT NULL,
	"access_rows" integer DEFAULT 0 NOT NULL,
	"error" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"started_at" timestamp with time zone,
	"finished_at" timestamp with time zone,
	CONSTRAINT "retention_run_trigger" CHECK ("retention_run"."trigger" IN ('schedule', 'manual')),
	CONSTRAINT "retention_run_status" CHECK ("retention_run"."status" IN ('pending', 'working', 'done', 'failed'))
);
--> statement-breakpoint
ALTER TABLE "school_configuration" ADD COLUMN "retention_years" integer;--> statement-breakpoint
ALTER TABLE "application" ADD COLUMN "anonymised_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "retention_run" ADD CONSTRAINT "retention_run_id_school_school_id_school_fk" FOREIGN KEY ("id_school") REFERENCES "public"."school"("id_school") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "retention_run" ADD CONSTRAINT "retention_run_id_user_user_id_user_fk" FOREIGN KEY ("id_user") REFERENCES "public"."user"("id_user") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "retention_run_school_idx" ON "retention_run" USING btree ("id_school","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "retention_run_one_active" ON "retention_run" USING btree ("id_school") WHERE "retention_run"."status" IN ('pending', 'working');--> statement-breakpoint
ALTER TABLE "school_configuration" ADD CONSTRAINT "school_configuration_retention_years" CHECK ("school_configuration"."retention_years" BETWEEN 1 AND 50);