CREATE TABLE "import_batch" (
	"id_import_batch" serial PRIMARY KEY NOT NULL,
	"id_school" integer NOT NULL,
	"id_campus" integer,
	"id_school_year" integer NOT NULL,
	"id_user" integer,
	"status" text DEFAULT 'pending' NOT NULL,
	"total" integer NOT NULL,
	"created" integer DEFAULT 0 NOT NULL,
	"merged" integer DEFAULT 0 NOT NULL,
	"skipped" integer DEFAULT 0 NOT NULL,
	"refused" integer DEFAULT 0 NOT NULL,
	"processed" integer DEFAULT 0 NOT NULL,
	"error" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"committed_at" timestamp with time zone,
	"undone_at" timestamp with time zone,
	CONSTRAINT "import_batch_school_id" UNIQUE("id_school","id_import_batch"),
	CONSTRAINT "import_batch_status" CHECK ("import_batch"."status" IN ('pending', 'working', 'done', 'failed', 'undone')),
	CONSTRAINT "import_batch_progress" CHECK ("import_batch"."processed" >= 0 AND "import_batch"."processed" <= "import_batch"."total")
);
--> statement-breakpoint
CREATE TABLE "import_batch_row" (
	"id_import_batch_row" serial PRIMARY KEY NOT NULL,
	"id_school" integer NOT NULL,
	"id_import_batch" integer NOT NULL,
	"row_number" integer NOT NULL,
	"action" text NOT NULL,
	"payload" jsonb NOT NULL,
	"id_application" integer,
	"filled" jsonb,
	CONSTRAINT "import_batch_row_action" CHECK ("import_batch_row"."action" IN ('new', 'merge'))
);
--> statement-breakpoint
ALTER TABLE "application" ADD COLUMN "id_import_batch" integer;--> statement-breakpoint
ALTER TABLE "import_batch" ADD CONSTRAINT "import_batch_id_school_school_id_school_fk" FOREIGN KEY ("id_school") REFERENCES "public"."school"("id_school") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "import_batch" ADD CONSTRAINT "import_batch_id_school_year_school_year_id_school_year_fk" FOREIGN KEY ("id_school_year") REFERENCES "public"."school_year"("id_school_year") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "import_batch" ADD CONSTRAINT "import_batch_id_user_user_id_user_fk" FOREIGN KEY ("id_user") REFERENCES "public"."user"("id_user") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "import_batch" ADD CONSTRAINT "import_batch_campus_fk" FOREIGN KEY ("id_school","id_campus") REFERENCES "public"."campus"("id_school","id_campus") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "import_batch_row" ADD CONSTRAINT "import_batch_row_batch_fk" FOREIGN KEY ("id_school","id_import_batch") REFERENCES "public"."import_batch"("id_school","id_import_batch") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "import_batch_school_idx" ON "import_batch" USING btree ("id_school","created_at");--> statement-breakpoint
CREATE INDEX "import_batch_row_batch_idx" ON "import_batch_row" USING btree ("id_import_batch","row_number");--> statement-breakpoint
ALTER TABLE "application" ADD CONSTRAINT "application_import_batch_fk" FOREIGN KEY ("id_school","id_import_batch") REFERENCES "public"."import_batch"("id_school","id_import_batch") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "application_import_batch_idx" ON "application" USING btree ("id_import_batch") WHERE "application"."id_import_batch" IS NOT NULL;