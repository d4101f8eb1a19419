import { desc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AD_PLATFORM, DATE_RANGE, STATUS, type StatusId } from '@openseat/shared/constants';
import {
  AdsApplicationsQuerySchema,
  AdsRangeQuerySchema,
  AdsStatusCountQuerySchema,
  type AdsApplicationRow,
} from '@openseat/shared/schemas/ads-tracking';
import type { Page } from '@openseat/shared/schemas/pagination';
import * as s from '../../db/schema/index';
import { createApplication } from '../../test/application-factories';
import { apiClient, startTestApp, type TestContext } from '../../test/harness';
import { recordsWorld } from '../../test/records-setup';
import * as ads from './ads-tracking.service';
import type { AdsCaller } from './ads-tracking.service';

let ctx: TestContext;
let call: ReturnType<typeof apiClient>;
let w: Awaited<ReturnType<typeof recordsWorld>>;

/** The moment the service is asked at: mid-March 2026, so every range below is fixed. */
const NOW = new Date('2026-03-15T12:00:00Z');
const FB = AD_PLATFORM.FB_PIXEL;
const GOOGLE = AD_PLATFORM.GOOGLE_ADS;

type Ad = {
  name: string;
  at: string;
  platform: number | null;
  status?: StatusId;
  campaign_id?: string;
  ad_id?: string;
  campus?: 'a1' | 'a2' | 'b1';
  deleted?: boolean;
};

/** The fixed data set (school A campus a1 unless said otherwise); the comments say which ranges hold each one. */
const DATA: Ad[] = [
  // this month's first moment: this month, last 3 / 6 months, this year
  { name: 'Ana', at: '2026-03-01T00:00:00Z', platform: FB, campaign_id: 'cmp-1', ad_id: 'ad-10' },
  {
    name: 'Bruno',
    at: '2026-03-10T09:00:00Z',
    platform: FB,
    status: STATUS.ENROLLED,
    campaign_id: 'cmp-1',
    ad_id: 'ad-11',
  },
  { name: 'Carla', at: '2026-02-20T10:00:00Z', platform: GOOGLE, campaign_id: 'cmp-2', ad_id: 'ad-20' },
  // the last minute of a personalised range's last day
  {
    name: 'Diego',
    at: '2026-01-05T23:59:00Z',
    platform: GOOGLE,
    status: STATUS.ENROLLED,
    campaign_id: 'cmp-2',
    ad_id: 'AD-21',
  },
  // last year's last half hour: last 6 months and last year, not last 3 months nor this year
  {
    name: 'Elena',
    at: '2025-12-31T23:30:00Z',
    platform: FB,
    status: STATUS.APPLIED,
    campaign_id: 'cmp-3',
    ad_id: 'ad-30',
  },
  // a formula in a campaign id (it comes from an ad's link): written as text in the CSV
  { name: 'Fabio', at: '2025-06-15T08:00:00Z', platform: GOOGLE, campaign_id: '=cmp-3', ad_id: 'ad-31' },
  // never counted: not from an ad; deleted
  { name: 'Gina', at: '2026-03-05T08:00:00Z', platform: null },
  { name: 'Hugo', at: '2026-03-03T08:00:00Z', platform: FB, campaign_id: 'cmp-1', ad_id: 'ad-10', deleted: true },
  // another campus of school A; another school
  { name: 'Ines', at: '2026-03-04T08:00:00Z', platform: FB, campaign_id: 'cmp-1', ad_id: 'ad-12', campus: 'a2' },
  { name: 'Jorge', at: '2026-03-04T08:00:00Z', platform: FB, campaign_id: 'cmp-1', ad_id: 'ad-12', campus: 'b1' },
];

const created = new Map<string, { id_application: number; correlative: number }>();

/** The whole data set, whatever day the tests run on. */
const ALL_TIME = { dateRange: DATE_RANGE.PERSONALIZED, startDate: '2025-01-01', endDate: '2026-12-31' };

const schoolCaller = (): AdsCaller => ({
  scope: { id_school: w.schoolA.id_school, campusIds: null },
  id_user: null,
  id_school: w.schoolA.id_school,
});
const campusCaller = (): AdsCaller => ({
  scope: { id_school: w.schoolA.id_school, campusIds: [w.campuses.a1.id_campus] },
  id_user: null,
  id_school: w.schoolA.id_school,
});

const rangeQuery = (q: Record<string, unknown>) => AdsRangeQuerySchema.parse(q);
const countQuery = (q: Record<string, unknown>) => AdsStatusCountQuerySchema.parse(q);

async function table(query: Record<string, string | number>, token = w.tokens.school) {
  const qs = new URLSearchParams(Object.entries({ ...ALL_TIME, ...query }).map(([k, v]) => [k, String(v)]));
  return call<Page<AdsApplicationRow>>('GET', `/ads-tracking/applications?${qs}`, { token });
}
const namesOf = (page: Page<AdsApplicationRow>) => page.data.map((r) => r.applicantName.split(' ')[0]);

async function download(query: Record<string, string | number>, token = w.tokens.school) {
  const qs = new URLSearchParams(Object.entries(query).map(([k, v]) => [k, String(v)]));
  const res = await fetch(`${ctx.baseUrl}/api/ads-tracking/applications/export?${qs}`, {
    headers: { authorization: `Bearer ${token}`, 'accept-language': 'en' },
  });
  return { status: res.status, headers: res.headers, text: await res.text() };
}

beforeAll(async () => {
  ctx = await startTestApp();
  call = apiClient(ctx.baseUrl);
  w = await recordsWorld(ctx, [['ads_tracking', 'access']]);
  for (const ad of DATA) {
    const app = await createApplication(ctx.db, w.periods[ad.campus ?? 'a1'], {
      id_status: ad.status ?? STATUS.LEAD,
      firstName: ad.name,
      lastName: 'Adsfam',
      createdAt: new Date(ad.at),
    });
    await ctx.db
      .update(s.application)
      .set({
        platform: ad.platform,
        campaign_id: ad.campaign_id ?? null,
        ad_id: ad.ad_id ?? null,
        deletedAt: ad.deleted ? new Date(ad.at) : null,
      })
      .where(eq(s.application.id_application, app.id_application));
    created.set(ad.name, app);
  }
});
afterAll(() => ctx?.close());

describe('monthly report (hand-computed, asked at 2026-03-15)', () => {
  const report = (dateRange: number, extra: Record<string, unknown> = {}, caller = schoolCaller()) =>
    ads.monthlyReport(ctx.db, caller, rangeQuery({ dateRange, ...extra }), NOW);
  const m = (month: string, count: number) => ({ month, count });

  it('this month (1, the default)', async () => {
    expect(await ads.monthlyReport(ctx.db, schoolCaller(), rangeQuery({}), NOW)).toEqual({
      fbPixel: [m('2026-03', 3)],
      googleAds: [m('2026-03', 0)],
      range: { startDate: '2026-03-01', endDate: '2026-03-31' },
    });
  });

  it('last 3 months (2): January to March', async () => {
    const r = await report(DATE_RANGE.LAST_3_MONTHS);
    expect(r.fbPixel).toEqual([m('2026-01', 0), m('2026-02', 0), m('2026-03', 3)]);
    expect(r.googleAds).toEqual([m('2026-01', 1), m('2026-02', 1), m('2026-03', 0)]);
    expect(r.range).toEqual({ startDate: '2026-01-01', endDate: '2026-03-31' });
  });

  it('last 6 months (3): October to March, across the year', async () => {
    const r = await report(DATE_RANGE.LAST_6_MONTHS);
    expect(r.fbPixel.map((x) => x.count)).toEqual([0, 0, 1, 0, 0, 3]);
    expect(r.googleAds.map((x) => x.count)).toEqual([0, 0, 0, 1, 1, 0]);
    expect(r.fbPixel[0].month).toBe('2025-10');
  });

  it('last year (4): the twelve months of 2025', async () => {
    const r = await report(DATE_RANGE.LAST_YEAR);
    expect(r.fbPixel).toHaveLength(12);
    expect(r.fbPixel.filter((x) => x.count)).toEqual([m('2025-12', 1)]);
    expect(r.googleAds.filter((x) => x.count)).toEqual([m('2025-06', 1)]);
    expect(r.range).toEqual({ startDate: '2025-01-01', endDate: '2025-12-31' });
  });

  it('this year (5): January up to the current month', async () => {
    const r = await report(DATE_RANGE.THIS_YEAR);
    expect(r.fbPixel).toEqual([m('2026-01', 0), m('2026-02', 0), m('2026-03', 3)]);
    expect(r.googleAds).toEqual([m('2026-01', 1), m('2026-02', 1), m('2026-03', 0)]);
  });

  it('personalised (6): both days included, to the last minute', async () => {
    const r = await report(DATE_RANGE.PERSONALIZED, { startDate: '2025-12-31', endDate: '2026-01-05' });
    expect(r.fbPixel).toEqual([m('2025-12', 1), m('2026-01', 0)]);
    expect(r.googleAds).toEqual([m('2025-12', 0), m('2026-01', 1)]);
    const before = await report(DATE_RANGE.PERSONALIZED, { startDate: '2026-01-06', endDate: '2026-01-31' });
    expect(before.googleAds).toEqual([m('2026-01', 0)]);
  });

  it('a campus user counts its campus only; a campus filter narrows a school user', async () => {
    expect((await report(DATE_RANGE.THIS_MONTH, {}, campusCaller())).fbPixel).toEqual([m('2026-03', 2)]);
    const a2 = await report(DATE_RANGE.THIS_MONTH, { id_campus: w.campuses.a2.id_campus });
    expect(a2.fbPixel).toEqual([m('2026-03', 1)]);
  });
});

describe('status application count (pie and bars: lead and enrolled)', () => {
  const count = (q: Record<string, unknown>) => ads.statusCount(ctx.db, schoolCaller(), countQuery(q), NOW);

  it('lead counts every application from an ad; enrolled the enrolled ones, per platform and month', async () => {
    const lead = await count({ dateRange: DATE_RANGE.THIS_YEAR, id_status: STATUS.LEAD });
    expect(lead).toMatchObject({ id_status: 1, total: 5, fbPixel: 3, googleAds: 2 });
    expect(lead.months).toEqual([
      { month: '2026-01', count: 1 },
      { month: '2026-02', count: 1 },
      { month: '2026-03', count: 3 },
    ]);
    const enrolled = await count({ dateRange: DATE_RANGE.THIS_YEAR, id_status: STATUS.ENROLLED });
    expect(enrolled).toMatchObject({ id_status: 9, total: 2, fbPixel: 1, googleAds: 1 });
    expect(enrolled.months.map((x) => x.count)).toEqual([1, 0, 1]);
  });

  it('one source, one campus, one school year', async () => {
    const google = await count({ dateRange: DATE_RANGE.LAST_6_MONTHS, platform: 'google' });
    expect(google).toMatchObject({ total: 2, fbPixel: 0, googleAds: 2 });
    const a1 = await count({ dateRange: DATE_RANGE.THIS_YEAR, id_campus: w.campuses.a1.id_campus });
    expect(a1.total).toBe(4);
    const year = await count({ dateRange: DATE_RANGE.THIS_YEAR, id_school_year: w.periods.a1.id_school_year + 1000 });
    expect(year.total).toBe(0);
  });

  it('answers over HTTP with the default filter (this month, no dates)', async () => {
    const res = await call('GET', '/ads-tracking/status-application-count?id_status=1', { token: w.tokens.school });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body).toMatchObject({ id_status: 1, months: expect.any(Array) });
  });
});

describe('platform applications table', () => {
  it('lists the applications from ads in scope, newest first, id shown as correlative, times in UTC', async () => {
    const res = await table({});
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(namesOf(res.body)).toEqual(['Bruno', 'Ines', 'Ana', 'Carla', 'Diego', 'Elena', 'Fabio']);
    expect(res.body.total).toBe(7);
    expect(res.body.data[0]).toMatchObject({
      correlative: created.get('Bruno')!.correlative,
      createdAt: '2026-03-10T09:00:00.000Z',
      applicantName: 'Bruno Adsfam',
      campaign_id: 'cmp-1',
      ad_id: 'ad-11',
      id_status: 9,
      status: 'enrolled',
      platform: 'fbPixel',
    });
  });

  it('filters by text (name or id), ad id and campaign id (case-insensitive), platform and status', async () => {
    expect(namesOf((await table({ text: 'bruno' })).body)).toEqual(['Bruno']);
    expect(namesOf((await table({ text: `#${created.get('Carla')!.correlative}` })).body)).toEqual(['Carla']);
    expect(namesOf((await table({ ad_id: 'ad-2' })).body)).toEqual(['Carla', 'Diego']);
    expect(namesOf((await table({ ad_id: 'AD-20' })).body)).toEqual(['Carla']);
    expect(namesOf((await table({ campaign_id: 'cmp-3' })).body)).toEqual(['Elena', 'Fabio']);
    expect(namesOf((await table({ platform: 'google' })).body)).toEqual(['Carla', 'Diego', 'Fabio']);
    expect(namesOf((await table({ id_status: STATUS.ENROLLED })).body)).toEqual(['Bruno', 'Diego']);
    expect(namesOf((await table({ startDate: '2026-03-01', endDate: '2026-03-04' })).body)).toEqual(['Ines', 'Ana']);
  });

  it('pages (page 0, 25 rows by default)', async () => {
    const first = await table({ pageSize: 2 });
    expect(first.body).toMatchObject({ page: 0, pageSize: 2, total: 7, totalExact: true });
    expect((await table({ pageSize: 2, exactTotal: 'true' })).body).toMatchObject({ total: 7, totalExact: true });
    expect(namesOf((await table({ pageSize: 2, page: 3 })).body)).toEqual(['Fabio']);
    expect(AdsApplicationsQuerySchema.parse({})).toMatchObject({ page: 0, pageSize: 25, dateRange: 1 });
  });

  it("a campus user sees its campus only; another school's campus is not found", async () => {
    expect(namesOf((await table({}, w.tokens.campus)).body)).toEqual([
      'Bruno',
      'Ana',
      'Carla',
      'Diego',
      'Elena',
      'Fabio',
    ]);
    const foreign = await table({ id_campus: w.campuses.b1.id_campus });
    expect(foreign.status).toBe(404);
    expect((await table({ id_campus: w.campuses.a2.id_campus }, w.tokens.campus)).status).toBe(404);
  });

  it('writes an audit row for the read (applicant names are student records)', async () => {
    await table({ ad_id: 'ad-11' });
    const [row] = await ctx.db.select().from(s.auditLog).orderBy(desc(s.auditLog.id_audit_log)).limit(1);
    expect(row).toMatchObject({ action: 'ads_tracking.list', entity: 'application', id_school: w.schoolA.id_school });
    expect(row.changes).toMatchObject({ filters: { ad_id: 'ad-11' }, total: 1 });
  });
});

describe('CSV export', () => {
  it("writes the spec's ads columns, every row in scope, formulas neutralised; audited", async () => {
    const res = await download({ ...ALL_TIME });
    expect(res.status, res.text).toBe(200);
    expect(res.headers.get('content-type')).toBe('text/csv; charset=utf-8');
    expect(res.headers.get('content-disposition')).toContain('ads-applications.csv');
    const lines = res.text
      .replace(/^\uFEFF/, '')
      .trimEnd()
      .split('\n');
    expect(lines[0]).toBe('createdAt,id,applicantName,campaign_id,ad_id,status,platform');
    expect(lines).toHaveLength(8);
    expect(lines[1]).toBe(
      `2026-03-01T00:00:00.000Z,${created.get('Ana')!.correlative},Ana Adsfam,cmp-1,ad-10,lead,fbPixel`,
    );
    expect(lines.find((l) => l.includes('Fabio'))).toContain(",'=cmp-3,ad-31,lead,googleAds");
    expect(res.text).not.toContain('Jorge');
    expect(res.text).not.toContain('Hugo');
    expect(res.text).not.toContain('Gina');
    const [audit] = await ctx.db.select().from(s.auditLog).orderBy(desc(s.auditLog.id_audit_log)).limit(1);
    expect(audit).toMatchObject({
      action: 'ads_tracking.export',
      entity: 'application',
      id_school: w.schoolA.id_school,
    });
    expect(audit.changes).toMatchObject({
      columns: ['createdAt', 'id', 'applicantName', 'campaign_id', 'ad_id', 'status', 'platform'],
      filters: { dateRange: 6, startDate: '2025-01-01', endDate: '2026-12-31' },
      range: { startDate: '2025-01-01', endDate: '2026-12-31' },
    });
  });

  it('keeps the filters, and an empty result is the header alone', async () => {
    const google = await download({ ...ALL_TIME, platform: 'google', campaign_id: 'cmp-2' });
    expect(google.text.trimEnd().split('\n')).toHaveLength(3);
    const none = await download({ ...ALL_TIME, text: 'nobody-here' });
    expect(none.text.replace(/^\uFEFF/, '')).toBe('createdAt,id,applicantName,campaign_id,ad_id,status,platform\n');
  });

  it('needs export_csv on ads tracking (the limited role may look, not export)', async () => {
    expect((await table({}, w.tokens.limited)).status).toBe(200);
    expect((await download({ ...ALL_TIME }, w.tokens.limited)).status).toBe(403);
  });
});

describe('bad input answers 400 with a message', () => {
  const bad = async (path: string) => {
    const res = await call<{ message: string; errors?: Array<{ path: string; message: string }> }>('GET', path, {
      token: w.tokens.school,
      headers: { 'accept-language': 'en' },
    });
    expect(res.status, `${path}: ${JSON.stringify(res.body)}`).toBe(400);
    return res.body;
  };

  it('a start date after the end date', async () => {
    for (const route of ['monthly-report', 'status-application-count', 'applications', 'applications/export']) {
      const body = await bad(`/ads-tracking/${route}?dateRange=6&startDate=2026-03-10&endDate=2026-03-01`);
      expect(JSON.stringify(body)).toContain('The start date must be on or before the end date.');
    }
  });

  it('bad dates, a personalised range without its dates, unknown ranges, sources and statuses', async () => {
    expect(
      JSON.stringify(await bad('/ads-tracking/monthly-report?dateRange=6&startDate=2026-02-30&endDate=2026-03-01')),
    ).toContain('Invalid date');
    await bad('/ads-tracking/monthly-report?dateRange=6&startDate=yesterday&endDate=2026-03-01');
    expect(JSON.stringify(await bad('/ads-tracking/monthly-report?dateRange=6&startDate=2026-03-01'))).toContain(
      'Required field.',
    );
    await bad('/ads-tracking/monthly-report?dateRange=7');
    await bad('/ads-tracking/status-application-count?platform=tiktok');
    await bad('/ads-tracking/status-application-count?id_status=99');
    await bad('/ads-tracking/applications?pageSize=0');
    await bad('/ads-tracking/applications?id_campus=abc');
  });
});
