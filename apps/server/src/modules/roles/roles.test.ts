import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CONTEXT_TYPE } from '@openseat/shared/constants';
import { actionId, subjectId } from '@openseat/shared/permissions';
import { roleIdByName } from '../../db/reference-data';
import { apiClient, startTestApp, type TestContext } from '../../test/harness';
import { createCampus, createSchool, createUser } from '../../test/factories';
import { signIn, tokenFor } from '../../test/session';

let ctx: TestContext;
let call: ReturnType<typeof apiClient>;
let superToken: string;
let schoolToken: string;

beforeAll(async () => {
  ctx = await startTestApp();
  call = apiClient(ctx.baseUrl);
  const school = await createSchool(ctx.db);
  superToken = (await signIn(ctx.baseUrl, (await createUser(ctx.db, { context: CONTEXT_TYPE.SYSTEM })).email))
    .accessToken;
  schoolToken = await tokenFor(ctx, { context: CONTEXT_TYPE.SCHOOL, id_school: school.id_school });
});
afterAll(() => ctx?.close());

describe('roles and permissions', () => {
  it('lists roles by context type and the actions each screen offers', async () => {
    const roles = await call<Array<{ name: string; context_type_name: string }>>('GET', '/role?id_context_type=3', {
      token: schoolToken,
    });
    expect(roles.body.map((r) => r.name)).toEqual(['Campus Admin']);
    const subjects = await call<Array<{ name: string; actions: Array<{ name: string }> }>>('GET', '/subject', {
      token: superToken,
    });
    expect(subjects.body.find((s) => s.name === 'waiting_list')?.actions.map((a) => a.name)).toContain(
      'reorder_waiting_list',
    );
  });

  it('lets school users read roles but not change them, with the spec message', async () => {
    const res = await call('POST', '/role', {
      token: schoolToken,
      body: { name: 'Registrar', id_context_type: 3, type: 'custom', isActive: true },
    });
    expect(res.status).toBe(403);
    expect(res.body.message).toBe("You don't have permissions to update role data.");
    const perm = await call('PUT', '/permission', {
      token: schoolToken,
      body: { id_role: 1, id_subject: 1, id_action: 1, isActive: true },
    });
    expect(perm.status).toBe(403);
  });

  it('validates a role with the spec messages', async () => {
    const res = await call('POST', '/role', { token: superToken, body: { name: '', id_context_type: -1, type: '' } });
    expect(res.status).toBe(400);
    expect(res.body.errors).toEqual(
      expect.arrayContaining([
        { path: 'name', message: 'Required field.' },
        { path: 'id_context_type', message: 'Required field.' },
        { path: 'type', message: 'Required field.' },
      ]),
    );
  });

  it('a permission turned off takes effect on the next request of that role', async () => {
    const school = await createSchool(ctx.db);
    const campus = await createCampus(ctx.db, school.id_school);
    const created = await call<{ data: { id_role: number } }>('POST', '/role', {
      token: superToken,
      body: { name: 'Front desk', id_context_type: 3, type: 'custom', isActive: true },
    });
    const id_role = created.body.data.id_role;
    const grant = (isActive: boolean) =>
      call('PUT', '/permission', {
        token: superToken,
        body: { id_role, id_subject: subjectId('users'), id_action: actionId('access'), isActive },
      });
    expect((await grant(true)).status).toBe(200);
    const user = await createUser(ctx.db, {
      context: CONTEXT_TYPE.CAMPUS,
      role: 'Front desk',
      id_school: school.id_school,
      id_campus: campus.id_campus,
    });
    const token = (await signIn(ctx.baseUrl, user.email)).accessToken;
    expect((await call('GET', '/user', { token })).status).toBe(200);
    await grant(false);
    expect((await call('GET', '/user', { token })).status).toBe(403);
    expect((await call('DELETE', `/role/${id_role}`, { token: superToken })).status).toBe(409);
  });

  it('refuses an action that a screen does not offer, and protects SuperAdmin', async () => {
    const campusRole = await roleIdByName(ctx.db, 'Campus Admin');
    const bad = await call('PUT', '/permission', {
      token: superToken,
      body: {
        id_role: campusRole,
        id_subject: subjectId('dashboard'),
        id_action: actionId('run_lottery'),
        isActive: true,
      },
    });
    expect(bad.status).toBe(400);
    const superAdmin = await roleIdByName(ctx.db, 'SuperAdmin');
    expect((await call('DELETE', `/role/${superAdmin}`, { token: superToken })).status).toBe(403);
  });
});
