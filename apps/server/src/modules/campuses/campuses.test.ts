import fs from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { desc, eq } from 'drizzle-orm';
import { CONTEXT_TYPE } from '@openseat/shared/constants';
import { loadConfig } from '../../config';
import * as s from '../../db/schema/index';
import { decryptSecret } from '../../lib/crypto';
import { storedFilePath } from '../../lib/uploads';
import { apiClient, startTestApp, type TestContext } from '../../test/harness';
import { createCampus, createSchool, createUser } from '../../test/factories';
import { createPeriod, createRoleWith } from '../../test/enrollment-factories';
import { JPEG, PNG, samePixels } from '../../test/images';
import { signIn } from '../../test/session';

const dataDir = loadConfig({ NODE_ENV: 'test', PORT: '0' }).dataDir;

let ctx: TestContext;
let call: ReturnType<typeof apiClient>;
let superToken: string;
let schoolToken: string;
let campusToken: string;
let otherSchoolToken: string;
let mySchool: number;
let myCampus: number;
let siblingCampus: number;
let otherSchool: number;
let foreignCampus: number;

const tokenOf = async (spec: Parameters<typeof createUser>[1]) =>
  (await signIn(ctx.baseUrl, (await createUser(ctx.db, spec)).email)).accessToken;
const lastAudit = async (action: string) =>
  (
    await ctx.db
      .select()
      .from(s.auditLog)
      .where(eq(s.auditLog.action, action))
      .orderBy(desc(s.auditLog.id_audit_log))
      .limit(1)
  )[0];
const storedPhoto = async (id_campus: number) =>
  (await ctx.db.select({ photo: s.campus.photo }).from(s.campus).where(eq(s.campus.id_campus, id_campus)))[0]?.photo ??
  null;

type CampusReply = {
  message: string;
  errors?: Array<{ path: string; message: string }>;
  data: { photo: string | null; isMain: boolean; website: string | null };
};

/** PUT /campus as multipart: the fields as strings, plus an optional photo. */
function putCampus(
  token: string,
  fields: Record<string, string | number | boolean>,
  photo?: { bytes: Buffer; name: string; type: string },
) {
  const form = new FormData();
  for (const [k, v] of Object.entries(fields)) form.append(k, String(v));
  if (photo) form.append('photo', new Blob([new Uint8Array(photo.bytes)], { type: photo.type }), photo.name);
  return fetch(`${ctx.baseUrl}/api/campus`, {
    method: 'PUT',
    headers: { authorization: `Bearer ${token}` },
    body: form,
  }).then(async (r) => ({ status: r.status, body: (await r.json()) as CampusReply }));
}

beforeAll(async () => {
  ctx = await startTestApp();
  call = apiClient(ctx.baseUrl);
  mySchool = (await createSchool(ctx.db, 'Home School')).id_school;
  myCampus = (await createCampus(ctx.db, mySchool, 'Home Campus')).id_campus;
  siblingCampus = (await createCampus(ctx.db, mySchool, 'Home Sibling')).id_campus;
  otherSchool = (await createSchool(ctx.db, 'Zenith Foreign Academy')).id_school;
  foreignCampus = (await createCampus(ctx.db, otherSchool, 'Zenith Main')).id_campus;
  superToken = await tokenOf({ context: CONTEXT_TYPE.SYSTEM });
  schoolToken = await tokenOf({ context: CONTEXT_TYPE.SCHOOL, id_school: mySchool });
  campusToken = await tokenOf({ context: CONTEXT_TYPE.CAMPUS, id_school: mySchool, id_campus: myCampus });
  otherSchoolToken = await tokenOf({ context: CONTEXT_TYPE.SCHOOL, id_school: otherSchool });
});
afterAll(async () => {
  // the photos this file stored under the shared data directory
  for (const { photo } of (await ctx?.db.select({ photo: s.campus.photo }).from(s.campus)) ?? [])
    if (photo) fs.rmSync(storedFilePath(dataDir, photo), { force: true });
  await ctx?.close();
});

describe('campuses', () => {
  it('creates a campus with its configuration and every grade (inactive) in one go, audited', async () => {
    const created = await call<{
      message: string;
      data: { id_campus: number; name: string; active: boolean; schoolName: string };
    }>('POST', '/campus', {
      token: schoolToken,
      body: { id_school: mySchool, name: 'Home West', email: 'west@home.org', telephone: '+15205550101' },
    });
    expect(created.status, JSON.stringify(created.body)).toBe(200);
    expect(created.body).toMatchObject({
      message: 'Created.',
      data: { name: 'Home West', active: true, schoolName: 'Home School' },
    });
    const id_campus = created.body.data.id_campus;
    const config = await ctx.db
      .select()
      .from(s.campusConfiguration)
      .where(eq(s.campusConfiguration.id_campus, id_campus));
    expect(config).toHaveLength(1);
    const grades = await ctx.db.select().from(s.campusGrade).where(eq(s.campusGrade.id_campus, id_campus));
    expect(grades).toHaveLength(14);
    expect(grades.every((g) => !g.activatable)).toBe(true);
    expect((await lastAudit('campus.create')).entityId).toBe(String(id_campus));
  });

  it('refuses ids that point nowhere before touching the database: 400 on the field, never 500', async () => {
    const before = (await ctx.db.select({ id: s.campus.id_campus }).from(s.campus)).length;
    const missing = await call('POST', '/campus', {
      token: superToken,
      body: { id_school: 999999999, name: 'Nowhere Campus' },
    });
    expect(missing.status, JSON.stringify(missing.body)).toBe(400);
    expect(missing.body.errors).toEqual([{ path: 'id_school', message: 'Invalid value.' }]);
    // a school user naming a school that is not its own (existing or not) is refused alike, without a hint
    for (const id_school of [otherSchool, 999999999]) {
      const res = await call('POST', '/campus', { token: schoolToken, body: { id_school, name: 'Elsewhere' } });
      expect(res.status).toBe(403);
    }
    expect((await ctx.db.select({ id: s.campus.id_campus }).from(s.campus)).length).toBe(before);
    // positive control: the same call with a school that exists
    const ok = await call('POST', '/campus', {
      token: superToken,
      body: { id_school: otherSchool, name: 'Zenith East' },
    });
    expect(ok.status, JSON.stringify(ok.body)).toBe(200);
  });

  it('answers 400 to a multipart body without a boundary on PUT /campus', async () => {
    const res = await call('PUT', '/campus', {
      token: schoolToken,
      rawBody: '--x\r\nContent-Disposition: form-data; name="name"\r\n\r\nA\r\n--x--\r\n',
      headers: { 'content-type': 'multipart/form-data' },
    });
    expect(res.status, JSON.stringify(res.body)).toBe(400);
  });

  it('validates with the spec messages in English and Spanish', async () => {
    const en = await call('POST', '/campus', {
      token: schoolToken,
      body: { id_school: mySchool, name: '', email: 'nope', telephone: '520-555' },
    });
    expect(en.status).toBe(400);
    expect(en.body.errors).toEqual(
      expect.arrayContaining([
        { path: 'name', message: 'Required field.' },
        { path: 'email', message: 'Enter a valid email.' },
        { path: 'telephone', message: "The phone number can't have dash, spaces nor parentheses." },
      ]),
    );
    const es = await call('POST', '/campus', {
      token: schoolToken,
      body: { name: 'x' },
      headers: { 'accept-language': 'es-MX' },
    });
    expect(es.body.errors).toEqual(expect.arrayContaining([{ path: 'id_school', message: 'El ID es requerido.' }]));
    const multipart = await putCampus(schoolToken, {
      id_campus: myCampus,
      id_school: mySchool,
      name: '',
      email: 'bad',
    });
    expect(multipart.status).toBe(400);
    expect(multipart.body.errors).toEqual(expect.arrayContaining([{ path: 'name', message: 'Required field.' }]));
  });

  it('lists campuses scoped to the caller, by school, by name, page by page', async () => {
    const school = await call<{ data: Array<{ name: string }>; total: number }>(
      'GET',
      `/campus?id_school=${mySchool}&pageSize=200`,
      { token: schoolToken },
    );
    expect(school.body.data.map((r) => r.name)).toEqual(expect.arrayContaining(['Home Campus', 'Home Sibling']));
    expect(JSON.stringify(school.body)).not.toContain('Zenith');
    const paged = await call<{ data: unknown[]; total: number }>('GET', '/campus?page=0&pageSize=1', {
      token: schoolToken,
    });
    expect(paged.body.data).toHaveLength(1);
    expect(paged.body.total).toBeGreaterThanOrEqual(2);
    const text = await call<{ data: Array<{ name: string }> }>('GET', '/campus?text=sibl', { token: schoolToken });
    expect(text.body.data.map((r) => r.name)).toEqual(['Home Sibling']);
    const mine = await call<{ data: Array<{ name: string }>; total: number }>('GET', '/campus', { token: campusToken });
    expect(mine.body.data.map((r) => r.name)).toEqual(['Home Campus']);
    expect(mine.body.total).toBe(1);
    const foreign = await call<{ data: unknown[] }>('GET', `/campus?id_school=${otherSchool}`, { token: schoolToken });
    expect(foreign.body.data).toEqual([]);
    // positive control: the system user sees the other school's campus
    expect(
      JSON.stringify((await call('GET', `/campus?id_school=${otherSchool}`, { token: superToken })).body),
    ).toContain('Zenith Main');
  });

  it('exports campuses as CSV with the spec columns, scoped, honouring the filters', async () => {
    const res = await fetch(`${ctx.baseUrl}/api/campus/export?id_school=${mySchool}`, {
      headers: { authorization: `Bearer ${schoolToken}` },
    });
    expect(res.headers.get('content-type')).toContain('text/csv');
    const lines = (await res.text()).trim().split('\n');
    expect(lines[0]).toBe('campus,name,email,telephone,isActive');
    expect(lines).toContain('Home School,Home Campus,,,true');
    expect(lines.join('\n')).not.toContain('Zenith');
    const all = await (
      await fetch(`${ctx.baseUrl}/api/campus/export`, { headers: { authorization: `Bearer ${schoolToken}` } })
    ).text();
    expect(all).not.toContain('Zenith');
    const filtered = (
      await (
        await fetch(`${ctx.baseUrl}/api/campus/export?text=sibling`, {
          headers: { authorization: `Bearer ${schoolToken}` },
        })
      ).text()
    )
      .trim()
      .split('\n');
    expect(filtered).toEqual(['campus,name,email,telephone,isActive', 'Home School,Home Sibling,,,true']);
  });

  it('updates a campus as JSON or multipart; isMain is unique per school', async () => {
    const first = await putCampus(schoolToken, {
      id_campus: myCampus,
      id_school: mySchool,
      name: 'Home Campus',
      isMain: true,
      website: 'https://home.org',
    });
    expect(first.status, JSON.stringify(first.body)).toBe(200);
    expect(first.body.data).toMatchObject({ isMain: true, website: 'https://home.org' });
    const second = await call<{ data: { isMain: boolean } }>('PUT', '/campus', {
      token: schoolToken,
      body: { id_campus: siblingCampus, id_school: mySchool, name: 'Home Sibling', isMain: true },
    });
    expect(second.body.data.isMain).toBe(true);
    expect((await call<{ isMain: boolean }>('GET', `/campus/${myCampus}`, { token: schoolToken })).body.isMain).toBe(
      false,
    );
    const audit = await lastAudit('campus.update');
    expect(audit.changes).toEqual({ isMain: { from: false, to: true } });
    const moved = await call('PUT', '/campus', {
      token: schoolToken,
      body: { id_campus: siblingCampus, id_school: otherSchool, name: 'Moved away' },
    });
    expect(moved.status).toBe(403);
  });

  it('activates and deactivates a campus, audited', async () => {
    const off = await call<{ data: { active: boolean } }>('PUT', `/campus/${siblingCampus}/active`, {
      token: schoolToken,
      body: { active: false },
    });
    expect(off.body.data.active).toBe(false);
    expect((await lastAudit('campus.deactivate')).changes).toEqual({ active: { from: true, to: false } });
    const on = await call<{ data: { active: boolean } }>('PUT', `/campus/${siblingCampus}/active`, {
      token: schoolToken,
      body: { active: true },
    });
    expect(on.body.data.active).toBe(true);
  });
});

describe('campus photo', () => {
  it('stores a PNG under data/files/campuses, serves it to who may see the campus, and replaces it', async () => {
    const ok = await putCampus(
      schoolToken,
      { id_campus: myCampus, id_school: mySchool, name: 'Home Campus' },
      { bytes: PNG, name: 'front.png', type: 'image/png' },
    );
    expect(ok.status, JSON.stringify(ok.body)).toBe(200);
    expect(ok.body.data.photo).toBe(`/api/campus/${myCampus}/photo`);
    const first = (await storedPhoto(myCampus))!;
    expect(first).toMatch(/^campuses\/[0-9a-f]{32}\.png$/);
    expect(fs.existsSync(storedFilePath(dataDir, first))).toBe(true);
    const listed = await call<{ data: Array<{ id_campus: number; photo: string | null }> }>(
      'GET',
      `/campus?id_school=${mySchool}`,
      { token: schoolToken },
    );
    expect(listed.body.data.find((c) => c.id_campus === myCampus)?.photo).toBe(`/api/campus/${myCampus}/photo`);
    expect(JSON.stringify(listed.body)).not.toContain(first);

    const photo = await fetch(`${ctx.baseUrl}${ok.body.data.photo}`, {
      headers: { authorization: `Bearer ${campusToken}` },
    });
    expect(photo.status).toBe(200);
    expect(photo.headers.get('content-type')).toBe('image/png');
    expect(await samePixels(Buffer.from(await photo.arrayBuffer()), PNG)).toBe(true);
    const foreign = await fetch(`${ctx.baseUrl}${ok.body.data.photo}`, {
      headers: { authorization: `Bearer ${otherSchoolToken}` },
    });
    expect(foreign.status).toBe(404);
    const anonymous = await fetch(`${ctx.baseUrl}${ok.body.data.photo}`);
    expect(anonymous.status).toBe(401);

    const replaced = await putCampus(
      schoolToken,
      { id_campus: myCampus, id_school: mySchool, name: 'Home Campus' },
      { bytes: JPEG, name: 'front.jpg', type: 'image/jpeg' },
    );
    expect(replaced.status).toBe(200);
    const second = (await storedPhoto(myCampus))!;
    expect(second).toMatch(/\.jpg$/);
    expect(fs.existsSync(storedFilePath(dataDir, first))).toBe(false);
    const served = await fetch(`${ctx.baseUrl}/api/campus/${myCampus}/photo`, {
      headers: { authorization: `Bearer ${schoolToken}` },
    });
    expect(served.headers.get('content-type')).toBe('image/jpeg');
  });

  it('refuses a file that is not an image by its content, and one over 2 MiB', async () => {
    const before = await storedPhoto(myCampus);
    const fake = await putCampus(
      schoolToken,
      { id_campus: myCampus, id_school: mySchool, name: 'Home Campus' },
      { bytes: Buffer.from('<svg onload="alert(1)"/>'), name: 'logo.png', type: 'image/png' },
    );
    expect(fake.status).toBe(400);
    expect(fake.body.message).toBe('The file must be a PNG, JPEG or WebP image.');
    const big = await putCampus(
      schoolToken,
      { id_campus: myCampus, id_school: mySchool, name: 'Home Campus' },
      { bytes: Buffer.concat([PNG, Buffer.alloc(2 * 1024 * 1024)]), name: 'big.png', type: 'image/png' },
    );
    expect(big.status).toBe(413);
    expect(big.body.message).toBe('The file is too large.');
    const es = await fetch(`${ctx.baseUrl}/api/campus`, {
      method: 'PUT',
      headers: { authorization: `Bearer ${schoolToken}`, 'accept-language': 'es' },
      body: (() => {
        const form = new FormData();
        form.append('id_campus', String(myCampus));
        form.append('id_school', String(mySchool));
        form.append('name', 'Home Campus');
        form.append('photo', new Blob(['GIF89a']), 'x.gif');
        return form;
      })(),
    });
    expect(((await es.json()) as { message: string }).message).toBe('El archivo debe ser una imagen PNG, JPEG o WebP.');
    expect(await storedPhoto(myCampus)).toBe(before);
  });

  it("an upload for another school's campus is refused and leaves no file behind", async () => {
    const folder = `${dataDir}/files/campuses`;
    const filesBefore = fs.existsSync(folder) ? fs.readdirSync(folder).length : 0;
    const res = await putCampus(
      schoolToken,
      { id_campus: foreignCampus, id_school: otherSchool, name: 'Hijacked' },
      { bytes: PNG, name: 'x.png', type: 'image/png' },
    );
    expect(res.status).toBe(404);
    expect(JSON.stringify(res.body)).not.toContain('Zenith');
    expect(fs.existsSync(folder) ? fs.readdirSync(folder).length : 0).toBe(filesBefore);
    expect(await storedPhoto(foreignCampus)).toBeNull();
  });

  it('an update refused inside its transaction removes the new file and keeps the stored photo', async () => {
    const kept = (await storedPhoto(myCampus))!;
    const folder = `${dataDir}/files/campuses`;
    const filesBefore = fs.readdirSync(folder).sort();
    // its own campus, but moved to another school: refused after the file was written
    const res = await putCampus(
      schoolToken,
      { id_campus: myCampus, id_school: otherSchool, name: 'Home Campus' },
      { bytes: PNG, name: 'moved.png', type: 'image/png' },
    );
    expect(res.status).toBe(403);
    expect(fs.readdirSync(folder).sort()).toEqual(filesBefore);
    expect(await storedPhoto(myCampus)).toBe(kept);
    expect(fs.existsSync(storedFilePath(dataDir, kept))).toBe(true);
  });
});

describe('campus configuration', () => {
  const stored = async (id_campus: number) =>
    (await ctx.db.select().from(s.campusConfiguration).where(eq(s.campusConfiguration.id_campus, id_campus)))[0];
  const base = { id_campus: 0, active: true, is_lottery_campus: false };

  it('masks the API secret and keeps, replaces and clears it', async () => {
    const saved = await call<{ data: Record<string, unknown> }>('PUT', '/configuration/campus', {
      token: campusToken,
      body: {
        ...base,
        id_campus: myCampus,
        is_lottery_campus: true,
        api_secret: 'campus-secret-abcd',
        phone_number: '+15205551111',
        id_enrollment_sis: 2,
        looker_studio_link: 'https://lookerstudio.google.com/x',
      },
    });
    expect(saved.status, JSON.stringify(saved.body)).toBe(200);
    expect(saved.body.data).toMatchObject({
      is_lottery_campus: true,
      api_secret: '••••abcd',
      hasApiSecret: true,
      id_enrollment_sis: 2,
    });
    expect(JSON.stringify(saved.body)).not.toContain('campus-secret');
    expect(decryptSecret(ctx.secrets.encryptionKey, (await stored(myCampus)).api_secret_encrypted!)).toBe(
      'campus-secret-abcd',
    );
    expect(JSON.stringify((await lastAudit('campus.configure')).changes)).not.toContain('campus-secret');

    const kept = await call<Record<string, unknown>>('PUT', '/configuration/campus', {
      token: campusToken,
      body: { ...base, id_campus: myCampus },
    });
    expect((kept.body.data as Record<string, unknown>).api_secret).toBe('••••abcd');
    const read = await call<Record<string, unknown>>('GET', `/configuration/campus?id_campus=${myCampus}`, {
      token: campusToken,
    });
    expect(read.body).toMatchObject({ api_secret: '••••abcd', hasApiSecret: true, id_enrollment_sis: null });
    const replaced = await call<{ data: Record<string, unknown> }>('PUT', '/configuration/campus', {
      token: campusToken,
      body: { ...base, id_campus: myCampus, api_secret: 'second-secret-wxyz' },
    });
    expect(replaced.body.data.api_secret).toBe('••••wxyz');
    const cleared = await call<{ data: Record<string, unknown> }>('PUT', '/configuration/campus', {
      token: campusToken,
      body: { ...base, id_campus: myCampus, api_secret: '' },
    });
    expect(cleared.body.data).toMatchObject({ api_secret: null, hasApiSecret: false });
    expect((await stored(myCampus)).api_secret_encrypted).toBeNull();
  });

  it('validates the configuration (SIS 1-3, phone, e-mail)', async () => {
    const res = await call('PUT', '/configuration/campus', {
      token: campusToken,
      body: { ...base, id_campus: myCampus, id_enrollment_sis: 4, phone_number: '555 1111', email: 'x' },
    });
    expect(res.status).toBe(400);
    const paths = (res.body.errors as Array<{ path: string }>).map((e) => e.path);
    expect(paths).toEqual(expect.arrayContaining(['id_enrollment_sis', 'phone_number', 'email']));
  });

  it('a campus user configures only its own campus', async () => {
    const sibling = await call('PUT', '/configuration/campus', {
      token: campusToken,
      body: { ...base, id_campus: siblingCampus, active: false },
    });
    expect(sibling.status).toBe(404);
    expect((await stored(siblingCampus)).active).toBe(true);
    expect((await call('GET', `/configuration/campus?id_campus=${siblingCampus}`, { token: campusToken })).status).toBe(
      404,
    );
  });
});

describe('permissions (spec section 6 messages)', () => {
  it('a campus admin may not edit campus data, create, delete or (de)activate campuses', async () => {
    const edit = await call('PUT', '/campus', {
      token: campusToken,
      body: { id_campus: myCampus, id_school: mySchool, name: 'Renamed' },
    });
    expect(edit.status).toBe(403);
    expect(edit.body.message).toBe("You don't have permissions to update campus data.");
    const es = await call('POST', '/campus', {
      token: campusToken,
      body: { id_school: mySchool, name: 'New' },
      headers: { 'accept-language': 'es' },
    });
    expect(es.status).toBe(403);
    expect(es.body.message).toBe('No tiene permisos para actualizar los datos del campus.');
    expect((await call('DELETE', `/campus/${myCampus}`, { token: campusToken })).status).toBe(403);
    expect(
      (await call('PUT', `/campus/${myCampus}/active`, { token: campusToken, body: { active: false } })).status,
    ).toBe(403);
  });

  it('configuring the campus needs school_campus/tab_configuration', async () => {
    const role = await createRoleWith(ctx.db, CONTEXT_TYPE.CAMPUS, [['school_campus', 'access']]);
    const token = await tokenOf({
      context: CONTEXT_TYPE.CAMPUS,
      id_school: mySchool,
      id_campus: myCampus,
      role: role.name,
    });
    const res = await call('PUT', '/configuration/campus', {
      token,
      body: { id_campus: myCampus, active: true, is_lottery_campus: false },
    });
    expect(res.status).toBe(403);
    expect(res.body.message).toBe("You don't have permissions to configure the campus.");
    const es = await call('PUT', '/configuration/campus', {
      token,
      body: { id_campus: myCampus, active: true, is_lottery_campus: false },
      headers: { 'accept-language': 'es' },
    });
    expect(es.body.message).toBe('No tiene permisos para configurar el campus.');
  });
});

describe('deleting a campus', () => {
  it('refuses while it has users, with a clear message', async () => {
    const res = await call('DELETE', `/campus/${myCampus}`, { token: schoolToken });
    expect(res.status).toBe(409);
    expect(res.body.message).toBe('This campus still has applications or users: deactivate it instead.');
  });

  it('refuses while one of its periods has a lottery on record', async () => {
    const campus = await createCampus(ctx.db, mySchool, 'Lottery Campus');
    const period = await createPeriod(ctx.db, campus);
    await ctx.db.insert(s.lottery).values({
      id_school: mySchool,
      id_campus_year: period.id_campus_year,
      algorithm: 'openseat-lottery-v1',
      seed: 'seed',
      seedHash: 'hash',
    });
    const res = await call('DELETE', `/campus/${campus.id_campus}`, { token: schoolToken });
    expect(res.status).toBe(409);
    expect(await storedPhoto(campus.id_campus)).toBeNull();
    expect(await ctx.db.select().from(s.campus).where(eq(s.campus.id_campus, campus.id_campus))).toHaveLength(1);
  });

  it('deletes an unused campus with its configuration, grades, periods and photo, audited', async () => {
    const created = await call<{ data: { id_campus: number } }>('POST', '/campus', {
      token: schoolToken,
      body: { id_school: mySchool, name: 'Short-lived' },
    });
    const id_campus = created.body.data.id_campus;
    await createPeriod(ctx.db, { id_school: mySchool, id_campus });
    await putCampus(
      schoolToken,
      { id_campus, id_school: mySchool, name: 'Short-lived' },
      { bytes: PNG, name: 'a.png', type: 'image/png' },
    );
    const photo = (await storedPhoto(id_campus))!;
    const res = await call('DELETE', `/campus/${id_campus}`, { token: schoolToken });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.message).toBe('Deleted.');
    expect(await ctx.db.select().from(s.campusGrade).where(eq(s.campusGrade.id_campus, id_campus))).toEqual([]);
    expect(
      await ctx.db.select().from(s.campusConfiguration).where(eq(s.campusConfiguration.id_campus, id_campus)),
    ).toEqual([]);
    expect(fs.existsSync(storedFilePath(dataDir, photo))).toBe(false);
    expect((await lastAudit('campus.delete')).entityId).toBe(String(id_campus));
    expect((await call('GET', `/campus/${id_campus}`, { token: schoolToken })).status).toBe(404);
  });
});

describe('another tenant', () => {
  it("a school user can neither read nor change another school's campus (404/403, nothing of it in the body)", async () => {
    const attempts = [
      ['GET', `/campus/${foreignCampus}`, undefined],
      ['PUT', '/campus', { id_campus: foreignCampus, id_school: otherSchool, name: 'Hijacked' }],
      ['PUT', `/campus/${foreignCampus}/active`, { active: false }],
      ['DELETE', `/campus/${foreignCampus}`, undefined],
      ['GET', `/configuration/campus?id_campus=${foreignCampus}`, undefined],
      ['PUT', '/configuration/campus', { id_campus: foreignCampus, active: false, is_lottery_campus: true }],
      ['POST', '/campus', { id_school: otherSchool, name: 'Planted' }],
    ] as const;
    for (const [method, path, body] of attempts) {
      const res = await call(method, path, { token: schoolToken, body });
      expect([403, 404], `${method} ${path}`).toContain(res.status);
      expect(JSON.stringify(res.body)).not.toContain('Zenith');
    }
    const [row] = await ctx.db.select().from(s.campus).where(eq(s.campus.id_campus, foreignCampus));
    expect(row.name).toBe('Zenith Main');
    const [config] = await ctx.db
      .select()
      .from(s.campusConfiguration)
      .where(eq(s.campusConfiguration.id_campus, foreignCampus));
    expect(config).toMatchObject({ active: true, is_lottery_campus: false });
    expect(await ctx.db.select().from(s.campus).where(eq(s.campus.name, 'Planted'))).toEqual([]);
    // positive control: the owner reads it
    expect((await call('GET', `/campus/${foreignCampus}`, { token: otherSchoolToken })).status).toBe(200);
  });

  it('a campus user cannot read its sibling campus', async () => {
    const res = await call('GET', `/campus/${siblingCampus}`, { token: campusToken });
    expect(res.status).toBe(404);
    expect((await call('GET', `/campus/${myCampus}`, { token: campusToken })).status).toBe(200);
  });
});
