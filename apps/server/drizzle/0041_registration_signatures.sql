CREATE TABLE "registration_signature" (
	"id_registration_signature" serial PRIMARY KEY NOT NULL,
	"id_school" integer NOT NULL,
	"id_application" integer NOT NULL,
	"id_registration_item" integer NOT NULL,
	"role" text NOT NULL,
	"full_name" text NOT NULL,
	"consent" text NOT NULL,
	"language" text NOT NULL,
	"signer_contact" text NOT NULL,
	"ip" text NOT NULL,
	"document_hash" text NOT NULL,
	"stored_path" text NOT NULL,
	"pdf_hash" text NOT NULL,
	"id_registration_signature_invite" integer,
	"signed_at" timestamp with time zone DEFAULT now() NOT NULL,
	"voided_at" timestamp with time zone,
	CONSTRAINT "registration_signature_role" CHECK ("registration_signature"."role" IN ('first', 'second'))
);
--> statement-breakpoint
CREATE TABLE "registration_signature_invite" (
	"id_registration_signature_invite" serial PRIMARY KEY NOT NULL,
	"id_school" integer NOT NULL,
	"id_application" integer NOT NULL,
	"id_registration_item" integer NOT NULL,
	"email" text NOT NULL,
	"invited_by" text NOT NULL,
	"token_hash" text NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"used_at" timestamp with time zone,
	"revoked_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "account_mail" DROP CONSTRAINT "account_mail_owner";--> statement-breakpoint
ALTER TABLE "registration_signature" ADD CONSTRAINT "registration_signature_id_school_school_id_school_fk" FOREIGN KEY ("id_school") REFERENCES "public"."school"("id_school") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "registration_signature" ADD CONSTRAINT "registration_signature_application_fk" FOREIGN KEY ("id_school","id_application") REFERENCES "public"."application"("id_school","id_application") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "registration_signature" ADD CONSTRAINT "registration_signature_item_fk" FOREIGN KEY ("id_school","id_registration_item") REFERENCES "public"."registration_item"("id_school","id_registration_item") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "registration_signature_invite" ADD CONSTRAINT "registration_signature_invite_id_school_school_id_school_fk" FOREIGN KEY ("id_school") REFERENCES "public"."school"("id_school") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "registration_signature_invite" ADD CONSTRAINT "registration_signature_invite_application_fk" FOREIGN KEY ("id_school","id_application") REFERENCES "public"."application"("id_school","id_application") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "registration_signature_invite" ADD CONSTRAINT "registration_signature_invite_item_fk" FOREIGN KEY ("id_school","id_registration_item") REFERENCES "public"."registration_item"("id_school","id_registration_item") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "registration_signature_application_idx" ON "registration_signature" USING btree ("id_application","id_registration_item");--> statement-breakpoint
CREATE UNIQUE INDEX "registration_signature_invite_token" ON "registration_signature_invite" USING btree ("token_hash");--> statement-breakpoint
ALTER TABLE "account_mail" ADD CONSTRAINT "account_mail_owner" CHECK ("account_mail"."id_user" IS NOT NULL OR "account_mail"."kind" IN ('guardian_sign_in', 'registration_cosign'));