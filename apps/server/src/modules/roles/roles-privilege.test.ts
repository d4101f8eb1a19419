import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import { CONTEXT_TYPE } from '@openseat/shared/constants';
import { actionId, subjectId, type Action, type Subject } from '@openseat/shared/permissions';
import { roleIdByName } from '../../db/reference-data';
import * as s from '../../db/schema/index';
import { apiClient, startTestApp, type TestContext } from '../../test/harness';
import { createSchool, createUser } from '../../test/factories';
import { createRoleWith } from '../../test/enrollment-factories';
import { signIn } from '../../test/session';

/**
 * Issue 7, finding 4: only a role that can manage roles changes rules, never those of its own role, and never
 * grants what it does not hold; captured mail is for SuperAdmin only and refused in production.
 */
/** What production insists on (the values only need to be present: this app runs on the test database). */
const PRODUCTION = {
  NODE_ENV: 'production',
  LOG_LEVEL: 'silent',
  JWT_SECRET: 'x'.repeat(32),
  ENCRYPTION_KEY: '0'.repeat(64),
  DATABASE_URL: 'postgres://unused@127.0.0.1/unused',
  PUBLIC_URL: 'https://openseat.example.org',
  SMTP_URL: 'smtp://127.0.0.1:2525',
};

let ctx: TestContext;
let call: ReturnType<typeof apiClient>;
const token: Record<string, string> = {};
const role: Record<string, number> = {};

beforeAll(async () => {
  ctx = await startTestApp();
  call = apiClient(ctx.baseUrl);
  const school = await createSchool(ctx.db);
  role.support = await roleIdByName(ctx.db, 'System Support');
  role.schoolAdmin = await roleIdByName(ctx.db, 'School Admin');
  role.custom = (await createRoleWith(ctx.db, CONTEXT_TYPE.SYSTEM, [])).id_role;
  const viewerRole = await createRoleWith(ctx.db, CONTEXT_TYPE.SYSTEM, [
    ['roles', 'access'],
    ['role', 'access'],
    ['role', 'tab_permissions'],
  ]);
  role.viewer = viewerRole.id_role;
  const users = {
    superAdmin: await createUser(ctx.db, { context: CONTEXT_TYPE.SYSTEM }),
    support: await createUser(ctx.db, { context: CONTEXT_TYPE.SYSTEM, role: 'System Support' }),
    viewer: await createUser(ctx.db, { context: CONTEXT_TYPE.SYSTEM, role: viewerRole.name }),
    schoolAdmin: await createUser(ctx.db, { context: CONTEXT_TYPE.SCHOOL, id_school: school.id_school }),
  };
  for (const [name, user] of Object.entries(users)) token[name] = (await signIn(ctx.baseUrl, user.email)).accessToken;
  await ctx.db.insert(s.capturedMail).values({ from: 'a@b.c', to: 'd@e.f', subject: 'Reset', text: 'secret link' });
});
afterAll(() => ctx?.close());

const permissionRow = async (id_role: number, subject: Subject, action: Action) =>
  (
    await ctx.db
      .select()
      .from(s.permission)
      .where(
        and(
          eq(s.permission.id_role, id_role),
          eq(s.permission.id_subject, subjectId(subject)),
          eq(s.permission.id_action, actionId(action)),
        ),
      )
  )[0];
const rulesOf = async (id_role: number) =>
  ctx.db.select().from(s.permission).where(eq(s.permission.id_role, id_role)).orderBy(s.permission.id_permission);
const grant = (caller: string, id_role: number, subject: Subject, action: Action, isActive = true) =>
  call('PUT', '/permission', {
    token: token[caller],
    body: { id_role, id_subject: subjectId(subject), id_action: actionId(action), isActive },
  });

describe('captured mail', () => {
  it('is readable by SuperAdmin only', async () => {
    const support = await call('GET', '/mail/captured', { token: token.support });
    expect(support.status).toBe(403);
    expect(JSON.stringify(support.body)).not.toContain('Reset');
    const list = await call<{ data: Array<{ id_captured_mail: number }> }>('GET', '/mail/captured', {
      token: token.superAdmin,
    });
    expect(list.status).toBe(200);
    const id = list.body.data[0].id_captured_mail;
    const one = await call('GET', `/mail/captured/${id}`, { token: token.support });
    expect(one.status).toBe(403);
    expect(JSON.stringify(one.body)).not.toContain('secret link');
    expect((await call('GET', `/mail/captured/${id}`, { token: token.superAdmin })).body).toMatchObject({
      text: 'secret link',
    });
  });

  it('is refused in production, even to SuperAdmin', async () => {
    const prod = await startTestApp({ env: PRODUCTION });
    try {
      const admin = await createUser(prod.db, { context: CONTEXT_TYPE.SYSTEM });
      const session = await signIn(prod.baseUrl, admin.email);
      const prodCall = apiClient(prod.baseUrl);
      expect((await prodCall('GET', '/mail/captured', { token: session.accessToken })).status).toBe(403);
      expect((await prodCall('GET', '/mail/captured/1', { token: session.accessToken })).status).toBe(403);
      // positive control: the same app serves the SuperAdmin elsewhere
      expect((await prodCall('GET', '/role', { token: session.accessToken })).status).toBe(200);
    } finally {
      await prod.close();
    }
  });
});

describe('changing the rules of a role', () => {
  it('System Support cannot change the rules of its own role', async () => {
    const before = await rulesOf(role.support);
    const res = await grant('support', role.support, 'applications', 'access');
    expect(res.status, JSON.stringify(res.body)).toBe(403);
    const off = await grant('support', role.support, 'schools', 'access', false);
    expect(off.status).toBe(403);
    expect(await rulesOf(role.support)).toEqual(before);
  });

  it('System Support cannot grant a permission it does not hold, but may grant one it holds', async () => {
    const res = await grant('support', role.custom, 'applications', 'export_csv');
    expect(res.status, JSON.stringify(res.body)).toBe(403);
    expect(await permissionRow(role.custom, 'applications', 'export_csv')).toBeUndefined();
    const ok = await grant('support', role.custom, 'schools', 'access');
    expect(ok.status, JSON.stringify(ok.body)).toBe(200);
    expect((await permissionRow(role.custom, 'schools', 'access'))?.isActive).toBe(true);
  });

  it('a role that cannot manage roles changes no rules, even with the permissions tab', async () => {
    const viewer = await grant('viewer', role.custom, 'roles', 'access');
    expect(viewer.status).toBe(403);
    expect(await permissionRow(role.custom, 'roles', 'access')).toBeUndefined();
    expect((await grant('schoolAdmin', role.schoolAdmin, 'schools', 'access')).status).toBe(403);
    // the viewer still reads the permissions tab
    expect((await call('GET', `/permission?id_role=${role.custom}`, { token: token.viewer })).status).toBe(200);
  });

  it("System Support cannot change its own role's data, but may change another role", async () => {
    const body = { name: 'System Support', id_context_type: 1, type: 'system', isActive: false };
    const res = await call('PUT', `/role/${role.support}`, { token: token.support, body });
    expect(res.status, JSON.stringify(res.body)).toBe(403);
    const [stored] = await ctx.db.select().from(s.role).where(eq(s.role.id_role, role.support));
    expect(stored.isActive).toBe(true);
    const other = await call('PUT', `/role/${role.custom}`, {
      token: token.support,
      body: { name: 'Helpdesk', id_context_type: 1, type: 'custom', description: 'Answers calls', isActive: true },
    });
    expect(other.status, JSON.stringify(other.body)).toBe(200);
  });

  it('SuperAdmin may grant anything to any role but SuperAdmin', async () => {
    expect((await grant('superAdmin', role.custom, 'applications', 'export_csv')).status).toBe(200);
  });
});
