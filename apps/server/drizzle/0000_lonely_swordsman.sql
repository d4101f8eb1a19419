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
CREATE INDEX "campus_school_idx" ON "campus" USING btree ("id_school","name");--> statement-breakpoint
CREATE INDEX "school_name_idx" ON "school" USING btree ("name");--> statement-breakpoint
CREATE INDEX "refresh_token_family_idx" ON "refresh_token" USING btree ("family");--> statement-breakpoint
CREATE INDEX "refresh_token_user_idx" ON "refresh_token" USING btree ("id_user");--> statement-breakpoint
CREATE INDEX "user_school_idx" ON "user" USING btree ("id_school","name");--> statement-breakpoint
CREATE INDEX "user_campus_idx" ON "user" USING btree ("id_campus");--> statement-breakpoint
CREATE INDEX "audit_log_school_idx" ON "audit_log" USING btree ("id_school","created_at");--> statement-breakpoint
CREATE INDEX "audit_log_entity_idx" ON "audit_log" USING btree ("entity","entity_id");--> statement-breakpoint
CREATE INDEX "captured_mail_created_idx" ON "captured_mail" USING btree ("created_at");