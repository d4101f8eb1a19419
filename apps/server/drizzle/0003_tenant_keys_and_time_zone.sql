ALTER TABLE "campus_configuration" DROP CONSTRAINT "campus_configuration_id_campus_campus_id_campus_fk";
--> statement-breakpoint
ALTER TABLE "user" DROP CONSTRAINT "user_id_campus_campus_id_campus_fk";
--> statement-breakpoint
ALTER TABLE "campus_grade" DROP CONSTRAINT "campus_grade_id_campus_campus_id_campus_fk";
--> statement-breakpoint
ALTER TABLE "campus_priority" DROP CONSTRAINT "campus_priority_id_campus_campus_id_campus_fk";
--> statement-breakpoint
ALTER TABLE "campus_year" DROP CONSTRAINT "campus_year_id_campus_campus_id_campus_fk";
--> statement-breakpoint
ALTER TABLE "campus_year_grade" DROP CONSTRAINT "campus_year_grade_id_campus_year_campus_year_id_campus_year_fk";
--> statement-breakpoint
ALTER TABLE "application" DROP CONSTRAINT "application_id_campus_campus_id_campus_fk";
--> statement-breakpoint
ALTER TABLE "application" DROP CONSTRAINT "application_id_campus_year_campus_year_id_campus_year_fk";
--> statement-breakpoint
ALTER TABLE "application" DROP CONSTRAINT "application_id_applicant_applicant_id_applicant_fk";
--> statement-breakpoint
ALTER TABLE "application_file" DROP CONSTRAINT "application_file_id_application_application_id_application_fk";
--> statement-breakpoint
ALTER TABLE "application_note" DROP CONSTRAINT "application_note_id_application_application_id_application_fk";
--> statement-breakpoint
ALTER TABLE "application_status" DROP CONSTRAINT "application_status_id_application_application_id_application_fk";
--> statement-breakpoint
ALTER TABLE "application_tag" DROP CONSTRAINT "application_tag_id_application_application_id_application_fk";
--> statement-breakpoint
ALTER TABLE "application_tag" DROP CONSTRAINT "application_tag_id_tag_tag_id_tag_fk";
--> statement-breakpoint
ALTER TABLE "lottery" DROP CONSTRAINT "lottery_id_campus_year_campus_year_id_campus_year_fk";
--> statement-breakpoint
ALTER TABLE "tag" DROP CONSTRAINT "tag_id_campus_campus_id_campus_fk";
--> statement-breakpoint
ALTER TABLE "waiting_list_reorder" DROP CONSTRAINT "waiting_list_reorder_id_campus_year_campus_year_id_campus_year_fk";
--> statement-breakpoint
ALTER TABLE "campus_email" DROP CONSTRAINT "campus_email_id_campus_campus_id_campus_fk";
--> statement-breakpoint
ALTER TABLE "campus_email" DROP CONSTRAINT "campus_email_id_email_email_id_email_fk";
--> statement-breakpoint
ALTER TABLE "campus_reminder" DROP CONSTRAINT "campus_reminder_id_campus_campus_id_campus_fk";
--> statement-breakpoint
ALTER TABLE "campus_reminder" DROP CONSTRAINT "campus_reminder_id_reminder_reminder_id_reminder_fk";
--> statement-breakpoint
ALTER TABLE "campus_text_message" DROP CONSTRAINT "campus_text_message_id_campus_campus_id_campus_fk";
--> statement-breakpoint
ALTER TABLE "campus_text_message" DROP CONSTRAINT "campus_text_message_id_text_message_text_message_id_text_message_fk";
--> statement-breakpoint
ALTER TABLE "communication_log" DROP CONSTRAINT "communication_log_id_application_application_id_application_fk";
--> statement-breakpoint
ALTER TABLE "email_field" DROP CONSTRAINT "email_field_id_email_email_id_email_fk";
--> statement-breakpoint
ALTER TABLE "text_message_field" DROP CONSTRAINT "text_message_field_id_text_message_text_message_id_text_message_fk";
--> statement-breakpoint
ALTER TABLE "campus_form" DROP CONSTRAINT "campus_form_id_campus_campus_id_campus_fk";
--> statement-breakpoint
ALTER TABLE "campus_form" DROP CONSTRAINT "campus_form_id_campus_year_campus_year_id_campus_year_fk";
--> statement-breakpoint
ALTER TABLE "form_submission" DROP CONSTRAINT "form_submission_id_campus_campus_id_campus_fk";
--> statement-breakpoint
ALTER TABLE "feedback" DROP CONSTRAINT "feedback_id_campus_campus_id_campus_fk";
--> statement-breakpoint
ALTER TABLE "ads_conversion_event" DROP CONSTRAINT "ads_conversion_event_id_application_application_id_application_fk";
--> statement-breakpoint
ALTER TABLE "notification" DROP CONSTRAINT "notification_id_application_application_id_application_fk";
--> statement-breakpoint
ALTER TABLE "campus_configuration" ADD COLUMN "time_zone" text;
--> statement-breakpoint
ALTER TABLE "school_configuration" ADD COLUMN "time_zone" text DEFAULT 'America/New_York' NOT NULL;
--> statement-breakpoint
-- the targets of the (id_school, id) keys first
ALTER TABLE "campus_year" ADD CONSTRAINT "campus_year_school_id" UNIQUE("id_school","id_campus_year");
--> statement-breakpoint
ALTER TABLE "applicant" ADD CONSTRAINT "applicant_school_id" UNIQUE("id_school","id_applicant");
--> statement-breakpoint
ALTER TABLE "application" ADD CONSTRAINT "application_school_id" UNIQUE("id_school","id_application");
--> statement-breakpoint
ALTER TABLE "tag" ADD CONSTRAINT "tag_school_id" UNIQUE("id_school","id_tag");
--> statement-breakpoint
ALTER TABLE "campus_email" ADD CONSTRAINT "campus_email_school_id" UNIQUE("id_school","id_campus_email");
--> statement-breakpoint
ALTER TABLE "campus_text_message" ADD CONSTRAINT "campus_text_message_school_id" UNIQUE("id_school","id_campus_text_message");
--> statement-breakpoint
ALTER TABLE "email" ADD CONSTRAINT "email_school_id" UNIQUE("id_school","id_email");
--> statement-breakpoint
ALTER TABLE "message_outbox" ADD CONSTRAINT "message_outbox_school_id" UNIQUE("id_school","id_message");
--> statement-breakpoint
ALTER TABLE "reminder" ADD CONSTRAINT "reminder_school_id" UNIQUE("id_school","id_reminder");
--> statement-breakpoint
ALTER TABLE "text_message" ADD CONSTRAINT "text_message_school_id" UNIQUE("id_school","id_text_message");
--> statement-breakpoint
ALTER TABLE "campus_form" ADD CONSTRAINT "campus_form_school_id" UNIQUE("id_school","id_campus_form");
--> statement-breakpoint
ALTER TABLE "campus_configuration" ADD CONSTRAINT "campus_configuration_campus_fk" FOREIGN KEY ("id_school","id_campus") REFERENCES "public"."campus"("id_school","id_campus") ON DELETE cascade ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "user" ADD CONSTRAINT "user_campus_fk" FOREIGN KEY ("id_school","id_campus") REFERENCES "public"."campus"("id_school","id_campus") ON DELETE no action ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "campus_grade" ADD CONSTRAINT "campus_grade_campus_fk" FOREIGN KEY ("id_school","id_campus") REFERENCES "public"."campus"("id_school","id_campus") ON DELETE cascade ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "campus_priority" ADD CONSTRAINT "campus_priority_campus_fk" FOREIGN KEY ("id_school","id_campus") REFERENCES "public"."campus"("id_school","id_campus") ON DELETE cascade ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "campus_year" ADD CONSTRAINT "campus_year_campus_fk" FOREIGN KEY ("id_school","id_campus") REFERENCES "public"."campus"("id_school","id_campus") ON DELETE cascade ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "campus_year_grade" ADD CONSTRAINT "campus_year_grade_period_fk" FOREIGN KEY ("id_school","id_campus_year") REFERENCES "public"."campus_year"("id_school","id_campus_year") ON DELETE cascade ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "application" ADD CONSTRAINT "application_campus_fk" FOREIGN KEY ("id_school","id_campus") REFERENCES "public"."campus"("id_school","id_campus") ON DELETE no action ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "application" ADD CONSTRAINT "application_period_fk" FOREIGN KEY ("id_school","id_campus_year") REFERENCES "public"."campus_year"("id_school","id_campus_year") ON DELETE no action ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "application" ADD CONSTRAINT "application_applicant_fk" FOREIGN KEY ("id_school","id_applicant") REFERENCES "public"."applicant"("id_school","id_applicant") ON DELETE no action ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "application_file" ADD CONSTRAINT "application_file_application_fk" FOREIGN KEY ("id_school","id_application") REFERENCES "public"."application"("id_school","id_application") ON DELETE cascade ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "application_note" ADD CONSTRAINT "application_note_application_fk" FOREIGN KEY ("id_school","id_application") REFERENCES "public"."application"("id_school","id_application") ON DELETE cascade ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "application_status" ADD CONSTRAINT "application_status_application_fk" FOREIGN KEY ("id_school","id_application") REFERENCES "public"."application"("id_school","id_application") ON DELETE cascade ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "application_tag" ADD CONSTRAINT "application_tag_application_fk" FOREIGN KEY ("id_school","id_application") REFERENCES "public"."application"("id_school","id_application") ON DELETE cascade ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "application_tag" ADD CONSTRAINT "application_tag_tag_fk" FOREIGN KEY ("id_school","id_tag") REFERENCES "public"."tag"("id_school","id_tag") ON DELETE cascade ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "lottery" ADD CONSTRAINT "lottery_period_fk" FOREIGN KEY ("id_school","id_campus_year") REFERENCES "public"."campus_year"("id_school","id_campus_year") ON DELETE no action ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "tag" ADD CONSTRAINT "tag_campus_fk" FOREIGN KEY ("id_school","id_campus") REFERENCES "public"."campus"("id_school","id_campus") ON DELETE cascade ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "waiting_list_reorder" ADD CONSTRAINT "waiting_list_reorder_period_fk" FOREIGN KEY ("id_school","id_campus_year") REFERENCES "public"."campus_year"("id_school","id_campus_year") ON DELETE no action ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "campus_email" ADD CONSTRAINT "campus_email_campus_fk" FOREIGN KEY ("id_school","id_campus") REFERENCES "public"."campus"("id_school","id_campus") ON DELETE cascade ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "campus_email" ADD CONSTRAINT "campus_email_email_fk" FOREIGN KEY ("id_school","id_email") REFERENCES "public"."email"("id_school","id_email") ON DELETE cascade ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "campus_reminder" ADD CONSTRAINT "campus_reminder_campus_fk" FOREIGN KEY ("id_school","id_campus") REFERENCES "public"."campus"("id_school","id_campus") ON DELETE cascade ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "campus_reminder" ADD CONSTRAINT "campus_reminder_reminder_fk" FOREIGN KEY ("id_school","id_reminder") REFERENCES "public"."reminder"("id_school","id_reminder") ON DELETE cascade ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "campus_text_message" ADD CONSTRAINT "campus_text_message_campus_fk" FOREIGN KEY ("id_school","id_campus") REFERENCES "public"."campus"("id_school","id_campus") ON DELETE cascade ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "campus_text_message" ADD CONSTRAINT "campus_text_message_message_fk" FOREIGN KEY ("id_school","id_text_message") REFERENCES "public"."text_message"("id_school","id_text_message") ON DELETE cascade ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "communication_log" ADD CONSTRAINT "communication_log_application_fk" FOREIGN KEY ("id_school","id_application") REFERENCES "public"."application"("id_school","id_application") ON DELETE cascade ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "email_field" ADD CONSTRAINT "email_field_email_fk" FOREIGN KEY ("id_school","id_email") REFERENCES "public"."email"("id_school","id_email") ON DELETE cascade ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "text_message_field" ADD CONSTRAINT "text_message_field_message_fk" FOREIGN KEY ("id_school","id_text_message") REFERENCES "public"."text_message"("id_school","id_text_message") ON DELETE cascade ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "campus_form" ADD CONSTRAINT "campus_form_campus_fk" FOREIGN KEY ("id_school","id_campus") REFERENCES "public"."campus"("id_school","id_campus") ON DELETE cascade ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "campus_form" ADD CONSTRAINT "campus_form_period_fk" FOREIGN KEY ("id_school","id_campus_year") REFERENCES "public"."campus_year"("id_school","id_campus_year") ON DELETE cascade ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "form_submission" ADD CONSTRAINT "form_submission_campus_fk" FOREIGN KEY ("id_school","id_campus") REFERENCES "public"."campus"("id_school","id_campus") ON DELETE no action ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "feedback" ADD CONSTRAINT "feedback_campus_fk" FOREIGN KEY ("id_school","id_campus") REFERENCES "public"."campus"("id_school","id_campus") ON DELETE no action ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "ads_conversion_event" ADD CONSTRAINT "ads_conversion_event_application_fk" FOREIGN KEY ("id_school","id_application") REFERENCES "public"."application"("id_school","id_application") ON DELETE cascade ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "notification" ADD CONSTRAINT "notification_application_fk" FOREIGN KEY ("id_school","id_application") REFERENCES "public"."application"("id_school","id_application") ON DELETE cascade ON UPDATE no action;
--> statement-breakpoint
-- Tenant keys that drizzle cannot write: the one-column key (ON DELETE SET NULL) stays, and the (id_school, id)
-- key sets only the reference column to null when its target goes (PostgreSQL 15+).
ALTER TABLE "application" ADD CONSTRAINT "application_copied_from_fk" FOREIGN KEY ("id_school","copied_from") REFERENCES "public"."application"("id_school","id_application") ON DELETE SET NULL ("copied_from");
--> statement-breakpoint
ALTER TABLE "reminder" ADD CONSTRAINT "reminder_campus_email_fk" FOREIGN KEY ("id_school","id_campus_email") REFERENCES "public"."campus_email"("id_school","id_campus_email") ON DELETE SET NULL ("id_campus_email");
--> statement-breakpoint
ALTER TABLE "reminder" ADD CONSTRAINT "reminder_campus_text_message_fk" FOREIGN KEY ("id_school","id_campus_text_message") REFERENCES "public"."campus_text_message"("id_school","id_campus_text_message") ON DELETE SET NULL ("id_campus_text_message");
--> statement-breakpoint
ALTER TABLE "message_outbox" ADD CONSTRAINT "message_outbox_application_fk" FOREIGN KEY ("id_school","id_application") REFERENCES "public"."application"("id_school","id_application") ON DELETE SET NULL ("id_application");
--> statement-breakpoint
ALTER TABLE "communication_log" ADD CONSTRAINT "communication_log_message_fk" FOREIGN KEY ("id_school","id_message") REFERENCES "public"."message_outbox"("id_school","id_message") ON DELETE SET NULL ("id_message");
--> statement-breakpoint
ALTER TABLE "communication_log" ADD CONSTRAINT "communication_log_campus_email_fk" FOREIGN KEY ("id_school","id_campus_email") REFERENCES "public"."campus_email"("id_school","id_campus_email") ON DELETE SET NULL ("id_campus_email");
--> statement-breakpoint
ALTER TABLE "communication_log" ADD CONSTRAINT "communication_log_campus_text_message_fk" FOREIGN KEY ("id_school","id_campus_text_message") REFERENCES "public"."campus_text_message"("id_school","id_campus_text_message") ON DELETE SET NULL ("id_campus_text_message");
--> statement-breakpoint
ALTER TABLE "form_submission" ADD CONSTRAINT "form_submission_campus_form_fk" FOREIGN KEY ("id_school","id_campus_form") REFERENCES "public"."campus_form"("id_school","id_campus_form") ON DELETE SET NULL ("id_campus_form");
--> statement-breakpoint
ALTER TABLE "form_submission" ADD CONSTRAINT "form_submission_application_fk" FOREIGN KEY ("id_school","id_application") REFERENCES "public"."application"("id_school","id_application") ON DELETE SET NULL ("id_application");
--> statement-breakpoint
ALTER TABLE "user" ADD CONSTRAINT "user_campus_has_school" CHECK ("user"."id_campus" IS NULL OR "user"."id_school" IS NOT NULL);
--> statement-breakpoint
ALTER TABLE "feedback" ADD CONSTRAINT "feedback_campus_has_school" CHECK ("feedback"."id_campus" IS NULL OR "feedback"."id_school" IS NOT NULL);
