import { describe, expect, it } from 'vitest';
import { FILTER_ID, LIST_TYPE } from '@openseat/shared/constants';
import { changedItems, filtersFromSaved, withSavedItems } from './saved-filters';

describe('saved list filters', () => {
  it('restores grade, status and tags of the list it was saved for, and nothing of another list', () => {
    const saved = [
      {
        listType: LIST_TYPE.INBOX,
        items: [
          { id_filter: FILTER_ID.GRADE, values: [4] },
          { id_filter: FILTER_ID.STATUS, values: [3] },
          { id_filter: FILTER_ID.TAG, values: [7, 9] },
        ],
      },
      { listType: LIST_TYPE.DENIED, items: [{ id_filter: FILTER_ID.GRADE, values: [2] }] },
    ];
    expect(filtersFromSaved(saved, LIST_TYPE.INBOX)).toEqual({ text: '', id_grade: 4, id_status: 3, tagIds: [7, 9] });
    expect(filtersFromSaved(saved, LIST_TYPE.DECLINED)).toEqual({ text: '' });
  });

  it('keeps a search typed before the saved filters arrived', () => {
    const saved = [{ listType: LIST_TYPE.INBOX, items: [{ id_filter: FILTER_ID.GRADE, values: [4] }] }];
    expect(filtersFromSaved(saved, LIST_TYPE.INBOX, 'Sophia Miller')).toEqual({ text: 'Sophia Miller', id_grade: 4 });
  });

  it('saves only the filters that changed; a cleared one is saved empty (removed)', () => {
    expect(changedItems({ text: '', id_grade: 4 }, { text: 'ana', id_grade: 4, tagIds: [1] })).toEqual([
      { id_filter: FILTER_ID.TAG, values: [1] },
    ]);
    expect(changedItems({ text: '', id_grade: 4, id_status: 3 }, { text: '', id_status: 3 })).toEqual([
      { id_filter: FILTER_ID.GRADE, values: [] },
    ]);
    expect(changedItems({ text: '' }, { text: 'typed' })).toEqual([]);
  });

  it('holds what is being saved, so a list opened again before the answer starts with it', () => {
    const saved = [
      { listType: LIST_TYPE.INBOX, items: [{ id_filter: FILTER_ID.GRADE, values: [4] }] },
      { listType: LIST_TYPE.WAITING_LIST, items: [{ id_filter: FILTER_ID.STATUS, values: [5] }] },
    ];
    const next = withSavedItems(saved, LIST_TYPE.INBOX, [
      { id_filter: FILTER_ID.STATUS, values: [3] },
      { id_filter: FILTER_ID.GRADE, values: [] },
    ]);
    expect(filtersFromSaved(next, LIST_TYPE.INBOX)).toEqual({ text: '', id_status: 3 });
    expect(filtersFromSaved(next, LIST_TYPE.WAITING_LIST)).toEqual({ text: '', id_status: 5 });
  });
});
