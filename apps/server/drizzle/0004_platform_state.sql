CREATE TABLE "account_mail" (
	"id_account_mail" serial PRIMARY KEY NOT NULL,
	"id_user" integer NOT NULL,
	"kind" text NOT NULL,
	"idempotency_key" uuid DEFAULT gen_random_uuid() NOT NULL,
	"recipient" text NOT NULL,
	"sealed_content" text,
	"status" text DEFAULT 'pending' NOT NULL,
	"attempts" integer DEFAULT 0 NOT NULL,
	"last_error" text,
	"sent_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "account_mail_idempotency_key_unique" UNIQUE("idempotency_key"),
	CONSTRAINT "account_mail_status" CHECK ("account_mail"."status" IN ('pending', 'sent', 'failed'))
);
--> statement-breakpoint
CREATE TABLE "rate_limit_counter" (
	"key" text PRIMARY KEY NOT NULL,
	"hits" integer NOT NULL,
	"reset_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
ALTER TABLE "account_mail" ADD CONSTRAINT "account_mail_id_user_user_id_user_fk" FOREIGN KEY ("id_user") REFERENCES "public"."user"("id_user") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "account_mail_user_idx" ON "account_mail" USING btree ("id_user","created_at");--> statement-breakpoint
CREATE INDEX "rate_limit_counter_reset_idx" ON "rate_limit_counter" USING btree ("reset_at");