import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FILTER_ID, LIST_TYPE } from '@openseat/shared/constants';
import type { UserFilterList } from '@openseat/shared/schemas/application-records';
import { apiClient, startTestApp, type TestContext } from '../../test/harness';
import { recordsWorld } from '../../test/records-setup';

let ctx: TestContext;
let call: ReturnType<typeof apiClient>;
let w: Awaited<ReturnType<typeof recordsWorld>>;

beforeAll(async () => {
  ctx = await startTestApp();
  call = apiClient(ctx.baseUrl);
  w = await recordsWorld(ctx);
});
afterAll(() => ctx?.close());

const save = (method: 'POST' | 'PUT', body: unknown, token = w.tokens.campus) =>
  call<{ message: string; data: UserFilterList }>(method, '/user/filter', { token, body });

describe('saved list filters', () => {
  it('serves the filter catalog with the spec ids', async () => {
    const res = await call<Array<{ id_filter: number; name: string }>>('GET', '/filter', { token: w.tokens.campus });
    expect(res.status).toBe(200);
    expect(res.body.map((f) => [f.id_filter, f.name])).toEqual([
      [1, 'grade'],
      [2, 'priority'],
      [3, 'tag'],
      [4, 'status'],
      [5, 'school_period'],
      [6, 'campus'],
    ]);
  });

  it('saves one item per call and restores them on the next visit, per list and per user', async () => {
    expect((await save('POST', { listType: LIST_TYPE.INBOX, id_filter: FILTER_ID.GRADE, values: [3, 4] })).status).toBe(
      200,
    );
    expect(
      (await save('PUT', { listType: LIST_TYPE.INBOX, id_filter: FILTER_ID.TAG, values: [w.tags.a1.id_tag] })).status,
    ).toBe(200);
    const replaced = await save('PUT', { listType: LIST_TYPE.INBOX, id_filter: FILTER_ID.GRADE, values: [4, 4] });
    expect(replaced.body.message).toBe('Filter saved.');
    await save('POST', { listType: LIST_TYPE.DENIED, id_filter: FILTER_ID.STATUS, values: [4] });
    const all = await call<UserFilterList>('GET', '/user/filter', { token: w.tokens.campus });
    expect(all.body).toEqual([
      {
        listType: LIST_TYPE.INBOX,
        items: [
          { id_filter: FILTER_ID.GRADE, values: [4] },
          { id_filter: FILTER_ID.TAG, values: [w.tags.a1.id_tag] },
        ],
      },
      { listType: LIST_TYPE.DENIED, items: [{ id_filter: FILTER_ID.STATUS, values: [4] }] },
    ]);
    const one = await call<UserFilterList>('GET', `/user/filter?listType=${LIST_TYPE.DENIED}`, {
      token: w.tokens.campus,
    });
    expect(one.body).toHaveLength(1);
    const other = await call<UserFilterList>('GET', '/user/filter', { token: w.tokens.school });
    expect(other.body).toEqual([]);
  });

  it('an empty item removes it; DELETE resets a list to its defaults', async () => {
    const res = await save('PUT', { listType: LIST_TYPE.INBOX, id_filter: FILTER_ID.TAG, values: [] });
    expect(res.body.data).toEqual([
      { listType: LIST_TYPE.INBOX, items: [{ id_filter: FILTER_ID.GRADE, values: [4] }] },
    ]);
    const reset = await call('DELETE', `/user/filter?listType=${LIST_TYPE.INBOX}`, { token: w.tokens.campus });
    expect(reset.body).toEqual({ message: 'Filters are back to their defaults.' });
    const after = await call<UserFilterList>('GET', '/user/filter', { token: w.tokens.campus });
    expect(after.body.map((l) => l.listType)).toEqual([LIST_TYPE.DENIED]);
  });

  it('refuses lists and values that are not valid (400) and campuses or tags out of reach (404)', async () => {
    for (const body of [
      { listType: LIST_TYPE.WAITING_LIST, id_filter: FILTER_ID.GRADE, values: [3] },
      { listType: LIST_TYPE.INBOX, id_filter: 7, values: [3] },
      { listType: LIST_TYPE.INBOX, id_filter: FILTER_ID.STATUS, values: [99] },
      { listType: LIST_TYPE.INBOX, id_filter: FILTER_ID.GRADE, values: [999] },
      { listType: LIST_TYPE.INBOX, id_filter: FILTER_ID.GRADE, values: [2 ** 31] },
    ])
      expect((await save('POST', body)).status, JSON.stringify(body)).toBe(400);
    expect(
      (await save('POST', { listType: 1, id_filter: FILTER_ID.CAMPUS, values: [w.campuses.a2.id_campus] })).status,
    ).toBe(404);
    expect((await save('POST', { listType: 1, id_filter: FILTER_ID.TAG, values: [w.tags.b1.id_tag] })).status).toBe(
      404,
    );
    expect(
      (await save('POST', { listType: 1, id_filter: FILTER_ID.CAMPUS, values: [w.campuses.a1.id_campus] })).status,
    ).toBe(200);
    expect((await call('GET', '/user/filter')).status).toBe(401);
  });
});
