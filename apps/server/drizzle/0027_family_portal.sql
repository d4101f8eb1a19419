CREATE TABLE "guardian_preference" (
	"contact_key" text NOT NULL,
	"kind" text NOT NULL,
	"lng" text NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "guardian_preference_lng" CHECK ("guardian_preference"."lng" IN ('en', 'es', 'vi', 'zh', 'ht', 'ar'))
);
--> statement-breakpoint
CREATE TABLE "guardian_session" (
	"id_guardian_session" serial PRIMARY KEY NOT NULL,
	"key_hash" text NOT NULL,
	"contact_key" text NOT NULL,
	"kind" text NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"revoked_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "guardian_session_key_hash_unique" UNIQUE("key_hash"),
	CONSTRAINT "guardian_session_kind" CHECK ("guardian_session"."kind" IN ('email', 'phone'))
);
--> statement-breakpoint
CREATE TABLE "guardian_sign_in" (
	"id_guardian_sign_in" serial PRIMARY KEY NOT NULL,
	"contact_key" text NOT NULL,
	"kind" text NOT NULL,
	"token_hash" text NOT NULL,
	"code_hash" text NOT NULL,
	"attempts" integer DEFAULT 0 NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"used_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "guardian_sign_in_token_hash_unique" UNIQUE("token_hash"),
	CONSTRAINT "guardian_sign_in_kind" CHECK ("guardian_sign_in"."kind" IN ('email', 'phone'))
);
--> statement-breakpoint
ALTER TABLE "account_mail" ALTER COLUMN "id_user" DROP NOT NULL;--> statement-breakpoint
CREATE UNIQUE INDEX "guardian_preference_contact" ON "guardian_preference" USING btree ("kind","contact_key");--> statement-breakpoint
CREATE INDEX "guardian_session_contact_idx" ON "guardian_session" USING btree ("contact_key");--> statement-breakpoint
CREATE INDEX "guardian_sign_in_contact_idx" ON "guardian_sign_in" USING btree ("contact_key","created_at");--> statement-breakpoint
ALTER TABLE "account_mail" ADD CONSTRAINT "account_mail_owner" CHECK ("account_mail"."id_user" IS NOT NULL OR "account_mail"."kind" = 'guardian_sign_in');