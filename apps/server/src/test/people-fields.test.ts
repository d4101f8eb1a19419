import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import { CONTEXT_TYPE } from '@openseat/shared/constants';
import { actionId, subjectId, type Action, type Subject } from '@openseat/shared/permissions';
import * as s from '../db/schema/index';
import { apiClient, startTestApp, type TestContext } from './harness';
import { createCampus, createSchool, createUser } from './factories';
import { createRoleWith } from './enrollment-factories';
import { pngImage } from './people-factories';
import { signIn } from './session';

/**
 * Field by field, for users, roles and permissions: a caller without the permission that governs a field cannot
 * change it through any route that carries it (the stored value stays as it was), and a caller with it can
 * (the positive control, so each case can fail). Schools and campuses have their own test.
 *
 * | entity | field | governed by |
 * |---|---|---|
 * | user | name, e-mail, telephone, photo | users/edit (name and telephone also by the user itself, /user/me) |
 * | user | role | users/edit, and the role holds nothing the caller does not hold |
 * | user | campus, isAllCampuses | users/edit, and the caller reaches the new place |
 * | user | isActive | users/enable_disable (PUT /user), users/delete (DELETE deactivates) |
 * | user | (a new one) | users/create |
 * | role | name, type, description, context | roles/edit and role/edit, system scope, not the caller's own role |
 * | role | isActive | also role/enable_disable |
 * | role | (a new one, removal) | roles/create, roles/delete |
 * | permission | isActive | roles/edit with role/tab_permissions; granting also needs the rule itself |
 */
type Call = { method: string; path: string; body?: unknown; photo?: Buffer };
type Case = {
  field: string;
  governedBy: string;
  route: string;
  /** A caller without the governing permission, and what it tries. */
  refused: { actor: string; call: () => Promise<Call> | Call; status?: number[] };
  /** A caller with it, doing the same: the value must change. */
  allowed: { actor: string; call: () => Promise<Call> | Call };
  read: () => Promise<unknown>;
};

let ctx: TestContext;
let call: ReturnType<typeof apiClient>;
let dataDir: string;
const token: Record<string, string> = {};
let x: Awaited<ReturnType<typeof fixtures>>;

async function fixtures(db: TestContext['db']) {
  const school = await createSchool(db, 'Fields Academy');
  const a1 = await createCampus(db, school.id_school, 'Fields North');
  const a2 = await createCampus(db, school.id_school, 'Fields South');
  const role = (context: (typeof CONTEXT_TYPE)[keyof typeof CONTEXT_TYPE], rules: Array<[Subject, Action]>) =>
    createRoleWith(db, context, rules);
  const roles = {
    userViewer: await role(CONTEXT_TYPE.CAMPUS, [['users', 'access']]),
    userEditor: await role(CONTEXT_TYPE.CAMPUS, [
      ['users', 'access'],
      ['users', 'edit'],
    ]),
    roleViewer: await role(CONTEXT_TYPE.SYSTEM, [
      ['roles', 'access'],
      ['role', 'access'],
      ['role', 'tab_permissions'],
    ]),
    roleEditor: await role(CONTEXT_TYPE.SYSTEM, [
      ['roles', 'access'],
      ['roles', 'edit'],
      ['role', 'access'],
      ['role', 'edit'],
      ['role', 'tab_permissions'],
    ]),
    target: await role(CONTEXT_TYPE.CAMPUS, []),
    campusAdmin: (await db.select().from(s.role).where(eq(s.role.name, 'Campus Admin')))[0],
  };
  const campusUser = (roleName: string) =>
    createUser(db, {
      context: CONTEXT_TYPE.CAMPUS,
      id_school: school.id_school,
      id_campus: a1.id_campus,
      role: roleName,
    });
  const users = {
    userViewer: await campusUser(roles.userViewer.name),
    userEditor: await campusUser(roles.userEditor.name),
    /** The user whose fields are tried: same role as the editor, so the editor reaches it. */
    target: await campusUser(roles.userEditor.name),
    schoolAdmin: await createUser(db, { context: CONTEXT_TYPE.SCHOOL, id_school: school.id_school }),
    roleViewer: await createUser(db, { context: CONTEXT_TYPE.SYSTEM, role: roles.roleViewer.name }),
    roleEditor: await createUser(db, { context: CONTEXT_TYPE.SYSTEM, role: roles.roleEditor.name }),
    support: await createUser(db, { context: CONTEXT_TYPE.SYSTEM, role: 'System Support' }),
  };
  return { school, a1, a2, roles, users };
}

beforeAll(async () => {
  dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'openseat-fields-'));
  ctx = await startTestApp({ env: { DATA_DIR: dataDir } });
  call = apiClient(ctx.baseUrl);
  x = await fixtures(ctx.db);
  for (const [name, user] of Object.entries(x.users)) token[name] = (await signIn(ctx.baseUrl, user.email)).accessToken;
});
afterAll(async () => {
  await ctx?.close();
  if (dataDir) fs.rmSync(dataDir, { recursive: true, force: true });
});

const storedUser = async () =>
  (await ctx.db.select().from(s.user).where(eq(s.user.id_user, x.users.target.id_user)))[0];
const storedRole = async () =>
  (await ctx.db.select().from(s.role).where(eq(s.role.id_role, x.roles.target.id_role)))[0];
const storedRule = async (id_role: number, subject: Subject, action: Action) =>
  (
    await ctx.db
      .select({ isActive: s.permission.isActive })
      .from(s.permission)
      .where(
        and(
          eq(s.permission.id_role, id_role),
          eq(s.permission.id_subject, subjectId(subject)),
          eq(s.permission.id_action, actionId(action)),
        ),
      )
  )[0]?.isActive ?? null;

/** PUT /user with the target as stored now, some fields changed. */
async function putUser(over: Record<string, unknown>, photo?: Buffer): Promise<Call> {
  const u = await storedUser();
  const body = {
    id_user: u.id_user,
    name: u.name,
    email: u.email,
    telephone: u.telephone ?? '',
    id_role: u.id_role,
    id_campus: u.id_campus,
    isAllCampuses: u.isAllCampuses,
    isActive: u.isActive,
    ...over,
  };
  return { method: 'PUT', path: '/user', body, photo };
}

async function putRole(over: Record<string, unknown>): Promise<Call> {
  const r = await storedRole();
  const body = {
    name: r.name,
    type: r.type,
    description: r.description ?? '',
    id_context_type: r.id_context_type,
    isActive: r.isActive,
    ...over,
  };
  return { method: 'PUT', path: `/role/${r.id_role}`, body };
}

const rule = (id_role: number, subject: Subject, action: Action, isActive: boolean): Call => ({
  method: 'PUT',
  path: '/permission',
  body: { id_role, id_subject: subjectId(subject), id_action: actionId(action), isActive },
});

/** Sends a call as JSON, or as multipart when it carries a photo (PUT /user). */
async function send(actor: string, c: Call) {
  if (!c.photo) return call(c.method, c.path, { token: token[actor], body: c.body });
  const form = new FormData();
  for (const [k, v] of Object.entries(c.body as Record<string, unknown>)) form.append(k, String(v ?? ''));
  form.append('photo', new Blob([new Uint8Array(c.photo)], { type: 'image/png' }), 'photo.png');
  const res = await fetch(`${ctx.baseUrl}/api${c.path}`, {
    method: c.method,
    headers: { authorization: `Bearer ${token[actor]}` },
    body: form,
  });
  return { status: res.status, body: (await res.json()) as unknown };
}

const unique = () => Math.random().toString(36).slice(2, 8);

const CASES: Case[] = [
  // ---- users ----
  ...(['name', 'email', 'telephone'] as const).map((field): Case => ({
    field: `user.${field}`,
    governedBy: 'users/edit',
    route: 'PUT /user',
    refused: {
      actor: 'userViewer',
      call: () => putUser({ [field]: valueFor(field) }),
    },
    allowed: { actor: 'userEditor', call: () => putUser({ [field]: valueFor(field) }) },
    read: async () => (await storedUser())[field],
  })),
  ...(['name', 'telephone', 'email', 'isAllCampuses', 'id_role', 'id_campus', 'isActive'] as const).map(
    (field): Case => ({
      field: `user.${field}`,
      governedBy: "users/edit (only the user's own name and telephone through /user/me)",
      route: 'PUT /user/me',
      // /user/me acts on the caller only and takes only name and telephone: the target never changes through it
      refused: {
        actor: 'userEditor',
        call: () => ({
          method: 'PUT',
          path: '/user/me',
          body: {
            id_user: x.users.target.id_user,
            name: 'Via Me',
            telephone: '+15205550199',
            email: `via.me.${unique()}@test.openseat.org`,
            isAllCampuses: true,
            id_role: x.roles.campusAdmin.id_role,
            id_campus: x.a2.id_campus,
            isActive: false,
          },
        }),
        status: [200],
      },
      allowed: { actor: 'schoolAdmin', call: () => putUser({ [field]: changedValue(field) }) },
      read: async () => (await storedUser())[field],
    }),
  ),
  {
    field: 'user.photo',
    governedBy: 'users/edit',
    route: 'PUT /user',
    refused: { actor: 'userViewer', call: () => putUser({}, pngImage(10)) },
    allowed: { actor: 'userEditor', call: () => putUser({}, pngImage(11)) },
    read: async () => (await storedUser()).photo,
  },
  {
    field: 'user.id_role',
    governedBy: 'users/edit, and a role holding nothing the caller lacks',
    route: 'PUT /user',
    refused: { actor: 'userEditor', call: () => putUser({ id_role: x.roles.campusAdmin.id_role }) },
    allowed: { actor: 'schoolAdmin', call: () => putUser({ id_role: x.roles.campusAdmin.id_role }) },
    read: async () => (await storedUser()).id_role,
  },
  {
    field: 'user.id_campus',
    governedBy: 'users/edit, and the caller reaches the new campus',
    route: 'PUT /user',
    refused: { actor: 'userEditor', call: () => putUser({ id_campus: x.a2.id_campus }) },
    allowed: { actor: 'schoolAdmin', call: () => putUser({ id_campus: x.a2.id_campus }) },
    read: async () => (await storedUser()).id_campus,
  },
  {
    field: 'user.isAllCampuses',
    governedBy: 'users/edit, and the caller sees every campus',
    route: 'PUT /user',
    refused: { actor: 'userEditor', call: () => putUser({ isAllCampuses: true }) },
    allowed: { actor: 'schoolAdmin', call: () => putUser({ isAllCampuses: true }) },
    read: async () => (await storedUser()).isAllCampuses,
  },
  {
    field: 'user.isActive',
    governedBy: 'users/enable_disable',
    route: 'PUT /user',
    refused: { actor: 'userEditor', call: () => putUser({ isActive: false }) },
    allowed: { actor: 'schoolAdmin', call: () => putUser({ isActive: false }) },
    read: async () => (await storedUser()).isActive,
  },
  {
    field: 'user.isActive',
    governedBy: 'users/delete',
    route: 'DELETE /user/:id',
    refused: { actor: 'userEditor', call: () => ({ method: 'DELETE', path: `/user/${x.users.target.id_user}` }) },
    allowed: { actor: 'schoolAdmin', call: () => ({ method: 'DELETE', path: `/user/${x.users.target.id_user}` }) },
    read: async () => (await storedUser()).isActive,
  },
  {
    field: 'user (a new one)',
    governedBy: 'users/create',
    route: 'POST /user',
    refused: { actor: 'userEditor', call: () => newUserCall('field.created.refused') },
    allowed: { actor: 'schoolAdmin', call: () => newUserCall('field.created.allowed') },
    read: async () => (await ctx.db.select({ id: s.user.id_user }).from(s.user)).length,
  },

  // ---- roles ----
  ...(['name', 'type', 'description', 'id_context_type'] as const).map((field): Case => ({
    field: `role.${field}`,
    governedBy: 'roles/edit and role/edit',
    route: 'PUT /role/:id',
    refused: { actor: 'roleViewer', call: () => putRole({ [field]: roleValueFor(field) }) },
    allowed: { actor: 'roleEditor', call: () => putRole({ [field]: roleValueFor(field) }) },
    read: async () => (await storedRole())[field],
  })),
  {
    field: 'role.isActive',
    governedBy: 'role/enable_disable',
    route: 'PUT /role/:id',
    refused: { actor: 'roleEditor', call: () => putRole({ isActive: false }) },
    allowed: { actor: 'support', call: () => putRole({ isActive: false }) },
    read: async () => (await storedRole()).isActive,
  },
  {
    field: 'role.name',
    governedBy: 'a role manager, never on its own role',
    route: 'PUT /role/:id',
    refused: {
      actor: 'roleEditor',
      call: () => ({
        method: 'PUT',
        path: `/role/${x.roles.roleEditor.id_role}`,
        body: { name: `Own ${unique()}`, type: 'custom', id_context_type: CONTEXT_TYPE.SYSTEM, isActive: true },
      }),
    },
    allowed: {
      actor: 'support',
      call: () => ({
        method: 'PUT',
        path: `/role/${x.roles.roleEditor.id_role}`,
        body: { name: `Renamed ${unique()}`, type: 'custom', id_context_type: CONTEXT_TYPE.SYSTEM, isActive: true },
      }),
    },
    read: async () =>
      (await ctx.db.select().from(s.role).where(eq(s.role.id_role, x.roles.roleEditor.id_role)))[0].name,
  },
  {
    field: 'role (a new one)',
    governedBy: 'roles/create',
    route: 'POST /role',
    refused: {
      actor: 'roleEditor',
      call: () => ({
        method: 'POST',
        path: '/role',
        body: { name: `New ${unique()}`, type: 'custom', id_context_type: 3, isActive: true },
      }),
    },
    allowed: {
      actor: 'support',
      call: () => ({
        method: 'POST',
        path: '/role',
        body: { name: `New ${unique()}`, type: 'custom', id_context_type: 3, isActive: true },
      }),
    },
    read: async () => (await ctx.db.select({ id: s.role.id_role }).from(s.role)).length,
  },

  // ---- permissions ----
  {
    field: 'permission.isActive (grant)',
    governedBy: 'roles/edit with role/tab_permissions',
    route: 'PUT /permission',
    refused: { actor: 'roleViewer', call: () => rule(x.roles.target.id_role, 'role', 'access', true) },
    allowed: { actor: 'roleEditor', call: () => rule(x.roles.target.id_role, 'role', 'access', true) },
    read: () => storedRule(x.roles.target.id_role, 'role', 'access'),
  },
  {
    field: 'permission.isActive (grant a rule the caller lacks)',
    governedBy: 'holding the rule itself',
    route: 'PUT /permission',
    refused: { actor: 'roleEditor', call: () => rule(x.roles.target.id_role, 'users', 'access', true) },
    allowed: { actor: 'support', call: () => rule(x.roles.target.id_role, 'users', 'access', true) },
    read: () => storedRule(x.roles.target.id_role, 'users', 'access'),
  },
  {
    field: "permission.isActive (the caller's own role)",
    governedBy: 'a role manager, never on its own role',
    route: 'PUT /permission',
    refused: { actor: 'roleEditor', call: () => rule(x.roles.roleEditor.id_role, 'roles', 'create', true) },
    allowed: { actor: 'support', call: () => rule(x.roles.roleEditor.id_role, 'roles', 'create', true) },
    read: () => storedRule(x.roles.roleEditor.id_role, 'roles', 'create'),
  },
  {
    field: 'permission.isActive (revoke)',
    governedBy: 'roles/edit with role/tab_permissions',
    route: 'PUT /permission',
    refused: { actor: 'roleViewer', call: () => rule(x.roles.target.id_role, 'role', 'access', false) },
    allowed: { actor: 'roleEditor', call: () => rule(x.roles.target.id_role, 'role', 'access', false) },
    read: () => storedRule(x.roles.target.id_role, 'role', 'access'),
  },
];

function valueFor(field: 'name' | 'email' | 'telephone') {
  const tag = unique();
  if (field === 'email') return `changed.${tag}@test.openseat.org`;
  if (field === 'telephone') return `+1520555${Math.floor(1000 + Math.random() * 8999)}`;
  return `Changed ${tag}`;
}

/** A value the school admin may set, different from the stored one. */
function changedValue(field: string): unknown {
  switch (field) {
    case 'isAllCampuses':
      return true;
    case 'id_role':
      return x.roles.campusAdmin.id_role;
    case 'id_campus':
      return x.a2.id_campus;
    case 'isActive':
      return false;
    default:
      return valueFor(field as 'name' | 'email' | 'telephone');
  }
}

function roleValueFor(field: 'name' | 'type' | 'description' | 'id_context_type') {
  if (field === 'id_context_type') return CONTEXT_TYPE.SCHOOL;
  return `${field} ${unique()}`;
}

function newUserCall(prefix: string): Call {
  return {
    method: 'POST',
    path: '/user',
    body: {
      name: 'Nuevo',
      email: `${prefix}.${unique()}@test.openseat.org`,
      password: 'a-good-long-password',
      id_role: x.roles.userEditor.id_role,
      id_campus: x.a1.id_campus,
    },
  };
}

/** Puts the target user back where the next case expects it (active, on A1, with the editor's role). */
async function resetTarget() {
  await ctx.db
    .update(s.user)
    .set({ isActive: true, id_campus: x.a1.id_campus, isAllCampuses: false, id_role: x.roles.userEditor.id_role })
    .where(eq(s.user.id_user, x.users.target.id_user));
}

describe('field permissions of users, roles and permissions', () => {
  for (const c of CASES) {
    it(`${c.field} through ${c.route}: needs ${c.governedBy}`, async () => {
      await resetTarget();
      const before = await c.read();
      const refused = await send(c.refused.actor, await c.refused.call());
      expect(c.refused.status ?? [403], JSON.stringify(refused.body)).toContain(refused.status);
      expect(await c.read()).toEqual(before);
      const allowed = await send(c.allowed.actor, await c.allowed.call());
      expect(allowed.status, JSON.stringify(allowed.body)).toBeLessThan(300);
      expect(await c.read()).not.toEqual(before);
    });
  }
});
