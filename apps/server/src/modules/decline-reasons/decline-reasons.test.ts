import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CONTEXT_TYPE } from '@openseat/shared/constants';
import type { DeclineReasons } from '@openseat/shared/schemas/decline-reasons';
import * as s from '../../db/schema/index';
import { apiClient, startTestApp, type TestContext } from '../../test/harness';
import { createSchool } from '../../test/factories';
import { tokenFor } from '../../test/session';

let ctx: TestContext;
let call: ReturnType<typeof apiClient>;
let school: { id_school: number };
let other: { id_school: number };
const token = { school: '', system: '' };
type Refusal = { message: string; errors?: Array<{ path: string; message: string }> };

const BUILT_IN = [
  'We chose another school',
  'We are moving away',
  'Transportation or distance',
  'The schedule does not work for us',
  'Another reason',
];
const english = (body: DeclineReasons) => body.reasons.map((r) => r.labels.en);
const save = (reasons: unknown, id_school = school.id_school, lng = 'en') =>
  call<{ message: string; data: DeclineReasons } & Refusal>('PUT', '/decline-reasons', {
    token: token.school,
    body: { id_school, reasons },
    headers: { 'accept-language': lng },
  });

beforeAll(async () => {
  ctx = await startTestApp();
  call = apiClient(ctx.baseUrl);
  school = await createSchool(ctx.db, 'Reasons Academy');
  other = await createSchool(ctx.db, 'Other Academy');
  token.school = await tokenFor(ctx, { context: CONTEXT_TYPE.SCHOOL, id_school: school.id_school });
  token.system = await tokenFor(ctx, { context: CONTEXT_TYPE.SYSTEM });
});
afterAll(() => ctx?.close());

describe('decline reasons', () => {
  it("reads the built-in reasons for a school without its own list, the caller's school by default", async () => {
    const res = await call<DeclineReasons>('GET', '/decline-reasons', { token: token.school });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body).toMatchObject({ id_school: school.id_school, builtIn: true });
    expect(english(res.body)).toEqual(BUILT_IN);
    expect(res.body.reasons[0].labels).toMatchObject({ es: 'Elegimos otra escuela', ar: 'اخترنا مدرسة أخرى' });
    const named = await call<DeclineReasons>('GET', `/decline-reasons?id_school=${school.id_school}`, {
      token: token.school,
    });
    expect(named.body).toEqual(res.body);
  });

  it('replaces the list in order, trims labels, keeps only the languages written, and audits it', async () => {
    const res = await save([
      { labels: { en: '  Too far  ', es: 'Muy lejos', vi: '' } },
      { labels: { en: 'Found a private school', ht: 'Nou jwenn yon lekòl prive' } },
    ]);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.message).toBe('Saved.');
    expect(res.body.data.builtIn).toBe(false);
    expect(res.body.data.reasons.map((r) => r.labels)).toEqual([
      { en: 'Too far', es: 'Muy lejos' },
      { en: 'Found a private school', ht: 'Nou jwenn yon lekòl prive' },
    ]);
    const read = await call<DeclineReasons>('GET', '/decline-reasons', { token: token.school });
    expect(read.body).toEqual(res.body.data);
    const audit = await ctx.db
      .select()
      .from(s.auditLog)
      .where(and(eq(s.auditLog.action, 'decline_reason.replace'), eq(s.auditLog.entityId, String(school.id_school))));
    expect(audit).toHaveLength(1);
  });

  it('retires the old rows on a new save instead of deleting them', async () => {
    const before = await call<DeclineReasons>('GET', '/decline-reasons', { token: token.school });
    const res = await save([{ labels: { en: 'Siblings elsewhere' } }]);
    expect(english(res.body.data)).toEqual(['Siblings elsewhere']);
    const rows = await ctx.db.select().from(s.declineReason).where(eq(s.declineReason.id_school, school.id_school));
    expect(rows).toHaveLength(3);
    for (const old of before.body.reasons)
      expect(rows.find((r) => r.id_decline_reason === old.id_decline_reason)?.active).toBe(false);
  });

  it('goes back to the built-in reasons with an empty list', async () => {
    const res = await save([]);
    expect(res.status).toBe(200);
    expect(res.body.data.builtIn).toBe(true);
    expect(english(res.body.data)).toEqual(BUILT_IN);
    const own = await ctx.db
      .select()
      .from(s.declineReason)
      .where(and(eq(s.declineReason.id_school, school.id_school), eq(s.declineReason.active, true)));
    expect(own).toEqual([]);
  });

  it('refuses bad input with 400 and the field, in the reader language', async () => {
    const cases: Array<[unknown, string]> = [
      [[{ labels: { en: '   ' } }], 'reasons.0.labels.en'],
      [[{ labels: { es: 'Solo español' } }], 'reasons.0.labels.en'],
      [[{ labels: { en: 'x'.repeat(121) } }], 'reasons.0.labels.en'],
      [[{ labels: { en: 'Fine', zh: 'y'.repeat(121) } }], 'reasons.0.labels.zh'],
      [[{ labels: { en: 'Bad\u0000text' } }], 'reasons.0.labels.en'],
      [[{ labels: 'Too far' }], 'reasons.0.labels'],
      ['Too far', 'reasons'],
      [Array.from({ length: 13 }, (_, i) => ({ labels: { en: `Reason ${i}` } })), 'reasons'],
    ];
    for (const [reasons, path] of cases) {
      const res = await save(reasons);
      expect(res.status, JSON.stringify(res.body)).toBe(400);
      expect(res.body.errors?.map((e) => e.path)).toContain(path);
    }
    const tooMany = await save(
      Array.from({ length: 13 }, (_, i) => ({ labels: { en: `Reason ${i}` } })),
      school.id_school,
      'es',
    );
    expect(tooMany.body.errors).toEqual([{ path: 'reasons', message: 'Como máximo 12 motivos.' }]);
    const twelve = await save(Array.from({ length: 12 }, (_, i) => ({ labels: { en: `Reason ${i}` } })));
    expect(twelve.status).toBe(200);
    const badId = await call('GET', '/decline-reasons?id_school=abc', { token: token.school });
    expect(badId.status).toBe(400);
    const noSchool = await call<Refusal>('GET', '/decline-reasons', { token: token.system });
    expect(noSchool.status).toBe(400);
    expect(noSchool.body.errors).toEqual([{ path: 'id_school', message: 'Required field.' }]);
  });

  it("refuses another school's list, to read and to replace, changing nothing", async () => {
    const read = await call('GET', `/decline-reasons?id_school=${other.id_school}`, { token: token.school });
    expect(read.status).toBe(404);
    const write = await save([{ labels: { en: 'Not yours' } }], other.id_school);
    expect(write.status).toBe(404);
    const rows = await ctx.db.select().from(s.declineReason).where(eq(s.declineReason.id_school, other.id_school));
    expect(rows).toEqual([]);
  });

  it('lets a system user read and replace any school it names', async () => {
    const res = await call<DeclineReasons>('GET', `/decline-reasons?id_school=${other.id_school}`, {
      token: token.system,
    });
    expect(res.status).toBe(200);
    expect(res.body.builtIn).toBe(true);
  });
});
