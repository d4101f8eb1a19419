import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CONTEXT_TYPE, LIST_TOTAL_BOUND, LIST_TYPE, STATUS } from '@openseat/shared/constants';
import type { ApplicationPage } from '@openseat/shared/schemas/applications';
import { runsConcurrently } from '../../db/concurrency';
import { apiClient, startTestApp, type TestContext } from '../../test/harness';
import { createCampus, createSchool } from '../../test/factories';
import { createCampusGrades, createPeriod } from '../../test/enrollment-factories';
import { tokenFor } from '../../test/session';

/*
 * The applications list counts up to LIST_TOTAL_BOUND (2,000) rows: exact below and at it, "more than 2,000" past
 * it, exact however many when asked. Real bound, real rows: the leads are written by generate_series.
 */

let ctx: TestContext;
let call: ReturnType<typeof apiClient>;
type Period = Awaited<ReturnType<typeof createPeriod>>;
let period: Period;
const token = { school: '', otherCampus: '', foreign: '' };

/** `n` leads of the period in one statement, created a minute apart (the newest last), first name `name`. */
async function seedLeads(at: Period, n: number, spec: { name: string; id_grade: number }) {
  await ctx.db.execute(sql`
    WITH base AS (SELECT coalesce(max(correlative), 0) AS c FROM application WHERE id_school = ${at.id_school}),
    people AS (
      INSERT INTO applicant (id_school, first_name, last_name, date_of_birth, guardian_name)
      SELECT ${at.id_school}, ${spec.name}, 'Bulk' || i, date '2019-05-01', 'Guardian ' || i
      FROM generate_series(1, ${n}::int) AS i
      RETURNING id_applicant
    )
    INSERT INTO application (id_school, id_campus, id_campus_year, id_school_year, correlative, id_applicant,
                             id_grade, id_status, read, created_at)
    SELECT ${at.id_school}, ${at.id_campus}, ${at.id_campus_year}, ${at.id_school_year}, base.c + p.i, p.id_applicant,
           ${spec.id_grade}, ${STATUS.LEAD}, true,
           (SELECT coalesce(max(created_at), now()) FROM application) + p.i * interval '1 minute'
    FROM (SELECT id_applicant, row_number() OVER (ORDER BY id_applicant) AS i FROM people) AS p, base`);
}

const list = (query: Record<string, string | number | boolean>, who = token.school) =>
  call<ApplicationPage>(
    'GET',
    `/application?${new URLSearchParams(Object.entries(query).map(([k, v]) => [k, String(v)]))}`,
    { token: who },
  );
const ids = (page: ApplicationPage) => page.data.map((r) => r.id_application);

beforeAll(async () => {
  ctx = await startTestApp();
  call = apiClient(ctx.baseUrl);
  const school = await createSchool(ctx.db, 'Counted School');
  const other = await createSchool(ctx.db, 'Uncounted School');
  const campus = await createCampus(ctx.db, school.id_school, 'Counted Campus');
  const sideCampus = await createCampus(ctx.db, school.id_school, 'Side Campus');
  const foreign = await createCampus(ctx.db, other.id_school, 'Uncounted Campus');
  await createCampusGrades(ctx.db, campus, [3, 4]);
  await createCampusGrades(ctx.db, foreign, [3]);
  period = await createPeriod(ctx.db, campus, { state: 'started', grades: { 3: 5, 4: 5 } });
  const foreignPeriod = await createPeriod(ctx.db, foreign, { state: 'started', grades: { 3: 5 } });
  token.school = await tokenOf(school.id_school);
  token.otherCampus = await tokenOf(school.id_school, sideCampus.id_campus);
  token.foreign = await tokenOf(other.id_school);
  // another school's leads past the bound: counted, they would make every total below "more than"
  await seedLeads(foreignPeriod, LIST_TOTAL_BOUND + 5, { name: 'Zelda', id_grade: 3 });
  await seedLeads(period, LIST_TOTAL_BOUND - 1, { name: 'Ana', id_grade: 3 });
});

afterAll(() => ctx?.close());

const tokenOf = (id_school: number, id_campus?: number) =>
  id_campus === undefined
    ? tokenFor(ctx, { context: CONTEXT_TYPE.SCHOOL, id_school })
    : tokenFor(ctx, { context: CONTEXT_TYPE.CAMPUS, id_school, id_campus });

describe('the applications list total, counted up to LIST_TOTAL_BOUND', () => {
  const inbox = () => ({ type: LIST_TYPE.INBOX, id_campus: period.id_campus, id_school_year: period.id_school_year });

  it('runs the count beside the page on a server pool only', () => {
    expect(runsConcurrently(ctx.db)).toBe(ctx.database.kind === 'postgres');
  });

  it('is exact below and at the bound, "more than the bound" past it, exact when asked', async () => {
    const below = await list({ ...inbox(), pageSize: 10 });
    expect(below.status).toBe(200);
    expect(below.body).toMatchObject({ total: LIST_TOTAL_BOUND - 1, totalExact: true, page: 0, pageSize: 10 });
    expect(below.body.data).toHaveLength(10);

    await seedLeads(period, 1, { name: 'Bruno', id_grade: 3 });
    expect((await list(inbox())).body).toMatchObject({ total: LIST_TOTAL_BOUND, totalExact: true });

    await seedLeads(period, 2, { name: 'Carla', id_grade: 4 });
    const past = await list(inbox());
    expect(past.body).toMatchObject({ total: LIST_TOTAL_BOUND, totalExact: false });
    // the newest first: Carla's two leads head the list
    expect(past.body.data.slice(0, 2).map((r) => r.applicant.firstName)).toEqual(['Carla', 'Carla']);
    const asked = await list({ ...inbox(), exactTotal: true });
    expect(asked.body).toMatchObject({ total: LIST_TOTAL_BOUND + 2, totalExact: true });
    expect(ids(asked.body)).toEqual(ids(past.body));
    expect((await list({ ...inbox(), exactTotal: 'maybe' })).status).toBe(400);
  });

  it('pages past the bound from the start, the same rows as the exact count reads from the end', async () => {
    const bounded = await list({ ...inbox(), page: 79, pageSize: 25 });
    const exact = await list({ ...inbox(), page: 79, pageSize: 25, exactTotal: true });
    expect(bounded.body.data).toHaveLength(25);
    expect(ids(bounded.body)).toEqual(ids(exact.body));
    expect(bounded.body).toMatchObject({ total: LIST_TOTAL_BOUND, totalExact: false });
    // the last page is short: its rows tell the exact total
    const last = await list({ ...inbox(), page: 80, pageSize: 25 });
    expect(last.body).toMatchObject({ total: LIST_TOTAL_BOUND + 2, totalExact: true });
    expect(last.body.data).toHaveLength(2);
    expect(ids(last.body)).toEqual(ids((await list({ ...inbox(), page: 80, pageSize: 25, exactTotal: true })).body));
  });

  it('answers a page beyond the rows empty, never an error', async () => {
    const beyond = await list({ ...inbox(), page: 400, pageSize: 25 });
    expect(beyond.status).toBe(200);
    expect(beyond.body).toMatchObject({ data: [], total: LIST_TOTAL_BOUND, totalExact: false, page: 400 });
    const counted = await list({ ...inbox(), page: 400, pageSize: 25, exactTotal: true });
    expect(counted.body).toMatchObject({ data: [], total: LIST_TOTAL_BOUND + 2, totalExact: true });
  });

  it('counts what the filters and the text search keep, exactly when few', async () => {
    const byGrade = await list({ ...inbox(), id_grade: 4 });
    expect(byGrade.body).toMatchObject({ total: 2, totalExact: true });
    expect(byGrade.body.data.every((r) => r.applicant.firstName === 'Carla')).toBe(true);
    expect((await list({ ...inbox(), text: 'bruno' })).body).toMatchObject({ total: 1, totalExact: true });
    expect((await list({ ...inbox(), text: 'zelda' })).body).toMatchObject({ data: [], total: 0, totalExact: true });
    expect((await list({ ...inbox(), text: 'ana' })).body).toMatchObject({
      total: LIST_TOTAL_BOUND - 1,
      totalExact: true,
    });
    // every lead's last name
    expect((await list({ ...inbox(), text: 'bulk' })).body).toMatchObject({
      total: LIST_TOTAL_BOUND,
      totalExact: false,
    });
    const statuses = await list({ ...inbox(), ids_status: `${STATUS.APPLIED}` });
    expect(statuses.body).toMatchObject({ data: [], total: 0, totalExact: true });
    // the waiting list of the period holds none of the leads
    expect((await list({ ...inbox(), type: LIST_TYPE.WAITING_LIST })).body).toMatchObject({ total: 0 });
  });

  it("never counts another school's or campus's rows", async () => {
    const foreign = await list({ type: LIST_TYPE.INBOX, exactTotal: true }, token.foreign);
    expect(foreign.body).toMatchObject({ total: LIST_TOTAL_BOUND + 5, totalExact: true });
    expect(foreign.body.data.every((r) => r.applicant.firstName === 'Zelda')).toBe(true);
    expect((await list({ type: LIST_TYPE.INBOX }, token.otherCampus)).body).toMatchObject({
      data: [],
      total: 0,
      totalExact: true,
    });
  });
});
