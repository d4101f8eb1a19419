import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { CONTEXT_TYPE } from '@openseat/shared/constants';
import * as s from '../../db/schema/index';
import { apiClient, startTestApp, type TestContext } from '../../test/harness';
import { createCampus, createSchool, createUser } from '../../test/factories';
import { createPeriod } from '../../test/enrollment-factories';
import { signIn } from '../../test/session';
import { assertAcceptingApplications } from './enrollment.service';

/**
 * Every date rule uses the calendar day of the school (or of the campus, when it sets its own zone): a period
 * whose enrollment ends on March 31st takes applications until midnight of March 31st where the school is,
 * not until 5 p.m. (Pacific) when it is already April 1st in UTC.
 */
let ctx: TestContext;
let call: ReturnType<typeof apiClient>;
let schoolAdmin: string;
let campusAdmin: string;
let school: { id_school: number };
let west: { id_school: number; id_campus: number };
let island: { id_school: number; id_campus: number };
const SCHOOL_YEAR = 3;

const accepting = (id_campus: number, at: string) =>
  assertAcceptingApplications(ctx.db, id_campus, SCHOOL_YEAR, new Date(at)).then(
    () => 'open',
    (error: { message: string }) => error.message,
  );

beforeAll(async () => {
  ctx = await startTestApp();
  call = apiClient(ctx.baseUrl);
  school = await createSchool(ctx.db, 'Pacific Charter');
  west = await createCampus(ctx.db, school.id_school, 'West Campus');
  island = await createCampus(ctx.db, school.id_school, 'Island Campus');
  for (const campus of [west, island])
    await createPeriod(ctx.db, campus, {
      id_school_year: SCHOOL_YEAR,
      state: 'started',
      enrollment_start_date: '2026-01-10',
      enrollment_end_date: '2026-03-31',
    });
  const admin = await createUser(ctx.db, { context: CONTEXT_TYPE.SCHOOL, id_school: school.id_school });
  schoolAdmin = (await signIn(ctx.baseUrl, admin.email)).accessToken;
  const campusUser = await createUser(ctx.db, {
    context: CONTEXT_TYPE.CAMPUS,
    id_school: school.id_school,
    id_campus: island.id_campus,
  });
  campusAdmin = (await signIn(ctx.baseUrl, campusUser.email)).accessToken;
});
afterAll(() => ctx?.close());

describe('time zone of a school and a campus', () => {
  it("a new school is in the default zone (America/New_York); a campus follows its school's", async () => {
    const config = await call<{ time_zone: string }>('GET', `/configuration/school?id_school=${school.id_school}`, {
      token: schoolAdmin,
    });
    expect(config.body.time_zone).toBe('America/New_York');
    const campus = await call<{ time_zone: string | null; effective_time_zone: string }>(
      'GET',
      `/configuration/campus?id_campus=${island.id_campus}`,
      { token: campusAdmin },
    );
    expect(campus.body).toMatchObject({ time_zone: null, effective_time_zone: 'America/New_York' });
    // 11:30 p.m. on March 31st in New York is 03:30 UTC on April 1st
    expect(await accepting(west.id_campus, '2026-04-01T03:30:00Z')).toBe('open');
    expect(await accepting(west.id_campus, '2026-04-01T04:00:00Z')).toBe('enrollmentEnded');
  });

  it('refuses a name that is not an IANA time zone, in en and es', async () => {
    for (const time_zone of ['Mars/Olympus_Mons', 'GMT+25', '', 42]) {
      const res = await call<{ errors: Array<{ path: string; message: string }> }>('PUT', '/configuration/school', {
        token: schoolAdmin,
        body: {
          id_school: school.id_school,
          use_less_parameters: false,
          is_age_school: false,
          is_one_form: false,
          time_zone,
        },
      });
      expect(res.status, String(time_zone)).toBe(400);
      expect(res.body.errors).toContainEqual({ path: 'time_zone', message: 'Invalid value.' });
    }
    const es = await call<{ errors: Array<{ path: string; message: string }> }>('PUT', '/configuration/campus', {
      token: campusAdmin,
      headers: { 'accept-language': 'es' },
      body: { id_campus: island.id_campus, is_lottery_campus: false, time_zone: 'Europe/Atlantis' },
    });
    expect(es.status).toBe(400);
    expect(es.body.errors).toContainEqual({ path: 'time_zone', message: 'Valor inválido.' });
    const [stored] = await ctx.db
      .select({ zone: s.schoolConfiguration.time_zone })
      .from(s.schoolConfiguration)
      .where(eq(s.schoolConfiguration.id_school, school.id_school));
    expect(stored.zone).toBe('America/New_York');
  });

  it("the enrollment window closes at midnight in the school's zone, not in UTC", async () => {
    const saved = await call<{ data: { time_zone: string } }>('PUT', '/configuration/school', {
      token: schoolAdmin,
      body: {
        id_school: school.id_school,
        use_less_parameters: false,
        is_age_school: false,
        is_one_form: false,
        time_zone: 'america/los_angeles',
      },
    });
    expect(saved.status, JSON.stringify(saved.body)).toBe(200);
    expect(saved.body.data.time_zone).toBe('America/Los_Angeles');
    // 5:30 p.m. on March 31st in Los Angeles: already April 1st in UTC, still the last day at the school
    expect(await accepting(west.id_campus, '2026-04-01T00:30:00Z')).toBe('open');
    // 11:59 p.m. and then midnight in Los Angeles (PDT, UTC-7)
    expect(await accepting(west.id_campus, '2026-04-01T06:59:00Z')).toBe('open');
    expect(await accepting(west.id_campus, '2026-04-01T07:00:00Z')).toBe('enrollmentEnded');
    // the start date too: January 10th begins at 08:00 UTC in Los Angeles (PST, UTC-8)
    expect(await accepting(west.id_campus, '2026-01-10T07:59:00Z')).toBe('enrollmentNotStarted');
    expect(await accepting(west.id_campus, '2026-01-10T08:00:00Z')).toBe('open');
  });

  it("a campus's own zone wins over its school's; null follows the school again", async () => {
    const saved = await call<{ data: { time_zone: string | null; effective_time_zone: string } }>(
      'PUT',
      '/configuration/campus',
      {
        token: campusAdmin,
        body: { id_campus: island.id_campus, is_lottery_campus: false, time_zone: 'Pacific/Honolulu' },
      },
    );
    expect(saved.status, JSON.stringify(saved.body)).toBe(200);
    expect(saved.body.data).toMatchObject({ time_zone: 'Pacific/Honolulu', effective_time_zone: 'Pacific/Honolulu' });
    // 9:30 a.m. UTC on April 1st is 11:30 p.m. on March 31st in Honolulu (UTC-10) and 2:30 a.m. in Los Angeles
    expect(await accepting(island.id_campus, '2026-04-01T09:30:00Z')).toBe('open');
    expect(await accepting(west.id_campus, '2026-04-01T09:30:00Z')).toBe('enrollmentEnded');
    expect(await accepting(island.id_campus, '2026-04-01T10:00:00Z')).toBe('enrollmentEnded');

    const cleared = await call<{ data: { time_zone: string | null; effective_time_zone: string } }>(
      'PUT',
      '/configuration/campus',
      { token: campusAdmin, body: { id_campus: island.id_campus, is_lottery_campus: false, time_zone: null } },
    );
    expect(cleared.body.data).toMatchObject({ time_zone: null, effective_time_zone: 'America/Los_Angeles' });
    expect(await accepting(island.id_campus, '2026-04-01T09:30:00Z')).toBe('enrollmentEnded');
  });
});
