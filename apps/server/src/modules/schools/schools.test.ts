import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { CONTEXT_TYPE } from '@openseat/shared/constants';
import * as s from '../../db/schema/index';
import { decryptSecret } from '../../lib/crypto';
import { apiClient, startTestApp, type TestContext } from '../../test/harness';
import { createCampus, createSchool, createUser } from '../../test/factories';
import { signIn } from '../../test/session';

let ctx: TestContext;
let call: ReturnType<typeof apiClient>;
let superToken: string;
let schoolToken: string;
let campusToken: string;
let mySchool: number;
let myCampus: number;

beforeAll(async () => {
  ctx = await startTestApp();
  call = apiClient(ctx.baseUrl);
  mySchool = (await createSchool(ctx.db, 'Home School')).id_school;
  myCampus = (await createCampus(ctx.db, mySchool, 'Home Campus')).id_campus;
  superToken = (await signIn(ctx.baseUrl, (await createUser(ctx.db, { context: CONTEXT_TYPE.SYSTEM })).email)).accessToken;
  schoolToken = (await signIn(ctx.baseUrl, (await createUser(ctx.db, { context: CONTEXT_TYPE.SCHOOL, id_school: mySchool })).email)).accessToken;
  campusToken = (await signIn(ctx.baseUrl, (await createUser(ctx.db, { context: CONTEXT_TYPE.CAMPUS, id_school: mySchool, id_campus: myCampus })).email)).accessToken;
});
afterAll(() => ctx?.close());

describe('schools', () => {
  it('a system user creates a school; lists filter by tab and text; CSV has the spec columns', async () => {
    const created = await call<{ data: { id_school: number; active: boolean } }>('POST', '/school', { token: superToken, body: { name: 'Cedar Ridge Charter', email: 'office@cedar.org', telephone: '+15205550000' } });
    expect(created.status, JSON.stringify(created.body)).toBe(200);
    expect(created.body.data.active).toBe(true);
    await call('PUT', `/school/${created.body.data.id_school}/active`, { token: superToken, body: { active: false } });
    const inactive = await call<{ data: Array<{ name: string }> }>('GET', '/school?tab=inactive', { token: superToken });
    expect(inactive.body.data.map((r) => r.name)).toEqual(['Cedar Ridge Charter']);
    const search = await call<Array<{ name: string }>>('GET', '/school/search?term=ridge', { token: superToken });
    expect(search.body.map((r) => r.name)).toEqual(['Cedar Ridge Charter']);
    const csv = await fetch(`${ctx.baseUrl}/api/school/export`, { headers: { authorization: `Bearer ${superToken}` } });
    const lines = (await csv.text()).trim().split('\n');
    expect(lines[0]).toBe('name,address,email,telephone,isActive');
    expect(lines).toContain('Cedar Ridge Charter,,office@cedar.org,+15205550000,false');
  });

  it('refuses school users creating schools with the spec message, and validates input in both languages', async () => {
    const refused = await call('POST', '/school', { token: schoolToken, body: { name: 'Mine' } });
    expect(refused.status).toBe(403);
    expect(refused.body.message).toBe("You don't have permissions to configure school data.");
    const bad = await call('PUT', `/school/${mySchool}`, { token: schoolToken, body: { name: '', email: 'x@', telephone: '52 0' }, headers: { 'accept-language': 'es' } });
    expect(bad.status).toBe(400);
    expect(bad.body.errors).toEqual(expect.arrayContaining([{ path: 'name', message: 'Campo requerido' }, { path: 'email', message: 'Ingrese un correo electrónico válido.' }]));
  });

  it('stores secrets encrypted, shows the last 4 characters, keeps, replaces and clears them', async () => {
    const base = { id_school: mySchool, active: true, is_charter_connect: false, use_less_parameters: false, is_age_school: false, is_one_form: false };
    const saved = await call<{ data: Record<string, unknown> }>('PUT', '/configuration/school', { token: schoolToken, body: { ...base, sendgrid_api_key: 'SG.secret-key-1234', fp_access_token: 'EAAB-token-9876' } });
    expect(saved.status).toBe(200);
    expect(saved.body.data.sendgrid_api_key).toBe('••••1234');
    expect(JSON.stringify(saved.body)).not.toContain('secret-key');
    const [row] = await ctx.db.select().from(s.schoolConfiguration).where(eq(s.schoolConfiguration.id_school, mySchool));
    expect(row.sendgrid_api_key_encrypted).not.toContain('SG.');
    expect(decryptSecret(ctx.secrets.encryptionKey, row.sendgrid_api_key_encrypted!)).toBe('SG.secret-key-1234');
    const kept = await call<{ data: Record<string, unknown> }>('PUT', '/configuration/school', { token: schoolToken, body: { ...base, fp_access_token: null } });
    expect(kept.body.data).toMatchObject({ sendgrid_api_key: '••••1234', fp_access_token: null });
    const read = await call<Record<string, unknown>>('GET', `/configuration/school?id_school=${mySchool}`, { token: schoolToken });
    expect(read.body.sendgrid_api_key).toBe('••••1234');
  });
});

describe('inactive school', () => {
  it('its users still sign in and are told the school is inactive', async () => {
    const school = await createSchool(ctx.db, 'Sleeping Charter');
    const user = await createUser(ctx.db, { context: CONTEXT_TYPE.SCHOOL, id_school: school.id_school });
    expect((await signIn(ctx.baseUrl, user.email)).user.schoolActive).toBe(true);
    await call('PUT', `/school/${school.id_school}/active`, { token: superToken, body: { active: false } });
    expect((await signIn(ctx.baseUrl, user.email)).user.schoolActive).toBe(false);
  });
});

describe('campuses and grades', () => {
  it('creates a campus with inactive grades, activates one, and exports campuses', async () => {
    const created = await call<{ data: { id_campus: number } }>('POST', '/campus', { token: schoolToken, body: { id_school: mySchool, name: 'Home West' } });
    expect(created.status, JSON.stringify(created.body)).toBe(200);
    const id_campus = created.body.data.id_campus;
    const grades = await call<Array<{ id_campus_grade: number; name: string; activatable: boolean }>>('GET', `/configuration/campusGrade/all?id_campus=${id_campus}`, { token: schoolToken });
    expect(grades.body).toHaveLength(14);
    expect(grades.body.every((g) => !g.activatable)).toBe(true);
    const k = grades.body.find((g) => g.name === 'K')!;
    const toggled = await call<{ data: { activatable: boolean } }>('PUT', '/configuration/campusGrade/activate', { token: schoolToken, body: { id_campus_grade: k.id_campus_grade } });
    expect(toggled.body.data.activatable).toBe(true);
    const csv = await (await fetch(`${ctx.baseUrl}/api/campus/export`, { headers: { authorization: `Bearer ${schoolToken}` } })).text();
    expect(csv.split('\n')[0]).toBe('campus,name,email,telephone,isActive');
    expect(csv).toContain('Home School,Home West');
  });

  it('activating a grade gives open school periods a seat row for it', async () => {
    const created = await call<{ data: { id_campus: number } }>('POST', '/campus', { token: schoolToken, body: { id_school: mySchool, name: 'Home North' } });
    const id_campus = created.body.data.id_campus;
    const period = await call<{ data: { id_campus_year: number } }>('POST', '/enrollment/campusYear', { token: schoolToken, body: { id_campus, id_school_year: 4, spots: 10 } });
    expect(period.status, JSON.stringify(period.body)).toBe(200);
    const seats = () => call<Array<{ grade: { name: string } }>>('GET', `/enrollment/campusYearGrade/all?id_campus_year=${period.body.data.id_campus_year}`, { token: schoolToken });
    expect((await seats()).body).toEqual([]);
    const grades = await call<Array<{ id_campus_grade: number; name: string }>>('GET', `/configuration/campusGrade/all?id_campus=${id_campus}`, { token: schoolToken });
    await call('PUT', '/configuration/campusGrade/activate', { token: schoolToken, body: { id_campus_grade: grades.body.find((g) => g.name === '3')!.id_campus_grade } });
    expect((await seats()).body.map((r) => r.grade.name)).toEqual(['3']);
  });

  it('age-based schools show the age instead of the grade', async () => {
    await ctx.db.update(s.schoolConfiguration).set({ is_age_school: true }).where(eq(s.schoolConfiguration.id_school, mySchool));
    const grades = await call<Array<{ name: string; display: string }>>('GET', `/configuration/campusGrade/all?id_campus=${myCampus}`, { token: schoolToken });
    expect(grades.body.find((g) => g.name === 'K')?.display).toBe('5');
    await ctx.db.update(s.schoolConfiguration).set({ is_age_school: false }).where(eq(s.schoolConfiguration.id_school, mySchool));
  });

  it('a campus admin configures its campus but may not edit campus data (spec message)', async () => {
    const config = await call('PUT', '/configuration/campus', { token: campusToken, body: { id_campus: myCampus, active: true, is_lottery_campus: true, api_secret: 'campus-secret-abcd', phone_number: '+15205551111', id_enrollment_sis: 2 } });
    expect(config.status, JSON.stringify(config.body)).toBe(200);
    expect(config.body.data).toMatchObject({ is_lottery_campus: true, api_secret: '••••abcd', id_enrollment_sis: 2 });
    const edit = await call('PUT', '/campus', { token: campusToken, body: { id_campus: myCampus, id_school: mySchool, name: 'Renamed' } });
    expect(edit.status).toBe(403);
    expect(edit.body.message).toBe("You don't have permissions to update campus data.");
  });

  it('refuses to delete a campus that still has users', async () => {
    const res = await call('DELETE', `/campus/${myCampus}`, { token: schoolToken });
    expect(res.status).toBe(409);
  });
});
