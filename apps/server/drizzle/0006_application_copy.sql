CREATE TABLE "application_copy" (
	"id_application_copy" serial PRIMARY KEY NOT NULL,
	"id_school" integer NOT NULL,
	"id_user" integer,
	"id_school_year" integer NOT NULL,
	"application_ids" jsonb NOT NULL,
	"lng" text DEFAULT 'en' NOT NULL,
	"status" text DEFAULT 'pending' NOT NULL,
	"total" integer NOT NULL,
	"processed" integer DEFAULT 0 NOT NULL,
	"copied" integer DEFAULT 0 NOT NULL,
	"error" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"finished_at" timestamp with time zone,
	CONSTRAINT "application_copy_status" CHECK ("application_copy"."status" IN ('pending', 'working', 'done', 'failed')),
	CONSTRAINT "application_copy_progress" CHECK ("application_copy"."processed" >= 0 AND "application_copy"."processed" <= "application_copy"."total")
);
--> statement-breakpoint
ALTER TABLE "application_copy" ADD CONSTRAINT "application_copy_id_school_school_id_school_fk" FOREIGN KEY ("id_school") REFERENCES "public"."school"("id_school") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "application_copy" ADD CONSTRAINT "application_copy_id_user_user_id_user_fk" FOREIGN KEY ("id_user") REFERENCES "public"."user"("id_user") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "application_copy" ADD CONSTRAINT "application_copy_id_school_year_school_year_id_school_year_fk" FOREIGN KEY ("id_school_year") REFERENCES "public"."school_year"("id_school_year") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "application_copy_school_idx" ON "application_copy" USING btree ("id_school","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "application_copy_once" ON "application" USING btree ("copied_from","id_school_year") WHERE "application"."copied_from" IS NOT NULL AND "application"."deleted_at" IS NULL;