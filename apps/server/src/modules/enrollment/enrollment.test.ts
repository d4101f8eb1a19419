import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CONTEXT_TYPE } from '@openseat/shared/constants';
import type {
  CampusSchoolYearRow,
  CampusYearGradeRow,
  CampusYearRow,
  EnrollmentStatus,
} from '@openseat/shared/schemas/enrollment';
import * as s from '../../db/schema/index';
import { apiClient, startTestApp, type TestContext } from '../../test/harness';
import { createCampus, createSchool, createUser } from '../../test/factories';
import { createCampusGrades, createPeriod, createRoleWith, periodState } from '../../test/enrollment-factories';
import { signIn } from '../../test/session';
import { assertAcceptingApplications } from './enrollment.service';

let ctx: TestContext;
let call: ReturnType<typeof apiClient>;
const token: Record<'school' | 'campus' | 'viewer' | 'starter' | 'otherSchool', string> = {
  school: '',
  campus: '',
  viewer: '',
  starter: '',
  otherSchool: '',
};
let campus: { id_school: number; id_campus: number };
let sister: { id_school: number; id_campus: number };
let foreign: { id_school: number; id_campus: number };

type Saved<T> = { message: string; data: T };
type Refusal = { message: string; code: string; errors?: Array<{ path: string; message: string }> };

beforeAll(async () => {
  ctx = await startTestApp();
  call = apiClient(ctx.baseUrl);
  const school = await createSchool(ctx.db, 'Enrollment School');
  const other = await createSchool(ctx.db, 'Other School');
  campus = await createCampus(ctx.db, school.id_school, 'Main Campus');
  sister = await createCampus(ctx.db, school.id_school, 'Sister Campus');
  foreign = await createCampus(ctx.db, other.id_school, 'Foreign Campus');
  await createCampusGrades(ctx.db, campus, [1, 2, 3]);
  await createCampusGrades(ctx.db, sister, [3]);
  await createCampusGrades(ctx.db, foreign, [3]);
  // sees enrollment settings, may change nothing; and one that may start but not finalize
  const viewerRole = await createRoleWith(ctx.db, CONTEXT_TYPE.CAMPUS, [
    ['enrollment_settings', 'access'],
    ['school_year_spots', 'access'],
  ]);
  const starterRole = await createRoleWith(ctx.db, CONTEXT_TYPE.CAMPUS, [
    ['enrollment_settings', 'access'],
    ['enrollment_settings', 'start_school_year'],
  ]);
  const users = {
    school: await createUser(ctx.db, { context: CONTEXT_TYPE.SCHOOL, id_school: school.id_school }),
    campus: await createUser(ctx.db, {
      context: CONTEXT_TYPE.CAMPUS,
      id_school: school.id_school,
      id_campus: campus.id_campus,
    }),
    viewer: await createUser(ctx.db, {
      context: CONTEXT_TYPE.CAMPUS,
      role: viewerRole.name,
      id_school: school.id_school,
      id_campus: campus.id_campus,
    }),
    starter: await createUser(ctx.db, {
      context: CONTEXT_TYPE.CAMPUS,
      role: starterRole.name,
      id_school: school.id_school,
      id_campus: campus.id_campus,
    }),
    otherSchool: await createUser(ctx.db, { context: CONTEXT_TYPE.SCHOOL, id_school: other.id_school }),
  };
  for (const key of Object.keys(token) as Array<keyof typeof token>)
    token[key] = (await signIn(ctx.baseUrl, users[key].email)).accessToken;
});
afterAll(() => ctx?.close());

const es = { 'accept-language': 'es' };
const newPeriod = (over: Record<string, unknown> = {}) => ({
  id_campus: campus.id_campus,
  id_school_year: 1,
  spots: 0,
  ...over,
});
const ready = {
  spots: 30,
  enrollment_start_date: '2020-01-01',
  enrollment_end_date: '2099-06-30',
  enrollment_acceptance_period: 5,
};
const updateBody = (p: CampusYearRow, over: Record<string, unknown> = {}) => ({
  id_campus_year: p.id_campus_year,
  id_campus: p.id_campus,
  id_school_year: p.id_school_year,
  spots: p.spots,
  enrollment_start_date: p.enrollment_start_date,
  enrollment_end_date: p.enrollment_end_date,
  first_day_of_school: p.first_day_of_school,
  enrollment_acceptance_period: p.enrollment_acceptance_period,
  enrollment_mode: p.enrollment_mode,
  auto_move_waiting_list_on_decline: p.auto_move_waiting_list_on_decline,
  ...over,
});
const activate = (id_campus_year: number, action: string, t = token.campus, headers?: Record<string, string>) =>
  call<Saved<CampusYearRow> & Refusal>('PUT', '/enrollment/campusYear/year-activation', {
    token: t,
    body: { id_campus_year, action },
    headers,
  });

describe('school periods: life cycle', () => {
  let period: CampusYearRow;

  it('creates a not-started period with a 0-spot seat row for each active campus grade, and audits it', async () => {
    const res = await call<Saved<CampusYearRow>>('POST', '/enrollment/campusYear', {
      token: token.campus,
      body: newPeriod({ id_school: 999 }),
    });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    period = res.body.data;
    expect(period).toMatchObject({
      id_campus: campus.id_campus,
      id_school: campus.id_school,
      state: 'not_started',
      ready_to_start: false,
      school_year: { id_school_year: 1, name: '2024-2025', year_one: 2024, year_two: 2025 },
      seats: { spots: 0, taken: 0 },
      enrollment_mode: 1,
      enrollment_acceptance_period: 0,
    });
    const seats = await call<CampusYearGradeRow[]>(
      'GET',
      `/enrollment/campusYearGrade/all?id_campus_year=${period.id_campus_year}`,
      { token: token.campus },
    );
    expect(seats.body.map((g) => [g.grade.name, g.spots, g.taken])).toEqual([
      ['PK', 0, 0],
      ['K', 0, 0],
      ['1', 0, 0],
    ]);
    const audit = await ctx.db
      .select()
      .from(s.auditLog)
      .where(and(eq(s.auditLog.action, 'campus_year.create'), eq(s.auditLog.entityId, String(period.id_campus_year))));
    expect(audit).toHaveLength(1);
    expect(audit[0].id_campus).toBe(campus.id_campus);
  });

  it('refuses a second period for the same campus and school year (409)', async () => {
    const res = await call<Refusal>('POST', '/enrollment/campusYear', { token: token.campus, body: newPeriod() });
    expect(res.status).toBe(409);
    expect(res.body.message).toBe('This campus already has a school period for this school year.');
  });

  it('refuses an end date before the start date and a missing school year, in en and es', async () => {
    const body = newPeriod({
      id_school_year: 2,
      enrollment_start_date: '2026-05-01',
      enrollment_end_date: '2026-04-01',
    });
    const en = await call<Refusal>('POST', '/enrollment/campusYear', { token: token.campus, body });
    expect(en.status).toBe(400);
    expect(en.body.errors).toEqual([
      { path: 'enrollment_end_date', message: 'The enrollment end date must be on or after the start date.' },
    ]);
    const missing = await call<Refusal>('POST', '/enrollment/campusYear', {
      token: token.campus,
      body: newPeriod({ id_school_year: -1 }),
      headers: es,
    });
    expect(missing.body.errors).toEqual([{ path: 'id_school_year', message: 'Campo requerido' }]);
  });

  it('refuses to start before the period is ready, listing each reason', async () => {
    const res = await activate(period.id_campus_year, 'start');
    expect(res.status).toBe(400);
    expect(res.body.message).toBe('The school period is not ready to start.');
    expect(res.body.errors).toEqual([
      { path: 'spots', message: 'The school period needs more than 0 spots.' },
      { path: 'enrollment_start_date', message: 'Set the enrollment start date.' },
      { path: 'enrollment_end_date', message: 'Set the enrollment end date.' },
    ]);
    const inSpanish = await activate(period.id_campus_year, 'start', token.campus, es);
    expect(inSpanish.body.errors?.map((e) => e.message)).toEqual([
      'El periodo escolar necesita más de 0 cupos.',
      'Defina la fecha de inicio de inscripción.',
      'Defina la fecha de fin de inscripción.',
    ]);
    expect((await periodState(ctx.db, period.id_campus_year)).state).toBe('not_started');
  });

  it('refuses not started -> finalized', async () => {
    const res = await activate(period.id_campus_year, 'finalize');
    expect(res.status).toBe(409);
    expect(res.body.message).toBe('Only a started school period can be finalized.');
  });

  it('is ready once it has spots and both dates; starts; refuses to start twice', async () => {
    const saved = await call<Saved<CampusYearRow>>('PUT', '/enrollment/campusYear', {
      token: token.campus,
      body: updateBody(period, ready),
    });
    expect(saved.status, JSON.stringify(saved.body)).toBe(200);
    expect(saved.body.data).toMatchObject({ ...ready, ready_to_start: true, readiness: [] });
    const started = await activate(period.id_campus_year, 'start');
    expect(started.status, JSON.stringify(started.body)).toBe(200);
    expect(started.body).toMatchObject({
      message: 'The school period has started.',
      data: { state: 'started', ready_to_start: false },
    });
    expect(started.body.data.startedAt).toBeTruthy();
    const again = await activate(period.id_campus_year, 'start');
    expect(again.status).toBe(409);
    expect(again.body.message).toBe('This school period is already started.');
    period = started.body.data;
  });

  it('switches the lottery sibling rule on and off; an update that omits it keeps it', async () => {
    expect(period.sibling_priority).toBe(false);
    const on = await call<Saved<CampusYearRow>>('PUT', '/enrollment/campusYear', {
      token: token.campus,
      body: updateBody(period, { sibling_priority: true }),
    });
    expect(on.status, JSON.stringify(on.body)).toBe(200);
    expect(on.body.data.sibling_priority).toBe(true);
    const kept = await call<Saved<CampusYearRow>>('PUT', '/enrollment/campusYear', {
      token: token.campus,
      body: updateBody(on.body.data),
    });
    expect(kept.body.data.sibling_priority).toBe(true);
    const bad = await call<Refusal>('PUT', '/enrollment/campusYear', {
      token: token.campus,
      body: updateBody(on.body.data, { sibling_priority: 'maybe' }),
    });
    expect(bad.status).toBe(400);
    const off = await call<Saved<CampusYearRow>>('PUT', '/enrollment/campusYear', {
      token: token.campus,
      body: updateBody(on.body.data, { sibling_priority: false }),
    });
    expect(off.body.data.sibling_priority).toBe(false);
    period = off.body.data;
  });

  it('saves the offer deadline rule; an update that omits it keeps it; bad rules are refused in en and es', async () => {
    expect(period.offer_deadline).toEqual({
      days: null,
      fixedDate: null,
      timeOfDay: '17:00',
      skipWeekends: false,
      holidays: [],
      reminderHours: null,
    });
    expect(period.timeZone).toBe('America/New_York');
    const rule = {
      days: '3',
      fixedDate: '2026-12-18',
      timeOfDay: '16:30',
      skipWeekends: true,
      holidays: ['2026-12-25', '2026-11-26', '2026-12-25'],
      reminderHours: 24,
    };
    const saved = await call<Saved<CampusYearRow>>('PUT', '/enrollment/campusYear', {
      token: token.campus,
      body: updateBody(period, { offer_deadline: rule }),
    });
    expect(saved.status, JSON.stringify(saved.body)).toBe(200);
    const stored = { ...rule, days: 3, holidays: ['2026-11-26', '2026-12-25'] };
    expect(saved.body.data.offer_deadline).toEqual(stored);
    const kept = await call<Saved<CampusYearRow>>('PUT', '/enrollment/campusYear', {
      token: token.campus,
      body: updateBody(saved.body.data),
    });
    expect(kept.body.data.offer_deadline).toEqual(stored);
    const bad = (offer_deadline: unknown, headers?: Record<string, string>) =>
      call<Refusal>('PUT', '/enrollment/campusYear', {
        token: token.campus,
        body: updateBody(kept.body.data, { offer_deadline }),
        headers,
      });
    const time = await bad({ ...rule, timeOfDay: '25:00' });
    expect(time.status).toBe(400);
    expect(time.body.errors).toEqual([{ path: 'offer_deadline.timeOfDay', message: 'Enter a time as HH:MM.' }]);
    const spanish = await bad({ ...rule, timeOfDay: '5pm', days: -1, reminderHours: 0 }, es);
    expect(spanish.status).toBe(400);
    expect(spanish.body.errors).toEqual(
      expect.arrayContaining([
        { path: 'offer_deadline.timeOfDay', message: 'Escriba una hora como HH:MM.' },
        { path: 'offer_deadline.days', message: 'La cantidad debe ser 0 o mayor.' },
        { path: 'offer_deadline.reminderHours', message: 'La cantidad debe ser mayor que 0.' },
      ]),
    );
    for (const wrong of [
      { ...rule, holidays: ['someday'] },
      { ...rule, fixedDate: '2026-02-30' },
      'soon',
      [],
      { ...rule, days: 366 },
    ])
      expect((await bad(wrong)).status, JSON.stringify(wrong)).toBe(400);
    const cleared = await call<Saved<CampusYearRow>>('PUT', '/enrollment/campusYear', {
      token: token.campus,
      body: updateBody(kept.body.data, {
        offer_deadline: { days: '', fixedDate: '', timeOfDay: '17:00', reminderHours: '' },
      }),
    });
    expect(cleared.body.data.offer_deadline).toEqual({
      days: null,
      fixedDate: null,
      timeOfDay: '17:00',
      skipWeekends: false,
      holidays: [],
      reminderHours: null,
    });
    period = cleared.body.data;
  });

  it('allows one started period per campus', async () => {
    const second = await call<Saved<CampusYearRow>>('POST', '/enrollment/campusYear', {
      token: token.campus,
      body: newPeriod({ id_school_year: 2, ...ready }),
    });
    expect(second.body.data.ready_to_start).toBe(true);
    const res = await activate(second.body.data.id_campus_year, 'start');
    expect(res.status).toBe(409);
    expect(res.body.message).toBe('Another school period of this campus is started. Finalize it first.');
  });

  it('keeps a started period ready: clearing a date is refused; the school year is fixed once started', async () => {
    const res = await call<Refusal>('PUT', '/enrollment/campusYear', {
      token: token.campus,
      body: updateBody(period, { enrollment_end_date: null }),
    });
    expect(res.status).toBe(400);
    expect(res.body.errors).toEqual([{ path: 'enrollment_end_date', message: 'Set the enrollment end date.' }]);
    const year = await call<Refusal>('PUT', '/enrollment/campusYear', {
      token: token.campus,
      body: updateBody(period, { id_school_year: 6 }),
    });
    expect(year.status).toBe(400);
    expect(year.body.errors?.[0].path).toBe('id_school_year');
  });

  it('takes applications while started and within its dates', async () => {
    const status = await call<EnrollmentStatus>('GET', `/enrollment/status?id_campus=${campus.id_campus}`, {
      token: token.campus,
    });
    expect(status.body).toMatchObject({
      acceptingApplications: true,
      reason: null,
      endDate: '2099-06-30',
      id_campus_year: period.id_campus_year,
      state: 'started',
    });
    await expect(
      assertAcceptingApplications(ctx.db, campus.id_campus, 1, new Date('2026-11-22T17:00:00Z')),
    ).resolves.toEqual({
      id_campus_year: period.id_campus_year,
    });
    await expect(
      assertAcceptingApplications(ctx.db, campus.id_campus, 2, new Date('2026-11-22T17:00:00Z')),
    ).rejects.toMatchObject({
      statusCode: 409,
      message: 'enrollmentNotStarted',
    });
    await expect(
      assertAcceptingApplications(ctx.db, campus.id_campus, 1, new Date('2099-07-01T17:00:00Z')),
    ).rejects.toMatchObject({
      statusCode: 409,
      message: 'enrollmentEnded',
    });
  });

  it('finalizes: the period moves to Historical and is frozen', async () => {
    const seats = await call<CampusYearGradeRow[]>(
      'GET',
      `/enrollment/campusYearGrade/all?id_campus_year=${period.id_campus_year}`,
      { token: token.campus },
    );
    const done = await activate(period.id_campus_year, 'finalize');
    expect(done.status, JSON.stringify(done.body)).toBe(200);
    expect(done.body).toMatchObject({
      message: 'The school period is finalized and moved to Historical.',
      data: { state: 'finalized' },
    });

    const historical = await call<CampusYearRow[]>(
      'GET',
      `/enrollment/campusYear/all?id_campus=${campus.id_campus}&historical=true`,
      { token: token.campus },
    );
    expect(historical.body.map((p) => p.id_campus_year)).toEqual([period.id_campus_year]);
    const byState = await call<CampusYearRow[]>(
      'GET',
      `/enrollment/campusYear/all?id_campus=${campus.id_campus}&state=finalized`,
      { token: token.campus },
    );
    expect(byState.body.map((p) => p.id_campus_year)).toEqual([period.id_campus_year]);
    const current = await call<CampusYearRow[]>(
      'GET',
      `/enrollment/campusYear/all?id_campus=${campus.id_campus}&historical=false`,
      { token: token.campus },
    );
    expect(current.body.map((p) => p.id_campus_year)).not.toContain(period.id_campus_year);

    const frozen = 'This school period is finalized: its data can no longer change.';
    const put = await call<Refusal>('PUT', '/enrollment/campusYear', {
      token: token.campus,
      body: updateBody(period, { spots: 40 }),
    });
    expect([put.status, put.body.message]).toEqual([409, frozen]);
    const putSeats = await call<Refusal>('PUT', '/enrollment/campusYearGrade', {
      token: token.campus,
      body: [{ id_campus_year_grade: seats.body[0].id_campus_year_grade, spots: 1 }],
    });
    expect([putSeats.status, putSeats.body.message]).toEqual([409, frozen]);
    for (const action of ['start', 'finalize']) {
      const res = await activate(period.id_campus_year, action);
      expect([res.status, res.body.message]).toEqual([409, frozen]);
    }
    await expect(
      assertAcceptingApplications(ctx.db, campus.id_campus, 1, new Date('2026-11-22T17:00:00Z')),
    ).rejects.toMatchObject({
      statusCode: 409,
      message: 'enrollmentEnded',
    });
    expect(await periodState(ctx.db, period.id_campus_year)).toEqual({ state: 'finalized', spots: 30 });
  });

  it('after finalizing, a new period of the campus can start', async () => {
    const list = await call<CampusYearRow[]>(
      'GET',
      `/enrollment/campusYear/all?id_campus=${campus.id_campus}&historical=false`,
      { token: token.campus },
    );
    const next = list.body.find((p) => p.id_school_year === 2)!;
    expect((await activate(next.id_campus_year, 'start')).status).toBe(200);
    const years = await call<CampusSchoolYearRow[]>(
      'GET',
      `/catalog/campus-school-years?id_campus=${campus.id_campus}`,
      { token: token.campus },
    );
    expect(years.body.map((y) => [y.name, y.state])).toEqual([
      ['2025-2026', 'started'],
      ['2024-2025', 'finalized'],
    ]);
  });
});

describe('enrollment status (top bar notice)', () => {
  it("reports 'ended' with the spec wording once the end date has passed, in en and es", async () => {
    const p = await createPeriod(ctx.db, sister, {
      id_school_year: 7,
      state: 'started',
      enrollment_start_date: '2020-01-01',
      enrollment_end_date: '2020-06-30',
    });
    const en = await call<EnrollmentStatus>('GET', `/enrollment/status?id_campus=${sister.id_campus}`, {
      token: token.school,
    });
    expect(en.body).toEqual({
      acceptingApplications: false,
      reason: 'ended',
      message: 'Enrollment period has ended',
      help: 'Update the enrollment end date, then sign out and sign in again to clear this notice.',
      endDate: '2020-06-30',
      id_campus_year: p.id_campus_year,
      id_school_year: 7,
      state: 'started',
      today: expect.stringMatching(/^\d{4}-\d{2}-\d{2}$/),
      timeZone: 'America/New_York',
    });
    const inSpanish = await call<EnrollmentStatus>('GET', `/enrollment/status?id_campus=${sister.id_campus}`, {
      token: token.school,
      headers: es,
    });
    expect(inSpanish.body.message).toBe('El periodo de inscripción ha terminado');
    await expect(assertAcceptingApplications(ctx.db, sister.id_campus, 7)).rejects.toMatchObject({
      code: 'ENROLLMENT_ENDED',
      message: 'enrollmentEnded',
    });
  });

  it("reports 'not_started' for a campus without a started period, and a chosen school year", async () => {
    await createPeriod(ctx.db, sister, { id_school_year: 8 });
    const res = await call<EnrollmentStatus>(
      'GET',
      `/enrollment/status?id_campus=${sister.id_campus}&id_school_year=8`,
      { token: token.school },
    );
    expect(res.body).toMatchObject({
      acceptingApplications: false,
      reason: 'not_started',
      message: 'Enrollment period has not started.',
      state: 'not_started',
    });
  });
});

describe('seats per grade', () => {
  let period: CampusYearRow;
  let seats: CampusYearGradeRow[];
  const put = (body: unknown, headers?: Record<string, string>, t = token.campus) =>
    call<Saved<CampusYearGradeRow[]> & Refusal>('PUT', '/enrollment/campusYearGrade', { token: t, body, headers });

  beforeAll(async () => {
    const res = await call<Saved<CampusYearRow>>('POST', '/enrollment/campusYear', {
      token: token.campus,
      body: newPeriod({ id_school_year: 3, spots: 20 }),
    });
    period = res.body.data;
    seats = (
      await call<CampusYearGradeRow[]>(
        'GET',
        `/enrollment/campusYearGrade/all?id_campus_year=${period.id_campus_year}`,
        { token: token.campus },
      )
    ).body;
  });

  it('saves several grades in one call, up to the period total', async () => {
    const res = await put([
      { id_campus_year_grade: seats[0].id_campus_year_grade, spots: 12 },
      { id_campus_year_grade: seats[1].id_campus_year_grade, spots: '8' },
    ]);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.data.map((g) => g.spots)).toEqual([12, 8, 0]);
    const listed = await call<CampusYearRow>('GET', `/enrollment/campusYear?id_campus_year=${period.id_campus_year}`, {
      token: token.campus,
    });
    expect(listed.body.seats).toEqual({ spots: 20, taken: 0 });
  });

  it("refuses a sum over the period's spots with the spec message, in en and es; nothing is saved", async () => {
    const body = [
      { id_campus_year_grade: seats[0].id_campus_year_grade, spots: 10 },
      { id_campus_year_grade: seats[2].id_campus_year_grade, spots: 3 },
    ];
    const en = await put(body);
    expect(en.status).toBe(400);
    expect(en.body.message).toBe('The total number of spots must not be greater than the available spots.');
    const inSpanish = await put(body, es);
    expect(inSpanish.body.message).toBe('El número total de cupos no debe ser mayor que los cupos disponibles.');
    const after = await call<CampusYearGradeRow[]>(
      'GET',
      `/enrollment/campusYearGrade/all?id_campus_year=${period.id_campus_year}`,
      { token: token.campus },
    );
    expect(after.body.map((g) => g.spots)).toEqual([12, 8, 0]);
  });

  it('accepts whole numbers of 0 or more only', async () => {
    const id = seats[2].id_campus_year_grade;
    const abc = await put([{ id_campus_year_grade: id, spots: 'abc' }]);
    expect(abc.status).toBe(400);
    expect(abc.body.errors).toEqual([{ path: '0.spots', message: 'Field only accepts numbers.' }]);
    expect((await put([{ id_campus_year_grade: id, spots: 'abc' }], es)).body.errors).toEqual([
      { path: '0.spots', message: 'El campo solo acepta números.' },
    ]);
    const negative = await put([{ id_campus_year_grade: id, spots: -1 }]);
    expect(negative.body.errors).toEqual([
      { path: '0.spots', message: 'The amount must be equal to or greater than zero.' },
    ]);
    expect((await put([{ id_campus_year_grade: id, spots: -1 }], es)).body.errors).toEqual([
      { path: '0.spots', message: 'La cantidad debe ser igual o mayor que cero.' },
    ]);
    expect((await put([{ id_campus_year_grade: id, spots: 2.5 }])).body.errors?.[0].message).toBe(
      'It must be an integer',
    );
  });

  it('keeps each grade at or above its taken seats', async () => {
    await ctx.db
      .update(s.campusYearGrade)
      .set({ taken: 5 })
      .where(eq(s.campusYearGrade.id_campus_year_grade, seats[0].id_campus_year_grade));
    const res = await put([{ id_campus_year_grade: seats[0].id_campus_year_grade, spots: 4 }]);
    expect(res.status).toBe(400);
    expect(res.body.errors).toEqual([
      { path: '0.spots', message: 'The spots must not be fewer than the seats already taken.' },
    ]);
  });

  it("keeps the period's spots at or above the grades' sum and the taken seats", async () => {
    const fresh = (
      await call<CampusYearRow>('GET', `/enrollment/campusYear?id_campus_year=${period.id_campus_year}`, {
        token: token.campus,
      })
    ).body;
    const below = await call<Refusal>('PUT', '/enrollment/campusYear', {
      token: token.campus,
      body: updateBody(fresh, { spots: 19 }),
    });
    expect(below.status).toBe(400);
    expect(below.body.errors).toEqual([
      { path: 'spots', message: 'The spots must not be fewer than the sum of the spots per grade.' },
    ]);
    const belowTaken = await call<Refusal>('PUT', '/enrollment/campusYear', {
      token: token.campus,
      body: updateBody(fresh, { spots: 4 }),
    });
    expect(belowTaken.body.errors).toEqual([
      { path: 'spots', message: 'The spots must not be fewer than the seats already taken.' },
    ]);
    const raised = await call<Saved<CampusYearRow>>('PUT', '/enrollment/campusYear', {
      token: token.campus,
      body: updateBody(fresh, { spots: 25 }),
    });
    expect(raised.status).toBe(200);
    expect(raised.body.data.seats).toEqual({ spots: 20, taken: 5 });
  });

  it('refuses grades of two periods in one call, and unknown or foreign grade rows', async () => {
    const other = await createPeriod(ctx.db, campus, { id_school_year: 4, grades: { 1: 0 } });
    const mixed = await put([
      { id_campus_year_grade: seats[2].id_campus_year_grade, spots: 1 },
      { id_campus_year_grade: other.seats[0].id_campus_year_grade, spots: 1 },
    ]);
    expect([mixed.status, mixed.body.message]).toEqual([400, 'All the grades must belong to the same school period.']);
    const foreignPeriod = await createPeriod(ctx.db, foreign, { id_school_year: 4, grades: { 3: 0 } });
    const res = await put([{ id_campus_year_grade: foreignPeriod.seats[0].id_campus_year_grade, spots: 1 }]);
    expect(res.status).toBe(404);
  });
});

describe('permissions (spec section 6 denial messages)', () => {
  let period: CampusYearRow;
  beforeAll(async () => {
    period = (
      await call<Saved<CampusYearRow>>('POST', '/enrollment/campusYear', {
        token: token.campus,
        body: newPeriod({ id_school_year: 5, ...ready }),
      })
    ).body.data;
  });

  it('a user who may only look cannot update the period or its spots', async () => {
    expect(
      (await call('GET', `/enrollment/campusYear?id_campus_year=${period.id_campus_year}`, { token: token.viewer }))
        .status,
    ).toBe(200);
    const put = await call<Refusal>('PUT', '/enrollment/campusYear', { token: token.viewer, body: updateBody(period) });
    expect([put.status, put.body.message]).toEqual([403, "You don't have permissions to update school period data."]);
    const create = await call<Refusal>('POST', '/enrollment/campusYear', {
      token: token.viewer,
      body: newPeriod({ id_school_year: 6 }),
      headers: es,
    });
    expect([create.status, create.body.message]).toEqual([
      403,
      'No tiene permisos para actualizar los datos del periodo escolar.',
    ]);
    const seats = await call<CampusYearGradeRow[]>(
      'GET',
      `/enrollment/campusYearGrade/all?id_campus_year=${period.id_campus_year}`,
      { token: token.viewer },
    );
    const spots = await call<Refusal>('PUT', '/enrollment/campusYearGrade', {
      token: token.viewer,
      body: [{ id_campus_year_grade: seats.body[0].id_campus_year_grade, spots: 1 }],
    });
    expect([spots.status, spots.body.message]).toEqual([403, "You don't have permissions to configure period spots."]);
    const start = await activate(period.id_campus_year, 'start', token.viewer);
    expect([start.status, start.body.message]).toEqual([
      403,
      "You don't have permissions to update school period data.",
    ]);
  });

  it('starting and finalizing are separate permissions', async () => {
    // the campus's started period (school year 2) blocks a second start: finalize it with the admin first
    const list = await call<CampusYearRow[]>(
      'GET',
      `/enrollment/campusYear/all?id_campus=${campus.id_campus}&state=started`,
      { token: token.campus },
    );
    for (const p of list.body) expect((await activate(p.id_campus_year, 'finalize')).status).toBe(200);
    const started = await activate(period.id_campus_year, 'start', token.starter);
    expect(started.status, JSON.stringify(started.body)).toBe(200);
    const finalize = await activate(period.id_campus_year, 'finalize', token.starter);
    expect([finalize.status, finalize.body.message]).toEqual([
      403,
      "You don't have permissions to update school period data.",
    ]);
    expect((await periodState(ctx.db, period.id_campus_year)).state).toBe('started');
  });
});

describe('scope', () => {
  it('hides other schools and other campuses: 404 on reads and writes, lists stay inside', async () => {
    const own = await createPeriod(ctx.db, foreign, { id_school_year: 6 });
    for (const path of [
      `/enrollment/campusYear?id_campus_year=${own.id_campus_year}`,
      `/enrollment/campusYearGrade/all?id_campus_year=${own.id_campus_year}`,
      `/enrollment/campusYear/all?id_campus=${foreign.id_campus}`,
      `/catalog/campus-school-years?id_campus=${foreign.id_campus}`,
      `/enrollment/status?id_campus=${foreign.id_campus}`,
    ]) {
      expect((await call('GET', path, { token: token.school })).status, path).toBe(404);
      expect((await call('GET', path, { token: token.otherSchool })).status, path).toBe(200);
    }
    const all = await call<CampusYearRow[]>('GET', '/enrollment/campusYear/all', { token: token.school });
    expect(all.body.length).toBeGreaterThan(0);
    expect(all.body.every((p) => p.id_school === campus.id_school)).toBe(true);
    const create = await call('POST', '/enrollment/campusYear', {
      token: token.school,
      body: newPeriod({ id_campus: foreign.id_campus, id_school_year: 7 }),
    });
    expect(create.status).toBe(404);
    const campusOnly = await call<CampusYearRow[]>('GET', '/enrollment/campusYear/all', { token: token.campus });
    expect(campusOnly.body.every((p) => p.id_campus === campus.id_campus)).toBe(true);
    expect(
      (await call('GET', `/enrollment/campusYear/all?id_campus=${sister.id_campus}`, { token: token.campus })).status,
    ).toBe(404);
    expect((await activate(own.id_campus_year, 'start', token.school)).status).toBe(404);
  });
});

describe('concurrency', () => {
  it('two periods of one campus started at once: exactly one starts', async () => {
    const fresh = await createCampus(ctx.db, campus.id_school, 'Race Campus');
    const [p1, p2] = [
      await createPeriod(ctx.db, fresh, { id_school_year: 1 }),
      await createPeriod(ctx.db, fresh, { id_school_year: 2 }),
    ];
    const results = await Promise.all([
      activate(p1.id_campus_year, 'start', token.school),
      activate(p2.id_campus_year, 'start', token.school),
    ]);
    expect(results.map((r) => r.status).sort()).toEqual([200, 409]);
    const started = await call<CampusYearRow[]>(
      'GET',
      `/enrollment/campusYear/all?id_campus=${fresh.id_campus}&state=started`,
      { token: token.school },
    );
    expect(started.body).toHaveLength(1);
  });

  it('the same period created twice at once: one 200, one 409', async () => {
    const body = { id_campus: sister.id_campus, id_school_year: 1, spots: 5 };
    const results = await Promise.all(
      [1, 2, 3].map(() => call<Refusal>('POST', '/enrollment/campusYear', { token: token.school, body })),
    );
    expect(results.map((r) => r.status).sort()).toEqual([200, 409, 409]);
    expect(results.find((r) => r.status === 409)!.body.message).toBe(
      'This campus already has a school period for this school year.',
    );
  });
});
