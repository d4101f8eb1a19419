import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LIST_TYPE, STATUS, type StatusId } from '@openseat/shared/constants';
import * as s from '../../db/schema/index';
import { createPeriod } from '../../test/enrollment-factories';
import { apiClient, startTestApp, type TestContext } from '../../test/harness';
import { createRecordApplication } from '../../test/records-factories';
import { recordsWorld } from '../../test/records-setup';
import { EXPORT_PAGE_SIZE } from './exports.service';

let ctx: TestContext;
let call: ReturnType<typeof apiClient>;
let w: Awaited<ReturnType<typeof recordsWorld>>;

const BOM = '\uFEFF';

async function download(path: string, token = w.tokens.campus) {
  const res = await fetch(`${ctx.baseUrl}/api${path}`, { headers: { authorization: `Bearer ${token}` } });
  const bytes = Buffer.from(await res.arrayBuffer());
  return { status: res.status, headers: res.headers, bytes, text: bytes.toString('utf8') };
}

/** A tiny CSV reader for the tests (quoted cells with "" escapes and line breaks). */
function parseCsv(text: string): string[][] {
  const rows: string[][] = [];
  let row: string[] = [];
  let cell = '';
  let quoted = false;
  const endCell = () => {
    row.push(cell);
    cell = '';
  };
  for (let i = 0; i < text.length; i++) {
    const c = text[i];
    if (quoted && c === '"' && text[i + 1] === '"') {
      cell += '"';
      i++;
    } else if (c === '"') quoted = !quoted;
    else if (quoted) cell += c;
    else if (c === ',') endCell();
    else if (c === '\n') {
      endCell();
      rows.push(row);
      row = [];
    } else cell += c;
  }
  if (cell || row.length) {
    endCell();
    rows.push(row);
  }
  return rows;
}

const csvOf = (text: string) => parseCsv(text.replace(/^\uFEFF/, ''));

beforeAll(async () => {
  ctx = await startTestApp();
  call = apiClient(ctx.baseUrl);
  w = await recordsWorld(ctx, [['applications', 'access']]);
  await ctx.db
    .update(s.applicant)
    .set({
      firstName: 'José "Pepe"',
      lastName: 'Núñez, Jr.',
      gender: 'Male',
      phoneNumber: '+15551234567',
      address: '=HYPERLINK("http://evil.example","click")',
      ethnicity: '@SUM(A1)',
    })
    .where(eq(s.applicant.id_applicant, w.apps.a1.id_applicant));
});
afterAll(() => ctx?.close());

describe('application exports', () => {
  it("writes the spec's application columns, UTF-8 with BOM, quoting and formula neutralisation; audited", async () => {
    const res = await download(`/application/export?id_campus=${w.campuses.a1.id_campus}`);
    expect(res.status, res.text).toBe(200);
    expect(res.headers.get('content-type')).toBe('text/csv; charset=utf-8');
    expect(res.headers.get('content-disposition')).toContain('applications.csv');
    expect(res.bytes.subarray(0, 3).equals(Buffer.from([0xef, 0xbb, 0xbf]))).toBe(true);
    expect(res.text.startsWith(BOM)).toBe(true);
    const [header, ...rows] = csvOf(res.text);
    expect(header.slice(0, 14)).toEqual([
      'creation_date',
      'id_application',
      'correlative',
      'id_school',
      'school',
      'id_campus',
      'campus',
      'status',
      'waiting_list_position',
      'grade_name',
      'school_year',
      'priority_item',
      'priority_item_level',
      'id_applicant',
    ]);
    expect(header).toHaveLength(29);
    expect(rows).toHaveLength(1);
    const row = Object.fromEntries(header.map((h, i) => [h, rows[0][i]]));
    expect(row).toMatchObject({
      id_application: String(w.apps.a1.id_application),
      campus: 'Records North',
      status: 'lead',
      first_name: 'José "Pepe"',
      last_name: 'Núñez, Jr.',
      phone: '+15551234567',
      address: `'=HYPERLINK("http://evil.example","click")`,
      ethnicity: "'@SUM(A1)",
    });
    expect(res.text).toContain('"José ""Pepe"""');
    const audit = await ctx.db.select().from(s.auditLog).where(eq(s.auditLog.action, 'application.export'));
    expect(audit).toHaveLength(1);
    expect(audit[0].changes).toMatchObject({ format: 'application' });
  });

  it('exports only what the list shows: the caller’s campuses, the list type and its filters', async () => {
    const school = await download('/application/export', w.tokens.school);
    const ids = csvOf(school.text)
      .slice(1)
      .map((r) => Number(r[1]));
    expect(ids.sort()).toEqual([w.apps.a1.id_application, w.apps.a2.id_application].sort());
    const campus = await download('/application/export');
    expect(
      csvOf(campus.text)
        .slice(1)
        .map((r) => Number(r[1])),
    ).toEqual([w.apps.a1.id_application]);
    const denied = await download(`/application/export?type=${LIST_TYPE.DENIED}`, w.tokens.school);
    expect(csvOf(denied.text)).toHaveLength(1);
    const searched = await download('/application/export?text=beto', w.tokens.school);
    expect(
      csvOf(searched.text)
        .slice(1)
        .map((r) => Number(r[1])),
    ).toEqual([w.apps.a2.id_application]);
  });

  it('writes the product CSV with the columns shown, in the reader’s language', async () => {
    const res = await download(
      '/application/export?format=product&columns=correlative,applicantName,grade,status',
      w.tokens.campus,
    );
    const [header, row] = csvOf(res.text);
    expect(header).toEqual(['ID', 'Applicant', 'Grade', 'Status']);
    expect(row).toEqual([String(w.apps.a1.correlative), 'José "Pepe" Núñez, Jr.', '1', 'initial lead']);
    await ctx.db.insert(s.applicationTag).values({
      id_school: w.apps.a1.id_school,
      id_application: w.apps.a1.id_application,
      id_tag: w.tags.a1.id_tag,
    });
    const tagged = csvOf((await download('/application/export?format=product&columns=correlative,tags')).text);
    expect(tagged).toEqual([
      ['ID', 'Tags'],
      [String(w.apps.a1.correlative), 'Tag a1'],
    ]);
    const es = await download('/application/export?format=product&columns=createdAt,grade&lng=es');
    expect(csvOf(es.text)[0]).toEqual(['Fecha', 'Grado']);
    expect(csvOf(es.text)[1][0]).toMatch(/^\d{2}\/\d{2}\/\d{4}$/);
  });

  it('writes the PowerSchool, SchoolMint and Aspire formats: their columns, statuses, school number, phones, address', async () => {
    const period = w.periods.a1;
    await ctx.db.update(s.campus).set({ sisSchoolNumber: '0142' }).where(eq(s.campus.id_campus, period.id_campus));
    const make = async (id_status: StatusId, lastName: string, applicant: Partial<typeof s.applicant.$inferInsert>) => {
      const app = await createRecordApplication(ctx.db, period, { id_status, lastName, gender: 'Female' });
      if (Object.keys(applicant).length)
        await ctx.db.update(s.applicant).set(applicant).where(eq(s.applicant.id_applicant, app.id_applicant));
      return app;
    };
    const parts = {
      address: '12 Elm St, Phoenix, AZ 85004',
      addressStreet: '12 Elm St',
      addressCity: 'Phoenix',
      addressState: 'AZ',
      addressZip: '85004',
      phoneNumber: '+16024831227',
      guardianPhoneNumber: '+1 (602) 555-0101',
    };
    const confirmed = await make(STATUS.CONFIRMED, '=Seated', parts);
    const enrolled = await make(STATUS.ENROLLED, 'Enrolled', {
      address: 'Rancho 4, Nogales',
      phoneNumber: '+525512345678',
    });
    const offered = await make(STATUS.OFFERED, 'Offered', {});
    const applied = await make(STATUS.APPLIED, 'Applied', {});
    const selected = `type=${LIST_TYPE.SELECTED_LIST}`;
    const rowsOf = async (query: string) => {
      const [header, ...rows] = csvOf((await download(`/application/export?${query}`)).text);
      return rows.map((r) => Object.fromEntries(header.map((h, i) => [h, r[i]])));
    };

    const ps = await rowsOf(`format=powerschool&${selected}`);
    expect(Object.keys(ps[0]).slice(0, 9)).toEqual([
      'Last_Name',
      'First_Name',
      'DOB',
      'Gender',
      'Grade_Level',
      'SchoolID',
      'EntryDate',
      'ExitDate',
      'Enroll_Status',
    ]);
    // confirmed and enrolled only: an offer not yet taken is not a student
    expect(ps.map((r) => r.Last_Name)).toEqual(["'=Seated", 'Enrolled']);
    expect(ps[0]).toMatchObject({
      DOB: '05/01/2019',
      Gender: 'F',
      Grade_Level: '1',
      SchoolID: '0142',
      Enroll_Status: '-1',
      ExitDate: '07/01/2027',
      Home_Phone: '(602) 483-1227',
      Emerg_Phone_1: '(602) 555-0101',
      Street: '12 Elm St',
      City: 'Phoenix',
      State: 'AZ',
      Zip: '85004',
    });
    // a one-line address leaves PowerSchool's address block empty (a partial block is refused); a foreign phone as is
    expect(ps[1]).toMatchObject({ Enroll_Status: '0', Street: '', City: '', Zip: '', Home_Phone: '+525512345678' });
    expect(await rowsOf('format=powerschool')).toEqual([]);

    const sm = await rowsOf('format=schoolmint');
    expect(Object.keys(sm[0])).toHaveLength(36);
    // from the inbox: the application, never the leads
    expect(sm.map((r) => [r.last_name, r.status])).toEqual([['Applied', 'Submitted']]);
    const smSelected = await rowsOf(`format=schoolmint&${selected}`);
    expect(smSelected.map((r) => [r.last_name, r.status])).toEqual([
      ["'=Seated", 'Accepted'],
      ['Enrolled', 'Registration Complete'],
      ['Offered', 'Offered'],
    ]);
    expect(smSelected[0]).toMatchObject({
      street1: '12 Elm St',
      city: 'Phoenix',
      state: 'AZ',
      zipcode: '85004',
      phone_number: '(602) 555-0101',
      home_phone_number: '(602) 483-1227',
    });
    expect(smSelected[1]).toMatchObject({ street1: 'Rancho 4, Nogales', city: '', state: '', zipcode: '' });

    const aspire = await rowsOf(`format=aspire&${selected}`);
    expect(Object.keys(aspire[0]).slice(0, 4)).toEqual(['SSID', 'StudentNumber', 'LastName', 'FirstName']);
    expect(aspire.map((r) => r.StudentNumber)).toEqual([String(confirmed.correlative), String(enrolled.correlative)]);
    expect(aspire[0]).toMatchObject({ SchoolNumber: '0142', Address: '12 Elm St', City: 'Phoenix', Zip: '85004' });
    expect(aspire[1]).toMatchObject({ Address: 'Rancho 4, Nogales', City: '' });

    // a campus without its SIS number: SchoolID is empty, so PowerSchool refuses the row instead of misfiling it
    await ctx.db.update(s.campus).set({ sisSchoolNumber: null }).where(eq(s.campus.id_campus, period.id_campus));
    expect((await rowsOf(`format=powerschool&${selected}`))[0].SchoolID).toBe('');
    for (const app of [confirmed, enrolled, offered, applied])
      await ctx.db
        .update(s.application)
        .set({ deletedAt: new Date() })
        .where(eq(s.application.id_application, app.id_application));
  });

  it('refuses before streaming: bad filters 400, another campus 404, no export_csv 403, anonymous 401 (JSON, no file)', async () => {
    for (const [path, token, status] of [
      ['/application/export?format=excel', w.tokens.campus, 400],
      ['/application/export?id_campus=abc', w.tokens.campus, 400],
      ['/application/export?columns=ssn', w.tokens.campus, 400],
      [`/application/export?id_campus=${w.campuses.a2.id_campus}`, w.tokens.campus, 404],
      [`/application/export?id_campus=${w.campuses.b1.id_campus}`, w.tokens.school, 404],
      ['/application/export', w.tokens.limited, 403],
    ] as const) {
      const res = await download(path, token);
      expect(res.status, path).toBe(status);
      expect(res.headers.get('content-type')).toMatch(/^application\/json/);
      expect(res.headers.get('content-disposition')).toBeNull();
    }
    expect((await call('GET', '/application/export')).status).toBe(401);
  });

  // one session on PGlite, so the setting holds for the export; a server's pool would spread it over its sessions
  it.runIf(!process.env.TEST_DATABASE_URL)('writes dates as YYYY-MM-DD whatever the session DateStyle', async () => {
    await ctx.db
      .update(s.applicant)
      .set({ dateOfBirth: '2014-03-09' })
      .where(eq(s.applicant.id_applicant, w.apps.a1.id_applicant));
    await ctx.db.execute(sql`SET datestyle = 'SQL, DMY'`);
    try {
      const res = await download(`/application/export?id_campus=${w.campuses.a1.id_campus}`);
      const [header, ...rows] = csvOf(res.text);
      const row = rows.find((r) => r[header.indexOf('id_applicant')] === String(w.apps.a1.id_applicant));
      expect(row?.[header.indexOf('date_of_birth')]).toBe('2014-03-09');
    } finally {
      await ctx.db.execute(sql`SET datestyle = 'ISO, MDY'`);
    }
  });

  it('streams a list larger than one id window, every row exactly once, in id order', async () => {
    const period = await createPeriod(ctx.db, w.campuses.a1, { id_school_year: 4, grades: { 3: 5 } });
    const first = await createRecordApplication(ctx.db, period, { id_status: STATUS.APPLIED });
    const extra = EXPORT_PAGE_SIZE * 2 + 10;
    await ctx.db.execute(sql`
      WITH people AS (
        INSERT INTO applicant (id_school, first_name, last_name)
        SELECT ${period.id_school}, 'Bulk', 'Child ' || n FROM generate_series(1, ${extra}) n RETURNING id_applicant
      )
      INSERT INTO application (id_school, id_campus, id_campus_year, id_school_year, correlative, id_applicant, id_status)
      SELECT ${period.id_school}, ${period.id_campus}, ${period.id_campus_year}, ${period.id_school_year},
        100000 + row_number() OVER (ORDER BY id_applicant), id_applicant, ${STATUS.APPLIED} FROM people`);
    const res = await download(`/application/export?id_school_year=4`);
    const rows = csvOf(res.text).slice(1);
    expect(rows).toHaveLength(extra + 1);
    const numbers = rows.map((r) => Number(r[2]));
    expect(new Set(numbers).size).toBe(extra + 1);
    expect(numbers[0]).toBe(first.correlative);
  });
});
