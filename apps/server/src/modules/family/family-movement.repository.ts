import { sql } from 'drizzle-orm';
import { STATUS } from '@openseat/shared/constants';
import type { Executor } from '../../db/client';
import { rowsOf } from '../../lib/sql';

/*
 * How far a grade's waiting list moved in a school period: offers made from it per week, counts only. Both seasons
 * are read alike, so the portal can set them side by side (docs/family-portal.md, "What a family sees").
 */

/** The campus's school period of the latest school year before this period's, with that year's name. */
export async function previousPeriod(db: Executor, id_campus_year: number) {
  const [row] = rowsOf<{ id_campus_year: number; schoolYear: string }>(
    await db.execute(sql`
      SELECT prev.id_campus_year, prev_year.name AS "schoolYear"
      FROM campus_year cur
      JOIN school_year cur_year ON cur_year.id_school_year = cur.id_school_year
      JOIN campus_year prev ON prev.id_school = cur.id_school AND prev.id_campus = cur.id_campus
      JOIN school_year prev_year ON prev_year.id_school_year = prev.id_school_year
      WHERE cur.id_campus_year = ${id_campus_year} AND prev_year.year_one < cur_year.year_one
      ORDER BY prev_year.year_one DESC
      LIMIT 1
    `),
  );
  return row;
}

export type ListMovement = {
  /** The Monday (UTC) of week 1, the week the list took its first family; null: no list on record. */
  firstWeek: string | null;
  /** Weeks with offers, in order. */
  weeks: Array<{ weekStart: string; week: number; moved: number }>;
};

/**
 * The grade's list in this period: when it began (its first family placed on it, or its first offer when the
 * placement predates the history) and the offers made from it per week since. Nothing names or tells apart an
 * applicant: history rows are only counted.
 */
export async function listMovement(
  db: Executor,
  id_campus_year: number,
  id_grade: number | null,
): Promise<ListMovement> {
  const rows = rowsOf<{ firstWeek: string | null; weekStart: string | null; week: number | null; moved: number }>(
    await db.execute(sql`
      WITH moves AS (
        SELECT date_trunc('week', h.created_at AT TIME ZONE 'UTC')::date AS week_start, h.id_status, h.id_status_from
        FROM application_status h
        JOIN application a ON a.id_school = h.id_school AND a.id_application = h.id_application
        WHERE a.id_campus_year = ${id_campus_year}
          AND ${id_grade === null ? sql`a.id_grade IS NULL` : sql`a.id_grade = ${id_grade}`}
          AND (h.id_status = ${STATUS.WAITING_LIST} OR h.id_status_from = ${STATUS.WAITING_LIST})
      ),
      first AS (SELECT min(week_start) AS week_start FROM moves)
      SELECT to_char(first.week_start, 'YYYY-MM-DD') AS "firstWeek",
        to_char(m.week_start, 'YYYY-MM-DD') AS "weekStart",
        (m.week_start - first.week_start) / 7 + 1 AS week,
        count(m.week_start)::int AS moved
      FROM first
      LEFT JOIN moves m ON m.id_status_from = ${STATUS.WAITING_LIST} AND m.id_status = ${STATUS.OFFERED}
      GROUP BY first.week_start, m.week_start
      ORDER BY m.week_start
    `),
  );
  return {
    firstWeek: rows[0]?.firstWeek ?? null,
    weeks: rows.flatMap((r) =>
      r.weekStart === null || r.week === null ? [] : [{ weekStart: r.weekStart, week: Number(r.week), moved: r.moved }],
    ),
  };
}
