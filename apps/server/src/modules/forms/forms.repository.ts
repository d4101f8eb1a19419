import { and, asc, desc, eq, inArray, isNull, ne, sql, type SQL } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { countWhere, type Counting } from '../../db/bounded-count';
import * as s from '../../db/schema/index';
import { inCampus, type Scope } from '../../lib/scope';

/* Forms of a campus and their deliveries. Every query takes the caller's scope first (the webhooks pass the scope of
 * the form's own campus). */

const f = s.campusForm;
const fs = s.formSubmission;

export type FormRecord = typeof f.$inferSelect;

export async function listForms(db: Executor, scope: Scope, id_campus: number, id_campus_year?: number | null) {
  const conditions: SQL[] = [eq(f.id_campus, id_campus), inCampus(scope, f.id_school, f.id_campus)];
  if (id_campus_year !== undefined && id_campus_year !== null) conditions.push(eq(f.id_campus_year, id_campus_year));
  return db
    .select()
    .from(f)
    .where(and(...conditions))
    .orderBy(asc(f.form_name), asc(f.id_campus_form));
}

export async function findForm(db: Executor, scope: Scope, id_campus_form: number, lock = false) {
  const query = db
    .select()
    .from(f)
    .where(and(eq(f.id_campus_form, id_campus_form), inCampus(scope, f.id_school, f.id_campus)));
  const rows = lock ? await query.for('update') : await query;
  return rows[0];
}

/** The period, when it belongs to the campus. */
export async function periodOfCampus(db: Executor, id_campus: number, id_campus_year: number) {
  const [row] = await db
    .select({ id_campus_year: s.campusYear.id_campus_year, id_school_year: s.campusYear.id_school_year })
    .from(s.campusYear)
    .where(and(eq(s.campusYear.id_campus_year, id_campus_year), eq(s.campusYear.id_campus, id_campus)));
  return row;
}

/** The campus's started period, else its latest: where an application form without a period takes its leads. */
export async function currentPeriod(db: Executor, id_campus: number) {
  const [row] = await db
    .select({ id_campus_year: s.campusYear.id_campus_year, id_school_year: s.campusYear.id_school_year })
    .from(s.campusYear)
    .innerJoin(s.schoolYear, eq(s.schoolYear.id_school_year, s.campusYear.id_school_year))
    .where(eq(s.campusYear.id_campus, id_campus))
    .orderBy(sql`(${s.campusYear.state} = 'started') DESC`, desc(s.schoolYear.year_one))
    .limit(1);
  return row;
}

/** Same provider form id already connected to the campus (another row). */
export async function formIdTaken(
  db: Executor,
  id_campus: number,
  id_form_type: number,
  form_id: string,
  except?: number,
) {
  const conditions: SQL[] = [eq(f.id_campus, id_campus), eq(f.id_form_type, id_form_type), eq(f.form_id, form_id)];
  if (except !== undefined) conditions.push(ne(f.id_campus_form, except));
  return (
    (
      await db
        .select({ id: f.id_campus_form })
        .from(f)
        .where(and(...conditions))
    ).length > 0
  );
}

/** The other application forms of the campus and period (null period: the campus-wide ones). */
export async function otherApplicationForms(
  db: Executor,
  id_campus: number,
  id_campus_year: number | null,
  except: number,
) {
  return db
    .select({ id_campus_form: f.id_campus_form, form_name: f.form_name })
    .from(f)
    .where(
      and(
        eq(f.id_campus, id_campus),
        id_campus_year === null ? isNull(f.id_campus_year) : eq(f.id_campus_year, id_campus_year),
        eq(f.is_application_form, true),
        ne(f.id_campus_form, except),
      ),
    );
}

export async function clearApplicationForm(db: Executor, ids: number[]) {
  if (ids.length) await db.update(f).set({ is_application_form: false }).where(inArray(f.id_campus_form, ids));
}

export async function insertForm(db: Executor, values: typeof f.$inferInsert) {
  const [row] = await db.insert(f).values(values).returning({ id: f.id_campus_form });
  return row.id;
}

export async function updateForm(db: Executor, scope: Scope, id_campus_form: number, values: Partial<FormRecord>) {
  await db
    .update(f)
    .set(values)
    .where(and(eq(f.id_campus_form, id_campus_form), inCampus(scope, f.id_school, f.id_campus)));
}

/** Its deliveries stay (id_campus_form set to null): they are the record of what families sent. */
export async function deleteForm(db: Executor, scope: Scope, id_campus_form: number) {
  await db.delete(f).where(and(eq(f.id_campus_form, id_campus_form), inCampus(scope, f.id_school, f.id_campus)));
}

// ---- deliveries ----

/**
 * Stores a delivery unless the campus already has it (same provider and delivery id): answers its id, or null for a
 * redelivery. A concurrent copy waits on the unique key and then finds it.
 */
export async function insertSubmission(db: Executor, values: typeof fs.$inferInsert) {
  const rows = await db
    .insert(fs)
    .values(values)
    .onConflictDoNothing({ target: [fs.id_campus, fs.id_form_type, fs.deliveryId] })
    .returning({ id: fs.id_form_submission });
  return rows[0]?.id ?? null;
}

export async function findDelivery(db: Executor, id_campus: number, id_form_type: number, deliveryId: string) {
  const [row] = await db
    .select({ id: fs.id_form_submission, id_application: fs.id_application, status: fs.status })
    .from(fs)
    .where(and(eq(fs.id_campus, id_campus), eq(fs.id_form_type, id_form_type), eq(fs.deliveryId, deliveryId)));
  return row;
}

export async function settleSubmission(
  db: Executor,
  id_form_submission: number,
  values: { id_application: number | null; status: 'processed' | 'needs_review'; error: string | null },
) {
  await db
    .update(fs)
    .set({ ...values, processedAt: new Date() })
    .where(eq(fs.id_form_submission, id_form_submission));
}

const submissionColumns = {
  id_form_submission: fs.id_form_submission,
  id_school: fs.id_school,
  id_campus: fs.id_campus,
  id_campus_form: fs.id_campus_form,
  form_name: f.form_name,
  id_form_type: fs.id_form_type,
  deliveryId: fs.deliveryId,
  id_application: fs.id_application,
  correlative: s.application.correlative,
  status: fs.status,
  error: fs.error,
  answers: fs.answers,
  createdAt: fs.createdAt,
};
export type SubmissionRecord = {
  id_form_submission: number;
  id_school: number;
  id_campus: number;
  id_campus_form: number | null;
  form_name: string | null;
  id_form_type: number;
  deliveryId: string;
  id_application: number | null;
  correlative: number | null;
  status: string;
  error: string | null;
  answers: Array<{ question: string; answer: string }>;
  createdAt: Date;
};

const selectSubmissions = (db: Executor, where: SQL) =>
  db
    .select(submissionColumns)
    .from(fs)
    .leftJoin(f, eq(f.id_campus_form, fs.id_campus_form))
    .leftJoin(s.application, eq(s.application.id_application, fs.id_application))
    .where(where);

export async function listSubmissions(
  db: Executor,
  scope: Scope,
  filter: { id_campus: number; status?: string },
  page: number,
  pageSize: number,
  counting: Counting,
) {
  const conditions: SQL[] = [eq(fs.id_campus, filter.id_campus), inCampus(scope, fs.id_school, fs.id_campus)];
  if (filter.status) conditions.push(eq(fs.status, filter.status));
  const where = and(...conditions) as SQL;
  const rows: SubmissionRecord[] = await selectSubmissions(db, where)
    .orderBy(desc(fs.createdAt), desc(fs.id_form_submission))
    .limit(pageSize)
    .offset(page * pageSize);
  return { rows, total: await countWhere(db, fs, where, counting) };
}

export async function submissionsOfApplication(db: Executor, scope: Scope, id_application: number) {
  const rows: SubmissionRecord[] = await selectSubmissions(
    db,
    and(eq(fs.id_application, id_application), inCampus(scope, fs.id_school, fs.id_campus)) as SQL,
  ).orderBy(asc(fs.createdAt), asc(fs.id_form_submission));
  return rows;
}

/** Deliveries for the export: of the campus, optionally one form, optionally these applications only. */
export async function submissionsForExport(
  db: Executor,
  scope: Scope,
  filter: { id_campus: number; id_campus_form: number | null; ids?: number[] },
) {
  const conditions: SQL[] = [eq(fs.id_campus, filter.id_campus), inCampus(scope, fs.id_school, fs.id_campus)];
  if (filter.id_campus_form !== null) conditions.push(eq(fs.id_campus_form, filter.id_campus_form));
  if (filter.ids) conditions.push(filter.ids.length ? inArray(fs.id_application, filter.ids) : sql`false`);
  const rows: SubmissionRecord[] = await selectSubmissions(db, and(...conditions) as SQL).orderBy(
    asc(fs.createdAt),
    asc(fs.id_form_submission),
  );
  return rows;
}

// ---- matching an application ----

/** A live application of the campus by id. */
export async function applicationOfCampus(db: Executor, id_campus: number, id_application: number) {
  const [row] = await db
    .select({ id_application: s.application.id_application })
    .from(s.application)
    .where(
      and(
        eq(s.application.id_application, id_application),
        eq(s.application.id_campus, id_campus),
        isNull(s.application.deletedAt),
      ),
    );
  return row;
}

/** Live applications of the campus (and period, when given) whose guardian e-mail is this one (case-insensitive). */
export async function applicationsByGuardianEmail(
  db: Executor,
  id_campus: number,
  id_campus_year: number | null,
  email: string,
) {
  return db
    .select({
      id_application: s.application.id_application,
      firstName: s.applicant.firstName,
      lastName: s.applicant.lastName,
    })
    .from(s.application)
    .innerJoin(s.applicant, eq(s.applicant.id_applicant, s.application.id_applicant))
    .where(
      and(
        eq(s.application.id_campus, id_campus),
        id_campus_year === null ? undefined : eq(s.application.id_campus_year, id_campus_year),
        isNull(s.application.deletedAt),
        sql`lower(${s.applicant.guardianEmail}) = ${email.toLowerCase()}`,
      ),
    )
    .orderBy(desc(s.application.id_application))
    .limit(20);
}

/** The applicant names of these applications (a guardian-contact duplicate is the same child only by name). */
export async function namesOf(db: Executor, ids: number[]) {
  if (!ids.length) return [];
  return db
    .select({
      id_application: s.application.id_application,
      firstName: s.applicant.firstName,
      lastName: s.applicant.lastName,
    })
    .from(s.application)
    .innerJoin(s.applicant, eq(s.applicant.id_applicant, s.application.id_applicant))
    .where(inArray(s.application.id_application, ids));
}

/** A grade by its catalog name (case-insensitive) that the campus offers. */
export async function gradeByName(db: Executor, id_campus: number, name: string) {
  const [row] = await db
    .select({ id_grade: s.grade.id_grade })
    .from(s.grade)
    .innerJoin(s.campusGrade, and(eq(s.campusGrade.id_grade, s.grade.id_grade), eq(s.campusGrade.id_campus, id_campus)))
    .where(and(sql`lower(${s.grade.name}) = ${name.trim().toLowerCase()}`, eq(s.campusGrade.activatable, true)));
  return row?.id_grade ?? null;
}

export async function setGuardianLanguage(db: Executor, id_application: number, lng: 'en' | 'es') {
  await db.execute(sql`
    UPDATE applicant SET guardian_language = ${lng}
    FROM application a WHERE a.id_application = ${id_application} AND applicant.id_applicant = a.id_applicant`);
}

/** The application is unread for its campus again (a family sent something). */
export async function markUnread(db: Executor, id_application: number) {
  await db
    .update(s.application)
    .set({ read: false })
    .where(and(eq(s.application.id_application, id_application), eq(s.application.read, true)));
}
