CREATE TABLE "action" (
	"id_action" integer PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	CONSTRAINT "action_name_unique" UNIQUE("name")
);
--> statement-breakpoint
CREATE TABLE "ads_conversion_event_type" (
	"id_ads_conversion_event_type" integer PRIMARY KEY NOT NULL,
	"name" text NOT NULL
);
--> statement-breakpoint
CREATE TABLE "context_type" (
	"id_context_type" integer PRIMARY KEY NOT NULL,
	"name" text NOT NULL
);
--> statement-breakpoint
CREATE TABLE "dashboard_item" (
	"id_dashboard_item" integer PRIMARY KEY NOT NULL,
	"name" text NOT NULL
);
--> statement-breakpoint
CREATE TABLE "email_type" (
	"id_email_type" integer PRIMARY KEY NOT NULL,
	"name" text NOT NULL
);
--> statement-breakpoint
CREATE TABLE "enrollment_sis" (
	"id_enrollment_sis" integer PRIMARY KEY NOT NULL,
	"name" text NOT NULL
);
--> statement-breakpoint
CREATE TABLE "feedback_type" (
	"id_feedback_type" integer PRIMARY KEY NOT NULL,
	"name" text NOT NULL
);
--> statement-breakpoint
CREATE TABLE "field_option" (
	"id_field_option" integer PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"label" text NOT NULL
);
--> statement-breakpoint
CREATE TABLE "form_type" (
	"id_form_type" integer PRIMARY KEY NOT NULL,
	"name" text NOT NULL
);
--> statement-breakpoint
CREATE TABLE "grade" (
	"id_grade" integer PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"position" integer NOT NULL,
	"age" integer NOT NULL
);
--> statement-breakpoint
CREATE TABLE "guardian_type" (
	"id_guardian_type" integer PRIMARY KEY NOT NULL,
	"name" text NOT NULL
);
--> statement-breakpoint
CREATE TABLE "notification_settings_type" (
	"id_notification_settings_type" integer PRIMARY KEY NOT NULL,
	"name" text NOT NULL
);
--> statement-breakpoint
CREATE TABLE "permission" (
	"id_permission" serial PRIMARY KEY NOT NULL,
	"id_role" integer NOT NULL,
	"id_subject" integer NOT NULL,
	"id_action" integer NOT NULL,
	"is_active" boolean DEFAULT true NOT NULL,
	CONSTRAINT "permission_role_subject_action" UNIQUE("id_role","id_subject","id_action")
);
--> statement-breakpoint
CREATE TABLE "priority_item" (
	"id_priority_item" integer PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	CONSTRAINT "priority_item_name_unique" UNIQUE("name")
);
--> statement-breakpoint
CREATE TABLE "role" (
	"id_role" serial PRIMARY KEY NOT NULL,
	"id_context_type" integer NOT NULL,
	"name" text NOT NULL,
	"type" text DEFAULT 'custom' NOT NULL,
	"description" text,
	"is_active" boolean DEFAULT true NOT NULL,
	CONSTRAINT "role_name_unique" UNIQUE("name")
);
--> statement-breakpoint
CREATE TABLE "school_year" (
	"id_school_year" serial PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"year_one" integer NOT NULL,
	"year_two" integer NOT NULL,
	CONSTRAINT "school_year_name_unique" UNIQUE("name")
);
--> statement-breakpoint
CREATE TABLE "status" (
	"id_status" integer PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"label" text NOT NULL,
	CONSTRAINT "status_name_unique" UNIQUE("name")
);
--> statement-breakpoint
CREATE TABLE "status_feedback" (
	"id_status_feedback" integer PRIMARY KEY NOT NULL,
	"name" text NOT NULL
);
--> statement-breakpoint
CREATE TABLE "status_movement_type" (
	"id_status_movement_type" integer PRIMARY KEY NOT NULL,
	"name" text NOT NULL
);
--> statement-breakpoint
CREATE TABLE "subject" (
	"id_subject" integer PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	CONSTRAINT "subject_name_unique" UNIQUE("name")
);
--> statement-breakpoint
CREATE TABLE "text_message_type" (
	"id_text_message_type" integer PRIMARY KEY NOT NULL,
	"name" text NOT NULL
);
--> statement-breakpoint
CREATE TABLE "campus" (
	"id_campus" serial PRIMARY KEY NOT NULL,
	"id_school" integer NOT NULL,
	"name" text NOT NULL,
	"address" text,
	"telephone" text,
	"email" text,
	"description" text,
	"website" text,
	"photo" text,
	"is_main" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "campus_school_id" UNIQUE("id_school","id_campus")
);
--> statement-breakpoint
CREATE TABLE "campus_configuration" (
	"id_campus_configuration" serial PRIMARY KEY NOT NULL,
	"id_school" integer NOT NULL,
	"id_campus" integer NOT NULL,
	"email" text,
	"google_analytics_tag" text,
	"api_secret_encrypted" text,
	"phone_number" text,
	"active" boolean DEFAULT true NOT NULL,
	"looker_studio_link" text,
	"is_lottery_campus" boolean DEFAULT false NOT NULL,
	"id_enrollment_sis" integer,
	CONSTRAINT "campus_configuration_id_campus_unique" UNIQUE("id_campus")
);
--> statement-breakpoint
CREATE TABLE "school" (
	"id_school" serial PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"address" text,
	"telephone" text,
	"email" text,
	"website" text,
	"description" text,
	"subscribed_until" date,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "school_configuration" (
	"id_school_configuration" serial PRIMARY KEY NOT NULL,
	"id_school" integer NOT NULL,
	"active" boolean DEFAULT true NOT NULL,
	"is_charter_connect" boolean DEFAULT false NOT NULL,
	"use_less_parameters" boolean DEFAULT false NOT NULL,
	"is_age_school" boolean DEFAULT false NOT NULL,
	"is_one_form" boolean DEFAULT false NOT NULL,
	"sendgrid_api_key_encrypted" text,
	"ga_customer_id" text,
	"ga_conversion_lead_id" text,
	"ga_conversion_applied_id" text,
	"ga_conversion_enrolled_id" text,
	"fp_account_id" text,
	"fp_access_token_encrypted" text,
	CONSTRAINT "school_configuration_id_school_unique" UNIQUE("id_school")
);
--> statement-breakpoint
CREATE TABLE "password_reset_token" (
	"id_password_reset_token" serial PRIMARY KEY NOT NULL,
	"id_user" integer NOT NULL,
	"token_hash" text NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"used_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "password_reset_token_token_hash_unique" UNIQUE("token_hash")
);
--> statement-breakpoint
CREATE TABLE "refresh_token" (
	"id_refresh_token" serial PRIMARY KEY NOT NULL,
	"id_user" integer NOT NULL,
	"family" uuid NOT NULL,
	"token_hash" text NOT NULL,
	"id_school" integer,
	"family_expires_at" timestamp with time zone NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"used_at" timestamp with time zone,
	"revoked_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "refresh_token_token_hash_unique" UNIQUE("token_hash")
);
--> statement-breakpoint
CREATE TABLE "user" (
	"id_user" serial PRIMARY KEY NOT NULL,
	"id_context_type" integer NOT NULL,
	"id_role" integer NOT NULL,
	"name" text NOT NULL,
	"email" text NOT NULL,
	"password_hash" text NOT NULL,
	"photo" text,
	"telephone" text,
	"is_active" boolean DEFAULT true NOT NULL,
	"id_school" integer,
	"id_campus" integer,
	"is_all_campuses" boolean DEFAULT false NOT NULL,
	"failed_logins" integer DEFAULT 0 NOT NULL,
	"locked_until" timestamp with time zone,
	"token_version" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "user_email_unique" UNIQUE("email")
);
--> statement-breakpoint
CREATE TABLE "user_configuration" (
	"id_user_configuration" serial PRIMARY KEY NOT NULL,
	"id_user" integer NOT NULL,
	"id_main_campus" integer,
	"id_main_school_year" integer,
	"lng" text DEFAULT 'en' NOT NULL,
	"theme" text DEFAULT 'default' NOT NULL,
	CONSTRAINT "user_configuration_id_user_unique" UNIQUE("id_user")
);
--> statement-breakpoint
CREATE TABLE "user_school" (
	"id_user" integer NOT NULL,
	"id_school" integer NOT NULL,
	CONSTRAINT "user_school_id_user_id_school_pk" PRIMARY KEY("id_user","id_school")
);
--> statement-breakpoint
CREATE TABLE "audit_log" (
	"id_audit_log" bigserial PRIMARY KEY NOT NULL,
	"id_school" integer,
	"id_campus" integer,
	"id_user" integer,
	"action" text NOT NULL,
	"entity" text NOT NULL,
	"entity_id" text,
	"changes" jsonb,
	"ip" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "captured_mail" (
	"id_captured_mail" serial PRIMARY KEY NOT NULL,
	"to" text NOT NULL,
	"from" text NOT NULL,
	"subject" text NOT NULL,
	"text" text,
	"html" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "campus_grade" (
	"id_campus_grade" serial PRIMARY KEY NOT NULL,
	"id_school" integer NOT NULL,
	"id_campus" integer NOT NULL,
	"id_grade" integer NOT NULL,
	"activatable" boolean DEFAULT false NOT NULL,
	"option_value" text,
	"option_label" text,
	CONSTRAINT "campus_grade_campus_grade" UNIQUE("id_campus","id_grade")
);
--> statement-breakpoint
CREATE TABLE "campus_priority" (
	"id_campus_priority" serial PRIMARY KEY NOT NULL,
	"id_school" integer NOT NULL,
	"id_campus" integer NOT NULL,
	"id_priority_item" integer NOT NULL,
	"priority_level" integer NOT NULL,
	CONSTRAINT "campus_priority_item" UNIQUE("id_campus","id_priority_item"),
	CONSTRAINT "campus_priority_level" CHECK ("campus_priority"."priority_level" > 0)
);
--> statement-breakpoint
CREATE TABLE "campus_year" (
	"id_campus_year" serial PRIMARY KEY NOT NULL,
	"id_school" integer NOT NULL,
	"id_campus" integer NOT NULL,
	"id_school_year" integer NOT NULL,
	"spots" integer DEFAULT 0 NOT NULL,
	"enrollment_start_date" date,
	"enrollment_end_date" date,
	"first_day_of_school" date,
	"enrollment_acceptance_period" integer DEFAULT 0 NOT NULL,
	"enrollment_mode" integer DEFAULT 1 NOT NULL,
	"auto_move_waiting_list_on_decline" boolean DEFAULT false NOT NULL,
	"state" text DEFAULT 'not_started' NOT NULL,
	"started_at" timestamp with time zone,
	"finalized_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "campus_year_campus_school_year" UNIQUE("id_campus","id_school_year"),
	CONSTRAINT "campus_year_state" CHECK ("campus_year"."state" IN ('not_started', 'started', 'finalized')),
	CONSTRAINT "campus_year_spots" CHECK ("campus_year"."spots" >= 0 AND "campus_year"."enrollment_acceptance_period" >= 0)
);
--> statement-breakpoint
CREATE TABLE "campus_year_grade" (
	"id_campus_year_grade" serial PRIMARY KEY NOT NULL,
	"id_school" integer NOT NULL,
	"id_campus_year" integer NOT NULL,
	"id_grade" integer NOT NULL,
	"spots" integer DEFAULT 0 NOT NULL,
	"taken" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "campus_year_grade_period_grade" UNIQUE("id_campus_year","id_grade"),
	CONSTRAINT "campus_year_grade_seats" CHECK ("campus_year_grade"."spots" >= 0 AND "campus_year_grade"."taken" >= 0 AND "campus_year_grade"."taken" <= "campus_year_grade"."spots")
);
--> statement-breakpoint
CREATE TABLE "applicant" (
	"id_applicant" serial PRIMARY KEY NOT NULL,
	"id_school" integer NOT NULL,
	"first_name" text NOT NULL,
	"last_name" text NOT NULL,
	"email" text,
	"phone_number" text,
	"date_of_birth" date,
	"address" text,
	"gender" text,
	"ethnicity" text,
	"actual_school" text,
	"sister_school" text,
	"id_guardian_type" integer,
	"guardian_name" text,
	"guardian_email" text,
	"guardian_phone_number" text,
	"guardian_address" text,
	"guardian_occupation" text,
	"guardian_date_of_birth" date,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "application" (
	"id_application" serial PRIMARY KEY NOT NULL,
	"id_school" integer NOT NULL,
	"id_campus" integer NOT NULL,
	"id_campus_year" integer,
	"id_school_year" integer NOT NULL,
	"correlative" integer NOT NULL,
	"id_applicant" integer NOT NULL,
	"id_grade" integer,
	"id_priority_item" integer,
	"id_status" integer NOT NULL,
	"waiting_list_position" integer,
	"read" boolean DEFAULT false NOT NULL,
	"event_date" timestamp with time zone,
	"event_preference" text,
	"sibling_priority" boolean DEFAULT false NOT NULL,
	"copied_from" integer,
	"campaign_id" text,
	"ad_id" text,
	"platform" integer,
	"deleted_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "application_school_correlative" UNIQUE("id_school","correlative"),
	CONSTRAINT "application_waiting_list_position" CHECK ("application"."waiting_list_position" IS NULL OR "application"."waiting_list_position" > 0)
);
--> statement-breakpoint
CREATE TABLE "application_file" (
	"id_application_file" serial PRIMARY KEY NOT NULL,
	"id_school" integer NOT NULL,
	"id_application" integer NOT NULL,
	"stored_path" text NOT NULL,
	"original_name" text NOT NULL,
	"mime_type" text NOT NULL,
	"size" bigint NOT NULL,
	"id_user" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "application_note" (
	"id_application_note" serial PRIMARY KEY NOT NULL,
	"id_school" integer NOT NULL,
	"id_application" integer NOT NULL,
	"id_user" integer,
	"note" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "application_status" (
	"id_application_status" serial PRIMARY KEY NOT NULL,
	"id_school" integer NOT NULL,
	"id_application" integer NOT NULL,
	"id_status" integer NOT NULL,
	"id_status_from" integer,
	"id_status_movement_type" integer DEFAULT 1 NOT NULL,
	"waiting_list_position" integer,
	"read" boolean DEFAULT false NOT NULL,
	"id_user" integer,
	"note" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "application_tag" (
	"id_application_tag" serial PRIMARY KEY NOT NULL,
	"id_school" integer NOT NULL,
	"id_application" integer NOT NULL,
	"id_tag" integer NOT NULL,
	CONSTRAINT "application_tag_pair" UNIQUE("id_application","id_tag")
);
--> statement-breakpoint
CREATE TABLE "lottery" (
	"id_lottery" serial PRIMARY KEY NOT NULL,
	"id_school" integer NOT NULL,
	"id_campus_year" integer NOT NULL,
	"seed" text NOT NULL,
	"id_user" integer,
	"considered_count" integer DEFAULT 0 NOT NULL,
	"selected_count" integer DEFAULT 0 NOT NULL,
	"waiting_count" integer DEFAULT 0 NOT NULL,
	"result" jsonb,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "tag" (
	"id_tag" serial PRIMARY KEY NOT NULL,
	"id_school" integer NOT NULL,
	"id_campus" integer NOT NULL,
	"name" text NOT NULL,
	"description" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "tag_campus_name" UNIQUE("id_campus","name")
);
--> statement-breakpoint
CREATE TABLE "waiting_list_reorder" (
	"id_waiting_list_reorder" serial PRIMARY KEY NOT NULL,
	"id_school" integer NOT NULL,
	"id_campus_year" integer NOT NULL,
	"id_grade" integer,
	"id_user" integer,
	"reason" text NOT NULL,
	"acknowledged" boolean NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "waiting_list_reorder_reason" CHECK (char_length("waiting_list_reorder"."reason") >= 10 AND "waiting_list_reorder"."acknowledged")
);
--> statement-breakpoint
CREATE TABLE "campus_email" (
	"id_campus_email" serial PRIMARY KEY NOT NULL,
	"id_school" integer NOT NULL,
	"id_campus" integer NOT NULL,
	"id_status_from" integer,
	"id_status_to" integer,
	"id_email" integer NOT NULL
);
--> statement-breakpoint
CREATE TABLE "campus_reminder" (
	"id_campus_reminder" serial PRIMARY KEY NOT NULL,
	"id_school" integer NOT NULL,
	"id_campus" integer NOT NULL,
	"id_reminder" integer NOT NULL,
	"is_active" boolean DEFAULT true NOT NULL,
	CONSTRAINT "campus_reminder_id_reminder_unique" UNIQUE("id_reminder")
);
--> statement-breakpoint
CREATE TABLE "campus_text_message" (
	"id_campus_text_message" serial PRIMARY KEY NOT NULL,
	"id_school" integer NOT NULL,
	"id_campus" integer NOT NULL,
	"id_status_from" integer,
	"id_status_to" integer,
	"id_text_message" integer NOT NULL
);
--> statement-breakpoint
CREATE TABLE "communication_log" (
	"id_communication_log" serial PRIMARY KEY NOT NULL,
	"id_school" integer NOT NULL,
	"id_application" integer NOT NULL,
	"type" text NOT NULL,
	"id_message_type" integer,
	"id_message" integer,
	"id_campus_email" integer,
	"id_campus_text_message" integer,
	"id_user" integer,
	"error" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "communication_log_message" UNIQUE("id_message"),
	CONSTRAINT "communication_log_type" CHECK ("communication_log"."type" IN ('email', 'sms'))
);
--> statement-breakpoint
CREATE TABLE "email" (
	"id_email" serial PRIMARY KEY NOT NULL,
	"id_school" integer NOT NULL,
	"name" text NOT NULL,
	"subject" text NOT NULL,
	"id_template" text,
	"text" text,
	"html" text,
	"id_email_type" integer NOT NULL,
	"lng" text DEFAULT 'en' NOT NULL
);
--> statement-breakpoint
CREATE TABLE "email_field" (
	"id_email_field" serial PRIMARY KEY NOT NULL,
	"id_school" integer NOT NULL,
	"id_email" integer NOT NULL,
	"field_name" text NOT NULL,
	"id_field_option" integer,
	"is_form" boolean DEFAULT false NOT NULL
);
--> statement-breakpoint
CREATE TABLE "message_outbox" (
	"id_message" serial PRIMARY KEY NOT NULL,
	"id_school" integer NOT NULL,
	"id_application" integer,
	"idempotency_key" text NOT NULL,
	"channel" text NOT NULL,
	"recipient" text NOT NULL,
	"subject" text,
	"body" text NOT NULL,
	"status" text DEFAULT 'pending' NOT NULL,
	"attempts" integer DEFAULT 0 NOT NULL,
	"last_error" text,
	"sent_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "message_outbox_idempotency_key_unique" UNIQUE("idempotency_key"),
	CONSTRAINT "message_outbox_channel" CHECK ("message_outbox"."channel" IN ('email', 'sms')),
	CONSTRAINT "message_outbox_status" CHECK ("message_outbox"."status" IN ('pending', 'sent', 'failed'))
);
--> statement-breakpoint
CREATE TABLE "reminder" (
	"id_reminder" serial PRIMARY KEY NOT NULL,
	"id_school" integer NOT NULL,
	"id_status" integer NOT NULL,
	"name" text NOT NULL,
	"periodicity" integer NOT NULL,
	"id_campus_email" integer,
	"id_campus_text_message" integer,
	CONSTRAINT "reminder_periodicity" CHECK ("reminder"."periodicity" > 0)
);
--> statement-breakpoint
CREATE TABLE "text_message" (
	"id_text_message" serial PRIMARY KEY NOT NULL,
	"id_school" integer NOT NULL,
	"id_text_message_type" integer NOT NULL,
	"name" text NOT NULL,
	"text" text NOT NULL,
	"lng" text DEFAULT 'en' NOT NULL
);
--> statement-breakpoint
CREATE TABLE "text_message_field" (
	"id_text_message_field" serial PRIMARY KEY NOT NULL,
	"id_school" integer NOT NULL,
	"id_text_message" integer NOT NULL,
	"field_name" text NOT NULL,
	"id_field_option" integer
);
--> statement-breakpoint
CREATE TABLE "campus_form" (
	"id_campus_form" serial PRIMARY KEY NOT NULL,
	"id_school" integer NOT NULL,
	"id_campus" integer NOT NULL,
	"id_campus_year" integer,
	"id_status_from" integer,
	"id_status_to" integer,
	"form_name" text NOT NULL,
	"form_id" text NOT NULL,
	"form_url" text,
	"is_application_form" boolean DEFAULT false NOT NULL,
	"id_form_type" integer NOT NULL
);
--> statement-breakpoint
CREATE TABLE "form_submission" (
	"id_form_submission" serial PRIMARY KEY NOT NULL,
	"id_school" integer NOT NULL,
	"id_campus" integer NOT NULL,
	"id_campus_form" integer,
	"id_form_type" integer NOT NULL,
	"delivery_id" text NOT NULL,
	"id_application" integer,
	"payload" jsonb NOT NULL,
	"processed_at" timestamp with time zone,
	"error" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "form_submission_delivery" UNIQUE("id_campus","id_form_type","delivery_id")
);
--> statement-breakpoint
CREATE TABLE "feedback" (
	"id_feedback" serial PRIMARY KEY NOT NULL,
	"id_school" integer,
	"id_campus" integer,
	"id_user" integer,
	"id_feedback_type" integer NOT NULL,
	"id_status_feedback" integer DEFAULT 1 NOT NULL,
	"title" text NOT NULL,
	"url" text,
	"description" text NOT NULL,
	"screen_shot" text,
	"file" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "ads_conversion_event" (
	"id_ads_conversion_event" serial PRIMARY KEY NOT NULL,
	"id_school" integer NOT NULL,
	"id_application" integer NOT NULL,
	"id_ads_conversion_event_type" integer NOT NULL,
	"campaign_id" text,
	"ad_id" text,
	"id_status" integer,
	"sent_at" timestamp with time zone,
	"error" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "user_dashboard_item" (
	"id_user_dashboard_item" serial PRIMARY KEY NOT NULL,
	"id_user" integer NOT NULL,
	"id_dashboard_item" integer NOT NULL,
	"is_active" boolean DEFAULT true NOT NULL,
	"position" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "user_dashboard_item_pair" UNIQUE("id_user","id_dashboard_item")
);
--> statement-breakpoint
CREATE TABLE "user_filter" (
	"id_user_filter" serial PRIMARY KEY NOT NULL,
	"id_user" integer NOT NULL,
	"list_type" integer NOT NULL,
	"filter" jsonb NOT NULL,
	CONSTRAINT "user_filter_list" UNIQUE("id_user","list_type")
);
--> statement-breakpoint
CREATE TABLE "notification" (
	"id_notification" serial PRIMARY KEY NOT NULL,
	"id_school" integer NOT NULL,
	"id_user" integer NOT NULL,
	"id_application" integer,
	"message" text NOT NULL,
	"read" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "notification_settings" (
	"id_notification_settings" serial PRIMARY KEY NOT NULL,
	"id_user" integer NOT NULL,
	"settings" jsonb NOT NULL,
	CONSTRAINT "notification_settings_id_user_unique" UNIQUE("id_user")
);
--> statement-breakpoint
ALTER TABLE "permission" ADD CONSTRAINT "permission_id_role_role_id_role_fk" FOREIGN KEY ("id_role") REFERENCES "public"."role"("id_role") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "permission" ADD CONSTRAINT "permission_id_subject_subject_id_subject_fk" FOREIGN KEY ("id_subject") REFERENCES "public"."subject"("id_subject") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "permission" ADD CONSTRAINT "permission_id_action_action_id_action_fk" FOREIGN KEY ("id_action") REFERENCES "public"."action"("id_action") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "role" ADD CONSTRAINT "role_id_context_type_context_type_id_context_type_fk" FOREIGN KEY ("id_context_type") REFERENCES "public"."context_type"("id_context_type") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "campus" ADD CONSTRAINT "campus_id_school_school_id_school_fk" FOREIGN KEY ("id_school") REFERENCES "public"."school"("id_school") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "campus_configuration" ADD CONSTRAINT "campus_configuration_id_school_school_id_school_fk" FOREIGN KEY ("id_school") REFERENCES "public"."school"("id_school") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "campus_configuration" ADD CONSTRAINT "campus_configuration_id_campus_campus_id_campus_fk" FOREIGN KEY ("id_campus") REFERENCES "public"."campus"("id_campus") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "campus_configuration" ADD CONSTRAINT "campus_configuration_id_enrollment_sis_enrollment_sis_id_enrollment_sis_fk" FOREIGN KEY ("id_enrollment_sis") REFERENCES "public"."enrollment_sis"("id_enrollment_sis") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "school_configuration" ADD CONSTRAINT "school_configuration_id_school_school_id_school_fk" FOREIGN KEY ("id_school") REFERENCES "public"."school"("id_school") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "password_reset_token" ADD CONSTRAINT "password_reset_token_id_user_user_id_user_fk" FOREIGN KEY ("id_user") REFERENCES "public"."user"("id_user") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "refresh_token" ADD CONSTRAINT "refresh_token_id_user_user_id_user_fk" FOREIGN KEY ("id_user") REFERENCES "public"."user"("id_user") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "refresh_token" ADD CONSTRAINT "refresh_token_id_school_school_id_school_fk" FOREIGN KEY ("id_school") REFERENCES "public"."school"("id_school") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "user" ADD CONSTRAINT "user_id_context_type_context_type_id_context_type_fk" FOREIGN KEY ("id_context_type") REFERENCES "public"."context_type"("id_context_type") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "user" ADD CONSTRAINT "user_id_role_role_id_role_fk" FOREIGN KEY ("id_role") REFERENCES "public"."role"("id_role") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "user" ADD CONSTRAINT "user_id_school_school_id_school_fk" FOREIGN KEY ("id_school") REFERENCES "public"."school"("id_school") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "user" ADD CONSTRAINT "user_id_campus_campus_id_campus_fk" FOREIGN KEY ("id_campus") REFERENCES "public"."campus"("id_campus") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "user_configuration" ADD CONSTRAINT "user_configuration_id_user_user_id_user_fk" FOREIGN KEY ("id_user") REFERENCES "public"."user"("id_user") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "user_configuration" ADD CONSTRAINT "user_configuration_id_main_campus_campus_id_campus_fk" FOREIGN KEY ("id_main_campus") REFERENCES "public"."campus"("id_campus") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "user_configuration" ADD CONSTRAINT "user_configuration_id_main_school_year_school_year_id_school_year_fk" FOREIGN KEY ("id_main_school_year") REFERENCES "public"."school_year"("id_school_year") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "user_school" ADD CONSTRAINT "user_school_id_user_user_id_user_fk" FOREIGN KEY ("id_user") REFERENCES "public"."user"("id_user") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "user_school" ADD CONSTRAINT "user_school_id_school_school_id_school_fk" FOREIGN KEY ("id_school") REFERENCES "public"."school"("id_school") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "campus_grade" ADD CONSTRAINT "campus_grade_id_school_school_id_school_fk" FOREIGN KEY ("id_school") REFERENCES "public"."school"("id_school") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "campus_grade" ADD CONSTRAINT "campus_grade_id_campus_campus_id_campus_fk" FOREIGN KEY ("id_campus") REFERENCES "public"."campus"("id_campus") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "campus_grade" ADD CONSTRAINT "campus_grade_id_grade_grade_id_grade_fk" FOREIGN KEY ("id_grade") REFERENCES "public"."grade"("id_grade") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "campus_priority" ADD CONSTRAINT "campus_priority_id_school_school_id_school_fk" FOREIGN KEY ("id_school") REFERENCES "public"."school"("id_school") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "campus_priority" ADD CONSTRAINT "campus_priority_id_campus_campus_id_campus_fk" FOREIGN KEY ("id_campus") REFERENCES "public"."campus"("id_campus") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "campus_priority" ADD CONSTRAINT "campus_priority_id_priority_item_priority_item_id_priority_item_fk" FOREIGN KEY ("id_priority_item") REFERENCES "public"."priority_item"("id_priority_item") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "campus_year" ADD CONSTRAINT "campus_year_id_school_school_id_school_fk" FOREIGN KEY ("id_school") REFERENCES "public"."school"("id_school") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "campus_year" ADD CONSTRAINT "campus_year_id_campus_campus_id_campus_fk" FOREIGN KEY ("id_campus") REFERENCES "public"."campus"("id_campus") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "campus_year" ADD CONSTRAINT "campus_year_id_school_year_school_year_id_school_year_fk" FOREIGN KEY ("id_school_year") REFERENCES "public"."school_year"("id_school_year") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "campus_year_grade" ADD CONSTRAINT "campus_year_grade_id_school_school_id_school_fk" FOREIGN KEY ("id_school") REFERENCES "public"."school"("id_school") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "campus_year_grade" ADD CONSTRAINT "campus_year_grade_id_campus_year_campus_year_id_campus_year_fk" FOREIGN KEY ("id_campus_year") REFERENCES "public"."campus_year"("id_campus_year") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "campus_year_grade" ADD CONSTRAINT "campus_year_grade_id_grade_grade_id_grade_fk" FOREIGN KEY ("id_grade") REFERENCES "public"."grade"("id_grade") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "applicant" ADD CONSTRAINT "applicant_id_school_school_id_school_fk" FOREIGN KEY ("id_school") REFERENCES "public"."school"("id_school") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "applicant" ADD CONSTRAINT "applicant_id_guardian_type_guardian_type_id_guardian_type_fk" FOREIGN KEY ("id_guardian_type") REFERENCES "public"."guardian_type"("id_guardian_type") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "application" ADD CONSTRAINT "application_id_school_school_id_school_fk" FOREIGN KEY ("id_school") REFERENCES "public"."school"("id_school") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "application" ADD CONSTRAINT "application_id_campus_campus_id_campus_fk" FOREIGN KEY ("id_campus") REFERENCES "public"."campus"("id_campus") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "application" ADD CONSTRAINT "application_id_campus_year_campus_year_id_campus_year_fk" FOREIGN KEY ("id_campus_year") REFERENCES "public"."campus_year"("id_campus_year") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "application" ADD CONSTRAINT "application_id_school_year_school_year_id_school_year_fk" FOREIGN KEY ("id_school_year") REFERENCES "public"."school_year"("id_school_year") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "application" ADD CONSTRAINT "application_id_applicant_applicant_id_applicant_fk" FOREIGN KEY ("id_applicant") REFERENCES "public"."applicant"("id_applicant") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "application" ADD CONSTRAINT "application_id_grade_grade_id_grade_fk" FOREIGN KEY ("id_grade") REFERENCES "public"."grade"("id_grade") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "application" ADD CONSTRAINT "application_id_priority_item_priority_item_id_priority_item_fk" FOREIGN KEY ("id_priority_item") REFERENCES "public"."priority_item"("id_priority_item") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "application" ADD CONSTRAINT "application_id_status_status_id_status_fk" FOREIGN KEY ("id_status") REFERENCES "public"."status"("id_status") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "application" ADD CONSTRAINT "application_copied_from_application_id_application_fk" FOREIGN KEY ("copied_from") REFERENCES "public"."application"("id_application") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "application_file" ADD CONSTRAINT "application_file_id_school_school_id_school_fk" FOREIGN KEY ("id_school") REFERENCES "public"."school"("id_school") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "application_file" ADD CONSTRAINT "application_file_id_application_application_id_application_fk" FOREIGN KEY ("id_application") REFERENCES "public"."application"("id_application") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "application_file" ADD CONSTRAINT "application_file_id_user_user_id_user_fk" FOREIGN KEY ("id_user") REFERENCES "public"."user"("id_user") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "application_note" ADD CONSTRAINT "application_note_id_school_school_id_school_fk" FOREIGN KEY ("id_school") REFERENCES "public"."school"("id_school") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "application_note" ADD CONSTRAINT "application_note_id_application_application_id_application_fk" FOREIGN KEY ("id_application") REFERENCES "public"."application"("id_application") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "application_note" ADD CONSTRAINT "application_note_id_user_user_id_user_fk" FOREIGN KEY ("id_user") REFERENCES "public"."user"("id_user") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "application_status" ADD CONSTRAINT "application_status_id_school_school_id_school_fk" FOREIGN KEY ("id_school") REFERENCES "public"."school"("id_school") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "application_status" ADD CONSTRAINT "application_status_id_application_application_id_application_fk" FOREIGN KEY ("id_application") REFERENCES "public"."application"("id_application") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "application_status" ADD CONSTRAINT "application_status_id_status_status_id_status_fk" FOREIGN KEY ("id_status") REFERENCES "public"."status"("id_status") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "application_status" ADD CONSTRAINT "application_status_id_status_from_status_id_status_fk" FOREIGN KEY ("id_status_from") REFERENCES "public"."status"("id_status") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "application_status" ADD CONSTRAINT "application_status_id_status_movement_type_status_movement_type_id_status_movement_type_fk" FOREIGN KEY ("id_status_movement_type") REFERENCES "public"."status_movement_type"("id_status_movement_type") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "application_status" ADD CONSTRAINT "application_status_id_user_user_id_user_fk" FOREIGN KEY ("id_user") REFERENCES "public"."user"("id_user") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "application_tag" ADD CONSTRAINT "application_tag_id_school_school_id_school_fk" FOREIGN KEY ("id_school") REFERENCES "public"."school"("id_school") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "application_tag" ADD CONSTRAINT "application_tag_id_application_application_id_application_fk" FOREIGN KEY ("id_application") REFERENCES "public"."application"("id_application") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "application_tag" ADD CONSTRAINT "application_tag_id_tag_tag_id_tag_fk" FOREIGN KEY ("id_tag") REFERENCES "public"."tag"("id_tag") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "lottery" ADD CONSTRAINT "lottery_id_school_school_id_school_fk" FOREIGN KEY ("id_school") REFERENCES "public"."school"("id_school") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "lottery" ADD CONSTRAINT "lottery_id_campus_year_campus_year_id_campus_year_fk" FOREIGN KEY ("id_campus_year") REFERENCES "public"."campus_year"("id_campus_year") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "lottery" ADD CONSTRAINT "lottery_id_user_user_id_user_fk" FOREIGN KEY ("id_user") REFERENCES "public"."user"("id_user") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tag" ADD CONSTRAINT "tag_id_school_school_id_school_fk" FOREIGN KEY ("id_school") REFERENCES "public"."school"("id_school") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tag" ADD CONSTRAINT "tag_id_campus_campus_id_campus_fk" FOREIGN KEY ("id_campus") REFERENCES "public"."campus"("id_campus") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "waiting_list_reorder" ADD CONSTRAINT "waiting_list_reorder_id_school_school_id_school_fk" FOREIGN KEY ("id_school") REFERENCES "public"."school"("id_school") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "waiting_list_reorder" ADD CONSTRAINT "waiting_list_reorder_id_campus_year_campus_year_id_campus_year_fk" FOREIGN KEY ("id_campus_year") REFERENCES "public"."campus_year"("id_campus_year") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "waiting_list_reorder" ADD CONSTRAINT "waiting_list_reorder_id_grade_grade_id_grade_fk" FOREIGN KEY ("id_grade") REFERENCES "public"."grade"("id_grade") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "waiting_list_reorder" ADD CONSTRAINT "waiting_list_reorder_id_user_user_id_user_fk" FOREIGN KEY ("id_user") REFERENCES "public"."user"("id_user") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "campus_email" ADD CONSTRAINT "campus_email_id_school_school_id_school_fk" FOREIGN KEY ("id_school") REFERENCES "public"."school"("id_school") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "campus_email" ADD CONSTRAINT "campus_email_id_campus_campus_id_campus_fk" FOREIGN KEY ("id_campus") REFERENCES "public"."campus"("id_campus") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "campus_email" ADD CONSTRAINT "campus_email_id_status_from_status_id_status_fk" FOREIGN KEY ("id_status_from") REFERENCES "public"."status"("id_status") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "campus_email" ADD CONSTRAINT "campus_email_id_status_to_status_id_status_fk" FOREIGN KEY ("id_status_to") REFERENCES "public"."status"("id_status") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "campus_email" ADD CONSTRAINT "campus_email_id_email_email_id_email_fk" FOREIGN KEY ("id_email") REFERENCES "public"."email"("id_email") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "campus_reminder" ADD CONSTRAINT "campus_reminder_id_school_school_id_school_fk" FOREIGN KEY ("id_school") REFERENCES "public"."school"("id_school") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "campus_reminder" ADD CONSTRAINT "campus_reminder_id_campus_campus_id_campus_fk" FOREIGN KEY ("id_campus") REFERENCES "public"."campus"("id_campus") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "campus_reminder" ADD CONSTRAINT "campus_reminder_id_reminder_reminder_id_reminder_fk" FOREIGN KEY ("id_reminder") REFERENCES "public"."reminder"("id_reminder") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "campus_text_message" ADD CONSTRAINT "campus_text_message_id_school_school_id_school_fk" FOREIGN KEY ("id_school") REFERENCES "public"."school"("id_school") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "campus_text_message" ADD CONSTRAINT "campus_text_message_id_campus_campus_id_campus_fk" FOREIGN KEY ("id_campus") REFERENCES "public"."campus"("id_campus") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "campus_text_message" ADD CONSTRAINT "campus_text_message_id_status_from_status_id_status_fk" FOREIGN KEY ("id_status_from") REFERENCES "public"."status"("id_status") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "campus_text_message" ADD CONSTRAINT "campus_text_message_id_status_to_status_id_status_fk" FOREIGN KEY ("id_status_to") REFERENCES "public"."status"("id_status") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "campus_text_message" ADD CONSTRAINT "campus_text_message_id_text_message_text_message_id_text_message_fk" FOREIGN KEY ("id_text_message") REFERENCES "public"."text_message"("id_text_message") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "communication_log" ADD CONSTRAINT "communication_log_id_school_school_id_school_fk" FOREIGN KEY ("id_school") REFERENCES "public"."school"("id_school") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "communication_log" ADD CONSTRAINT "communication_log_id_application_application_id_application_fk" FOREIGN KEY ("id_application") REFERENCES "public"."application"("id_application") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "communication_log" ADD CONSTRAINT "communication_log_id_message_type_email_type_id_email_type_fk" FOREIGN KEY ("id_message_type") REFERENCES "public"."email_type"("id_email_type") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "communication_log" ADD CONSTRAINT "communication_log_id_message_message_outbox_id_message_fk" FOREIGN KEY ("id_message") REFERENCES "public"."message_outbox"("id_message") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "communication_log" ADD CONSTRAINT "communication_log_id_campus_email_campus_email_id_campus_email_fk" FOREIGN KEY ("id_campus_email") REFERENCES "public"."campus_email"("id_campus_email") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "communication_log" ADD CONSTRAINT "communication_log_id_campus_text_message_campus_text_message_id_campus_text_message_fk" FOREIGN KEY ("id_campus_text_message") REFERENCES "public"."campus_text_message"("id_campus_text_message") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "communication_log" ADD CONSTRAINT "communication_log_id_user_user_id_user_fk" FOREIGN KEY ("id_user") REFERENCES "public"."user"("id_user") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "email" ADD CONSTRAINT "email_id_school_school_id_school_fk" FOREIGN KEY ("id_school") REFERENCES "public"."school"("id_school") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "email" ADD CONSTRAINT "email_id_email_type_email_type_id_email_type_fk" FOREIGN KEY ("id_email_type") REFERENCES "public"."email_type"("id_email_type") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "email_field" ADD CONSTRAINT "email_field_id_school_school_id_school_fk" FOREIGN KEY ("id_school") REFERENCES "public"."school"("id_school") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "email_field" ADD CONSTRAINT "email_field_id_email_email_id_email_fk" FOREIGN KEY ("id_email") REFERENCES "public"."email"("id_email") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "email_field" ADD CONSTRAINT "email_field_id_field_option_field_option_id_field_option_fk" FOREIGN KEY ("id_field_option") REFERENCES "public"."field_option"("id_field_option") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "message_outbox" ADD CONSTRAINT "message_outbox_id_school_school_id_school_fk" FOREIGN KEY ("id_school") REFERENCES "public"."school"("id_school") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "message_outbox" ADD CONSTRAINT "message_outbox_id_application_application_id_application_fk" FOREIGN KEY ("id_application") REFERENCES "public"."application"("id_application") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "reminder" ADD CONSTRAINT "reminder_id_school_school_id_school_fk" FOREIGN KEY ("id_school") REFERENCES "public"."school"("id_school") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "reminder" ADD CONSTRAINT "reminder_id_status_status_id_status_fk" FOREIGN KEY ("id_status") REFERENCES "public"."status"("id_status") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "reminder" ADD CONSTRAINT "reminder_id_campus_email_campus_email_id_campus_email_fk" FOREIGN KEY ("id_campus_email") REFERENCES "public"."campus_email"("id_campus_email") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "reminder" ADD CONSTRAINT "reminder_id_campus_text_message_campus_text_message_id_campus_text_message_fk" FOREIGN KEY ("id_campus_text_message") REFERENCES "public"."campus_text_message"("id_campus_text_message") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "text_message" ADD CONSTRAINT "text_message_id_school_school_id_school_fk" FOREIGN KEY ("id_school") REFERENCES "public"."school"("id_school") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "text_message" ADD CONSTRAINT "text_message_id_text_message_type_text_message_type_id_text_message_type_fk" FOREIGN KEY ("id_text_message_type") REFERENCES "public"."text_message_type"("id_text_message_type") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "text_message_field" ADD CONSTRAINT "text_message_field_id_school_school_id_school_fk" FOREIGN KEY ("id_school") REFERENCES "public"."school"("id_school") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "text_message_field" ADD CONSTRAINT "text_message_field_id_text_message_text_message_id_text_message_fk" FOREIGN KEY ("id_text_message") REFERENCES "public"."text_message"("id_text_message") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "text_message_field" ADD CONSTRAINT "text_message_field_id_field_option_field_option_id_field_option_fk" FOREIGN KEY ("id_field_option") REFERENCES "public"."field_option"("id_field_option") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "campus_form" ADD CONSTRAINT "campus_form_id_school_school_id_school_fk" FOREIGN KEY ("id_school") REFERENCES "public"."school"("id_school") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "campus_form" ADD CONSTRAINT "campus_form_id_campus_campus_id_campus_fk" FOREIGN KEY ("id_campus") REFERENCES "public"."campus"("id_campus") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "campus_form" ADD CONSTRAINT "campus_form_id_campus_year_campus_year_id_campus_year_fk" FOREIGN KEY ("id_campus_year") REFERENCES "public"."campus_year"("id_campus_year") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "campus_form" ADD CONSTRAINT "campus_form_id_status_from_status_id_status_fk" FOREIGN KEY ("id_status_from") REFERENCES "public"."status"("id_status") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "campus_form" ADD CONSTRAINT "campus_form_id_status_to_status_id_status_fk" FOREIGN KEY ("id_status_to") REFERENCES "public"."status"("id_status") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "campus_form" ADD CONSTRAINT "campus_form_id_form_type_form_type_id_form_type_fk" FOREIGN KEY ("id_form_type") REFERENCES "public"."form_type"("id_form_type") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "form_submission" ADD CONSTRAINT "form_submission_id_school_school_id_school_fk" FOREIGN KEY ("id_school") REFERENCES "public"."school"("id_school") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "form_submission" ADD CONSTRAINT "form_submission_id_campus_campus_id_campus_fk" FOREIGN KEY ("id_campus") REFERENCES "public"."campus"("id_campus") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "form_submission" ADD CONSTRAINT "form_submission_id_campus_form_campus_form_id_campus_form_fk" FOREIGN KEY ("id_campus_form") REFERENCES "public"."campus_form"("id_campus_form") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "form_submission" ADD CONSTRAINT "form_submission_id_form_type_form_type_id_form_type_fk" FOREIGN KEY ("id_form_type") REFERENCES "public"."form_type"("id_form_type") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "form_submission" ADD CONSTRAINT "form_submission_id_application_application_id_application_fk" FOREIGN KEY ("id_application") REFERENCES "public"."application"("id_application") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "feedback" ADD CONSTRAINT "feedback_id_school_school_id_school_fk" FOREIGN KEY ("id_school") REFERENCES "public"."school"("id_school") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "feedback" ADD CONSTRAINT "feedback_id_campus_campus_id_campus_fk" FOREIGN KEY ("id_campus") REFERENCES "public"."campus"("id_campus") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "feedback" ADD CONSTRAINT "feedback_id_user_user_id_user_fk" FOREIGN KEY ("id_user") REFERENCES "public"."user"("id_user") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "feedback" ADD CONSTRAINT "feedback_id_feedback_type_feedback_type_id_feedback_type_fk" FOREIGN KEY ("id_feedback_type") REFERENCES "public"."feedback_type"("id_feedback_type") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "feedback" ADD CONSTRAINT "feedback_id_status_feedback_status_feedback_id_status_feedback_fk" FOREIGN KEY ("id_status_feedback") REFERENCES "public"."status_feedback"("id_status_feedback") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ads_conversion_event" ADD CONSTRAINT "ads_conversion_event_id_school_school_id_school_fk" FOREIGN KEY ("id_school") REFERENCES "public"."school"("id_school") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ads_conversion_event" ADD CONSTRAINT "ads_conversion_event_id_application_application_id_application_fk" FOREIGN KEY ("id_application") REFERENCES "public"."application"("id_application") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ads_conversion_event" ADD CONSTRAINT "ads_conversion_event_id_ads_conversion_event_type_ads_conversion_event_type_id_ads_conversion_event_type_fk" FOREIGN KEY ("id_ads_conversion_event_type") REFERENCES "public"."ads_conversion_event_type"("id_ads_conversion_event_type") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ads_conversion_event" ADD CONSTRAINT "ads_conversion_event_id_status_status_id_status_fk" FOREIGN KEY ("id_status") REFERENCES "public"."status"("id_status") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "user_dashboard_item" ADD CONSTRAINT "user_dashboard_item_id_user_user_id_user_fk" FOREIGN KEY ("id_user") REFERENCES "public"."user"("id_user") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "user_dashboard_item" ADD CONSTRAINT "user_dashboard_item_id_dashboard_item_dashboard_item_id_dashboard_item_fk" FOREIGN KEY ("id_dashboard_item") REFERENCES "public"."dashboard_item"("id_dashboard_item") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "user_filter" ADD CONSTRAINT "user_filter_id_user_user_id_user_fk" FOREIGN KEY ("id_user") REFERENCES "public"."user"("id_user") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "notification" ADD CONSTRAINT "notification_id_school_school_id_school_fk" FOREIGN KEY ("id_school") REFERENCES "public"."school"("id_school") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "notification" ADD CONSTRAINT "notification_id_user_user_id_user_fk" FOREIGN KEY ("id_user") REFERENCES "public"."user"("id_user") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "notification" ADD CONSTRAINT "notification_id_application_application_id_application_fk" FOREIGN KEY ("id_application") REFERENCES "public"."application"("id_application") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "notification_settings" ADD CONSTRAINT "notification_settings_id_user_user_id_user_fk" FOREIGN KEY ("id_user") REFERENCES "public"."user"("id_user") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "campus_school_idx" ON "campus" USING btree ("id_school","name");--> statement-breakpoint
CREATE INDEX "school_name_idx" ON "school" USING btree ("name");--> statement-breakpoint
CREATE INDEX "refresh_token_family_idx" ON "refresh_token" USING btree ("family");--> statement-breakpoint
CREATE INDEX "refresh_token_user_idx" ON "refresh_token" USING btree ("id_user");--> statement-breakpoint
CREATE INDEX "user_school_idx" ON "user" USING btree ("id_school","name");--> statement-breakpoint
CREATE INDEX "user_campus_idx" ON "user" USING btree ("id_campus");--> statement-breakpoint
CREATE INDEX "audit_log_school_idx" ON "audit_log" USING btree ("id_school","created_at");--> statement-breakpoint
CREATE INDEX "audit_log_entity_idx" ON "audit_log" USING btree ("entity","entity_id");--> statement-breakpoint
CREATE INDEX "captured_mail_created_idx" ON "captured_mail" USING btree ("created_at");--> statement-breakpoint
CREATE INDEX "campus_grade_school_idx" ON "campus_grade" USING btree ("id_school","id_campus");--> statement-breakpoint
CREATE INDEX "campus_year_school_idx" ON "campus_year" USING btree ("id_school","id_campus","state");--> statement-breakpoint
CREATE INDEX "applicant_school_name_idx" ON "applicant" USING btree ("id_school","last_name","first_name");--> statement-breakpoint
CREATE INDEX "application_list_idx" ON "application" USING btree ("id_school","id_campus","id_school_year","id_status","created_at");--> statement-breakpoint
CREATE INDEX "application_waiting_idx" ON "application" USING btree ("id_campus_year","id_grade","waiting_list_position");--> statement-breakpoint
CREATE INDEX "application_applicant_idx" ON "application" USING btree ("id_applicant");--> statement-breakpoint
CREATE INDEX "application_ads_idx" ON "application" USING btree ("id_school","platform","created_at");--> statement-breakpoint
CREATE INDEX "application_file_app_idx" ON "application_file" USING btree ("id_application");--> statement-breakpoint
CREATE INDEX "application_note_app_idx" ON "application_note" USING btree ("id_application","created_at");--> statement-breakpoint
CREATE INDEX "application_status_app_idx" ON "application_status" USING btree ("id_application","created_at");--> statement-breakpoint
CREATE INDEX "application_status_school_idx" ON "application_status" USING btree ("id_school","created_at");--> statement-breakpoint
CREATE INDEX "application_tag_tag_idx" ON "application_tag" USING btree ("id_tag");--> statement-breakpoint
CREATE INDEX "lottery_period_idx" ON "lottery" USING btree ("id_school","id_campus_year","created_at");--> statement-breakpoint
CREATE INDEX "tag_school_idx" ON "tag" USING btree ("id_school","id_campus","name");--> statement-breakpoint
CREATE INDEX "waiting_list_reorder_period_idx" ON "waiting_list_reorder" USING btree ("id_school","id_campus_year","created_at");--> statement-breakpoint
CREATE INDEX "campus_email_campus_idx" ON "campus_email" USING btree ("id_school","id_campus","id_status_to");--> statement-breakpoint
CREATE INDEX "campus_reminder_school_idx" ON "campus_reminder" USING btree ("id_school","id_campus");--> statement-breakpoint
CREATE INDEX "campus_text_message_campus_idx" ON "campus_text_message" USING btree ("id_school","id_campus","id_status_to");--> statement-breakpoint
CREATE INDEX "communication_log_app_idx" ON "communication_log" USING btree ("id_application","created_at");--> statement-breakpoint
CREATE INDEX "communication_log_school_idx" ON "communication_log" USING btree ("id_school","created_at");--> statement-breakpoint
CREATE INDEX "email_school_idx" ON "email" USING btree ("id_school","id_email_type");--> statement-breakpoint
CREATE INDEX "email_field_email_idx" ON "email_field" USING btree ("id_email");--> statement-breakpoint
CREATE INDEX "message_outbox_status_idx" ON "message_outbox" USING btree ("status","created_at");--> statement-breakpoint
CREATE INDEX "message_outbox_school_idx" ON "message_outbox" USING btree ("id_school","created_at");--> statement-breakpoint
CREATE INDEX "reminder_school_idx" ON "reminder" USING btree ("id_school");--> statement-breakpoint
CREATE INDEX "text_message_school_idx" ON "text_message" USING btree ("id_school","id_text_message_type");--> statement-breakpoint
CREATE INDEX "text_message_field_message_idx" ON "text_message_field" USING btree ("id_text_message");--> statement-breakpoint
CREATE INDEX "campus_form_school_idx" ON "campus_form" USING btree ("id_school","id_campus");--> statement-breakpoint
CREATE INDEX "campus_form_provider_idx" ON "campus_form" USING btree ("id_form_type","form_id");--> statement-breakpoint
CREATE INDEX "form_submission_school_idx" ON "form_submission" USING btree ("id_school","created_at");--> statement-breakpoint
CREATE INDEX "feedback_school_idx" ON "feedback" USING btree ("id_school","id_campus","created_at");--> statement-breakpoint
CREATE INDEX "feedback_user_idx" ON "feedback" USING btree ("id_user");--> statement-breakpoint
CREATE INDEX "ads_event_school_idx" ON "ads_conversion_event" USING btree ("id_school","id_ads_conversion_event_type","created_at");--> statement-breakpoint
CREATE INDEX "ads_event_application_idx" ON "ads_conversion_event" USING btree ("id_application");--> statement-breakpoint
CREATE INDEX "notification_user_idx" ON "notification" USING btree ("id_user","read","created_at");--> statement-breakpoint
CREATE INDEX "notification_application_idx" ON "notification" USING btree ("id_application");