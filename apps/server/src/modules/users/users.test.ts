import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CONTEXT_TYPE } from '@openseat/shared/constants';
import type { UserRow } from '@openseat/shared/schemas/users';
import { roleIdByName } from '../../db/reference-data';
import { apiClient, startTestApp, type TestContext } from '../../test/harness';
import { createCampus, createSchool, createUser, TEST_PASSWORD } from '../../test/factories';
import { PNG, samePixels } from '../../test/images';
import { signIn } from '../../test/session';

let ctx: TestContext;
let call: ReturnType<typeof apiClient>;
let schoolToken: string;
let campusToken: string;
let ids: {
  school: number;
  campus: number;
  otherSchool: number;
  campusRole: number;
  superAdminRole: number;
  systemRole: number;
};

beforeAll(async () => {
  ctx = await startTestApp();
  call = apiClient(ctx.baseUrl);
  const school = await createSchool(ctx.db);
  const other = await createSchool(ctx.db);
  const campus = await createCampus(ctx.db, school.id_school);
  ids = {
    school: school.id_school,
    campus: campus.id_campus,
    otherSchool: other.id_school,
    campusRole: await roleIdByName(ctx.db, 'Campus Admin'),
    superAdminRole: await roleIdByName(ctx.db, 'SuperAdmin'),
    systemRole: await roleIdByName(ctx.db, 'System Support'),
  };
  const admin = await createUser(ctx.db, { context: CONTEXT_TYPE.SCHOOL, id_school: school.id_school });
  const campusUser = await createUser(ctx.db, {
    context: CONTEXT_TYPE.CAMPUS,
    id_school: school.id_school,
    id_campus: campus.id_campus,
  });
  schoolToken = (await signIn(ctx.baseUrl, admin.email)).accessToken;
  campusToken = (await signIn(ctx.baseUrl, campusUser.email)).accessToken;
});
afterAll(() => ctx?.close());

const newUser = (over: Record<string, unknown> = {}) => ({
  name: 'Lucía Ortega',
  email: `lucia${Math.random().toString(36).slice(2)}@test.openseat.org`,
  password: 'a-good-long-password',
  id_role: ids.campusRole,
  id_campus: ids.campus,
  telephone: '+15205550101',
  ...over,
});

describe('users', () => {
  it('creates a campus user in the caller school, lists it, and refuses a duplicate e-mail', async () => {
    const body = newUser();
    const created = await call<{ data: UserRow }>('POST', '/user', { token: schoolToken, body });
    expect(created.status, JSON.stringify(created.body)).toBe(200);
    expect(created.body.data).toMatchObject({
      email: body.email,
      id_school: ids.school,
      id_campus: ids.campus,
      roles: { name: 'Campus Admin' },
    });
    const list = await call<{ data: UserRow[]; total: number }>(
      'GET',
      `/user?tab=campus&text=${encodeURIComponent('ortega')}`,
      { token: schoolToken },
    );
    expect(list.body.data.map((u) => u.email)).toContain(body.email);
    const again = await call('POST', '/user', { token: schoolToken, body: { ...body } });
    expect(again.status).toBe(400);
    expect(again.body.errors).toEqual([{ path: 'email', message: 'A user with this e-mail already exists.' }]);
  });

  it('narrows the list to one campus for the campus users tab', async () => {
    const list = await call<{ data: UserRow[] }>('GET', `/user?id_campus=${ids.campus}&pageSize=200`, {
      token: schoolToken,
    });
    expect(list.body.data.length).toBeGreaterThan(0);
    expect(list.body.data.every((u) => u.id_campus === ids.campus)).toBe(true);
    const other = await call<{ data: UserRow[] }>('GET', `/user?id_school=${ids.otherSchool}`, { token: schoolToken });
    expect(other.body.data).toEqual([]);
  });

  it('gives the spec messages for bad input in English and Spanish', async () => {
    const bad = newUser({ name: '', email: 'nope', password: 'short', telephone: '(520) 555-0101' });
    const en = await call('POST', '/user', { token: schoolToken, body: bad });
    expect(en.status).toBe(400);
    expect(en.body.errors).toEqual(
      expect.arrayContaining([
        { path: 'name', message: 'Required field.' },
        { path: 'email', message: 'Enter a valid email.' },
        { path: 'password', message: 'It needs to have at least 8 characters.' },
        { path: 'telephone', message: "The phone number can't have dash, spaces nor parentheses." },
      ]),
    );
    const es = await call('POST', '/user', { token: schoolToken, body: bad, headers: { 'accept-language': 'es' } });
    expect(es.body.errors).toEqual(
      expect.arrayContaining([
        { path: 'name', message: 'Campo requerido' },
        { path: 'password', message: 'Necesita tener al menos 8 caracteres.' },
      ]),
    );
  });

  it('refuses to hand out system or SuperAdmin roles, or to place a user in another school', async () => {
    expect(
      (
        await call('POST', '/user', {
          token: schoolToken,
          body: newUser({ id_role: ids.superAdminRole, id_campus: null }),
        })
      ).status,
    ).toBe(403);
    expect(
      (await call('POST', '/user', { token: schoolToken, body: newUser({ id_role: ids.systemRole, id_campus: null }) }))
        .status,
    ).toBe(403);
    const otherCampus = await createCampus(ctx.db, ids.otherSchool);
    expect(
      (await call('POST', '/user', { token: schoolToken, body: newUser({ id_campus: otherCampus.id_campus }) })).status,
    ).toBe(403);
  });

  it('lets a campus admin look at users but not create them', async () => {
    expect((await call('GET', '/user', { token: campusToken })).status).toBe(200);
    expect((await call('POST', '/user', { token: campusToken, body: newUser() })).status).toBe(403);
  });

  it('updates a user with a photo over multipart, serves it, and refuses a fake image', async () => {
    const { body } = await call<{ data: UserRow }>('POST', '/user', { token: schoolToken, body: newUser() });
    const form = (file: Blob, name: string) => {
      const fd = new FormData();
      for (const [k, v] of Object.entries({
        id_user: body.data.id_user,
        name: 'Lucía O.',
        email: body.data.email,
        id_role: ids.campusRole,
        id_campus: ids.campus,
        isActive: 'true',
        telephone: '',
      }))
        fd.append(k, String(v));
      fd.append('photo', file, name);
      return fd;
    };
    const put = (fd: FormData) =>
      fetch(`${ctx.baseUrl}/api/user`, {
        method: 'PUT',
        headers: { authorization: `Bearer ${schoolToken}` },
        body: fd,
      });
    const ok = await put(form(new Blob([PNG], { type: 'image/png' }), 'me.png'));
    expect(ok.status).toBe(200);
    const updated = (await ok.json()) as { data: UserRow };
    expect(updated.data).toMatchObject({ name: 'Lucía O.', telephone: null });
    const photo = await fetch(`${ctx.baseUrl}${updated.data.photo}`, {
      headers: { authorization: `Bearer ${schoolToken}` },
    });
    expect(photo.headers.get('content-type')).toBe('image/png');
    expect(await samePixels(Buffer.from(await photo.arrayBuffer()), PNG)).toBe(true);
    const fake = await put(form(new Blob(['<script>alert(1)</script>'], { type: 'image/png' }), 'evil.png'));
    expect(fake.status).toBe(400);
    expect(((await fake.json()) as { message: string }).message).toBe('The file must be a PNG, JPEG or WebP image.');
  });

  it('deactivating a user ends its sessions', async () => {
    const body = newUser();
    const { body: created } = await call<{ data: UserRow }>('POST', '/user', { token: schoolToken, body });
    const session = await signIn(ctx.baseUrl, body.email, body.password);
    expect((await call('DELETE', `/user/${created.data.id_user}`, { token: schoolToken })).status).toBe(200);
    expect((await call('POST', '/auth/validate-token', { token: session.accessToken })).status).toBe(401);
    expect((await call('POST', '/auth/login', { body: { email: body.email, password: body.password } })).status).toBe(
      401,
    );
  });

  it('exports the users as CSV with the spec columns', async () => {
    const res = await fetch(`${ctx.baseUrl}/api/user/export?tab=campus`, {
      headers: { authorization: `Bearer ${schoolToken}` },
    });
    expect(res.headers.get('content-disposition')).toContain('users.csv');
    const lines = (await res.text()).trim().split('\n');
    expect(lines[0]).toBe('name,email,rol,isActive,telephone');
    expect(lines.length).toBeGreaterThan(1);
  });

  it('changes the own password with the current one, and keeps the session that changed it', async () => {
    const body = newUser();
    await call('POST', '/user', { token: schoolToken, body });
    const session = await signIn(ctx.baseUrl, body.email, body.password);
    const wrong = await call('PUT', '/user/password', {
      token: session.accessToken,
      body: { currentPassword: TEST_PASSWORD, newPassword: 'another-long-pass', confirmPassword: 'another-long-pass' },
    });
    expect(wrong.status).toBe(400);
    expect(wrong.body.message).toBe('The current password is not correct.');
    const mismatch = await call('PUT', '/user/password', {
      token: session.accessToken,
      body: { currentPassword: body.password, newPassword: 'another-long-pass', confirmPassword: 'different' },
    });
    expect(mismatch.body.message).toBe('Passwords must match.');
    const ok = await call('PUT', '/user/password', {
      token: session.accessToken,
      body: { currentPassword: body.password, newPassword: 'another-long-pass', confirmPassword: 'another-long-pass' },
    });
    expect(ok.status).toBe(200);
    // every other sign-in ends: account/password.test.ts
    expect((await call('POST', '/auth/validate-token', { token: session.accessToken })).status).toBe(200);
    await signIn(ctx.baseUrl, body.email, 'another-long-pass');
  });
});
