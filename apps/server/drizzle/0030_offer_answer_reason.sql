ALTER TABLE "offer_answer" DROP CONSTRAINT "offer_answer_id_decline_reason_decline_reason_id_decline_reason_fk";
--> statement-breakpoint
ALTER TABLE "offer_answer" ADD COLUMN "reason" text;