import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CONTEXT_TYPE } from '@openseat/shared/constants';
import type { PriorityRow } from '@openseat/shared/schemas/enrollment';
import * as s from '../../db/schema/index';
import { apiClient, startTestApp, type TestContext } from '../../test/harness';
import { createCampus, createSchool } from '../../test/factories';
import { createRoleWith, setPriorityLevel } from '../../test/enrollment-factories';
import { tokenFor } from '../../test/session';

let ctx: TestContext;
let call: ReturnType<typeof apiClient>;
let campus: { id_school: number; id_campus: number };
let sister: { id_school: number; id_campus: number };
let foreign: { id_school: number; id_campus: number };
const token = { school: '', campus: '', viewer: '' };

type Refusal = { message: string; errors?: Array<{ path: string; message: string }> };
const levels = (rows: PriorityRow[]) => Object.fromEntries(rows.map((r) => [r.name, r.priority_level]));

beforeAll(async () => {
  ctx = await startTestApp();
  call = apiClient(ctx.baseUrl);
  const school = await createSchool(ctx.db);
  const other = await createSchool(ctx.db);
  campus = await createCampus(ctx.db, school.id_school);
  sister = await createCampus(ctx.db, school.id_school);
  foreign = await createCampus(ctx.db, other.id_school);
  await setPriorityLevel(ctx.db, foreign, 1, 1);
  const viewerRole = await createRoleWith(ctx.db, CONTEXT_TYPE.CAMPUS, [['priorities_configuration', 'access']]);
  token.school = await tokenFor(ctx, { context: CONTEXT_TYPE.SCHOOL, id_school: school.id_school });
  token.campus = await tokenFor(ctx, {
    context: CONTEXT_TYPE.CAMPUS,
    id_school: school.id_school,
    id_campus: campus.id_campus,
  });
  token.viewer = await tokenFor(ctx, {
    context: CONTEXT_TYPE.CAMPUS,
    role: viewerRole.name,
    id_school: school.id_school,
    id_campus: campus.id_campus,
  });
});
afterAll(() => ctx?.close());

describe('campus priorities', () => {
  it('lists every priority item, without a level until one is set', async () => {
    const res = await call<PriorityRow[]>('GET', `/campus/priorities/${campus.id_campus}`, { token: token.campus });
    expect(res.status).toBe(200);
    expect(res.body.map((r) => [r.name, r.priority_level])).toEqual([
      ['sibling', null],
      ['staff child', null],
      ['in-district', null],
      ['general', null],
    ]);
  });

  it('creates and updates levels in one call; both GET forms show them; the change is audited with the school of the campus', async () => {
    const first = await call<{ data: PriorityRow[] }>('POST', '/campus/priorities', {
      token: token.campus,
      body: {
        id_campus: campus.id_campus,
        id_school: 999,
        items: [
          { id_priority_item: 1, priority_level: 1 },
          { id_priority_item: 3, priority_level: 2 },
        ],
      },
    });
    expect(first.status, JSON.stringify(first.body)).toBe(200);
    expect(levels(first.body.data)).toEqual({ sibling: 1, 'in-district': 2, 'staff child': null, general: null });
    // swap the two levels and add a third, in one transaction
    const swap = await call<{ data: PriorityRow[] }>('POST', '/campus/priorities', {
      token: token.campus,
      body: {
        id_campus: campus.id_campus,
        items: [
          { id_priority_item: 1, priority_level: 2 },
          { id_priority_item: 3, priority_level: 1 },
          { id_priority_item: 4, priority_level: '3' },
        ],
      },
    });
    expect(swap.status, JSON.stringify(swap.body)).toBe(200);
    const byQuery = await call<PriorityRow[]>('GET', `/campus/priorities?id_campus=${campus.id_campus}`, {
      token: token.campus,
    });
    expect(levels(byQuery.body)).toEqual({ 'in-district': 1, sibling: 2, general: 3, 'staff child': null });
    expect(byQuery.body[0].name).toBe('in-district');
    const rows = await ctx.db.select().from(s.campusPriority).where(eq(s.campusPriority.id_campus, campus.id_campus));
    expect(rows.every((r) => r.id_school === campus.id_school)).toBe(true);
    const audit = await ctx.db
      .select()
      .from(s.auditLog)
      .where(and(eq(s.auditLog.action, 'campus_priority.save'), eq(s.auditLog.id_campus, campus.id_campus)));
    expect(audit).toHaveLength(2);
  });

  it('refuses a level shared by two items, a repeated item, and levels that are not whole numbers above 0', async () => {
    const taken = await call<Refusal>('POST', '/campus/priorities', {
      token: token.campus,
      body: { id_campus: campus.id_campus, items: [{ id_priority_item: 2, priority_level: 1 }] },
    });
    expect(taken.status).toBe(400);
    expect(taken.body.errors).toEqual([
      { path: 'items.0.priority_level', message: 'Each priority item needs a different level.' },
    ]);
    const repeated = await call<Refusal>('POST', '/campus/priorities', {
      token: token.campus,
      body: {
        id_campus: campus.id_campus,
        items: [
          { id_priority_item: 2, priority_level: 5 },
          { id_priority_item: 2, priority_level: 6 },
        ],
      },
    });
    expect(repeated.body.message).toBe('Each priority item can appear only once.');
    for (const bad of [0, -1, 1.5, 'abc']) {
      const res = await call<Refusal>('POST', '/campus/priorities', {
        token: token.campus,
        body: { id_campus: campus.id_campus, items: [{ id_priority_item: 2, priority_level: bad }] },
      });
      expect(res.status).toBe(400);
      expect(res.body.errors).toEqual([
        { path: 'items.0.priority_level', message: 'The priority level must be a whole number greater than 0.' },
      ]);
    }
    const es = await call<Refusal>('POST', '/campus/priorities', {
      token: token.campus,
      body: { id_campus: campus.id_campus, items: [{ id_priority_item: 2, priority_level: 0 }] },
      headers: { 'accept-language': 'es' },
    });
    expect(es.body.message).toBe('El nivel de prioridad debe ser un número entero mayor que 0.');
    const unknown = await call<Refusal>('POST', '/campus/priorities', {
      token: token.campus,
      body: { id_campus: campus.id_campus, items: [{ id_priority_item: 99, priority_level: 9 }] },
    });
    expect(unknown.body.errors).toEqual([{ path: 'items.0.id_priority_item', message: 'Invalid value.' }]);
    const stored = await call<PriorityRow[]>('GET', `/campus/priorities/${campus.id_campus}`, { token: token.campus });
    expect(levels(stored.body)).toEqual({ 'in-district': 1, sibling: 2, general: 3, 'staff child': null });
  });

  it('saves a lottery weight per item (default 1, above 0 and at most 100); omitting it keeps it', async () => {
    const save = (items: Array<Record<string, unknown>>) =>
      call<{ data: PriorityRow[] } & Refusal>('POST', '/campus/priorities', {
        token: token.school,
        body: { id_campus: sister.id_campus, items },
      });
    const weightOf = (rows: PriorityRow[], name: string) => rows.find((r) => r.name === name)?.weight;
    const first = await save([{ id_priority_item: 3, priority_level: 1 }]);
    expect(first.status, JSON.stringify(first.body)).toBe(200);
    expect(weightOf(first.body.data, 'in-district')).toBe(1);
    expect(weightOf(first.body.data, 'general')).toBeNull();
    const weighted = await save([{ id_priority_item: 3, priority_level: 1, weight: 2.5 }]);
    expect(weightOf(weighted.body.data, 'in-district')).toBe(2.5);
    const kept = await save([{ id_priority_item: 3, priority_level: 2 }]);
    expect(kept.body.data.find((r) => r.name === 'in-district')).toMatchObject({ priority_level: 2, weight: 2.5 });
    for (const weight of [0, -1, 101, 'heavy']) {
      const bad = await save([{ id_priority_item: 3, priority_level: 2, weight }]);
      expect(bad.status, String(weight)).toBe(400);
      expect(bad.body.errors?.[0]?.path).toBe('items.0.weight');
    }
    const [row] = await ctx.db
      .select()
      .from(s.campusPriority)
      .where(and(eq(s.campusPriority.id_campus, sister.id_campus), eq(s.campusPriority.id_priority_item, 3)));
    expect(row.weight).toBe(2.5);
    const max = await save([{ id_priority_item: 3, priority_level: 2, weight: 100 }]);
    expect(weightOf(max.body.data, 'in-district')).toBe(100);
  });

  it("denies a user without the permission with the spec's message", async () => {
    expect((await call('GET', `/campus/priorities/${campus.id_campus}`, { token: token.viewer })).status).toBe(200);
    const res = await call<Refusal>('POST', '/campus/priorities', {
      token: token.viewer,
      body: { id_campus: campus.id_campus, items: [] },
    });
    expect([res.status, res.body.message]).toEqual([403, "You don't have permissions to configure priorities."]);
  });

  it('keeps campuses apart: another school or another campus answers 404 and is not changed', async () => {
    for (const path of [`/campus/priorities/${foreign.id_campus}`, `/campus/priorities?id_campus=${foreign.id_campus}`])
      expect((await call('GET', path, { token: token.school })).status).toBe(404);
    expect((await call('GET', `/campus/priorities/${sister.id_campus}`, { token: token.school })).status).toBe(200);
    expect((await call('GET', `/campus/priorities/${sister.id_campus}`, { token: token.campus })).status).toBe(404);
    const write = await call('POST', '/campus/priorities', {
      token: token.school,
      body: { id_campus: foreign.id_campus, items: [{ id_priority_item: 1, priority_level: 7 }] },
    });
    expect(write.status).toBe(404);
    const [row] = await ctx.db.select().from(s.campusPriority).where(eq(s.campusPriority.id_campus, foreign.id_campus));
    expect(row.priority_level).toBe(1);
  });
});
