import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq, sql } from 'drizzle-orm';
import { AD_PLATFORM, CONTEXT_TYPE, STATUS } from '@openseat/shared/constants';
import type {
  DashboardBarsResponse,
  DashboardItemsResponse,
  DashboardPeriod,
  UserDashboardItemsResponse,
} from '@openseat/shared/schemas/dashboard';
import type { Executor } from '../../db/client';
import * as s from '../../db/schema/index';
import { nextCorrelative } from '../applications/intake.repository';
import { rowsOf } from '../../lib/sql';
import type { Scope } from '../../lib/scope';
import type { Principal } from '../auth/auth.types';
import { apiClient, startTestApp, type TestContext } from '../../test/harness';
import { createCampus, createSchool } from '../../test/factories';
import { createPeriod } from '../../test/enrollment-factories';
import { tokenFor } from '../../test/session';
import * as dashboard from './dashboard.service';
import { periodDays } from './dashboard.periods';

/*
 * A fixed data set, hand-counted. The school is in America/New_York; "now" is 2026-11-24 10:00 local.
 * Times are UTC; 12:00Z unless said. a2's first row (2026-11-01 03:00Z) is still October 31 in New York, a5's
 * (2025-12-31 23:00Z) still 2025.
 */
const NOW = new Date('2026-11-24T15:00:00Z');
type Step = [status: number, from: number | null, at: string];
const at = (day: string, time = '12:00:00') => `${day}T${time}Z`;
const PLAN: Record<string, { steps: Step[]; platform?: number; status: number }> = {
  a1: {
    platform: AD_PLATFORM.FB_PIXEL,
    status: 3,
    steps: [
      [1, null, at('2026-11-10')],
      [3, 1, at('2026-11-12')],
    ],
  },
  a2: {
    platform: AD_PLATFORM.GOOGLE_ADS,
    status: 7,
    steps: [
      [1, null, at('2026-11-01', '03:00:00')],
      [3, 1, at('2026-11-02')],
      [5, 3, at('2026-11-03')],
      [7, 5, at('2026-11-05')],
    ],
  },
  a3: {
    status: 9,
    steps: [
      [1, null, at('2026-10-05')],
      [3, 1, at('2026-10-06')],
      [5, 3, at('2026-10-07')],
      [7, 5, at('2026-10-08')],
      [9, 7, at('2026-11-20')],
    ],
  },
  a4: {
    status: 3,
    steps: [
      [1, null, at('2026-06-15')],
      [3, 1, at('2026-06-20')],
      [1, 3, at('2026-07-01')],
      [3, 1, at('2026-07-02')],
    ],
  },
  a5: {
    status: 2,
    steps: [
      [1, null, at('2025-12-31', '23:00:00')],
      [2, 1, at('2026-01-05')],
    ],
  },
  a6: {
    platform: AD_PLATFORM.FB_PIXEL,
    status: 8,
    steps: [
      [1, null, at('2025-03-10')],
      [3, 1, at('2025-04-01')],
      [5, 3, at('2025-05-01')],
      [8, 5, at('2025-05-10')],
    ],
  },
  a11: { status: 1, steps: [[1, null, at('2026-10-20')]] },
  a12: {
    status: STATUS.LEAD_2,
    steps: [
      [1, null, at('2026-10-28')],
      [10, 1, at('2026-10-29')],
    ],
  },
};

/** Expected counts of metrics 1-9 per period: [current, previous]. */
const EXPECTED: Record<DashboardPeriod, [number[], number[]]> = {
  this_month: [
    [1, 5, 1, 2, 1, 1, 1, 1, 0],
    [1, 3, 2, 1, 1, 0, 0, 0, 0],
  ],
  last_month: [
    [1, 4, 4, 1, 1, 0, 1, 0, 1],
    [0, 0, 0, 0, 0, 0, 0, 0, 0],
  ],
  last_trimester: [
    [1, 4, 4, 1, 1, 0, 1, 0, 1],
    [0, 3, 1, 1, 0, 0, 0, 0, 0],
  ],
  last_semester: [
    [1, 7, 5, 2, 1, 0, 1, 0, 1],
    [0, 1, 1, 0, 0, 0, 0, 0, 0],
  ],
  this_year: [
    [2, 13, 6, 4, 2, 1, 2, 1, 1],
    [1, 3, 1, 1, 0, 0, 1, 1, 0],
  ],
  last_year: [
    [1, 3, 2, 1, 0, 0, 1, 1, 0],
    [0, 0, 0, 0, 0, 0, 0, 0, 0],
  ],
};

let ctx: TestContext;
let call: ReturnType<typeof apiClient>;
let schoolA: number;
let campusA1: number;
let campusA2: number;
let schoolB: number;
let campusB1: number;
let schoolToken: string;
let campusToken: string;
let campus2Token: string;
let otherToken: string;

type PeriodRef = { id_school: number; id_campus: number; id_campus_year: number; id_school_year: number };

async function addApplication(
  db: Executor,
  period: PeriodRef,
  steps: Step[],
  id_status: number,
  extra: { platform?: number; deleted?: boolean } = {},
) {
  const [applicant] = await db
    .insert(s.applicant)
    .values({ id_school: period.id_school, firstName: 'Dash', lastName: 'Board' })
    .returning();
  const [app] = await db
    .insert(s.application)
    .values({
      id_school: period.id_school,
      id_campus: period.id_campus,
      id_campus_year: period.id_campus_year,
      id_school_year: period.id_school_year,
      correlative: await nextCorrelative(db, period.id_school),
      id_applicant: applicant.id_applicant,
      id_grade: null,
      id_status,
      platform: extra.platform ?? null,
      createdAt: new Date(steps[0][2]),
      deletedAt: extra.deleted ? new Date('2026-11-21T00:00:00Z') : null,
    })
    .returning();
  await db.insert(s.applicationStatus).values(
    steps.map(([st, from, when]) => ({
      id_school: period.id_school,
      id_application: app.id_application,
      id_status: st,
      id_status_from: from,
      createdAt: new Date(when),
    })),
  );
  return app;
}

const caller = (scope: Scope): Principal => ({ id_user: 0, scope }) as Principal;
const schoolCaller = () => caller({ id_school: schoolA, campusIds: null });

beforeAll(async () => {
  ctx = await startTestApp();
  call = apiClient(ctx.baseUrl);
  schoolA = (await createSchool(ctx.db)).id_school;
  await ctx.db
    .update(s.schoolConfiguration)
    .set({ time_zone: 'America/New_York' })
    .where(eq(s.schoolConfiguration.id_school, schoolA));
  campusA1 = (await createCampus(ctx.db, schoolA)).id_campus;
  campusA2 = (await createCampus(ctx.db, schoolA)).id_campus;
  schoolB = (await createSchool(ctx.db)).id_school;
  campusB1 = (await createCampus(ctx.db, schoolB)).id_campus;
  const a1 = await createPeriod(
    ctx.db,
    { id_school: schoolA, id_campus: campusA1 },
    { grades: { 3: { spots: 10, taken: 4 } } },
  );
  const a1Next = await createPeriod(ctx.db, { id_school: schoolA, id_campus: campusA1 }, { id_school_year: 4 });
  const a2 = await createPeriod(ctx.db, { id_school: schoolA, id_campus: campusA2 });
  const b1 = await createPeriod(ctx.db, { id_school: schoolB, id_campus: campusB1 });
  for (const plan of Object.values(PLAN))
    await addApplication(ctx.db, a1, plan.steps, plan.status, { platform: plan.platform });
  // never counted with id_campus=A1 & id_school_year=3: deleted, another campus, another period, another school
  await addApplication(
    ctx.db,
    a1,
    [
      [1, null, at('2026-11-05')],
      [3, 1, at('2026-11-06')],
    ],
    3,
    {
      deleted: true,
      platform: AD_PLATFORM.FB_PIXEL,
    },
  );
  await addApplication(ctx.db, a2, [[1, null, at('2026-11-07')]], 1);
  await addApplication(ctx.db, a1Next, [[1, null, at('2026-11-08')]], 1);
  await addApplication(ctx.db, b1, [[1, null, at('2026-11-09')]], 1, { platform: AD_PLATFORM.GOOGLE_ADS });
  schoolToken = await tokenFor(ctx, { context: CONTEXT_TYPE.SCHOOL, id_school: schoolA });
  campusToken = await tokenFor(ctx, { context: CONTEXT_TYPE.CAMPUS, id_school: schoolA, id_campus: campusA1 });
  campus2Token = await tokenFor(ctx, { context: CONTEXT_TYPE.CAMPUS, id_school: schoolA, id_campus: campusA2 });
  otherToken = await tokenFor(ctx, { context: CONTEXT_TYPE.SCHOOL, id_school: schoolB });
});

afterAll(async () => {
  await ctx?.close();
});

describe('dashboard periods in the school time zone', () => {
  it('cuts whole local months and compares with the previous equivalent days', () => {
    const days = (p: DashboardPeriod) => {
      const w = periodDays(p, NOW, 'America/New_York');
      return [w.current.from, w.current.to, w.previous.from, w.previous.to];
    };
    // today is November 24: "this month" so far is 24 days, compared with October 1-24
    expect(days('this_month')).toEqual(['2026-11-01', '2026-12-01', '2026-10-01', '2026-10-25']);
    expect(days('last_month')).toEqual(['2026-10-01', '2026-11-01', '2026-09-01', '2026-10-01']);
    expect(days('last_trimester')).toEqual(['2026-08-01', '2026-11-01', '2026-05-01', '2026-08-01']);
    expect(days('last_semester')).toEqual(['2026-05-01', '2026-11-01', '2025-11-01', '2026-05-01']);
    expect(days('this_year')).toEqual(['2026-01-01', '2027-01-01', '2025-01-01', '2025-11-25']);
    expect(days('last_year')).toEqual(['2025-01-01', '2026-01-01', '2024-01-01', '2025-01-01']);
  });

  it('takes the date where the school is, and wraps the year in January', () => {
    // 2026-12-01 03:00Z is still November 30 in New York
    expect(periodDays('this_month', new Date('2026-12-01T03:00:00Z'), 'America/New_York').current.from).toBe(
      '2026-11-01',
    );
    const w = periodDays('last_trimester', new Date('2027-01-10T12:00:00Z'), 'UTC');
    expect([w.current.from, w.current.to]).toEqual(['2026-10-01', '2027-01-01']);
  });

  it('answers the local days with the instants they start and end', async () => {
    const res = await dashboard.metrics(ctx.db, schoolCaller(), { id_campus: campusA1, period: 'this_month' }, NOW);
    expect(res.current).toEqual({
      from: '2026-11-01',
      to: '2026-12-01',
      start: '2026-11-01T04:00:00.000Z',
      end: '2026-12-01T05:00:00.000Z',
    });
  });
});

describe('the nine metrics against hand-counted values', () => {
  const scope = { id_campus: 0, id_school_year: 3 };
  for (const period of Object.keys(EXPECTED) as DashboardPeriod[]) {
    it(`${period}: current and previous window`, async () => {
      const res = await dashboard.metrics(ctx.db, schoolCaller(), { ...scope, id_campus: campusA1, period }, NOW);
      expect(res.data.map((m) => m.id_dashboard_item)).toEqual([1, 2, 3, 4, 5, 6, 7, 8, 9]);
      expect(
        res.data.map((m) => m.value),
        'current',
      ).toEqual(EXPECTED[period][0]);
      expect(
        res.data.map((m) => m.previous),
        'previous',
      ).toEqual(EXPECTED[period][1]);
      expect(res.timeZone).toBe('America/New_York');
    });
  }

  it('answers only the metrics asked for, with the seats of the period', async () => {
    const res = await dashboard.metrics(
      ctx.db,
      schoolCaller(),
      { id_campus: campusA1, id_school_year: 3, period: 'this_month', ids: [9, 3] },
      NOW,
    );
    expect(res.data.map((m) => [m.id_dashboard_item, m.name, m.value])).toEqual([
      [3, 'new leads', 1],
      [9, 'leads from Google', 0],
    ]);
    expect(res.spots).toEqual({ spots: 10, taken: 4 });
  });

  it('counts every campus of the school without id_campus, every period without id_school_year', async () => {
    const newLeads = async (q: { id_campus?: number; id_school_year?: number }, who = schoolCaller()) =>
      (await dashboard.metrics(ctx.db, who, { ...q, period: 'this_month', ids: [3] }, NOW)).data[0].value;
    expect(await newLeads({ id_school_year: 3 })).toBe(2); // a1 + the A2 lead
    expect(await newLeads({ id_campus: campusA1 })).toBe(2); // a1 + the next period's lead
    expect(await newLeads({})).toBe(3);
    // a campus user without every campus: only its own, whatever it asks for
    expect(await newLeads({ id_school_year: 3 }, caller({ id_school: schoolA, campusIds: [campusA1] }))).toBe(1);
  });
});

describe('the rollup follows the applications', () => {
  const newLeads = async () =>
    (
      await dashboard.metrics(
        ctx.db,
        schoolCaller(),
        { id_campus: campusA1, id_school_year: 3, period: 'this_year', ids: [3, 4, 7] },
        NOW,
      )
    ).data.map((m) => m.value);

  it('drops a deleted application, counts it again when restored, follows a move to another period', async () => {
    expect(await newLeads()).toEqual([6, 4, 2]);
    const [a1] = await ctx.db
      .select()
      .from(s.application)
      .where(eq(s.application.createdAt, new Date(PLAN.a1.steps[0][2])));
    await ctx.db
      .update(s.application)
      .set({ deletedAt: new Date() })
      .where(eq(s.application.id_application, a1.id_application));
    expect(await newLeads()).toEqual([5, 3, 1]);
    await ctx.db
      .update(s.application)
      .set({ deletedAt: null })
      .where(eq(s.application.id_application, a1.id_application));
    expect(await newLeads()).toEqual([6, 4, 2]);
    await ctx.db
      .update(s.application)
      .set({ id_school_year: 4 })
      .where(eq(s.application.id_application, a1.id_application));
    expect(await newLeads()).toEqual([5, 3, 1]);
    await ctx.db
      .update(s.application)
      .set({ id_school_year: 3 })
      .where(eq(s.application.id_application, a1.id_application));
    await ctx.db
      .update(s.application)
      .set({ platform: null })
      .where(eq(s.application.id_application, a1.id_application));
    expect(await newLeads()).toEqual([6, 4, 1]);
    await ctx.db
      .update(s.application)
      .set({ platform: AD_PLATFORM.FB_PIXEL })
      .where(eq(s.application.id_application, a1.id_application));
    expect(await newLeads()).toEqual([6, 4, 2]);
  });

  it('a rebuild from the history gives the same rollup', async () => {
    const digest = async () =>
      JSON.stringify(
        rowsOf(
          await ctx.db.execute(
            sql`SELECT id_school, id_campus, id_school_year, day::text, metric, n FROM dashboard_count WHERE n <> 0 ORDER BY 1, 2, 3, 4, 5`,
          ),
        ),
      );
    const before = await digest();
    await ctx.db.execute(sql`SELECT dashboard_rebuild()`);
    expect(await digest()).toBe(before);
  });
});

describe('funnel, ads, status chart and bars', () => {
  const q = () => ({ id_campus: campusA1, id_school_year: 3 });

  it('the funnel is lead, applied, confirmed, enrolled over the period', async () => {
    const res = await dashboard.funnel(ctx.db, schoolCaller(), { ...q(), period: 'this_month' }, NOW);
    expect(res.data.map((d) => [d.stage, d.value, d.previous])).toEqual([
      ['lead', 1, 2],
      ['applied', 2, 1],
      ['confirmed', 1, 1],
      ['enrolled', 1, 0],
    ]);
    const year = await dashboard.funnel(ctx.db, schoolCaller(), { ...q(), period: 'this_year' }, NOW);
    expect(year.data.map((d) => d.value)).toEqual([6, 4, 2, 1]);
  });

  it('leads from ads per platform', async () => {
    const res = await dashboard.ads(ctx.db, schoolCaller(), { ...q(), period: 'this_year' }, NOW);
    expect(res.total).toBe(2);
    expect(res.previousTotal).toBe(1);
    expect(res.data).toEqual([
      { platform: 1, name: 'fbPixel', value: 1, previous: 1 },
      { platform: 2, name: 'googleAds', value: 1, previous: 0 },
    ]);
  });

  it('the status chart covers statuses 1-9, lead_2 counted as lead', async () => {
    const res = await dashboard.statusChart(ctx.db, schoolCaller(), q());
    expect(res.data.map((d) => d.value)).toEqual([2, 1, 2, 0, 0, 0, 1, 1, 1]);
    expect(res.data[5].name).toBe('waitingList');
    expect(res.total).toBe(8);
  });

  it('the bars: new applications per local month of the previous and the current year', async () => {
    const res = await dashboard.bars(ctx.db, schoolCaller(), { id_campus: campusA1 }, NOW);
    expect([res.label1, res.label2]).toEqual(['2025', '2026']);
    expect(Object.keys(res.data).sort()).toEqual([
      '01',
      '02',
      '03',
      '04',
      '05',
      '06',
      '07',
      '08',
      '09',
      '10',
      '11',
      '12',
    ]);
    const nonZero = Object.entries(res.data)
      .sort(([a], [b]) => a.localeCompare(b))
      .filter(([, v]) => v.value || v.value2);
    expect(nonZero).toEqual([
      ['03', { value: 1, value2: 0 }],
      ['06', { value: 0, value2: 1 }],
      ['10', { value: 0, value2: 4 }],
      ['11', { value: 0, value2: 2 }],
      ['12', { value: 1, value2: 0 }],
    ]);
    const chosen = await dashboard.bars(ctx.db, schoolCaller(), { id_campus: campusA1, year1: 2024, year2: 2025 }, NOW);
    expect([chosen.label1, chosen.label2]).toEqual(['2024', '2025']);
    expect(chosen.data['12']).toEqual({ value: 0, value2: 1 });
  });
});

describe('the routes', () => {
  it('answer the metrics over HTTP, scoped to the caller', async () => {
    const res = await call<DashboardItemsResponse>(
      'GET',
      `/dashboard/items?id_campus=${campusA1}&id_school_year=3&period=last_year`,
      { token: schoolToken },
    );
    expect(res.status).toBe(200);
    expect(res.body.data).toHaveLength(9);
    expect(res.body.period).toBe('last_year');
    // the campus user of A1 counts only A1: the lead of A2 is not among its applications
    type Chart = { total: number };
    const own = await call<Chart>('GET', '/dashboard/applications?id_school_year=3', { token: campusToken });
    const school = await call<Chart>('GET', '/dashboard/applications?id_school_year=3', { token: schoolToken });
    expect([own.body.total, school.body.total]).toEqual([8, 9]);
  });

  it('refuse another campus or school (404) and bad input (400)', async () => {
    for (const path of ['items', 'leads', 'ads', 'applications', 'bars-data'])
      expect((await call('GET', `/dashboard/${path}?id_campus=${campusA1}`, { token: campus2Token })).status).toBe(404);
    expect((await call('GET', `/dashboard/items?id_campus=${campusA1}`, { token: otherToken })).status).toBe(404);
    expect((await call('GET', '/dashboard/items?period=next_week', { token: schoolToken })).status).toBe(400);
    expect((await call('GET', '/dashboard/items?ids=10', { token: schoolToken })).status).toBe(400);
    expect((await call('GET', '/dashboard/bars-data?year1=abc', { token: schoolToken })).status).toBe(400);
  });

  it('bars-data answers 12 months with the default labels', async () => {
    const res = await call<DashboardBarsResponse>('GET', `/dashboard/bars-data?id_campus=${campusA1}`, {
      token: schoolToken,
    });
    expect(res.status).toBe(200);
    const year = new Date().getUTCFullYear();
    expect(Object.keys(res.body.data)).toHaveLength(12);
    expect([Number(res.body.label1), Number(res.body.label2)]).toEqual([expect.any(Number), expect.any(Number)]);
    expect(Math.abs(Number(res.body.label2) - year)).toBeLessThanOrEqual(1);
  });
});

describe("the user's widgets", () => {
  type Saved = { message: string; data: UserDashboardItemsResponse };
  const active = (r: UserDashboardItemsResponse) => r.data.filter((i) => i.isActive).map((i) => i.id_dashboard_item);

  it('all nine in order until the user chooses; the choice and its order are kept', async () => {
    const token = await tokenFor(ctx, { context: CONTEXT_TYPE.SCHOOL, id_school: schoolA });
    const first = await call<UserDashboardItemsResponse>('GET', '/user/dashboard/items', { token });
    expect(first.body.configured).toBe(false);
    expect(active(first.body)).toEqual([1, 2, 3, 4, 5, 6, 7, 8, 9]);
    const saved = await call<Saved>('PUT', '/user/dashboard/items', { token, body: { items: [6, 3, 9] } });
    expect(saved.status).toBe(200);
    expect(active(saved.body.data)).toEqual([6, 3, 9]);
    const again = await call<UserDashboardItemsResponse>('GET', '/user/dashboard/items', { token });
    expect(again.body.configured).toBe(true);
    expect(again.body.data.map((i) => i.id_dashboard_item)).toEqual([6, 3, 9, 1, 2, 4, 5, 7, 8]);
    expect(active(again.body)).toEqual([6, 3, 9]);
    // another user's choice is their own
    const other = await call<UserDashboardItemsResponse>('GET', '/user/dashboard/items', { token: schoolToken });
    expect(active(other.body)).toEqual([1, 2, 3, 4, 5, 6, 7, 8, 9]);
  });

  it('one widget on (added last), off, or toggled', async () => {
    const token = await tokenFor(ctx, { context: CONTEXT_TYPE.CAMPUS, id_school: schoolA, id_campus: campusA1 });
    await call('PUT', '/user/dashboard/items', { token, body: { items: [2, 1] } });
    const on = await call<Saved>('PUT', '/user/dashboard/item', {
      token,
      body: { id_dashboard_item: 7, isActive: true },
    });
    expect(active(on.body.data)).toEqual([2, 1, 7]);
    const off = await call<Saved>('PUT', '/user/dashboard/item', {
      token,
      body: { id_dashboard_item: 2, isActive: false },
    });
    expect(active(off.body.data)).toEqual([1, 7]);
    const toggled = await call<Saved>('PUT', '/user/dashboard/item', { token, body: { id_dashboard_item: 1 } });
    expect(active(toggled.body.data)).toEqual([7]);
    const none = await call<Saved>('PUT', '/user/dashboard/items', { token, body: { items: [] } });
    expect(active(none.body.data)).toEqual([]);
    expect(none.body.data.data.every((i) => !i.isActive)).toBe(true);
  });

  it('refuses repeats and unknown widgets', async () => {
    const bad = [{ items: [1, 1] }, { items: [10] }, { items: 'x' }];
    for (const body of bad)
      expect((await call('PUT', '/user/dashboard/items', { token: schoolToken, body })).status).toBe(400);
    expect(
      (await call('PUT', '/user/dashboard/item', { token: schoolToken, body: { id_dashboard_item: 0 } })).status,
    ).toBe(400);
  });
});
