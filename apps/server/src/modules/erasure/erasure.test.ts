import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CONTEXT_TYPE, STATUS } from '@openseat/shared/constants';
import type { ErasurePreview } from '@openseat/shared/schemas/erasure';
import * as s from '../../db/schema/index';
import { rowsOf } from '../../lib/sql';
import { createApplication } from '../../test/application-factories';
import { createCampusGrades, createPeriod } from '../../test/enrollment-factories';
import { createCampus, createSchool } from '../../test/factories';
import { apiClient, startTestApp, type TestContext } from '../../test/harness';
import { tablesHolding } from '../../test/personal-data';
import { tokenFor } from '../../test/session';

/*
 * Deletion on request (docs/privacy.md): the Vexworth family has two children at school A (two campuses, one with a
 * file on disk, a note, a message), and also applied to school B with the same e-mail. Deleting the family at A
 * removes every trace of them there and nothing at B; an unrelated family stays whole, and the counts stay.
 */

const GUARDIAN_EMAIL = 'vexworth.family@example.org';

let ctx: TestContext;
let call: ReturnType<typeof apiClient>;
let dataDir: string;
let admin: string;
let campusUser: string;
let w: Awaited<ReturnType<typeof buildWorld>>;

async function buildWorld() {
  const { db } = ctx;
  const schoolA = await createSchool(db, 'Erasure Academy');
  const schoolB = await createSchool(db, 'Erasure Elsewhere');
  const north = await createCampus(db, schoolA.id_school, 'Erasure North');
  const south = await createCampus(db, schoolA.id_school, 'Erasure South');
  const b1 = await createCampus(db, schoolB.id_school, 'Elsewhere Main');
  for (const campus of [north, south, b1]) await createCampusGrades(db, campus, [3]);
  const [northPeriod, southPeriod, bPeriod] = await Promise.all(
    [north, south, b1].map((campus) => createPeriod(db, campus, { state: 'started', grades: { 3: 10 } })),
  );
  const family = { lastName: 'Vexworth', guardianEmail: GUARDIAN_EMAIL, guardianPhoneNumber: '(555) 017-7123' };
  const qeldra = await createApplication(db, northPeriod, {
    ...family,
    firstName: 'Qeldra',
    id_status: STATUS.OFFERED,
  });
  const torvin = await createApplication(db, southPeriod, {
    ...family,
    firstName: 'Torvin',
    id_status: STATUS.APPLIED,
  });
  const plumtree = await createApplication(db, northPeriod, {
    firstName: 'Ossian',
    lastName: 'Plumtree',
    guardianEmail: 'plumtree.family@example.org',
    id_status: STATUS.APPLIED,
  });
  const elsewhere = await createApplication(db, bPeriod, { ...family, firstName: 'Qeldra', id_status: STATUS.APPLIED });

  const stored = path.join('applications', `${qeldra.id_application}-birth.pdf`);
  fs.mkdirSync(path.join(dataDir, 'files', 'applications'), { recursive: true });
  fs.writeFileSync(path.join(dataDir, 'files', stored), '%PDF Qeldra Vexworth birth certificate');
  await db.insert(s.applicationFile).values({
    id_school: qeldra.id_school,
    id_application: qeldra.id_application,
    storedPath: stored,
    originalName: 'qeldra-vexworth-birth.pdf',
    mimeType: 'application/pdf',
    size: 38,
  });
  await db.insert(s.messageOutbox).values({
    id_school: torvin.id_school,
    id_campus: torvin.id_campus,
    id_application: torvin.id_application,
    idempotencyKey: `erasure-${torvin.id_application}`,
    channel: 'email',
    id_message_type: 1,
    recipient: GUARDIAN_EMAIL,
    subject: 'Torvin Vexworth applied',
    body: 'Dear Vexworth family',
    status: 'sent',
  });
  return { schoolA, schoolB, north, qeldra, torvin, plumtree, elsewhere, stored };
}

const preview = (id: number, scope: string, token = admin) =>
  call<ErasurePreview>('GET', `/application/${id}/erasure?scope=${scope}`, { token });
const erase = (id: number, body: unknown, token = admin) =>
  call<{ message: string; applications: number; files: number; messages: number }>(
    'POST',
    `/application/${id}/erasure`,
    { token, body },
  );
const applicantOf = async (id_application: number) =>
  (
    await ctx.db
      .select({ firstName: s.applicant.firstName, guardianEmail: s.applicant.guardianEmail })
      .from(s.application)
      .innerJoin(s.applicant, eq(s.applicant.id_applicant, s.application.id_applicant))
      .where(eq(s.application.id_application, id_application))
  )[0];
const countsOf = async (id_school: number) =>
  rowsOf<{ d: string }>(
    await ctx.db.execute(sql`
      SELECT string_agg(concat_ws(',', id_application, id_status, id_grade, id_campus, correlative), ';'
               ORDER BY id_application) AS d FROM application WHERE id_school = ${id_school}`),
  )[0].d;

beforeAll(async () => {
  dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'openseat-erasure-'));
  ctx = await startTestApp({ env: { DATA_DIR: dataDir } });
  call = apiClient(ctx.baseUrl);
  w = await buildWorld();
  admin = await tokenFor(ctx, { context: CONTEXT_TYPE.SCHOOL, id_school: w.schoolA.id_school });
  campusUser = await tokenFor(ctx, {
    context: CONTEXT_TYPE.CAMPUS,
    id_school: w.schoolA.id_school,
    id_campus: w.north.id_campus,
  });
});
afterAll(async () => {
  await ctx?.close();
  fs.rmSync(dataDir, { recursive: true, force: true });
});

describe('deletion on request', () => {
  it("previews a student's applications or the whole family's, across campuses, never another school's", async () => {
    const student = await preview(w.qeldra.id_application, 'student');
    expect(student.status, JSON.stringify(student.body)).toBe(200);
    expect(student.body.applications.map((a) => a.id_application)).toEqual([w.qeldra.id_application]);
    expect(student.body.files).toBe(1);
    const family = (await preview(w.qeldra.id_application, 'family')).body;
    expect(family.applications.map((a) => a.name)).toEqual(['Qeldra Vexworth', 'Torvin Vexworth']);
    expect(family.applications.map((a) => a.campus)).toEqual(['Erasure North', 'Erasure South']);
    expect(family).toMatchObject({ scope: 'family', files: 1, messages: 1 });
  });

  it('is refused to a campus-limited user (a family spans campuses), 404 for another school, 400 for a bad scope', async () => {
    expect((await preview(w.qeldra.id_application, 'family', campusUser)).status).toBe(403);
    expect((await erase(w.qeldra.id_application, { scope: 'family', confirm: 'Vexworth' }, campusUser)).status).toBe(
      403,
    );
    expect((await preview(w.elsewhere.id_application, 'family')).status).toBe(404);
    expect((await preview(w.qeldra.id_application, 'everyone')).status).toBe(400);
  });

  it('asks for the last name typed again, and removes nothing without it', async () => {
    const refused = await erase(w.qeldra.id_application, { scope: 'family', confirm: 'Plumtree' });
    expect(refused.status).toBe(400);
    expect(JSON.stringify(refused.body)).toContain("Type the applicant's last name to confirm.");
    expect((await applicantOf(w.qeldra.id_application)).firstName).toBe('Qeldra');
    expect(fs.existsSync(path.join(dataDir, 'files', w.stored))).toBe(true);
  });

  it("removes every trace of the family at the school, keeps the counts, another school's copy and other families", async () => {
    const before = await countsOf(w.schoolA.id_school);
    const done = await erase(w.qeldra.id_application, { scope: 'family', confirm: ' vexworth ' });
    expect(done.status, JSON.stringify(done.body)).toBe(200);
    expect(done.body).toMatchObject({ applications: 2, files: 1, messages: 1 });
    expect(done.body.message).toBe('The personal data of 2 applications was removed (1 files, 1 messages).');

    expect(fs.existsSync(path.join(dataDir, 'files', w.stored))).toBe(false);
    // nothing of the family is left at school A: only their application at school B still names them
    expect(await tablesHolding(ctx.db, 'Torvin')).toEqual([]);
    expect(await tablesHolding(ctx.db, 'Qeldra')).toEqual(['applicant.first_name', 'applicant.search_text']);
    // school B's copy keeps the phone: its consent, and its guardian's contact key (the digits alone)
    expect((await tablesHolding(ctx.db, '5550177123')).sort()).toEqual([
      'applicant.guardian_phone_key',
      'sms_consent.address',
    ]);
    const consents = await ctx.db.select({ id_school: s.smsConsent.id_school }).from(s.smsConsent);
    expect(consents.filter((c) => c.id_school === w.schoolA.id_school).length).toBeGreaterThan(0);
    expect(
      (await ctx.db.select().from(s.smsConsent).where(eq(s.smsConsent.address, '+15550177123'))).map(
        (c) => c.id_school,
      ),
    ).toEqual([w.schoolB.id_school]);
    for (const needle of ['Qeldra', 'Vexworth', GUARDIAN_EMAIL]) {
      const holders = rowsOf<{ id_school: number }>(
        await ctx.db.execute(
          sql`SELECT DISTINCT id_school FROM applicant WHERE applicant::text ILIKE ${`%${needle}%`}`,
        ),
      );
      expect(holders, needle).toEqual([{ id_school: w.schoolB.id_school }]);
    }
    expect((await applicantOf(w.elsewhere.id_application)).firstName).toBe('Qeldra');
    expect((await applicantOf(w.plumtree.id_application)).firstName).toBe('Ossian');
    expect(await countsOf(w.schoolA.id_school)).toBe(before);

    // the audit says it happened, by whom and how much, never what
    const [audit] = await ctx.db.select().from(s.auditLog).where(eq(s.auditLog.action, 'privacy.erase'));
    expect(audit).toMatchObject({ entityId: String(w.qeldra.id_application), id_school: w.schoolA.id_school });
    expect(audit.id_user).not.toBeNull();
    expect(JSON.stringify(audit.changes)).not.toMatch(/Vexworth|Qeldra|Torvin|vexworth/i);

    // a second request finds the applications already anonymised and removes nothing more
    const again = (await preview(w.qeldra.id_application, 'student')).body;
    expect(again.applications.every((a) => a.anonymised)).toBe(true);
    expect(again).toMatchObject({ files: 0, messages: 0 });
  });
});
