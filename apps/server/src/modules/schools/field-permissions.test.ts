import fs from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import { CONTEXT_TYPE } from '@openseat/shared/constants';
import type { Action, Subject } from '@openseat/shared/permissions';
import { loadConfig } from '../../config';
import * as s from '../../db/schema/index';
import { storedFilePath } from '../../lib/uploads';
import { apiClient, startTestApp, type TestContext } from '../../test/harness';
import { createCampus, createSchool, createUser } from '../../test/factories';
import { createRoleWith } from '../../test/enrollment-factories';
import { signIn } from '../../test/session';
import { PNG } from '../../test/images';

/**
 * Field-level permissions (issue 7 item 5, ASVS 8.2.3): every writable field of a school, a campus, their
 * configurations and a campus grade is governed by one permission. For each field, every actor that lacks
 * that permission tries every route that writes the same record with the field changed, and the stored row
 * must stay exactly as it was; then an actor that holds the permission changes it through the field's own
 * route (the positive control, so the refusal cannot pass by accident).
 */

const dataDir = loadConfig({ NODE_ENV: 'test', PORT: '0' }).dataDir;

type Entity = 'school' | 'schoolConfiguration' | 'campus' | 'campusConfiguration' | 'campusGrade';
type Actor =
  | 'superAdmin'
  | 'systemSupport'
  | 'schoolAdmin'
  | 'schoolAllButConfiguration'
  | 'schoolAllButEdit'
  | 'schoolEverything'
  | 'campusAdmin'
  | 'campusAllButConfiguration'
  | 'campusAllButGrades';
type Request = { method: string; path: string; body?: Record<string, unknown>; photo?: boolean };
type Field = {
  entity: Entity;
  field: string;
  /** The stored column the positive control checks (a secret is stored encrypted under another name). */
  column?: string;
  value: unknown;
  /** The route that is meant to change it. */
  route: (body: Record<string, unknown>) => Request;
  allowed: Actor;
  refused: Actor[];
};

let ctx: TestContext;
let call: ReturnType<typeof apiClient>;
let id_school: number;
let id_campus: number;
let id_campus_grade: number;
const tokens = {} as Record<Actor, string>;

const rowOf = async (entity: Entity): Promise<Record<string, unknown>> => {
  const rows = {
    school: () => ctx.db.select().from(s.school).where(eq(s.school.id_school, id_school)),
    schoolConfiguration: () =>
      ctx.db.select().from(s.schoolConfiguration).where(eq(s.schoolConfiguration.id_school, id_school)),
    campus: () => ctx.db.select().from(s.campus).where(eq(s.campus.id_campus, id_campus)),
    campusConfiguration: () =>
      ctx.db.select().from(s.campusConfiguration).where(eq(s.campusConfiguration.id_campus, id_campus)),
    campusGrade: () => ctx.db.select().from(s.campusGrade).where(eq(s.campusGrade.id_campus_grade, id_campus_grade)),
  };
  return (await rows[entity]())[0] as Record<string, unknown>;
};

/** What a form sends for each record today: its current values (secrets left out: absent keeps them). */
async function currentBody(entity: Entity): Promise<Record<string, unknown>> {
  const row = await rowOf(entity);
  const pick = (...names: string[]) => Object.fromEntries(names.map((n) => [n, row[n]]));
  switch (entity) {
    case 'school':
      return pick('name', 'address', 'telephone', 'email', 'website', 'description', 'subscribedUntil');
    case 'schoolConfiguration':
      return {
        ...pick('id_school', 'active', 'is_charter_connect', 'use_less_parameters', 'is_age_school', 'is_one_form'),
        ...pick('ga_customer_id', 'ga_conversion_lead_id', 'ga_conversion_applied_id', 'ga_conversion_enrolled_id'),
        ...pick('fp_account_id', 'time_zone'),
      };
    case 'campus':
      return pick(
        'id_campus',
        'id_school',
        'name',
        'address',
        'telephone',
        'email',
        'description',
        'website',
        'isMain',
      );
    case 'campusConfiguration':
      return pick(
        'id_campus',
        'active',
        'is_lottery_campus',
        'email',
        'google_analytics_tag',
        'phone_number',
        'looker_studio_link',
        'id_enrollment_sis',
        'time_zone',
      );
    case 'campusGrade':
      return pick('id_campus_grade', 'optionValue', 'optionLabel');
  }
}

const schoolRoute = (body: Record<string, unknown>): Request => ({
  method: 'PUT',
  path: `/school/${id_school}`,
  body,
});
const schoolActiveRoute = (body: Record<string, unknown>): Request => ({
  method: 'PUT',
  path: `/school/${id_school}/active`,
  body,
});
const schoolConfigurationRoute = (body: Record<string, unknown>): Request => ({
  method: 'PUT',
  path: '/configuration/school',
  body,
});
const campusRoute = (body: Record<string, unknown>): Request => ({ method: 'PUT', path: '/campus', body });
const campusPhotoRoute = (body: Record<string, unknown>): Request => ({
  method: 'PUT',
  path: '/campus',
  body,
  photo: true,
});
const campusActiveRoute = (body: Record<string, unknown>): Request => ({
  method: 'PUT',
  path: `/campus/${id_campus}/active`,
  body,
});
const campusConfigurationRoute = (body: Record<string, unknown>): Request => ({
  method: 'PUT',
  path: '/configuration/campus',
  body,
});
const gradeToggleRoute = (body: Record<string, unknown>): Request => ({
  method: 'PUT',
  path: '/configuration/campusGrade/activate',
  body,
});
const gradeOptionRoute = (body: Record<string, unknown>): Request => ({
  method: 'PUT',
  path: '/configuration/campusGrade',
  body,
});

/** Every route that writes a record of the entity, each sent the field's new value over the current body. */
const ROUTES_OF: Record<Entity, Array<{ entity: Entity; route: (b: Record<string, unknown>) => Request }>> = {
  school: [
    { entity: 'school', route: schoolRoute },
    { entity: 'schoolConfiguration', route: schoolConfigurationRoute },
    { entity: 'schoolConfiguration', route: schoolActiveRoute },
  ],
  schoolConfiguration: [
    { entity: 'school', route: schoolRoute },
    { entity: 'schoolConfiguration', route: schoolConfigurationRoute },
    { entity: 'schoolConfiguration', route: schoolActiveRoute },
  ],
  campus: [
    { entity: 'campus', route: campusRoute },
    { entity: 'campus', route: campusPhotoRoute },
    { entity: 'campusConfiguration', route: campusConfigurationRoute },
    { entity: 'campusConfiguration', route: campusActiveRoute },
  ],
  campusConfiguration: [
    { entity: 'campus', route: campusRoute },
    { entity: 'campusConfiguration', route: campusConfigurationRoute },
    { entity: 'campusConfiguration', route: campusActiveRoute },
  ],
  campusGrade: [
    { entity: 'campusGrade', route: gradeOptionRoute },
    { entity: 'campusGrade', route: gradeToggleRoute },
  ],
};

// school data: schools/edit or school/edit; the subscription (subscribedUntil, is_charter_connect): system users
const schoolData = (field: string, value: unknown): Field => ({
  entity: 'school',
  field,
  value,
  route: schoolRoute,
  allowed: 'schoolAdmin',
  refused: ['schoolAllButEdit', 'campusAdmin'],
});
const schoolSetting = (field: string, value: unknown, column = field): Field => ({
  entity: 'schoolConfiguration',
  field,
  column,
  value,
  route: schoolConfigurationRoute,
  allowed: 'schoolAdmin',
  refused: ['schoolAllButConfiguration', 'campusAdmin'],
});
const campusData = (field: string, value: unknown): Field => ({
  entity: 'campus',
  field,
  value,
  route: campusRoute,
  allowed: 'schoolAdmin',
  refused: ['campusAdmin', 'campusAllButGrades'],
});
const campusSetting = (field: string, value: unknown, column = field): Field => ({
  entity: 'campusConfiguration',
  field,
  column,
  value,
  route: campusConfigurationRoute,
  allowed: 'campusAdmin',
  refused: ['campusAllButConfiguration'],
});
const gradeSetting = (field: string, value: unknown): Field => ({
  entity: 'campusGrade',
  field,
  value,
  route: gradeOptionRoute,
  allowed: 'campusAdmin',
  refused: ['campusAllButGrades'],
});

const FIELDS: Field[] = [
  schoolData('name', 'Renamed Academy'),
  schoolData('address', '1 New Street'),
  schoolData('telephone', '+15205550199'),
  schoolData('email', 'new-office@school.test'),
  schoolData('website', 'https://new.school.test'),
  schoolData('description', 'A new description'),
  {
    ...schoolData('subscribedUntil', '2099-12-31'),
    allowed: 'superAdmin',
    refused: ['schoolAdmin', 'schoolEverything', 'campusAdmin'],
  },
  {
    ...schoolSetting('active', false),
    route: schoolActiveRoute,
    allowed: 'systemSupport',
    // School Admin holds school/tab_configuration (the settings route) but not schools/enable_disable
    refused: ['schoolAdmin', 'campusAdmin'],
  },
  {
    ...schoolSetting('is_charter_connect', true),
    allowed: 'superAdmin',
    refused: ['schoolAdmin', 'schoolEverything', 'campusAdmin'],
  },
  schoolSetting('use_less_parameters', true),
  schoolSetting('is_age_school', true),
  schoolSetting('is_one_form', true),
  schoolSetting('sendgrid_api_key', 'SG.field-test-key-1234', 'sendgrid_api_key_encrypted'),
  schoolSetting('ga_customer_id', 'ga-customer-1'),
  schoolSetting('ga_conversion_lead_id', 'ga-lead-1'),
  schoolSetting('ga_conversion_applied_id', 'ga-applied-1'),
  schoolSetting('ga_conversion_enrolled_id', 'ga-enrolled-1'),
  schoolSetting('fp_account_id', 'fp-account-1'),
  schoolSetting('fp_access_token', 'fp-field-test-token-9876', 'fp_access_token_encrypted'),
  schoolSetting('twilio_account_sid', 'AC-field-test-1'),
  schoolSetting('twilio_auth_token', 'twilio-field-test-token-4321', 'twilio_auth_token_encrypted'),
  schoolSetting('time_zone', 'America/Los_Angeles'),
  campusData('name', 'Renamed Campus'),
  campusData('address', '2 Campus Road'),
  campusData('telephone', '+15205550123'),
  campusData('email', 'campus-office@school.test'),
  campusData('description', 'Campus description'),
  campusData('website', 'https://campus.school.test'),
  campusData('isMain', true),
  { ...campusData('photo', PNG), route: campusPhotoRoute },
  {
    ...campusSetting('active', false),
    route: campusActiveRoute,
    allowed: 'schoolAdmin',
    refused: ['campusAdmin', 'campusAllButConfiguration'],
  },
  campusSetting('email', 'campus-settings@school.test'),
  campusSetting('google_analytics_tag', 'G-TEST'),
  campusSetting('api_secret', 'campus-api-secret-4321', 'api_secret_encrypted'),
  campusSetting('phone_number', '+15205550777'),
  campusSetting('looker_studio_link', 'https://lookerstudio.google.com/x'),
  campusSetting('is_lottery_campus', true),
  campusSetting('id_enrollment_sis', 2),
  campusSetting('time_zone', 'America/Chicago'),
  { ...gradeSetting('activatable', true), route: gradeToggleRoute },
  gradeSetting('optionValue', 'PK-3'),
  gradeSetting('optionLabel', 'Pre-K (3 years)'),
];

async function send(actor: Actor, request: Request) {
  if (!request.photo) return call(request.method, request.path, { token: tokens[actor], body: request.body });
  const form = new FormData();
  for (const [k, v] of Object.entries(request.body ?? {}))
    if (v !== null && v !== undefined && k !== 'photo') form.append(k, String(v));
  form.append('photo', new Blob([new Uint8Array(PNG)], { type: 'image/png' }), 'photo.png');
  const res = await fetch(`${ctx.baseUrl}/api${request.path}`, {
    method: request.method,
    headers: { authorization: `Bearer ${tokens[actor]}` },
    body: form,
  });
  return { status: res.status, body: await res.text() };
}

/** The request a route gets for a field: the current values of its record with the field changed. */
async function requestFor(
  target: { entity: Entity; route: (b: Record<string, unknown>) => Request },
  field: Field,
): Promise<Request> {
  const body = await currentBody(target.entity);
  return target.route({ ...body, [field.field]: field.value });
}

const tokenFor = async (spec: Parameters<typeof createUser>[1]) =>
  (await signIn(ctx.baseUrl, (await createUser(ctx.db, spec)).email)).accessToken;

const allOf = (subject: Subject, actions: Action[]): Array<[Subject, Action]> => actions.map((a) => [subject, a]);

beforeAll(async () => {
  ctx = await startTestApp();
  call = apiClient(ctx.baseUrl);
  id_school = (await createSchool(ctx.db, 'Field Test School')).id_school;
  id_campus = (await createCampus(ctx.db, id_school, 'Field Test Campus')).id_campus;
  id_campus_grade = (
    await ctx.db
      .select({ id: s.campusGrade.id_campus_grade })
      .from(s.campusGrade)
      .where(and(eq(s.campusGrade.id_campus, id_campus), eq(s.campusGrade.id_grade, 1)))
  )[0].id;
  const school = { context: CONTEXT_TYPE.SCHOOL, id_school } as const;
  const campus = { context: CONTEXT_TYPE.CAMPUS, id_school, id_campus } as const;
  const customRole = async (
    context: typeof CONTEXT_TYPE.SCHOOL | typeof CONTEXT_TYPE.CAMPUS,
    rules: [Subject, Action][],
  ) => (await createRoleWith(ctx.db, context, rules)).name;
  const schoolScreens = [
    ...allOf('schools', ['access', 'edit', 'enable_disable']),
    ...allOf('school', ['access', 'edit', 'tab_configuration', 'tab_campuses']),
  ];
  const campusScreens = allOf('school_campus', [
    'access',
    'edit',
    'enable_disable',
    'tab_configuration',
    'tab_grade_settings',
  ]);
  const without = (rules: [Subject, Action][], ...drop: Array<[Subject, Action]>) =>
    rules.filter(([su, ac]) => !drop.some(([ds, da]) => ds === su && da === ac));
  tokens.superAdmin = await tokenFor({ context: CONTEXT_TYPE.SYSTEM });
  tokens.systemSupport = await tokenFor({ context: CONTEXT_TYPE.SYSTEM, role: 'System Support' });
  tokens.schoolAdmin = await tokenFor(school);
  tokens.schoolEverything = await tokenFor({
    ...school,
    role: await customRole(CONTEXT_TYPE.SCHOOL, [...schoolScreens, ...campusScreens]),
  });
  tokens.schoolAllButConfiguration = await tokenFor({
    ...school,
    role: await customRole(CONTEXT_TYPE.SCHOOL, without(schoolScreens, ['school', 'tab_configuration'])),
  });
  tokens.schoolAllButEdit = await tokenFor({
    ...school,
    role: await customRole(CONTEXT_TYPE.SCHOOL, without(schoolScreens, ['schools', 'edit'], ['school', 'edit'])),
  });
  tokens.campusAdmin = await tokenFor(campus);
  tokens.campusAllButConfiguration = await tokenFor({
    ...campus,
    role: await customRole(
      CONTEXT_TYPE.CAMPUS,
      without(campusScreens, ['school_campus', 'tab_configuration'], ['school_campus', 'enable_disable']),
    ),
  });
  tokens.campusAllButGrades = await tokenFor({
    ...campus,
    role: await customRole(
      CONTEXT_TYPE.CAMPUS,
      without(campusScreens, ['school_campus', 'tab_grade_settings'], ['school_campus', 'edit']),
    ),
  });
});
afterAll(async () => {
  const [row] =
    (await ctx?.db.select({ photo: s.campus.photo }).from(s.campus).where(eq(s.campus.id_campus, id_campus))) ?? [];
  if (row?.photo) fs.rmSync(storedFilePath(dataDir, row.photo), { force: true });
  await ctx?.close();
});

describe('every writable field is changed only with the permission that governs it', () => {
  it.each(FIELDS.map((f) => [`${f.entity}.${f.field}`, f] as const))('%s', async (_name, field) => {
    const before = await rowOf(field.entity);
    for (const actor of field.refused) {
      const own = await send(actor, await requestFor({ entity: field.entity, route: field.route }, field));
      expect(own.status, `${actor} on its route: ${JSON.stringify(own.body)}`).toBe(403);
      for (const target of ROUTES_OF[field.entity]) {
        const res = await send(actor, await requestFor(target, field));
        expect(res.status, `${actor} ${JSON.stringify(res.body)}`).toBeLessThan(500);
      }
      expect(await rowOf(field.entity), `${actor} changed ${field.field}`).toEqual(before);
    }
    const granted = await send(field.allowed, await requestFor({ entity: field.entity, route: field.route }, field));
    expect(granted.status, `${field.allowed}: ${JSON.stringify(granted.body)}`).toBe(200);
    const column = field.column ?? field.field;
    const after = await rowOf(field.entity);
    expect(after[column], `${field.allowed} did not change ${field.field}`).not.toEqual(before[column]);
  });
});
