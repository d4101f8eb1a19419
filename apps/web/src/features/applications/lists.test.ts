import { describe, expect, it } from 'vitest';
import { LIST_TYPE } from '@openseat/shared/constants';
import { LIST_SCREENS } from './lists';

describe('application list screens', () => {
  it('gives every list type of the spec one screen', () => {
    expect(LIST_SCREENS.map((s) => s.type).sort()).toEqual(
      [
        LIST_TYPE.INBOX,
        LIST_TYPE.SELECTED_LIST,
        LIST_TYPE.WAITING_LIST,
        LIST_TYPE.HISTORICAL,
        LIST_TYPE.DECLINED,
        LIST_TYPE.DENIED,
        LIST_TYPE.SCHOOL_APPS,
      ].sort(),
    );
  });
});
