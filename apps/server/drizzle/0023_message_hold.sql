CREATE TABLE "message_hold" (
	"id_message_hold" serial PRIMARY KEY NOT NULL,
	"id_school" integer NOT NULL,
	"id_campus" integer NOT NULL,
	"id_lottery" integer,
	"batch" text NOT NULL,
	"moves" text NOT NULL,
	"offers" integer NOT NULL,
	"families" integer NOT NULL,
	"release_at" timestamp with time zone,
	"released_at" timestamp with time zone,
	"id_user" integer,
	"released_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "message_hold_batch_unique" UNIQUE("batch")
);
--> statement-breakpoint
ALTER TABLE "message_hold" ADD CONSTRAINT "message_hold_id_school_school_id_school_fk" FOREIGN KEY ("id_school") REFERENCES "public"."school"("id_school") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "message_hold" ADD CONSTRAINT "message_hold_id_user_user_id_user_fk" FOREIGN KEY ("id_user") REFERENCES "public"."user"("id_user") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "message_hold" ADD CONSTRAINT "message_hold_released_by_user_id_user_fk" FOREIGN KEY ("released_by") REFERENCES "public"."user"("id_user") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "message_hold" ADD CONSTRAINT "message_hold_campus_fk" FOREIGN KEY ("id_school","id_campus") REFERENCES "public"."campus"("id_school","id_campus") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "message_hold" ADD CONSTRAINT "message_hold_lottery_fk" FOREIGN KEY ("id_school","id_lottery") REFERENCES "public"."lottery"("id_school","id_lottery") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "message_hold_campus_idx" ON "message_hold" USING btree ("id_school","id_campus","created_at");--> statement-breakpoint
CREATE INDEX "message_hold_due_idx" ON "message_hold" USING btree ("release_at") WHERE "message_hold"."released_at" IS NULL;