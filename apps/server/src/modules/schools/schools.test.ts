import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, desc, eq } from 'drizzle-orm';
import { CONTEXT_TYPE } from '@openseat/shared/constants';
import * as s from '../../db/schema/index';
import { decryptSecret } from '../../lib/crypto';
import { apiClient, startTestApp, type TestContext } from '../../test/harness';
import { createCampus, createSchool, createUser } from '../../test/factories';
import { createRoleWith } from '../../test/enrollment-factories';
import { signIn } from '../../test/session';

let ctx: TestContext;
let call: ReturnType<typeof apiClient>;
let superToken: string;
let schoolToken: string;
let campusToken: string;
let mySchool: number;
let otherSchool: number;

const tokenOf = async (spec: Parameters<typeof createUser>[1]) =>
  (await signIn(ctx.baseUrl, (await createUser(ctx.db, spec)).email)).accessToken;
const csvOf = async (path: string, token: string) => {
  const res = await fetch(`${ctx.baseUrl}/api${path}`, { headers: { authorization: `Bearer ${token}` } });
  return { status: res.status, type: res.headers.get('content-type'), lines: (await res.text()).trim().split('\n') };
};
const lastAudit = async (action: string) =>
  (
    await ctx.db
      .select()
      .from(s.auditLog)
      .where(eq(s.auditLog.action, action))
      .orderBy(desc(s.auditLog.id_audit_log))
      .limit(1)
  )[0];
const baseConfig = (id_school: number) => ({
  id_school,
  active: true,
  is_charter_connect: false,
  use_less_parameters: false,
  is_age_school: false,
  is_one_form: false,
});

beforeAll(async () => {
  ctx = await startTestApp();
  call = apiClient(ctx.baseUrl);
  mySchool = (await createSchool(ctx.db, 'Home School')).id_school;
  otherSchool = (await createSchool(ctx.db, 'Zenith Foreign Academy')).id_school;
  const myCampus = (await createCampus(ctx.db, mySchool, 'Home Campus')).id_campus;
  superToken = await tokenOf({ context: CONTEXT_TYPE.SYSTEM });
  schoolToken = await tokenOf({ context: CONTEXT_TYPE.SCHOOL, id_school: mySchool });
  campusToken = await tokenOf({ context: CONTEXT_TYPE.CAMPUS, id_school: mySchool, id_campus: myCampus });
});
afterAll(() => ctx?.close());

describe('schools', () => {
  it('a system user creates a school; lists filter by tab and text; CSV has the spec columns', async () => {
    const created = await call<{ message: string; data: { id_school: number; active: boolean } }>('POST', '/school', {
      token: superToken,
      body: {
        name: 'Cedar Ridge Charter',
        email: 'office@cedar.org',
        telephone: '+15205550000',
        subscribedUntil: '2030-06-30',
      },
    });
    expect(created.status, JSON.stringify(created.body)).toBe(200);
    expect(created.body.message).toBe('Created.');
    expect(created.body.data.active).toBe(true);
    const id = created.body.data.id_school;
    expect((await lastAudit('school.create')).entityId).toBe(String(id));

    const deactivated = await call<{ data: { active: boolean } }>('PUT', `/school/${id}/active`, {
      token: superToken,
      body: { active: false },
    });
    expect(deactivated.body.data.active).toBe(false);
    expect((await lastAudit('school.deactivate')).changes).toEqual({ active: { from: true, to: false } });
    const inactive = await call<{ data: Array<{ name: string }>; total: number }>('GET', '/school?tab=inactive', {
      token: superToken,
    });
    expect(inactive.body.data.map((r) => r.name)).toEqual(['Cedar Ridge Charter']);
    expect(inactive.body.total).toBe(1);
    const active = await call<{ data: Array<{ name: string }> }>('GET', '/school?tab=active&pageSize=200', {
      token: superToken,
    });
    expect(active.body.data.map((r) => r.name)).not.toContain('Cedar Ridge Charter');
    const search = await call<Array<{ name: string }>>('GET', '/school/search?term=RIDGE', { token: superToken });
    expect(search.body.map((r) => r.name)).toEqual(['Cedar Ridge Charter']);

    const csv = await csvOf('/school/export', superToken);
    expect(csv.type).toContain('text/csv');
    expect(csv.lines[0]).toBe('name,address,email,telephone,isActive');
    expect(csv.lines).toContain('Cedar Ridge Charter,,office@cedar.org,+15205550000,false');
    const onlyInactive = await csvOf('/school/export?tab=inactive', superToken);
    expect(onlyInactive.lines).toEqual([
      'name,address,email,telephone,isActive',
      'Cedar Ridge Charter,,office@cedar.org,+15205550000,false',
    ]);
  });

  it('lists page by page with the total, and the charter-connect tab', async () => {
    for (const name of ['Page One', 'Page Two', 'Page Three']) await createSchool(ctx.db, `Paged ${name}`);
    const first = await call<{ data: Array<{ name: string }>; total: number; page: number; pageSize: number }>(
      'GET',
      '/school?text=paged&page=0&pageSize=2',
      { token: superToken },
    );
    expect(first.body).toMatchObject({ total: 3, page: 0, pageSize: 2 });
    expect(first.body.data).toHaveLength(2);
    const second = await call<{ data: Array<{ name: string }> }>('GET', '/school?text=paged&page=1&pageSize=2', {
      token: superToken,
    });
    expect(second.body.data).toHaveLength(1);
    await call('PUT', '/configuration/school', {
      token: superToken,
      body: { ...baseConfig(otherSchool), is_charter_connect: true },
    });
    const charter = await call<{ data: Array<{ name: string }> }>('GET', '/school?tab=charter-connect', {
      token: superToken,
    });
    expect(charter.body.data.map((r) => r.name)).toEqual(['Zenith Foreign Academy']);
    const badTab = await call('GET', '/school?tab=archived', { token: superToken });
    expect(badTab.status).toBe(400);
  });

  it('GET /school/{id} carries the active flag the inactive-school notice needs', async () => {
    const res = await call<{ id_school: number; name: string; active: boolean }>('GET', `/school/${mySchool}`, {
      token: schoolToken,
    });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ id_school: mySchool, name: 'Home School', active: true });
  });

  it('validates input with the spec messages in English and Spanish', async () => {
    const en = await call('POST', '/school', {
      token: superToken,
      body: { name: ' ', email: 'x@', telephone: '(520) 555-0000', subscribedUntil: '2030-02-30' },
    });
    expect(en.status).toBe(400);
    expect(en.body.errors).toEqual(
      expect.arrayContaining([
        { path: 'name', message: 'Required field.' },
        { path: 'email', message: 'Enter a valid email.' },
        { path: 'telephone', message: "The phone number can't have dash, spaces nor parentheses." },
        { path: 'subscribedUntil', message: 'Invalid date' },
      ]),
    );
    const es = await call('PUT', `/school/${mySchool}`, {
      token: schoolToken,
      body: { name: '', email: 'x@', telephone: '52 0' },
      headers: { 'accept-language': 'es' },
    });
    expect(es.status).toBe(400);
    expect(es.body.errors).toEqual(
      expect.arrayContaining([
        { path: 'name', message: 'Campo requerido' },
        { path: 'email', message: 'Ingrese un correo electrónico válido.' },
        { path: 'telephone', message: 'El número de teléfono no puede tener guiones, espacios ni paréntesis.' },
      ]),
    );
  });

  it('a school user edits its own school, with the change audited field by field', async () => {
    const res = await call<{ data: { name: string; website: string } }>('PUT', `/school/${mySchool}`, {
      token: schoolToken,
      body: { name: 'Home School', website: 'https://home.example.org' },
    });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.data.website).toBe('https://home.example.org');
    const audit = await lastAudit('school.update');
    expect(audit.changes).toEqual({ website: { from: null, to: 'https://home.example.org' } });
  });
});

describe('permissions (spec section 6 messages)', () => {
  it('refuses school users creating or (de)activating schools, in English and Spanish', async () => {
    const refused = await call('POST', '/school', { token: schoolToken, body: { name: 'Mine' } });
    expect(refused.status).toBe(403);
    expect(refused.body.message).toBe("You don't have permissions to configure school data.");
    const active = await call('PUT', `/school/${mySchool}/active`, {
      token: schoolToken,
      body: { active: false },
      headers: { 'accept-language': 'es' },
    });
    expect(active.status).toBe(403);
    expect(active.body.message).toBe('No tiene permisos para configurar los datos de la escuela.');
  });

  it('editing a school needs schools/edit or school/edit; neither is refused before validation', async () => {
    const viaSchools = await tokenOf({
      context: CONTEXT_TYPE.SCHOOL,
      id_school: mySchool,
      role: (await createRoleWith(ctx.db, CONTEXT_TYPE.SCHOOL, [['schools', 'edit']])).name,
    });
    expect(
      (await call('PUT', `/school/${mySchool}`, { token: viaSchools, body: { name: 'Home School' } })).status,
    ).toBe(200);
    const viaSchool = await tokenOf({
      context: CONTEXT_TYPE.SCHOOL,
      id_school: mySchool,
      role: (await createRoleWith(ctx.db, CONTEXT_TYPE.SCHOOL, [['school', 'edit']])).name,
    });
    expect((await call('PUT', `/school/${mySchool}`, { token: viaSchool, body: { name: 'Home School' } })).status).toBe(
      200,
    );
    const neither = await tokenOf({
      context: CONTEXT_TYPE.SCHOOL,
      id_school: mySchool,
      role: (await createRoleWith(ctx.db, CONTEXT_TYPE.SCHOOL, [['school', 'access']])).name,
    });
    const refused = await call('PUT', `/school/${mySchool}`, { token: neither, body: { name: '' } });
    expect(refused.status).toBe(403);
    expect(refused.body.message).toBe("You don't have permissions to configure school data.");
  });

  it('configuring a school needs school/tab_configuration', async () => {
    const refused = await call('PUT', '/configuration/school', { token: campusToken, body: baseConfig(mySchool) });
    expect(refused.status).toBe(403);
    expect(refused.body.message).toBe("You don't have permissions to configure school data.");
    expect((await call('GET', `/configuration/school?id_school=${mySchool}`, { token: campusToken })).status).toBe(403);
  });
});

describe('school configuration secrets', () => {
  const stored = async () =>
    (await ctx.db.select().from(s.schoolConfiguration).where(eq(s.schoolConfiguration.id_school, mySchool)))[0];

  it('stores secrets encrypted, shows the last 4 characters, keeps, replaces and clears them', async () => {
    const saved = await call<{ data: Record<string, unknown> }>('PUT', '/configuration/school', {
      token: schoolToken,
      body: {
        ...baseConfig(mySchool),
        sendgrid_api_key: 'SG.secret-key-1234',
        fp_access_token: 'EAAB-token-9876',
        fp_account_id: '1234567890',
        twilio_account_sid: 'AC0123456789',
        twilio_auth_token: 'twilio-token-4321',
      },
    });
    expect(saved.status, JSON.stringify(saved.body)).toBe(200);
    expect(saved.body.data).toMatchObject({
      sendgrid_api_key: '••••1234',
      hasSendgridApiKey: true,
      fp_access_token: '••••9876',
      hasFpAccessToken: true,
      fp_account_id: '1234567890',
      twilio_account_sid: 'AC0123456789',
      twilio_auth_token: '••••4321',
      hasTwilioAuthToken: true,
    });
    expect(JSON.stringify(saved.body)).not.toMatch(/secret-key|EAAB-token|twilio-token/);
    expect(saved.body.data).not.toHaveProperty('sendgrid_api_key_encrypted');
    const row = await stored();
    expect(row.sendgrid_api_key_encrypted).not.toContain('SG.');
    expect(decryptSecret(ctx.secrets.encryptionKey, row.sendgrid_api_key_encrypted!)).toBe('SG.secret-key-1234');
    expect(decryptSecret(ctx.secrets.encryptionKey, row.fp_access_token_encrypted!)).toBe('EAAB-token-9876');
    expect(decryptSecret(ctx.secrets.encryptionKey, row.twilio_auth_token_encrypted!)).toBe('twilio-token-4321');
    const audit = await lastAudit('school.configure');
    expect(JSON.stringify(audit.changes)).not.toMatch(/secret-key|EAAB-token/);
    expect(audit.changes).toMatchObject({
      sendgrid_api_key_encrypted: '(changed)',
      fp_account_id: { from: null, to: '1234567890' },
    });

    // absent keeps, null clears
    const kept = await call<{ data: Record<string, unknown> }>('PUT', '/configuration/school', {
      token: schoolToken,
      body: { ...baseConfig(mySchool), fp_access_token: null },
    });
    expect(kept.body.data).toMatchObject({
      sendgrid_api_key: '••••1234',
      hasSendgridApiKey: true,
      fp_access_token: null,
      hasFpAccessToken: false,
    });
    expect((await stored()).fp_access_token_encrypted).toBeNull();
    // '' clears, a value replaces
    const replaced = await call<{ data: Record<string, unknown> }>('PUT', '/configuration/school', {
      token: schoolToken,
      body: { ...baseConfig(mySchool), sendgrid_api_key: '', fp_access_token: 'new-token-5555' },
    });
    expect(replaced.body.data).toMatchObject({
      sendgrid_api_key: null,
      hasSendgridApiKey: false,
      fp_access_token: '••••5555',
    });
    const read = await call<Record<string, unknown>>('GET', `/configuration/school?id_school=${mySchool}`, {
      token: schoolToken,
    });
    expect(read.body).toMatchObject({ sendgrid_api_key: null, fp_access_token: '••••5555', hasFpAccessToken: true });
    expect(decryptSecret(ctx.secrets.encryptionKey, (await stored()).fp_access_token_encrypted!)).toBe(
      'new-token-5555',
    );
  });

  it('refuses a configuration without its flags', async () => {
    const res = await call('PUT', '/configuration/school', { token: schoolToken, body: { id_school: mySchool } });
    expect(res.status).toBe(400);
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

describe('another tenant', () => {
  it('a school user cannot read, update or configure another school (404, nothing of it in the body)', async () => {
    for (const [method, path, body] of [
      ['GET', `/school/${otherSchool}`, undefined],
      ['PUT', `/school/${otherSchool}`, { name: 'Hijacked' }],
      ['GET', `/configuration/school?id_school=${otherSchool}`, undefined],
      ['PUT', '/configuration/school', { ...baseConfig(otherSchool), sendgrid_api_key: 'planted-key' }],
    ] as const) {
      const res = await call(method, path, { token: schoolToken, body });
      expect(res.status, `${method} ${path}`).toBe(404);
      expect(JSON.stringify(res.body)).not.toContain('Zenith');
    }
    const [row] = await ctx.db.select().from(s.school).where(eq(s.school.id_school, otherSchool));
    expect(row.name).toBe('Zenith Foreign Academy');
    const config = await ctx.db
      .select()
      .from(s.schoolConfiguration)
      .where(and(eq(s.schoolConfiguration.id_school, otherSchool)));
    expect(config[0].sendgrid_api_key_encrypted).toBeNull();
  });

  it('a school role that may list schools sees only its own school in the list, search and export', async () => {
    const role = await createRoleWith(ctx.db, CONTEXT_TYPE.SCHOOL, [
      ['schools', 'access'],
      ['schools', 'export_csv'],
    ]);
    const token = await tokenOf({ context: CONTEXT_TYPE.SCHOOL, id_school: mySchool, role: role.name });
    const list = await call<{ data: Array<{ name: string }>; total: number }>('GET', '/school?pageSize=200', { token });
    expect(list.body.data.map((r) => r.name)).toEqual(['Home School']);
    expect(list.body.total).toBe(1);
    const search = await call<Array<{ name: string }>>('GET', '/school/search?term=o', { token });
    expect(search.body.map((r) => r.name)).toEqual(['Home School']);
    const csv = await csvOf('/school/export', token);
    expect(csv.lines.slice(1).map((l) => l.split(',')[0])).toEqual(['Home School']);
    // positive control: a system user sees the other school
    expect(JSON.stringify((await call('GET', '/school/search?term=zenith', { token: superToken })).body)).toContain(
      'Zenith',
    );
  });
});
