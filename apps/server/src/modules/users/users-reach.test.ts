import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import { CONTEXT_TYPE } from '@openseat/shared/constants';
import type { UserRow } from '@openseat/shared/schemas/users';
import { roleIdByName } from '../../db/reference-data';
import * as s from '../../db/schema/index';
import { storedFilePath } from '../../lib/uploads';
import { apiClient, startTestApp, type TestContext } from '../../test/harness';
import { createCampus, createSchool, createUser, userPutBody } from '../../test/factories';
import { createRoleWith } from '../../test/enrollment-factories';
import { pngImage, storedFiles } from '../../test/people-factories';
import { signIn } from '../../test/session';

/**
 * Issue 7 findings 1 and 2, issue 8 (schools[] of a shared user), and the user photo on disk:
 * a caller never gives a user more reach than it has, a user shared with another school is changed only by a
 * caller that covers all its schools, and a replaced or refused photo leaves nothing behind.
 */
let ctx: TestContext;
let call: ReturnType<typeof apiClient>;
let dataDir: string;
let f: Awaited<ReturnType<typeof fixtures>>;
const token: Record<string, string> = {};

async function fixtures(db: TestContext['db']) {
  const schoolA = await createSchool(db, 'Reach Alpha');
  const schoolB = await createSchool(db, 'Reach Beta');
  const a1 = await createCampus(db, schoolA.id_school, 'Reach Alpha North');
  const a2 = await createCampus(db, schoolA.id_school, 'Reach Alpha South');
  const registrarRole = await createRoleWith(db, CONTEXT_TYPE.CAMPUS, [
    ['side_menu', 'access'],
    ['users', 'access'],
    ['users', 'create'],
    ['users', 'edit'],
  ]);
  const campus = (id_campus: number, over: { isAllCampuses?: boolean; role?: string } = {}) =>
    createUser(db, {
      context: CONTEXT_TYPE.CAMPUS,
      id_school: schoolA.id_school,
      id_campus,
      role: over.role ?? registrarRole.name,
      isAllCampuses: over.isAllCampuses ?? false,
    });
  const users = {
    superAdmin: await createUser(db, { context: CONTEXT_TYPE.SYSTEM }),
    support: await createUser(db, { context: CONTEXT_TYPE.SYSTEM, role: 'System Support' }),
    schoolAdminA: await createUser(db, { context: CONTEXT_TYPE.SCHOOL, id_school: schoolA.id_school }),
    registrar: await campus(a1.id_campus),
    staffA1: await campus(a1.id_campus),
    allCampusA1: await campus(a1.id_campus, { isAllCampuses: true }),
    staffA2: await campus(a2.id_campus, { role: 'Campus Admin' }),
    maintainerAB: await createUser(db, {
      context: CONTEXT_TYPE.SCHOOL_MAINTAINER,
      maintainedSchools: [schoolA.id_school, schoolB.id_school],
    }),
    maintainerAB2: await createUser(db, {
      context: CONTEXT_TYPE.SCHOOL_MAINTAINER,
      maintainedSchools: [schoolA.id_school, schoolB.id_school],
    }),
  };
  const roles = {
    registrar: registrarRole.id_role,
    campusAdmin: await roleIdByName(db, 'Campus Admin'),
    schoolAdmin: await roleIdByName(db, 'School Admin'),
  };
  return { schoolA, schoolB, a1, a2, users, roles };
}

beforeAll(async () => {
  dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'openseat-users-'));
  ctx = await startTestApp({ env: { DATA_DIR: dataDir } });
  call = apiClient(ctx.baseUrl);
  f = await fixtures(ctx.db);
  for (const [name, user] of Object.entries(f.users)) token[name] = (await signIn(ctx.baseUrl, user.email)).accessToken;
});
afterAll(async () => {
  await ctx?.close();
  fs.rmSync(dataDir, { recursive: true, force: true });
});

type StoredUser = typeof s.user.$inferSelect;
const stored = async (id_user: number): Promise<StoredUser> =>
  (await ctx.db.select().from(s.user).where(eq(s.user.id_user, id_user)))[0];
const schoolsOf = async (id_user: number) =>
  (await ctx.db.select().from(s.userSchool).where(eq(s.userSchool.id_user, id_user))).map((r) => r.id_school).sort();

const putBody = (user: StoredUser, over: Record<string, unknown> = {}) => userPutBody(ctx.db, user, over);

const newUser = (over: Record<string, unknown> = {}) => ({
  name: 'Nueva Persona',
  email: `new${Math.random().toString(36).slice(2)}@test.openseat.org`,
  password: 'a-good-long-password',
  id_role: f.roles.registrar,
  id_campus: f.a1.id_campus,
  isAllCampuses: false,
  ...over,
});

describe('role levels: a caller gives no role above its own level', () => {
  it('a campus user that sees every campus still cannot give a school-level role, even one it holds', async () => {
    const schoolLevel = await createRoleWith(ctx.db, CONTEXT_TYPE.SCHOOL, [['side_menu', 'access']]);
    const refused = await call('POST', '/user', {
      token: token.allCampusA1,
      body: newUser({ id_role: schoolLevel.id_role, id_school: f.schoolA.id_school, id_campus: undefined }),
    });
    expect(refused.status, JSON.stringify(refused.body)).toBe(403);
    // positive control: the school admin, a school-level caller, may give it
    const given = await call('POST', '/user', {
      token: token.schoolAdminA,
      body: newUser({ id_role: schoolLevel.id_role, id_school: f.schoolA.id_school, id_campus: undefined }),
    });
    expect(given.status, JSON.stringify(given.body)).toBe(200);
  });

  it('GET /user/assignable-roles lists exactly the roles a save would accept', async () => {
    type Listed = { id_role: number; name: string }[];
    const registrar = await call<Listed>('GET', '/user/assignable-roles', { token: token.registrar });
    expect(registrar.status).toBe(200);
    expect(registrar.body.map((r) => r.id_role)).toContain(f.roles.registrar);
    // Campus Admin holds rules the registrar lacks; School Admin is above its level
    expect(registrar.body.map((r) => r.id_role)).not.toContain(f.roles.campusAdmin);
    expect(registrar.body.map((r) => r.id_role)).not.toContain(f.roles.schoolAdmin);
    const school = await call<Listed>('GET', '/user/assignable-roles', { token: token.schoolAdminA });
    expect(school.body.map((r) => r.id_role)).toEqual(
      expect.arrayContaining([f.roles.campusAdmin, f.roles.schoolAdmin]),
    );
    expect(school.body.map((r) => r.name)).not.toContain('SuperAdmin');
    expect(school.body.map((r) => r.name)).not.toContain('System Support');
    const admin = await call<Listed>('GET', '/user/assignable-roles', { token: token.superAdmin });
    expect(admin.body.map((r) => r.name)).toEqual(expect.arrayContaining(['SuperAdmin', 'System Support']));
  });

  it('GET /user/assignable-roles is refused to a caller that may neither create nor edit users', async () => {
    const viewerRole = await createRoleWith(ctx.db, CONTEXT_TYPE.CAMPUS, [['users', 'access']]);
    const viewer = await createUser(ctx.db, {
      context: CONTEXT_TYPE.CAMPUS,
      id_school: f.schoolA.id_school,
      id_campus: f.a1.id_campus,
      role: viewerRole.name,
    });
    const { accessToken } = await signIn(ctx.baseUrl, viewer.email);
    expect((await call('GET', '/user/assignable-roles', { token: accessToken })).status).toBe(403);
  });
});

describe('a caller never widens a user beyond its own reach (issue 7, finding 1)', () => {
  it('a campus user with edit rights cannot give itself all campuses', async () => {
    const me = await stored(f.users.registrar.id_user);
    const widen = await call('PUT', '/user', {
      token: token.registrar,
      body: await putBody(me, { isAllCampuses: true }),
    });
    expect(widen.status, JSON.stringify(widen.body)).toBe(403);
    expect(await stored(me.id_user)).toEqual(me);
    // positive control: the same caller may change its own name
    const rename = await call('PUT', '/user', { token: token.registrar, body: await putBody(me, { name: 'Renamed' }) });
    expect(rename.status, JSON.stringify(rename.body)).toBe(200);
    expect((await stored(me.id_user)).name).toBe('Renamed');
  });

  it('a campus user cannot create a user that sees all campuses', async () => {
    const wide = await call('POST', '/user', { token: token.registrar, body: newUser({ isAllCampuses: true }) });
    expect(wide.status, JSON.stringify(wide.body)).toBe(403);
    const body = newUser();
    const ok = await call<{ data: UserRow }>('POST', '/user', { token: token.registrar, body });
    expect(ok.status, JSON.stringify(ok.body)).toBe(200);
    expect(ok.body.data).toMatchObject({ email: body.email, isAllCampuses: false, id_campus: f.a1.id_campus });
  });

  it('nobody hands out a role that holds permissions the caller does not hold', async () => {
    const richer = newUser({ id_role: f.roles.campusAdmin });
    const refused = await call('POST', '/user', { token: token.registrar, body: richer });
    expect(refused.status, JSON.stringify(refused.body)).toBe(403);
    const staff = await stored(f.users.staffA1.id_user);
    const promote = await call('PUT', '/user', {
      token: token.registrar,
      body: await putBody(staff, { id_role: f.roles.campusAdmin }),
    });
    expect(promote.status).toBe(403);
    expect(await stored(staff.id_user)).toEqual(staff);
    // positive control: the school admin holds everything a campus admin holds
    expect((await call('POST', '/user', { token: token.schoolAdminA, body: richer })).status).toBe(200);
  });

  it('System Support (no student records) cannot create a school admin; SuperAdmin can', async () => {
    const admin = newUser({ id_role: f.roles.schoolAdmin, id_campus: null, id_school: f.schoolA.id_school });
    const refused = await call('POST', '/user', { token: token.support, body: admin });
    expect(refused.status, JSON.stringify(refused.body)).toBe(403);
    expect(await ctx.db.select().from(s.user).where(eq(s.user.email, admin.email))).toEqual([]);
    expect((await call('POST', '/user', { token: token.superAdmin, body: admin })).status).toBe(200);
  });

  it('a campus user cannot change a user that reaches further than itself', async () => {
    const wide = await stored(f.users.allCampusA1.id_user);
    const refused = await call('PUT', '/user', {
      token: token.registrar,
      body: await putBody(wide, { email: `taken.over.${Date.now()}@test.openseat.org` }),
    });
    expect(refused.status, JSON.stringify(refused.body)).toBe(403);
    expect(await stored(wide.id_user)).toEqual(wide);
    const peer = await stored(f.users.staffA1.id_user);
    const ok = await call('PUT', '/user', { token: token.registrar, body: await putBody(peer, { name: 'Peer' }) });
    expect(ok.status, JSON.stringify(ok.body)).toBe(200);
  });
});

describe('a user shared with another school (issue 7, finding 2)', () => {
  it('a school admin cannot change its e-mail, remove the other school, or deactivate it', async () => {
    const shared = await stored(f.users.maintainerAB.id_user);
    const email = await call('PUT', '/user', {
      token: token.schoolAdminA,
      body: await putBody(shared, { email: `hijack.${Date.now()}@test.openseat.org` }),
    });
    expect(email.status, JSON.stringify(email.body)).toBe(403);
    const drop = await call('PUT', '/user', {
      token: token.schoolAdminA,
      body: await putBody(shared, { schoolIds: [f.schoolA.id_school] }),
    });
    expect(drop.status).toBe(403);
    expect(await stored(shared.id_user)).toEqual(shared);
    expect(await schoolsOf(shared.id_user)).toEqual([f.schoolA.id_school, f.schoolB.id_school].sort());
  });

  it("a school admin's delete only unlinks the user from its own school", async () => {
    const id = f.users.maintainerAB.id_user;
    const res = await call('DELETE', `/user/${id}`, { token: token.schoolAdminA });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect((await stored(id)).isActive).toBe(true);
    expect(await schoolsOf(id)).toEqual([f.schoolB.id_school]);
    expect((await call('GET', `/user/${id}`, { token: token.schoolAdminA })).status).toBe(404);
    const audit = await ctx.db
      .select()
      .from(s.auditLog)
      .where(and(eq(s.auditLog.action, 'user.unlink'), eq(s.auditLog.entityId, String(id))));
    expect(audit).toHaveLength(1);
  });

  it('a system user, whose scope covers both schools, may change it', async () => {
    const shared = await stored(f.users.maintainerAB2.id_user);
    const email = `moved.${Date.now()}@test.openseat.org`;
    const res = await call('PUT', '/user', { token: token.superAdmin, body: await putBody(shared, { email }) });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect((await stored(shared.id_user)).email).toBe(email);
  });

  it("a school admin sees only its own school in the shared user's schools (issue 8)", async () => {
    const id = f.users.maintainerAB2.id_user;
    const list = await call<{ data: UserRow[] }>('GET', '/user?tab=maintenance&pageSize=200', {
      token: token.schoolAdminA,
    });
    const row = list.body.data.find((u) => u.id_user === id);
    expect(row?.schools).toEqual([{ id_school: f.schoolA.id_school, name: 'Reach Alpha' }]);
    const one = await call<UserRow>('GET', `/user/${id}`, { token: token.schoolAdminA });
    expect(JSON.stringify(one.body)).not.toContain('Reach Beta');
    const all = await call<UserRow>('GET', `/user/${id}`, { token: token.superAdmin });
    expect(all.body.schools.map((x) => x.name).sort()).toEqual(['Reach Alpha', 'Reach Beta']);
  });
});

describe('user photos on disk (issue 7, finding 9)', () => {
  const putPhoto = async (caller: string, body: Record<string, unknown>, image: Buffer) => {
    const form = new FormData();
    for (const [k, v] of Object.entries(body)) {
      if (Array.isArray(v)) for (const item of v) form.append(`${k}[]`, String(item));
      else form.append(k, v === null ? '' : String(v));
    }
    form.append('photo', new Blob([new Uint8Array(image)], { type: 'image/png' }), 'me.png');
    const res = await fetch(`${ctx.baseUrl}/api/user`, {
      method: 'PUT',
      headers: { authorization: `Bearer ${token[caller]}` },
      body: form,
    });
    return { status: res.status, body: (await res.json()) as { data: UserRow } };
  };

  it('a replaced photo is removed from disk', async () => {
    const user = await stored(f.users.staffA2.id_user);
    expect((await putPhoto('schoolAdminA', await putBody(user), pngImage(1))).status).toBe(200);
    const first = (await stored(user.id_user)).photo!;
    expect(fs.existsSync(storedFilePath(dataDir, first))).toBe(true);
    const second = await putPhoto('schoolAdminA', await putBody(user), pngImage(2));
    expect(second.status).toBe(200);
    const now = (await stored(user.id_user)).photo!;
    expect(now).not.toBe(first);
    expect(fs.existsSync(storedFilePath(dataDir, first))).toBe(false);
    expect(storedFiles(dataDir, 'users')).toContain(now);
    const served = await fetch(`${ctx.baseUrl}${second.body.data.photo}`, {
      headers: { authorization: `Bearer ${token.schoolAdminA}` },
    });
    expect(served.status).toBe(200);
  });

  it('a refused update leaves no new file behind', async () => {
    const before = storedFiles(dataDir, 'users').sort();
    const user = await stored(f.users.staffA2.id_user);
    const taken = await putPhoto('schoolAdminA', await putBody(user, { email: f.users.staffA1.email }), pngImage(3));
    expect(taken.status).toBe(400);
    const foreign = await stored(f.users.maintainerAB2.id_user);
    const refused = await putPhoto('registrar', await putBody(foreign), pngImage(4));
    expect([403, 404]).toContain(refused.status);
    expect(storedFiles(dataDir, 'users').sort()).toEqual(before);
  });
});

describe('user export', () => {
  it('writes one audit row per export', async () => {
    const count = async () =>
      (await ctx.db.select().from(s.auditLog).where(eq(s.auditLog.action, 'user.export'))).length;
    const before = await count();
    const res = await fetch(`${ctx.baseUrl}/api/user/export`, {
      headers: { authorization: `Bearer ${token.schoolAdminA}` },
    });
    expect(res.status).toBe(200);
    expect(await res.text()).toContain('name,email,rol,isActive,telephone');
    expect(await count()).toBe(before + 1);
  });
});
