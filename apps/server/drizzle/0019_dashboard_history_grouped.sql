-- The rollup of new history rows groups them before it works out their metrics and local day: a lottery's or a bulk
-- move's rows share their moment, status and campus, so the time zone and metrics are computed for a handful of
-- groups instead of for each of 10,000 rows (PGlite: 88 ms -> about 20 ms). Same counts as before.
CREATE OR REPLACE FUNCTION dashboard_history_inserted() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO dashboard_count AS d (id_school, id_campus, id_school_year, day, metric, n)
  SELECT g.id_school, g.id_campus, g.id_school_year,
         (g.created_at AT TIME ZONE coalesce(cc.time_zone, sc.time_zone, 'America/New_York'))::date AS day,
         m AS metric, sum(g.n)::integer
  FROM (
    SELECT a.id_school, a.id_campus, a.id_school_year, a.platform, h.created_at, h.id_status, h.id_status_from,
           -- "first arrival at this status" only counts for applied, confirmed and enrolled (metrics 4-6)
           h.id_status IN (3, 7, 9) AND NOT EXISTS (
             SELECT 1 FROM application_status e
             WHERE e.id_application = h.id_application AND e.id_status = h.id_status
               AND (e.created_at, e.id_application_status) < (h.created_at, h.id_application_status)) AS first,
           count(*) AS n
    FROM inserted h
    JOIN application a ON a.id_application = h.id_application AND a.deleted_at IS NULL
    GROUP BY 1, 2, 3, 4, 5, 6, 7, 8
  ) g
  LEFT JOIN campus_configuration cc ON cc.id_campus = g.id_campus
  LEFT JOIN school_configuration sc ON sc.id_school = g.id_school
  CROSS JOIN LATERAL unnest(dashboard_metrics(g.id_status, g.id_status_from, g.first, g.platform)) AS m
  GROUP BY 1, 2, 3, 4, 5
  ORDER BY 1, 2, 3, 4, 5
  ON CONFLICT (id_school, id_campus, id_school_year, day, metric) DO UPDATE SET n = d.n + excluded.n;
  RETURN NULL;
END
$$;
