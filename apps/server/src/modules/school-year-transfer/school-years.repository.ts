import { and, asc, eq, inArray, ne, sql } from 'drizzle-orm';
import { PERIOD_STATE } from '@openseat/shared/constants';
import { rowsOf } from '../../lib/sql';
import type { Executor } from '../../db/client';
import * as s from '../../db/schema/index';
import { inSchool, type Scope } from '../../lib/scope';

const a = s.application;

/** The open (not finalized) school periods of these campuses, with their school year. */
export async function openPeriodsOf(db: Executor, campusIds: number[]) {
  if (!campusIds.length) return [];
  return db
    .select({
      id_campus_year: s.campusYear.id_campus_year,
      id_campus: s.campusYear.id_campus,
      id_school_year: s.campusYear.id_school_year,
      name: s.schoolYear.name,
    })
    .from(s.campusYear)
    .innerJoin(s.schoolYear, eq(s.schoolYear.id_school_year, s.campusYear.id_school_year))
    .where(and(inArray(s.campusYear.id_campus, campusIds), ne(s.campusYear.state, PERIOD_STATE.FINALIZED)))
    .orderBy(asc(s.schoolYear.year_one), asc(s.campusYear.id_campus));
}

/** The school years these applications are in. */
export async function schoolYearsOf(db: Executor, ids: number[]) {
  if (!ids.length) return [];
  const rows = await db
    .selectDistinct({ id_school_year: a.id_school_year })
    .from(a)
    .where(inArray(a.id_application, ids));
  return rows.map((r) => r.id_school_year);
}

/** An application moves to another period of its campus (its seat or waiting place handled by the caller). */
export async function moveToPeriod(
  db: Executor,
  id_application: number,
  to: { id_campus_year: number; id_school_year: number; waiting_list_position: number | null },
) {
  await db
    .update(a)
    .set({ ...to, updatedAt: new Date() })
    .where(eq(a.id_application, id_application));
}

// ---- the copy job's record ----

export async function insertCopy(db: Executor, values: typeof s.applicationCopy.$inferInsert) {
  const [row] = await db.insert(s.applicationCopy).values(values).returning();
  return row;
}

/** A copy the caller asked for, in its school. */
export async function findOwnCopy(db: Executor, scope: Scope, id_user: number, id_application_copy: number) {
  const [row] = await db
    .select()
    .from(s.applicationCopy)
    .where(
      and(
        eq(s.applicationCopy.id_application_copy, id_application_copy),
        eq(s.applicationCopy.id_user, id_user),
        inSchool(scope, s.applicationCopy.id_school),
      ),
    );
  return row;
}

// The job reaches its copy by id (no caller); the copy row carries the school every query below is limited to.

export async function findCopy(db: Executor, id_application_copy: number) {
  const [row] = await db
    .select()
    .from(s.applicationCopy)
    .where(eq(s.applicationCopy.id_application_copy, id_application_copy));
  return row;
}

export async function updateCopy(
  db: Executor,
  id_application_copy: number,
  values: Partial<typeof s.applicationCopy.$inferInsert>,
) {
  await db.update(s.applicationCopy).set(values).where(eq(s.applicationCopy.id_application_copy, id_application_copy));
}

export async function userEmail(db: Executor, id_user: number) {
  const [row] = await db
    .select({ email: s.user.email, isActive: s.user.isActive })
    .from(s.user)
    .where(eq(s.user.id_user, id_user));
  return row;
}

export async function schoolYearName(db: Executor, id_school_year: number) {
  const [row] = await db
    .select({ name: s.schoolYear.name })
    .from(s.schoolYear)
    .where(eq(s.schoolYear.id_school_year, id_school_year));
  return row?.name ?? String(id_school_year);
}

type CopyChunk = { id_school: number; id_school_year: number; ids: number[]; id_user: number | null };

/**
 * Copies these applications into the target year's open period of their campus, in one statement. A live copy of
 * an application in that year is never made twice (the `application_copy_once` index and NOT EXISTS), so a
 * retried chunk adds nothing. Copies hold no seat and no waiting place: those statuses start again as applied.
 * Correlatives continue the school's sequence under the school row lock (as intake takes them).
 */
export async function copyChunk(db: Executor, chunk: CopyChunk, keepStatuses: number[], fallbackStatus: number) {
  await db.execute(sql`SELECT 1 FROM ${s.school} WHERE ${s.school.id_school} = ${chunk.id_school} FOR NO KEY UPDATE`);
  const ids = sql.join(
    chunk.ids.map((id) => sql`${id}`),
    sql`, `,
  );
  const kept = sql.join(
    keepStatuses.map((st) => sql`${st}`),
    sql`, `,
  );
  const inserted = rowsOf<{ id_application: number; copied_from: number; id_status: number }>(
    await db.execute(sql`
      WITH src AS (
        SELECT src.*, target.id_campus_year AS target_period,
          row_number() OVER (ORDER BY src.id_application) AS n
        FROM application src
        JOIN campus_year target ON target.id_campus = src.id_campus AND target.id_school = src.id_school
          AND target.id_school_year = ${chunk.id_school_year} AND target.state <> 'finalized'
        WHERE src.id_application IN (${ids}) AND src.id_school = ${chunk.id_school} AND src.deleted_at IS NULL
          AND src.id_school_year <> ${chunk.id_school_year}
          AND NOT EXISTS (SELECT 1 FROM application c WHERE c.copied_from = src.id_application
            AND c.id_school_year = ${chunk.id_school_year} AND c.deleted_at IS NULL)
      ), base AS (
        SELECT coalesce(max(correlative), 0) AS last FROM application WHERE id_school = ${chunk.id_school}
      )
      INSERT INTO application (id_school, id_campus, id_campus_year, id_school_year, correlative, id_applicant,
        id_grade, id_priority_item, id_status, read, event_date, event_preference, sibling_priority, copied_from,
        campaign_id, ad_id, platform, heard_from, origin)
      SELECT src.id_school, src.id_campus, src.target_period, ${chunk.id_school_year}, base.last + src.n,
        src.id_applicant, src.id_grade, src.id_priority_item,
        CASE WHEN src.id_status IN (${kept}) THEN src.id_status ELSE ${fallbackStatus} END,
        false, src.event_date, src.event_preference, src.sibling_priority, src.id_application,
        src.campaign_id, src.ad_id, src.platform, src.heard_from, 'copy'
      FROM src, base
      ON CONFLICT (copied_from, id_school_year) WHERE copied_from IS NOT NULL AND deleted_at IS NULL DO NOTHING
      RETURNING id_application, copied_from, id_status`),
  );
  if (!inserted.length) return [];
  await db.insert(s.applicationStatus).values(
    inserted.map((r) => ({
      id_school: chunk.id_school,
      id_application: r.id_application,
      id_status: r.id_status,
      id_user: chunk.id_user,
      note: `copied from application ${r.copied_from}`,
    })),
  );
  // the copy keeps its tags (tags belong to the campus, and the copy stays on it)
  const newIds = sql.join(
    inserted.map((r) => sql`${r.id_application}`),
    sql`, `,
  );
  await db.execute(sql`
    INSERT INTO application_tag (id_school, id_application, id_tag)
    SELECT t.id_school, c.id_application, t.id_tag
    FROM application c JOIN application_tag t ON t.id_application = c.copied_from
    WHERE c.id_application IN (${newIds})
    ON CONFLICT DO NOTHING`);
  return inserted;
}
