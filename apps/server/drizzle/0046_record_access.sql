CREATE TABLE "record_access" (
	"id_record_access" bigserial PRIMARY KEY NOT NULL,
	"id_school" integer NOT NULL,
	"id_campus" integer,
	"id_application" integer NOT NULL,
	"id_user" integer,
	"guardian" text,
	"how" text NOT NULL,
	"detail" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "record_access_how" CHECK ("record_access"."how" IN ('view', 'download', 'export', 'portal')),
	CONSTRAINT "record_access_reader" CHECK (("record_access"."id_user" IS NULL) <> ("record_access"."guardian" IS NULL))
);
--> statement-breakpoint
CREATE INDEX "record_access_application_idx" ON "record_access" USING btree ("id_application","created_at");--> statement-breakpoint
CREATE INDEX "record_access_user_idx" ON "record_access" USING btree ("id_user","created_at");