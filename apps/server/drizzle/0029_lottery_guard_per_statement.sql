-- The frozen-period guard on application updates (0026) checked every changed row with two queries: a draw's 10,000
-- moves paid 20,000 of them (about a third of the run on PGlite). One check per statement instead, over the rows it
-- changed (transition tables), refusing exactly what the row trigger refused. Transition tables cannot name columns,
-- so it runs on every update of applications; with no frozen period anywhere it is one look at campus_year.
DROP TRIGGER "lottery_frozen_application_change" ON "application";
--> statement-breakpoint
CREATE FUNCTION lottery_frozen_application_update() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF NOT EXISTS (SELECT 1 FROM campus_year WHERE lottery_frozen) THEN
    RETURN NULL;
  END IF;
  IF EXISTS (
    WITH frozen AS (SELECT id_campus, id_school_year FROM campus_year WHERE lottery_frozen)
    SELECT 1 FROM lottery_old o JOIN lottery_new n ON n.id_application = o.id_application
    WHERE (o.id_status IS DISTINCT FROM n.id_status OR o.id_grade IS DISTINCT FROM n.id_grade
        OR o.id_priority_item IS DISTINCT FROM n.id_priority_item OR o.deleted_at IS DISTINCT FROM n.deleted_at
        OR o.id_campus IS DISTINCT FROM n.id_campus OR o.id_school_year IS DISTINCT FROM n.id_school_year
        OR o.id_campus_year IS DISTINCT FROM n.id_campus_year OR o.created_at IS DISTINCT FROM n.created_at
        OR o.id_applicant IS DISTINCT FROM n.id_applicant)
      AND ((o.id_campus, o.id_school_year) IN (SELECT * FROM frozen)
        OR (n.id_campus, n.id_school_year) IN (SELECT * FROM frozen))
  ) THEN
    PERFORM lottery_refuse_frozen();
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER "lottery_frozen_application_change" AFTER UPDATE ON "application"
  REFERENCING OLD TABLE AS lottery_old NEW TABLE AS lottery_new
  FOR EACH STATEMENT EXECUTE FUNCTION lottery_frozen_application_update();
