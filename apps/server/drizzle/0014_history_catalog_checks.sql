-- The status history and the application's status check their catalog ids with CHECK constraints instead of foreign
-- keys: the status and movement-type catalogs are fixed reference data (seeded, never deleted), and a foreign key
-- costs a trigger call and a KEY SHARE row lock on the catalog row for every history row (a lottery writes 10,000).
-- The history's own school key is kept by its (school, application) key to the application.
ALTER TABLE "application_status" DROP CONSTRAINT "application_status_id_status_status_id_status_fk";--> statement-breakpoint
ALTER TABLE "application_status" DROP CONSTRAINT "application_status_id_status_from_status_id_status_fk";--> statement-breakpoint
ALTER TABLE "application_status" DROP CONSTRAINT "application_status_id_status_movement_type_status_movement_type_id_status_movement_type_fk";--> statement-breakpoint
ALTER TABLE "application_status" DROP CONSTRAINT "application_status_id_school_school_id_school_fk";--> statement-breakpoint
ALTER TABLE "application" DROP CONSTRAINT "application_id_status_status_id_status_fk";--> statement-breakpoint
ALTER TABLE "application_status" ADD CONSTRAINT "application_status_status_known" CHECK ("application_status"."id_status" BETWEEN 1 AND 11 AND ("application_status"."id_status_from" IS NULL OR "application_status"."id_status_from" BETWEEN 1 AND 11));--> statement-breakpoint
ALTER TABLE "application_status" ADD CONSTRAINT "application_status_movement_known" CHECK ("application_status"."id_status_movement_type" BETWEEN 1 AND 6);--> statement-breakpoint
ALTER TABLE "application" ADD CONSTRAINT "application_status_known" CHECK ("application"."id_status" BETWEEN 1 AND 11);
