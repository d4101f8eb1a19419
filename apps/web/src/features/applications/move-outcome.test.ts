import { describe, expect, it } from 'vitest';
import { moveNotice } from './move-outcome';

const moved = (n: number) =>
  Array.from({ length: n }, (_, i) => ({
    id_application: i + 1,
    correlative: i + 1,
    id_status_from: 3,
    id_status: 5,
    waiting_list_position: null,
  }));

describe('the notice after a move', () => {
  it('warns when some were offered and others had no seat', () => {
    expect(moveNotice({ data: moved(2), nonTransferable: [9], refused: [] }, 3)).toEqual({
      severity: 'warning',
      key: 'someNotOffered',
    });
  });

  it('is an error when none, or the only one, had a seat', () => {
    expect(moveNotice({ data: [], nonTransferable: [8, 9], refused: [] }, 2).key).toBe('noneOffered');
    expect(moveNotice({ data: [], nonTransferable: [9], refused: [] }, 1).key).toBe('applicationNotOffered');
  });

  it('counts refused moves, and otherwise the moved ones', () => {
    expect(
      moveNotice({ data: moved(1), nonTransferable: [], refused: [{ id_application: 4, code: 'X', message: 'm' }] }, 2),
    ).toEqual({ severity: 'warning', key: 'applications.someRefused', count: 1 });
    expect(moveNotice({ data: moved(3), nonTransferable: [], refused: [] }, 3)).toEqual({
      severity: 'success',
      key: 'applications.moved',
      count: 3,
    });
  });
});
