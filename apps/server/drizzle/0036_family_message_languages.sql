ALTER TABLE "message_outbox" DROP CONSTRAINT "message_outbox_lng";--> statement-breakpoint
ALTER TABLE "email" ADD CONSTRAINT "email_lng" CHECK ("email"."lng" IN ('en', 'es', 'vi', 'zh', 'ht', 'ar'));--> statement-breakpoint
ALTER TABLE "message_outbox" ADD CONSTRAINT "message_outbox_lng" CHECK ("message_outbox"."lng" IN ('en', 'es', 'vi', 'zh', 'ht', 'ar'));--> statement-breakpoint
ALTER TABLE "text_message" ADD CONSTRAINT "text_message_lng" CHECK ("text_message"."lng" IN ('en', 'es', 'vi', 'zh', 'ht', 'ar'));