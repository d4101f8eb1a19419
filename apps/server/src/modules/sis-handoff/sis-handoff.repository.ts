import { and, eq, sql, type SQL } from 'drizzle-orm';
import { STATUS } from '@openseat/shared/constants';
import type { SisHandoffFormat, SisHandoffInclude } from '@openseat/shared/schemas/sis-handoff';
import type { Executor } from '../../db/client';
import * as s from '../../db/schema/index';
import { inCampus, type Scope } from '../../lib/scope';
import { rowsOf } from '../../lib/sql';

/*
 * The SIS hand-off's batches and marks (db/schema/sis-handoff.ts). Every read starts from a period or a batch found in
 * the caller's scope; another school's or campus's answers nothing.
 */

/** The students a hand-off sends: the period's live applications whose family took the seat (confirmed, enrolled). */
export const HANDOFF_STATUSES = [STATUS.CONFIRMED, STATUS.ENROLLED];

/** A school period in scope, with its school, campus and school year. */
export async function findPeriod(db: Executor, scope: Scope, id_campus_year: number) {
  const cy = s.campusYear;
  const [row] = await db
    .select({
      id_campus_year: cy.id_campus_year,
      id_school: cy.id_school,
      id_campus: cy.id_campus,
      id_school_year: cy.id_school_year,
    })
    .from(cy)
    .where(and(eq(cy.id_campus_year, id_campus_year), inCampus(scope, cy.id_school, cy.id_campus)));
  return row;
}
export type Period = NonNullable<Awaited<ReturnType<typeof findPeriod>>>;

/** Carried by a batch of this format already (`a` is the application row). */
const sentIn = (format: SisHandoffFormat) =>
  sql`EXISTS (SELECT 1 FROM sis_handoff_application ha JOIN sis_handoff h ON h.id_sis_handoff = ha.id_sis_handoff
    WHERE ha.id_application = a.id_application AND h.format = ${format})`;

const studentsOf = (period: Period) =>
  sql`a.id_school = ${period.id_school} AND a.id_campus_year = ${period.id_campus_year} AND a.deleted_at IS NULL
    AND a.id_status IN (${sql.join(
      HANDOFF_STATUSES.map((st) => sql`${st}`),
      sql`, `,
    )})`;

type StudentRow = {
  id_application: number;
  correlative: number;
  first_name: string;
  last_name: string;
  grade: string | null;
  id_status: number;
  sent_at: string | null;
  sent_by: string | null;
  total: number;
};

/** One page (counted from 0) of the period's students with their latest batch of this format, by correlative. */
export async function studentsPage(
  db: Executor,
  period: Period,
  format: SisHandoffFormat,
  sent: 'unsent' | 'sent' | 'all',
  page: number,
  pageSize: number,
) {
  const which = sent === 'all' ? sql`true` : sent === 'sent' ? sentIn(format) : sql`NOT ${sentIn(format)}`;
  return rowsOf<StudentRow>(
    await db.execute(sql`
      SELECT a.id_application, a.correlative, ap.first_name, ap.last_name, g.name AS grade, a.id_status,
             last.created_at AS sent_at, last.name AS sent_by, count(*) OVER ()::int AS total
      FROM application a
      JOIN applicant ap ON ap.id_applicant = a.id_applicant
      LEFT JOIN grade g ON g.id_grade = a.id_grade
      LEFT JOIN LATERAL (
        SELECT h.created_at, u.name FROM sis_handoff_application ha
        JOIN sis_handoff h ON h.id_sis_handoff = ha.id_sis_handoff
        LEFT JOIN "user" u ON u.id_user = h.id_user
        WHERE ha.id_application = a.id_application AND h.format = ${format}
        ORDER BY h.created_at DESC, h.id_sis_handoff DESC LIMIT 1
      ) last ON true
      WHERE ${studentsOf(period)} AND ${which}
      ORDER BY a.correlative
      LIMIT ${pageSize} OFFSET ${page * pageSize}
    `),
  );
}

/**
 * A new batch of the period's students in one format (all of them, or those no batch of the format carried), with
 * the applications it carries; its count is how many. The caller's transaction undoes an empty one.
 */
export async function insertBatch(
  db: Executor,
  period: Period,
  batch: { format: SisHandoffFormat; include: SisHandoffInclude; id_user: number },
  now: Date,
) {
  const [row] = await db
    .insert(s.sisHandoff)
    .values({
      id_school: period.id_school,
      id_campus: period.id_campus,
      id_campus_year: period.id_campus_year,
      format: batch.format,
      include: batch.include,
      id_user: batch.id_user,
      createdAt: now,
      count: 0,
    })
    .returning();
  const which = batch.include === 'all' ? sql`true` : sql`NOT ${sentIn(batch.format)}`;
  const carried = rowsOf<{ id_application: number }>(
    await db.execute(sql`
      INSERT INTO sis_handoff_application (id_sis_handoff, id_school, id_application)
      SELECT ${row.id_sis_handoff}, a.id_school, a.id_application FROM application a
      WHERE ${studentsOf(period)} AND ${which}
      RETURNING id_application
    `),
  );
  await db
    .update(s.sisHandoff)
    .set({ count: carried.length })
    .where(eq(s.sisHandoff.id_sis_handoff, row.id_sis_handoff));
  return { ...row, count: carried.length, ids: carried.map((c) => c.id_application) };
}

/** A batch in the caller's scope, with the name of who made it. */
export async function findBatch(db: Executor, scope: Scope, id_sis_handoff: number) {
  const h = s.sisHandoff;
  const [row] = await db
    .select({ batch: h, createdBy: s.user.name })
    .from(h)
    .leftJoin(s.user, eq(s.user.id_user, h.id_user))
    .where(and(eq(h.id_sis_handoff, id_sis_handoff), inCampus(scope, h.id_school, h.id_campus)));
  return row;
}

/** One page (from 0) of the period's batches, newest first, with the total. */
export async function batchesPage(db: Executor, id_campus_year: number, page: number, pageSize: number) {
  const h = s.sisHandoff;
  const [rows, [{ total }]] = await Promise.all([
    db
      .select({ batch: h, createdBy: s.user.name })
      .from(h)
      .leftJoin(s.user, eq(s.user.id_user, h.id_user))
      .where(eq(h.id_campus_year, id_campus_year))
      .orderBy(sql`${h.createdAt} DESC`, sql`${h.id_sis_handoff} DESC`)
      .limit(pageSize)
      .offset(page * pageSize),
    db
      .select({ total: sql<number>`count(*)::int` })
      .from(h)
      .where(eq(h.id_campus_year, id_campus_year)),
  ]);
  return { rows, total };
}

/** The export's condition for a batch's applications (on the exports' application table). */
export const inBatch = (id_sis_handoff: number): SQL =>
  sql`EXISTS (SELECT 1 FROM ${s.sisHandoffApplication} WHERE ${s.sisHandoffApplication.id_sis_handoff} = ${id_sis_handoff} AND ${s.sisHandoffApplication.id_application} = ${s.application.id_application})`;
