import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CONTEXT_TYPE, STATUS } from '@openseat/shared/constants';
import type { ImportField, MappedImportRow } from '@openseat/shared/import-fields';
import type { ImportBatch, ImportReport } from '@openseat/shared/schemas/imports';
import * as s from '../../../db/schema/index';
import { rowsOf } from '../../../lib/sql';
import { createApplication, expectSeatsAndPlacesConsistent } from '../../../test/application-factories';
import { createCampusGrades, createPeriod, createTag } from '../../../test/enrollment-factories';
import { createCampus, createSchool } from '../../../test/factories';
import { apiClient, startTestApp, type TestContext } from '../../../test/harness';
import { tokenFor } from '../../../test/session';

/*
 * The dry run, duplicates, commit and undo of an import (issue 27) over real HTTP and a real database: the report
 * names each bad row, a dry run writes nothing, a commit is all or nothing, waiting lists keep the file's order, seats
 * are never over-filled, duplicates are found and the decisions obeyed, an undo restores the tables, and tenancy.
 */

let ctx: TestContext;
let call: ReturnType<typeof apiClient>;
let admin: string;
let campusUser: string;
let adminB: string;
let a1: { id_school: number; id_campus: number };
let a2: { id_school: number; id_campus: number };
let b1: { id_school: number; id_campus: number };
let p1: Awaited<ReturnType<typeof createPeriod>>;
let p2: Awaited<ReturnType<typeof createPeriod>>;
let fair: { id_tag: number };
let late: { id_tag: number };
const YEAR = 3;
const K = 2;
const FIRST = 3;
const SECOND = 4;

const DAY = 24 * 60 * 60 * 1000;

const maps = () => ({
  grade: { Kinder: K, '1st': FIRST, '2nd': SECOND },
  campus: { North: a1.id_campus, South: a2.id_campus },
  status: {
    Applied: STATUS.APPLIED,
    Waitlist: STATUS.WAITING_LIST,
    Offered: STATUS.OFFERED,
    Enrolled: STATUS.ENROLLED,
  },
  priority: { Sibling: 1, Nope: 999 },
});

type Values = Partial<Record<ImportField, string>>;
let serial = 0;
/** 27 -> "bb": a number as letters (names take no digits). */
const letters = (n: number): string =>
  n < 26 ? 'abcdefghijklmnopqrstuvwxyz'[n] : letters(Math.floor(n / 26) - 1) + letters(n % 26);
/** A good row: a unique child and guardian at North, applied to Kinder. */
const good = (over: Values = {}): Values => {
  const n = ++serial;
  return {
    studentFirstName: `Kid`,
    studentLastName: `Fam${letters(n)}`,
    studentDateOfBirth: '2020-03-04',
    guardianName: `Parent ${'xyz'[n % 3]}`,
    guardianEmail: `parent${n}@example.org`,
    campus: 'North',
    grade: 'Kinder',
    status: 'Applied',
    ...over,
  };
};
const fileRows = (values: Values[]): MappedImportRow[] => values.map((v, i) => ({ rowNumber: i + 2, values: v }));

const dryRun = (token: string, rows: MappedImportRow[], over: Record<string, unknown> = {}) =>
  call<ImportReport>('POST', '/imports/dry-run', {
    token,
    body: { id_school_year: YEAR, id_campus: a1.id_campus, maps: maps(), rows, ...over },
  });

const commit = (token: string, rows: MappedImportRow[], over: Record<string, unknown> = {}) =>
  call<ImportBatch & { message: string; errors?: unknown[] }>('POST', '/imports/commit', {
    token,
    body: { id_school_year: YEAR, id_campus: a1.id_campus, maps: maps(), rows, ...over },
  });

/** Commits and waits for the job to end; the batch as it ended. */
async function commitAndWait(rows: MappedImportRow[], over: Record<string, unknown> = {}) {
  const res = await commit(admin, rows, over);
  expect(res.status, JSON.stringify(res.body)).toBe(202);
  const id = res.body.id_import_batch;
  let batch: ImportBatch | undefined;
  await expect
    .poll(
      async () => {
        batch = (await call<ImportBatch>('GET', `/imports/batches/${id}`, { token: admin })).body;
        return batch.status;
      },
      { timeout: 30_000, interval: 100 },
    )
    .toMatch(/^(done|failed)$/);
  return batch!;
}

const TABLES = [
  'application',
  'applicant',
  'application_status',
  'application_note',
  'application_tag',
  'campus_year_grade',
];
const ORDER: Record<string, string> = {
  application: 'id_application',
  applicant: 'id_applicant',
  application_status: 'id_application_status',
  application_note: 'id_application_note',
  application_tag: 'id_application_tag',
  campus_year_grade: 'id_campus_year_grade',
};

/** Every row of the tables an import writes, as text. */
async function snapshot() {
  const out: Record<string, unknown[]> = {};
  for (const t of TABLES)
    out[t] = rowsOf(await ctx.db.execute(sql.raw(`SELECT to_jsonb(x)::text AS r FROM ${t} x ORDER BY ${ORDER[t]}`)));
  return out;
}

async function counts() {
  const out: Record<string, number> = {};
  for (const t of [...TABLES, 'audit_log', 'import_batch', 'import_batch_row'])
    out[t] = rowsOf<{ n: number }>(await ctx.db.execute(sql.raw(`SELECT count(*)::int AS n FROM ${t}`)))[0].n;
  return out;
}

const importedOf = (id_import_batch: number) =>
  ctx.db
    .select({ application: s.application, applicant: s.applicant })
    .from(s.application)
    .innerJoin(s.applicant, eq(s.applicant.id_applicant, s.application.id_applicant))
    .where(eq(s.application.id_import_batch, id_import_batch))
    .orderBy(s.application.id_application);

beforeAll(async () => {
  ctx = await startTestApp();
  call = apiClient(ctx.baseUrl);
  const schoolA = await createSchool(ctx.db, 'Import School A');
  const schoolB = await createSchool(ctx.db, 'Import School B');
  a1 = await createCampus(ctx.db, schoolA.id_school, 'North Campus');
  a2 = await createCampus(ctx.db, schoolA.id_school, 'South Campus');
  b1 = await createCampus(ctx.db, schoolB.id_school, 'Beta Campus');
  await createCampusGrades(ctx.db, a1, [K, FIRST, SECOND]);
  await createCampusGrades(ctx.db, a2, [FIRST]);
  await createCampusGrades(ctx.db, b1, [K]);
  p1 = await createPeriod(ctx.db, a1, { id_school_year: YEAR, grades: { [K]: 50, [FIRST]: 3, [SECOND]: 20 } });
  p2 = await createPeriod(ctx.db, a2, { id_school_year: YEAR, grades: { [FIRST]: 10 } });
  await createPeriod(ctx.db, b1, { id_school_year: YEAR, grades: { [K]: 10 } });
  fair = await createTag(ctx.db, a1, 'Fair 2026');
  late = await createTag(ctx.db, a1, 'Late');
  await createTag(ctx.db, a2, 'South only');
  admin = await tokenFor(ctx, { context: CONTEXT_TYPE.SCHOOL, id_school: schoolA.id_school });
  campusUser = await tokenFor(ctx, {
    context: CONTEXT_TYPE.CAMPUS,
    id_school: schoolA.id_school,
    id_campus: a1.id_campus,
  });
  adminB = await tokenFor(ctx, { context: CONTEXT_TYPE.SCHOOL, id_school: schoolB.id_school });
}, 60_000);

afterAll(async () => {
  await ctx?.close();
});

describe('dry run', () => {
  it('names each bad row, its column and message, and writes nothing', async () => {
    // 100 rows, 5 bad of known kinds (5%)
    const values = Array.from({ length: 100 }, () => good());
    values[9] = good({ guardianEmail: 'not-an-email' }); // row 11
    values[29] = good({ studentDateOfBirth: '2019-02-30' }); // row 31
    values[49] = good({ grade: 'Pre-K' }); // row 51
    values[69] = good({ studentFirstName: ' ' }); // row 71
    values[89] = good({ guardianPhone: '555-CALL-NOW', guardianEmail: '' }); // row 91
    // good, though not as the API writes them: an American phone with dashes, a month-first date, a full name
    values[4] = good({ guardianPhone: '(512) 555-0199', studentDateOfBirth: '3/4/2020' });
    values[5] = {
      ...good(),
      studentFirstName: undefined,
      studentLastName: undefined,
      studentFullName: 'Ana María López',
    };
    const before = await counts();
    const res = await dryRun(admin, fileRows(values));
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.problems).toEqual([
      { rowNumber: 11, column: 'guardianEmail', message: 'emailInvalid' },
      { rowNumber: 31, column: 'studentDateOfBirth', message: 'invalidDate' },
      { rowNumber: 51, column: 'grade', message: 'importUnknownValue' },
      { rowNumber: 71, column: 'studentFirstName', message: 'required' },
      { rowNumber: 91, column: 'guardianPhone', message: 'phoneFormat' },
    ]);
    expect(res.body.counts).toEqual({ new: 95, duplicate: 0, refused: 5 });
    expect(res.body.overfilled).toEqual([]);
    expect(await counts()).toEqual(before);

    const csv = await fetch(`${ctx.baseUrl}/api/imports/dry-run/report`, {
      method: 'POST',
      headers: { authorization: `Bearer ${admin}`, 'content-type': 'application/json', 'accept-language': 'es' },
      body: JSON.stringify({ id_school_year: YEAR, id_campus: a1.id_campus, maps: maps(), rows: fileRows(values) }),
    });
    expect(csv.status).toBe(200);
    expect(csv.headers.get('content-type')).toMatch(/text\/csv/);
    const lines = (await csv.text())
      .replace(/^\uFEFF/, '')
      .trim()
      .split('\n');
    expect(lines[0]).toBe('row,column,message');
    expect(lines.slice(1).map((l) => l.split(',').slice(0, 2).join(','))).toEqual([
      '11,guardianEmail',
      '31,studentDateOfBirth',
      '51,grade',
      '71,studentFirstName',
      '91,guardianPhone',
    ]);
    expect(lines[4]).toContain('Campo requerido');
  });

  it('checks statuses, positions, numbers and the campus', async () => {
    const res = await dryRun(
      admin,
      fileRows([
        good({ status: 'Lost' }),
        good({ status: 'Waitlist', grade: '2nd', waitingListPosition: '0' }),
        good({ status: 'Applied', waitingListPosition: '2' }),
        good({ lotteryNumber: '1.5' }),
        good({ campus: 'Elsewhere' }),
        good({ status: 'Offered', grade: undefined }),
        good({ campus: 'South', grade: 'Kinder' }),
        good({ status: 'Waitlist', grade: '2nd', waitingListPosition: '4' }),
        good({ status: 'Waitlist', grade: '2nd', waitingListPosition: '4' }),
        good({ priority: 'Nope' }),
        good({ priority: 'Lottery winner' }),
        good({ tags: 'Late, South only' }),
        // the catalog's own name, without a map: resolved as a grade's is (no problem for row 14)
        good({ priority: 'Staff Child' }),
      ]),
    );
    expect(res.status).toBe(200);
    expect(res.body.problems).toEqual([
      { rowNumber: 2, column: 'status', message: 'importUnknownValue' },
      { rowNumber: 3, column: 'waitingListPosition', message: 'importPositiveInteger' },
      { rowNumber: 4, column: 'waitingListPosition', message: 'importPositionNotWaiting' },
      { rowNumber: 5, column: 'lotteryNumber', message: 'importPositiveInteger' },
      { rowNumber: 6, column: 'campus', message: 'importUnknownValue' },
      { rowNumber: 7, column: 'grade', message: 'gradeRequiredForSeat' },
      { rowNumber: 8, column: 'grade', message: 'unknownGrade' },
      { rowNumber: 10, column: 'waitingListPosition', message: 'importPositionTaken' },
      { rowNumber: 11, column: 'priority', message: 'invalidValue' },
      { rowNumber: 12, column: 'priority', message: 'importUnknownValue' },
      { rowNumber: 13, column: 'tags', message: 'importUnknownValue' },
    ]);
  });

  it('refuses a file that would over-fill a grade, in the dry run and at the commit', async () => {
    const rows = fileRows([
      ...Array.from({ length: 4 }, () => good({ grade: '1st', status: 'Offered' })),
      good({ grade: '1st', status: 'Applied' }),
    ]);
    const res = await dryRun(admin, rows);
    expect(res.body.overfilled).toEqual([{ id_campus: a1.id_campus, id_grade: FIRST, seatsLeft: 3, requested: 4 }]);
    expect(res.body.problems.map((p) => [p.rowNumber, p.message])).toEqual([
      [2, 'importSeatsExceeded'],
      [3, 'importSeatsExceeded'],
      [4, 'importSeatsExceeded'],
      [5, 'importSeatsExceeded'],
    ]);
    const before = await counts();
    const refused = await commit(admin, rows);
    expect(refused.status).toBe(409);
    expect(refused.body.message).toMatch(/over-fill/);
    expect(await counts()).toEqual(before);
  });
});

describe('commit', () => {
  it('writes the rows in one job, keeps the waiting list in the given order, marks history and audit', async () => {
    const rows = fileRows([
      good({ status: 'Waitlist', grade: '2nd', waitingListPosition: '3', studentFirstName: 'Third' }),
      good({ status: 'Waitlist', grade: '2nd', waitingListPosition: '1', studentFirstName: 'First' }),
      good({
        status: 'Applied',
        notes: 'Came from the fair',
        lotteryNumber: '17',
        siblingPriority: 'yes',
        priority: 'sibling',
        tags: 'fair 2026; Late',
      }),
      good({ status: 'Waitlist', grade: '2nd', studentFirstName: 'Last' }),
      good({ status: 'Waitlist', grade: '2nd', waitingListPosition: '2', studentFirstName: 'Second' }),
      good({ status: 'Offered', grade: '1st', applicationDate: '2026-01-15' }),
      good({ guardianEmail: 'bad' }),
    ]);
    const batch = await commitAndWait(rows);
    expect(batch).toMatchObject({ status: 'done', total: 7, created: 6, refused: 1, merged: 0, skipped: 0 });
    const imported = await importedOf(batch.id_import_batch);
    expect(imported).toHaveLength(6);
    const waiting = imported
      .filter((r) => r.application.id_status === STATUS.WAITING_LIST)
      .sort((x, y) => x.application.waiting_list_position! - y.application.waiting_list_position!)
      .map((r) => [r.applicant.firstName, r.application.waiting_list_position]);
    expect(waiting).toEqual([
      ['First', 1],
      ['Second', 2],
      ['Third', 3],
      ['Last', 4],
    ]);
    const applied = imported.find((r) => r.application.id_status === STATUS.APPLIED)!;
    expect(applied.application).toMatchObject({
      lottery_number: 17,
      sibling_priority: true,
      origin: 'import',
      id_priority_item: 1,
    });
    const offered = imported.find((r) => r.application.id_status === STATUS.OFFERED)!;
    expect(offered.application.createdAt.toISOString()).toBe('2026-01-15T00:00:00.000Z');
    // the offer lapses by its period's rule (7 days, at 17:00 on the campus's clock), counted from the import
    const lapses = offered.application.offer_expires_at!.getTime() - Date.now();
    expect(lapses).toBeGreaterThan(6 * DAY);
    expect(lapses).toBeLessThan(8 * DAY);
    expect(applied.application.offer_expires_at).toBeNull();
    const [seat] = await ctx.db
      .select()
      .from(s.campusYearGrade)
      .where(
        eq(s.campusYearGrade.id_campus_year_grade, p1.seats.find((x) => x.id_grade === FIRST)!.id_campus_year_grade),
      );
    expect(seat.taken).toBe(1);
    const history = await ctx.db
      .select()
      .from(s.applicationStatus)
      .where(eq(s.applicationStatus.id_application, applied.application.id_application));
    expect(history).toEqual([
      expect.objectContaining({ id_status: STATUS.APPLIED, note: `import #${batch.id_import_batch}` }),
    ]);
    const audit = await ctx.db.select().from(s.auditLog).where(eq(s.auditLog.action, 'application.import'));
    expect(
      audit.filter((a) => (a.changes as { id_import_batch: number }).id_import_batch === batch.id_import_batch),
    ).toHaveLength(6);
    const notes = await ctx.db
      .select()
      .from(s.applicationNote)
      .where(eq(s.applicationNote.id_application, applied.application.id_application));
    expect(notes.map((n) => n.note)).toEqual(['Came from the fair']);
    const tags = await ctx.db
      .select({ id_tag: s.applicationTag.id_tag })
      .from(s.applicationTag)
      .where(eq(s.applicationTag.id_application, applied.application.id_application));
    expect(tags.map((t) => t.id_tag).sort()).toEqual([fair.id_tag, late.id_tag].sort());
    await expectSeatsAndPlacesConsistent(ctx.db);

    // a second import's waiting rows go after the list the first one left, in their own order
    const second = await commitAndWait(
      fileRows([
        good({ status: 'Waitlist', grade: '2nd', waitingListPosition: '2', studentFirstName: 'Sixth' }),
        good({ status: 'Waitlist', grade: '2nd', waitingListPosition: '1', studentFirstName: 'Fifth' }),
      ]),
    );
    const more = (await importedOf(second.id_import_batch)).map((r) => [
      r.applicant.firstName,
      r.application.waiting_list_position,
    ]);
    expect(more).toEqual([
      ['Sixth', 6],
      ['Fifth', 5],
    ]);
    // undo the second: the first's list stays as it was
    expect((await call('POST', `/imports/batches/${second.id_import_batch}/undo`, { token: admin })).status).toBe(200);
    await expectSeatsAndPlacesConsistent(ctx.db);
  });

  it('leaves nothing when a row fails in the middle of the commit', async () => {
    // the database refuses the 500th row of 600
    await ctx.db.execute(
      sql`ALTER TABLE applicant ADD CONSTRAINT test_refuse_boom CHECK (first_name <> 'Boom') NOT VALID`,
    );
    try {
      const values = Array.from({ length: 600 }, () => good({ status: 'Waitlist', grade: '2nd' }));
      values[499] = good({ status: 'Waitlist', grade: '2nd', studentFirstName: 'Boom' });
      values[10] = good({ status: 'Offered', grade: 'Kinder' });
      const before = await snapshot();
      const batch = await commitAndWait(fileRows(values));
      expect(batch.status).toBe('failed');
      expect(batch.error).toBe('The import failed: nothing was written.');
      expect(await snapshot()).toEqual(before);
      expect(await importedOf(batch.id_import_batch)).toEqual([]);
    } finally {
      await ctx.db.execute(sql`ALTER TABLE applicant DROP CONSTRAINT test_refuse_boom`);
    }
  });
});

describe('duplicates', () => {
  it('finds pairs in the file and against the database, and obeys merge, keep and skip', async () => {
    const jose = await createApplication(
      ctx.db,
      { ...p1, id_school_year: YEAR },
      {
        firstName: 'José',
        lastName: 'Pérez',
        dateOfBirth: '2019-05-01',
        guardianEmail: 'Maria.Perez@Example.org',
        guardianPhoneNumber: null,
        id_grade: K,
        id_status: STATUS.APPLIED,
      },
    );
    const lina = await createApplication(
      ctx.db,
      { ...p1, id_school_year: YEAR },
      {
        firstName: 'Lina',
        lastName: 'Ng',
        dateOfBirth: '2019-07-07',
        guardianEmail: null,
        guardianPhoneNumber: '5125550177',
        id_grade: K,
      },
    );
    const values: Values[] = [
      // 2: José again (accents and case aside), same e-mail -> the application in OpenSeat
      good({
        studentFirstName: 'Jose',
        studentLastName: 'perez',
        studentDateOfBirth: '2019-05-01',
        guardianEmail: ' maria.perez@example.org',
        guardianPhone: '(512) 555-0111',
        studentAddress: '1 Main St',
      }),
      // 3 and 4: Ana twice in the file, one phone written two ways
      good({
        studentFirstName: 'Ana',
        studentLastName: 'Lopez',
        studentDateOfBirth: '2020-01-02',
        guardianEmail: '',
        guardianPhone: '512-555-0101',
      }),
      good({
        studentFirstName: 'Ana',
        studentLastName: 'López',
        studentDateOfBirth: '2020-01-02',
        guardianEmail: '',
        guardianPhone: '+1 (512) 555 0101',
      }),
      // 5: same phone, another child (another birthday): no pair
      good({
        studentFirstName: 'Ana',
        studentLastName: 'Lopez',
        studentDateOfBirth: '2021-09-09',
        guardianEmail: '',
        guardianPhone: '5125550101',
      }),
      // 6: José's name, another family: no pair
      good({ studentFirstName: 'Jose', studentLastName: 'Perez', studentDateOfBirth: '2019-05-01' }),
      // 7: Lina (same phone) -> the application in OpenSeat
      good({
        studentFirstName: 'Lina',
        studentLastName: 'Ng',
        studentDateOfBirth: '2019-07-07',
        guardianEmail: '',
        guardianPhone: '512.555.0177',
      }),
    ];
    const rows = fileRows(values);
    const report = await dryRun(admin, rows);
    expect(report.status).toBe(200);
    expect(report.body.counts).toEqual({ new: 3, duplicate: 3, refused: 0 });
    expect(
      report.body.duplicates.map((d) => [
        d.row.rowNumber,
        d.other.rowNumber ?? `app ${d.other.id_application}`,
        d.reason,
      ]),
    ).toEqual([
      [2, `app ${jose.id_application}`, 'email'],
      [4, 3, 'phone'],
      [7, `app ${lina.id_application}`, 'phone'],
    ]);
    expect(report.body.duplicates[0].other).toMatchObject({
      firstName: 'José',
      lastName: 'Pérez',
      correlative: jose.correlative,
    });

    const undecided = await commit(admin, rows, { decisions: [{ rowNumber: 2, action: 'merge' }] });
    expect(undecided.status).toBe(400);
    expect(undecided.body.message).toBe('Choose merge, keep both or skip for each duplicate.');

    const before = await snapshot();
    const batch = await commitAndWait(rows, {
      decisions: [
        { rowNumber: 2, action: 'merge' },
        { rowNumber: 4, action: 'keep' },
        { rowNumber: 7, action: 'skip' },
      ],
    });
    expect(batch).toMatchObject({ status: 'done', created: 4, merged: 1, skipped: 1 });
    const created = (await importedOf(batch.id_import_batch)).map(
      (r) => `${r.applicant.firstName} ${r.applicant.lastName}`,
    );
    expect(created).toEqual(['Ana Lopez', 'Ana López', 'Ana Lopez', 'Jose Perez']);
    const [merged] = await ctx.db.select().from(s.applicant).where(eq(s.applicant.id_applicant, jose.id_applicant));
    // the empty fields filled, the others kept, the application kept its id
    expect(merged).toMatchObject({
      firstName: 'José',
      guardianEmail: 'Maria.Perez@Example.org',
      guardianPhoneNumber: '+15125550111',
      address: '1 Main St',
    });
    const [joseApp] = await ctx.db
      .select()
      .from(s.application)
      .where(eq(s.application.id_application, jose.id_application));
    expect(joseApp.id_import_batch).toBeNull();

    // undo: the tables as they were before the commit
    const undone = await call<ImportBatch>('POST', `/imports/batches/${batch.id_import_batch}/undo`, { token: admin });
    expect(undone.status, JSON.stringify(undone.body)).toBe(200);
    expect(undone.body.status).toBe('undone');
    expect(await snapshot()).toEqual(before);
    const again = await call<{ message: string }>('POST', `/imports/batches/${batch.id_import_batch}/undo`, {
      token: admin,
    });
    expect(again.status).toBe(409);
  });
});

describe('duplicates inside the file', () => {
  it("merges a row into an earlier one: one application with both rows' fields", async () => {
    const child = { studentFirstName: 'Noor', studentLastName: 'Haddad', studentDateOfBirth: '2020-06-06' };
    const rows = fileRows([
      good({ ...child, guardianEmail: 'haddad@example.org' }),
      good({ ...child, guardianEmail: 'HADDAD@example.org', guardianPhone: '512 555 0142', studentAddress: '9 Elm' }),
    ]);
    const report = await dryRun(admin, rows);
    expect(report.body.duplicates.map((d) => [d.row.rowNumber, d.other.rowNumber, d.reason])).toEqual([
      [3, 2, 'email'],
    ]);
    const batch = await commitAndWait(rows, { decisions: [{ rowNumber: 3, action: 'merge' }] });
    expect(batch).toMatchObject({ status: 'done', created: 1, merged: 1, skipped: 0 });
    const [only] = await importedOf(batch.id_import_batch);
    expect(only.applicant).toMatchObject({
      firstName: 'Noor',
      guardianEmail: 'haddad@example.org',
      guardianPhoneNumber: '+15125550142',
      address: '9 Elm',
    });
  });

  it('refuses a file whose rows repeat a row number', async () => {
    const res = await dryRun(admin, [
      { rowNumber: 2, values: good() },
      { rowNumber: 2, values: good() },
    ]);
    expect(res.status).toBe(400);
  });
});

describe('undo', () => {
  it('restores the tables, and is refused once an application moved', async () => {
    const before = await snapshot();
    const rows = fileRows([
      good({ status: 'Offered', grade: 'Kinder' }),
      good({ status: 'Waitlist', grade: 'Kinder', waitingListPosition: '1' }),
      good({ status: 'Enrolled', grade: 'Kinder', tags: 'Late' }),
    ]);
    const first = await commitAndWait(rows);
    expect(first.status).toBe('done');
    expect((await call('POST', `/imports/batches/${first.id_import_batch}/undo`, { token: admin })).status).toBe(200);
    expect(await snapshot()).toEqual(before);

    const second = await commitAndWait(fileRows([good({ status: 'Applied' }), good({ status: 'Applied' })]));
    const [moved] = await importedOf(second.id_import_batch);
    const move = await call('PUT', '/application/status', {
      token: admin,
      body: { applicationIds: [moved.application.id_application], id_status: STATUS.DENIED },
    });
    expect(move.status, JSON.stringify(move.body)).toBe(200);
    const refused = await call<{ message: string }>('POST', `/imports/batches/${second.id_import_batch}/undo`, {
      token: admin,
    });
    expect(refused.status).toBe(409);
    expect(refused.body.message).toMatch(/can no longer be undone/);
    expect(await importedOf(second.id_import_batch)).toHaveLength(2);

    // a tag put on an imported application after the commit is a change too
    const third = await commitAndWait(fileRows([good({ tags: 'Late' })]));
    const [tagged] = await importedOf(third.id_import_batch);
    const tag = await call('POST', '/application-tag', {
      token: admin,
      body: { id_application: tagged.application.id_application, id_tag: fair.id_tag },
    });
    expect(tag.status, JSON.stringify(tag.body)).toBe(200);
    expect((await call('POST', `/imports/batches/${third.id_import_batch}/undo`, { token: admin })).status).toBe(409);
  });
});

describe('tenancy', () => {
  it('another school gets nothing; a campus user imports only into its campus', async () => {
    const batch = await commitAndWait(fileRows([good()]));
    expect((await call('GET', `/imports/batches/${batch.id_import_batch}`, { token: adminB })).status).toBe(404);
    expect((await call('POST', `/imports/batches/${batch.id_import_batch}/undo`, { token: adminB })).status).toBe(404);
    const list = await call<{ data: ImportBatch[] }>('GET', '/imports/batches', { token: adminB });
    expect(list.body.data).toEqual([]);
    // another school's campus
    expect((await dryRun(adminB, fileRows([good()]))).status).toBe(404);
    // a campus user: its own campus only
    expect((await dryRun(campusUser, fileRows([good()]), { id_campus: a2.id_campus })).status).toBe(404);
    const own = await dryRun(campusUser, fileRows([good(), good({ campus: 'South', grade: '1st' })]));
    expect(own.status).toBe(200);
    expect(own.body.problems).toEqual([{ rowNumber: 3, column: 'campus', message: 'importCampusOutOfScope' }]);
    expect((await call('GET', `/imports/batches/${batch.id_import_batch}`, { token: campusUser })).status).toBe(404);
    const mine = await commit(campusUser, fileRows([good()]));
    expect(mine.status).toBe(202);
    expect((await call('GET', `/imports/batches/${mine.body.id_import_batch}`, { token: campusUser })).status).toBe(
      200,
    );
  });

  it('lists the same child at several campuses, only to its own school', async () => {
    const child = { firstName: 'Zoé', lastName: 'Martin', dateOfBirth: '2018-08-08' };
    await createApplication(ctx.db, { ...p1, id_school_year: YEAR }, { ...child, id_grade: K });
    await createApplication(ctx.db, { ...p2, id_school_year: YEAR }, { ...child, firstName: 'zoe', id_grade: FIRST });
    const res = await call<{ data: Array<{ firstName: string; applications: unknown[] }>; total: number }>(
      'GET',
      `/imports/conflicts?id_school_year=${YEAR}`,
      { token: admin },
    );
    expect(res.status).toBe(200);
    const zoe = res.body.data.find((c) => c.firstName.toLowerCase().startsWith('zo'));
    expect(zoe?.applications).toHaveLength(2);
    const other = await call<{ data: unknown[] }>('GET', `/imports/conflicts?id_school_year=${YEAR}`, {
      token: adminB,
    });
    expect(other.body.data).toEqual([]);
  });
});
