import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CONTEXT_TYPE } from '@openseat/shared/constants';
import { apiClient, startTestApp, type TestContext } from './harness';
import { createCampus, createSchool, createUser } from './factories';
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
  return { schoolA, schoolB, a1, a2, b1, users };
}

const updateBody = (u: { id_user: number; email: string }, id_campus: number, id_role: number) => ({ id_user: u.id_user, name: 'Renamed Person', email: u.email, id_role, id_campus, isActive: true });

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
  { route: 'GET /user/export', actor: 'schoolA', path: '/user/export', own: (x) => [x.users.staffA1.email], foreign: (x) => [x.users.staffB1.email, x.users.schoolB.email] },
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
