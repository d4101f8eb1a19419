import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AD_PLATFORM, CONTEXT_TYPE, STATUS } from '@openseat/shared/constants';
import * as s from '../db/schema/index';
import { createApplication } from './application-factories';
import { createCampusGrades, createDrawnLottery, createPeriod } from './enrollment-factories';
import { createCampus, createSchool } from './factories';
import { startTestApp, type TestContext } from './harness';
import { operationsOf, validValue, type OpenApiDocument, type Operation } from './openapi-walk';
import { tokenFor } from './session';

/**
 * Every route whose answer is a CSV file writes no live formula: the routes are read from the OpenAPI document
 * (every operation that answers `text/csv`), so a CSV route added later is walked here without anyone listing it.
 * The world below puts formulas in the free text that exports write (names of the school, campus, user, school
 * year, applicant, guardian, address); each route must carry at least one of them in its file (else the test says
 * it reached no formula: give the world a value that reaches it), and no cell of its file may start with a formula
 * character unless it is neutralised (a leading ') or a plain number.
 */

/** What a spreadsheet runs (OWASP, CSV injection); each is distinct so its arrival is seen. */
const FORMULAS = {
  school: '=HYPERLINK("http://evil.example/school","open")',
  campus: '@SUM(A1) campus',
  user: "+1+cmd|' /C calc'!A0",
  schoolYear: '-2+3 year',
  firstName: '=1+2',
  lastName: '@SUM(A1)',
  guardian: '\t=HYPERLINK("http://evil.example/guardian")',
  address: '\r=cmd|"/C calc"!A0',
  grade: '=3+grade',
};
/** Left as they are: a phone or a signed number runs nothing. */
const PLAIN = { phone: '+16024831227', guardianPhone: '+1 (602) 483-1227' };

const FORMULA_START = /^[=+\-@\t\r]/;
const PLAIN_NUMBER = /^[+-]?\d[\d ().-]*$/;

let ctx: TestContext;
let csvRoutes: Operation[];
let tokens: string[];
/** Path parameters by the resource they name (`/lottery/{id}/csv` -> lottery). */
let ids: Record<string, number>;
/** Required query values the world has (its campus and school year, a practice seed); others get a valid value. */
let queryValues: Record<string, string | number>;
/** The bodies of the routes that answer a CSV to a POST (an import's dry-run reports), by route. */
let bodies: Record<string, unknown>;

/**
 * Routes whose files carry no free text of the world: an import's report writes row numbers, our field names and our
 * messages, never a cell of the file. They are still checked for live formulas; no seeded one can reach them.
 */
const FIXED_TEXT = new Set(['POST /api/imports/dry-run/report', 'POST /api/imports/files/{id}/dry-run/report']);

/** RFC 4180 cells (quotes, "" escapes, line breaks inside quotes); the BOM is dropped. */
function cellsOf(text: string): string[] {
  const cells: string[] = [];
  let cell = '';
  let quoted = false;
  for (let i = text.startsWith('\uFEFF') ? 1 : 0; i < text.length; i++) {
    const c = text[i];
    if (quoted && c === '"' && text[i + 1] === '"') {
      cell += '"';
      i++;
    } else if (c === '"' && (quoted || cell === '')) quoted = !quoted;
    else if (!quoted && (c === ',' || c === '\n')) {
      cells.push(cell);
      cell = '';
    } else cell += c;
  }
  if (cell) cells.push(cell);
  return cells;
}

beforeAll(async () => {
  ctx = await startTestApp();
  csvRoutes = operationsOf(ctx.app.swagger() as unknown as OpenApiDocument).filter((op) =>
    Object.values(op.operation.responses ?? {}).some((r) => Object.keys(r.content ?? {}).includes('text/csv')),
  );
  const school = await createSchool(ctx.db, FORMULAS.school);
  const campus = await createCampus(ctx.db, school.id_school, FORMULAS.campus);
  await createCampusGrades(ctx.db, campus, [3]);
  await ctx.db
    .update(s.campusConfiguration)
    .set({ is_lottery_campus: true })
    .where(eq(s.campusConfiguration.id_campus, campus.id_campus));
  const period = await createPeriod(ctx.db, campus, { state: 'started', grades: { 3: 10 } });
  await ctx.db
    .update(s.schoolYear)
    .set({ name: FORMULAS.schoolYear })
    .where(eq(s.schoolYear.id_school_year, period.id_school_year));
  // every status, so a format that exports some statuses only (the SIS files) still has rows
  const seated: number[] = [];
  for (const id_status of [STATUS.LEAD, STATUS.APPLIED, STATUS.CONFIRMED, STATUS.ENROLLED]) {
    const application = await createApplication(ctx.db, period, {
      id_status,
      firstName: FORMULAS.firstName,
      lastName: FORMULAS.lastName,
      phoneNumber: PLAIN.phone,
      guardianPhoneNumber: PLAIN.guardianPhone,
    });
    await ctx.db
      .update(s.applicant)
      .set({ guardianName: FORMULAS.guardian, address: FORMULAS.address })
      .where(eq(s.applicant.id_applicant, application.id_applicant));
    await ctx.db
      .update(s.application)
      .set({ platform: AD_PLATFORM.FB_PIXEL, campaign_id: '-1+1', ad_id: '@ad' })
      .where(eq(s.application.id_application, application.id_application));
    if (id_status === STATUS.CONFIRMED || id_status === STATUS.ENROLLED) seated.push(application.id_application);
  }
  // a SIS hand-off batch of the seated students (its file: the PowerSchool CSV)
  const [batch] = await ctx.db
    .insert(s.sisHandoff)
    .values({
      id_school: school.id_school,
      id_campus: campus.id_campus,
      id_campus_year: period.id_campus_year,
      format: 'powerschool',
      include: 'all',
      id_user: 0,
      count: seated.length,
    })
    .returning();
  await ctx.db.insert(s.sisHandoffApplication).values(
    seated.map((id_application) => ({
      id_sis_handoff: batch.id_sis_handoff,
      id_school: school.id_school,
      id_application,
    })),
  );
  const lottery = await createDrawnLottery(ctx.db, period);
  ids = { lottery: lottery.id_lottery, batches: batch.id_sis_handoff };
  // the public page's files (/public/lottery/{token}/...): its report names the drawn grades
  await ctx.db
    .update(s.campusYear)
    .set({ lotteryPublicToken: PUBLIC_TOKEN })
    .where(eq(s.campusYear.id_campus_year, period.id_campus_year));
  await ctx.db.update(s.grade).set({ name: FORMULAS.grade }).where(eq(s.grade.id_grade, 3));
  await ctx.db
    .update(s.lottery)
    .set({
      inputs: {
        grades: [{ id_grade: 3, position: 3, seats: 10, waitingBefore: 0 }],
        entries: [],
        siblingLevel: null,
        seatedFamilies: [],
      },
    })
    .where(eq(s.lottery.id_lottery, lottery.id_lottery));
  queryValues = { id_campus: campus.id_campus, id_school_year: period.id_school_year, seed: 'cd'.repeat(32) };
  const superAdmin = await tokenFor(ctx, { context: CONTEXT_TYPE.SYSTEM });
  const schoolAdmin = await tokenFor(ctx, { context: CONTEXT_TYPE.SCHOOL, id_school: school.id_school });
  await ctx.db.update(s.user).set({ name: FORMULAS.user }).where(eq(s.user.id_school, school.id_school));
  tokens = [superAdmin, schoolAdmin];
  // the school admin read the seated children (the breach export's file names them)
  const [reader] = await ctx.db.select().from(s.user).where(eq(s.user.id_school, school.id_school));
  await ctx.db.insert(s.recordAccess).values(
    seated.map((id_application) => ({
      id_school: school.id_school,
      id_campus: campus.id_campus,
      id_application,
      id_user: reader.id_user,
      how: 'view' as const,
    })),
  );
  const today = new Date().toISOString().slice(0, 10);
  Object.assign(queryValues, { id_user: reader.id_user, from: today, to: today });
  // an uploaded import file of the school, its rows with formulas, and the dry runs' requests
  const form = new FormData();
  form.append('file', new Blob([`Nombre,Correo\n${FORMULAS.firstName},not-an-email\n`]), 'list.csv');
  const uploaded = await fetch(`${ctx.baseUrl}/api/imports/files`, {
    method: 'POST',
    headers: { authorization: `Bearer ${schoolAdmin}` },
    body: form,
  });
  ids.files = ((await uploaded.json()) as { id_import_file: number }).id_import_file;
  const target = { id_school_year: period.id_school_year, id_campus: campus.id_campus };
  bodies = {
    'POST /api/imports/dry-run/report': {
      ...target,
      maps: {},
      rows: [{ rowNumber: 2, values: { studentFirstName: FORMULAS.firstName, guardianName: FORMULAS.guardian } }],
    },
    'POST /api/imports/files/{id}/dry-run/report': {
      ...target,
      mapping: { columns: { Nombre: 'studentFirstName', Correo: 'guardianEmail' } },
    },
  };
});
afterAll(() => ctx?.close());

/** The public token of the world's period (the public lottery page's files). */
const PUBLIC_TOKEN = 'csvRoutesPublicToken_0001';

/** The route's path with its parameters filled from `ids` (a `{token}`: the public one); null when the world has none. */
function pathOf(op: Operation): string | null {
  let missing = false;
  const path = op.template.replace(/\/([^/{}]+)\/\{(\w+)\}/g, (_all, resource: string, param: string) => {
    if (param === 'token') return `/${resource}/${PUBLIC_TOKEN}`;
    if (ids[resource] === undefined) missing = true;
    return `/${resource}/${ids[resource]}`;
  });
  return missing ? null : path;
}

/**
 * One call per value of each enumerated query parameter (e.g. each export `format`, each list tab), required ones
 * filled: a seeded formula must reach at least one of a route's files, and none of them may hold a live one.
 */
function queriesOf(op: Operation): string[] {
  const required = new Set(
    (op.operation.parameters ?? []).filter((p) => p.in === 'query' && p.required).map((p) => p.name),
  );
  const base = new URLSearchParams();
  for (const q of op.query)
    if (required.has(q.name)) base.set(q.name, String(queryValues[q.name] ?? validValue(q.name, q.schema)));
  const queries = [base.toString()];
  for (const q of op.query)
    for (const value of q.schema.enum ?? []) {
      const query = new URLSearchParams(base);
      query.set(q.name, String(value));
      queries.push(query.toString());
    }
  return queries;
}

async function download(url: string, body?: unknown) {
  for (const token of tokens) {
    const res = await fetch(url, {
      method: body === undefined ? 'GET' : 'POST',
      headers: {
        authorization: `Bearer ${token}`,
        ...(body === undefined ? {} : { 'content-type': 'application/json' }),
      },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    const text = await res.text();
    if (res.status === 200) return { type: res.headers.get('content-type'), text };
  }
  return null;
}

describe('CSV routes', () => {
  it('are found in the OpenAPI document', () => {
    const found = csvRoutes.map((op) => `${op.method} ${op.template}`);
    expect(found).toEqual(expect.arrayContaining(['GET /api/user/export', 'GET /api/application/export']));
  });

  it('write no live formula in any file, and leave phones and signed numbers as they are', async () => {
    const problems: string[] = [];
    let files = 0;
    for (const op of csvRoutes) {
      const name = `${op.method} ${op.template}`;
      const path = pathOf(op);
      if (!path) {
        problems.push(`${name}: the world has no id for its path (add one to \`ids\`)`);
        continue;
      }
      let reached = false;
      for (const query of queriesOf(op)) {
        const url = `${ctx.baseUrl}${path}${query ? `?${query}` : ''}`;
        const file = await download(url, bodies[name]);
        if (!file) {
          problems.push(`${name}?${query}: no caller of the world could download it`);
          continue;
        }
        files++;
        if (!file.type?.startsWith('text/csv')) problems.push(`${name}?${query}: answered ${file.type}`);
        const cells = cellsOf(file.text);
        reached ||= Object.values(FORMULAS).some((f) => cells.some((c) => c.includes(f.trim())));
        for (const cell of cells)
          if (FORMULA_START.test(cell) && !PLAIN_NUMBER.test(cell))
            problems.push(`${name}?${query}: live formula ${JSON.stringify(cell)}`);
        for (const phone of Object.values(PLAIN))
          if (cells.some((c) => c === `'${phone}`)) problems.push(`${name}?${query}: ${phone} was neutralised`);
      }
      if (!reached && !FIXED_TEXT.has(name))
        problems.push(`${name}: no seeded formula reached its files (seed a value that reaches it)`);
    }
    expect(problems).toEqual([]);
    expect(files).toBeGreaterThanOrEqual(csvRoutes.length);
  });
});
