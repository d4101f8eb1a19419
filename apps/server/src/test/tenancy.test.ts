import { randomUUID } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import { CONTEXT_TYPE, FORM_PROVIDER, STATUS } from '@openseat/shared/constants';
import { actionId, subjectId } from '@openseat/shared/permissions';
import * as s from '../db/schema/index';
import { apiClient, startTestApp, type TestContext } from './harness';
import { createCampus, createSchool, createUser } from './factories';
import { buildEnrollmentFixtures, createCampusGrades, createPeriod, createRoleWith } from './enrollment-factories';
import { buildApplicationFixtures, createApplication } from './application-factories';
import { storeImage } from './people-factories';
import { createEmailTemplate, createReminder, createSmsTemplate } from './reminder-factories';
import { signIn } from './session';
import { inputsHash, LOTTERY_ALGORITHM, resultHash, seedHash } from '../modules/lottery/lottery.draw';

/**
 * Cross-tenant isolation, generated from the app's own route list (`app.apiRoutes`): every /api route needs at
 * least one row here, or the first test fails and names it. A row calls its route twice:
 * - `own`: the positive control, on the caller's own tenant; it must succeed, so the row can fail;
 * - `other`: on another tenant's record (or beyond the caller's reach); it must answer 403/404 with no trace of
 *   the foreign record, and for a write the database must be exactly as it was.
 * Routes without a tenant (the caller's own account, catalogs every school shares) have `shared` instead of
 * `other`: the control still runs and its answer may not carry another tenant's traces.
 *
 * To add a route: add a row to ROWS (or LISTS for a list), with the actor that may call it.
 */
type Fixtures = Awaited<ReturnType<typeof buildFixtures>>;
type Call = { method: string; path: string; body?: unknown; rawBody?: string; contentType?: string };
type Actor =
  /** School Admin of school A. */
  | 'schoolA'
  /** Campus Admin of A1 that sees every campus of A (isAllCampuses). */
  | 'campusAdminA'
  /** Campus Admin of A1 only (isAllCampuses false). */
  | 'campusA1'
  /** A custom campus role with edit rights (users, campus, tags), at A1 only. */
  | 'editorA1'
  /** A maintainer of schools A and B that has not chosen a school yet. */
  | 'maintainerNone'
  /** The same maintainer after choosing school A. */
  | 'maintainerA'
  /** Another sign-in of that maintainer, spent by choosing a school (a choice ends the sign-in before it). */
  | 'maintainerChooser'
  /** System Support: every school, no student records, no role of its own to widen. */
  | 'support'
  /** System Support after choosing school A: it works as if it belonged to A. */
  | 'supportA'
  /** SuperAdmin: the positive control of routes no other role may use. */
  | 'superAdmin'
  /** A campus user used only to change its own password (that ends its other sessions). */
  | 'passwordChanger';
type Row = {
  /** `METHOD /path` exactly as registered, without the /api prefix (`GET /user/:id`). */
  route: string;
  /** What the row shows, when a route has several rows. */
  case?: string;
  actor: Actor;
  own: (x: Fixtures) => Call;
  /** Who runs the positive control, when the actor itself may never use the route. */
  ownActor?: Actor;
  other?: (x: Fixtures) => Call;
  /** Why the route has no other tenant to try (it acts on the caller itself, or on data every school shares). */
  shared?: string;
  foreign: (x: Fixtures) => string[];
};
type ListRow = {
  route: string;
  actor: Actor;
  path: string;
  own: (x: Fixtures) => string[];
  foreign: (x: Fixtures) => string[];
};

/** Public routes have no caller and so no tenant; their behaviour is tested in auth.test.ts. */
const PUBLIC_ROUTES: Record<string, string> = {
  'GET /health': 'liveness probe, no data',
  'POST /auth/login': 'answers only the signing-in user',
  'POST /auth/request-new-access-token': 'acts on the presented refresh token only',
  'POST /auth/logout': 'acts on the presented refresh token only',
  'POST /auth/recovery-password': 'same answer for every e-mail',
  'POST /auth/reset-password': 'acts on the presented reset token only',
  'GET /unsubscribe/:token': 'a confirmation page for the signed token only (messaging.test.ts)',
  'POST /unsubscribe/:token': "opts out the signed token's own address only (messaging.test.ts)",
  'POST /webhooks/twilio/status':
    "Twilio's signed callback, only by the message's school's account (messaging.test.ts, twilio-tenancy.test.ts)",
  'POST /webhooks/twilio/inbound':
    "Twilio's signed inbound SMS, for the schools whose own account signed it only (twilio-tenancy.test.ts)",
  'POST /webhooks/typeform/:id': "signed with the form's own secret; acts on that form's campus only (forms.test.ts)",
  'POST /webhooks/google-forms/:id':
    "signed with the form's own secret; acts on that form's campus only (forms.test.ts)",
};

/** Routes a maintainer may call before choosing a school; it is refused everywhere else. */
const BEFORE_SCHOOL_CHOICE = ['POST /auth/login-with-school', 'POST /auth/validate-token', 'PUT /user/configuration'];

/**
 * Tables that record requests rather than data (sessions, limits, the audit of refusals): a refused call may
 * touch them. Every other table of the public schema must be byte-for-byte the same after a refusal.
 */
const REQUEST_RECORDS = /^(refresh_token|.*rate_limit.*|.*throttle.*|.*login_attempt.*|.*refusal.*)$/;

let ctx: TestContext;
let call: ReturnType<typeof apiClient>;
let f: Fixtures;
let dataDir: string;
const tokens = {} as Record<Actor, string>;

async function buildFixtures(db: TestContext['db']) {
  const schoolA = await createSchool(db, 'Alpha Academy');
  const schoolB = await createSchool(db, 'Beta Charter');
  const schoolC = await createSchool(db, 'Gamma Prep');
  const a1 = await createCampus(db, schoolA.id_school, 'Alpha North');
  const a2 = await createCampus(db, schoolA.id_school, 'Alpha South');
  const b1 = await createCampus(db, schoolB.id_school, 'Beta Main');
  const editorRole = await createRoleWith(db, CONTEXT_TYPE.CAMPUS, [
    ['side_menu', 'access'],
    ['users', 'access'],
    ['users', 'create'],
    ['users', 'edit'],
    ['school_campus', 'access'],
    ['school_campus', 'edit'],
    ['tags_configuration', 'access'],
    ['tags_configuration', 'create'],
    ['tags_configuration', 'edit'],
  ]);
  const campusUser = (id_campus: number, id_school = schoolA.id_school, role?: string) =>
    createUser(db, { context: CONTEXT_TYPE.CAMPUS, id_school, id_campus, role });
  const users = {
    schoolA: await createUser(db, { context: CONTEXT_TYPE.SCHOOL, id_school: schoolA.id_school }),
    campusA1: await campusUser(a1.id_campus),
    campusAdminA: await createUser(db, {
      context: CONTEXT_TYPE.CAMPUS,
      id_school: schoolA.id_school,
      id_campus: a1.id_campus,
      isAllCampuses: true,
    }),
    editorA1: await campusUser(a1.id_campus, schoolA.id_school, editorRole.name),
    maintainer: await createUser(db, {
      context: CONTEXT_TYPE.SCHOOL_MAINTAINER,
      maintainedSchools: [schoolA.id_school, schoolB.id_school],
    }),
    /** Another maintainer of A and B: the shared user a school admin of A may not change. */
    sharedMaintainer: await createUser(db, {
      context: CONTEXT_TYPE.SCHOOL_MAINTAINER,
      maintainedSchools: [schoolA.id_school, schoolB.id_school],
    }),
    support: await createUser(db, { context: CONTEXT_TYPE.SYSTEM, role: 'System Support' }),
    superAdmin: await createUser(db, { context: CONTEXT_TYPE.SYSTEM }),
    passwordChanger: await campusUser(a1.id_campus),
    staffA1: await campusUser(a1.id_campus, schoolA.id_school, editorRole.name),
    staffA2: await campusUser(a2.id_campus),
    spareA2: await campusUser(a2.id_campus),
    schoolB: await createUser(db, { context: CONTEXT_TYPE.SCHOOL, id_school: schoolB.id_school }),
    staffB1: await campusUser(b1.id_campus, schoolB.id_school),
    spareB1: await campusUser(b1.id_campus, schoolB.id_school),
  };
  const enrollment = await buildEnrollmentFixtures(db, { a1, a2, b1 });
  const spareCampusA = await createCampus(db, schoolA.id_school, 'Alpha Spare');
  const pkOf = async (id_campus: number) =>
    (
      await db
        .select({ id: s.campusGrade.id_campus_grade })
        .from(s.campusGrade)
        .where(and(eq(s.campusGrade.id_campus, id_campus), eq(s.campusGrade.id_grade, 1)))
    )[0].id;
  const pkGrade = { a1: await pkOf(a1.id_campus), a2: await pkOf(a2.id_campus) };
  const roles = {
    editor: editorRole,
    support: (await db.select().from(s.role).where(eq(s.role.name, 'System Support')))[0],
    schoolAdmin: (await db.select().from(s.role).where(eq(s.role.name, 'School Admin')))[0],
    superAdmin: (await db.select().from(s.role).where(eq(s.role.name, 'SuperAdmin')))[0],
    spare: await createRoleWith(db, CONTEXT_TYPE.CAMPUS, []),
    helpdesk: await createRoleWith(db, CONTEXT_TYPE.SYSTEM, []),
  };
  for (const [user, file] of [
    [users.campusA1, 'campus-a1.png'],
    [users.staffA2, 'staff-a2.png'],
    [users.staffB1, 'staff-b1.png'],
  ] as const)
    await db
      .update(s.user)
      .set({ photo: storeImage(dataDir, 'users', file) })
      .where(eq(s.user.id_user, user.id_user));
  for (const [campus, file] of [
    [a2, 'alpha-south.png'],
    [b1, 'beta-main.png'],
  ] as const)
    await db
      .update(s.campus)
      .set({ photo: storeImage(dataDir, 'campuses', file) })
      .where(eq(s.campus.id_campus, campus.id_campus));
  const [mail] = await db
    .insert(s.capturedMail)
    .values({
      from: 'no-reply@openseat.local',
      to: users.superAdmin.email,
      subject: 'Reset',
      text: 'secret-reset-link',
    })
    .returning();
  const intakeCampus = await createCampus(db, schoolA.id_school, 'Alpha Intake');
  await createCampusGrades(db, intakeCampus, [3]);
  const intakePeriod = await createPeriod(db, intakeCampus, { state: 'started', grades: { 3: 5 } });
  const applications = await buildApplicationFixtures(db, enrollment, intakePeriod);
  // the waiting list worked in order: one waiting application on A1's list and one on A2's (another campus)
  const waiting = {
    a1: await createApplication(db, enrollment.a1.period, {
      id_status: STATUS.WAITING_LIST,
      firstName: 'Waiting-A1-Place',
      lastName: 'Tenancy',
    }),
    a2: await createApplication(db, enrollment.a2.period, {
      id_status: STATUS.WAITING_LIST,
      firstName: 'Secret-A2-Waiting',
      lastName: 'Tenancy',
    }),
  };
  return {
    waiting,
    schoolA,
    schoolB,
    schoolC,
    a1,
    a2,
    b1,
    users,
    roles,
    enrollment,
    spareCampusA,
    pkGrade,
    mail,
    applications,
  };
}

const maintainerBody = (x: Fixtures, over: Record<string, unknown> = {}) => ({
  id_user: x.users.sharedMaintainer.id_user,
  name: x.users.sharedMaintainer.name,
  email: x.users.sharedMaintainer.email,
  id_role: x.users.sharedMaintainer.id_role,
  schoolIds: [x.schoolA.id_school, x.schoolB.id_school],
  isActive: true,
  ...over,
});
const newUser = (over: Record<string, unknown>) => ({
  name: 'Nueva Persona',
  email: `new.${Math.random().toString(36).slice(2)}@test.openseat.org`,
  password: 'a-good-long-password',
  isAllCampuses: false,
  ...over,
});
const grant = (id_role: number, subject: Parameters<typeof subjectId>[0], action: Parameters<typeof actionId>[0]) => ({
  id_role,
  id_subject: subjectId(subject),
  id_action: actionId(action),
  isActive: true,
});
const roleBody = (name: string, over: Record<string, unknown> = {}) => ({
  name,
  id_context_type: CONTEXT_TYPE.SYSTEM,
  type: 'custom',
  isActive: true,
  ...over,
});

const updateBody = (u: { id_user: number; email: string }, id_campus: number, id_role: number) => ({
  id_user: u.id_user,
  name: 'Renamed Person',
  email: u.email,
  id_role,
  id_campus,
  isActive: true,
});

type Campus = 'a1' | 'a2' | 'b1';
const period = (x: Fixtures, c: Campus) => x.enrollment[c].period;
const periodBody = (x: Fixtures, c: Campus) => {
  const p = period(x, c);
  return {
    id_campus_year: p.id_campus_year,
    id_campus: p.id_campus,
    id_school_year: p.id_school_year,
    spots: p.spots,
    enrollment_start_date: p.enrollment_start_date,
    enrollment_end_date: p.enrollment_end_date,
    enrollment_acceptance_period: p.enrollment_acceptance_period,
  };
};
const seatBody = (x: Fixtures, c: Campus) => [
  { id_campus_year_grade: period(x, c).seats[0].id_campus_year_grade, spots: 10 },
];
const tagOf = (x: Fixtures, c: Campus) => x.enrollment[c].tag;
const schoolConfigBody = (id_school: number) => ({
  id_school,
  active: true,
  is_charter_connect: false,
  use_less_parameters: false,
  is_age_school: false,
  is_one_form: false,
});

/** Rows carried over from the first tenancy test (school admin and campus user of school A). */
const SCHOOL_AND_CAMPUS_ROWS: Row[] = [
  {
    route: 'GET /user/:id',
    actor: 'schoolA',
    own: (x) => ({ method: 'GET', path: `/user/${x.users.staffA2.id_user}` }),
    other: (x) => ({ method: 'GET', path: `/user/${x.users.staffB1.id_user}` }),
    foreign: (x) => [x.users.staffB1.email],
  },
  {
    route: 'GET /user/:id',
    actor: 'campusA1',
    own: (x) => ({ method: 'GET', path: `/user/${x.users.staffA1.id_user}` }),
    other: (x) => ({ method: 'GET', path: `/user/${x.users.staffA2.id_user}` }),
    foreign: (x) => [x.users.staffA2.email],
  },
  {
    route: 'GET /user/:id/photo',
    actor: 'schoolA',
    own: (x) => ({ method: 'GET', path: `/user/${x.users.staffA2.id_user}/photo` }),
    other: (x) => ({ method: 'GET', path: `/user/${x.users.staffB1.id_user}/photo` }),
    foreign: () => [],
  },
  {
    route: 'PUT /user',
    actor: 'schoolA',
    own: (x) => ({
      method: 'PUT',
      path: '/user',
      body: updateBody(x.users.staffA2, x.a2.id_campus, x.users.staffA2.id_role),
    }),
    other: (x) => ({
      method: 'PUT',
      path: '/user',
      body: updateBody(x.users.staffB1, x.b1.id_campus, x.users.staffB1.id_role),
    }),
    foreign: (x) => [x.users.staffB1.email],
  },
  {
    route: 'PUT /user',
    case: 'move its own user into another school',
    actor: 'schoolA',
    own: (x) => ({
      method: 'PUT',
      path: '/user',
      body: updateBody(x.users.staffA2, x.a2.id_campus, x.users.staffA2.id_role),
    }),
    other: (x) => ({
      method: 'PUT',
      path: '/user',
      body: updateBody(x.users.staffA2, x.b1.id_campus, x.users.staffA2.id_role),
    }),
    foreign: (x) => ['Beta Main', String(x.b1.id_campus) + ','],
  },
  {
    route: 'DELETE /user/:id',
    actor: 'schoolA',
    own: (x) => ({ method: 'DELETE', path: `/user/${x.users.spareA2.id_user}` }),
    other: (x) => ({ method: 'DELETE', path: `/user/${x.users.staffB1.id_user}` }),
    foreign: () => [],
  },
  {
    route: 'PUT /user/configuration',
    case: 'main campus',
    actor: 'campusA1',
    own: (x) => ({ method: 'PUT', path: '/user/configuration', body: { id_main_campus: x.a1.id_campus } }),
    other: (x) => ({ method: 'PUT', path: '/user/configuration', body: { id_main_campus: x.a2.id_campus } }),
    foreign: () => [],
  },
  {
    route: 'GET /school/:id',
    actor: 'schoolA',
    own: (x) => ({ method: 'GET', path: `/school/${x.schoolA.id_school}` }),
    other: (x) => ({ method: 'GET', path: `/school/${x.schoolB.id_school}` }),
    foreign: () => ['Beta Charter'],
  },
  {
    route: 'PUT /school/:id',
    actor: 'schoolA',
    own: (x) => ({ method: 'PUT', path: `/school/${x.schoolA.id_school}`, body: { name: 'Alpha Academy' } }),
    other: (x) => ({ method: 'PUT', path: `/school/${x.schoolB.id_school}`, body: { name: 'Hijacked' } }),
    foreign: () => ['Beta Charter'],
  },
  {
    route: 'GET /configuration/school',
    actor: 'schoolA',
    own: (x) => ({ method: 'GET', path: `/configuration/school?id_school=${x.schoolA.id_school}` }),
    other: (x) => ({ method: 'GET', path: `/configuration/school?id_school=${x.schoolB.id_school}` }),
    foreign: () => [],
  },
  {
    route: 'GET /campus/:id',
    actor: 'campusA1',
    own: (x) => ({ method: 'GET', path: `/campus/${x.a1.id_campus}` }),
    other: (x) => ({ method: 'GET', path: `/campus/${x.a2.id_campus}` }),
    foreign: () => ['Alpha South'],
  },
  {
    route: 'GET /campus/:id',
    actor: 'schoolA',
    own: (x) => ({ method: 'GET', path: `/campus/${x.a2.id_campus}` }),
    other: (x) => ({ method: 'GET', path: `/campus/${x.b1.id_campus}` }),
    foreign: () => ['Beta Main'],
  },
  {
    route: 'POST /campus',
    actor: 'schoolA',
    own: (x) => ({ method: 'POST', path: '/campus', body: { id_school: x.schoolA.id_school, name: 'Alpha East' } }),
    other: (x) => ({ method: 'POST', path: '/campus', body: { id_school: x.schoolB.id_school, name: 'Planted' } }),
    foreign: () => ['Beta'],
  },
  {
    route: 'PUT /configuration/campus',
    actor: 'campusA1',
    own: (x) => ({
      method: 'PUT',
      path: '/configuration/campus',
      body: { id_campus: x.a1.id_campus, active: true, is_lottery_campus: false },
    }),
    other: (x) => ({
      method: 'PUT',
      path: '/configuration/campus',
      body: { id_campus: x.a2.id_campus, active: false, is_lottery_campus: false },
    }),
    foreign: () => [],
  },
  {
    route: 'GET /configuration/campusGrade/all',
    actor: 'schoolA',
    own: (x) => ({ method: 'GET', path: `/configuration/campusGrade/all?id_campus=${x.a1.id_campus}` }),
    other: (x) => ({ method: 'GET', path: `/configuration/campusGrade/all?id_campus=${x.b1.id_campus}` }),
    foreign: () => [],
  },
  {
    route: 'GET /enrollment/campusYear',
    actor: 'schoolA',
    own: (x) => ({ method: 'GET', path: `/enrollment/campusYear?id_campus_year=${period(x, 'a2').id_campus_year}` }),
    other: (x) => ({ method: 'GET', path: `/enrollment/campusYear?id_campus_year=${period(x, 'b1').id_campus_year}` }),
    foreign: () => ['Beta Main'],
  },
  {
    route: 'GET /enrollment/campusYear',
    actor: 'campusA1',
    own: (x) => ({ method: 'GET', path: `/enrollment/campusYear?id_campus_year=${period(x, 'a1').id_campus_year}` }),
    other: (x) => ({ method: 'GET', path: `/enrollment/campusYear?id_campus_year=${period(x, 'a2').id_campus_year}` }),
    foreign: () => ['Alpha South'],
  },
  {
    route: 'GET /enrollment/campusYear/all',
    case: 'one campus',
    actor: 'schoolA',
    own: (x) => ({ method: 'GET', path: `/enrollment/campusYear/all?id_campus=${x.a2.id_campus}` }),
    other: (x) => ({ method: 'GET', path: `/enrollment/campusYear/all?id_campus=${x.b1.id_campus}` }),
    foreign: () => ['Beta Main'],
  },
  {
    route: 'GET /enrollment/campusYearGrade/all',
    actor: 'campusA1',
    own: (x) => ({
      method: 'GET',
      path: `/enrollment/campusYearGrade/all?id_campus_year=${period(x, 'a1').id_campus_year}`,
    }),
    other: (x) => ({
      method: 'GET',
      path: `/enrollment/campusYearGrade/all?id_campus_year=${period(x, 'a2').id_campus_year}`,
    }),
    foreign: (x) => [`"id_campus_year_grade":${period(x, 'a2').seats[0].id_campus_year_grade}`],
  },
  {
    route: 'POST /enrollment/campusYear',
    actor: 'schoolA',
    own: (x) => ({
      method: 'POST',
      path: '/enrollment/campusYear',
      body: { id_campus: x.a2.id_campus, id_school_year: 4, spots: 0 },
    }),
    other: (x) => ({
      method: 'POST',
      path: '/enrollment/campusYear',
      body: { id_campus: x.b1.id_campus, id_school_year: 4, spots: 0 },
    }),
    foreign: () => ['Beta Main'],
  },
  {
    route: 'PUT /enrollment/campusYear',
    actor: 'campusA1',
    own: (x) => ({ method: 'PUT', path: '/enrollment/campusYear', body: periodBody(x, 'a1') }),
    other: (x) => ({ method: 'PUT', path: '/enrollment/campusYear', body: periodBody(x, 'a2') }),
    foreign: () => ['Alpha South'],
  },
  {
    route: 'PUT /enrollment/campusYear',
    actor: 'schoolA',
    own: (x) => ({ method: 'PUT', path: '/enrollment/campusYear', body: periodBody(x, 'a2') }),
    other: (x) => ({ method: 'PUT', path: '/enrollment/campusYear', body: periodBody(x, 'b1') }),
    foreign: () => ['Beta Main'],
  },
  {
    route: 'PUT /enrollment/campusYearGrade',
    actor: 'campusA1',
    own: (x) => ({ method: 'PUT', path: '/enrollment/campusYearGrade', body: seatBody(x, 'a1') }),
    other: (x) => ({ method: 'PUT', path: '/enrollment/campusYearGrade', body: seatBody(x, 'a2') }),
    foreign: () => [],
  },
  {
    route: 'PUT /enrollment/campusYearGrade',
    actor: 'schoolA',
    own: (x) => ({ method: 'PUT', path: '/enrollment/campusYearGrade', body: seatBody(x, 'a2') }),
    other: (x) => ({ method: 'PUT', path: '/enrollment/campusYearGrade', body: seatBody(x, 'b1') }),
    foreign: () => [],
  },
  {
    route: 'PUT /enrollment/campusYear/year-activation',
    actor: 'schoolA',
    own: (x) => ({
      method: 'PUT',
      path: '/enrollment/campusYear/year-activation',
      body: { id_campus_year: period(x, 'a2').id_campus_year, action: 'start' },
    }),
    other: (x) => ({
      method: 'PUT',
      path: '/enrollment/campusYear/year-activation',
      body: { id_campus_year: period(x, 'b1').id_campus_year, action: 'start' },
    }),
    foreign: () => ['Beta Main'],
  },
  {
    route: 'PUT /enrollment/campusYear/year-activation',
    actor: 'campusA1',
    own: (x) => ({
      method: 'PUT',
      path: '/enrollment/campusYear/year-activation',
      body: { id_campus_year: period(x, 'a1').id_campus_year, action: 'start' },
    }),
    other: (x) => ({
      method: 'PUT',
      path: '/enrollment/campusYear/year-activation',
      body: { id_campus_year: period(x, 'a2').id_campus_year, action: 'finalize' },
    }),
    foreign: () => ['Alpha South'],
  },
  {
    route: 'GET /catalog/campus-school-years',
    actor: 'schoolA',
    own: (x) => ({ method: 'GET', path: `/catalog/campus-school-years?id_campus=${x.a2.id_campus}` }),
    other: (x) => ({ method: 'GET', path: `/catalog/campus-school-years?id_campus=${x.b1.id_campus}` }),
    foreign: () => [],
  },
  {
    route: 'GET /enrollment/status',
    actor: 'campusA1',
    own: (x) => ({ method: 'GET', path: `/enrollment/status?id_campus=${x.a1.id_campus}` }),
    other: (x) => ({ method: 'GET', path: `/enrollment/status?id_campus=${x.a2.id_campus}` }),
    foreign: () => [],
  },
  {
    route: 'GET /campus/priorities/:id_campus',
    actor: 'schoolA',
    own: (x) => ({ method: 'GET', path: `/campus/priorities/${x.a2.id_campus}` }),
    other: (x) => ({ method: 'GET', path: `/campus/priorities/${x.b1.id_campus}` }),
    foreign: () => ['sibling'],
  },
  {
    route: 'GET /campus/priorities',
    actor: 'campusA1',
    own: (x) => ({ method: 'GET', path: `/campus/priorities?id_campus=${x.a1.id_campus}` }),
    other: (x) => ({ method: 'GET', path: `/campus/priorities?id_campus=${x.a2.id_campus}` }),
    foreign: () => ['sibling'],
  },
  {
    route: 'POST /campus/priorities',
    actor: 'schoolA',
    own: (x) => ({
      method: 'POST',
      path: '/campus/priorities',
      body: { id_campus: x.a2.id_campus, items: [{ id_priority_item: 1, priority_level: 1 }] },
    }),
    other: (x) => ({
      method: 'POST',
      path: '/campus/priorities',
      body: { id_campus: x.b1.id_campus, items: [{ id_priority_item: 1, priority_level: 1 }] },
    }),
    foreign: () => ['sibling'],
  },
  {
    route: 'GET /tag/:id',
    actor: 'schoolA',
    own: (x) => ({ method: 'GET', path: `/tag/${tagOf(x, 'a2').id_tag}` }),
    other: (x) => ({ method: 'GET', path: `/tag/${tagOf(x, 'b1').id_tag}` }),
    foreign: (x) => [tagOf(x, 'b1').name, 'secret-b1-description'],
  },
  {
    route: 'GET /tag/:id',
    actor: 'campusA1',
    own: (x) => ({ method: 'GET', path: `/tag/${tagOf(x, 'a1').id_tag}` }),
    other: (x) => ({ method: 'GET', path: `/tag/${tagOf(x, 'a2').id_tag}` }),
    foreign: (x) => [tagOf(x, 'a2').name, 'secret-a2-description'],
  },
  {
    route: 'POST /tag',
    actor: 'schoolA',
    own: (x) => ({ method: 'POST', path: '/tag', body: { name: 'Alpha South new tag', id_campus: x.a2.id_campus } }),
    other: (x) => ({ method: 'POST', path: '/tag', body: { name: 'Planted tag', id_campus: x.b1.id_campus } }),
    foreign: () => ['Beta Main'],
  },
  {
    route: 'PUT /tag/:id',
    actor: 'campusA1',
    own: (x) => ({
      method: 'PUT',
      path: `/tag/${tagOf(x, 'a1').id_tag}`,
      body: { name: tagOf(x, 'a1').name, id_campus: x.a1.id_campus },
    }),
    other: (x) => ({
      method: 'PUT',
      path: `/tag/${tagOf(x, 'a2').id_tag}`,
      body: { name: 'Hijacked', id_campus: x.a2.id_campus },
    }),
    foreign: (x) => [tagOf(x, 'a2').name],
  },
  {
    route: 'DELETE /tag/:id',
    actor: 'schoolA',
    own: (x) => ({ method: 'DELETE', path: `/tag/${x.enrollment.a2.spareTag.id_tag}` }),
    other: (x) => ({ method: 'DELETE', path: `/tag/${x.enrollment.b1.spareTag.id_tag}` }),
    foreign: () => [],
  },
  {
    route: 'PUT /configuration/school',
    actor: 'schoolA',
    own: (x) => ({ method: 'PUT', path: '/configuration/school', body: schoolConfigBody(x.schoolA.id_school) }),
    other: (x) => ({
      method: 'PUT',
      path: '/configuration/school',
      body: { ...schoolConfigBody(x.schoolB.id_school), active: false },
    }),
    foreign: () => ['Beta Charter'],
  },
  {
    route: 'GET /configuration/campus',
    actor: 'campusA1',
    own: (x) => ({ method: 'GET', path: `/configuration/campus?id_campus=${x.a1.id_campus}` }),
    other: (x) => ({ method: 'GET', path: `/configuration/campus?id_campus=${x.a2.id_campus}` }),
    foreign: () => [],
  },
  {
    route: 'PUT /campus',
    actor: 'schoolA',
    own: (x) => ({
      method: 'PUT',
      path: '/campus',
      body: { id_campus: x.a2.id_campus, id_school: x.schoolA.id_school, name: 'Alpha South' },
    }),
    other: (x) => ({
      method: 'PUT',
      path: '/campus',
      body: { id_campus: x.b1.id_campus, id_school: x.schoolB.id_school, name: 'Hijacked' },
    }),
    foreign: () => ['Beta Main'],
  },
  {
    route: 'PUT /campus/:id/active',
    actor: 'schoolA',
    own: (x) => ({ method: 'PUT', path: `/campus/${x.a2.id_campus}/active`, body: { active: true } }),
    other: (x) => ({ method: 'PUT', path: `/campus/${x.b1.id_campus}/active`, body: { active: false } }),
    foreign: () => ['Beta Main'],
  },
  {
    route: 'GET /campus/:id/photo',
    actor: 'schoolA',
    own: (x) => ({ method: 'GET', path: `/campus/${x.a2.id_campus}/photo` }),
    other: (x) => ({ method: 'GET', path: `/campus/${x.b1.id_campus}/photo` }),
    foreign: () => [],
  },
  {
    route: 'DELETE /campus/:id',
    actor: 'schoolA',
    own: (x) => ({ method: 'DELETE', path: `/campus/${x.spareCampusA.id_campus}` }),
    other: (x) => ({ method: 'DELETE', path: `/campus/${x.b1.id_campus}` }),
    foreign: () => ['Beta Main'],
  },
  {
    route: 'PUT /configuration/campusGrade/activate',
    actor: 'campusA1',
    own: (x) => ({
      method: 'PUT',
      path: '/configuration/campusGrade/activate',
      body: { id_campus_grade: x.pkGrade.a1 },
    }),
    other: (x) => ({
      method: 'PUT',
      path: '/configuration/campusGrade/activate',
      body: { id_campus_grade: x.pkGrade.a2 },
    }),
    foreign: () => [],
  },
  {
    route: 'PUT /configuration/campusGrade',
    actor: 'campusA1',
    own: (x) => ({
      method: 'PUT',
      path: '/configuration/campusGrade',
      body: { id_campus_grade: x.pkGrade.a1, optionValue: 'PK', optionLabel: 'Pre-K' },
    }),
    other: (x) => ({
      method: 'PUT',
      path: '/configuration/campusGrade',
      body: { id_campus_grade: x.pkGrade.a2, optionLabel: 'Hijacked' },
    }),
    foreign: () => [],
  },
  {
    route: 'GET /configuration/campusGrade/campus/:id',
    actor: 'campusA1',
    own: (x) => ({ method: 'GET', path: `/configuration/campusGrade/campus/${x.a1.id_campus}` }),
    other: (x) => ({ method: 'GET', path: `/configuration/campusGrade/campus/${x.a2.id_campus}` }),
    foreign: () => [],
  },
  {
    route: 'GET /configuration/campusGrade/school/:id',
    actor: 'schoolA',
    own: (x) => ({ method: 'GET', path: `/configuration/campusGrade/school/${x.schoolA.id_school}` }),
    other: (x) => ({ method: 'GET', path: `/configuration/campusGrade/school/${x.schoolB.id_school}` }),
    foreign: () => [],
  },
];

/** Rows for the routes and actors the first tenancy test did not cover. */
const PEOPLE_ROWS: Row[] = [
  // ---- auth and the caller's own account ----
  {
    route: 'POST /auth/login-with-school',
    actor: 'maintainerNone',
    ownActor: 'maintainerChooser',
    own: (x) => ({
      method: 'POST',
      path: '/auth/login-with-school',
      body: { id_user: x.users.maintainer.id_user, id_school: x.schoolA.id_school },
    }),
    other: (x) => ({
      method: 'POST',
      path: '/auth/login-with-school',
      body: { id_user: x.users.maintainer.id_user, id_school: x.schoolC.id_school },
    }),
    foreign: () => ['Gamma Prep'],
  },
  {
    route: 'POST /auth/validate-token',
    actor: 'maintainerA',
    own: () => ({ method: 'POST', path: '/auth/validate-token' }),
    shared: 'describes the caller itself',
    foreign: (x) => [x.users.staffB1.email, 'Beta Main'],
  },
  {
    route: 'GET /auth/permissions',
    actor: 'schoolA',
    own: () => ({ method: 'GET', path: '/auth/permissions?rolename=School%20Admin' }),
    other: () => ({ method: 'GET', path: '/auth/permissions?rolename=System%20Support' }),
    foreign: () => ['captured_mail'],
  },
  {
    route: 'GET /user/me',
    actor: 'campusA1',
    own: () => ({ method: 'GET', path: '/user/me' }),
    shared: 'the caller itself',
    foreign: (x) => [x.users.staffA2.email, 'Alpha South'],
  },
  {
    route: 'GET /user/assignable-roles',
    actor: 'editorA1',
    own: () => ({ method: 'GET', path: '/user/assignable-roles' }),
    shared: 'roles every school shares, narrowed to what the caller itself may give',
    foreign: () => ['SuperAdmin', 'System Support', 'School Admin'],
  },
  {
    route: 'PUT /user/me',
    actor: 'editorA1',
    own: () => ({ method: 'PUT', path: '/user/me', body: { name: 'Edith Editor', telephone: '+15205550111' } }),
    shared: 'the caller itself (name and telephone only: see people-fields.test.ts)',
    foreign: (x) => [x.users.staffA2.email],
  },
  {
    route: 'PUT /user/password',
    actor: 'passwordChanger',
    own: () => ({
      method: 'PUT',
      path: '/user/password',
      body: {
        currentPassword: 'correct-horse-battery',
        newPassword: 'another-long-password',
        confirmPassword: 'another-long-password',
      },
    }),
    shared: 'the caller itself',
    foreign: () => [],
  },
  {
    route: 'POST /user/theme',
    actor: 'campusA1',
    own: () => ({ method: 'POST', path: '/user/theme', body: { theme: 'Blue' } }),
    shared: 'the caller itself',
    foreign: () => [],
  },

  // ---- users: reach, shared users, other actors ----
  {
    route: 'POST /user',
    case: 'a campus editor creates only inside its campus',
    actor: 'editorA1',
    own: (x) => ({
      method: 'POST',
      path: '/user',
      body: newUser({ id_role: x.roles.editor.id_role, id_campus: x.a1.id_campus }),
    }),
    other: (x) => ({
      method: 'POST',
      path: '/user',
      body: newUser({ id_role: x.roles.editor.id_role, id_campus: x.a2.id_campus }),
    }),
    foreign: () => ['Alpha South'],
  },
  {
    route: 'POST /user',
    case: 'a campus editor cannot create a user that sees every campus',
    actor: 'editorA1',
    own: (x) => ({
      method: 'POST',
      path: '/user',
      body: newUser({ id_role: x.roles.editor.id_role, id_campus: x.a1.id_campus }),
    }),
    other: (x) => ({
      method: 'POST',
      path: '/user',
      body: newUser({ id_role: x.roles.editor.id_role, id_campus: x.a1.id_campus, isAllCampuses: true }),
    }),
    foreign: () => [],
  },
  {
    route: 'POST /user',
    case: 'another school',
    actor: 'schoolA',
    own: (x) => ({
      method: 'POST',
      path: '/user',
      body: newUser({ id_role: x.users.staffA2.id_role, id_campus: x.a2.id_campus }),
    }),
    other: (x) => ({
      method: 'POST',
      path: '/user',
      body: newUser({ id_role: x.users.staffA2.id_role, id_campus: x.b1.id_campus }),
    }),
    foreign: () => ['Beta Main'],
  },
  {
    route: 'POST /user',
    case: 'System Support cannot mint a school admin (student records it does not hold)',
    actor: 'support',
    own: (x) => ({
      method: 'POST',
      path: '/user',
      body: newUser({ id_role: x.roles.helpdesk.id_role }),
    }),
    other: (x) => ({
      method: 'POST',
      path: '/user',
      body: newUser({ id_role: x.roles.schoolAdmin.id_role, id_school: x.schoolA.id_school }),
    }),
    foreign: () => [],
  },
  {
    route: 'PUT /user',
    case: 'a campus editor cannot give itself every campus',
    actor: 'editorA1',
    own: (x) => ({
      method: 'PUT',
      path: '/user',
      body: updateBody(x.users.staffA1, x.a1.id_campus, x.roles.editor.id_role),
    }),
    other: (x) => ({
      method: 'PUT',
      path: '/user',
      body: { ...updateBody(x.users.editorA1, x.a1.id_campus, x.roles.editor.id_role), isAllCampuses: true },
    }),
    foreign: () => [],
  },
  {
    route: 'PUT /user',
    case: 'a school admin cannot change a maintainer it shares with school B',
    actor: 'schoolA',
    own: (x) => ({
      method: 'PUT',
      path: '/user',
      body: updateBody(x.users.staffA2, x.a2.id_campus, x.users.staffA2.id_role),
    }),
    other: (x) => ({
      method: 'PUT',
      path: '/user',
      body: maintainerBody(x, { email: 'taken.over@test.openseat.org', schoolIds: [x.schoolA.id_school] }),
    }),
    foreign: () => ['Beta Charter'],
  },
  {
    route: 'PUT /user',
    case: 'a maintainer working in A cannot change a user of B',
    actor: 'maintainerA',
    own: (x) => ({
      method: 'PUT',
      path: '/user',
      body: updateBody(x.users.staffA2, x.a2.id_campus, x.users.staffA2.id_role),
    }),
    other: (x) => ({
      method: 'PUT',
      path: '/user',
      body: updateBody(x.users.staffB1, x.b1.id_campus, x.users.staffB1.id_role),
    }),
    foreign: (x) => [x.users.staffB1.email],
  },
  {
    route: 'GET /user/:id',
    case: 'a maintainer working in A',
    actor: 'maintainerA',
    own: (x) => ({ method: 'GET', path: `/user/${x.users.staffA2.id_user}` }),
    other: (x) => ({ method: 'GET', path: `/user/${x.users.staffB1.id_user}` }),
    foreign: (x) => [x.users.staffB1.email],
  },
  {
    route: 'GET /user/:id',
    case: 'an all-campuses campus admin',
    actor: 'campusAdminA',
    own: (x) => ({ method: 'GET', path: `/user/${x.users.staffA2.id_user}` }),
    other: (x) => ({ method: 'GET', path: `/user/${x.users.staffB1.id_user}` }),
    foreign: (x) => [x.users.staffB1.email],
  },
  {
    route: 'GET /user/:id',
    case: "a shared maintainer's other school stays hidden",
    actor: 'schoolA',
    own: (x) => ({ method: 'GET', path: `/user/${x.users.sharedMaintainer.id_user}` }),
    shared: 'the user is in both schools: only school A may show',
    foreign: () => ['Beta Charter'],
  },
  {
    route: 'GET /user/:id/photo',
    case: 'a campus user sees no photo of another campus',
    actor: 'campusA1',
    own: (x) => ({ method: 'GET', path: `/user/${x.users.campusA1.id_user}/photo` }),
    other: (x) => ({ method: 'GET', path: `/user/${x.users.staffA2.id_user}/photo` }),
    foreign: () => [],
  },
  {
    route: 'DELETE /user/:id',
    case: 'System Support cannot deactivate a school admin (it reaches student records)',
    actor: 'support',
    ownActor: 'superAdmin',
    own: (x) => ({ method: 'DELETE', path: `/user/${x.users.spareB1.id_user}` }),
    other: (x) => ({ method: 'DELETE', path: `/user/${x.users.schoolB.id_user}` }),
    foreign: () => [],
  },

  // ---- roles and permissions: shared by every school, changed only by a role manager, never its own ----
  {
    route: 'GET /role',
    actor: 'schoolA',
    own: () => ({ method: 'GET', path: '/role' }),
    shared: 'roles are shared by every school',
    foreign: () => [],
  },
  {
    route: 'GET /role/:id',
    actor: 'schoolA',
    own: (x) => ({ method: 'GET', path: `/role/${x.roles.schoolAdmin.id_role}` }),
    shared: 'roles are shared by every school',
    foreign: () => [],
  },
  {
    route: 'POST /role',
    actor: 'schoolA',
    ownActor: 'support',
    own: () => ({ method: 'POST', path: '/role', body: roleBody('Front office') }),
    other: () => ({ method: 'POST', path: '/role', body: roleBody('Planted by a school') }),
    foreign: () => [],
  },
  {
    route: 'PUT /role/:id',
    actor: 'support',
    own: (x) => ({ method: 'PUT', path: `/role/${x.roles.helpdesk.id_role}`, body: roleBody(x.roles.helpdesk.name) }),
    other: (x) => ({
      method: 'PUT',
      path: `/role/${x.roles.support.id_role}`,
      body: roleBody('System Support', { description: 'widened' }),
    }),
    foreign: () => [],
  },
  {
    route: 'DELETE /role/:id',
    actor: 'support',
    own: (x) => ({ method: 'DELETE', path: `/role/${x.roles.spare.id_role}` }),
    other: (x) => ({ method: 'DELETE', path: `/role/${x.roles.superAdmin.id_role}` }),
    foreign: () => [],
  },
  {
    route: 'GET /subject',
    actor: 'schoolA',
    own: () => ({ method: 'GET', path: '/subject' }),
    shared: 'the screens and actions are the same for every school',
    foreign: () => [],
  },
  {
    route: 'GET /permission',
    actor: 'schoolA',
    own: (x) => ({ method: 'GET', path: `/permission?id_role=${x.roles.schoolAdmin.id_role}` }),
    shared: 'roles are shared by every school',
    foreign: () => [],
  },
  {
    route: 'PUT /permission',
    case: 'System Support cannot change its own role, nor grant what it does not hold',
    actor: 'support',
    own: (x) => ({ method: 'PUT', path: '/permission', body: grant(x.roles.helpdesk.id_role, 'schools', 'access') }),
    other: (x) => ({
      method: 'PUT',
      path: '/permission',
      body: grant(x.roles.support.id_role, 'applications', 'access'),
    }),
    foreign: () => [],
  },
  {
    route: 'PUT /permission',
    case: 'granting student records it does not hold',
    actor: 'support',
    own: (x) => ({ method: 'PUT', path: '/permission', body: grant(x.roles.helpdesk.id_role, 'users', 'access') }),
    other: (x) => ({
      method: 'PUT',
      path: '/permission',
      body: grant(x.roles.helpdesk.id_role, 'applications', 'export_csv'),
    }),
    foreign: () => [],
  },
  {
    route: 'PUT /permission',
    case: 'a school admin (permissions tab, no role management)',
    actor: 'schoolA',
    ownActor: 'support',
    own: (x) => ({ method: 'PUT', path: '/permission', body: grant(x.roles.helpdesk.id_role, 'schools', 'edit') }),
    other: (x) => ({
      method: 'PUT',
      path: '/permission',
      body: grant(x.roles.schoolAdmin.id_role, 'schools', 'access'),
    }),
    foreign: () => [],
  },

  // ---- captured mail: SuperAdmin only ----
  {
    route: 'GET /mail/captured',
    actor: 'support',
    ownActor: 'superAdmin',
    own: () => ({ method: 'GET', path: '/mail/captured' }),
    other: () => ({ method: 'GET', path: '/mail/captured' }),
    foreign: () => ['Reset'],
  },
  {
    route: 'GET /mail/captured/:id',
    actor: 'support',
    ownActor: 'superAdmin',
    own: (x) => ({ method: 'GET', path: `/mail/captured/${x.mail.id_captured_mail}` }),
    other: (x) => ({ method: 'GET', path: `/mail/captured/${x.mail.id_captured_mail}` }),
    foreign: () => ['secret-reset-link'],
  },

  // ---- schools ----
  {
    route: 'POST /school',
    actor: 'schoolA',
    ownActor: 'support',
    own: () => ({ method: 'POST', path: '/school', body: { name: 'Delta Day School' } }),
    other: () => ({ method: 'POST', path: '/school', body: { name: 'Planted School' } }),
    foreign: () => [],
  },
  {
    route: 'GET /school/:id',
    case: 'a maintainer working in A does not see B, though it maintains it',
    actor: 'maintainerA',
    own: (x) => ({ method: 'GET', path: `/school/${x.schoolA.id_school}` }),
    other: (x) => ({ method: 'GET', path: `/school/${x.schoolB.id_school}` }),
    foreign: () => ['Beta Charter'],
  },
  {
    route: 'PUT /school/:id/active',
    actor: 'schoolA',
    ownActor: 'support',
    own: (x) => ({ method: 'PUT', path: `/school/${x.schoolC.id_school}/active`, body: { active: true } }),
    other: (x) => ({ method: 'PUT', path: `/school/${x.schoolB.id_school}/active`, body: { active: false } }),
    foreign: () => ['Beta Charter'],
  },
  {
    route: 'PUT /school/:id',
    case: 'a maintainer working in A',
    actor: 'maintainerA',
    own: (x) => ({ method: 'PUT', path: `/school/${x.schoolA.id_school}`, body: { name: 'Alpha Academy' } }),
    other: (x) => ({ method: 'PUT', path: `/school/${x.schoolB.id_school}`, body: { name: 'Hijacked' } }),
    foreign: () => ['Beta Charter'],
  },

  // ---- campuses: a campus editor with edit rights stays in its campus ----
  {
    route: 'PUT /campus',
    case: 'a campus editor',
    actor: 'editorA1',
    own: (x) => ({
      method: 'PUT',
      path: '/campus',
      body: { id_campus: x.a1.id_campus, id_school: x.schoolA.id_school, name: 'Alpha North' },
    }),
    other: (x) => ({
      method: 'PUT',
      path: '/campus',
      body: { id_campus: x.a2.id_campus, id_school: x.schoolA.id_school, name: 'Hijacked' },
    }),
    foreign: () => ['Alpha South'],
  },
  {
    route: 'GET /campus/:id',
    case: 'an all-campuses campus admin',
    actor: 'campusAdminA',
    own: (x) => ({ method: 'GET', path: `/campus/${x.a2.id_campus}` }),
    other: (x) => ({ method: 'GET', path: `/campus/${x.b1.id_campus}` }),
    foreign: () => ['Beta Main'],
  },
  {
    route: 'POST /tag',
    case: 'a campus editor',
    actor: 'editorA1',
    own: (x) => ({ method: 'POST', path: '/tag', body: { name: 'Editor tag', id_campus: x.a1.id_campus } }),
    other: (x) => ({ method: 'POST', path: '/tag', body: { name: 'Planted tag', id_campus: x.a2.id_campus } }),
    foreign: () => ['Alpha South'],
  },
];

/** Catalogs every school shares: the control runs for each, as the most limited caller. */
const CATALOG_ROWS: Row[] = [
  'context-type',
  'school-year',
  'status',
  'grade',
  'field-option',
  'priority-item',
  'email-type',
  'form-type',
  'guardian-type',
  'feedback-type',
  'status-feedback',
  'text-message-type',
  'enrollment-sis',
  'notification-settings-type',
].map((catalog) => ({
  route: `GET /catalog/${catalog}`,
  actor: 'campusA1',
  own: () => ({ method: 'GET', path: `/catalog/${catalog}` }),
  shared: 'reference data shared by every school',
  foreign: () => [],
}));

/** List routes: the caller's own rows come back, no foreign row does. */
const LISTS: ListRow[] = [
  {
    route: 'GET /user',
    actor: 'schoolA',
    path: '/user?pageSize=200',
    own: (x) => [x.users.staffA1.email, x.users.staffA2.email],
    foreign: (x) => [x.users.schoolB.email, x.users.staffB1.email],
  },
  {
    route: 'GET /user',
    actor: 'campusA1',
    path: '/user?pageSize=200',
    own: (x) => [x.users.staffA1.email],
    foreign: (x) => [x.users.staffA2.email, x.users.schoolA.email, x.users.staffB1.email],
  },
  {
    route: 'GET /user/campuses',
    actor: 'schoolA',
    path: '/user/campuses',
    own: (x) => [x.users.staffA2.email],
    foreign: (x) => [x.users.staffB1.email],
  },
  {
    route: 'GET /catalog/campuses',
    actor: 'campusA1',
    path: '/catalog/campuses',
    own: () => ['Alpha North'],
    foreign: () => ['Alpha South', 'Beta Main'],
  },
  {
    route: 'GET /catalog/schools',
    actor: 'schoolA',
    path: '/catalog/schools',
    own: () => ['Alpha Academy'],
    foreign: () => ['Beta Charter'],
  },
  {
    route: 'GET /campus',
    actor: 'campusA1',
    path: '/campus',
    own: () => ['Alpha North'],
    foreign: () => ['Alpha South', 'Beta Main'],
  },
  {
    route: 'GET /campus/export',
    actor: 'schoolA',
    path: '/campus/export',
    own: () => ['Alpha North'],
    foreign: () => ['Beta Main'],
  },
  {
    route: 'GET /campus',
    actor: 'schoolA',
    path: '/campus?pageSize=200',
    own: () => ['Alpha North', 'Alpha South'],
    foreign: () => ['Beta Main'],
  },
  {
    route: 'GET /user/export',
    actor: 'schoolA',
    path: '/user/export',
    own: (x) => [x.users.staffA1.email],
    foreign: (x) => [x.users.staffB1.email, x.users.schoolB.email],
  },
  {
    route: 'GET /enrollment/campusYear/all',
    actor: 'schoolA',
    path: '/enrollment/campusYear/all',
    own: () => ['Alpha North', 'Alpha South'],
    foreign: () => ['Beta Main'],
  },
  {
    route: 'GET /enrollment/campusYear/all',
    actor: 'campusA1',
    path: '/enrollment/campusYear/all',
    own: () => ['Alpha North'],
    foreign: () => ['Alpha South', 'Beta Main'],
  },
  {
    route: 'GET /tag',
    actor: 'schoolA',
    path: '/tag?pageSize=200',
    own: (x) => [x.enrollment.a1.tag.name, x.enrollment.a2.tag.name],
    foreign: (x) => [x.enrollment.b1.tag.name, 'secret-b1-description'],
  },
  {
    route: 'GET /tag',
    actor: 'campusA1',
    path: '/tag?pageSize=200',
    own: (x) => [x.enrollment.a1.tag.name],
    foreign: (x) => [x.enrollment.a2.tag.name, x.enrollment.b1.tag.name],
  },
];

/** Lists as the actors the first tenancy test did not have. */
const PEOPLE_LISTS: ListRow[] = [
  {
    route: 'GET /user',
    actor: 'maintainerA',
    path: '/user?pageSize=200',
    own: (x) => [x.users.staffA2.email],
    foreign: (x) => [x.users.staffB1.email, x.users.schoolB.email, 'Beta Charter'],
  },
  {
    route: 'GET /user',
    actor: 'schoolA',
    path: '/user?tab=maintenance&pageSize=200',
    own: (x) => [x.users.sharedMaintainer.email],
    foreign: () => ['Beta Charter'],
  },
  {
    route: 'GET /user',
    actor: 'campusAdminA',
    path: '/user?pageSize=200',
    own: (x) => [x.users.staffA2.email],
    foreign: (x) => [x.users.staffB1.email],
  },
  {
    route: 'GET /school',
    actor: 'supportA',
    path: '/school?pageSize=200',
    own: () => ['Alpha Academy'],
    foreign: () => ['Beta Charter', 'Gamma Prep'],
  },
  {
    route: 'GET /school/search',
    actor: 'supportA',
    path: '/school/search?term=a',
    own: () => ['Alpha Academy'],
    foreign: () => ['Beta Charter', 'Gamma Prep'],
  },
  {
    route: 'GET /school/export',
    actor: 'supportA',
    path: '/school/export',
    own: () => ['Alpha Academy'],
    foreign: () => ['Beta Charter', 'Gamma Prep'],
  },
  {
    route: 'GET /campus',
    actor: 'campusAdminA',
    path: '/campus?pageSize=200',
    own: () => ['Alpha North', 'Alpha South'],
    foreign: () => ['Beta Main'],
  },
  {
    route: 'GET /catalog/schools',
    actor: 'support',
    path: '/catalog/schools',
    own: () => ['Alpha Academy', 'Beta Charter'],
    foreign: () => [],
  },
];

// applications pipeline (app-core): every route on the caller's own campus, and refused on another's
const appOf = (x: Fixtures, key: Exclude<keyof Fixtures['applications'], 'intake'>) =>
  x.applications[key].id_application;
const applicantBody = (x: Fixtures, key: 'a1' | 'a2') => ({
  id_application: appOf(x, key),
  applicant: { firstName: 'Renamed', lastName: 'Child' },
  guardian: { name: 'Renamed Guardian', phoneNumber: '+14805550123' },
});
const intakeBody = (id_campus: number) => ({
  id_campus,
  id_school_year: 3,
  id_grade: 3,
  applicant: { firstName: 'New', lastName: 'Lead' },
  guardian: { name: 'New Guardian', email: 'new.guardian@example.org' },
});
const SECRET_CHILDREN = ['Secret-A2-Child', 'Secret-B1-Child'];
const APPLICATION_ROWS: Row[] = [
  {
    route: 'GET /application/:id',
    actor: 'campusA1',
    own: (x) => ({ method: 'GET', path: `/application/${appOf(x, 'a1')}` }),
    other: (x) => ({ method: 'GET', path: `/application/${appOf(x, 'a2')}` }),
    foreign: () => SECRET_CHILDREN,
  },
  {
    route: 'GET /application/:id',
    case: 'another school',
    actor: 'schoolA',
    own: (x) => ({ method: 'GET', path: `/application/${appOf(x, 'a2')}` }),
    other: (x) => ({ method: 'GET', path: `/application/${appOf(x, 'b1')}` }),
    foreign: () => ['Secret-B1-Child'],
  },
  {
    route: 'GET /application/status-historical',
    actor: 'campusA1',
    own: (x) => ({ method: 'GET', path: `/application/status-historical?id_application=${appOf(x, 'a1')}` }),
    other: (x) => ({ method: 'GET', path: `/application/status-historical?id_application=${appOf(x, 'a2')}` }),
    foreign: () => SECRET_CHILDREN,
  },
  {
    route: 'GET /application/spots/:id_campus_year',
    actor: 'campusA1',
    own: (x) => ({ method: 'GET', path: `/application/spots/${period(x, 'a1').id_campus_year}` }),
    other: (x) => ({ method: 'GET', path: `/application/spots/${period(x, 'b1').id_campus_year}` }),
    foreign: () => ['Beta Main'],
  },
  {
    route: 'POST /application',
    actor: 'schoolA',
    own: (x) => ({ method: 'POST', path: '/application', body: intakeBody(x.applications.intake.id_campus) }),
    other: (x) => ({ method: 'POST', path: '/application', body: intakeBody(x.b1.id_campus) }),
    foreign: () => ['Beta Main'],
  },
  {
    route: 'POST /application/duplicates',
    actor: 'schoolA',
    own: (x) => ({
      method: 'POST',
      path: '/application/duplicates',
      body: intakeBody(x.applications.intake.id_campus),
    }),
    other: (x) => ({ method: 'POST', path: '/application/duplicates', body: intakeBody(x.b1.id_campus) }),
    foreign: () => ['Beta Main'],
  },
  {
    route: 'PUT /application',
    actor: 'campusA1',
    own: (x) => ({ method: 'PUT', path: '/application', body: applicantBody(x, 'a1') }),
    other: (x) => ({ method: 'PUT', path: '/application', body: applicantBody(x, 'a2') }),
    foreign: () => SECRET_CHILDREN,
  },
  {
    route: 'PUT /application/grade',
    actor: 'campusA1',
    own: (x) => ({ method: 'PUT', path: '/application/grade', body: { id_application: appOf(x, 'a1'), id_grade: 4 } }),
    other: (x) => ({
      method: 'PUT',
      path: '/application/grade',
      body: { id_application: appOf(x, 'a2'), id_grade: 4 },
    }),
    foreign: () => SECRET_CHILDREN,
  },
  {
    route: 'PUT /application/priority',
    actor: 'schoolA',
    own: (x) => ({
      method: 'PUT',
      path: '/application/priority',
      body: { id_application: appOf(x, 'a2'), id_priority_item: 1 },
    }),
    other: (x) => ({
      method: 'PUT',
      path: '/application/priority',
      body: { id_application: appOf(x, 'b1'), id_priority_item: 1 },
    }),
    foreign: () => ['Secret-B1-Child'],
  },
  {
    route: 'DELETE /application/:id',
    actor: 'campusA1',
    own: (x) => ({ method: 'DELETE', path: `/application/${appOf(x, 'a1Spare')}` }),
    other: (x) => ({ method: 'DELETE', path: `/application/${appOf(x, 'a2')}` }),
    foreign: () => SECRET_CHILDREN,
  },
  {
    route: 'PUT /application/status',
    actor: 'campusA1',
    own: (x) => ({
      method: 'PUT',
      path: '/application/status',
      body: { applicationIds: [appOf(x, 'a1Lead')], id_status: 2 },
    }),
    other: (x) => ({
      method: 'PUT',
      path: '/application/status',
      body: { applicationIds: [appOf(x, 'a2')], id_status: 5 },
    }),
    foreign: () => SECRET_CHILDREN,
  },
  {
    route: 'PUT /application/status',
    case: 'a bulk move mixing own and foreign applications changes nothing',
    actor: 'schoolA',
    own: (x) => ({
      method: 'PUT',
      path: '/application/status',
      body: { applicationIds: [appOf(x, 'a1Lead'), appOf(x, 'a2')], id_status: 3 },
    }),
    other: (x) => ({
      method: 'PUT',
      path: '/application/status',
      body: { applicationIds: [appOf(x, 'a1Lead'), appOf(x, 'b1')], id_status: 3 },
    }),
    foreign: () => ['Secret-B1-Child'],
  },
  {
    route: 'PUT /application/status/previous',
    actor: 'campusA1',
    own: (x) => ({ method: 'PUT', path: '/application/status/previous', body: { id_application: appOf(x, 'a1Back') } }),
    other: (x) => ({ method: 'PUT', path: '/application/status/previous', body: { id_application: appOf(x, 'a2') } }),
    foreign: () => SECRET_CHILDREN,
  },
  {
    route: 'POST /application/transfer-spot',
    actor: 'campusA1',
    own: (x) => ({
      method: 'POST',
      path: '/application/transfer-spot',
      body: { id_application_from: appOf(x, 'a1Holder'), id_application_to: appOf(x, 'a1Waiting') },
    }),
    other: (x) => ({
      method: 'POST',
      path: '/application/transfer-spot',
      body: { id_application_from: appOf(x, 'a1Holder'), id_application_to: appOf(x, 'a2') },
    }),
    foreign: () => SECRET_CHILDREN,
  },
  {
    route: 'PUT /application/read/:id',
    actor: 'campusA1',
    own: (x) => ({ method: 'PUT', path: `/application/read/${appOf(x, 'a1')}` }),
    other: (x) => ({ method: 'PUT', path: `/application/read/${appOf(x, 'a2')}` }),
    foreign: () => SECRET_CHILDREN,
  },
  {
    route: 'PUT /application/unread',
    actor: 'campusA1',
    own: (x) => ({ method: 'PUT', path: '/application/unread', body: { applicationIds: [appOf(x, 'a1')] } }),
    other: (x) => ({
      method: 'PUT',
      path: '/application/unread',
      body: { applicationIds: [appOf(x, 'a1'), appOf(x, 'a2')] },
    }),
    foreign: () => SECRET_CHILDREN,
  },
];
const APPLICATION_LISTS: ListRow[] = [
  {
    route: 'GET /application',
    actor: 'campusA1',
    path: '/application?type=1&pageSize=200',
    own: () => ['Lead-A1-Child'],
    foreign: () => SECRET_CHILDREN,
  },
  {
    route: 'GET /application',
    actor: 'campusAdminA',
    path: '/application?type=1&pageSize=200',
    own: () => ['Lead-A1-Child', 'Secret-A2-Child'],
    foreign: () => ['Secret-B1-Child'],
  },
  {
    route: 'GET /application',
    actor: 'schoolA',
    path: '/application?type=9&pageSize=200&text=tenancy',
    own: () => ['Holder-A1-Child', 'Secret-A2-Child'],
    foreign: () => ['Secret-B1-Child'],
  },
];

// application records (app-records): notes, files, tags, saved filters, exports, school years
type RecordsFixtures = Awaited<ReturnType<typeof buildRecordsFixtures>>;
let r: RecordsFixtures;
const RECORD_PDF = '%PDF-1.4\n1 0 obj<<>>endobj\ntrailer<<>>\n%%EOF\n';
const SECRET_RECORDS = ['secret-note-a2', 'secret-a2.pdf', 'Secret-A2-Child', 'Secret-B1-Child'];

/** A JSON body, or a raw one (multipart) with its content type. */
function bodyOf(c: Call) {
  if (c.rawBody === undefined) return { body: c.body };
  return { rawBody: c.rawBody, headers: { 'content-type': c.contentType ?? 'application/octet-stream' } };
}

function uploadCall(id_application: number): Call {
  const boundary = 'tenancyboundary';
  const rawBody =
    `--${boundary}\r\nContent-Disposition: form-data; name="id_application"\r\n\r\n${id_application}\r\n` +
    `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="upload.pdf"\r\n` +
    `Content-Type: application/pdf\r\n\r\n${RECORD_PDF}\r\n--${boundary}--\r\n`;
  return {
    method: 'POST',
    path: '/application/upload-file',
    rawBody,
    contentType: `multipart/form-data; boundary=${boundary}`,
  };
}

async function buildRecordsFixtures(db: TestContext['db'], x: Fixtures) {
  const a2App = x.applications.a2;
  const file = async (app: { id_application: number; id_school: number }, originalName: string) => {
    const storedPath = `applications/${originalName.replace(/\W/g, '')}-${app.id_application}.pdf`;
    fs.mkdirSync(path.join(dataDir, 'files', 'applications'), { recursive: true });
    fs.writeFileSync(path.join(dataDir, 'files', storedPath), RECORD_PDF);
    const [row] = await db
      .insert(s.applicationFile)
      .values({
        id_school: app.id_school,
        id_application: app.id_application,
        storedPath,
        originalName,
        mimeType: 'application/pdf',
        size: RECORD_PDF.length,
      })
      .returning();
    return row;
  };
  await db
    .insert(s.applicationNote)
    .values({ id_school: a2App.id_school, id_application: a2App.id_application, note: 'secret-note-a2' });
  await db
    .insert(s.applicationTag)
    .values({ id_school: a2App.id_school, id_application: a2App.id_application, id_tag: x.enrollment.a2.tag.id_tag });
  const nextPeriod = await createPeriod(db, x.a1, { id_school_year: 4, grades: { 3: 5 } });
  const [mover, copied] = [
    await createApplication(db, x.enrollment.a1.period, { id_status: STATUS.LEAD, firstName: 'Mover-A1-Child' }),
    await createApplication(db, x.enrollment.a1.period, { id_status: STATUS.LEAD, firstName: 'Copied-A1-Child' }),
  ];
  const copyOf = async (id_user: number, id_school: number) =>
    (
      await db
        .insert(s.applicationCopy)
        .values({ id_school, id_user, id_school_year: 4, applicationIds: [], total: 0, status: 'done' })
        .returning()
    )[0];
  return {
    files: {
      a1: await file(x.applications.a1, 'own-a1.pdf'),
      a1Spare: await file(x.applications.a1, 'spare-a1.pdf'),
      a2: await file(a2App, 'secret-a2.pdf'),
    },
    nextPeriod,
    mover,
    copied,
    copies: {
      own: await copyOf(x.users.campusA1.id_user, x.schoolA.id_school),
      other: await copyOf(x.users.staffB1.id_user, x.schoolB.id_school),
    },
  };
}

const RECORD_ROWS: Row[] = [
  {
    route: 'GET /application/notes',
    actor: 'campusA1',
    own: (x) => ({ method: 'GET', path: `/application/notes?id_application=${appOf(x, 'a1')}` }),
    other: (x) => ({ method: 'GET', path: `/application/notes?id_application=${appOf(x, 'a2')}` }),
    foreign: () => SECRET_RECORDS,
  },
  {
    route: 'POST /application/notes',
    actor: 'campusA1',
    own: (x) => ({
      method: 'POST',
      path: '/application/notes',
      body: { id_application: appOf(x, 'a1'), note: 'Mine' },
    }),
    other: (x) => ({
      method: 'POST',
      path: '/application/notes',
      body: { id_application: appOf(x, 'a2'), note: 'Planted' },
    }),
    foreign: () => SECRET_RECORDS,
  },
  {
    route: 'GET /application/files',
    actor: 'campusA1',
    own: (x) => ({ method: 'GET', path: `/application/files?id_application=${appOf(x, 'a1')}` }),
    other: (x) => ({ method: 'GET', path: `/application/files?id_application=${appOf(x, 'a2')}` }),
    foreign: () => SECRET_RECORDS,
  },
  {
    route: 'POST /application/upload-file',
    actor: 'campusA1',
    own: (x) => uploadCall(appOf(x, 'a1')),
    other: (x) => uploadCall(appOf(x, 'a2')),
    foreign: () => SECRET_RECORDS,
  },
  {
    route: 'GET /application/file/:id',
    actor: 'campusA1',
    own: () => ({ method: 'GET', path: `/application/file/${r.files.a1.id_application_file}` }),
    other: () => ({ method: 'GET', path: `/application/file/${r.files.a2.id_application_file}` }),
    foreign: () => SECRET_RECORDS,
  },
  {
    route: 'DELETE /application/delete-file',
    actor: 'campusA1',
    own: () => ({
      method: 'DELETE',
      path: `/application/delete-file?id_application_file=${r.files.a1Spare.id_application_file}`,
    }),
    other: () => ({
      method: 'DELETE',
      path: `/application/delete-file?id_application_file=${r.files.a2.id_application_file}`,
    }),
    foreign: () => SECRET_RECORDS,
  },
  {
    route: 'POST /application-tag',
    actor: 'campusA1',
    own: (x) => ({
      method: 'POST',
      path: '/application-tag',
      body: { id_application: appOf(x, 'a1'), id_tag: x.enrollment.a1.tag.id_tag },
    }),
    other: (x) => ({
      method: 'POST',
      path: '/application-tag',
      body: { id_application: appOf(x, 'a2'), id_tag: x.enrollment.a2.tag.id_tag },
    }),
    foreign: (x) => [...SECRET_RECORDS, x.enrollment.a2.tag.name],
  },
  {
    route: 'POST /application-tag',
    case: "another school's tag on an own application",
    actor: 'schoolA',
    own: (x) => ({
      method: 'POST',
      path: '/application-tag',
      body: { id_application: appOf(x, 'a2'), id_tag: x.enrollment.a2.tag.id_tag },
    }),
    other: (x) => ({
      method: 'POST',
      path: '/application-tag',
      body: { id_application: appOf(x, 'a2'), id_tag: x.enrollment.b1.tag.id_tag },
    }),
    foreign: (x) => [x.enrollment.b1.tag.name],
  },
  {
    route: 'DELETE /application-tag',
    actor: 'campusA1',
    own: (x) => ({
      method: 'DELETE',
      path: `/application-tag?id_application=${appOf(x, 'a1')}&id_tag=${x.enrollment.a1.tag.id_tag}`,
    }),
    other: (x) => ({
      method: 'DELETE',
      path: `/application-tag?id_application=${appOf(x, 'a2')}&id_tag=${x.enrollment.a2.tag.id_tag}`,
    }),
    foreign: (x) => [...SECRET_RECORDS, x.enrollment.a2.tag.name],
  },
  {
    route: 'POST /application-tag/multiple',
    actor: 'campusA1',
    own: (x) => ({
      method: 'POST',
      path: '/application-tag/multiple',
      body: { applicationIds: [appOf(x, 'a1')], id_tag: x.enrollment.a1.tag.id_tag },
    }),
    other: (x) => ({
      method: 'POST',
      path: '/application-tag/multiple',
      body: { applicationIds: [appOf(x, 'a2')], id_tag: x.enrollment.a2.tag.id_tag },
    }),
    foreign: (x) => [...SECRET_RECORDS, x.enrollment.a2.tag.name],
  },
  {
    route: 'GET /filter',
    actor: 'campusA1',
    own: () => ({ method: 'GET', path: '/filter' }),
    shared: 'the filter catalog is the same for every school',
    foreign: () => SECRET_RECORDS,
  },
  {
    route: 'GET /user/filter',
    actor: 'campusA1',
    own: () => ({ method: 'GET', path: '/user/filter' }),
    shared: "the caller's own saved filters",
    foreign: () => SECRET_RECORDS,
  },
  {
    route: 'POST /user/filter',
    actor: 'campusA1',
    own: (x) => ({
      method: 'POST',
      path: '/user/filter',
      body: { listType: 1, id_filter: 6, values: [x.a1.id_campus] },
    }),
    other: (x) => ({
      method: 'POST',
      path: '/user/filter',
      body: { listType: 1, id_filter: 6, values: [x.a2.id_campus] },
    }),
    foreign: () => ['Alpha South'],
  },
  {
    route: 'PUT /user/filter',
    actor: 'schoolA',
    own: (x) => ({
      method: 'PUT',
      path: '/user/filter',
      body: { listType: 1, id_filter: 3, values: [x.enrollment.a2.tag.id_tag] },
    }),
    other: (x) => ({
      method: 'PUT',
      path: '/user/filter',
      body: { listType: 1, id_filter: 3, values: [x.enrollment.b1.tag.id_tag] },
    }),
    foreign: (x) => [x.enrollment.b1.tag.name],
  },
  {
    route: 'DELETE /user/filter',
    actor: 'campusA1',
    own: () => ({ method: 'DELETE', path: '/user/filter?listType=1' }),
    shared: "resets the caller's own saved filters",
    foreign: () => [],
  },
  {
    route: 'GET /application/export',
    actor: 'campusA1',
    own: (x) => ({ method: 'GET', path: `/application/export?id_campus=${x.a1.id_campus}` }),
    other: (x) => ({ method: 'GET', path: `/application/export?id_campus=${x.a2.id_campus}` }),
    foreign: () => SECRET_RECORDS,
  },
  {
    route: 'GET /application/school-year-targets',
    actor: 'campusA1',
    own: () => ({ method: 'GET', path: `/application/school-year-targets?applicationIds=${r.mover.id_application}` }),
    other: (x) => ({ method: 'GET', path: `/application/school-year-targets?applicationIds=${appOf(x, 'a2')}` }),
    foreign: () => SECRET_RECORDS,
  },
  {
    route: 'PUT /application/update-school-year',
    actor: 'campusA1',
    own: () => ({
      method: 'PUT',
      path: '/application/update-school-year',
      body: { applicationIds: [r.mover.id_application], target: 4 },
    }),
    other: (x) => ({
      method: 'PUT',
      path: '/application/update-school-year',
      body: { applicationIds: [appOf(x, 'a2')], target: 4 },
    }),
    foreign: () => SECRET_RECORDS,
  },
  {
    route: 'GET /application/copy-to-school-year/:id',
    actor: 'campusA1',
    own: () => ({ method: 'GET', path: `/application/copy-to-school-year/${r.copies.own.id_application_copy}` }),
    other: () => ({ method: 'GET', path: `/application/copy-to-school-year/${r.copies.other.id_application_copy}` }),
    foreign: () => SECRET_RECORDS,
  },
  // last: its own control starts a background copy
  {
    route: 'POST /application/copy-to-school-year',
    actor: 'campusA1',
    own: () => ({
      method: 'POST',
      path: '/application/copy-to-school-year',
      body: { applicationIds: [r.copied.id_application], target: 4 },
    }),
    other: (x) => ({
      method: 'POST',
      path: '/application/copy-to-school-year',
      body: { applicationIds: [appOf(x, 'b1')], target: 4 },
    }),
    foreign: () => SECRET_RECORDS,
  },
  // the waiting list worked in order (waiting-list module)
  {
    route: 'POST /application/reorder-waiting-list',
    actor: 'campusA1',
    own: (x) => ({
      method: 'POST',
      path: '/application/reorder-waiting-list',
      body: { id_campus_year: period(x, 'a1').id_campus_year, id_grade: 3, acknowledged: true, reason: REORDER_WHY },
    }),
    other: (x) => ({
      method: 'POST',
      path: '/application/reorder-waiting-list',
      body: { id_campus_year: period(x, 'a2').id_campus_year, id_grade: 3, acknowledged: true, reason: REORDER_WHY },
    }),
    foreign: () => ['Secret-A2-Waiting', ...SECRET_CHILDREN],
  },
  {
    route: 'POST /application/reorder-waiting-list',
    case: 'another school',
    actor: 'schoolA',
    own: (x) => ({
      method: 'POST',
      path: '/application/reorder-waiting-list',
      body: { id_campus_year: period(x, 'a2').id_campus_year, id_grade: 3, acknowledged: true, reason: REORDER_WHY },
    }),
    other: (x) => ({
      method: 'POST',
      path: '/application/reorder-waiting-list',
      body: { id_campus_year: period(x, 'b1').id_campus_year, id_grade: 3, acknowledged: true, reason: REORDER_WHY },
    }),
    foreign: () => SECRET_CHILDREN,
  },
  {
    route: 'PUT /application/waiting-list/position',
    actor: 'campusA1',
    own: (x) => ({
      method: 'PUT',
      path: '/application/waiting-list/position',
      body: { id_application: x.waiting.a1.id_application, waiting_list_position: 1 },
    }),
    other: (x) => ({
      method: 'PUT',
      path: '/application/waiting-list/position',
      body: { id_application: x.waiting.a2.id_application, waiting_list_position: 1 },
    }),
    foreign: () => ['Secret-A2-Waiting', ...SECRET_CHILDREN],
  },
];
const REORDER_WHY = 'The board asked for the priority order';
const RECORD_LISTS: ListRow[] = [
  {
    route: 'GET /application/export',
    actor: 'campusAdminA',
    path: '/application/export?format=product',
    own: () => ['Lead-A1-Child', 'Secret-A2-Child'],
    foreign: () => ['Secret-B1-Child'],
  },
];

// the lottery: a lottery campus of A (draw, practice, commit), one of A for late applications, one of B
type LotteryFixtures = Awaited<ReturnType<typeof buildLotteryFixtures>>;
let lf: LotteryFixtures;
const SECRET_LOTTERY = ['Secret-Lottery-B', 'beta-lottery-seed'];

async function buildLotteryFixtures(db: TestContext['db'], x: Fixtures) {
  const lotteryCampus = async (id_school: number, name: string, child: string) => {
    const campus = await createCampus(db, id_school, name);
    await createCampusGrades(db, campus, [3]);
    await db
      .update(s.campusConfiguration)
      .set({ is_lottery_campus: true })
      .where(eq(s.campusConfiguration.id_campus, campus.id_campus));
    const period = await createPeriod(db, campus, { state: 'started', grades: { 3: 1 } });
    for (let i = 0; i < 3; i++)
      await createApplication(db, period, { id_status: STATUS.APPLIED, firstName: child, lastName: 'Tenancy' });
    return period;
  };
  const own = await lotteryCampus(x.schoolA.id_school, 'Alpha Lottery', 'Lottery-A-Child');
  const late = await lotteryCampus(x.schoolA.id_school, 'Alpha Late', 'Late-A-Child');
  const other = await lotteryCampus(x.schoolB.id_school, 'Beta Lottery', 'Secret-Lottery-B');
  const record = async (p: typeof own, seed: string) =>
    (
      await db
        .insert(s.lottery)
        .values({
          id_school: p.id_school,
          id_campus_year: p.id_campus_year,
          state: 'committed',
          algorithm: 'openseat-lottery-v1',
          seed,
          seedHash: `hash-of-${seed}`,
        })
        .returning()
    )[0];
  // a drawn record (of an empty draw) on an older period of A's lottery campus, for the record file
  const older = await createPeriod(db, { id_school: own.id_school, id_campus: own.id_campus }, { id_school_year: 2 });
  const inputs = { grades: [], entries: [], siblingLevel: null, seatedFamilies: [] };
  const [drawnLottery] = await db
    .insert(s.lottery)
    .values({
      id_school: older.id_school,
      id_campus_year: older.id_campus_year,
      state: 'drawn',
      algorithm: LOTTERY_ALGORITHM,
      seed: 'ab'.repeat(32),
      seedHash: seedHash('ab'.repeat(32)),
      inputs,
      inputsHash: inputsHash(inputs),
      result: [],
      resultHash: resultHash([]),
      drawnAt: new Date(),
    })
    .returning();
  return {
    own,
    late,
    other,
    ownLottery: await record(late, 'alpha-lottery-seed'),
    otherLottery: await record(other, 'beta-lottery-seed'),
    drawnLottery,
    ownHold: await heldMessages(db, own),
    otherHold: await heldMessages(db, other),
  };
}

/** Held status messages of a campus (the draw's, in life), to release or schedule. */
async function heldMessages(db: TestContext['db'], campus: { id_school: number; id_campus: number }) {
  const [hold] = await db
    .insert(s.messageHold)
    .values({ ...campus, batch: randomUUID(), moves: '', offers: 0, families: 0 })
    .returning();
  return hold;
}

const periodOf = (p: { id_campus: number; id_school_year: number }) => ({
  id_campus: p.id_campus,
  id_school_year: p.id_school_year,
});

const LOTTERY_ROWS: Row[] = [
  {
    route: 'POST /lottery/practice',
    actor: 'schoolA',
    own: () => ({ method: 'POST', path: '/lottery/practice', body: periodOf(lf.own) }),
    other: () => ({ method: 'POST', path: '/lottery/practice', body: periodOf(lf.other) }),
    foreign: () => SECRET_LOTTERY,
  },
  {
    route: 'POST /lottery/commit',
    actor: 'schoolA',
    own: () => ({ method: 'POST', path: '/lottery/commit', body: periodOf(lf.own) }),
    other: () => ({ method: 'POST', path: '/lottery/commit', body: periodOf(lf.other) }),
    foreign: () => SECRET_LOTTERY,
  },
  {
    route: 'POST /application/lottery',
    actor: 'schoolA',
    own: () => ({ method: 'POST', path: '/application/lottery', body: periodOf(lf.own) }),
    other: () => ({ method: 'POST', path: '/application/lottery', body: periodOf(lf.other) }),
    foreign: () => SECRET_LOTTERY,
  },
  {
    route: 'POST /application/lottery',
    case: "another school's committed seed is not found",
    actor: 'schoolA',
    own: () => ({ method: 'POST', path: '/lottery/practice', body: periodOf(lf.late) }),
    other: () => ({
      method: 'POST',
      path: '/application/lottery',
      body: { ...periodOf(lf.late), id_lottery: lf.otherLottery.id_lottery },
    }),
    foreign: () => SECRET_LOTTERY,
  },
  {
    route: 'POST /lottery/late',
    actor: 'campusAdminA',
    own: () => ({ method: 'POST', path: '/lottery/late', body: periodOf(lf.late) }),
    other: () => ({ method: 'POST', path: '/lottery/late', body: periodOf(lf.other) }),
    foreign: () => SECRET_LOTTERY,
  },
  {
    route: 'GET /lottery',
    actor: 'schoolA',
    own: () => ({ method: 'GET', path: `/lottery?id_campus_year=${lf.own.id_campus_year}` }),
    other: () => ({ method: 'GET', path: `/lottery?id_campus_year=${lf.other.id_campus_year}` }),
    foreign: () => SECRET_LOTTERY,
  },
  {
    route: 'GET /lottery/:id',
    actor: 'campusAdminA',
    own: () => ({ method: 'GET', path: `/lottery/${lf.ownLottery.id_lottery}` }),
    other: () => ({ method: 'GET', path: `/lottery/${lf.otherLottery.id_lottery}` }),
    foreign: () => SECRET_LOTTERY,
  },
  {
    route: 'GET /lottery/:id/csv',
    actor: 'schoolA',
    own: () => ({ method: 'GET', path: `/lottery/${lf.drawnLottery.id_lottery}/csv` }),
    other: () => ({ method: 'GET', path: `/lottery/${lf.otherLottery.id_lottery}/csv` }),
    foreign: () => SECRET_LOTTERY,
  },
  {
    route: 'GET /lottery/:id/verify',
    actor: 'campusA1',
    ownActor: 'schoolA',
    own: () => ({ method: 'GET', path: `/lottery/${lf.ownLottery.id_lottery}/verify` }),
    // a campus user of a1 does not see the lotteries of another campus of its school
    other: () => ({ method: 'GET', path: `/lottery/${lf.ownLottery.id_lottery}/verify` }),
    foreign: () => SECRET_LOTTERY,
  },
  {
    route: 'GET /lottery/plan',
    actor: 'schoolA',
    own: () => ({
      method: 'GET',
      path: `/lottery/plan?id_campus=${lf.late.id_campus}&id_school_year=${lf.late.id_school_year}`,
    }),
    other: () => ({
      method: 'GET',
      path: `/lottery/plan?id_campus=${lf.other.id_campus}&id_school_year=${lf.other.id_school_year}`,
    }),
    foreign: () => SECRET_LOTTERY,
  },
  {
    route: 'GET /lottery/holds',
    actor: 'schoolA',
    own: () => ({ method: 'GET', path: `/lottery/holds?id_campus=${lf.own.id_campus}` }),
    other: () => ({ method: 'GET', path: `/lottery/holds?id_campus=${lf.other.id_campus}` }),
    foreign: () => SECRET_LOTTERY,
  },
  {
    route: 'PUT /lottery/holds/:id/release-at',
    actor: 'schoolA',
    own: () => ({
      method: 'PUT',
      path: `/lottery/holds/${lf.ownHold.id_message_hold}/release-at`,
      body: { release_on: '2099-01-01', release_time: '09:00' },
    }),
    other: () => ({
      method: 'PUT',
      path: `/lottery/holds/${lf.otherHold.id_message_hold}/release-at`,
      body: { release_on: '2099-01-01', release_time: '09:00' },
    }),
    foreign: () => SECRET_LOTTERY,
  },
  {
    route: 'POST /lottery/holds/:id/release',
    actor: 'schoolA',
    own: () => ({ method: 'POST', path: `/lottery/holds/${lf.ownHold.id_message_hold}/release` }),
    other: () => ({ method: 'POST', path: `/lottery/holds/${lf.otherHold.id_message_hold}/release` }),
    foreign: () => SECRET_LOTTERY,
  },
];

// e-mail and SMS templates of a campus (modules/templates): A1's own, A2's (another campus) and B1's (another school)
type TemplateFixtures = Awaited<ReturnType<typeof buildTemplateFixtures>>;
let tf: TemplateFixtures;
const SECRET_TEMPLATES = ['Secret-A2-Template', 'Secret-B1-Template', 'secret-template-body'];

async function buildTemplateFixtures(db: TestContext['db'], x: Fixtures) {
  const template = async (c: { id_school: number; id_campus: number }, name: string) => {
    const [email] = await db
      .insert(s.email)
      .values({
        id_school: c.id_school,
        name,
        subject: `${name} subject`,
        text: 'secret-template-body {{applicant_first_name}}',
        id_email_type: 1,
      })
      .returning();
    await db.insert(s.emailField).values({
      id_school: c.id_school,
      id_email: email.id_email,
      field_name: 'applicant_first_name',
      id_field_option: 1,
    });
    const [campusEmail] = await db
      .insert(s.campusEmail)
      .values({ id_school: c.id_school, id_campus: c.id_campus, id_email: email.id_email, id_status_to: 5 })
      .returning();
    const [message] = await db
      .insert(s.textMessage)
      .values({ id_school: c.id_school, name, text: 'secret-template-body', id_text_message_type: 1 })
      .returning();
    const [campusSms] = await db
      .insert(s.campusTextMessage)
      .values({
        id_school: c.id_school,
        id_campus: c.id_campus,
        id_text_message: message.id_text_message,
        id_status_to: 5,
      })
      .returning();
    return { email: campusEmail.id_campus_email, sms: campusSms.id_campus_text_message };
  };
  return {
    a1: await template(x.a1, 'Own-A1-Template'),
    a1Spare: await template(x.a1, 'Spare-A1-Template'),
    a2: await template(x.a2, 'Secret-A2-Template'),
    b1: await template(x.b1, 'Secret-B1-Template'),
  };
}

const templateEmailBody = (id_campus: number, name = 'New template') => ({
  id_campus,
  id_status_to: 5,
  name,
  subject: 'Hello {{applicant_first_name}}',
  text: 'A seat for {{applicant_first_name}}',
  id_email_type: 1,
});
const templateSmsBody = (id_campus: number, name = 'New SMS') => ({
  id_campus,
  id_status_to: 5,
  name,
  text: 'A seat for {{applicant_first_name}}',
  id_text_message_type: 1,
});
const previewBody = (x: Fixtures, c: 'a1' | 'a2' | 'b1') => ({
  id_campus: x[c].id_campus,
  id_application: appOf(x, c),
  subject: 'Hi {{applicant_first_name}}',
  text: 'Hi {{applicant_first_name}}',
});

const TEMPLATE_ROWS: Row[] = [
  {
    route: 'GET /email/campus/all',
    actor: 'campusA1',
    own: (x) => ({ method: 'GET', path: `/email/campus/all?id_campus=${x.a1.id_campus}` }),
    other: (x) => ({ method: 'GET', path: `/email/campus/all?id_campus=${x.a2.id_campus}` }),
    foreign: () => SECRET_TEMPLATES,
  },
  {
    route: 'GET /email/campus/all',
    case: "another school's campus",
    actor: 'schoolA',
    own: (x) => ({ method: 'GET', path: `/email/campus/all?id_campus=${x.a2.id_campus}` }),
    other: (x) => ({ method: 'GET', path: `/email/campus/all?id_campus=${x.b1.id_campus}` }),
    foreign: () => ['Secret-B1-Template'],
  },
  {
    route: 'POST /email/campus/preview',
    actor: 'campusA1',
    own: (x) => ({ method: 'POST', path: '/email/campus/preview', body: previewBody(x, 'a1') }),
    other: (x) => ({ method: 'POST', path: '/email/campus/preview', body: previewBody(x, 'a2') }),
    foreign: () => SECRET_CHILDREN,
  },
  {
    route: 'POST /email/campus/preview',
    case: 'an application of another campus on an own campus',
    actor: 'campusA1',
    own: (x) => ({ method: 'POST', path: '/email/campus/preview', body: previewBody(x, 'a1') }),
    other: (x) => ({
      method: 'POST',
      path: '/email/campus/preview',
      body: { ...previewBody(x, 'a1'), id_application: appOf(x, 'a2') },
    }),
    foreign: () => SECRET_CHILDREN,
  },
  {
    route: 'GET /email/campus/:id',
    actor: 'campusA1',
    own: () => ({ method: 'GET', path: `/email/campus/${tf.a1.email}` }),
    other: () => ({ method: 'GET', path: `/email/campus/${tf.a2.email}` }),
    foreign: () => SECRET_TEMPLATES,
  },
  {
    route: 'GET /email/campus/:id',
    case: "another school's template",
    actor: 'schoolA',
    own: () => ({ method: 'GET', path: `/email/campus/${tf.a2.email}` }),
    other: () => ({ method: 'GET', path: `/email/campus/${tf.b1.email}` }),
    foreign: () => ['Secret-B1-Template'],
  },
  {
    route: 'POST /email/campus',
    actor: 'campusA1',
    own: (x) => ({ method: 'POST', path: '/email/campus', body: templateEmailBody(x.a1.id_campus) }),
    other: (x) => ({ method: 'POST', path: '/email/campus', body: templateEmailBody(x.a2.id_campus) }),
    foreign: () => SECRET_TEMPLATES,
  },
  {
    route: 'POST /email/campus',
    case: "another school's campus",
    actor: 'schoolA',
    own: (x) => ({ method: 'POST', path: '/email/campus', body: templateEmailBody(x.a2.id_campus) }),
    other: (x) => ({ method: 'POST', path: '/email/campus', body: templateEmailBody(x.b1.id_campus) }),
    foreign: () => SECRET_TEMPLATES,
  },
  {
    route: 'PUT /email/campus/:id',
    actor: 'campusA1',
    own: (x) => ({
      method: 'PUT',
      path: `/email/campus/${tf.a1.email}`,
      body: templateEmailBody(x.a1.id_campus, 'Own-A1-Template'),
    }),
    other: (x) => ({
      method: 'PUT',
      path: `/email/campus/${tf.a2.email}`,
      body: templateEmailBody(x.a2.id_campus, 'Planted'),
    }),
    foreign: () => SECRET_TEMPLATES,
  },
  {
    route: 'PUT /email/campus/:id',
    case: "another school's template",
    actor: 'schoolA',
    own: (x) => ({
      method: 'PUT',
      path: `/email/campus/${tf.a1.email}`,
      body: templateEmailBody(x.a1.id_campus, 'Own-A1-Template'),
    }),
    other: (x) => ({
      method: 'PUT',
      path: `/email/campus/${tf.b1.email}`,
      body: templateEmailBody(x.b1.id_campus, 'Planted'),
    }),
    foreign: () => SECRET_TEMPLATES,
  },
  {
    route: 'DELETE /email/campus/:id',
    actor: 'campusA1',
    own: () => ({ method: 'DELETE', path: `/email/campus/${tf.a1Spare.email}` }),
    other: () => ({ method: 'DELETE', path: `/email/campus/${tf.a2.email}` }),
    foreign: () => SECRET_TEMPLATES,
  },
  {
    route: 'DELETE /email/campus/:id',
    case: "another school's template",
    actor: 'schoolA',
    own: (x) => ({ method: 'GET', path: `/email/campus/all?id_campus=${x.a1.id_campus}` }),
    other: () => ({ method: 'DELETE', path: `/email/campus/${tf.b1.email}` }),
    foreign: () => SECRET_TEMPLATES,
  },
  {
    route: 'GET /sms/campus/all/:id',
    actor: 'campusA1',
    own: (x) => ({ method: 'GET', path: `/sms/campus/all/${x.a1.id_campus}` }),
    other: (x) => ({ method: 'GET', path: `/sms/campus/all/${x.a2.id_campus}` }),
    foreign: () => SECRET_TEMPLATES,
  },
  {
    route: 'GET /sms/campus/all/:id',
    case: "another school's campus",
    actor: 'schoolA',
    own: (x) => ({ method: 'GET', path: `/sms/campus/all/${x.a2.id_campus}?text=secret` }),
    other: (x) => ({ method: 'GET', path: `/sms/campus/all/${x.b1.id_campus}` }),
    foreign: () => ['Secret-B1-Template'],
  },
  {
    route: 'POST /sms/campus/preview',
    actor: 'campusA1',
    own: (x) => ({ method: 'POST', path: '/sms/campus/preview', body: previewBody(x, 'a1') }),
    other: (x) => ({ method: 'POST', path: '/sms/campus/preview', body: previewBody(x, 'a2') }),
    foreign: () => SECRET_CHILDREN,
  },
  {
    route: 'POST /sms/campus/preview',
    case: "another school's application",
    actor: 'schoolA',
    own: (x) => ({ method: 'POST', path: '/sms/campus/preview', body: previewBody(x, 'a2') }),
    other: (x) => ({ method: 'POST', path: '/sms/campus/preview', body: previewBody(x, 'b1') }),
    foreign: () => SECRET_CHILDREN,
  },
  {
    route: 'GET /sms/campus/:id',
    actor: 'campusA1',
    own: () => ({ method: 'GET', path: `/sms/campus/${tf.a1.sms}` }),
    other: () => ({ method: 'GET', path: `/sms/campus/${tf.a2.sms}` }),
    foreign: () => SECRET_TEMPLATES,
  },
  {
    route: 'GET /sms/campus/:id',
    case: "another school's template",
    actor: 'schoolA',
    own: () => ({ method: 'GET', path: `/sms/campus/${tf.a2.sms}` }),
    other: () => ({ method: 'GET', path: `/sms/campus/${tf.b1.sms}` }),
    foreign: () => ['Secret-B1-Template'],
  },
  {
    route: 'POST /sms/campus',
    actor: 'campusA1',
    own: (x) => ({ method: 'POST', path: '/sms/campus', body: templateSmsBody(x.a1.id_campus) }),
    other: (x) => ({ method: 'POST', path: '/sms/campus', body: templateSmsBody(x.a2.id_campus) }),
    foreign: () => SECRET_TEMPLATES,
  },
  {
    route: 'POST /sms/campus',
    case: "another school's campus",
    actor: 'schoolA',
    own: (x) => ({ method: 'POST', path: '/sms/campus', body: templateSmsBody(x.a2.id_campus) }),
    other: (x) => ({ method: 'POST', path: '/sms/campus', body: templateSmsBody(x.b1.id_campus) }),
    foreign: () => SECRET_TEMPLATES,
  },
  {
    route: 'PUT /sms/campus/:id',
    actor: 'campusA1',
    own: (x) => ({
      method: 'PUT',
      path: `/sms/campus/${tf.a1.sms}`,
      body: templateSmsBody(x.a1.id_campus, 'Own-A1-Template'),
    }),
    other: (x) => ({
      method: 'PUT',
      path: `/sms/campus/${tf.a2.sms}`,
      body: templateSmsBody(x.a2.id_campus, 'Planted'),
    }),
    foreign: () => SECRET_TEMPLATES,
  },
  {
    route: 'PUT /sms/campus/:id',
    case: "another school's template",
    actor: 'schoolA',
    own: (x) => ({
      method: 'PUT',
      path: `/sms/campus/${tf.a1.sms}`,
      body: templateSmsBody(x.a1.id_campus, 'Own-A1-Template'),
    }),
    other: (x) => ({
      method: 'PUT',
      path: `/sms/campus/${tf.b1.sms}`,
      body: templateSmsBody(x.b1.id_campus, 'Planted'),
    }),
    foreign: () => SECRET_TEMPLATES,
  },
  {
    route: 'DELETE /sms/campus/:id',
    actor: 'campusA1',
    own: () => ({ method: 'DELETE', path: `/sms/campus/${tf.a1Spare.sms}` }),
    other: () => ({ method: 'DELETE', path: `/sms/campus/${tf.a2.sms}` }),
    foreign: () => SECRET_TEMPLATES,
  },
  {
    route: 'DELETE /sms/campus/:id',
    case: "another school's template",
    actor: 'schoolA',
    own: () => ({ method: 'GET', path: `/sms/campus/${tf.a1.sms}` }),
    other: () => ({ method: 'DELETE', path: `/sms/campus/${tf.b1.sms}` }),
    foreign: () => SECRET_TEMPLATES,
  },
];

type ReminderFixtures = Awaited<ReturnType<typeof buildReminderFixtures>>;
let rf: ReminderFixtures;
const SECRET_REMINDERS = ['Secret-Reminder-B', 'Secret-Reminder-A2'];

/** Reminder templates and reminders on a1 and a2 (school A) and b1 (school B); spares to delete. */
async function buildReminderFixtures(db: TestContext['db'], x: Fixtures) {
  const templates = {
    a1: await createEmailTemplate(db, x.a1),
    a1Sms: await createSmsTemplate(db, x.a1),
    a2: await createEmailTemplate(db, x.a2),
    b1: await createEmailTemplate(db, x.b1),
  };
  const on = (c: Campus, name: string) =>
    createReminder(db, x[c], {
      name,
      id_status: STATUS.APPLIED,
      periodicity: 7,
      id_campus_email: templates[c].id_campus_email,
    });
  return {
    templates,
    a1: await on('a1', 'Reminder-A1'),
    spareA1: await on('a1', 'Spare-Reminder-A1'),
    spareA1Again: await on('a1', 'Spare-Reminder-A1-2'),
    a2: await on('a2', 'Secret-Reminder-A2'),
    b1: await on('b1', 'Secret-Reminder-B'),
  };
}

const reminderBody = (c: Campus, name = 'Tenancy reminder') => ({
  id_campus: rf[c].id_campus,
  name,
  id_status: STATUS.APPLIED,
  periodicity: 3,
  id_campus_email: rf.templates[c].id_campus_email,
  id_campus_text_message: null,
});

const REMINDER_ROWS: Row[] = [
  {
    route: 'GET /reminder/campus/all/:id',
    actor: 'schoolA',
    own: (x) => ({ method: 'GET', path: `/reminder/campus/all/${x.a1.id_campus}` }),
    other: (x) => ({ method: 'GET', path: `/reminder/campus/all/${x.b1.id_campus}` }),
    foreign: () => SECRET_REMINDERS,
  },
  {
    route: 'GET /reminder/campus/all/:id',
    case: 'a campus user does not see a sister campus',
    actor: 'campusA1',
    own: (x) => ({ method: 'GET', path: `/reminder/campus/all/${x.a1.id_campus}` }),
    other: (x) => ({ method: 'GET', path: `/reminder/campus/all/${x.a2.id_campus}` }),
    foreign: () => SECRET_REMINDERS,
  },
  {
    route: 'POST /reminder/campus',
    actor: 'schoolA',
    own: () => ({ method: 'POST', path: '/reminder/campus', body: reminderBody('a1', 'New reminder A1') }),
    other: () => ({ method: 'POST', path: '/reminder/campus', body: reminderBody('b1', 'Planted reminder') }),
    foreign: () => SECRET_REMINDERS,
  },
  {
    route: 'POST /reminder/campus',
    case: 'a campus user cannot plant one on a sister campus',
    actor: 'campusA1',
    own: () => ({
      method: 'POST',
      path: '/reminder/campus',
      body: {
        ...reminderBody('a1', 'Campus reminder A1'),
        id_campus_text_message: rf.templates.a1Sms.id_campus_text_message,
      },
    }),
    other: () => ({ method: 'POST', path: '/reminder/campus', body: reminderBody('a2', 'Planted reminder') }),
    foreign: () => SECRET_REMINDERS,
  },
  {
    route: 'GET /reminder/campus/:id',
    actor: 'schoolA',
    own: () => ({ method: 'GET', path: `/reminder/campus/${rf.a1.id_reminder}` }),
    other: () => ({ method: 'GET', path: `/reminder/campus/${rf.b1.id_reminder}` }),
    foreign: () => SECRET_REMINDERS,
  },
  {
    route: 'GET /reminder/campus/:id',
    case: 'a campus user does not see a sister campus',
    actor: 'campusA1',
    own: () => ({ method: 'GET', path: `/reminder/campus/${rf.a1.id_reminder}` }),
    other: () => ({ method: 'GET', path: `/reminder/campus/${rf.a2.id_reminder}` }),
    foreign: () => SECRET_REMINDERS,
  },
  {
    route: 'PUT /reminder/campus/:id',
    actor: 'schoolA',
    own: () => ({
      method: 'PUT',
      path: `/reminder/campus/${rf.a1.id_reminder}`,
      body: reminderBody('a1', 'Renamed A1'),
    }),
    other: () => ({
      method: 'PUT',
      path: `/reminder/campus/${rf.b1.id_reminder}`,
      body: reminderBody('b1', 'Hijacked'),
    }),
    foreign: () => SECRET_REMINDERS,
  },
  {
    route: 'PUT /reminder/campus/:id',
    case: 'a campus user cannot change a sister campus reminder',
    actor: 'campusA1',
    own: () => ({
      method: 'PUT',
      path: `/reminder/campus/${rf.a1.id_reminder}`,
      body: reminderBody('a1', 'Renamed again'),
    }),
    other: () => ({
      method: 'PUT',
      path: `/reminder/campus/${rf.a2.id_reminder}`,
      body: reminderBody('a2', 'Hijacked'),
    }),
    foreign: () => SECRET_REMINDERS,
  },
  {
    route: 'DELETE /reminder/campus/:id',
    actor: 'schoolA',
    own: () => ({ method: 'DELETE', path: `/reminder/campus/${rf.spareA1.id_reminder}` }),
    other: () => ({ method: 'DELETE', path: `/reminder/campus/${rf.b1.id_reminder}` }),
    foreign: () => SECRET_REMINDERS,
  },
  {
    route: 'DELETE /reminder/campus/:id',
    case: 'a campus user cannot delete a sister campus reminder',
    actor: 'campusA1',
    own: () => ({ method: 'DELETE', path: `/reminder/campus/${rf.spareA1Again.id_reminder}` }),
    other: () => ({ method: 'DELETE', path: `/reminder/campus/${rf.a2.id_reminder}` }),
    foreign: () => SECRET_REMINDERS,
  },
];

// manual sending, the communication log, batches and captured SMS (modules/messaging)
type MessagingFixtures = Awaited<ReturnType<typeof buildMessagingFixtures>>;
let mf: MessagingFixtures;
const SECRET_MESSAGING = ['Secret-B-Msg', 'secret.beta.family@example.org', 'Secret-Beta-Subject'];

async function buildMessagingFixtures(db: TestContext['db'], x: Fixtures) {
  const on = (c: 'a1' | 'a2' | 'b1', firstName: string, email: string, id_status?: typeof STATUS.DECLINED) =>
    createApplication(db, x.enrollment[c].period, {
      firstName,
      lastName: 'Messaging',
      guardianEmail: email,
      id_status,
    });
  const own = await on('a1', 'Msg-A1-Child', 'alpha.family@example.org');
  const sister = await on('a2', 'Secret-A2-Msg', 'secret.a2.family@example.org');
  const other = await on('b1', 'Secret-B-Msg', 'secret.beta.family@example.org');
  const ownDeclined = await on('a1', 'Declined-A1-Child', 'alpha.declined@example.org', STATUS.DECLINED);
  const otherDeclined = await on('b1', 'Secret-B-Declined', 'secret.beta.family@example.org', STATUS.DECLINED);
  const batch = async (app: typeof own) =>
    (
      await db
        .insert(s.messageBatch)
        .values({ id_school: app.id_school, id_campus: app.id_campus, channel: 'email', requested: 1 })
        .returning()
    )[0];
  const message = async (app: typeof own, subject: string, id_message_batch: number) =>
    (
      await db
        .insert(s.messageOutbox)
        .values({
          id_school: app.id_school,
          id_campus: app.id_campus,
          id_application: app.id_application,
          idempotencyKey: `tenancy:${subject}`,
          channel: 'email',
          id_message_type: 3,
          recipient: app.applicant.guardianEmail!,
          subject,
          body: `${subject} body`,
          status: 'sent',
          id_message_batch,
        })
        .returning()
    )[0];
  const ownBatch = await batch(own);
  const otherBatch = await batch(other);
  for (const app of [own, other])
    await db.insert(s.campusForm).values({
      id_school: app.id_school,
      id_campus: app.id_campus,
      form_name: 'Application form',
      form_id: `form-${app.id_campus}`,
      form_url: `https://forms.example.org/${app.id_campus}`,
      is_application_form: true,
      id_form_type: 1,
    });
  const [sms] = await db
    .insert(s.capturedTextMessage)
    .values({ to: '+15550102030', from: '+15550000000', body: 'secret-sms-body' })
    .returning();
  return {
    own,
    sister,
    other,
    ownDeclined,
    otherDeclined,
    ownBatch,
    otherBatch,
    ownMessage: await message(own, 'Alpha-Subject', ownBatch.id_message_batch),
    sisterMessage: await message(sister, 'Secret-A2-Subject', ownBatch.id_message_batch),
    otherMessage: await message(other, 'Secret-Beta-Subject', otherBatch.id_message_batch),
    sms,
  };
}

const mail = (id_application: number) => ({ id_application, subject: 'Tenancy hello', text: 'A message' });

const MESSAGING_ROWS: Row[] = [
  {
    route: 'POST /email/send',
    actor: 'schoolA',
    own: () => ({ method: 'POST', path: '/email/send', body: mail(mf.own.id_application) }),
    other: () => ({ method: 'POST', path: '/email/send', body: mail(mf.other.id_application) }),
    foreign: () => SECRET_MESSAGING,
  },
  {
    route: 'POST /application/send',
    actor: 'campusA1',
    own: () => ({ method: 'POST', path: '/application/send', body: mail(mf.own.id_application) }),
    // another campus of the caller's school is beyond a campus user's reach
    other: () => ({ method: 'POST', path: '/application/send', body: mail(mf.sister.id_application) }),
    foreign: () => ['Secret-A2-Msg', 'secret.a2.family@example.org'],
  },
  {
    route: 'POST /email/send-multiple',
    actor: 'schoolA',
    own: () => ({
      method: 'POST',
      path: '/email/send-multiple',
      body: { ids: [mf.own.id_application], subject: 'Bulk', text: 'Bulk text' },
    }),
    other: () => ({
      method: 'POST',
      path: '/email/send-multiple',
      body: { ids: [mf.own.id_application, mf.other.id_application], subject: 'Bulk', text: 'Bulk text' },
    }),
    foreign: () => SECRET_MESSAGING,
  },
  {
    route: 'POST /email/send-multiple',
    case: 'send message to declined',
    actor: 'campusAdminA',
    own: () => ({
      method: 'POST',
      path: '/email/send-multiple',
      body: { ids: [mf.ownDeclined.id_application], subject: 'Declined', text: 'x', list: 'declined' },
    }),
    other: () => ({
      method: 'POST',
      path: '/email/send-multiple',
      body: { ids: [mf.otherDeclined.id_application], subject: 'Declined', text: 'x', list: 'declined' },
    }),
    foreign: () => ['Secret-B-Declined', 'secret.beta.family@example.org'],
  },
  {
    route: 'GET /email/batch/:id',
    actor: 'schoolA',
    own: () => ({ method: 'GET', path: `/email/batch/${mf.ownBatch.id_message_batch}` }),
    other: () => ({ method: 'GET', path: `/email/batch/${mf.otherBatch.id_message_batch}` }),
    foreign: () => SECRET_MESSAGING,
  },
  {
    route: 'POST /email/resend',
    actor: 'schoolA',
    own: () => ({ method: 'POST', path: '/email/resend', body: { id_message: mf.ownMessage.id_message } }),
    other: () => ({ method: 'POST', path: '/email/resend', body: { id_message: mf.otherMessage.id_message } }),
    foreign: () => SECRET_MESSAGING,
  },
  {
    route: 'GET /communication/failed',
    actor: 'schoolA',
    own: (x) => ({ method: 'GET', path: `/communication/failed?id_campus=${x.a1.id_campus}` }),
    other: (x) => ({ method: 'GET', path: `/communication/failed?id_campus=${x.b1.id_campus}` }),
    foreign: () => SECRET_MESSAGING,
  },
  {
    route: 'GET /communication/failed',
    case: 'another campus',
    actor: 'campusA1',
    own: (x) => ({ method: 'GET', path: `/communication/failed?id_campus=${x.a1.id_campus}` }),
    other: (x) => ({ method: 'GET', path: `/communication/failed?id_campus=${x.a2.id_campus}` }),
    foreign: () => SECRET_MESSAGING,
  },
  {
    route: 'POST /communication/resend-failed',
    actor: 'schoolA',
    own: (x) => ({ method: 'POST', path: '/communication/resend-failed', body: { id_campus: x.a1.id_campus } }),
    other: (x) => ({ method: 'POST', path: '/communication/resend-failed', body: { id_school: x.schoolB.id_school } }),
    foreign: () => SECRET_MESSAGING,
  },
  {
    route: 'POST /communication/resend-failed',
    case: 'another campus',
    actor: 'campusA1',
    own: () => ({ method: 'POST', path: '/communication/resend-failed', body: {} }),
    other: (x) => ({ method: 'POST', path: '/communication/resend-failed', body: { id_campus: x.a2.id_campus } }),
    foreign: () => SECRET_MESSAGING,
  },
  {
    route: 'POST /application/resend-form',
    actor: 'schoolA',
    own: () => ({ method: 'POST', path: '/application/resend-form', body: { id_application: mf.own.id_application } }),
    other: () => ({
      method: 'POST',
      path: '/application/resend-form',
      body: { id_application: mf.other.id_application },
    }),
    foreign: () => SECRET_MESSAGING,
  },
  {
    route: 'GET /communication',
    actor: 'campusA1',
    own: () => ({ method: 'GET', path: `/communication?id_application=${mf.own.id_application}` }),
    other: () => ({ method: 'GET', path: `/communication?id_application=${mf.sister.id_application}` }),
    foreign: () => ['Secret-A2-Subject', 'secret.a2.family@example.org'],
  },
  {
    route: 'GET /communication',
    case: 'another school',
    actor: 'schoolA',
    own: () => ({ method: 'GET', path: `/communication?id_application=${mf.own.id_application}` }),
    other: () => ({ method: 'GET', path: `/communication?id_application=${mf.other.id_application}` }),
    foreign: () => SECRET_MESSAGING,
  },
  {
    route: 'GET /communication/outbox',
    actor: 'schoolA',
    ownActor: 'superAdmin',
    own: () => ({ method: 'GET', path: '/communication/outbox' }),
    other: () => ({ method: 'GET', path: '/communication/outbox' }),
    foreign: () => SECRET_MESSAGING,
  },
  {
    route: 'GET /mail/captured-sms',
    actor: 'support',
    ownActor: 'superAdmin',
    own: () => ({ method: 'GET', path: '/mail/captured-sms' }),
    other: () => ({ method: 'GET', path: '/mail/captured-sms' }),
    foreign: () => ['secret-sms-body'],
  },
  {
    route: 'GET /mail/captured-sms/:id',
    actor: 'support',
    ownActor: 'superAdmin',
    own: () => ({ method: 'GET', path: `/mail/captured-sms/${mf.sms.id_captured_text_message}` }),
    other: () => ({ method: 'GET', path: `/mail/captured-sms/${mf.sms.id_captured_text_message}` }),
    foreign: () => ['secret-sms-body'],
  },
];

// forms and intake: forms of a1 (and a2) of school A, one of b1 of school B, deliveries on each
type FormFixtures = Awaited<ReturnType<typeof buildFormFixtures>>;
let ff: FormFixtures;
const SECRET_FORMS = ['Secret-Beta-Form', 'Secret-B-Answer', 'Secret-A2-Form'];

async function buildFormFixtures(db: TestContext['db'], x: Fixtures) {
  const form = async (c: Campus, form_name: string) => {
    const p = x.enrollment[c].period;
    const [row] = await db
      .insert(s.campusForm)
      .values({
        id_school: p.id_school,
        id_campus: p.id_campus,
        id_campus_year: p.id_campus_year,
        form_name,
        form_id: `${form_name}-id`,
        id_form_type: FORM_PROVIDER.TYPEFORM,
      })
      .returning();
    return row;
  };
  const delivery = async (f: typeof s.campusForm.$inferSelect, id_application: number, answer: string) => {
    await db.insert(s.formSubmission).values({
      id_school: f.id_school,
      id_campus: f.id_campus,
      id_campus_form: f.id_campus_form,
      id_form_type: f.id_form_type,
      deliveryId: `${answer}-delivery`,
      id_application,
      payload: { answer },
      answers: [{ question: 'Tell us more', answer }],
    });
  };
  const own = await form('a1', 'Alpha-Form');
  const spare = await form('a1', 'Alpha-Spare-Form');
  const a2 = await form('a2', 'Secret-A2-Form');
  const other = await form('b1', 'Secret-Beta-Form');
  await delivery(own, x.applications.a1.id_application, 'Alpha-Answer');
  await delivery(other, x.applications.b1.id_application, 'Secret-B-Answer');
  return { own, spare, a2, other };
}

const formRequest = (x: Fixtures, c: Campus, form_name: string) => ({
  id_campus: period(x, c).id_campus,
  id_campus_year: period(x, c).id_campus_year,
  id_status_from: null,
  id_status_to: null,
  form_name,
  form_id: `${form_name}-${Math.random().toString(36).slice(2)}`,
  form_url: null,
  is_application_form: false,
  id_form_type: FORM_PROVIDER.TYPEFORM,
  field_map: {},
});

const FORM_ROWS: Row[] = [
  {
    route: 'GET /campus-form',
    actor: 'schoolA',
    own: (x) => ({ method: 'GET', path: `/campus-form?id_campus=${x.a1.id_campus}` }),
    other: (x) => ({ method: 'GET', path: `/campus-form?id_campus=${x.b1.id_campus}` }),
    foreign: () => SECRET_FORMS,
  },
  {
    route: 'GET /campus-form/:id',
    actor: 'schoolA',
    own: () => ({ method: 'GET', path: `/campus-form/${ff.own.id_campus_form}` }),
    other: () => ({ method: 'GET', path: `/campus-form/${ff.other.id_campus_form}` }),
    foreign: () => SECRET_FORMS,
  },
  {
    route: 'GET /campus-form/:id',
    case: 'a campus user does not see the forms of another campus of its school',
    actor: 'campusA1',
    own: () => ({ method: 'GET', path: `/campus-form/${ff.own.id_campus_form}` }),
    other: () => ({ method: 'GET', path: `/campus-form/${ff.a2.id_campus_form}` }),
    foreign: () => SECRET_FORMS,
  },
  {
    route: 'POST /campus-form',
    actor: 'schoolA',
    own: (x) => ({ method: 'POST', path: '/campus-form', body: formRequest(x, 'a1', 'Alpha-New-Form') }),
    other: (x) => ({ method: 'POST', path: '/campus-form', body: formRequest(x, 'b1', 'Planted-Form') }),
    foreign: () => SECRET_FORMS,
  },
  {
    route: 'PUT /campus-form/:id',
    actor: 'schoolA',
    own: (x) => ({
      method: 'PUT',
      path: `/campus-form/${ff.own.id_campus_form}`,
      body: formRequest(x, 'a1', 'Alpha-Form'),
    }),
    other: (x) => ({
      method: 'PUT',
      path: `/campus-form/${ff.other.id_campus_form}`,
      body: formRequest(x, 'b1', 'Hijacked-Form'),
    }),
    foreign: () => SECRET_FORMS,
  },
  {
    route: 'DELETE /campus-form/:id',
    actor: 'schoolA',
    own: () => ({ method: 'DELETE', path: `/campus-form/${ff.spare.id_campus_form}` }),
    other: () => ({ method: 'DELETE', path: `/campus-form/${ff.other.id_campus_form}` }),
    foreign: () => SECRET_FORMS,
  },
  {
    route: 'POST /campus-form/:id/secret',
    actor: 'schoolA',
    own: () => ({ method: 'POST', path: `/campus-form/${ff.own.id_campus_form}/secret`, body: {} }),
    other: () => ({ method: 'POST', path: `/campus-form/${ff.other.id_campus_form}/secret`, body: {} }),
    foreign: () => SECRET_FORMS,
  },
  {
    route: 'GET /campus-form/submissions',
    actor: 'schoolA',
    own: (x) => ({ method: 'GET', path: `/campus-form/submissions?id_campus=${x.a1.id_campus}` }),
    other: (x) => ({ method: 'GET', path: `/campus-form/submissions?id_campus=${x.b1.id_campus}` }),
    foreign: () => SECRET_FORMS,
  },
  {
    route: 'GET /application/:id/submissions',
    actor: 'schoolA',
    own: (x) => ({ method: 'GET', path: `/application/${x.applications.a1.id_application}/submissions` }),
    other: (x) => ({ method: 'GET', path: `/application/${x.applications.b1.id_application}/submissions` }),
    foreign: () => SECRET_FORMS,
  },
  {
    route: 'POST /application/submission-to-csv',
    actor: 'schoolA',
    own: (x) => ({ method: 'POST', path: '/application/submission-to-csv', body: { id_campus: x.a1.id_campus } }),
    other: (x) => ({ method: 'POST', path: '/application/submission-to-csv', body: { id_campus: x.b1.id_campus } }),
    foreign: () => SECRET_FORMS,
  },
];

// admin console (modules/admin): system users only; a school user is refused whatever its role holds
let adminJobId = '';

/** A failed job in pg-boss's table (the positive control retries it; the worker then runs it). */
async function buildAdminFixtures(database: TestContext['database']) {
  const { rows } = await database.executeSql(
    `INSERT INTO pgboss.job (name, data, state, retry_limit, started_on, completed_on, output)
     VALUES ('outbox.dispatch', '{}'::jsonb, 'failed', 0, now(), now(), '{"message":"tenancy"}'::jsonb)
     RETURNING id::text AS id`,
  );
  return (rows as Array<{ id: string }>)[0].id;
}

const ADMIN_ROWS: Row[] = [
  {
    route: 'GET /admin/jobs',
    actor: 'schoolA',
    ownActor: 'superAdmin',
    own: () => ({ method: 'GET', path: '/admin/jobs' }),
    other: () => ({ method: 'GET', path: '/admin/jobs?state=failed' }),
    foreign: () => ['outbox.dispatch'],
  },
  {
    route: 'GET /admin/jobs',
    case: 'System Support after choosing a school',
    actor: 'supportA',
    ownActor: 'support',
    own: () => ({ method: 'GET', path: '/admin/jobs' }),
    other: () => ({ method: 'GET', path: '/admin/jobs' }),
    foreign: () => ['outbox.dispatch'],
  },
  {
    route: 'POST /admin/jobs/:id/retry',
    actor: 'schoolA',
    ownActor: 'superAdmin',
    own: () => ({ method: 'POST', path: `/admin/jobs/${adminJobId}/retry` }),
    other: () => ({ method: 'POST', path: `/admin/jobs/${adminJobId}/retry` }),
    foreign: () => ['outbox.dispatch', 'tenancy'],
  },
  {
    route: 'GET /admin/audit',
    actor: 'schoolA',
    ownActor: 'superAdmin',
    own: (x) => ({ method: 'GET', path: `/admin/audit?id_school=${x.schoolA.id_school}` }),
    other: (x) => ({ method: 'GET', path: `/admin/audit?id_school=${x.schoolB.id_school}` }),
    foreign: (x) => [x.schoolB.name],
  },
  {
    route: 'GET /admin/audit',
    case: 'System Support after choosing a school',
    actor: 'supportA',
    ownActor: 'support',
    own: () => ({ method: 'GET', path: '/admin/audit' }),
    other: (x) => ({ method: 'GET', path: `/admin/audit?id_school=${x.schoolB.id_school}` }),
    foreign: (x) => [x.schoolB.name],
  },
];

type FeedbackFixtures = Awaited<ReturnType<typeof buildFeedbackFixtures>>;
let fbf: FeedbackFixtures;
const SECRET_FEEDBACK = ['Secret-Beta-Feedback', 'Secret-A2-Feedback', 'Secret Beta description'];

/** Feedback of school A (school-wide, campus A1, campus A2) and of school B, two of them with a screenshot. */
async function buildFeedbackFixtures(db: TestContext['db'], x: Fixtures) {
  const add = async (values: Partial<typeof s.feedback.$inferInsert> & { title: string; id_user: number }) => {
    const [row] = await db
      .insert(s.feedback)
      .values({ id_feedback_type: 1, description: `${values.title} description`, ...values })
      .returning();
    return row;
  };
  const A = x.schoolA.id_school;
  return {
    own: await add({
      title: 'Alpha-Feedback',
      id_school: A,
      id_user: x.users.schoolA.id_user,
      screen_shot: storeImage(dataDir, 'feedback', 'alpha.png'),
    }),
    spare: await add({ title: 'Alpha-Spare-Feedback', id_school: A, id_user: x.users.schoolA.id_user }),
    a1: await add({
      title: 'Alpha-North-Feedback',
      id_school: A,
      id_campus: x.a1.id_campus,
      id_user: x.users.campusA1.id_user,
      screen_shot: storeImage(dataDir, 'feedback', 'alpha-north.png'),
    }),
    a2: await add({
      title: 'Secret-A2-Feedback',
      id_school: A,
      id_campus: x.a2.id_campus,
      id_user: x.users.staffA2.id_user,
      screen_shot: storeImage(dataDir, 'feedback', 'alpha-south.png'),
    }),
    other: await add({
      title: 'Secret-Beta-Feedback',
      description: 'Secret Beta description',
      id_school: x.schoolB.id_school,
      id_user: x.users.schoolB.id_user,
      screen_shot: storeImage(dataDir, 'feedback', 'beta.png'),
    }),
  };
}

/** A multipart body of text fields only (the browser's form), for the feedback writes. */
function feedbackMultipart(fields: Record<string, string>): Pick<Call, 'rawBody' | 'contentType'> {
  const boundary = 'feedbackboundary';
  const parts = Object.entries(fields).map(
    ([k, v]) => `--${boundary}\r\ncontent-disposition: form-data; name="${k}"\r\n\r\n${v}\r\n`,
  );
  return { rawBody: `${parts.join('')}--${boundary}--\r\n`, contentType: `multipart/form-data; boundary=${boundary}` };
}

const feedbackBody = { title: 'New feedback', id_feedback_type: 2, description: 'Long enough description.' };

const FEEDBACK_ROWS: Row[] = [
  {
    route: 'GET /feedback/:id',
    actor: 'schoolA',
    own: () => ({ method: 'GET', path: `/feedback/${fbf.own.id_feedback}` }),
    other: () => ({ method: 'GET', path: `/feedback/${fbf.other.id_feedback}` }),
    foreign: () => SECRET_FEEDBACK,
  },
  {
    route: 'GET /feedback/:id',
    case: 'a campus user does not see the feedback of another campus of its school',
    actor: 'campusA1',
    own: () => ({ method: 'GET', path: `/feedback/${fbf.a1.id_feedback}` }),
    other: () => ({ method: 'GET', path: `/feedback/${fbf.a2.id_feedback}` }),
    foreign: () => SECRET_FEEDBACK,
  },
  {
    route: 'GET /feedback/:id/screenshot',
    actor: 'schoolA',
    own: () => ({ method: 'GET', path: `/feedback/${fbf.own.id_feedback}/screenshot` }),
    other: () => ({ method: 'GET', path: `/feedback/${fbf.other.id_feedback}/screenshot` }),
    foreign: () => [],
  },
  {
    route: 'GET /feedback/:id/screenshot',
    case: 'a campus user sees no screenshot of another campus',
    actor: 'campusA1',
    own: () => ({ method: 'GET', path: `/feedback/${fbf.a1.id_feedback}/screenshot` }),
    other: () => ({ method: 'GET', path: `/feedback/${fbf.a2.id_feedback}/screenshot` }),
    foreign: () => [],
  },
  {
    route: 'POST /feedback',
    actor: 'schoolA',
    own: () => ({
      method: 'POST',
      path: '/feedback',
      ...feedbackMultipart({ ...feedbackBody, id_feedback_type: '2', title: 'Alpha-Multipart-Feedback' }),
    }),
    shared: "the school and campus come from the caller only (feedback.test.ts: a body's id_school is ignored)",
    foreign: () => SECRET_FEEDBACK,
  },
  {
    route: 'PUT /feedback/:id',
    actor: 'schoolA',
    own: () => ({ method: 'PUT', path: `/feedback/${fbf.own.id_feedback}`, body: { title: 'Alpha-Feedback-Edited' } }),
    other: () => ({
      method: 'PUT',
      path: `/feedback/${fbf.other.id_feedback}`,
      ...feedbackMultipart({ title: 'Planted', id_status_feedback: '3' }),
    }),
    foreign: () => SECRET_FEEDBACK,
  },
  {
    route: 'PUT /feedback/:id',
    case: 'a campus user cannot change the feedback of another campus',
    actor: 'campusA1',
    own: () => ({ method: 'PUT', path: `/feedback/${fbf.a1.id_feedback}`, body: { title: 'Alpha-North-Edited' } }),
    other: () => ({ method: 'PUT', path: `/feedback/${fbf.a2.id_feedback}`, body: { title: 'Planted' } }),
    foreign: () => SECRET_FEEDBACK,
  },
  {
    route: 'PUT /feedback/:id',
    case: 'System Support changes the status of any school; a school user may not',
    actor: 'schoolA',
    ownActor: 'support',
    own: () => ({ method: 'PUT', path: `/feedback/${fbf.other.id_feedback}`, body: { id_status_feedback: 2 } }),
    other: () => ({ method: 'PUT', path: `/feedback/${fbf.own.id_feedback}`, body: { id_status_feedback: 3 } }),
    foreign: () => SECRET_FEEDBACK,
  },
  {
    route: 'DELETE /feedback/:id',
    actor: 'schoolA',
    own: () => ({ method: 'DELETE', path: `/feedback/${fbf.spare.id_feedback}` }),
    other: () => ({ method: 'DELETE', path: `/feedback/${fbf.other.id_feedback}` }),
    foreign: () => SECRET_FEEDBACK,
  },
];

const FEEDBACK_LISTS: ListRow[] = [
  {
    route: 'GET /feedback',
    actor: 'schoolA',
    path: '/feedback?pageSize=100',
    own: () => ['Alpha-Feedback', 'Alpha-North-Feedback'],
    foreign: () => ['Secret-Beta-Feedback', 'Secret Beta description'],
  },
  {
    route: 'GET /feedback',
    actor: 'campusA1',
    path: '/feedback?pageSize=100',
    own: () => ['Alpha-North'],
    foreign: () => SECRET_FEEDBACK,
  },
];

// ---- conversion events (ads-conversions): the settings and the log of a school ----

let cvf: Awaited<ReturnType<typeof buildConversionFixtures>>;

/** One conversion event per school, each naming a campaign the other school may never see. */
async function buildConversionFixtures(db: TestContext['db'], x: Fixtures) {
  const add = async (c: 'a1' | 'b1', campaign_id: string) => {
    const app = await createApplication(db, x.enrollment[c].period, { id_status: STATUS.APPLIED });
    await db.insert(s.adsConversionEvent).values({
      id_school: app.id_school,
      id_application: app.id_application,
      id_ads_conversion_event_type: 1,
      id_status: STATUS.APPLIED,
      campaign_id,
      status: 'sent',
    });
  };
  await add('a1', 'Alpha-Campaign');
  await add('b1', 'Secret-Beta-Campaign');
  return { foreign: ['Secret-Beta-Campaign'] };
}

const CONVERSION_ROWS: Row[] = [
  {
    route: 'GET /ads-conversions/settings',
    actor: 'schoolA',
    own: (x) => ({ method: 'GET', path: `/ads-conversions/settings?id_school=${x.schoolA.id_school}` }),
    other: (x) => ({ method: 'GET', path: `/ads-conversions/settings?id_school=${x.schoolB.id_school}` }),
    foreign: () => [],
  },
  {
    route: 'PUT /ads-conversions/settings',
    actor: 'schoolA',
    own: (x) => ({
      method: 'PUT',
      path: '/ads-conversions/settings',
      body: { id_school: x.schoolA.id_school, ads_consent_basis: 'guardian_consent' },
    }),
    other: (x) => ({
      method: 'PUT',
      path: '/ads-conversions/settings',
      body: { id_school: x.schoolB.id_school, ads_consent_basis: 'guardian_consent', ads_conversions_enabled: true },
    }),
    foreign: () => [],
  },
  {
    route: 'GET /ads-conversions/events',
    actor: 'schoolA',
    own: (x) => ({ method: 'GET', path: `/ads-conversions/events?id_school=${x.schoolA.id_school}` }),
    other: (x) => ({ method: 'GET', path: `/ads-conversions/events?id_school=${x.schoolB.id_school}` }),
    foreign: () => cvf.foreign,
  },
];

type NotificationFixtures = Awaited<ReturnType<typeof buildNotificationFixtures>>;
let nf: NotificationFixtures;
const SECRET_NOTICES = ['Secret-Beta-Notice', 'Secret-B1-Child'];

/** Unread notifications of the school A admin and the A1 campus user, and of the school B admin. */
async function buildNotificationFixtures(db: TestContext['db'], x: Fixtures) {
  const add = async (id_user: number, id_school: number, id_application: number, message: string) => {
    const [row] = await db
      .insert(s.notification)
      .values({ id_user, id_school, id_application, id_notification_settings_type: 1, params: { count: 1 }, message })
      .returning();
    return row;
  };
  const apps = x.applications;
  return {
    own: await add(x.users.schoolA.id_user, x.schoolA.id_school, apps.a1.id_application, 'Alpha-Notice'),
    a1: await add(x.users.campusA1.id_user, x.schoolA.id_school, apps.a1.id_application, 'Alpha-North-Notice'),
    other: await add(x.users.schoolB.id_user, x.schoolB.id_school, apps.b1.id_application, 'Secret-Beta-Notice'),
  };
}

const NOTIFICATION_ROWS: Row[] = [
  {
    route: 'GET /notification-settings',
    actor: 'campusA1',
    own: () => ({ method: 'GET', path: '/notification-settings' }),
    shared: "the caller's own switches (no id in the request)",
    foreign: () => [],
  },
  {
    route: 'POST /notification-settings',
    actor: 'campusA1',
    own: () => ({
      method: 'POST',
      path: '/notification-settings',
      body: { settings: [{ id_notification_settings_type: 2, enabled: true }] },
    }),
    shared: "the caller's own switches (notifications.test.ts: another user's stay as they were)",
    foreign: () => [],
  },
  {
    route: 'GET /notification-settings/unread',
    actor: 'schoolA',
    own: () => ({ method: 'GET', path: '/notification-settings/unread?pageSize=200' }),
    shared: "the caller's own rows only",
    foreign: () => [...SECRET_NOTICES, 'Alpha-North-Notice'],
  },
  {
    route: 'GET /notification-settings/unread',
    case: 'a campus user lists its own rows, not those of the school admin',
    actor: 'campusA1',
    own: () => ({ method: 'GET', path: '/notification-settings/unread?pageSize=200' }),
    shared: "the caller's own rows only",
    foreign: () => [...SECRET_NOTICES, 'Secret-A2-Child', '"Alpha-Notice"'],
  },
  {
    route: 'POST /notification/:id/read',
    actor: 'schoolA',
    own: () => ({ method: 'POST', path: `/notification/${nf.own.id_notification}/read` }),
    other: () => ({ method: 'POST', path: `/notification/${nf.other.id_notification}/read` }),
    foreign: () => SECRET_NOTICES,
  },
  {
    route: 'POST /notification/:id/read',
    case: 'a user of the same school cannot mark the notification of another',
    actor: 'campusA1',
    own: () => ({ method: 'POST', path: `/notification/${nf.a1.id_notification}/read` }),
    other: () => ({ method: 'POST', path: `/notification/${nf.own.id_notification}/read` }),
    foreign: () => ['Alpha-Notice'],
  },
  {
    route: 'POST /notification/read-all',
    actor: 'campusAdminA',
    own: () => ({ method: 'POST', path: '/notification/read-all' }),
    shared: "marks the caller's own rows only (notifications.test.ts: the others stay unread)",
    foreign: () => SECRET_NOTICES,
  },
  {
    route: 'POST /notification/application/:id/read',
    actor: 'schoolA',
    own: (x) => ({ method: 'POST', path: `/notification/application/${x.applications.a1.id_application}/read` }),
    other: (x) => ({ method: 'POST', path: `/notification/application/${x.applications.b1.id_application}/read` }),
    foreign: () => SECRET_NOTICES,
  },
  {
    route: 'POST /notification/application/:id/read',
    case: 'a campus user cannot reach an application of another campus',
    actor: 'campusA1',
    own: (x) => ({ method: 'POST', path: `/notification/application/${x.applications.a1.id_application}/read` }),
    other: (x) => ({ method: 'POST', path: `/notification/application/${x.applications.a2.id_application}/read` }),
    foreign: () => ['Secret-A2-Child'],
  },
];

/** Ads tracking: every read names a campus of the caller's reach or none; another campus or school is not found. */
const ADS_ALL_TIME = 'dateRange=6&startDate=2000-01-01&endDate=2099-12-31';
const adsRow = (path: string): Row[] => [
  {
    route: `GET ${path}`,
    actor: 'campusA1',
    own: (x) => ({ method: 'GET', path: `${path}?${ADS_ALL_TIME}&id_campus=${x.a1.id_campus}` }),
    other: (x) => ({ method: 'GET', path: `${path}?${ADS_ALL_TIME}&id_campus=${x.a2.id_campus}` }),
    foreign: () => SECRET_CHILDREN,
  },
  {
    route: `GET ${path}`,
    case: 'another school',
    actor: 'schoolA',
    own: (x) => ({ method: 'GET', path: `${path}?${ADS_ALL_TIME}&id_campus=${x.a2.id_campus}` }),
    other: (x) => ({ method: 'GET', path: `${path}?${ADS_ALL_TIME}&id_campus=${x.b1.id_campus}` }),
    foreign: () => ['Secret-B1-Child'],
  },
];
const ADS_TRACKING_ROWS: Row[] = [
  ...adsRow('/ads-tracking/monthly-report'),
  ...adsRow('/ads-tracking/status-application-count'),
  ...adsRow('/ads-tracking/applications'),
  ...adsRow('/ads-tracking/applications/export'),
];

// dashboard: figures of a campus the caller may see; another school's or campus's id answers 404
const DASHBOARD_GETS = ['items', 'leads', 'ads', 'applications', 'bars-data'];
const DASHBOARD_ROWS: Row[] = [
  ...DASHBOARD_GETS.map((path): Row => ({
    route: `GET /dashboard/${path}`,
    actor: 'schoolA',
    own: (x) => ({ method: 'GET', path: `/dashboard/${path}?id_campus=${x.a1.id_campus}` }),
    other: (x) => ({ method: 'GET', path: `/dashboard/${path}?id_campus=${x.b1.id_campus}` }),
    foreign: () => [],
  })),
  ...DASHBOARD_GETS.map((path): Row => ({
    route: `GET /dashboard/${path}`,
    case: 'a campus user does not count another campus of its school',
    actor: 'campusA1',
    own: (x) => ({ method: 'GET', path: `/dashboard/${path}?id_campus=${x.a1.id_campus}&id_school_year=3` }),
    other: (x) => ({ method: 'GET', path: `/dashboard/${path}?id_campus=${x.a2.id_campus}&id_school_year=3` }),
    foreign: () => [],
  })),
  {
    route: 'GET /user/dashboard/items',
    actor: 'schoolA',
    own: () => ({ method: 'GET', path: '/user/dashboard/items' }),
    shared: "the caller's own widgets only (dashboard.test.ts: another user's choice is their own)",
    foreign: () => [],
  },
  {
    route: 'PUT /user/dashboard/items',
    actor: 'schoolA',
    own: () => ({ method: 'PUT', path: '/user/dashboard/items', body: { items: [3, 1] } }),
    shared: "writes the caller's own widgets only; no id of another user is read",
    foreign: () => [],
  },
  {
    route: 'PUT /user/dashboard/item',
    actor: 'campusA1',
    own: () => ({ method: 'PUT', path: '/user/dashboard/item', body: { id_dashboard_item: 2 } }),
    shared: "writes the caller's own widgets only; no id of another user is read",
    foreign: () => [],
  },
];

const ROWS: Row[] = [
  ...SCHOOL_AND_CAMPUS_ROWS,
  ...PEOPLE_ROWS,
  ...CATALOG_ROWS,
  ...APPLICATION_ROWS,
  ...RECORD_ROWS,
  ...LOTTERY_ROWS,
  ...TEMPLATE_ROWS,
  ...REMINDER_ROWS,
  ...MESSAGING_ROWS,
  ...FORM_ROWS,
  ...ADMIN_ROWS,
  ...FEEDBACK_ROWS,
  ...CONVERSION_ROWS,
  ...NOTIFICATION_ROWS,
  ...ADS_TRACKING_ROWS,
  ...DASHBOARD_ROWS,
];
const ALL_LISTS: ListRow[] = [...LISTS, ...PEOPLE_LISTS, ...APPLICATION_LISTS, ...RECORD_LISTS, ...FEEDBACK_LISTS];
const ACTORS: Actor[] = [
  'schoolA',
  'campusAdminA',
  'campusA1',
  'editorA1',
  'maintainerNone',
  'maintainerA',
  'maintainerChooser',
  'support',
  'supportA',
  'superAdmin',
  'passwordChanger',
];

const routeKey = (r: { method: string; url: string }) => `${r.method} ${r.url.replace(/^\/api/, '')}`;
const concrete = (url: string) => url.replace(/^\/api/, '').replace(/:\w+/g, '1');

let digestQuery: string | null = null;

/** Every data table, row by row: a refused write must leave each one exactly as it was. */
async function databaseDigest(): Promise<Record<string, string>> {
  if (!digestQuery) {
    const { rows } = await ctx.database.executeSql(
      `SELECT table_name AS name FROM information_schema.tables
       WHERE table_schema = 'public' AND table_type = 'BASE TABLE' ORDER BY table_name`,
    );
    digestQuery = (rows as Array<{ name: string }>)
      .map((r) => r.name)
      .filter((name) => !REQUEST_RECORDS.test(name))
      .map(
        (name) =>
          `SELECT '${name}' AS name, count(*) || ':' || md5(coalesce(string_agg(t::text, '|' ORDER BY t::text), '')) AS digest FROM "${name}" t`,
      )
      .join(' UNION ALL ');
  }
  const { rows } = await ctx.database.executeSql(digestQuery);
  return Object.fromEntries((rows as Array<{ name: string; digest: string }>).map((r) => [r.name, r.digest]));
}

/** Waits until background work started by earlier rows (a copy, its mail) is done, so it cannot touch a digest. */
async function settleJobs() {
  await expect
    .poll(
      async () => {
        const { rows } = await ctx.database.executeSql(
          `SELECT count(*)::int AS n FROM pgboss.job WHERE state IN ('created', 'retry', 'active')`,
        );
        return (rows as Array<{ n: number }>)[0].n;
      },
      { timeout: 20_000 },
    )
    .toBe(0);
}

function changedTables(before: Record<string, string>, after: Record<string, string>) {
  return Object.keys({ ...before, ...after }).filter((name) => before[name] !== after[name]);
}

/** A new sign-in that chooses a school; returns the access token working inside it. */
async function chooseSchool(user: { email: string; id_user: number }, id_school: number) {
  const session = await signIn(ctx.baseUrl, user.email);
  const res = await call<{ accessToken: string }>('POST', '/auth/login-with-school', {
    token: session.accessToken,
    body: { id_user: user.id_user, id_school },
  });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.body.accessToken;
}

beforeAll(async () => {
  dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'openseat-tenancy-'));
  ctx = await startTestApp({ env: { DATA_DIR: dataDir } });
  call = apiClient(ctx.baseUrl);
  f = await buildFixtures(ctx.db);
  r = await buildRecordsFixtures(ctx.db, f);
  lf = await buildLotteryFixtures(ctx.db, f);
  tf = await buildTemplateFixtures(ctx.db, f);
  rf = await buildReminderFixtures(ctx.db, f);
  mf = await buildMessagingFixtures(ctx.db, f);
  ff = await buildFormFixtures(ctx.db, f);
  adminJobId = await buildAdminFixtures(ctx.database);
  fbf = await buildFeedbackFixtures(ctx.db, f);
  cvf = await buildConversionFixtures(ctx.db, f);
  nf = await buildNotificationFixtures(ctx.db, f);
  for (const actor of [
    'schoolA',
    'campusAdminA',
    'campusA1',
    'editorA1',
    'support',
    'superAdmin',
    'passwordChanger',
  ] as const)
    tokens[actor] = (await signIn(ctx.baseUrl, f.users[actor].email)).accessToken;
  // each choice of a school ends the sign-in it was made from: every token below is its own sign-in
  tokens.maintainerNone = (await signIn(ctx.baseUrl, f.users.maintainer.email)).accessToken;
  tokens.maintainerChooser = (await signIn(ctx.baseUrl, f.users.maintainer.email)).accessToken;
  tokens.maintainerA = await chooseSchool(f.users.maintainer, f.schoolA.id_school);
  tokens.supportA = await chooseSchool(f.users.support, f.schoolA.id_school);
});
afterAll(async () => {
  await ctx?.close();
  if (dataDir) fs.rmSync(dataDir, { recursive: true, force: true });
});

describe('tenant isolation', () => {
  it('has a row for every /api route (generated from the app route list)', () => {
    const routes = ctx.app.apiRoutes.map(routeKey);
    const covered = new Set([...ROWS, ...ALL_LISTS].map((r) => r.route));
    const missing = ctx.app.apiRoutes
      .filter((r) => !covered.has(routeKey(r)) && !(r.public && PUBLIC_ROUTES[routeKey(r)]))
      .map(routeKey);
    expect(
      missing,
      `These routes have no tenancy row: add one to ROWS or LISTS in apps/server/src/test/tenancy.test.ts:\n  ${missing.join('\n  ')}`,
    ).toEqual([]);
    const stale = [...covered, ...Object.keys(PUBLIC_ROUTES)].filter((key) => !routes.includes(key));
    expect(stale, `rows for routes the app does not have: ${stale.join(', ')}`).toEqual([]);
    const notPublic = Object.keys(PUBLIC_ROUTES).filter(
      (key) => !ctx.app.apiRoutes.some((r) => r.public && routeKey(r) === key),
    );
    expect(notPublic, 'only public routes may go without a row').toEqual([]);
  });

  it('covers every actor', () => {
    const used = new Set([...ROWS.flatMap((r) => [r.actor, r.ownActor]), ...ALL_LISTS.map((l) => l.actor)]);
    expect(ACTORS.filter((a) => !used.has(a))).toEqual([]);
  });

  for (const row of ROWS) {
    const title = `${row.route}${row.case ? ` (${row.case})` : ''} as ${row.actor}`;
    it(`${title}: ${row.other ? 'another tenant is refused' : row.shared}`, async () => {
      if (!row.other && !row.shared) throw new Error(`${title}: a row needs \`other\` or a \`shared\` reason`);
      if (row.other) {
        const other = row.other(f);
        const write = other.method !== 'GET';
        // background work of an earlier row (a copy job, its mail) must not land between the two digests
        if (write) await settleJobs();
        const before = write ? await databaseDigest() : {};
        const refused = await call(other.method, other.path, { token: tokens[row.actor], ...bodyOf(other) });
        expect([403, 404], `${other.method} ${other.path}: ${JSON.stringify(refused.body)}`).toContain(refused.status);
        const text = JSON.stringify(refused.body);
        for (const trace of row.foreign(f)) expect(text).not.toContain(trace);
        if (write)
          expect(changedTables(before, await databaseDigest()), 'tables changed by a refused write').toEqual([]);
      }
      const own = row.own(f);
      const ok = await call(own.method, own.path, { token: tokens[row.ownActor ?? row.actor], ...bodyOf(own) });
      expect(ok.status, `${own.method} ${own.path}: ${JSON.stringify(ok.body)}`).toBeLessThan(300);
      if (!row.other) {
        const text = typeof ok.body === 'string' ? ok.body : JSON.stringify(ok.body);
        for (const trace of row.foreign(f)) expect(text).not.toContain(trace);
      }
    });
  }

  for (const list of ALL_LISTS) {
    it(`${list.route} as ${list.actor} lists only its own tenant`, async () => {
      const res = await call('GET', list.path, { token: tokens[list.actor] });
      expect(res.status, JSON.stringify(res.body)).toBe(200);
      const text = typeof res.body === 'string' ? res.body : JSON.stringify(res.body);
      for (const own of list.own(f)) expect(text).toContain(own);
      for (const foreign of list.foreign(f)) expect(text).not.toContain(foreign);
    });
  }

  it('refuses a maintainer that has not chosen a school on every other route, changing nothing', async () => {
    await settleJobs();
    const before = await databaseDigest();
    const answered: string[] = [];
    for (const route of ctx.app.apiRoutes) {
      if (route.public || BEFORE_SCHOOL_CHOICE.includes(routeKey(route))) continue;
      const res = await call(route.method, concrete(route.url), {
        token: tokens.maintainerNone,
        body: route.method === 'GET' || route.method === 'DELETE' ? undefined : {},
      });
      if (res.status !== 403) answered.push(`${routeKey(route)} -> ${res.status}`);
    }
    expect(answered).toEqual([]);
    expect(changedTables(before, await databaseDigest())).toEqual([]);
    // positive control: the same token may choose a school
    const choose = await call('POST', '/auth/login-with-school', {
      token: tokens.maintainerNone,
      body: { id_user: f.users.maintainer.id_user, id_school: f.schoolB.id_school },
    });
    expect(choose.status).toBe(200);
  });
});
