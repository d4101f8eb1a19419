import { and, eq } from 'drizzle-orm';
import { CONTEXT_TYPE, STATUS } from '@openseat/shared/constants';
import { actionId, subjectId } from '@openseat/shared/permissions';
import * as s from '../../db/schema/index';
import type { TestContext } from '../harness';
import { createCampus, createSchool, createUser } from '../factories';
import { buildEnrollmentFixtures, createCampusGrades, createPeriod, createRoleWith } from '../enrollment-factories';
import { buildApplicationFixtures, createApplication } from '../application-factories';
import { storeImage } from '../people-factories';

/**
 * Cross-tenant isolation, generated from the app's own route list (`app.apiRoutes`): every /api route needs at
 * least one row here, or the first test fails and names it. A row calls its route twice:
 * - `own`: the positive control, on the caller's own tenant; it must succeed, so the row can fail;
 * - `other`: on another tenant's record (or beyond the caller's reach); it must answer 403/404 with no trace of
 *   the foreign record, and for a write the database must be exactly as it was.
 * Routes without a tenant (the caller's own account, catalogs every school shares) have `shared` instead of
 * `other`: the control still runs and its answer may not carry another tenant's traces.
 *
 * To add a route: add a row to the rows (or lists) of its part in `tenancy/<part>.ts`, with the actor that may call it.
 */
export type Fixtures = Awaited<ReturnType<typeof buildFixtures>>;
export type Call = {
  method: string;
  path: string;
  body?: unknown;
  rawBody?: string;
  contentType?: string;
  /** Headers of the call beyond the caller's own (a chunk's Content-Range). */
  headers?: Record<string, string>;
};
export type Actor =
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
  | 'passwordChanger'
  /** A guardian signed in to the family portal (its cookie, no staff token), of an application at A1. */
  | 'guardianA'
  /** Another guardian, used only to sign out (that ends all of its sessions). */
  | 'guardianLeaving';
export type Row = {
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
export type ListRow = {
  route: string;
  actor: Actor;
  path: string;
  own: (x: Fixtures) => string[];
  foreign: (x: Fixtures) => string[];
};

/** Public routes have no caller and so no tenant; their behaviour is tested in auth.test.ts. */
export const PUBLIC_ROUTES: Record<string, string> = {
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
  'GET /public/lottery/:token': 'the period its public token names only, no names (lottery-public.test.ts)',
  'GET /public/lottery/:token/log.jsonl': "the log of the token's period only (lottery-public.test.ts)",
  'GET /public/lottery/:token/report.csv': "the report of the token's period only (lottery-public.test.ts)",
  'GET /public/lottery/:token/record.csv': "the record of the token's period only (lottery-public.test.ts)",
  'POST /family/sign-in': 'same answer for every contact; mails only the contact typed (family.test.ts)',
  'POST /family/session': "opens a session for the link's or the code's own contact only (family.test.ts)",
};

/** Routes a maintainer may call before choosing a school; it is refused everywhere else. */
export const BEFORE_SCHOOL_CHOICE = [
  'POST /auth/login-with-school',
  'POST /auth/validate-token',
  'PUT /user/configuration',
];

/**
 * Tables that record requests rather than data (sessions, limits, the audit of refusals): a refused call may
 * touch them. Every other table of the public schema must be byte-for-byte the same after a refusal.
 */
export const REQUEST_RECORDS = /^(refresh_token|.*rate_limit.*|.*throttle.*|.*login_attempt.*|.*refusal.*)$/;

export async function buildFixtures(db: TestContext['db']) {
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
      .set({ photo: storeImage(tenancyFiles.dataDir, 'users', file) })
      .where(eq(s.user.id_user, user.id_user));
  for (const [campus, file] of [
    [a2, 'alpha-south.png'],
    [b1, 'beta-main.png'],
  ] as const)
    await db
      .update(s.campus)
      .set({ photo: storeImage(tenancyFiles.dataDir, 'campuses', file) })
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

export const maintainerBody = (x: Fixtures, over: Record<string, unknown> = {}) => ({
  id_user: x.users.sharedMaintainer.id_user,
  name: x.users.sharedMaintainer.name,
  email: x.users.sharedMaintainer.email,
  id_role: x.users.sharedMaintainer.id_role,
  schoolIds: [x.schoolA.id_school, x.schoolB.id_school],
  isActive: true,
  ...over,
});
export const newUser = (over: Record<string, unknown>) => ({
  name: 'Nueva Persona',
  email: `new.${Math.random().toString(36).slice(2)}@test.openseat.org`,
  password: 'a-good-long-password',
  isAllCampuses: false,
  ...over,
});
export const grant = (
  id_role: number,
  subject: Parameters<typeof subjectId>[0],
  action: Parameters<typeof actionId>[0],
) => ({
  id_role,
  id_subject: subjectId(subject),
  id_action: actionId(action),
  isActive: true,
});
export const roleBody = (name: string, over: Record<string, unknown> = {}) => ({
  name,
  id_context_type: CONTEXT_TYPE.SYSTEM,
  type: 'custom',
  isActive: true,
  ...over,
});

export const updateBody = (u: { id_user: number; email: string }, id_campus: number, id_role: number) => ({
  id_user: u.id_user,
  name: 'Renamed Person',
  email: u.email,
  id_role,
  id_campus,
  isActive: true,
});

export type Campus = 'a1' | 'a2' | 'b1';
export const period = (x: Fixtures, c: Campus) => x.enrollment[c].period;
export const periodBody = (x: Fixtures, c: Campus) => {
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
export const seatBody = (x: Fixtures, c: Campus) => [
  { id_campus_year_grade: period(x, c).seats[0].id_campus_year_grade, spots: 10 },
];
export const tagOf = (x: Fixtures, c: Campus) => x.enrollment[c].tag;
export const schoolConfigBody = (id_school: number) => ({
  id_school,
  active: true,
  is_charter_connect: false,
  use_less_parameters: false,
  is_age_school: false,
  is_one_form: false,
});

/** A JSON body, or a raw one (multipart) with its content type. */
function bodyOf(c: Call) {
  if (c.rawBody === undefined) return { body: c.body, headers: c.headers ?? {} };
  return {
    rawBody: c.rawBody,
    headers: { ...c.headers, 'content-type': c.contentType ?? 'application/octet-stream' },
  };
}

/** The caller's own (a token, or a guardian's cookie) with the call's body and headers. */
export function requestOf(caller: { token?: string; headers?: Record<string, string> }, c: Call) {
  const body = bodyOf(c);
  return { ...caller, ...body, headers: { ...caller.headers, ...body.headers } };
}

/** Where the app under test keeps its files (set by the test before the fixtures are built). */
export const tenancyFiles = { dataDir: '' };
