-- An applicant's applications by index, now with their school, campus, period, status and deletion: a text search's
-- count reads its matches' applications from this index alone, the matches as one sorted array (PostgreSQL 17 and
-- later; db/planner.ts). PGlite, 5,000 matches among 100,000 applications: 19 -> 12.5 ms. The key still starts with
-- the applicant, so the foreign key's checks and an applicant's lookups keep using it.
DROP INDEX "application_applicant_idx";--> statement-breakpoint
CREATE INDEX "application_applicant_idx" ON "application" USING btree ("id_applicant","id_school","id_campus","id_school_year","id_status","deleted_at");