import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import { CONTEXT_TYPE } from '@openseat/shared/constants';
import * as s from '../db/schema/index';
import { apiClient, startTestApp, type TestContext } from './harness';
import { createCampus, createSchool, createUser } from './factories';
import { buildEnrollmentFixtures } from './enrollment-factories';
import { signIn } from './session';

/**
 * Cross-tenant isolation, route by route: each row calls a route once on a record of the caller's own
 * tenant (positive control: it must succeed, so this test can fail) and once on another tenant's record
 * (it must be refused, with no trace of the foreign record in the body).
 * Every later issue adds rows here for its routes.
 */
type Fixtures = Awaited<ReturnType<typeof buildFixtures>>;
type Call = { method: string; path: string; body?: unknown };
type Row = { route: string; actor: 'schoolA' | 'campusA1'; own: (f: Fixtures) => Call; other: (f: Fixtures) => Call; foreign: (f: Fixtures) => string[] };

let ctx: TestContext;
let call: ReturnType<typeof apiClient>;
let f: Fixtures;
const tokens: Record<string, string> = {};

async function buildFixtures(db: TestContext['db']) {
  const schoolA = await createSchool(db, 'Alpha Academy');
  const schoolB = await createSchool(db, 'Beta Charter');
  const a1 = await createCampus(db, schoolA.id_school, 'Alpha North');
  const a2 = await createCampus(db, schoolA.id_school, 'Alpha South');
  const b1 = await createCampus(db, schoolB.id_school, 'Beta Main');
  const users = {
    schoolA: await createUser(db, { context: CONTEXT_TYPE.SCHOOL, id_school: schoolA.id_school }),
    campusA1: await createUser(db, { context: CONTEXT_TYPE.CAMPUS, id_school: schoolA.id_school, id_campus: a1.id_campus }),
    staffA1: await createUser(db, { context: CONTEXT_TYPE.CAMPUS, id_school: schoolA.id_school, id_campus: a1.id_campus }),
    staffA2: await createUser(db, { context: CONTEXT_TYPE.CAMPUS, id_school: schoolA.id_school, id_campus: a2.id_campus }),
    spareA2: await createUser(db, { context: CONTEXT_TYPE.CAMPUS, id_school: schoolA.id_school, id_campus: a2.id_campus }),
    schoolB: await createUser(db, { context: CONTEXT_TYPE.SCHOOL, id_school: schoolB.id_school }),
    staffB1: await createUser(db, { context: CONTEXT_TYPE.CAMPUS, id_school: schoolB.id_school, id_campus: b1.id_campus }),
  };
  const enrollment = await buildEnrollmentFixtures(db, { a1, a2, b1 });
  const spareCampusA = await createCampus(db, schoolA.id_school, 'Alpha Spare');
  const pkOf = async (id_campus: number) => (await db.select({ id: s.campusGrade.id_campus_grade }).from(s.campusGrade).where(and(eq(s.campusGrade.id_campus, id_campus), eq(s.campusGrade.id_grade, 1))))[0].id;
  const pkGrade = { a1: await pkOf(a1.id_campus), a2: await pkOf(a2.id_campus) };
  return { schoolA, schoolB, a1, a2, b1, users, enrollment, spareCampusA, pkGrade };
}

const updateBody = (u: { id_user: number; email: string }, id_campus: number, id_role: number) => ({ id_user: u.id_user, name: 'Renamed Person', email: u.email, id_role, id_campus, isActive: true });

type Campus = 'a1' | 'a2' | 'b1';
const period = (x: Fixtures, c: Campus) => x.enrollment[c].period;
const periodBody = (x: Fixtures, c: Campus) => {
  const p = period(x, c);
  return { id_campus_year: p.id_campus_year, id_campus: p.id_campus, id_school_year: p.id_school_year, spots: p.spots, enrollment_start_date: p.enrollment_start_date, enrollment_end_date: p.enrollment_end_date, enrollment_acceptance_period: p.enrollment_acceptance_period };
};
const seatBody = (x: Fixtures, c: Campus) => [{ id_campus_year_grade: period(x, c).seats[0].id_campus_year_grade, spots: 10 }];
const tagOf = (x: Fixtures, c: Campus) => x.enrollment[c].tag;
const schoolConfigBody = (id_school: number) => ({ id_school, active: true, is_charter_connect: false, use_less_parameters: false, is_age_school: false, is_one_form: false });

const ROWS: Row[] = [
  { route: 'GET /user/:id', actor: 'schoolA', own: (x) => ({ method: 'GET', path: `/user/${x.users.staffA2.id_user}` }), other: (x) => ({ method: 'GET', path: `/user/${x.users.staffB1.id_user}` }), foreign: (x) => [x.users.staffB1.email] },
  { route: 'GET /user/:id', actor: 'campusA1', own: (x) => ({ method: 'GET', path: `/user/${x.users.staffA1.id_user}` }), other: (x) => ({ method: 'GET', path: `/user/${x.users.staffA2.id_user}` }), foreign: (x) => [x.users.staffA2.email] },
  { route: 'GET /user/:id/photo', actor: 'schoolA', own: (x) => ({ method: 'GET', path: `/user/${x.users.staffA2.id_user}` }), other: (x) => ({ method: 'GET', path: `/user/${x.users.staffB1.id_user}/photo` }), foreign: () => [] },
  {
    route: 'PUT /user',
    actor: 'schoolA',
    own: (x) => ({ method: 'PUT', path: '/user', body: updateBody(x.users.staffA2, x.a2.id_campus, x.users.staffA2.id_role) }),
    other: (x) => ({ method: 'PUT', path: '/user', body: updateBody(x.users.staffB1, x.b1.id_campus, x.users.staffB1.id_role) }),
    foreign: (x) => [x.users.staffB1.email],
  },
  {
    route: 'PUT /user (move own user into another school)',
    actor: 'schoolA',
    own: (x) => ({ method: 'PUT', path: '/user', body: updateBody(x.users.staffA2, x.a2.id_campus, x.users.staffA2.id_role) }),
    other: (x) => ({ method: 'PUT', path: '/user', body: updateBody(x.users.staffA2, x.b1.id_campus, x.users.staffA2.id_role) }),
    foreign: (x) => ['Beta Main', String(x.b1.id_campus) + ','],
  },
  { route: 'DELETE /user/:id', actor: 'schoolA', own: (x) => ({ method: 'DELETE', path: `/user/${x.users.spareA2.id_user}` }), other: (x) => ({ method: 'DELETE', path: `/user/${x.users.staffB1.id_user}` }), foreign: () => [] },
  {
    route: 'PUT /user/configuration (main campus)',
    actor: 'campusA1',
    own: (x) => ({ method: 'PUT', path: '/user/configuration', body: { id_main_campus: x.a1.id_campus } }),
    other: (x) => ({ method: 'PUT', path: '/user/configuration', body: { id_main_campus: x.a2.id_campus } }),
    foreign: () => [],
  },
  { route: 'GET /school/:id', actor: 'schoolA', own: (x) => ({ method: 'GET', path: `/school/${x.schoolA.id_school}` }), other: (x) => ({ method: 'GET', path: `/school/${x.schoolB.id_school}` }), foreign: () => ['Beta Charter'] },
  { route: 'PUT /school/:id', actor: 'schoolA', own: (x) => ({ method: 'PUT', path: `/school/${x.schoolA.id_school}`, body: { name: 'Alpha Academy' } }), other: (x) => ({ method: 'PUT', path: `/school/${x.schoolB.id_school}`, body: { name: 'Hijacked' } }), foreign: () => ['Beta Charter'] },
  { route: 'GET /configuration/school', actor: 'schoolA', own: (x) => ({ method: 'GET', path: `/configuration/school?id_school=${x.schoolA.id_school}` }), other: (x) => ({ method: 'GET', path: `/configuration/school?id_school=${x.schoolB.id_school}` }), foreign: () => [] },
  { route: 'GET /campus/:id', actor: 'campusA1', own: (x) => ({ method: 'GET', path: `/campus/${x.a1.id_campus}` }), other: (x) => ({ method: 'GET', path: `/campus/${x.a2.id_campus}` }), foreign: () => ['Alpha South'] },
  { route: 'GET /campus/:id', actor: 'schoolA', own: (x) => ({ method: 'GET', path: `/campus/${x.a2.id_campus}` }), other: (x) => ({ method: 'GET', path: `/campus/${x.b1.id_campus}` }), foreign: () => ['Beta Main'] },
  { route: 'POST /campus', actor: 'schoolA', own: (x) => ({ method: 'POST', path: '/campus', body: { id_school: x.schoolA.id_school, name: 'Alpha East' } }), other: (x) => ({ method: 'POST', path: '/campus', body: { id_school: x.schoolB.id_school, name: 'Planted' } }), foreign: () => ['Beta'] },
  { route: 'PUT /configuration/campus', actor: 'campusA1', own: (x) => ({ method: 'PUT', path: '/configuration/campus', body: { id_campus: x.a1.id_campus, active: true, is_lottery_campus: false } }), other: (x) => ({ method: 'PUT', path: '/configuration/campus', body: { id_campus: x.a2.id_campus, active: false, is_lottery_campus: false } }), foreign: () => [] },
  { route: 'GET /configuration/campusGrade/all', actor: 'schoolA', own: (x) => ({ method: 'GET', path: `/configuration/campusGrade/all?id_campus=${x.a1.id_campus}` }), other: (x) => ({ method: 'GET', path: `/configuration/campusGrade/all?id_campus=${x.b1.id_campus}` }), foreign: () => [] },
  { route: 'GET /enrollment/campusYear', actor: 'schoolA', own: (x) => ({ method: 'GET', path: `/enrollment/campusYear?id_campus_year=${period(x, 'a2').id_campus_year}` }), other: (x) => ({ method: 'GET', path: `/enrollment/campusYear?id_campus_year=${period(x, 'b1').id_campus_year}` }), foreign: () => ['Beta Main'] },
  { route: 'GET /enrollment/campusYear', actor: 'campusA1', own: (x) => ({ method: 'GET', path: `/enrollment/campusYear?id_campus_year=${period(x, 'a1').id_campus_year}` }), other: (x) => ({ method: 'GET', path: `/enrollment/campusYear?id_campus_year=${period(x, 'a2').id_campus_year}` }), foreign: () => ['Alpha South'] },
  { route: 'GET /enrollment/campusYear/all?id_campus', actor: 'schoolA', own: (x) => ({ method: 'GET', path: `/enrollment/campusYear/all?id_campus=${x.a2.id_campus}` }), other: (x) => ({ method: 'GET', path: `/enrollment/campusYear/all?id_campus=${x.b1.id_campus}` }), foreign: () => ['Beta Main'] },
  { route: 'GET /enrollment/campusYearGrade/all', actor: 'campusA1', own: (x) => ({ method: 'GET', path: `/enrollment/campusYearGrade/all?id_campus_year=${period(x, 'a1').id_campus_year}` }), other: (x) => ({ method: 'GET', path: `/enrollment/campusYearGrade/all?id_campus_year=${period(x, 'a2').id_campus_year}` }), foreign: (x) => [`"id_campus_year_grade":${period(x, 'a2').seats[0].id_campus_year_grade}`] },
  { route: 'POST /enrollment/campusYear', actor: 'schoolA', own: (x) => ({ method: 'POST', path: '/enrollment/campusYear', body: { id_campus: x.a2.id_campus, id_school_year: 4, spots: 0 } }), other: (x) => ({ method: 'POST', path: '/enrollment/campusYear', body: { id_campus: x.b1.id_campus, id_school_year: 4, spots: 0 } }), foreign: () => ['Beta Main'] },
  { route: 'PUT /enrollment/campusYear', actor: 'campusA1', own: (x) => ({ method: 'PUT', path: '/enrollment/campusYear', body: periodBody(x, 'a1') }), other: (x) => ({ method: 'PUT', path: '/enrollment/campusYear', body: periodBody(x, 'a2') }), foreign: () => ['Alpha South'] },
  { route: 'PUT /enrollment/campusYear', actor: 'schoolA', own: (x) => ({ method: 'PUT', path: '/enrollment/campusYear', body: periodBody(x, 'a2') }), other: (x) => ({ method: 'PUT', path: '/enrollment/campusYear', body: periodBody(x, 'b1') }), foreign: () => ['Beta Main'] },
  { route: 'PUT /enrollment/campusYearGrade', actor: 'campusA1', own: (x) => ({ method: 'PUT', path: '/enrollment/campusYearGrade', body: seatBody(x, 'a1') }), other: (x) => ({ method: 'PUT', path: '/enrollment/campusYearGrade', body: seatBody(x, 'a2') }), foreign: () => [] },
  { route: 'PUT /enrollment/campusYearGrade', actor: 'schoolA', own: (x) => ({ method: 'PUT', path: '/enrollment/campusYearGrade', body: seatBody(x, 'a2') }), other: (x) => ({ method: 'PUT', path: '/enrollment/campusYearGrade', body: seatBody(x, 'b1') }), foreign: () => [] },
  { route: 'PUT /enrollment/campusYear/year-activation', actor: 'schoolA', own: (x) => ({ method: 'PUT', path: '/enrollment/campusYear/year-activation', body: { id_campus_year: period(x, 'a2').id_campus_year, action: 'start' } }), other: (x) => ({ method: 'PUT', path: '/enrollment/campusYear/year-activation', body: { id_campus_year: period(x, 'b1').id_campus_year, action: 'start' } }), foreign: () => ['Beta Main'] },
  { route: 'PUT /enrollment/campusYear/year-activation', actor: 'campusA1', own: (x) => ({ method: 'PUT', path: '/enrollment/campusYear/year-activation', body: { id_campus_year: period(x, 'a1').id_campus_year, action: 'start' } }), other: (x) => ({ method: 'PUT', path: '/enrollment/campusYear/year-activation', body: { id_campus_year: period(x, 'a2').id_campus_year, action: 'finalize' } }), foreign: () => ['Alpha South'] },
  { route: 'GET /catalog/campus-school-years', actor: 'schoolA', own: (x) => ({ method: 'GET', path: `/catalog/campus-school-years?id_campus=${x.a2.id_campus}` }), other: (x) => ({ method: 'GET', path: `/catalog/campus-school-years?id_campus=${x.b1.id_campus}` }), foreign: () => [] },
  { route: 'GET /enrollment/status', actor: 'campusA1', own: (x) => ({ method: 'GET', path: `/enrollment/status?id_campus=${x.a1.id_campus}` }), other: (x) => ({ method: 'GET', path: `/enrollment/status?id_campus=${x.a2.id_campus}` }), foreign: () => [] },
  { route: 'GET /campus/priorities/:id', actor: 'schoolA', own: (x) => ({ method: 'GET', path: `/campus/priorities/${x.a2.id_campus}` }), other: (x) => ({ method: 'GET', path: `/campus/priorities/${x.b1.id_campus}` }), foreign: () => ['sibling'] },
  { route: 'GET /campus/priorities?id_campus', actor: 'campusA1', own: (x) => ({ method: 'GET', path: `/campus/priorities?id_campus=${x.a1.id_campus}` }), other: (x) => ({ method: 'GET', path: `/campus/priorities?id_campus=${x.a2.id_campus}` }), foreign: () => ['sibling'] },
  { route: 'POST /campus/priorities', actor: 'schoolA', own: (x) => ({ method: 'POST', path: '/campus/priorities', body: { id_campus: x.a2.id_campus, items: [{ id_priority_item: 1, priority_level: 1 }] } }), other: (x) => ({ method: 'POST', path: '/campus/priorities', body: { id_campus: x.b1.id_campus, items: [{ id_priority_item: 1, priority_level: 1 }] } }), foreign: () => ['sibling'] },
  { route: 'GET /tag/:id', actor: 'schoolA', own: (x) => ({ method: 'GET', path: `/tag/${tagOf(x, 'a2').id_tag}` }), other: (x) => ({ method: 'GET', path: `/tag/${tagOf(x, 'b1').id_tag}` }), foreign: (x) => [tagOf(x, 'b1').name, 'secret-b1-description'] },
  { route: 'GET /tag/:id', actor: 'campusA1', own: (x) => ({ method: 'GET', path: `/tag/${tagOf(x, 'a1').id_tag}` }), other: (x) => ({ method: 'GET', path: `/tag/${tagOf(x, 'a2').id_tag}` }), foreign: (x) => [tagOf(x, 'a2').name, 'secret-a2-description'] },
  { route: 'POST /tag', actor: 'schoolA', own: (x) => ({ method: 'POST', path: '/tag', body: { name: 'Alpha South new tag', id_campus: x.a2.id_campus } }), other: (x) => ({ method: 'POST', path: '/tag', body: { name: 'Planted tag', id_campus: x.b1.id_campus } }), foreign: () => ['Beta Main'] },
  { route: 'PUT /tag/:id', actor: 'campusA1', own: (x) => ({ method: 'PUT', path: `/tag/${tagOf(x, 'a1').id_tag}`, body: { name: tagOf(x, 'a1').name, id_campus: x.a1.id_campus } }), other: (x) => ({ method: 'PUT', path: `/tag/${tagOf(x, 'a2').id_tag}`, body: { name: 'Hijacked', id_campus: x.a2.id_campus } }), foreign: (x) => [tagOf(x, 'a2').name] },
  { route: 'DELETE /tag/:id', actor: 'schoolA', own: (x) => ({ method: 'DELETE', path: `/tag/${x.enrollment.a2.spareTag.id_tag}` }), other: (x) => ({ method: 'DELETE', path: `/tag/${x.enrollment.b1.spareTag.id_tag}` }), foreign: () => [] },
  { route: 'PUT /configuration/school', actor: 'schoolA', own: (x) => ({ method: 'PUT', path: '/configuration/school', body: schoolConfigBody(x.schoolA.id_school) }), other: (x) => ({ method: 'PUT', path: '/configuration/school', body: { ...schoolConfigBody(x.schoolB.id_school), active: false } }), foreign: () => ['Beta Charter'] },
  { route: 'GET /configuration/campus', actor: 'campusA1', own: (x) => ({ method: 'GET', path: `/configuration/campus?id_campus=${x.a1.id_campus}` }), other: (x) => ({ method: 'GET', path: `/configuration/campus?id_campus=${x.a2.id_campus}` }), foreign: () => [] },
  { route: 'PUT /campus', actor: 'schoolA', own: (x) => ({ method: 'PUT', path: '/campus', body: { id_campus: x.a2.id_campus, id_school: x.schoolA.id_school, name: 'Alpha South' } }), other: (x) => ({ method: 'PUT', path: '/campus', body: { id_campus: x.b1.id_campus, id_school: x.schoolB.id_school, name: 'Hijacked' } }), foreign: () => ['Beta Main'] },
  { route: 'PUT /campus/:id/active', actor: 'schoolA', own: (x) => ({ method: 'PUT', path: `/campus/${x.a2.id_campus}/active`, body: { active: true } }), other: (x) => ({ method: 'PUT', path: `/campus/${x.b1.id_campus}/active`, body: { active: false } }), foreign: () => ['Beta Main'] },
  { route: 'GET /campus/:id/photo', actor: 'schoolA', own: (x) => ({ method: 'GET', path: `/campus/${x.a2.id_campus}` }), other: (x) => ({ method: 'GET', path: `/campus/${x.b1.id_campus}/photo` }), foreign: () => [] },
  { route: 'DELETE /campus/:id', actor: 'schoolA', own: (x) => ({ method: 'DELETE', path: `/campus/${x.spareCampusA.id_campus}` }), other: (x) => ({ method: 'DELETE', path: `/campus/${x.b1.id_campus}` }), foreign: () => ['Beta Main'] },
  { route: 'PUT /configuration/campusGrade/activate', actor: 'campusA1', own: (x) => ({ method: 'PUT', path: '/configuration/campusGrade/activate', body: { id_campus_grade: x.pkGrade.a1 } }), other: (x) => ({ method: 'PUT', path: '/configuration/campusGrade/activate', body: { id_campus_grade: x.pkGrade.a2 } }), foreign: () => [] },
  { route: 'PUT /configuration/campusGrade', actor: 'campusA1', own: (x) => ({ method: 'PUT', path: '/configuration/campusGrade', body: { id_campus_grade: x.pkGrade.a1, optionValue: 'PK', optionLabel: 'Pre-K' } }), other: (x) => ({ method: 'PUT', path: '/configuration/campusGrade', body: { id_campus_grade: x.pkGrade.a2, optionLabel: 'Hijacked' } }), foreign: () => [] },
  { route: 'GET /configuration/campusGrade/campus/:id', actor: 'campusA1', own: (x) => ({ method: 'GET', path: `/configuration/campusGrade/campus/${x.a1.id_campus}` }), other: (x) => ({ method: 'GET', path: `/configuration/campusGrade/campus/${x.a2.id_campus}` }), foreign: () => [] },
  { route: 'GET /configuration/campusGrade/school/:id', actor: 'schoolA', own: (x) => ({ method: 'GET', path: `/configuration/campusGrade/school/${x.schoolA.id_school}` }), other: (x) => ({ method: 'GET', path: `/configuration/campusGrade/school/${x.schoolB.id_school}` }), foreign: () => [] },
];

/** List routes: the caller's own rows come back, no foreign row does. */
const LISTS: Array<{ route: string; actor: 'schoolA' | 'campusA1'; path: string; own: (x: Fixtures) => string[]; foreign: (x: Fixtures) => string[] }> = [
  { route: 'GET /user', actor: 'schoolA', path: '/user?pageSize=200', own: (x) => [x.users.staffA1.email, x.users.staffA2.email], foreign: (x) => [x.users.schoolB.email, x.users.staffB1.email] },
  { route: 'GET /user', actor: 'campusA1', path: '/user?pageSize=200', own: (x) => [x.users.staffA1.email], foreign: (x) => [x.users.staffA2.email, x.users.schoolA.email, x.users.staffB1.email] },
  { route: 'GET /user/campuses', actor: 'schoolA', path: '/user/campuses', own: (x) => [x.users.staffA2.email], foreign: (x) => [x.users.staffB1.email] },
  { route: 'GET /catalog/campuses', actor: 'campusA1', path: '/catalog/campuses', own: () => ['Alpha North'], foreign: () => ['Alpha South', 'Beta Main'] },
  { route: 'GET /catalog/schools', actor: 'schoolA', path: '/catalog/schools', own: () => ['Alpha Academy'], foreign: () => ['Beta Charter'] },
  { route: 'GET /campus', actor: 'campusA1', path: '/campus', own: () => ['Alpha North'], foreign: () => ['Alpha South', 'Beta Main'] },
  { route: 'GET /campus/export', actor: 'schoolA', path: '/campus/export', own: () => ['Alpha North'], foreign: () => ['Beta Main'] },
  { route: 'GET /campus', actor: 'schoolA', path: '/campus?pageSize=200', own: () => ['Alpha North', 'Alpha South'], foreign: () => ['Beta Main'] },
  { route: 'GET /user/export', actor: 'schoolA', path: '/user/export', own: (x) => [x.users.staffA1.email], foreign: (x) => [x.users.staffB1.email, x.users.schoolB.email] },
  { route: 'GET /enrollment/campusYear/all', actor: 'schoolA', path: '/enrollment/campusYear/all', own: () => ['Alpha North', 'Alpha South'], foreign: () => ['Beta Main'] },
  { route: 'GET /enrollment/campusYear/all', actor: 'campusA1', path: '/enrollment/campusYear/all', own: () => ['Alpha North'], foreign: () => ['Alpha South', 'Beta Main'] },
  { route: 'GET /tag', actor: 'schoolA', path: '/tag?pageSize=200', own: (x) => [x.enrollment.a1.tag.name, x.enrollment.a2.tag.name], foreign: (x) => [x.enrollment.b1.tag.name, 'secret-b1-description'] },
  { route: 'GET /tag', actor: 'campusA1', path: '/tag?pageSize=200', own: (x) => [x.enrollment.a1.tag.name], foreign: (x) => [x.enrollment.a2.tag.name, x.enrollment.b1.tag.name] },
];

beforeAll(async () => {
  ctx = await startTestApp();
  call = apiClient(ctx.baseUrl);
  f = await buildFixtures(ctx.db);
  tokens.schoolA = (await signIn(ctx.baseUrl, f.users.schoolA.email)).accessToken;
  tokens.campusA1 = (await signIn(ctx.baseUrl, f.users.campusA1.email)).accessToken;
});
afterAll(() => ctx?.close());

describe('tenant isolation', () => {
  for (const row of ROWS) {
    it(`${row.route} as ${row.actor}: own tenant works, another is refused`, async () => {
      const own = row.own(f);
      const ok = await call(own.method, own.path, { token: tokens[row.actor], body: own.body });
      expect(ok.status, JSON.stringify(ok.body)).toBeLessThan(300);
      const other = row.other(f);
      const refused = await call(other.method, other.path, { token: tokens[row.actor], body: other.body });
      expect([403, 404]).toContain(refused.status);
      const text = JSON.stringify(refused.body);
      for (const trace of row.foreign(f)) expect(text).not.toContain(trace);
    });
  }

  for (const list of LISTS) {
    it(`${list.route} as ${list.actor} lists only its own tenant`, async () => {
      const res = await call('GET', list.path, { token: tokens[list.actor] });
      expect(res.status).toBe(200);
      const text = typeof res.body === 'string' ? res.body : JSON.stringify(res.body);
      for (const own of list.own(f)) expect(text).toContain(own);
      for (const foreign of list.foreign(f)) expect(text).not.toContain(foreign);
    });
  }
});
