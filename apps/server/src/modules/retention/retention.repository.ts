import path from 'node:path';
import { and, desc, eq, inArray, sql, type SQL } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import * as s from '../../db/schema/index';
import { inSchool, type Scope } from '../../lib/scope';
import { rowsOf } from '../../lib/sql';
import { guardianEmailKey, guardianPhoneKey } from '../../db/schema/applications';

/** The policy of one school as a run applies it: kept `years` after a period's school year, seen from `currentYearOne`. */
export type Policy = { id_school: number; years: number; currentYearOne: number };

/** Blank text written where a column may not be null (names, recipients). */
export const BLANK = '—';

/** The school's policy settings and time zone, when the scope reaches it. */
export async function findSettings(db: Executor, scope: Scope, id_school: number) {
  const [row] = await db
    .select({
      id_school: s.schoolConfiguration.id_school,
      retention_years: s.schoolConfiguration.retention_years,
      time_zone: s.schoolConfiguration.time_zone,
    })
    .from(s.schoolConfiguration)
    .where(and(eq(s.schoolConfiguration.id_school, id_school), inSchool(scope, s.schoolConfiguration.id_school)));
  return row;
}

export async function updateSettings(db: Executor, id_school: number, retention_years: number | null) {
  await db.update(s.schoolConfiguration).set({ retention_years }).where(eq(s.schoolConfiguration.id_school, id_school));
}

/** Every school with a policy, for the daily schedule. */
export async function schoolsWithPolicy(db: Executor) {
  return db
    .select({ id_school: s.schoolConfiguration.id_school, retention_years: s.schoolConfiguration.retention_years })
    .from(s.schoolConfiguration)
    .where(sql`${s.schoolConfiguration.retention_years} IS NOT NULL`);
}

/**
 * The applications a run anonymises now: those of the school's finalized periods whose school year ended `years`
 * school years before the current one began, not anonymised yet, and whose applicant has no other application still
 * kept (a child copied to a later year keeps its data until that period is due too). The preview and the run both
 * read this, so the preview is exactly what goes.
 */
function dueCte(p: Policy): SQL {
  return sql`
    due_period AS (
      SELECT cy.id_campus, cy.id_school_year
        FROM campus_year cy JOIN school_year sy ON sy.id_school_year = cy.id_school_year
       WHERE cy.id_school = ${p.id_school} AND cy.state = 'finalized' AND NOT cy.lottery_frozen
         AND sy.year_two + ${p.years}::int <= ${p.currentYearOne}::int
    ),
    due AS (
      SELECT a.id_application, a.id_applicant, a.id_campus, a.id_school_year
        FROM application a
        JOIN due_period d ON d.id_campus = a.id_campus AND d.id_school_year = a.id_school_year
       WHERE a.id_school = ${p.id_school} AND a.anonymised_at IS NULL
         AND NOT EXISTS (
           SELECT 1 FROM application o
            WHERE o.id_applicant = a.id_applicant AND o.anonymised_at IS NULL
              AND NOT EXISTS (
                SELECT 1 FROM due_period q WHERE q.id_campus = o.id_campus AND q.id_school_year = o.id_school_year))
    )`;
}

/** Files a due application has on disk: its uploads, registration documents, signed agreements, partial uploads. */
const FILE_COUNT = sql`(
  (SELECT count(*) FROM application_file f WHERE f.id_application = due.id_application)
  + (SELECT count(*) FROM registration_document f WHERE f.id_application = due.id_application)
  + (SELECT count(*) FROM registration_signature f WHERE f.id_application = due.id_application)
  + (SELECT count(*) FROM registration_upload f WHERE f.id_application = due.id_application))`;

export type DueGroup = {
  id_school_year: number;
  schoolYear: string;
  id_campus: number;
  campus: string;
  applications: number;
  files: number;
  messages: number;
};

/** What is due now, per school year and campus. */
export async function dueByPeriod(db: Executor, p: Policy): Promise<DueGroup[]> {
  const rows = rowsOf<Record<keyof DueGroup, number | string>>(
    await db.execute(sql`
      WITH ${dueCte(p)}
      SELECT due.id_school_year, sy.name AS "schoolYear", due.id_campus, c.name AS campus,
             count(*) AS applications, sum(${FILE_COUNT}) AS files,
             sum((SELECT count(*) FROM message_outbox m WHERE m.id_application = due.id_application)) AS messages
        FROM due
        JOIN school_year sy ON sy.id_school_year = due.id_school_year
        JOIN campus c ON c.id_campus = due.id_campus
       GROUP BY due.id_school_year, sy.name, sy.year_one, due.id_campus, c.name
       ORDER BY sy.year_one, c.name, due.id_campus`),
  );
  return rows.map((r) => ({
    id_school_year: Number(r.id_school_year),
    schoolYear: String(r.schoolYear),
    id_campus: Number(r.id_campus),
    campus: String(r.campus),
    applications: Number(r.applications),
    files: Number(r.files),
    messages: Number(r.messages),
  }));
}

/** The next `limit` due applications: a run takes them chunk by chunk, each chunk leaving the set once anonymised
 * (one run per school at a time: `retention_run_one_active`). */
export async function nextDue(db: Executor, p: Policy, limit: number): Promise<number[]> {
  const rows = rowsOf<{ id_application: number }>(
    await db.execute(sql`
      WITH ${dueCte(p)}
      SELECT id_application FROM due ORDER BY id_application LIMIT ${limit}`),
  );
  return rows.map((r) => Number(r.id_application));
}

/**
 * Reads of a record are kept a year past its retention: rows of applications anonymised more than a year ago, read
 * more than a year ago. `remove`: deletes them; otherwise counts them.
 */
async function staleReads(db: Executor, id_school: number, now: Date, remove: boolean): Promise<number> {
  const stale = sql`
    FROM record_access ra
   WHERE ra.id_school = ${id_school} AND ra.created_at < ${now}::timestamptz - interval '1 year'
     AND EXISTS (SELECT 1 FROM application a
                  WHERE a.id_application = ra.id_application AND a.id_school = ${id_school}
                    AND a.anonymised_at < ${now}::timestamptz - interval '1 year')`;
  if (!remove) {
    const [{ n }] = rowsOf<{ n: number | string }>(await db.execute(sql`SELECT count(*) AS n ${stale}`));
    return Number(n);
  }
  const deleted = rowsOf<{ id: number }>(await db.execute(sql`DELETE ${stale} RETURNING ra.id_record_access AS id`));
  return deleted.length;
}

export const countStaleReads = (db: Executor, id_school: number, now: Date) => staleReads(db, id_school, now, false);
export const pruneStaleReads = (db: Executor, id_school: number, now: Date) => staleReads(db, id_school, now, true);

const idArray = (ids: number[]) => sql`${`{${ids.join(',')}}`}::int[]`;

/** Where a resumable upload's bytes wait (modules/registration/document.service.ts). */
const partOf = (id_upload: string) => path.join('registration-uploads', `${id_upload}.part`);

/**
 * Anonymises these applications of the school (due ones, from `nextDue`): answers the files to remove from disk
 * (relative to `<dataDir>/files`) and how many files and messages went. Rows and ids that counts, reports and the
 * lottery read stay: application (status, grade, period, lottery fields), status history, lottery records.
 */
export async function anonymise(db: Executor, id_school: number, ids: number[], at: Date) {
  const apps = idArray(ids);
  const mine = (table: string) =>
    sql`${sql.raw(table)}.id_school = ${id_school} AND ${sql.raw(table)}.id_application = ANY(${apps})`;
  const paths = (result: unknown) => rowsOf<{ p: string }>(result).map((r) => r.p);
  const files = [
    ...paths(
      await db.execute(sql`DELETE FROM application_file WHERE ${mine('application_file')} RETURNING stored_path AS p`),
    ),
    ...paths(
      await db.execute(
        sql`DELETE FROM registration_document WHERE ${mine('registration_document')} RETURNING stored_path AS p`,
      ),
    ),
    ...paths(
      await db.execute(
        sql`DELETE FROM registration_signature WHERE ${mine('registration_signature')} RETURNING stored_path AS p`,
      ),
    ),
    ...paths(
      await db.execute(
        sql`DELETE FROM registration_upload WHERE ${mine('registration_upload')} RETURNING id_upload AS p`,
      ),
    ).map(partOf),
  ];
  const removedFiles = files.length;
  await db.execute(sql`DELETE FROM registration_signature_invite WHERE ${mine('registration_signature_invite')}`);
  await db.execute(
    sql`UPDATE registration_response SET answers = NULL, returned_reason = NULL WHERE ${mine('registration_response')}`,
  );
  await db.execute(sql`DELETE FROM application_note WHERE ${mine('application_note')}`);
  await db.execute(
    sql`UPDATE application_status SET note = NULL WHERE ${mine('application_status')} AND note IS NOT NULL`,
  );
  await db.execute(
    sql`UPDATE form_submission SET payload = '{}'::jsonb, answers = '[]'::jsonb, error = NULL WHERE ${mine('form_submission')}`,
  );
  await db.execute(
    sql`UPDATE import_batch_row SET payload = '{}'::jsonb, filled = NULL WHERE ${mine('import_batch_row')}`,
  );
  await db.execute(sql`DELETE FROM notification WHERE ${mine('notification')}`);
  await removeCapturedMessages(db, id_school, apps);
  await forgetSmsConsent(db, id_school, apps);
  const messages = rowsOf<{ id: number }>(
    await db.execute(sql`
      UPDATE message_outbox
         SET recipient = ${BLANK}, subject = NULL, body = '', html = NULL, last_error = NULL,
             status = CASE WHEN status IN ('queued', 'sending') THEN 'skipped' ELSE status END
       WHERE ${mine('message_outbox')}
      RETURNING id_message AS id`),
  ).length;
  // the audit keeps who did what and when; the values a change carried (names, contacts) go
  await db.execute(sql`
    UPDATE audit_log SET changes = NULL
     WHERE id_school = ${id_school} AND entity = 'application' AND entity_id = ANY(${apps}::text[])
       AND changes IS NOT NULL`);
  // a read stays (who, when, how); the file name it names may be the child's
  await db.execute(sql`UPDATE record_access SET detail = NULL WHERE ${mine('record_access')} AND how = 'download'`);
  await db
    .update(s.applicant)
    .set({
      firstName: BLANK,
      lastName: BLANK,
      email: null,
      phoneNumber: null,
      dateOfBirth: null,
      address: null,
      addressStreet: null,
      addressCity: null,
      addressState: null,
      addressZip: null,
      gender: null,
      ethnicity: null,
      actualSchool: null,
      sisterSchool: null,
      guardianName: null,
      guardianEmail: null,
      guardianPhoneNumber: null,
      guardianAddress: null,
      guardianOccupation: null,
      guardianDateOfBirth: null,
      updatedAt: at,
    })
    .where(
      and(
        eq(s.applicant.id_school, id_school),
        sql`${s.applicant.id_applicant} IN (SELECT id_applicant FROM application WHERE id_application = ANY(${apps}))`,
      ),
    );
  await db
    .update(s.application)
    .set({ event_preference: null, anonymisedAt: at })
    .where(and(eq(s.application.id_school, id_school), inArray(s.application.id_application, ids)));
  return { files, removedFiles, messages };
}

/**
 * Mail and texts the capture transport kept (no SMTP server or SMS provider) for these applications' families: by
 * the addresses their messages went to and their own contacts, unless another applicant not being anonymised still
 * has that contact (a sibling's family keeps its captured mail).
 */
async function removeCapturedMessages(db: Executor, id_school: number, apps: SQL) {
  const chunkApplicants = sql`(SELECT id_applicant FROM application WHERE id_application = ANY(${apps}))`;
  const liveElsewhere = (key: (c: SQL) => SQL, value: SQL) => sql`EXISTS (
    SELECT 1 FROM applicant x WHERE x.id_applicant NOT IN ${chunkApplicants}
       AND (${key(sql`x.guardian_email`)} = ${value} OR ${key(sql`x.email`)} = ${value}
            OR ${key(sql`x.guardian_phone_number`)} = ${value} OR ${key(sql`x.phone_number`)} = ${value}))`;
  await db.execute(sql`
    WITH contact AS (
      SELECT lower(trim(recipient)) AS v FROM message_outbox
       WHERE id_school = ${id_school} AND id_application = ANY(${apps}) AND channel = 'email'
      UNION SELECT p.guardian_email_key FROM applicant p WHERE p.id_applicant IN ${chunkApplicants}
      UNION SELECT ${guardianEmailKey(sql`p.email`)} FROM applicant p WHERE p.id_applicant IN ${chunkApplicants}
    )
    DELETE FROM captured_mail cm USING contact
     WHERE contact.v <> '' AND position(contact.v IN lower(cm."to")) > 0
       AND NOT ${liveElsewhere(guardianEmailKey, sql`contact.v`)}`);
  await db.execute(sql`
    WITH contact AS (
      SELECT ${guardianPhoneKey(sql`recipient`)} AS v FROM message_outbox
       WHERE id_school = ${id_school} AND id_application = ANY(${apps}) AND channel = 'sms'
      UNION SELECT p.guardian_phone_key FROM applicant p WHERE p.id_applicant IN ${chunkApplicants}
      UNION SELECT ${guardianPhoneKey(sql`p.phone_number`)} FROM applicant p WHERE p.id_applicant IN ${chunkApplicants}
    )
    DELETE FROM captured_text_message ct USING contact
     WHERE length(contact.v) >= 7 AND ${guardianPhoneKey(sql`ct."to"`)} = contact.v
       AND NOT ${liveElsewhere(guardianPhoneKey, sql`contact.v`)}`);
}

/**
 * The SMS consent history of these families' phones keeps that consent was given or withdrawn, when and how, without
 * the number or staff's note; a phone another applicant of the school still has keeps its history whole.
 */
async function forgetSmsConsent(db: Executor, id_school: number, apps: SQL) {
  const chunkApplicants = sql`(SELECT id_applicant FROM application WHERE id_application = ANY(${apps}))`;
  await db.execute(sql`
    WITH phone AS (
      SELECT ${guardianPhoneKey(sql`recipient`)} AS v FROM message_outbox
       WHERE id_school = ${id_school} AND id_application = ANY(${apps}) AND channel = 'sms'
      UNION SELECT p.guardian_phone_key FROM applicant p WHERE p.id_applicant IN ${chunkApplicants}
      UNION SELECT ${guardianPhoneKey(sql`p.phone_number`)} FROM applicant p WHERE p.id_applicant IN ${chunkApplicants}
    )
    UPDATE sms_consent c SET address = ${BLANK}, note = NULL
     WHERE c.id_school = ${id_school} AND c.address <> ${BLANK}
       AND (c.id_application = ANY(${apps})
            OR ${guardianPhoneKey(sql`c.address`)} IN (SELECT v FROM phone WHERE length(v) >= 7))
       AND NOT EXISTS (
         SELECT 1 FROM applicant x
          WHERE x.id_school = ${id_school} AND x.id_applicant NOT IN ${chunkApplicants}
            AND (x.guardian_phone_key = ${guardianPhoneKey(sql`c.address`)}
                 OR ${guardianPhoneKey(sql`x.phone_number`)} = ${guardianPhoneKey(sql`c.address`)}))`);
}

// ---- runs ----

export type RunRow = typeof s.retentionRun.$inferSelect & { userName: string | null };

export async function insertRun(db: Executor, values: typeof s.retentionRun.$inferInsert) {
  const [row] = await db.insert(s.retentionRun).values(values).onConflictDoNothing().returning();
  return row;
}

export async function findRun(db: Executor, id_retention_run: number) {
  const [row] = await db.select().from(s.retentionRun).where(eq(s.retentionRun.id_retention_run, id_retention_run));
  return row;
}

export async function updateRun(
  db: Executor,
  id_retention_run: number,
  change: Partial<typeof s.retentionRun.$inferInsert>,
) {
  await db.update(s.retentionRun).set(change).where(eq(s.retentionRun.id_retention_run, id_retention_run));
}

/** Adds a chunk's counts to the run's. */
export async function addToRun(
  db: Executor,
  id_retention_run: number,
  n: { applications: number; files: number; messages: number },
) {
  await db
    .update(s.retentionRun)
    .set({
      applications: sql`${s.retentionRun.applications} + ${n.applications}`,
      files: sql`${s.retentionRun.files} + ${n.files}`,
      messages: sql`${s.retentionRun.messages} + ${n.messages}`,
    })
    .where(eq(s.retentionRun.id_retention_run, id_retention_run));
}

/** The school's newest runs, with the name of who asked. */
export async function recentRuns(db: Executor, id_school: number, limit: number): Promise<RunRow[]> {
  const rows = await db
    .select({ run: s.retentionRun, userName: s.user.name })
    .from(s.retentionRun)
    .leftJoin(s.user, eq(s.user.id_user, s.retentionRun.id_user))
    .where(eq(s.retentionRun.id_school, id_school))
    .orderBy(desc(s.retentionRun.createdAt), desc(s.retentionRun.id_retention_run))
    .limit(limit);
  return rows.map((r) => ({ ...r.run, userName: r.userName }));
}

/** A run waiting or under way for the school. */
export async function activeRun(db: Executor, id_school: number) {
  const [row] = await db
    .select()
    .from(s.retentionRun)
    .where(and(eq(s.retentionRun.id_school, id_school), inArray(s.retentionRun.status, ['pending', 'working'])));
  return row;
}
