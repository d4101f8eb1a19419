-- No query reads the status history by school: every read takes one application's rows (application_status_app_idx),
-- and the dashboard counts come from dashboard_count. The index cost every history row an insert of its own (a
-- lottery writes 10,000 to 100,000 rows in one statement).
DROP INDEX "application_status_school_idx";
