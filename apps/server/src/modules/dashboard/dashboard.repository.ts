import { and, asc, eq, sql, type SQL } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import * as s from '../../db/schema/index';
import { rowsOf } from '../../lib/sql';
import type { Days } from './dashboard.periods';

/**
 * Where the figures are counted, resolved by the service from the caller's scope (never from the client alone):
 * one school, its campuses in reach (null = every campus of the school), one school period or all.
 */
export type Target = { id_school: number; campusIds: number[] | null; id_school_year: number | null };

/** The live applications of the target, as SQL on the alias `a`. */
function applicationsOf(target: Target): SQL {
  const parts: SQL[] = [sql`a.id_school = ${target.id_school}`, sql`a.deleted_at IS NULL`];
  if (target.campusIds !== null)
    parts.push(
      target.campusIds.length === 0
        ? sql`false`
        : sql`a.id_campus IN (${sql.join(
            target.campusIds.map((c) => sql`${c}`),
            sql`, `,
          )})`,
    );
  if (target.id_school_year !== null) parts.push(sql`a.id_school_year = ${target.id_school_year}`);
  return sql.join(parts, sql` AND `);
}

const list = (ids: readonly number[]) =>
  sql.join(
    ids.map((n) => sql.raw(String(Number(n)))),
    sql`, `,
  );

/** The rollup rows of the target, as SQL on the alias `d`. */
function countsOf(target: Target): SQL {
  const parts: SQL[] = [sql`d.id_school = ${target.id_school}`];
  if (target.campusIds !== null)
    parts.push(target.campusIds.length === 0 ? sql`false` : sql`d.id_campus IN (${list(target.campusIds)})`);
  if (target.id_school_year !== null) parts.push(sql`d.id_school_year = ${target.id_school_year}`);
  return sql.join(parts, sql` AND `);
}

/** The counts of one window, by metric number of the catalog (1-9). */
export type WindowCounts = Record<1 | 2 | 3 | 4 | 5 | 6 | 7 | 8 | 9, number>;

/**
 * The nine metrics over the current and the previous days, from the rollup `dashboard_count` (kept by triggers from
 * the status history of live applications; definitions in docs/api-dashboard.md): one range read of the primary
 * key, at most (days x 9) rows, whatever the number of applications.
 */
export async function metricCounts(db: Executor, target: Target, current: Days, previous: Days) {
  const from = previous.from < current.from ? previous.from : current.from;
  const to = previous.to > current.to ? previous.to : current.to;
  const result = await db.execute(sql`
    SELECT d.metric,
      coalesce(sum(d.n) FILTER (WHERE d.day >= ${current.from}::date AND d.day < ${current.to}::date), 0)::int AS current,
      coalesce(sum(d.n) FILTER (WHERE d.day >= ${previous.from}::date AND d.day < ${previous.to}::date), 0)::int AS previous
    FROM dashboard_count d
    WHERE ${countsOf(target)} AND d.day >= ${from}::date AND d.day < ${to}::date
    GROUP BY d.metric`);
  const rows = rowsOf<{ metric: number; current: number; previous: number }>(result);
  const pick = (key: 'current' | 'previous') =>
    Object.fromEntries(
      Array.from({ length: 9 }, (_, i) => [i + 1, Number(rows.find((r) => Number(r.metric) === i + 1)?.[key] ?? 0)]),
    ) as WindowCounts;
  return { current: pick('current'), previous: pick('previous') };
}

/** Seats of the target's school periods now (sum over their grades). */
export async function seatsOf(db: Executor, target: Target) {
  const result = await db.execute(sql`
    SELECT coalesce(sum(g.spots), 0)::int AS spots, coalesce(sum(g.taken), 0)::int AS taken
    FROM campus_year_grade g
    JOIN campus_year y ON y.id_campus_year = g.id_campus_year
    WHERE y.id_school = ${target.id_school}
      ${target.campusIds === null ? sql`` : target.campusIds.length === 0 ? sql`AND false` : sql`AND y.id_campus IN (${list(target.campusIds)})`}
      ${target.id_school_year === null ? sql`` : sql`AND y.id_school_year = ${target.id_school_year}`}`);
  return rowsOf<{ spots: number; taken: number }>(result)[0];
}

/** Live applications of the target by current status (by `application_dashboard_idx` alone). */
export async function statusCounts(db: Executor, target: Target) {
  const result = await db.execute(sql`
    SELECT a.id_status, count(*)::int AS n FROM application a WHERE ${applicationsOf(target)} GROUP BY a.id_status`);
  return rowsOf<{ id_status: number; n: number }>(result);
}

/** New applications (metric 3 of the rollup) per local month 'YYYY-MM' inside the given days. */
export async function monthlyNewApplications(db: Executor, target: Target, windows: Days[]) {
  const inside = sql.join(
    windows.map((w) => sql`(d.day >= ${w.from}::date AND d.day < ${w.to}::date)`),
    sql` OR `,
  );
  const result = await db.execute(sql`
    SELECT to_char(d.day, 'YYYY-MM') AS month, sum(d.n)::int AS n
    FROM dashboard_count d
    WHERE ${countsOf(target)} AND d.metric = 3 AND (${inside})
    GROUP BY 1`);
  return rowsOf<{ month: string; n: number }>(result);
}

/** The time zone the figures of a campus are counted in: the campus's own, else its school's. */
export async function timeZoneOf(db: Executor, id_school: number, id_campus: number | null): Promise<string | null> {
  const result = await db.execute(sql`
    SELECT coalesce(
      (SELECT cc.time_zone FROM campus_configuration cc WHERE cc.id_campus = ${id_campus ?? 0}),
      (SELECT sc.time_zone FROM school_configuration sc WHERE sc.id_school = ${id_school})
    ) AS zone`);
  return rowsOf<{ zone: string | null }>(result)[0]?.zone ?? null;
}

export async function dashboardItems(db: Executor) {
  return db
    .select({ id: s.dashboardItem.id, name: s.dashboardItem.name })
    .from(s.dashboardItem)
    .orderBy(asc(s.dashboardItem.id));
}

export async function userItems(db: Executor, id_user: number) {
  return db
    .select({
      id_dashboard_item: s.userDashboardItem.id_dashboard_item,
      isActive: s.userDashboardItem.isActive,
      position: s.userDashboardItem.position,
    })
    .from(s.userDashboardItem)
    .where(eq(s.userDashboardItem.id_user, id_user))
    .orderBy(asc(s.userDashboardItem.position), asc(s.userDashboardItem.id_dashboard_item));
}

/** Replaces the user's choice: every catalog item gets a row, the chosen ones active in order, the others after. */
export async function writeUserItems(db: Executor, id_user: number, chosen: number[], all: number[]) {
  const rest = all.filter((n) => !chosen.includes(n));
  const rows = [...chosen, ...rest].map((id_dashboard_item, position) => ({
    id_user,
    id_dashboard_item,
    position,
    isActive: chosen.includes(id_dashboard_item),
  }));
  for (const row of rows)
    await db
      .insert(s.userDashboardItem)
      .values(row)
      .onConflictDoUpdate({
        target: [s.userDashboardItem.id_user, s.userDashboardItem.id_dashboard_item],
        set: { position: row.position, isActive: row.isActive },
      });
}

/** Serialises concurrent changes of one user's widgets (the user row is locked, not changed). */
export async function lockUser(db: Executor, id_user: number) {
  await db
    .select({ id: s.user.id_user })
    .from(s.user)
    .where(and(eq(s.user.id_user, id_user)))
    .for('no key update');
}
