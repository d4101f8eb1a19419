CREATE TABLE "idempotency_key" (
	"key" text PRIMARY KEY NOT NULL,
	"id_user" integer NOT NULL,
	"request_hash" text NOT NULL,
	"state" text DEFAULT 'running' NOT NULL,
	"status_code" integer,
	"content_type" text,
	"body" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	CONSTRAINT "idempotency_key_state" CHECK ("idempotency_key"."state" IN ('running', 'done'))
);
--> statement-breakpoint
ALTER TABLE "application" ADD COLUMN "heard_from" text;--> statement-breakpoint
ALTER TABLE "application" ADD COLUMN "origin" text;--> statement-breakpoint
ALTER TABLE "idempotency_key" ADD CONSTRAINT "idempotency_key_id_user_user_id_user_fk" FOREIGN KEY ("id_user") REFERENCES "public"."user"("id_user") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "idempotency_key_expires_idx" ON "idempotency_key" USING btree ("expires_at");