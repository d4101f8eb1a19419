import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CONTEXT_TYPE, STATUS } from '@openseat/shared/constants';
import type { RetentionPreview, RetentionRun, RetentionSettings } from '@openseat/shared/schemas/retention';
import * as s from '../../db/schema/index';
import { rowsOf } from '../../lib/sql';
import { createApplication } from '../../test/application-factories';
import { createCampusGrades, createPeriod } from '../../test/enrollment-factories';
import { createCampus, createSchool, createUser } from '../../test/factories';
import { apiClient, startTestApp, type TestContext } from '../../test/harness';
import { closedLotteryPeriod, drawOnDiceInDb, ON_TIME } from '../../test/lottery-draw';
import { tablesHolding } from '../../test/personal-data';
import { tokenFor } from '../../test/session';
import { retentionScheduleJob } from './retention.jobs';
import { currentYearOne } from './retention.policy';

/*
 * The retention policy (docs/privacy.md, "Retention") against the real database: school A keeps applications one
 * school year after their own; its 2024-2025 lottery campus is finalized (a drawn lottery, the Quornby family with
 * every kind of personal data and an uploaded file), a 2024-2025 period of another campus is still started, and a
 * finalized period of a far later year is not due. School B has the same policy and a finalized 2024-2025 period.
 */

const FAMILY = ['Quornby', 'quornby.family@example.org', 'zyxwa.kid@example.org', '5550101999'];

let ctx: TestContext;
let call: ReturnType<typeof apiClient>;
let dataDir: string;
let w: Awaited<ReturnType<typeof buildWorld>>;

type Saved<T> = { message: string; data: T };

/** A file on disk under the data directory and its application_file row. */
async function uploadedFile(app: { id_school: number; id_application: number }, originalName: string) {
  const stored = path.join('applications', `${app.id_application}-${Math.random().toString(36).slice(2)}.pdf`);
  fs.mkdirSync(path.join(dataDir, 'files', 'applications'), { recursive: true });
  fs.writeFileSync(path.join(dataDir, 'files', stored), `%PDF birth certificate of ${originalName}`);
  await ctx.db.insert(s.applicationFile).values({
    id_school: app.id_school,
    id_application: app.id_application,
    storedPath: stored,
    originalName,
    mimeType: 'application/pdf',
    size: 40,
  });
  return stored;
}

/** The Quornby family's application carries every kind of personal data the product keeps about one. */
async function withPersonalData(
  app: { id_school: number; id_campus: number; id_application: number; id_applicant: number },
  id_user: number,
) {
  const { db } = ctx;
  await db
    .update(s.applicant)
    .set({
      address: '1 Quornby Lane',
      guardianName: 'Pat Quornby',
      guardianAddress: '1 Quornby Lane',
      guardianOccupation: 'Quornby & Sons',
      actualSchool: 'Quornby Preschool',
    })
    .where(eq(s.applicant.id_applicant, app.id_applicant));
  const file = await uploadedFile(app, 'zyxwa-quornby-birth.pdf');
  await db.insert(s.applicationNote).values({
    id_school: app.id_school,
    id_application: app.id_application,
    id_user,
    note: 'Called Pat Quornby at 5550101999',
  });
  await db.execute(
    sql`UPDATE application_status SET note = 'Quornby asked to wait' WHERE id_application = ${app.id_application}`,
  );
  await db.insert(s.formSubmission).values({
    id_school: app.id_school,
    id_campus: app.id_campus,
    id_form_type: 1,
    deliveryId: `delivery-${app.id_application}`,
    id_application: app.id_application,
    payload: { name: 'Zyxwa Quornby', email: 'quornby.family@example.org' },
    answers: [{ question: 'Guardian e-mail', answer: 'quornby.family@example.org' }],
  });
  await db.insert(s.messageOutbox).values([
    {
      id_school: app.id_school,
      id_campus: app.id_campus,
      id_application: app.id_application,
      idempotencyKey: `mail-${app.id_application}`,
      channel: 'email',
      id_message_type: 1,
      recipient: 'quornby.family@example.org',
      subject: 'Dear Pat Quornby',
      body: 'Zyxwa Quornby has a seat',
      html: '<p>Zyxwa Quornby has a seat</p>',
      status: 'sent',
    },
    {
      id_school: app.id_school,
      id_campus: app.id_campus,
      id_application: app.id_application,
      idempotencyKey: `sms-${app.id_application}`,
      channel: 'sms',
      id_message_type: 1,
      recipient: '+15550101999',
      body: 'Zyxwa Quornby has a seat',
      status: 'queued',
    },
  ]);
  await db.insert(s.notification).values({
    id_school: app.id_school,
    id_user,
    id_application: app.id_application,
    id_notification_settings_type: 1,
    message: 'Zyxwa Quornby moved to offered',
  });
  await db.insert(s.capturedMail).values({
    from: 'school@example.org',
    to: 'Pat Quornby <quornby.family@example.org>',
    subject: 'Your seat',
    text: 'Zyxwa Quornby has a seat',
  });
  await db.insert(s.capturedTextMessage).values({ from: '+15550000000', to: '+15550101999', body: 'Quornby seat' });
  await db.insert(s.auditLog).values({
    id_school: app.id_school,
    id_user,
    action: 'application.update',
    entity: 'application',
    entityId: String(app.id_application),
    changes: {
      firstName: { from: 'Zyxa', to: 'Zyxwa' },
      guardianEmail: { from: null, to: 'quornby.family@example.org' },
    },
  });
  await db.insert(s.recordAccess).values({
    id_school: app.id_school,
    id_campus: app.id_campus,
    id_application: app.id_application,
    id_user,
    how: 'download',
    detail: 'zyxwa-quornby-birth.pdf',
  });
  return file;
}

async function buildWorld() {
  const { db } = ctx;
  const schoolA = await createSchool(db, 'Retention Academy');
  const schoolB = await createSchool(db, 'Retention Other');
  const lotteryCampus = await createCampus(db, schoolA.id_school, 'Retention Lottery');
  const other = await createCampus(db, schoolA.id_school, 'Retention Open');
  const b1 = await createCampus(db, schoolB.id_school, 'Other Main');
  for (const campus of [lotteryCampus, other, b1]) await createCampusGrades(db, campus, [3]);
  await db
    .update(s.campusConfiguration)
    .set({ is_lottery_campus: true })
    .where(eq(s.campusConfiguration.id_campus, lotteryCampus.id_campus));
  const admin = await createUser(db, { context: CONTEXT_TYPE.SCHOOL, id_school: schoolA.id_school });
  const second = await createUser(db, { context: CONTEXT_TYPE.SCHOOL, id_school: schoolA.id_school });

  // 2024-2025 on the lottery campus: drawn, then finalized
  const old = await createPeriod(db, lotteryCampus, closedLotteryPeriod({ id_school_year: 1, grades: { 3: 1 } }));
  const quornby = await createApplication(db, old, {
    id_status: STATUS.APPLIED,
    firstName: 'Zyxwa',
    lastName: 'Quornby',
    email: 'zyxwa.kid@example.org',
    phoneNumber: '5550101999',
    guardianEmail: 'quornby.family@example.org',
    guardianPhoneNumber: '5550101999',
    createdAt: ON_TIME,
  });
  const others = [];
  for (let i = 0; i < 2; i++)
    others.push(await createApplication(db, old, { id_status: STATUS.APPLIED, createdAt: ON_TIME }));
  const frozen = await drawOnDiceInDb(ctx, old, [admin.id_user, second.id_user]);
  await db
    .update(s.campusYear)
    .set({ state: 'finalized', finalizedAt: new Date() })
    .where(eq(s.campusYear.id_campus_year, old.id_campus_year));
  const quornbyFile = await withPersonalData({ ...quornby, id_campus: old.id_campus }, admin.id_user);
  // a child copied to a far later year: kept whole until that period is due too
  const kept = await createPeriod(db, lotteryCampus, { id_school_year: 8, state: 'finalized' });
  const copied = await createApplication(db, old, { id_status: STATUS.DENIED, firstName: 'Copiedkid' });
  await db.insert(s.application).values({
    id_school: schoolA.id_school,
    id_campus: kept.id_campus,
    id_campus_year: kept.id_campus_year,
    id_school_year: 8,
    correlative: 900000 + copied.id_application,
    id_applicant: copied.id_applicant,
    id_status: STATUS.LEAD,
  });
  // 2024-2025 on another campus, still started: not finalized, kept
  const open = await createPeriod(db, other, { id_school_year: 1, state: 'started', grades: { 3: 5 } });
  const openApp = await createApplication(db, open, { firstName: 'Notfinal', lastName: 'Openfamily' });
  const openFile = await uploadedFile({ ...openApp }, 'notfinal.pdf');
  // school B: the same policy, a finalized 2024-2025 period
  const bPeriod = await createPeriod(db, b1, { id_school_year: 1, state: 'finalized', grades: { 3: 5 } });
  const bApp = await createApplication(db, bPeriod, { firstName: 'Betakid', lastName: 'Otherschool' });
  const bFile = await uploadedFile(bApp, 'betakid.pdf');
  await db
    .update(s.schoolConfiguration)
    .set({ retention_years: 1 })
    .where(eq(s.schoolConfiguration.id_school, schoolB.id_school));
  return {
    schoolA,
    schoolB,
    old,
    quornby,
    others,
    copied,
    openApp,
    bApp,
    lottery: frozen.id_lottery,
    files: { quornby: quornbyFile, open: openFile, b: bFile },
    tokens: {
      admin: await tokenFor(ctx, { context: CONTEXT_TYPE.SCHOOL, id_school: schoolA.id_school }),
      campus: await tokenFor(ctx, {
        context: CONTEXT_TYPE.CAMPUS,
        id_school: schoolA.id_school,
        id_campus: lotteryCampus.id_campus,
      }),
    },
  };
}

const exists = (relative: string) => fs.existsSync(path.join(dataDir, 'files', relative));

/** Every row of a school in every table that has `id_school`, as one digest per table. */
async function schoolDigest(id_school: number) {
  const tables = rowsOf<{ table_name: string }>(
    await ctx.db.execute(sql`
      SELECT c.table_name FROM information_schema.columns c
        JOIN information_schema.tables t ON t.table_schema = c.table_schema AND t.table_name = c.table_name
       WHERE c.table_schema = 'public' AND t.table_type = 'BASE TABLE' AND c.column_name = 'id_school'
         AND c.table_name NOT IN ('retention_run', 'audit_log') ORDER BY 1`),
  );
  const out: Record<string, string> = {};
  for (const { table_name } of tables) {
    const [{ d }] = rowsOf<{ d: string }>(
      await ctx.db.execute(
        sql`SELECT count(*) || ':' || md5(coalesce(string_agg(t::text, '|' ORDER BY t::text), '')) AS d FROM ${sql.identifier(table_name)} t WHERE t.id_school = ${id_school}`,
      ),
    );
    out[table_name] = d;
  }
  return out;
}

/** What counts, reports and the lottery read: the applications' ids, statuses, places and lottery fields. */
async function countsOf(id_school: number) {
  return ctx.db.execute(sql`
    SELECT (SELECT string_agg(concat_ws(',', id_application, correlative, id_status, id_grade, id_campus, id_school_year,
              waiting_list_position, id_lottery, lottery_number, lottery_level, lottery_order, deleted_at), ';'
              ORDER BY id_application) FROM application WHERE id_school = ${id_school}) AS apps,
           (SELECT string_agg(concat_ws(',', id_application_status, id_application, id_status, id_status_from, created_at), ';'
              ORDER BY id_application_status) FROM application_status WHERE id_school = ${id_school}) AS history,
           (SELECT string_agg(concat_ws(',', id_campus, id_school_year, day, metric, n), ';' ORDER BY id_campus, id_school_year, day, metric)
              FROM dashboard_count WHERE id_school = ${id_school}) AS dashboard,
           (SELECT string_agg(concat_ws(',', id_lottery, inputs_hash, result_hash, signature), ';' ORDER BY id_lottery)
              FROM lottery WHERE id_school = ${id_school}) AS lotteries`);
}

async function finishedRun(id_school: number): Promise<RetentionRun> {
  let run: RetentionRun | undefined;
  await expect
    .poll(
      async () => {
        const res = await call<RetentionRun[]>('GET', `/retention/runs?id_school=${id_school}`, {
          token: w.tokens.admin,
        });
        run = res.body[0];
        return run?.status;
      },
      { timeout: 20_000 },
    )
    .toBe('done');
  return run!;
}

beforeAll(async () => {
  dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'openseat-retention-'));
  ctx = await startTestApp({ env: { DATA_DIR: dataDir } });
  call = apiClient(ctx.baseUrl);
  w = await buildWorld();
});
afterAll(async () => {
  await ctx?.close();
  fs.rmSync(dataDir, { recursive: true, force: true });
});

describe('the school year a date falls in', () => {
  it('starts on July 1 where the school is', () => {
    expect(currentYearOne('America/Los_Angeles', new Date('2026-07-01T06:59:00Z'))).toBe(2025);
    expect(currentYearOne('America/Los_Angeles', new Date('2026-07-01T07:00:00Z'))).toBe(2026);
    expect(currentYearOne('UTC', new Date('2027-01-15T00:00:00Z'))).toBe(2026);
  });
});

describe('retention settings', () => {
  it('is off by default: the preview is empty and a run is refused with the message', async () => {
    const got = await call<RetentionSettings>('GET', `/retention/settings?id_school=${w.schoolA.id_school}`, {
      token: w.tokens.admin,
    });
    expect(got.status).toBe(200);
    expect(got.body).toMatchObject({ retention_years: null, lastRun: null });
    const preview = await call<RetentionPreview>('GET', `/retention/preview?id_school=${w.schoolA.id_school}`, {
      token: w.tokens.admin,
    });
    expect(preview.body.totals).toEqual({ applications: 0, files: 0, messages: 0, accessRows: 0 });
    const run = await call<{ message: string }>('POST', '/retention/runs', {
      token: w.tokens.admin,
      body: { id_school: w.schoolA.id_school },
    });
    expect(run.status).toBe(400);
    expect(run.body.message).toBe(
      'Choose how many school years to keep applications before running the retention policy.',
    );
  });

  it('refuses a number of years out of range with the message (400) and a campus user (403)', async () => {
    for (const retention_years of [0, 51, 2.5, 'abc']) {
      const res = await call<{ message: string; errors: Array<{ path: string; message: string }> }>(
        'PUT',
        '/retention/settings',
        { token: w.tokens.admin, body: { id_school: w.schoolA.id_school, retention_years } },
      );
      expect(res.status, String(retention_years)).toBe(400);
      expect(JSON.stringify(res.body)).toContain(
        'Keep applications from 1 to 50 school years, or leave it empty to keep them all.',
      );
    }
    const campus = await call('GET', `/retention/preview?id_school=${w.schoolA.id_school}`, {
      token: w.tokens.campus,
    });
    expect(campus.status).toBe(403);
  });
});

describe('a retention run', () => {
  let preview: RetentionPreview;
  let countsBefore: unknown;
  let verifyBefore: unknown;
  let schoolBBefore: Record<string, string>;

  it('saves the policy (audited) and previews what goes per school year and campus', async () => {
    const saved = await call<Saved<RetentionSettings>>('PUT', '/retention/settings', {
      token: w.tokens.admin,
      body: { id_school: w.schoolA.id_school, retention_years: 1 },
    });
    expect(saved.status, JSON.stringify(saved.body)).toBe(200);
    expect(saved.body.data.retention_years).toBe(1);
    const [audit] = await ctx.db.select().from(s.auditLog).where(eq(s.auditLog.action, 'school.retention'));
    expect(audit.changes).toEqual({ retention_years: { from: null, to: 1 } });

    const res = await call<RetentionPreview>('GET', `/retention/preview?id_school=${w.schoolA.id_school}`, {
      token: w.tokens.admin,
    });
    expect(res.status).toBe(200);
    preview = res.body;
    // the drawn three of 2024-2025; the copied child waits for its later year; the started period is not due
    expect(preview.periods).toEqual([
      expect.objectContaining({
        schoolYear: '2024-2025',
        campus: 'Retention Lottery',
        applications: 3,
        files: 1,
        messages: 2,
      }),
    ]);
    expect(preview.totals).toMatchObject({ applications: 3, files: 1, messages: 2 });
  });

  it('anonymises exactly what the preview showed; counts, lottery and other data stay', async () => {
    countsBefore = rowsOf(await countsOf(w.schoolA.id_school));
    schoolBBefore = await schoolDigest(w.schoolB.id_school);
    const verify = await call<{ valid: boolean; checks: unknown[] }>('GET', `/lottery/${w.lottery}/verify`, {
      token: w.tokens.admin,
    });
    expect(verify.body.valid, JSON.stringify(verify.body)).toBe(true);
    verifyBefore = verify.body.checks;
    for (const needle of FAMILY) expect(await tablesHolding(ctx.db, needle), needle).not.toEqual([]);

    const started = await call<Saved<RetentionRun>>('POST', '/retention/runs', {
      token: w.tokens.admin,
      body: { id_school: w.schoolA.id_school },
    });
    expect(started.status, JSON.stringify(started.body)).toBe(200);
    expect(started.body.message).toBe('The retention run has started.');
    expect(started.body.data).toMatchObject({ trigger: 'manual', status: 'pending', retention_years: 1 });
    const run = await finishedRun(w.schoolA.id_school);
    expect(run).toMatchObject({
      total: preview.totals.applications,
      applications: preview.totals.applications,
      files: preview.totals.files,
      messages: preview.totals.messages,
      accessRows: preview.totals.accessRows,
      trigger: 'manual',
    });
    expect(run.user).not.toBeNull();

    // the family is nowhere: no text column of any table, no file on disk
    for (const needle of FAMILY) expect(await tablesHolding(ctx.db, needle), needle).toEqual([]);
    expect(exists(w.files.quornby)).toBe(false);
    const anonymised = await ctx.db
      .select({ id: s.application.id_application })
      .from(s.application)
      .where(sql`${s.application.anonymisedAt} IS NOT NULL`);
    expect(anonymised.map((a) => a.id).sort()).toEqual(
      [w.quornby.id_application, ...w.others.map((o) => o.id_application)].sort(),
    );
    const blanked = await ctx.db
      .select()
      .from(s.messageOutbox)
      .where(eq(s.messageOutbox.id_application, w.quornby.id_application));
    expect(blanked.map((m) => [m.recipient, m.body, m.status])).toEqual([
      ['—', '', 'sent'],
      ['—', '', 'skipped'],
    ]);

    // counts, history, dashboard, lottery records as they were; the lottery still verifies
    expect(rowsOf(await countsOf(w.schoolA.id_school))).toEqual(countsBefore);
    const after = await call<{ valid: boolean; checks: unknown[] }>('GET', `/lottery/${w.lottery}/verify`, {
      token: w.tokens.admin,
    });
    expect(after.body.valid).toBe(true);
    expect(after.body.checks).toEqual(verifyBefore);

    // another school, a period not finalized, a child still kept in a later year: untouched
    expect(await schoolDigest(w.schoolB.id_school)).toEqual(schoolBBefore);
    expect(exists(w.files.b)).toBe(true);
    expect(exists(w.files.open)).toBe(true);
    const names = await ctx.db
      .select({ id: s.applicant.id_applicant, firstName: s.applicant.firstName })
      .from(s.applicant)
      .where(sql`${s.applicant.id_applicant} IN (${w.openApp.id_applicant}, ${w.copied.id_applicant})`);
    expect(names.map((n) => n.firstName).sort()).toEqual(['Copiedkid', 'Notfinal']);

    const audit = await ctx.db.select().from(s.auditLog).where(eq(s.auditLog.action, 'retention.run'));
    expect(audit).toHaveLength(1);
    expect(audit[0].changes).toMatchObject({ trigger: 'manual', applications: 3, files: 1, messages: 2 });
  });

  it('removes nothing the second time', async () => {
    const before = await schoolDigest(w.schoolA.id_school);
    const res = await call<RetentionPreview>('GET', `/retention/preview?id_school=${w.schoolA.id_school}`, {
      token: w.tokens.admin,
    });
    expect(res.body.totals).toEqual({ applications: 0, files: 0, messages: 0, accessRows: 0 });
    const again = await call<Saved<RetentionRun>>('POST', '/retention/runs', {
      token: w.tokens.admin,
      body: { id_school: w.schoolA.id_school },
    });
    expect(again.status).toBe(200);
    const run = await finishedRun(w.schoolA.id_school);
    expect(run).toMatchObject({ total: 0, applications: 0, files: 0, messages: 0, accessRows: 0 });
    expect(await schoolDigest(w.schoolA.id_school)).toEqual(before);
  });

  it('prunes the reads of a record a year after its anonymisation, and only those', async () => {
    const yearsAgo = new Date(Date.now() - 2 * 365 * 86_400_000);
    await ctx.db
      .update(s.application)
      .set({ anonymisedAt: yearsAgo })
      .where(eq(s.application.id_application, w.quornby.id_application));
    const read = {
      id_school: w.schoolA.id_school,
      id_application: w.quornby.id_application,
      id_user: 1,
      how: 'view' as const,
    };
    await ctx.db.insert(s.recordAccess).values([
      { ...read, createdAt: yearsAgo },
      { ...read, createdAt: new Date() },
    ]);
    const res = await call<RetentionPreview>('GET', `/retention/preview?id_school=${w.schoolA.id_school}`, {
      token: w.tokens.admin,
    });
    // the row written today (the download) and the new one stay
    expect(res.body.totals.accessRows).toBe(1);
    await call('POST', '/retention/runs', { token: w.tokens.admin, body: { id_school: w.schoolA.id_school } });
    const run = await finishedRun(w.schoolA.id_school);
    expect(run.accessRows).toBe(1);
    const left = await ctx.db
      .select()
      .from(s.recordAccess)
      .where(eq(s.recordAccess.id_application, w.quornby.id_application));
    expect(left).toHaveLength(2);
  });

  it('runs daily for every school with a policy, one run each', async () => {
    await retentionScheduleJob.handle({}, ctx.jobContext, { number: 1, last: false });
    const runs = await ctx.db.select().from(s.retentionRun).where(eq(s.retentionRun.trigger, 'schedule'));
    expect(runs.map((r) => r.id_school).sort()).toEqual([w.schoolA.id_school, w.schoolB.id_school].sort());
    expect(runs.every((r) => r.id_user === null)).toBe(true);
  });
});
