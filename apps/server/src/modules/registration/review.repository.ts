import { and, eq, isNull, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import * as s from '../../db/schema/index';
import { inCampus, type Scope } from '../../lib/scope';
import { rowsOf } from '../../lib/sql';

/** A live application in the caller's reach, with its period; undefined outside it (the caller answers 404). */
export async function findApplication(db: Executor, scope: Scope, id_application: number) {
  const a = s.application;
  const [row] = await db
    .select({ id_application: a.id_application, id_school: a.id_school, id_campus_year: a.id_campus_year })
    .from(a)
    .where(and(eq(a.id_application, id_application), isNull(a.deletedAt), inCampus(scope, a.id_school, a.id_campus)));
  return row;
}

type WaitingRow = {
  id_application: number;
  first_name: string;
  last_name: string;
  grade: string | null;
  id_registration_item: number;
  labels: Record<string, string | null>;
  kind: string;
  submitted_at: string;
  total: number;
};

/**
 * One page (counted from 0) of the period's responses waiting for staff, oldest first, with how many wait in all.
 * The waiting rows of the period are found with the application alone (the partial index on what waits gives them in
 * order); the names, item and grade are read for the page's rows only (bench/registration.ts).
 */
export async function waitingResponses(db: Executor, id_campus_year: number, page: number, pageSize: number) {
  return rowsOf<WaitingRow>(
    await db.execute(sql`
      WITH waiting AS (
        SELECT r.id_registration_response, r.id_school, r.id_application, r.id_registration_item, r.submitted_at,
               a.id_applicant, a.id_grade
        FROM registration_response r
        JOIN application a ON a.id_school = r.id_school AND a.id_application = r.id_application
        WHERE r.state = 'submitted' AND a.id_campus_year = ${id_campus_year} AND a.deleted_at IS NULL
      ), shown AS (
        SELECT * FROM waiting ORDER BY submitted_at, id_registration_response
        LIMIT ${pageSize} OFFSET ${page * pageSize}
      )
      SELECT w.id_application, ap.first_name, ap.last_name, g.name AS grade, w.id_registration_item, i.labels, i.kind,
             w.submitted_at, (SELECT count(*) FROM waiting)::int AS total
      FROM shown w
      JOIN applicant ap ON ap.id_applicant = w.id_applicant
      JOIN registration_item i ON i.id_school = w.id_school AND i.id_registration_item = w.id_registration_item
      LEFT JOIN grade g ON g.id_grade = w.id_grade
      ORDER BY w.submitted_at, w.id_registration_response
    `),
  );
}

const response = s.registrationResponse;

/** The response row, locked for the decision. */
export async function lockResponse(db: Executor, id_registration_response: number) {
  const [row] = await db
    .select()
    .from(response)
    .where(eq(response.id_registration_response, id_registration_response))
    .for('update');
  return row;
}

export async function decide(
  db: Executor,
  id_registration_response: number,
  change: { state: 'approved' | 'returned'; returnedReason: string | null; id_user: number | null },
  now: Date,
) {
  await db
    .update(response)
    .set({
      state: change.state,
      returnedReason: change.returnedReason,
      id_user_reviewer: change.id_user,
      reviewedAt: now,
    })
    .where(eq(response.id_registration_response, id_registration_response));
}

/** A deposit marked received: there is nothing the family sent, so the approval is the response. */
export async function insertApproved(
  db: Executor,
  row: { id_school: number; id_application: number; id_registration_item: number; id_user: number | null },
  now: Date,
) {
  await db
    .insert(response)
    .values({
      id_school: row.id_school,
      id_application: row.id_application,
      id_registration_item: row.id_registration_item,
      state: 'approved',
      submittedAt: now,
      reviewedAt: now,
      id_user_reviewer: row.id_user,
    })
    .onConflictDoNothing();
}
