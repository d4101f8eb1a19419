-- The dashboard (docs/api-dashboard.md).
-- The status chart: live applications of a school, campus and period by status, counted by this index alone.
CREATE INDEX "application_dashboard_idx" ON "application" USING btree ("id_school","id_campus","id_school_year","id_status") WHERE "application"."deleted_at" IS NULL;--> statement-breakpoint
-- The metrics' rollup: history events of each metric per local day, campus and school year of live applications.
CREATE TABLE "dashboard_count" (
	"id_school" integer NOT NULL,
	"id_campus" integer NOT NULL,
	"id_school_year" integer NOT NULL,
	"day" date NOT NULL,
	"metric" smallint NOT NULL,
	"n" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "dashboard_count_pk" PRIMARY KEY("id_school","id_campus","id_school_year","day","metric")
);
--> statement-breakpoint
CREATE INDEX "dashboard_count_school_year_idx" ON "dashboard_count" USING btree ("id_school","id_school_year","day");--> statement-breakpoint
ALTER TABLE "dashboard_count" ADD CONSTRAINT "dashboard_count_id_school_school_id_school_fk" FOREIGN KEY ("id_school") REFERENCES "public"."school"("id_school") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
-- The metrics (1-9) one history row counts for. p_first: no earlier row of the application has this status.
-- 1 spots taken: into a seat-holding status (offered 5, confirmed 7, enrolled 9) from one holding none;
-- 2 status changes: every move; 3 new leads: the first row; 4/5/6 first time applied/confirmed/enrolled;
-- 7/8/9 new leads from an ad (any platform, fbPixel 1, googleAds 2).
CREATE FUNCTION dashboard_metrics(p_status integer, p_from integer, p_first boolean, p_platform integer)
RETURNS integer[] LANGUAGE sql IMMUTABLE AS $$
  SELECT array_remove(ARRAY[
    CASE WHEN p_status IN (5, 7, 9) AND (p_from IS NULL OR p_from NOT IN (5, 7, 9)) THEN 1 END,
    CASE WHEN p_from IS NOT NULL THEN 2 END,
    CASE WHEN p_from IS NULL THEN 3 END,
    CASE WHEN p_first AND p_status = 3 THEN 4 END,
    CASE WHEN p_first AND p_status = 7 THEN 5 END,
    CASE WHEN p_first AND p_status = 9 THEN 6 END,
    CASE WHEN p_from IS NULL AND p_platform IS NOT NULL THEN 7 END,
    CASE WHEN p_from IS NULL AND p_platform = 1 THEN 8 END,
    CASE WHEN p_from IS NULL AND p_platform = 2 THEN 9 END
  ]::integer[], NULL)
$$;--> statement-breakpoint
-- The time zone a campus counts days in: its own, else its school's.
CREATE FUNCTION dashboard_zone(p_school integer, p_campus integer)
RETURNS text LANGUAGE sql STABLE AS $$
  SELECT coalesce(
    (SELECT time_zone FROM campus_configuration WHERE id_campus = p_campus),
    (SELECT time_zone FROM school_configuration WHERE id_school = p_school),
    'America/New_York')
$$;--> statement-breakpoint
-- Adds (or with p_sign -1 takes away) every history row of one application under the given campus, year, platform.
CREATE FUNCTION dashboard_apply(p_application integer, p_school integer, p_campus integer, p_year integer,
                                p_platform integer, p_sign integer)
RETURNS void LANGUAGE sql AS $$
  INSERT INTO dashboard_count AS d (id_school, id_campus, id_school_year, day, metric, n)
  SELECT p_school, p_campus, p_year, (h.created_at AT TIME ZONE dashboard_zone(p_school, p_campus))::date, m,
         p_sign * count(*)::integer
  FROM (
    SELECT s.*, row_number() OVER (PARTITION BY s.id_status ORDER BY s.created_at, s.id_application_status) = 1 AS first
    FROM application_status s WHERE s.id_application = p_application
  ) h
  CROSS JOIN LATERAL unnest(dashboard_metrics(h.id_status, h.id_status_from, h.first, p_platform)) AS m
  GROUP BY 4, 5
  ON CONFLICT (id_school, id_campus, id_school_year, day, metric) DO UPDATE SET n = d.n + excluded.n
$$;--> statement-breakpoint
-- New history rows of live applications count on their local day: one set-based upsert per statement (a bulk move
-- of 1,000 applications is one statement), in key order so concurrent statements lock rollup rows in the same order.
CREATE FUNCTION dashboard_history_inserted() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO dashboard_count AS d (id_school, id_campus, id_school_year, day, metric, n)
  SELECT a.id_school, a.id_campus, a.id_school_year,
         (h.created_at AT TIME ZONE coalesce(cc.time_zone, sc.time_zone, 'America/New_York'))::date AS day,
         m AS metric, count(*)::integer
  FROM inserted h
  JOIN application a ON a.id_application = h.id_application AND a.deleted_at IS NULL
  LEFT JOIN campus_configuration cc ON cc.id_campus = a.id_campus
  LEFT JOIN school_configuration sc ON sc.id_school = a.id_school
  CROSS JOIN LATERAL unnest(dashboard_metrics(h.id_status, h.id_status_from,
    NOT EXISTS (
      SELECT 1 FROM application_status e
      WHERE e.id_application = h.id_application AND e.id_status = h.id_status
        AND (e.created_at, e.id_application_status) < (h.created_at, h.id_application_status)),
    a.platform)) AS m
  GROUP BY 1, 2, 3, 4, 5
  ORDER BY 1, 2, 3, 4, 5
  ON CONFLICT (id_school, id_campus, id_school_year, day, metric) DO UPDATE SET n = d.n + excluded.n;
  RETURN NULL;
END
$$;--> statement-breakpoint
CREATE TRIGGER dashboard_history AFTER INSERT ON application_status
  REFERENCING NEW TABLE AS inserted
  FOR EACH STATEMENT EXECUTE FUNCTION dashboard_history_inserted();--> statement-breakpoint
-- Deleting, restoring, moving an application to another campus or school year, or changing its ad platform
-- moves its whole history in the rollup.
CREATE FUNCTION dashboard_application_changed() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF OLD.deleted_at IS NULL THEN
    PERFORM dashboard_apply(OLD.id_application, OLD.id_school, OLD.id_campus, OLD.id_school_year, OLD.platform, -1);
  END IF;
  IF NEW.deleted_at IS NULL THEN
    PERFORM dashboard_apply(NEW.id_application, NEW.id_school, NEW.id_campus, NEW.id_school_year, NEW.platform, 1);
  END IF;
  RETURN NULL;
END
$$;--> statement-breakpoint
CREATE TRIGGER dashboard_application AFTER UPDATE OF deleted_at, id_campus, id_school_year, platform ON application
  FOR EACH ROW
  WHEN ((OLD.deleted_at IS NULL) IS DISTINCT FROM (NEW.deleted_at IS NULL)
    OR OLD.id_campus IS DISTINCT FROM NEW.id_campus
    OR OLD.id_school_year IS DISTINCT FROM NEW.id_school_year
    OR OLD.platform IS DISTINCT FROM NEW.platform)
  EXECUTE FUNCTION dashboard_application_changed();--> statement-breakpoint
-- Rebuilds the rollup from the history (the backfill below; also after bulk loads made with the triggers off).
CREATE FUNCTION dashboard_rebuild() RETURNS void LANGUAGE sql AS $$
  DELETE FROM dashboard_count;
  INSERT INTO dashboard_count (id_school, id_campus, id_school_year, day, metric, n)
  SELECT a.id_school, a.id_campus, a.id_school_year,
         (h.created_at AT TIME ZONE coalesce(cc.time_zone, sc.time_zone, 'America/New_York'))::date, m, count(*)::integer
  FROM (
    SELECT s.*, row_number() OVER (PARTITION BY s.id_application, s.id_status
                                   ORDER BY s.created_at, s.id_application_status) = 1 AS first
    FROM application_status s
  ) h
  JOIN application a ON a.id_application = h.id_application AND a.deleted_at IS NULL
  LEFT JOIN campus_configuration cc ON cc.id_campus = a.id_campus
  LEFT JOIN school_configuration sc ON sc.id_school = a.id_school
  CROSS JOIN LATERAL unnest(dashboard_metrics(h.id_status, h.id_status_from, h.first, a.platform)) AS m
  GROUP BY 1, 2, 3, 4, 5;
$$;--> statement-breakpoint
SELECT dashboard_rebuild();
