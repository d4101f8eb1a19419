import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CONTEXT_TYPE, LIST_TYPE, PERIOD_STATE, STATUS } from '@openseat/shared/constants';
import { LIST_SUBJECT } from '@openseat/shared/application-status';
import { actionId, subjectId } from '@openseat/shared/permissions';
import type { LoginResponse } from '@openseat/shared/schemas/auth';
import { roleIdByName } from '../db/reference-data';
import type * as s from '../db/schema/index';
import { createApplication } from './application-factories';
import { createPeriod, createRoleWith } from './enrollment-factories';
import { createCampus, createSchool, createUser, TEST_PASSWORD, userPutBody } from './factories';
import { apiClient, startTwoApps, type TestContext } from './harness';

/*
 * Every request reads its caller afresh (session, user, role and rules, chosen school: one statement) and a list
 * reads its campus and period state afresh (one more): no process keeps any of it. Two API processes of one
 * installation (two pools on the PostgreSQL server; on PGlite two apps on one database): a change made through A
 * holds on B's very next request, after B has served the same caller with the same prepared statements.
 */
let close: () => Promise<void>;
let a: TestContext;
let b: TestContext;

beforeAll(async () => {
  const secrets = { secrets: { jwtSecret: randomBytes(32), encryptionKey: randomBytes(32) } };
  ({ a, b, close } = await startTwoApps(secrets));
});
afterAll(async () => {
  await close?.();
});

const on = (app: TestContext) => apiClient(app.baseUrl);

async function signInOn(app: TestContext, email: string) {
  const res = await on(app)<LoginResponse & { refreshToken?: string }>('POST', '/auth/login', {
    body: { email, password: TEST_PASSWORD },
  });
  expect(res.status).toBe(200);
  const cookie = res.headers.getSetCookie().find((c) => c.startsWith('openseat_refresh='));
  return { ...res.body, refreshToken: res.body.refreshToken ?? cookie!.split(';')[0].split('=').slice(1).join('=') };
}

/** A school with one campus and a started period holding one inbox application, and a second campus. */
async function schoolWithPeriod() {
  const school = await createSchool(a.db);
  const campus = await createCampus(a.db, school.id_school);
  const otherCampus = await createCampus(a.db, school.id_school);
  const period = await createPeriod(a.db, campus, { state: PERIOD_STATE.STARTED, grades: { 3: 5 } });
  await createApplication(a.db, period, { id_status: STATUS.APPLIED });
  const admin = await createUser(a.db, { context: CONTEXT_TYPE.SYSTEM });
  return { school, campus, otherCampus, period, adminToken: (await signInOn(a, admin.email)).accessToken };
}

const inboxOf = (period: { id_campus: number; id_school_year: number }, type: number = LIST_TYPE.INBOX) =>
  `/application?type=${type}&id_campus=${period.id_campus}&id_school_year=${period.id_school_year}`;

type StoredUser = typeof s.user.$inferSelect;

/** Changes a user through A's PUT /user, keeping every field not named. */
async function editOnA(adminToken: string, user: StoredUser, over: Record<string, unknown>) {
  const res = await on(a)('PUT', '/user', { token: adminToken, body: await userPutBody(a.db, user, over) });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
}

describe('a change made through one process holds on the next request to another', () => {
  it('a signed-out session', async () => {
    const { school } = await schoolWithPeriod();
    const user = await createUser(a.db, { context: CONTEXT_TYPE.SCHOOL, id_school: school.id_school });
    const session = await signInOn(a, user.email);
    expect((await on(b)('GET', '/user/me', { token: session.accessToken })).status).toBe(200);
    const out = await on(a)('POST', '/auth/logout', {
      headers: { cookie: `openseat_refresh=${session.refreshToken}`, 'x-requested-with': 'openseat' },
      body: {},
    });
    expect(out.status).toBeLessThan(300);
    expect((await on(b)('GET', '/user/me', { token: session.accessToken })).status).toBe(401);
  });

  it('a deactivated user', async () => {
    const { school, adminToken } = await schoolWithPeriod();
    const user = await createUser(a.db, { context: CONTEXT_TYPE.SCHOOL, id_school: school.id_school });
    const { accessToken } = await signInOn(a, user.email);
    expect((await on(b)('GET', '/user/me', { token: accessToken })).status).toBe(200);
    expect((await on(a)('DELETE', `/user/${user.id_user}`, { token: adminToken })).status).toBe(200);
    expect((await on(b)('GET', '/user/me', { token: accessToken })).status).toBe(401);
  });

  it("a right taken from the caller's role, given back, and the role changed", async () => {
    const { school, period, adminToken } = await schoolWithPeriod();
    const inbox = [LIST_SUBJECT[LIST_TYPE.INBOX], 'access'] as const;
    const reader = await createRoleWith(a.db, CONTEXT_TYPE.SCHOOL, [[...inbox]]);
    const bare = await createRoleWith(a.db, CONTEXT_TYPE.SCHOOL, []);
    const user = await createUser(a.db, {
      context: CONTEXT_TYPE.SCHOOL,
      id_school: school.id_school,
      role: reader.name,
    });
    const { accessToken } = await signInOn(a, user.email);
    const list = async () => (await on(b)('GET', inboxOf(period), { token: accessToken })).status;
    const setRight = (isActive: boolean) =>
      on(a)('PUT', '/permission', {
        token: adminToken,
        body: { id_role: reader.id_role, id_subject: subjectId(inbox[0]), id_action: actionId(inbox[1]), isActive },
      });
    expect(await list()).toBe(200);
    expect((await setRight(false)).status).toBe(200);
    expect(await list()).toBe(403);
    expect((await setRight(true)).status).toBe(200);
    expect(await list()).toBe(200);
    // another role for the user ends its sign-ins (users.service): the token stops at once
    await editOnA(adminToken, user, { id_role: bare.id_role });
    expect(await list()).toBe(401);
  });

  it('a campus taken from a campus user', async () => {
    const { school, campus, otherCampus, period, adminToken } = await schoolWithPeriod();
    const user = await createUser(a.db, {
      context: CONTEXT_TYPE.CAMPUS,
      id_school: school.id_school,
      id_campus: campus.id_campus,
    });
    const { accessToken } = await signInOn(a, user.email);
    const before = await on(b)<{ total: number }>('GET', inboxOf(period), { token: accessToken });
    expect(before.status).toBe(200);
    expect(before.body.total).toBe(1);
    await editOnA(adminToken, user, { id_campus: otherCampus.id_campus });
    expect((await on(b)('GET', inboxOf(period), { token: accessToken })).status).toBe(404);
    const everywhere = await on(b)<{ total: number }>('GET', `/application?type=${LIST_TYPE.INBOX}`, {
      token: accessToken,
    });
    expect(everywhere.body.total).toBe(0);
  });

  it('a school taken from a maintainer who chose it', async () => {
    const { school, period, adminToken } = await schoolWithPeriod();
    const spare = await createSchool(a.db);
    const maintainer = await createUser(a.db, {
      context: CONTEXT_TYPE.SCHOOL_MAINTAINER,
      maintainedSchools: [school.id_school, spare.id_school],
    });
    const session = await signInOn(a, maintainer.email);
    const chosen = await on(a)<LoginResponse>('POST', '/auth/login-with-school', {
      token: session.accessToken,
      body: { id_user: maintainer.id_user, id_school: school.id_school },
    });
    expect(chosen.status).toBe(200);
    const token = chosen.body.accessToken;
    expect((await on(b)('GET', inboxOf(period), { token })).status).toBe(200);
    await editOnA(adminToken, maintainer, {
      id_role: await roleIdByName(a.db, 'School Maintainer'),
      schoolIds: [spare.id_school],
    });
    expect((await on(b)('GET', inboxOf(period), { token })).status).toBe(401);
  });

  it('a finalized period: its applications leave the inbox for the historical list', async () => {
    const { school, period } = await schoolWithPeriod();
    const user = await createUser(a.db, { context: CONTEXT_TYPE.SCHOOL, id_school: school.id_school });
    const { accessToken } = await signInOn(a, user.email);
    const count = async (type: number) =>
      (await on(b)<{ total: number }>('GET', inboxOf(period, type), { token: accessToken })).body.total;
    expect([await count(LIST_TYPE.INBOX), await count(LIST_TYPE.HISTORICAL)]).toEqual([1, 0]);
    const done = await on(a)('PUT', '/enrollment/campusYear/year-activation', {
      token: accessToken,
      body: { id_campus_year: period.id_campus_year, action: 'finalize' },
    });
    expect(done.status, JSON.stringify(done.body)).toBe(200);
    expect([await count(LIST_TYPE.INBOX), await count(LIST_TYPE.HISTORICAL)]).toEqual([0, 1]);
  });
});
