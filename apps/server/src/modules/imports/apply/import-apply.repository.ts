import { and, asc, count, desc, eq, gt, inArray, isNotNull, isNull, sql, type AnyColumn, type SQL } from 'drizzle-orm';
import { PERIOD_STATE } from '@openseat/shared/constants';
import type { Executor } from '../../../db/client';
import * as s from '../../../db/schema/index';
import { arrayOf, inIds, rowsOf } from '../../../lib/sql';
import { chunks } from '../../../lib/chunks';
import { inCampus, inSchool, type Scope } from '../../../lib/scope';
import type { ImportedApplicant } from './import-check';

/* The SQL of an import: the campuses' periods and seats, duplicates' candidates, the batch, its staged rows. */

const a = s.application;
const ap = s.applicant;
const b = s.importBatch;
const r = s.importBatchRow;

/** Campuses of the school in scope among `campusIds`, with their period of the school year (null when none). */
export async function campusPeriods(
  db: Executor,
  scope: Scope,
  id_school: number,
  id_school_year: number,
  campusIds: number[],
) {
  if (!campusIds.length) return [];
  return db
    .select({
      id_campus: s.campus.id_campus,
      id_campus_year: s.campusYear.id_campus_year,
      finalized: sql<boolean>`coalesce(${s.campusYear.state} = ${PERIOD_STATE.FINALIZED}, false)`,
    })
    .from(s.campus)
    .leftJoin(
      s.campusYear,
      and(eq(s.campusYear.id_campus, s.campus.id_campus), eq(s.campusYear.id_school_year, id_school_year)),
    )
    .where(
      and(
        eq(s.campus.id_school, id_school),
        inCampus(scope, s.campus.id_school, s.campus.id_campus),
        inIds(s.campus.id_campus, campusIds),
      ),
    );
}

/** The grades these campuses offer (activated). */
export async function offeredGrades(db: Executor, campusIds: number[]) {
  if (!campusIds.length) return [];
  return db
    .select({ id_campus: s.campusGrade.id_campus, id_grade: s.campusGrade.id_grade })
    .from(s.campusGrade)
    .where(and(inIds(s.campusGrade.id_campus, campusIds), eq(s.campusGrade.activatable, true)));
}

/** The tags of these campuses. */
export async function campusTags(db: Executor, campusIds: number[]) {
  if (!campusIds.length) return [];
  return db
    .select({ id_campus: s.tag.id_campus, id_tag: s.tag.id_tag, name: s.tag.name })
    .from(s.tag)
    .where(inIds(s.tag.id_campus, campusIds));
}

/** Seats left per grade of these periods (spots - taken), as offers count them (campus_year_grade). */
export async function seatsLeft(db: Executor, periodIds: number[]) {
  if (!periodIds.length) return [];
  const g = s.campusYearGrade;
  return db
    .select({
      id_campus_year: g.id_campus_year,
      id_grade: g.id_grade,
      left: sql<number>`(${g.spots} - ${g.taken})::int`,
    })
    .from(g)
    .where(inIds(g.id_campus_year, periodIds));
}

/** Contacts per lookup: a 50,000-row file asks in a few statements, none holding the whole file's keys at once. */
const CONTACTS_PER_LOOKUP = 5000;

/**
 * Live applications of these periods (in scope) whose guardian has one of these e-mails or phone numbers, each once.
 * The contacts are looked up a few thousand at a time: the embedded database keeps the memory a statement grew to.
 */
export async function existingParties(
  db: Executor,
  scope: Scope,
  periodIds: number[],
  emails: string[],
  phones: string[],
) {
  if (!periodIds.length) return [];
  const lookups = [
    ...[...chunks(emails, CONTACTS_PER_LOOKUP)].map(
      (keys) => sql`${ap.guardianEmailKey} = ANY(${arrayOf(keys)}::text[])`,
    ),
    ...[...chunks(phones, CONTACTS_PER_LOOKUP)].map(
      (keys) => sql`${ap.guardianPhoneKey} = ANY(${arrayOf(keys)}::text[])`,
    ),
  ];
  const found = new Map<number, Awaited<ReturnType<typeof partiesWhere>>[number]>();
  for (const contact of lookups)
    for (const party of await partiesWhere(db, scope, periodIds, contact)) found.set(party.id_application, party);
  return [...found.values()];
}

function partiesWhere(db: Executor, scope: Scope, periodIds: number[], contact: SQL) {
  return db
    .select({
      id_application: a.id_application,
      correlative: a.correlative,
      id_campus_year: sql<number>`${a.id_campus_year}`,
      firstName: ap.firstName,
      lastName: ap.lastName,
      dateOfBirth: ap.dateOfBirth,
      guardianName: ap.guardianName,
      guardianEmail: ap.guardianEmail,
      guardianPhoneNumber: ap.guardianPhoneNumber,
    })
    .from(a)
    .innerJoin(ap, eq(ap.id_applicant, a.id_applicant))
    .where(
      and(inIds(a.id_campus_year, periodIds), isNull(a.deletedAt), inCampus(scope, a.id_school, a.id_campus), contact),
    );
}

export async function insertBatch(db: Executor, values: typeof b.$inferInsert) {
  const [row] = await db.insert(b).values(values).returning();
  return row;
}

/** The staged rows of a batch in one statement (their values as one JSON parameter). */
export async function stageRows(
  db: Executor,
  batch: { id_school: number; id_import_batch: number },
  rows: Array<{ rowNumber: number; action: 'new' | 'merge'; id_application: number | null; payload: unknown }>,
) {
  if (!rows.length) return;
  await db.execute(sql`
    INSERT INTO ${r} (id_school, id_import_batch, row_number, action, id_application, payload)
    SELECT ${batch.id_school}, ${batch.id_import_batch}, v.row_number, v.action, v.id_application, v.payload
    FROM jsonb_to_recordset(${JSON.stringify(rows.map((x) => ({ ...x, row_number: x.rowNumber })))}::jsonb)
      AS v(row_number int, action text, id_application int, payload jsonb)`);
}

/** A batch in the caller's scope (a campus user sees its campus's imports). */
export async function findBatch(db: Executor, scope: Scope, id_import_batch: number) {
  const [row] = await db
    .select()
    .from(b)
    .where(and(eq(b.id_import_batch, id_import_batch), batchInScope(scope)));
  return row;
}

const batchInScope = (scope: Scope) =>
  scope.campusIds === null ? inSchool(scope, b.id_school) : inCampus(scope, b.id_school, b.id_campus);

/** The batch's row, locked until the transaction ends (a job, or an undo). */
export async function lockBatch(db: Executor, id_import_batch: number) {
  const [row] = await db.select().from(b).where(eq(b.id_import_batch, id_import_batch)).for('update');
  return row;
}

export async function updateBatch(db: Executor, id_import_batch: number, values: Partial<typeof b.$inferInsert>) {
  await db.update(b).set(values).where(eq(b.id_import_batch, id_import_batch));
}

export async function listBatches(db: Executor, scope: Scope, page: number, pageSize: number) {
  const rows = await db
    .select()
    .from(b)
    .where(batchInScope(scope))
    .orderBy(desc(b.createdAt), desc(b.id_import_batch))
    .limit(pageSize)
    .offset(page * pageSize);
  const [{ n }] = await db.select({ n: count() }).from(b).where(batchInScope(scope));
  return { rows, total: n };
}

export async function stagedRows(db: Executor, id_import_batch: number) {
  return db
    .select({
      id: r.id_import_batch_row,
      rowNumber: r.rowNumber,
      action: r.action,
      id_application: r.id_application,
      payload: r.payload,
      filled: r.filled,
    })
    .from(r)
    .where(eq(r.id_import_batch, id_import_batch))
    .orderBy(asc(r.rowNumber));
}

/** `n` new ids of a serial column's sequence, in order. */
export async function allocateIds(db: Executor, table: 'applicant' | 'application', n: number): Promise<number[]> {
  if (!n) return [];
  const column = table === 'applicant' ? 'id_applicant' : 'id_application';
  const rows = rowsOf<{ id: number }>(
    await db.execute(
      sql`SELECT nextval(pg_get_serial_sequence(${table}, ${column}))::int AS id FROM generate_series(1, ${n}::int)`,
    ),
  );
  return rows.map((x) => x.id).sort((x, y) => x - y);
}

export type NewApplicant = ImportedApplicant & { id_applicant: number; id_school: number };

/** The applicants in one statement (their ids allocated before). */
export async function insertApplicants(db: Executor, rows: NewApplicant[]) {
  if (!rows.length) return;
  await db.execute(sql`
    INSERT INTO ${ap} (id_applicant, id_school, first_name, last_name, date_of_birth, address, gender, guardian_name,
      guardian_email, guardian_phone_number, guardian_language)
    SELECT v."id_applicant", v."id_school", v."firstName", v."lastName", v."dateOfBirth", v."address", v."gender",
      v."guardianName", v."guardianEmail", v."guardianPhoneNumber", v."guardianLanguage"
    FROM jsonb_to_recordset(${JSON.stringify(rows)}::jsonb) AS v("id_applicant" int, "id_school" int,
      "firstName" text, "lastName" text, "dateOfBirth" date, "address" text, "gender" text, "guardianName" text,
      "guardianEmail" text, "guardianPhoneNumber" text, "guardianLanguage" text)`);
}

export type NewApplication = {
  id_application: number;
  id_school: number;
  id_campus: number;
  id_campus_year: number;
  id_school_year: number;
  correlative: number;
  id_applicant: number;
  id_grade: number | null;
  id_priority_item: number | null;
  id_status: number;
  waiting_list_position: number | null;
  /** An offer's deadline (its period's rule), else null. */
  offer_expires_at: Date | null;
  sibling_priority: boolean;
  lottery_number: number | null;
  id_import_batch: number;
  /** When it came in (ISO), or null: the commit's time. */
  createdAt: string | null;
};

/** The applications in one statement, unread for the campus, marked with their import. */
export async function insertApplications(db: Executor, rows: NewApplication[]) {
  if (!rows.length) return;
  await db.execute(sql`
    INSERT INTO ${a} (id_application, id_school, id_campus, id_campus_year, id_school_year, correlative, id_applicant,
      id_grade, id_priority_item, id_status, waiting_list_position, offer_expires_at, sibling_priority, lottery_number,
      id_import_batch, origin, read, created_at, updated_at)
    SELECT v."id_application", v."id_school", v."id_campus", v."id_campus_year", v."id_school_year", v."correlative",
      v."id_applicant", v."id_grade", v."id_priority_item", v."id_status", v."waiting_list_position",
      v."offer_expires_at", v."sibling_priority", v."lottery_number", v."id_import_batch", 'import', false,
      coalesce(v."createdAt", now()), now()
    FROM jsonb_to_recordset(${JSON.stringify(rows)}::jsonb) AS v("id_application" int, "id_school" int,
      "id_campus" int, "id_campus_year" int, "id_school_year" int, "correlative" int, "id_applicant" int,
      "id_grade" int, "id_priority_item" int, "id_status" int, "waiting_list_position" int,
      "offer_expires_at" timestamptz, "sibling_priority" boolean, "lottery_number" int, "id_import_batch" int,
      "createdAt" timestamptz)`);
}

/** The tags of imported rows, in one statement. */
export async function insertTags(
  db: Executor,
  rows: Array<{ id_school: number; id_application: number; id_tag: number }>,
) {
  if (!rows.length) return;
  await db.execute(sql`
    INSERT INTO ${s.applicationTag} (id_school, id_application, id_tag)
    SELECT v.id_school, v.id_application, v.id_tag
    FROM jsonb_to_recordset(${JSON.stringify(rows)}::jsonb) AS v(id_school int, id_application int, id_tag int)`);
}

/** The tags these applications carry now. */
export async function tagsOf(db: Executor, applicationIds: number[]) {
  if (!applicationIds.length) return [];
  return db
    .select({ id_application: s.applicationTag.id_application, id_tag: s.applicationTag.id_tag })
    .from(s.applicationTag)
    .where(inIds(s.applicationTag.id_application, applicationIds));
}

/** Notes of imported rows, written as the importing user's. */
export async function insertNotes(
  db: Executor,
  rows: Array<{ id_school: number; id_application: number; id_user: number | null; note: string }>,
) {
  if (!rows.length) return;
  // one JSON parameter: a file's notes could pass the 65,535 parameters of a VALUES list
  await db.execute(sql`
    INSERT INTO ${s.applicationNote} (id_school, id_application, id_user, note)
    SELECT v.id_school, v.id_application, v.id_user, v.note
    FROM jsonb_to_recordset(${JSON.stringify(rows)}::jsonb) AS v(id_school int, id_application int, id_user int, note text)`);
}

/** The applicants of these live applications in the school, rows locked (a merge fills their empty fields). */
export async function applicantsOf(db: Executor, id_school: number, applicationIds: number[]) {
  if (!applicationIds.length) return [];
  return db
    .select({ id_application: a.id_application, applicant: ap, updatedAt: sql<string>`${ap.updatedAt}::text` })
    .from(a)
    .innerJoin(ap, eq(ap.id_applicant, a.id_applicant))
    .where(and(eq(a.id_school, id_school), inIds(a.id_application, applicationIds), isNull(a.deletedAt)))
    .for('update', { of: ap });
}

export async function setApplicantFields(db: Executor, id_applicant: number, values: Partial<ImportedApplicant>) {
  await db
    .update(ap)
    .set({ ...values, updatedAt: sql`now()` })
    .where(eq(ap.id_applicant, id_applicant));
}

/** What each staged row wrote: its application, and a merge's filled fields. */
export async function recordRowResults(
  db: Executor,
  results: Array<{ id: number; id_application: number; filled: Record<string, unknown> | null }>,
) {
  if (!results.length) return;
  await db.execute(sql`
    UPDATE ${r} SET id_application = v.id_application, filled = v.filled
    FROM jsonb_to_recordset(${JSON.stringify(results)}::jsonb) AS v(id int, id_application int, filled jsonb)
    WHERE ${r.id_import_batch_row} = v.id`);
}

/** The applications the import created, with what the undo needs (grade, status); `lock` takes their rows. */
export async function createdApplications(db: Executor, id_import_batch: number, lock: boolean) {
  const query = db
    .select({
      id_application: a.id_application,
      id_applicant: a.id_applicant,
      id_campus_year: a.id_campus_year,
      id_grade: a.id_grade,
      id_status: a.id_status,
      deletedAt: a.deletedAt,
    })
    .from(a)
    .where(eq(a.id_import_batch, id_import_batch))
    .orderBy(asc(a.id_application));
  return lock ? query.for('update') : query;
}

/**
 * Whether anything happened to these applications after the commit: a status move, an edit of the application or its
 * applicant, a message, a note or a file (tags have no time: the service compares them with what the import wrote).
 */
export async function movedSince(db: Executor, applicationIds: number[], id_import_batch: number) {
  if (!applicationIds.length) return false;
  const ids = arrayOf(applicationIds);
  // compared in the database: the commit's time has microseconds, a JavaScript date only milliseconds
  const stamp = sql`(SELECT ${b.committedAt} FROM ${b} WHERE ${b.id_import_batch} = ${id_import_batch})`;
  const rows = rowsOf<{ moved: boolean }>(
    await db.execute(sql`
      SELECT EXISTS (SELECT 1 FROM ${a} x JOIN ${ap} p ON p.id_applicant = x.id_applicant
          WHERE x.id_application = ANY(${ids}::int[])
            AND (x.updated_at > ${stamp} OR p.updated_at > ${stamp} OR x.deleted_at IS NOT NULL))
        OR EXISTS (SELECT 1 FROM ${s.applicationStatus} h
          WHERE h.id_application = ANY(${ids}::int[]) AND h.created_at > ${stamp})
        OR EXISTS (SELECT 1 FROM ${s.messageOutbox} m
          WHERE m.id_application = ANY(${ids}::int[]) AND m.created_at > ${stamp})
        OR EXISTS (SELECT 1 FROM ${s.applicationNote} n
          WHERE n.id_application = ANY(${ids}::int[]) AND n.created_at > ${stamp})
        OR EXISTS (SELECT 1 FROM ${s.applicationFile} f
          WHERE f.id_application = ANY(${ids}::int[]) AND f.created_at > ${stamp}) AS moved`),
  );
  return rows[0]?.moved ?? false;
}

/** Deletes the applications the import created and then their applicants (their history and notes go with them). */
export async function deleteCreated(db: Executor, id_import_batch: number, applicantIds: number[]) {
  await db.delete(a).where(eq(a.id_import_batch, id_import_batch));
  if (applicantIds.length) await db.delete(ap).where(inIds(ap.id_applicant, applicantIds));
}

/** Puts a merged applicant's filled fields back as they were, keeping its other changes' time. */
export async function restoreApplicantFields(
  db: Executor,
  id_application: number,
  values: Record<string, unknown>,
  updatedAt: string,
) {
  const [row] = await db.select({ id: a.id_applicant }).from(a).where(eq(a.id_application, id_application));
  if (!row) return;
  await db
    .update(ap)
    .set({ ...(values as Partial<ImportedApplicant>), updatedAt: sql`${updatedAt}::timestamptz` })
    .where(eq(ap.id_applicant, row.id));
}

const ACCENTED = 'áàâäãåāéèêëēíìîïīóòôöõøōúùûüūñçýÿ';
const PLAIN = 'aaaaaaaeeeeeiiiiiooooooouuuuuncyy';

/** A name in lower case without its accents (the common Latin ones) or spaces around it. */
// the letters as literals, not parameters: the GROUP BY must repeat the very expression the SELECT has
const fold = (column: AnyColumn) =>
  sql`btrim(translate(lower(${column}), ${sql.raw(`'${ACCENTED}'`)}, ${sql.raw(`'${PLAIN}'`)}))`;

/**
 * The same child (same folded name and date of birth) with live applications at several campuses of the school in
 * one school year, a page of children at a time.
 */
export async function conflicts(
  db: Executor,
  scope: Scope,
  id_school: number,
  id_school_year: number,
  page: number,
  pageSize: number,
) {
  const key = sql`${fold(ap.firstName)} || '|' || ${fold(ap.lastName)} || '|' || ${ap.dateOfBirth}::text`;
  const base = and(
    eq(a.id_school, id_school),
    eq(a.id_school_year, id_school_year),
    isNull(a.deletedAt),
    isNotNull(ap.dateOfBirth),
    inCampus(scope, a.id_school, a.id_campus),
  );
  const groups = db
    .select({ key: sql<string>`${key}`.as('key') })
    .from(a)
    .innerJoin(ap, eq(ap.id_applicant, a.id_applicant))
    .where(base)
    .groupBy(key)
    .having(gt(sql`count(DISTINCT ${a.id_campus})`, 1))
    .as('groups');
  const [{ n }] = await db.select({ n: count() }).from(groups);
  const keys = await db
    .select({ key: groups.key })
    .from(groups)
    .orderBy(asc(groups.key))
    .limit(pageSize)
    .offset(page * pageSize);
  const rows = keys.length
    ? await db
        .select({
          key: sql<string>`${key}`,
          firstName: ap.firstName,
          lastName: ap.lastName,
          dateOfBirth: sql<string>`${ap.dateOfBirth}::text`,
          id_application: a.id_application,
          correlative: a.correlative,
          id_campus: a.id_campus,
          campus: s.campus.name,
          id_status: a.id_status,
        })
        .from(a)
        .innerJoin(ap, eq(ap.id_applicant, a.id_applicant))
        .innerJoin(s.campus, eq(s.campus.id_campus, a.id_campus))
        .where(
          and(
            base,
            inArray(
              key,
              keys.map((k) => k.key),
            ),
          ),
        )
        .orderBy(asc(a.id_campus), asc(a.correlative))
    : [];
  return { keys: keys.map((k) => k.key), rows, total: n };
}

/** A queued batch is now being written (progress shows it). */
export async function startBatch(db: Executor, id_import_batch: number) {
  await db
    .update(b)
    .set({ status: 'working' })
    .where(and(eq(b.id_import_batch, id_import_batch), eq(b.status, 'pending')));
}

/** The batch written: its counts, and the commit's own time (every row it wrote carries the same). */
export async function markCommitted(
  db: Executor,
  id_import_batch: number,
  counts: { created: number; merged: number; processed: number },
) {
  await db
    .update(b)
    .set({ ...counts, status: 'done', error: null, committedAt: sql`now()` })
    .where(eq(b.id_import_batch, id_import_batch));
}
