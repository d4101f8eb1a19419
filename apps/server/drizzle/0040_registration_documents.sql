CREATE TABLE "registration_document" (
	"id_registration_document" serial PRIMARY KEY NOT NULL,
	"id_school" integer NOT NULL,
	"id_application" integer NOT NULL,
	"id_registration_item" integer NOT NULL,
	"stored_path" text NOT NULL,
	"original_name" text NOT NULL,
	"mime_type" text NOT NULL,
	"size" integer NOT NULL,
	"uploaded_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "registration_upload" (
	"id_upload" text PRIMARY KEY NOT NULL,
	"id_school" integer NOT NULL,
	"id_application" integer NOT NULL,
	"id_registration_item" integer NOT NULL,
	"original_name" text NOT NULL,
	"size" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "registration_upload_size" CHECK ("registration_upload"."size" > 0)
);
--> statement-breakpoint
ALTER TABLE "registration_document" ADD CONSTRAINT "registration_document_id_school_school_id_school_fk" FOREIGN KEY ("id_school") REFERENCES "public"."school"("id_school") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "registration_document" ADD CONSTRAINT "registration_document_application_fk" FOREIGN KEY ("id_school","id_application") REFERENCES "public"."application"("id_school","id_application") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "registration_document" ADD CONSTRAINT "registration_document_item_fk" FOREIGN KEY ("id_school","id_registration_item") REFERENCES "public"."registration_item"("id_school","id_registration_item") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "registration_upload" ADD CONSTRAINT "registration_upload_id_school_school_id_school_fk" FOREIGN KEY ("id_school") REFERENCES "public"."school"("id_school") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "registration_upload" ADD CONSTRAINT "registration_upload_application_fk" FOREIGN KEY ("id_school","id_application") REFERENCES "public"."application"("id_school","id_application") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "registration_upload" ADD CONSTRAINT "registration_upload_item_fk" FOREIGN KEY ("id_school","id_registration_item") REFERENCES "public"."registration_item"("id_school","id_registration_item") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "registration_document_once" ON "registration_document" USING btree ("id_application","id_registration_item");--> statement-breakpoint
CREATE INDEX "registration_upload_item_idx" ON "registration_upload" USING btree ("id_application","id_registration_item");