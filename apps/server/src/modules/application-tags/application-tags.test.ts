import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ApplicationTagBulkResult, ApplicationTags } from '@openseat/shared/schemas/application-records';
import * as s from '../../db/schema/index';
import { createTag } from '../../test/enrollment-factories';
import { apiClient, startTestApp, type TestContext } from '../../test/harness';
import { createRecordApplication } from '../../test/records-factories';
import { recordsWorld } from '../../test/records-setup';

let ctx: TestContext;
let call: ReturnType<typeof apiClient>;
let w: Awaited<ReturnType<typeof recordsWorld>>;
type Refusal = { message: string; errors?: Array<{ path: string; message: string }> };

const tagsOf = async (id_application: number) =>
  (await ctx.db.select().from(s.applicationTag).where(eq(s.applicationTag.id_application, id_application))).map(
    (t) => t.id_tag,
  );

beforeAll(async () => {
  ctx = await startTestApp();
  call = apiClient(ctx.baseUrl);
  w = await recordsWorld(ctx, [['application', 'access']]);
});
afterAll(() => ctx?.close());

describe('application tags', () => {
  it("adds a tag of the application's campus, answers the tags, audits it; adding again changes nothing", async () => {
    const body = { id_application: w.apps.a1.id_application, id_tag: w.tags.a1.id_tag };
    const res = await call<{ message: string; data: ApplicationTags }>('POST', '/application-tag', {
      token: w.tokens.campus,
      body,
    });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body).toEqual({
      message: 'Tag added.',
      data: { id_application: w.apps.a1.id_application, tags: [{ id_tag: w.tags.a1.id_tag, name: 'Tag a1' }] },
    });
    expect((await call('POST', '/application-tag', { token: w.tokens.campus, body })).status).toBe(200);
    expect(await tagsOf(w.apps.a1.id_application)).toEqual([w.tags.a1.id_tag]);
    const audit = await ctx.db
      .select()
      .from(s.auditLog)
      .where(
        and(eq(s.auditLog.action, 'application.tag.add'), eq(s.auditLog.entityId, String(w.apps.a1.id_application))),
      );
    expect(audit).toHaveLength(1);
  });

  it("refuses a tag of another campus (400) and another school's tag (404)", async () => {
    const sister = await call<Refusal>('POST', '/application-tag', {
      token: w.tokens.school,
      body: { id_application: w.apps.a1.id_application, id_tag: w.tags.a2.id_tag },
    });
    expect(sister.status).toBe(400);
    expect(sister.body.message).toBe('The tag belongs to another campus than the application.');
    const foreign = await call('POST', '/application-tag', {
      token: w.tokens.school,
      body: { id_application: w.apps.a1.id_application, id_tag: w.tags.b1.id_tag },
    });
    expect(foreign.status).toBe(404);
    expect(await tagsOf(w.apps.a1.id_application)).toEqual([w.tags.a1.id_tag]);
  });

  it('removes a tag', async () => {
    const res = await call<{ message: string; data: ApplicationTags }>(
      'DELETE',
      `/application-tag?id_application=${w.apps.a1.id_application}&id_tag=${w.tags.a1.id_tag}`,
      { token: w.tokens.campus },
    );
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ message: 'Tag removed.', data: { id_application: w.apps.a1.id_application, tags: [] } });
    expect(await tagsOf(w.apps.a1.id_application)).toEqual([]);
  });

  it('tags a selection and says which were tagged, already tagged or refused; nothing refused changes', async () => {
    const more = await createRecordApplication(ctx.db, w.periods.a1);
    const tagged = await createRecordApplication(ctx.db, w.periods.a1);
    const bus = await createTag(ctx.db, w.campuses.a1, 'Bus');
    await ctx.db.insert(s.applicationTag).values({
      id_school: tagged.id_school,
      id_application: tagged.id_application,
      id_tag: bus.id_tag,
    });
    const ids = [
      w.apps.a1.id_application,
      more.id_application,
      tagged.id_application,
      w.apps.a2.id_application,
      w.apps.b1.id_application,
    ];
    const res = await call<ApplicationTagBulkResult>('POST', '/application-tag/multiple', {
      token: w.tokens.school,
      body: { applicationIds: ids, id_tag: bus.id_tag, type: 'selected_list' },
    });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body).toMatchObject({
      message: 'Tag added to the selected applications.',
      type: 'selected_list',
      tagged: [w.apps.a1.id_application, more.id_application],
      alreadyTagged: [tagged.id_application],
      refused: [
        { id_application: w.apps.a2.id_application, code: 'TAG_OTHER_CAMPUS' },
        { id_application: w.apps.b1.id_application, code: 'NOT_FOUND' },
      ],
    });
    expect(res.body.data.map((d) => d.id_application)).toEqual([
      w.apps.a1.id_application,
      more.id_application,
      tagged.id_application,
    ]);
    expect(res.body.data[0].tags).toEqual([{ id_tag: bus.id_tag, name: 'Bus' }]);
    expect(await tagsOf(w.apps.a2.id_application)).toEqual([]);
    expect(await tagsOf(w.apps.b1.id_application)).toEqual([]);
    const list = await call<ApplicationTagBulkResult>('POST', '/application-tag/multiple', {
      token: w.tokens.campus,
      body: { applicationIds: [more.id_application], id_tag: bus.id_tag },
    });
    expect(list.body).toMatchObject({ type: 'app_list', tagged: [], alreadyTagged: [more.id_application] });
  });

  it('refuses bad selections with 400 and a campus user another campus tag with 404', async () => {
    for (const body of [
      { applicationIds: [], id_tag: w.tags.a1.id_tag },
      { applicationIds: [1, 1], id_tag: w.tags.a1.id_tag },
      { applicationIds: [1], id_tag: w.tags.a1.id_tag, type: 'lottery' },
    ])
      expect((await call('POST', '/application-tag/multiple', { token: w.tokens.campus, body })).status).toBe(400);
    const other = await call('POST', '/application-tag/multiple', {
      token: w.tokens.campus,
      body: { applicationIds: [w.apps.a1.id_application], id_tag: w.tags.a2.id_tag },
    });
    expect(other.status).toBe(404);
  });

  it('needs manage_tags, and a signed-in caller', async () => {
    const body = { id_application: w.apps.a1.id_application, id_tag: w.tags.a1.id_tag };
    expect((await call('POST', '/application-tag', { token: w.tokens.limited, body })).status).toBe(403);
    expect((await call('POST', '/application-tag', { body })).status).toBe(401);
    expect(
      (
        await call('POST', '/application-tag/multiple', {
          token: w.tokens.limited,
          body: { applicationIds: [w.apps.a1.id_application], id_tag: w.tags.a1.id_tag },
        })
      ).status,
    ).toBe(403);
  });
});
