CREATE TABLE "registration_item" (
	"id_registration_item" serial PRIMARY KEY NOT NULL,
	"id_school" integer NOT NULL,
	"id_campus_year" integer NOT NULL,
	"position" integer NOT NULL,
	"kind" text NOT NULL,
	"required" boolean NOT NULL,
	"labels" jsonb NOT NULL,
	"help" jsonb,
	"settings" jsonb NOT NULL,
	"version" text NOT NULL,
	"replaces" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"retired_at" timestamp with time zone,
	CONSTRAINT "registration_item_kind" CHECK ("registration_item"."kind" IN ('document', 'form', 'agreement', 'deposit'))
);
--> statement-breakpoint
ALTER TABLE "registration_item" ADD CONSTRAINT "registration_item_id_school_school_id_school_fk" FOREIGN KEY ("id_school") REFERENCES "public"."school"("id_school") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "registration_item" ADD CONSTRAINT "registration_item_period_fk" FOREIGN KEY ("id_school","id_campus_year") REFERENCES "public"."campus_year"("id_school","id_campus_year") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "registration_item" ADD CONSTRAINT "registration_item_replaces_fk" FOREIGN KEY ("replaces") REFERENCES "public"."registration_item"("id_registration_item") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "registration_item_period_idx" ON "registration_item" USING btree ("id_campus_year","position") WHERE "registration_item"."retired_at" IS NULL;