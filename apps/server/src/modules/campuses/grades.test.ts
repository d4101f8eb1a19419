import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, desc, eq } from 'drizzle-orm';
import { CONTEXT_TYPE } from '@openseat/shared/constants';
import * as s from '../../db/schema/index';
import { apiClient, startTestApp, type TestContext } from '../../test/harness';
import { createCampus, createSchool, createUser } from '../../test/factories';
import { createRoleWith } from '../../test/enrollment-factories';
import { signIn } from '../../test/session';

type GradeRow = {
  id_campus_grade: number;
  id_grade: number;
  name: string;
  age: number;
  activatable: boolean;
  value: string | null;
  label: string | null;
  display: string;
};
type ActiveGrade = {
  id_campus_grade: number;
  id_grade: number;
  name: string;
  age: number;
  value: string | null;
  label: string;
};

let ctx: TestContext;
let call: ReturnType<typeof apiClient>;
let schoolToken: string;
let campusToken: string;
let mySchool: number;
let north: number;
let south: number;
let foreignCampus: number;
let otherSchool: number;

const tokenOf = async (spec: Parameters<typeof createUser>[1]) =>
  (await signIn(ctx.baseUrl, (await createUser(ctx.db, spec)).email)).accessToken;
const gradesOf = async (id_campus: number, token = schoolToken) =>
  (await call<GradeRow[]>('GET', `/configuration/campusGrade/all?id_campus=${id_campus}`, { token })).body;
const gradeId = async (id_campus: number, name: string) =>
  (await gradesOf(id_campus, schoolToken)).find((g) => g.name === name)!.id_campus_grade;
const toggle = (id_campus_grade: number, token = schoolToken, lng = 'en') =>
  call<{ data: { activatable: boolean } }>('PUT', '/configuration/campusGrade/activate', {
    token,
    body: { id_campus_grade },
    headers: { 'accept-language': lng },
  });
const setAgeSchool = (id_school: number, value: boolean) =>
  ctx.db
    .update(s.schoolConfiguration)
    .set({ is_age_school: value })
    .where(eq(s.schoolConfiguration.id_school, id_school));

beforeAll(async () => {
  ctx = await startTestApp();
  call = apiClient(ctx.baseUrl);
  mySchool = (await createSchool(ctx.db, 'Home School')).id_school;
  north = (await createCampus(ctx.db, mySchool, 'Home North')).id_campus;
  south = (await createCampus(ctx.db, mySchool, 'Home South')).id_campus;
  otherSchool = (await createSchool(ctx.db, 'Zenith Foreign Academy')).id_school;
  foreignCampus = (await createCampus(ctx.db, otherSchool, 'Zenith Main')).id_campus;
  schoolToken = await tokenOf({ context: CONTEXT_TYPE.SCHOOL, id_school: mySchool });
  campusToken = await tokenOf({ context: CONTEXT_TYPE.CAMPUS, id_school: mySchool, id_campus: north });
});
afterAll(() => ctx?.close());

describe('campus grades', () => {
  it('lists every grade of the catalog in order, inactive on a new campus', async () => {
    const grades = await gradesOf(north);
    expect(grades.map((g) => g.name)).toEqual([
      'PK',
      'K',
      '1',
      '2',
      '3',
      '4',
      '5',
      '6',
      '7',
      '8',
      '9',
      '10',
      '11',
      '12',
    ]);
    expect(grades.every((g) => !g.activatable)).toBe(true);
    expect(grades[1]).toMatchObject({ name: 'K', age: 5, display: 'K', value: 'K', label: 'K' });
  });

  it('toggles a grade on and off, audited', async () => {
    const k = await gradeId(north, 'K');
    const on = await toggle(k);
    expect(on.status, JSON.stringify(on.body)).toBe(200);
    expect(on.body.data.activatable).toBe(true);
    const [audit] = await ctx.db
      .select()
      .from(s.auditLog)
      .where(and(eq(s.auditLog.action, 'campus_grade.toggle'), eq(s.auditLog.entityId, String(k))))
      .orderBy(desc(s.auditLog.id_audit_log))
      .limit(1);
    expect(audit.changes).toEqual({ activatable: { from: false, to: true } });
    expect((await gradesOf(north)).find((g) => g.name === 'K')!.activatable).toBe(true);
    expect((await toggle(k)).body.data.activatable).toBe(false);
  });

  it('two toggles at once flip twice (no lost update)', async () => {
    const g = await gradeId(north, '7');
    const results = await Promise.all([toggle(g), toggle(g)]);
    expect(results.map((r) => r.status)).toEqual([200, 200]);
    expect(results.map((r) => r.body.data.activatable).sort()).toEqual([false, true]);
    expect((await gradesOf(north)).find((x) => x.name === '7')!.activatable).toBe(false);
  });

  it('activating a grade gives open school periods a seat row for it', async () => {
    const period = await call<{ data: { id_campus_year: number } }>('POST', '/enrollment/campusYear', {
      token: schoolToken,
      body: { id_campus: south, id_school_year: 4, spots: 10 },
    });
    expect(period.status, JSON.stringify(period.body)).toBe(200);
    const seats = () =>
      call<Array<{ grade: { name: string } }>>(
        'GET',
        `/enrollment/campusYearGrade/all?id_campus_year=${period.body.data.id_campus_year}`,
        { token: schoolToken },
      );
    expect((await seats()).body).toEqual([]);
    await toggle(await gradeId(south, '3'));
    expect((await seats()).body.map((r) => r.grade.name)).toEqual(['3']);
  });

  it('updates the grade option value and label, and empties them back', async () => {
    const g = await gradeId(north, '1');
    const res = await call<{ data: { optionValue: string; optionLabel: string } }>(
      'PUT',
      '/configuration/campusGrade',
      { token: campusToken, body: { id_campus_grade: g, optionValue: 'G1', optionLabel: 'First grade' } },
    );
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.data).toMatchObject({ optionValue: 'G1', optionLabel: 'First grade' });
    expect((await gradesOf(north)).find((x) => x.name === '1')).toMatchObject({ value: 'G1', label: 'First grade' });
    const tooLong = await call('PUT', '/configuration/campusGrade', {
      token: campusToken,
      body: { id_campus_grade: g, optionValue: 'x'.repeat(41) },
    });
    expect(tooLong.status).toBe(400);
  });
});

describe('active grades for pickers', () => {
  it('GET /configuration/campusGrade/campus/{id} lists the active grades with their label', async () => {
    await toggle(await gradeId(north, '1'));
    await toggle(await gradeId(north, '2'));
    const res = await call<ActiveGrade[]>('GET', `/configuration/campusGrade/campus/${north}`, { token: campusToken });
    expect(res.status).toBe(200);
    expect(res.body.map((g) => [g.name, g.label, g.value])).toEqual([
      ['1', 'First grade', 'G1'],
      ['2', '2', '2'],
    ]);
  });

  it('age-based schools show the age instead of the grade, in the language asked for', async () => {
    await setAgeSchool(mySchool, true);
    try {
      const all = await gradesOf(north);
      expect(all.find((g) => g.name === 'K')?.display).toBe('5');
      const es = await call<ActiveGrade[]>('GET', `/configuration/campusGrade/campus/${north}?lng=es`, {
        token: campusToken,
      });
      expect(es.body.find((g) => g.name === '2')).toMatchObject({ age: 7, label: '7 años' });
      const en = await call<ActiveGrade[]>('GET', `/configuration/campusGrade/campus/${north}`, { token: campusToken });
      expect(en.body.find((g) => g.name === '2')?.label).toBe('7 years old');
      const header = await call<ActiveGrade[]>('GET', `/configuration/campusGrade/campus/${north}`, {
        token: campusToken,
        headers: { 'accept-language': 'es' },
      });
      expect(header.body.find((g) => g.name === '2')?.label).toBe('7 años');
      expect(
        (await call('GET', `/configuration/campusGrade/campus/${north}?lng=fr`, { token: campusToken })).status,
      ).toBe(400);
    } finally {
      await setAgeSchool(mySchool, false);
    }
  });

  it('GET /configuration/campusGrade/school/{id} lists each grade active on any campus the caller may see', async () => {
    const school = await call<Array<{ id_grade: number; name: string; campusIds: number[] }>>(
      'GET',
      `/configuration/campusGrade/school/${mySchool}`,
      { token: schoolToken },
    );
    expect(school.status).toBe(200);
    expect(school.body.map((g) => g.name)).toEqual(['1', '2', '3']);
    expect(school.body.find((g) => g.name === '3')!.campusIds).toEqual([south]);
    const campus = await call<Array<{ name: string }>>('GET', `/configuration/campusGrade/school/${mySchool}`, {
      token: campusToken,
    });
    expect(campus.body.map((g) => g.name)).toEqual(['1', '2']);
  });
});

describe('permissions (spec section 6 message)', () => {
  it('enabling or disabling grades needs school_campus/tab_grade_settings', async () => {
    const role = await createRoleWith(ctx.db, CONTEXT_TYPE.CAMPUS, [['school_campus', 'access']]);
    const token = await tokenOf({
      context: CONTEXT_TYPE.CAMPUS,
      id_school: mySchool,
      id_campus: north,
      role: role.name,
    });
    const g = await gradeId(north, '5');
    const en = await toggle(g, token);
    expect(en.status).toBe(403);
    expect(en.body).toMatchObject({
      message: "You don't have permissions to enable or disable grades.",
      code: 'FORBIDDEN',
    });
    const es = await toggle(g, token, 'es');
    expect(es.body).toMatchObject({ message: 'No tiene permisos para habilitar o deshabilitar grados.' });
    const option = await call('PUT', '/configuration/campusGrade', {
      token,
      body: { id_campus_grade: g, optionLabel: 'Fifth' },
    });
    expect(option.status).toBe(403);
    expect((await gradesOf(north)).find((x) => x.name === '5')).toMatchObject({ activatable: false, label: '5' });
    // the same user may still read them
    expect((await call('GET', `/configuration/campusGrade/all?id_campus=${north}`, { token })).status).toBe(200);
  });
});

describe('another tenant', () => {
  it('grades of another school or a sibling campus can be neither read nor changed (404, positive control)', async () => {
    const foreignGrade = (
      await ctx.db.select().from(s.campusGrade).where(eq(s.campusGrade.id_campus, foreignCampus))
    )[0];
    for (const [method, path, body] of [
      ['GET', `/configuration/campusGrade/all?id_campus=${foreignCampus}`, undefined],
      ['GET', `/configuration/campusGrade/campus/${foreignCampus}`, undefined],
      ['GET', `/configuration/campusGrade/school/${otherSchool}`, undefined],
      ['PUT', '/configuration/campusGrade/activate', { id_campus_grade: foreignGrade.id_campus_grade }],
      ['PUT', '/configuration/campusGrade', { id_campus_grade: foreignGrade.id_campus_grade, optionLabel: 'Hijacked' }],
    ] as const) {
      const res = await call(method, path, { token: schoolToken, body });
      expect(res.status, `${method} ${path}`).toBe(404);
      expect(JSON.stringify(res.body)).not.toContain(String(foreignGrade.id_campus_grade));
    }
    const [after] = await ctx.db
      .select()
      .from(s.campusGrade)
      .where(eq(s.campusGrade.id_campus_grade, foreignGrade.id_campus_grade));
    expect(after).toMatchObject({ activatable: false, optionLabel: foreignGrade.optionLabel });

    const sibling = await gradeId(south, 'PK');
    expect((await toggle(sibling, campusToken)).status).toBe(404);
    expect((await call('GET', `/configuration/campusGrade/campus/${south}`, { token: campusToken })).status).toBe(404);
    // positive control: the campus's own user toggles its own grade
    expect((await toggle(await gradeId(north, 'PK'), campusToken)).status).toBe(200);
  });
});
