ALTER TABLE "registration_item" DROP CONSTRAINT "registration_item_replaces_fk";
--> statement-breakpoint
ALTER TABLE "registration_response" DROP CONSTRAINT "registration_response_id_registration_item_registration_item_id_registration_item_fk";
--> statement-breakpoint
ALTER TABLE "registration_item" ADD CONSTRAINT "registration_item_school_id" UNIQUE("id_school","id_registration_item");--> statement-breakpoint
ALTER TABLE "registration_item" ADD CONSTRAINT "registration_item_replaces_fk" FOREIGN KEY ("id_school","replaces") REFERENCES "public"."registration_item"("id_school","id_registration_item") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "registration_response" ADD CONSTRAINT "registration_response_item_fk" FOREIGN KEY ("id_school","id_registration_item") REFERENCES "public"."registration_item"("id_school","id_registration_item") ON DELETE no action ON UPDATE no action;
