import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CONTEXT_TYPE } from '@openseat/shared/constants';
import type { TagRow } from '@openseat/shared/schemas/enrollment';
import type { Page } from '@openseat/shared/schemas/pagination';
import * as s from '../../db/schema/index';
import { apiClient, startTestApp, type TestContext } from '../../test/harness';
import { createCampus, createSchool } from '../../test/factories';
import { createRoleWith, createTag } from '../../test/enrollment-factories';
import { tokenFor } from '../../test/session';

let ctx: TestContext;
let call: ReturnType<typeof apiClient>;
let campus: { id_school: number; id_campus: number };
let sister: { id_school: number; id_campus: number };
let foreign: { id_school: number; id_campus: number };
const token = { school: '', campus: '', viewer: '' };
type Refusal = { message: string; code: string; errors?: Array<{ path: string; message: string }> };

beforeAll(async () => {
  ctx = await startTestApp();
  call = apiClient(ctx.baseUrl);
  const school = await createSchool(ctx.db);
  const other = await createSchool(ctx.db);
  campus = await createCampus(ctx.db, school.id_school, 'Tag Campus');
  sister = await createCampus(ctx.db, school.id_school, 'Sister Campus');
  foreign = await createCampus(ctx.db, other.id_school, 'Foreign Campus');
  await createTag(ctx.db, sister, 'Sister tag');
  await createTag(ctx.db, foreign, 'Foreign tag');
  const viewerRole = await createRoleWith(ctx.db, CONTEXT_TYPE.CAMPUS, [['tags_configuration', 'access']]);
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

describe('tags', () => {
  let tag: TagRow;

  it('creates a tag on a campus of the caller, with the school taken from the campus, and audits it', async () => {
    const res = await call<{ message: string; data: TagRow }>('POST', '/tag', {
      token: token.campus,
      body: { name: 'Bus rider', description: 'Needs a seat on the bus.', id_campus: campus.id_campus, id_school: 999 },
    });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    tag = res.body.data;
    expect(res.body).toMatchObject({
      message: 'Created.',
      data: {
        name: 'Bus rider',
        description: 'Needs a seat on the bus.',
        id_campus: campus.id_campus,
        campus: { name: 'Tag Campus' },
      },
    });
    const [row] = await ctx.db.select().from(s.tag).where(eq(s.tag.id_tag, tag.id_tag));
    expect(row.id_school).toBe(campus.id_school);
    const audit = await ctx.db
      .select()
      .from(s.auditLog)
      .where(and(eq(s.auditLog.action, 'tag.create'), eq(s.auditLog.entityId, String(tag.id_tag))));
    expect(audit).toHaveLength(1);
  });

  it('refuses a name already used on the campus (any case) with 409; the same name on another campus is fine', async () => {
    const dup = await call<Refusal>('POST', '/tag', {
      token: token.campus,
      body: { name: 'bus RIDER', id_campus: campus.id_campus },
    });
    expect(dup.status).toBe(409);
    expect(dup.body.message).toBe('A tag with this name already exists on this campus.');
    const es = await call<Refusal>('POST', '/tag', {
      token: token.campus,
      body: { name: 'Bus rider', id_campus: campus.id_campus },
      headers: { 'accept-language': 'es' },
    });
    expect(es.body.message).toBe('Ya existe una etiqueta con este nombre en este campus.');
    const elsewhere = await call('POST', '/tag', {
      token: token.school,
      body: { name: 'Bus rider', id_campus: sister.id_campus },
    });
    expect(elsewhere.status).toBe(200);
  });

  it('requires a name', async () => {
    const res = await call<Refusal>('POST', '/tag', {
      token: token.campus,
      body: { name: ' ', id_campus: campus.id_campus },
    });
    expect(res.status).toBe(400);
    expect(res.body.errors).toEqual([{ path: 'name', message: 'Required field.' }]);
  });

  it('lists in pages with a text filter, inside the scope', async () => {
    for (const name of ['Follow up', 'IEP review', 'Sibling enrolled'])
      await call('POST', '/tag', { token: token.campus, body: { name, id_campus: campus.id_campus } });
    const page = await call<Page<TagRow>>('GET', `/tag?id_campus=${campus.id_campus}&page=0&pageSize=2`, {
      token: token.campus,
    });
    expect(page.body).toMatchObject({ total: 4, page: 0, pageSize: 2 });
    expect(page.body.data.map((t) => t.name)).toEqual(['Bus rider', 'Follow up']);
    const second = await call<Page<TagRow>>('GET', `/tag?id_campus=${campus.id_campus}&page=1&pageSize=2`, {
      token: token.campus,
    });
    expect(second.body.data.map((t) => t.name)).toEqual(['IEP review', 'Sibling enrolled']);
    const text = await call<Page<TagRow>>('GET', '/tag?text=iep', { token: token.campus });
    expect(text.body.data.map((t) => t.name)).toEqual(['IEP review']);
    const campusAll = await call<Page<TagRow>>('GET', '/tag?pageSize=200', { token: token.campus });
    expect(campusAll.body.data.every((t) => t.id_campus === campus.id_campus)).toBe(true);
    const schoolAll = await call<Page<TagRow>>('GET', '/tag?pageSize=200', { token: token.school });
    expect(schoolAll.body.data.map((t) => t.name)).toContain('Sister tag');
    expect(schoolAll.body.data.map((t) => t.name)).not.toContain('Foreign tag');
  });

  it('updates name and description, refuses a duplicate and a move to another campus', async () => {
    const res = await call<{ data: TagRow }>('PUT', `/tag/${tag.id_tag}`, {
      token: token.campus,
      body: { name: 'Bus riders', description: '', id_campus: campus.id_campus },
    });
    expect(res.status).toBe(200);
    expect(res.body.data).toMatchObject({ name: 'Bus riders', description: null });
    expect(
      (
        await call<Refusal>('PUT', `/tag/${tag.id_tag}`, {
          token: token.campus,
          body: { name: 'Follow up', id_campus: campus.id_campus },
        })
      ).status,
    ).toBe(409);
    const move = await call<Refusal>('PUT', `/tag/${tag.id_tag}`, {
      token: token.school,
      body: { name: 'Bus riders', id_campus: sister.id_campus },
    });
    expect(move.status).toBe(400);
    expect(move.body.errors?.[0].path).toBe('id_campus');
    expect((await call<TagRow>('GET', `/tag/${tag.id_tag}`, { token: token.campus })).body.name).toBe('Bus riders');
  });

  it('deletes a tag (audited)', async () => {
    const spare = await createTag(ctx.db, campus, 'Spare');
    expect((await call('DELETE', `/tag/${spare.id_tag}`, { token: token.campus })).status).toBe(200);
    expect((await call('GET', `/tag/${spare.id_tag}`, { token: token.campus })).status).toBe(404);
    const audit = await ctx.db
      .select()
      .from(s.auditLog)
      .where(and(eq(s.auditLog.action, 'tag.delete'), eq(s.auditLog.entityId, String(spare.id_tag))));
    expect(audit).toHaveLength(1);
  });

  it('refuses changes to a user without the tags permissions', async () => {
    expect((await call('GET', '/tag', { token: token.viewer })).status).toBe(200);
    expect(
      (await call('POST', '/tag', { token: token.viewer, body: { name: 'Nope', id_campus: campus.id_campus } })).status,
    ).toBe(403);
    expect(
      (
        await call('PUT', `/tag/${tag.id_tag}`, {
          token: token.viewer,
          body: { name: 'Nope', id_campus: campus.id_campus },
        })
      ).status,
    ).toBe(403);
    expect((await call('DELETE', `/tag/${tag.id_tag}`, { token: token.viewer })).status).toBe(403);
  });

  it("keeps another tenant's tags out of reach (404) and unchanged", async () => {
    const [foreignTag] = await ctx.db.select().from(s.tag).where(eq(s.tag.id_campus, foreign.id_campus));
    const [sisterTag] = await ctx.db.select().from(s.tag).where(eq(s.tag.id_campus, sister.id_campus));
    expect((await call('GET', `/tag/${foreignTag.id_tag}`, { token: token.school })).status).toBe(404);
    expect((await call('GET', `/tag/${sisterTag.id_tag}`, { token: token.school })).status).toBe(200);
    expect((await call('GET', `/tag/${sisterTag.id_tag}`, { token: token.campus })).status).toBe(404);
    expect((await call('GET', `/tag?id_campus=${foreign.id_campus}`, { token: token.school })).status).toBe(404);
    expect(
      (
        await call('PUT', `/tag/${foreignTag.id_tag}`, {
          token: token.school,
          body: { name: 'Mine now', id_campus: foreign.id_campus },
        })
      ).status,
    ).toBe(404);
    expect((await call('DELETE', `/tag/${foreignTag.id_tag}`, { token: token.school })).status).toBe(404);
    expect(
      (await call('POST', '/tag', { token: token.school, body: { name: 'Planted', id_campus: foreign.id_campus } }))
        .status,
    ).toBe(404);
    const [after] = await ctx.db.select().from(s.tag).where(eq(s.tag.id_tag, foreignTag.id_tag));
    expect(after.name).toBe('Foreign tag');
  });
});
