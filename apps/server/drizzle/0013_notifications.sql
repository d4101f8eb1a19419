ALTER TABLE "notification" ADD COLUMN "id_notification_settings_type" integer DEFAULT 1 NOT NULL;--> statement-breakpoint
ALTER TABLE "notification" ALTER COLUMN "id_notification_settings_type" DROP DEFAULT;--> statement-breakpoint
ALTER TABLE "notification" ADD COLUMN "id_actor" integer;--> statement-breakpoint
ALTER TABLE "notification" ADD COLUMN "params" jsonb DEFAULT '{}'::jsonb NOT NULL;--> statement-breakpoint
ALTER TABLE "notification" ADD CONSTRAINT "notification_type_fk" FOREIGN KEY ("id_notification_settings_type") REFERENCES "public"."notification_settings_type"("id_notification_settings_type") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "notification" ADD CONSTRAINT "notification_actor_fk" FOREIGN KEY ("id_actor") REFERENCES "public"."user"("id_user") ON DELETE set null ON UPDATE no action;
