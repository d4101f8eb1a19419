CREATE TABLE "registration_response" (
	"id_registration_response" serial PRIMARY KEY NOT NULL,
	"id_school" integer NOT NULL,
	"id_application" integer NOT NULL,
	"id_registration_item" integer NOT NULL,
	"state" text NOT NULL,
	"answers" jsonb,
	"returned_reason" text,
	"submitted_at" timestamp with time zone DEFAULT now() NOT NULL,
	"reviewed_at" timestamp with time zone,
	"id_user_reviewer" integer,
	CONSTRAINT "registration_response_state" CHECK ("registration_response"."state" IN ('submitted', 'approved', 'returned'))
);
--> statement-breakpoint
ALTER TABLE "registration_response" ADD CONSTRAINT "registration_response_id_school_school_id_school_fk" FOREIGN KEY ("id_school") REFERENCES "public"."school"("id_school") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "registration_response" ADD CONSTRAINT "registration_response_id_registration_item_registration_item_id_registration_item_fk" FOREIGN KEY ("id_registration_item") REFERENCES "public"."registration_item"("id_registration_item") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "registration_response" ADD CONSTRAINT "registration_response_application_fk" FOREIGN KEY ("id_school","id_application") REFERENCES "public"."application"("id_school","id_application") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "registration_response_once" ON "registration_response" USING btree ("id_application","id_registration_item");