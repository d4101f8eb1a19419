import { randomBytes } from 'node:crypto';
import { inflateRawSync } from 'node:zlib';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CONTEXT_TYPE, LIST_TYPE, STATUS, type StatusId } from '@openseat/shared/constants';
import type { RegistrationChecklist, RegistrationItemInput } from '@openseat/shared/schemas/registration';
import type { SisHandoffBatch, SisHandoffStudent } from '@openseat/shared/schemas/sis-handoff';
import * as s from '../../db/schema/index';
import { sha256 } from '../../lib/crypto';
import { createApplication } from '../../test/application-factories';
import { createCampusGrades, createPeriod } from '../../test/enrollment-factories';
import { createCampus, createSchool } from '../../test/factories';
import { apiClient, startTestApp, type TestContext } from '../../test/harness';
import { tokenFor } from '../../test/session';

/*
 * The hand-off to the SIS (issue 25): approved registration answers in the PowerSchool, SchoolMint and Aspire files,
 * the OneRoster 1.2 bundle checked against the binding's column lists, the sent mark and the re-send, and tenancy.
 */

/**
 * The OneRoster v1.2 CSV binding's files and columns, in order (1EdTech, "OneRoster: CSV Binding" 1.2.1,
 * https://www.imsglobal.org/spec/oneroster/v1p2/bind/csv; sources compared in docs/oneroster.md). Written out here,
 * not imported from the code, so a change to the code's lists fails this test.
 */
const SPEC_COLUMNS: Record<string, string> = {
  'manifest.csv': 'propertyName,value',
  'academicSessions.csv': 'sourcedId,status,dateLastModified,title,type,startDate,endDate,parentSourcedId,schoolYear',
  'orgs.csv': 'sourcedId,status,dateLastModified,name,type,identifier,parentSourcedId',
  'courses.csv':
    'sourcedId,status,dateLastModified,schoolYearSourcedId,title,courseCode,grades,orgSourcedId,subjects,subjectCodes',
  'classes.csv':
    'sourcedId,status,dateLastModified,title,grades,courseSourcedId,classCode,classType,location,schoolSourcedId,termSourcedIds,subjects,subjectCodes,periods',
  'users.csv':
    'sourcedId,status,dateLastModified,enabledUser,username,userIds,givenName,familyName,middleName,identifier,email,sms,phone,agentSourcedIds,grades,password,userMasterIdentifier,resourceSourcedIds,preferredGivenName,preferredMiddleName,preferredFamilyName,primaryOrgSourcedId,pronouns',
  'roles.csv':
    'sourcedId,status,dateLastModified,userSourcedId,roleType,role,beginDate,endDate,orgSourcedId,userProfileSourcedId',
  'enrollments.csv':
    'sourcedId,status,dateLastModified,classSourcedId,schoolSourcedId,userSourcedId,role,primary,beginDate,endDate',
  'demographics.csv':
    'sourcedId,status,dateLastModified,birthDate,sex,americanIndianOrAlaskaNative,asian,blackOrAfricanAmerican,nativeHawaiianOrOtherPacificIslander,white,demographicRaceTwoOrMoreRaces,hispanicOrLatinoEthnicity,countryOfBirthCode,stateOfBirthAbbreviation,cityOfBirth,publicSchoolResidenceStatus',
};
/** The manifest's properties of a 1.2 bundle, in the binding's order. */
const MANIFEST_PROPERTIES = [
  'manifest.version',
  'oneroster.version',
  ...[
    'academicSessions',
    'categories',
    'classes',
    'classResources',
    'courses',
    'courseResources',
    'demographics',
    'enrollments',
    'lineItemLearningObjectiveIds',
    'lineItems',
    'lineItemScoreScales',
    'orgs',
    'resources',
    'resultLearningObjectiveIds',
    'results',
    'resultScoreScales',
    'roles',
    'scoreScales',
    'userProfiles',
    'userResources',
    'users',
  ].map((f) => `file.${f}`),
  'source.systemName',
  'source.systemCode',
];
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-5[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/;
const DAY = /^\d{4}-\d{2}-\d{2}$/;

let ctx: TestContext;
let call: ReturnType<typeof apiClient>;
let staff: string;
let otherCampusStaff: string;
let staffB: string;
let school: { id_school: number };
let schoolB: { id_school: number };
let period: Awaited<ReturnType<typeof createPeriod>>;
let periodB: Awaited<ReturnType<typeof createPeriod>>;
let form: RegistrationChecklist['items'][number];
let approved: Awaited<ReturnType<typeof student>>;
let pending: Awaited<ReturnType<typeof student>>;
const SAME_SITE = { 'x-requested-with': 'fetch' };

const words = (en: string) => ({ en, es: en });
const DETAILS: RegistrationItemInput = {
  kind: 'form',
  required: true,
  labels: words('Student details'),
  help: null,
  form: {
    fields: [
      { key: 'middle', type: 'text', labels: words('Middle name'), required: false, showIf: null, sis: 'middle_name' },
      { key: 'dob', type: 'date', labels: words('Birth date'), required: true, showIf: null, sis: 'birth_date' },
      {
        key: 'sex',
        type: 'choice',
        labels: words('Sex'),
        required: false,
        showIf: null,
        sis: 'gender',
        choices: [
          { value: 'female', labels: words('Female') },
          { value: 'male', labels: words('Male') },
        ],
      },
      { key: 'home', type: 'address', labels: words('Home'), required: true, showIf: null, sis: 'home_address' },
      { key: 'lang', type: 'text', labels: words('Language'), required: false, showIf: null, sis: 'home_language' },
      { key: 'ssid', type: 'text', labels: words('State id'), required: false, showIf: null, sis: 'state_student_id' },
      {
        key: 'hisp',
        type: 'yes_no',
        labels: words('Hispanic or Latino'),
        required: false,
        showIf: null,
        sis: 'hispanic_or_latino',
      },
      { key: 'doctor', type: 'text', labels: words('Doctor'), required: false, showIf: null },
    ],
  },
};

async function familyCookie(email: string) {
  const key = randomBytes(32).toString('base64url');
  await ctx.db
    .insert(s.guardianSession)
    .values({ keyHash: sha256(key), contactKey: email, kind: 'email', expiresAt: new Date(Date.now() + 3_600_000) });
  return `openseat_family=${key}`;
}

async function answer(application: { id_application: number }, email: string, answers: Record<string, unknown>) {
  const res = await call(
    'PUT',
    `/family/applications/${application.id_application}/registration/forms/${form.id_registration_item}`,
    {
      body: { answers },
      headers: { cookie: await familyCookie(email), ...SAME_SITE },
    },
  );
  expect(res.status, JSON.stringify(res.body)).toBe(200);
}

async function student(id_status: StatusId, firstName: string, p = period) {
  const guardianEmail = `${firstName.toLowerCase()}@example.org`;
  const app = await createApplication(ctx.db, p, { id_status, firstName, lastName: 'Handoff', guardianEmail });
  return { ...app, guardianEmail };
}

/** A tiny CSV reader (quoted cells with "" escapes). */
function parseCsv(text: string): string[][] {
  const rows: string[][] = [];
  let row: string[] = [];
  let cell = '';
  let quoted = false;
  for (let i = 0; i < text.length; i++) {
    const c = text[i];
    if (quoted && c === '"' && text[i + 1] === '"') {
      cell += '"';
      i++;
    } else if (c === '"') quoted = !quoted;
    else if (quoted) cell += c;
    else if (c === ',') {
      row.push(cell);
      cell = '';
    } else if (c === '\n') {
      row.push(cell);
      rows.push(row);
      row = [];
      cell = '';
    } else cell += c;
  }
  return rows;
}
const records = (text: string) => {
  const [header, ...rows] = parseCsv(text.replace(/^\uFEFF/, ''));
  return rows.map((r) => Object.fromEntries(header.map((h, i) => [h, r[i]])));
};

/** The files of a ZIP archive, read from its central directory (an independent reader of what the server wrote). */
function unzip(zip: Buffer): Map<string, string> {
  const end = zip.lastIndexOf(Buffer.from([0x50, 0x4b, 0x05, 0x06]));
  expect(end, 'the end of central directory record').toBeGreaterThan(0);
  const count = zip.readUInt16LE(end + 10);
  let at = zip.readUInt32LE(end + 16);
  const files = new Map<string, string>();
  for (let i = 0; i < count; i++) {
    expect(zip.readUInt32LE(at)).toBe(0x02014b50);
    const method = zip.readUInt16LE(at + 10);
    const size = zip.readUInt32LE(at + 20);
    const nameLength = zip.readUInt16LE(at + 28);
    const extra = zip.readUInt16LE(at + 30);
    const comment = zip.readUInt16LE(at + 32);
    const local = zip.readUInt32LE(at + 42);
    const name = zip.subarray(at + 46, at + 46 + nameLength).toString('utf8');
    expect(zip.readUInt32LE(local)).toBe(0x04034b50);
    const start = local + 30 + zip.readUInt16LE(local + 26) + zip.readUInt16LE(local + 28);
    const packed = zip.subarray(start, start + size);
    files.set(name, (method === 8 ? inflateRawSync(packed) : packed).toString('utf8'));
    at += 46 + nameLength + extra + comment;
  }
  return files;
}

async function download(path: string, token = staff) {
  const res = await fetch(`${ctx.baseUrl}/api${path}`, { headers: { authorization: `Bearer ${token}` } });
  return { status: res.status, type: res.headers.get('content-type'), bytes: Buffer.from(await res.arrayBuffer()) };
}

const send = (body: Record<string, unknown>, token = staff) =>
  call<SisHandoffBatch & { message?: string }>('POST', '/sis-handoff/batches', { token, body });

beforeAll(async () => {
  ctx = await startTestApp();
  call = apiClient(ctx.baseUrl);
  school = await createSchool(ctx.db, 'Handoff School');
  staff = await tokenFor(ctx, { context: CONTEXT_TYPE.SCHOOL, id_school: school.id_school });
  const campus = await createCampus(ctx.db, school.id_school, 'Handoff Campus');
  const otherCampus = await createCampus(ctx.db, school.id_school, 'Handoff Other Campus');
  otherCampusStaff = await tokenFor(ctx, {
    context: CONTEXT_TYPE.CAMPUS,
    id_school: school.id_school,
    id_campus: otherCampus.id_campus,
    isAllCampuses: false,
  });
  await createCampusGrades(ctx.db, campus, [3]);
  period = await createPeriod(ctx.db, campus, { state: 'started', grades: { 3: 10 } });
  const saved = await call<{ data: RegistrationChecklist }>('PUT', '/registration/checklist', {
    token: staff,
    body: { id_campus_year: period.id_campus_year, items: [DETAILS] },
  });
  expect(saved.status, JSON.stringify(saved.body)).toBe(200);
  form = saved.body.data.items[0];

  approved = await student(STATUS.CONFIRMED, 'Ana');
  await answer(approved, approved.guardianEmail, {
    middle: 'Maria',
    dob: '2018-03-04',
    sex: 'female',
    home: { line1: '5 Oak Rd', line2: 'Apt 2', city: 'Tempe', region: 'AZ', postalCode: '85281' },
    lang: 'Spanish',
    ssid: 'UT-998877',
    hisp: 'yes',
    doctor: 'Dr Untagged',
  });
  const review = await call(
    'PUT',
    `/registration/applications/${approved.id_application}/items/${form.id_registration_item}/review`,
    { token: staff, body: { decision: 'approve' } },
  );
  expect(review.status, JSON.stringify(review.body)).toBe(200);

  pending = await student(STATUS.CONFIRMED, 'Pablo');
  await answer(pending, pending.guardianEmail, {
    middle: 'PendingMiddle',
    dob: '2017-01-02',
    home: { line1: '9 Pending St', city: 'Mesa', region: 'AZ', postalCode: '85201' },
    lang: 'PendingLanguage',
    ssid: 'PENDING-1',
  });
  await student(STATUS.APPLIED, 'Applied');

  schoolB = await createSchool(ctx.db, 'Secret-Beta School');
  staffB = await tokenFor(ctx, { context: CONTEXT_TYPE.SCHOOL, id_school: schoolB.id_school });
  const campusB = await createCampus(ctx.db, schoolB.id_school, 'Secret-Beta Campus');
  await createCampusGrades(ctx.db, campusB, [3]);
  periodB = await createPeriod(ctx.db, campusB, { state: 'started', grades: { 3: 5 } });
  await student(STATUS.CONFIRMED, 'Secretbeta', periodB);
});
afterAll(() => ctx?.close());

describe('the SIS field tags of a registration form', () => {
  it('refuses a tag on a field that cannot hold it, and one tag twice in a form', async () => {
    const field = (key: string, type: string, sis: string) => ({
      key,
      type,
      labels: words(key),
      required: false,
      showIf: null,
      sis,
    });
    const res = await call<{ errors: Array<{ path: string; message: string }> }>('PUT', '/registration/checklist', {
      token: staff,
      body: {
        id_campus_year: period.id_campus_year,
        items: [
          {
            ...DETAILS,
            form: {
              fields: [
                field('a', 'date', 'birth_date'),
                field('b', 'date', 'birth_date'),
                field('c', 'text', 'gender'),
                field('d', 'date', 'gender'),
              ],
            },
          },
        ],
      },
    });
    expect(res.status).toBe(400);
    expect(res.body.errors).toEqual(
      expect.arrayContaining([
        { path: 'items.0.form.fields.1.sis', message: 'Another question of this form already feeds this SIS field.' },
        { path: 'items.0.form.fields.3.sis', message: 'This kind of question cannot hold that SIS field.' },
      ]),
    );
    const flagged = res.body.errors.map((e) => e.path);
    expect(flagged).not.toContain('items.0.form.fields.0.sis');
    expect(flagged).not.toContain('items.0.form.fields.2.sis');
  });
});

describe('approved registration answers in the SIS exports', () => {
  const exportOf = async (format: string) => {
    const res = await download(
      `/application/export?format=${format}&type=${LIST_TYPE.SCHOOL_APPS}&id_campus=${period.id_campus}`,
    );
    expect(res.status, res.bytes.toString()).toBe(200);
    const rows = records(res.bytes.toString('utf8'));
    const byName = (first: string) => rows.find((r) => (r.First_Name ?? r.first_name ?? r.FirstName) === first)!;
    return { ana: byName('Ana'), pablo: byName('Pablo') };
  };

  it('PowerSchool: birth date, gender, address and state number of the approved student only', async () => {
    const { ana, pablo } = await exportOf('powerschool');
    expect(ana).toMatchObject({
      DOB: '03/04/2018',
      Gender: 'F',
      Street: '5 Oak Rd Apt 2',
      City: 'Tempe',
      State: 'AZ',
      Zip: '85281',
      State_StudentNumber: 'UT-998877',
    });
    // sent, not approved: the application's own data, none of the answers
    expect(pablo).toMatchObject({ DOB: '05/01/2019', Street: '', State_StudentNumber: '' });
    expect(JSON.stringify(pablo)).not.toMatch(/Pending/);
  });

  it('SchoolMint: middle name, birth date, address parts and preferred language', async () => {
    const { ana, pablo } = await exportOf('schoolmint');
    expect(ana).toMatchObject({
      middle_name: 'Maria',
      birth_date: '03/04/2018',
      gender: 'female',
      street1: '5 Oak Rd',
      street2: 'Apt 2',
      city: 'Tempe',
      state: 'AZ',
      zipcode: '85281',
      preferred_language: 'Spanish',
    });
    expect(pablo).toMatchObject({ middle_name: '', preferred_language: '', birth_date: '05/01/2019' });
    expect(JSON.stringify(pablo)).not.toMatch(/Pending/);
  });

  it('Aspire: SSID, middle name, home language; an untagged answer goes nowhere', async () => {
    const { ana, pablo } = await exportOf('aspire');
    expect(ana).toMatchObject({
      SSID: 'UT-998877',
      MiddleName: 'Maria',
      BirthDate: '03/04/2018',
      Gender: 'F',
      HomeLanguage: 'Spanish',
      City: 'Tempe',
    });
    expect(JSON.stringify(ana)).not.toMatch(/Dr Untagged/);
    expect(pablo).toMatchObject({ SSID: '', MiddleName: '', HomeLanguage: '' });
    expect(JSON.stringify(pablo)).not.toMatch(/Pending/);
  });
});

describe('the OneRoster 1.2 bundle and the sent mark', () => {
  let firstIds: string[];

  it('sends every student of the period as a bulk bundle with the binding’s columns and values; audited', async () => {
    const batch = await send({ id_campus_year: period.id_campus_year, format: 'oneroster', include: 'all' });
    expect(batch.status, JSON.stringify(batch.body)).toBe(201);
    expect(batch.body).toMatchObject({ format: 'oneroster', include: 'all', count: 2 });

    const res = await download(`/sis-handoff/batches/${batch.body.id_sis_handoff}/file`);
    expect(res.status).toBe(200);
    expect(res.type).toBe('application/zip');
    const files = unzip(res.bytes);
    expect([...files.keys()].sort()).toEqual(Object.keys(SPEC_COLUMNS).sort());
    for (const [name, header] of Object.entries(SPEC_COLUMNS)) {
      const rows = parseCsv(files.get(name)!);
      expect(rows[0].join(','), name).toBe(header);
      for (const row of rows.slice(1)) expect(row, `${name}: ${row.join(',')}`).toHaveLength(rows[0].length);
    }

    const manifest = parseCsv(files.get('manifest.csv')!).slice(1);
    expect(manifest.map((r) => r[0])).toEqual(MANIFEST_PROPERTIES);
    const property = Object.fromEntries(manifest);
    expect(property).toMatchObject({
      'manifest.version': '1.0',
      'oneroster.version': '1.2',
      'file.users': 'bulk',
      'file.roles': 'bulk',
      'file.enrollments': 'bulk',
      'file.demographics': 'bulk',
      'file.results': 'absent',
      'file.categories': 'absent',
    });

    const users = records(files.get('users.csv')!);
    expect(users.map((u) => u.givenName).sort()).toEqual(['Ana', 'Pablo']);
    const ana = users.find((u) => u.givenName === 'Ana')!;
    expect(ana).toMatchObject({
      status: '',
      dateLastModified: '',
      enabledUser: 'true',
      middleName: 'Maria',
      grades: '01',
    });
    expect(users.find((u) => u.givenName === 'Pablo')!.middleName).toBe('');
    for (const u of users) expect(u.sourcedId).toMatch(UUID);

    const roles = records(files.get('roles.csv')!);
    expect(roles).toHaveLength(2);
    for (const r of roles) expect(r).toMatchObject({ roleType: 'primary', role: 'student' });
    const orgs = records(files.get('orgs.csv')!);
    const campusOrg = orgs.find((o) => o.type === 'school')!;
    expect(orgs.find((o) => o.type === 'district')).toMatchObject({ name: 'Handoff School' });
    expect(campusOrg).toMatchObject({ name: 'Handoff Campus' });
    expect(ana.primaryOrgSourcedId).toBe(campusOrg.sourcedId);

    const enrollments = records(files.get('enrollments.csv')!);
    expect(enrollments).toHaveLength(2);
    const classes = records(files.get('classes.csv')!);
    const sessions = records(files.get('academicSessions.csv')!);
    expect(sessions[0]).toMatchObject({ type: 'schoolYear' });
    expect(sessions[0].startDate).toMatch(DAY);
    expect(sessions[0].endDate).toMatch(DAY);
    expect(sessions[0].schoolYear).toMatch(/^\d{4}$/);
    expect(classes[0]).toMatchObject({
      classType: 'homeroom',
      schoolSourcedId: campusOrg.sourcedId,
      termSourcedIds: sessions[0].sourcedId,
    });
    expect(records(files.get('courses.csv')!)[0].sourcedId).toBe(classes[0].courseSourcedId);
    for (const e of enrollments) {
      expect(e).toMatchObject({ role: 'student', primary: 'false', classSourcedId: classes[0].sourcedId });
      expect(e.beginDate).toMatch(DAY);
      expect(users.some((u) => u.sourcedId === e.userSourcedId)).toBe(true);
    }

    const demographics = records(files.get('demographics.csv')!);
    expect(demographics.find((d) => d.sourcedId === ana.sourcedId)).toMatchObject({
      birthDate: '2018-03-04',
      sex: 'female',
      hispanicOrLatinoEthnicity: 'true',
    });
    // not approved: the application's birth date, no ethnicity
    const pablo = users.find((u) => u.givenName === 'Pablo')!;
    expect(demographics.find((d) => d.sourcedId === pablo.sourcedId)).toMatchObject({
      birthDate: '2019-05-01',
      hispanicOrLatinoEthnicity: '',
    });
    firstIds = [...users, ...enrollments, ...orgs].map((r) => r.sourcedId).sort();

    const audits = await ctx.db
      .select()
      .from(s.auditLog)
      .where(and(eq(s.auditLog.entity, 'sis_handoff'), eq(s.auditLog.entityId, String(batch.body.id_sis_handoff))));
    expect(audits.map((a) => a.action).sort()).toEqual(['sis_handoff.download', 'sis_handoff.send']);
  });

  it('marks the students sent: when, by whom, in which format; the list pages on the server', async () => {
    const sent = await call<{ data: SisHandoffStudent[]; total: number }>(
      'GET',
      `/sis-handoff/students?id_campus_year=${period.id_campus_year}&format=oneroster&sent=sent&page=0&pageSize=1`,
      { token: staff },
    );
    expect(sent.status).toBe(200);
    expect(sent.body.total).toBe(2);
    expect(sent.body.data).toHaveLength(1);
    expect(sent.body.data[0].sentAt).toMatch(/^\d{4}-\d{2}-\d{2}T/);
    expect(sent.body.data[0].sentBy).toBeTruthy();
    const unsent = await call<{ data: SisHandoffStudent[]; total: number }>(
      'GET',
      `/sis-handoff/students?id_campus_year=${period.id_campus_year}&format=oneroster&sent=unsent`,
      { token: staff },
    );
    expect(unsent.body.total).toBe(0);
    // another format has its own mark
    const powerschool = await call<{ data: SisHandoffStudent[]; total: number }>(
      'GET',
      `/sis-handoff/students?id_campus_year=${period.id_campus_year}&format=powerschool&sent=unsent`,
      { token: staff },
    );
    expect(powerschool.body.total).toBe(2);
    expect(powerschool.body.data.every((r) => r.sentAt === null)).toBe(true);
  });

  it('sends only the students not sent yet by default (a delta bundle), nothing twice; re-sends all on demand', async () => {
    const nothing = await send({ id_campus_year: period.id_campus_year, format: 'oneroster' });
    expect(nothing.status).toBe(409);
    expect(
      await ctx.db.select().from(s.sisHandoff).where(eq(s.sisHandoff.id_campus_year, period.id_campus_year)),
    ).toHaveLength(1);

    await student(STATUS.ENROLLED, 'Nuevo');
    const delta = await send({ id_campus_year: period.id_campus_year, format: 'oneroster' });
    expect(delta.status).toBe(201);
    expect(delta.body).toMatchObject({ include: 'unsent', count: 1 });
    const files = unzip((await download(`/sis-handoff/batches/${delta.body.id_sis_handoff}/file`)).bytes);
    const users = records(files.get('users.csv')!);
    expect(users.map((u) => u.givenName)).toEqual(['Nuevo']);
    expect(users[0].status).toBe('active');
    expect(new Date(users[0].dateLastModified).toISOString()).toBe(users[0].dateLastModified);
    expect(Object.fromEntries(parseCsv(files.get('manifest.csv')!).slice(1))['file.users']).toBe('delta');

    const again = await send({ id_campus_year: period.id_campus_year, format: 'oneroster', include: 'all' });
    expect(again.body.count).toBe(3);
    const all = unzip((await download(`/sis-handoff/batches/${again.body.id_sis_handoff}/file`)).bytes);
    const ids = [
      ...records(all.get('users.csv')!),
      ...records(all.get('enrollments.csv')!),
      ...records(all.get('orgs.csv')!),
    ]
      .map((r) => r.sourcedId)
      .sort();
    // the same records keep their sourcedIds from one export to the next
    for (const id of firstIds) expect(ids).toContain(id);

    const batches = await call<{ data: SisHandoffBatch[]; total: number }>(
      'GET',
      `/sis-handoff/batches?id_campus_year=${period.id_campus_year}`,
      { token: staff },
    );
    expect(batches.body.total).toBe(3);
    expect(batches.body.data[0].id_sis_handoff).toBe(again.body.id_sis_handoff);
  });

  it('writes a PowerSchool batch as its CSV with the approved answers', async () => {
    const batch = await send({ id_campus_year: period.id_campus_year, format: 'powerschool' });
    expect(batch.body.count).toBe(3);
    const res = await download(`/sis-handoff/batches/${batch.body.id_sis_handoff}/file`);
    expect(res.type).toContain('text/csv');
    const rows = records(res.bytes.toString('utf8'));
    expect(rows.map((r) => r.First_Name).sort()).toEqual(['Ana', 'Nuevo', 'Pablo']);
    expect(rows.find((r) => r.First_Name === 'Ana')).toMatchObject({ State_StudentNumber: 'UT-998877' });
    expect((await send({ id_campus_year: period.id_campus_year, format: 'powerschool' })).status).toBe(409);
  });
});

describe('tenancy of the hand-off', () => {
  it('another school’s or campus’s period and batches answer 404 and write nothing', async () => {
    const before = await ctx.db.select().from(s.sisHandoff);
    for (const token of [staff, otherCampusStaff]) {
      const id = token === staff ? periodB.id_campus_year : period.id_campus_year;
      expect((await send({ id_campus_year: id, format: 'powerschool', include: 'all' }, token)).status).toBe(404);
      const list = await call('GET', `/sis-handoff/students?id_campus_year=${id}&format=powerschool`, { token });
      expect(list.status).toBe(404);
      expect((await call('GET', `/sis-handoff/batches?id_campus_year=${id}`, { token })).status).toBe(404);
    }
    expect(await ctx.db.select().from(s.sisHandoff)).toEqual(before);

    const theirs = await send({ id_campus_year: periodB.id_campus_year, format: 'oneroster', include: 'all' }, staffB);
    expect(theirs.status).toBe(201);
    const res = await download(`/sis-handoff/batches/${theirs.body.id_sis_handoff}/file`);
    expect(res.status).toBe(404);
    expect(res.bytes.toString()).not.toMatch(/Secret/);
    const mine = (await ctx.db.select().from(s.sisHandoff).where(eq(s.sisHandoff.id_school, school.id_school)))[0];
    expect((await download(`/sis-handoff/batches/${mine.id_sis_handoff}/file`, otherCampusStaff)).status).toBe(404);
    // B's own bundle holds only B's student
    const files = unzip((await download(`/sis-handoff/batches/${theirs.body.id_sis_handoff}/file`, staffB)).bytes);
    expect(records(files.get('users.csv')!).map((u) => u.givenName)).toEqual(['Secretbeta']);
  });
});
