import { describe, expect, it } from 'vitest';
import { translate } from '@openseat/shared/messages';
import { moveNotice } from './moves.service';

const moved = (n: number) =>
  Array.from({ length: n }, (_, i) => ({
    id_application: i + 1,
    correlative: i + 1,
    id_status_from: 3,
    id_status: 5,
    waiting_list_position: null,
  }));
const refusal = { id_application: 4, code: 'MOVE_NOT_ALLOWED' as const, message: 'moveNotAllowed' as const };

describe('the notice after a move', () => {
  it('warns when some were offered and others had no seat', () => {
    expect(moveNotice({ data: moved(2), nonTransferable: [9], refused: [] }, 3)).toEqual({
      severity: 'warning',
      key: 'someNotOffered',
    });
  });

  it('is an error when none, or the only one, had a seat', () => {
    expect(moveNotice({ data: [], nonTransferable: [8, 9], refused: [] }, 2)).toEqual({
      severity: 'error',
      key: 'noneOffered',
    });
    expect(moveNotice({ data: [], nonTransferable: [9], refused: [] }, 1).key).toBe('applicationNotOffered');
  });

  it('counts refused moves, and otherwise the moved ones', () => {
    expect(moveNotice({ data: moved(1), nonTransferable: [], refused: [refusal] }, 2)).toEqual({
      severity: 'warning',
      key: 'moveRefused',
    });
    const many = moveNotice({ data: moved(1), nonTransferable: [], refused: [refusal, refusal] }, 3);
    expect(translate(many.key, 'en', many.params)).toBe('2 applications could not make that move from their status.');
    const three = moveNotice({ data: moved(3), nonTransferable: [], refused: [] }, 3);
    expect(three).toEqual({ severity: 'success', key: 'applicationsMoved', params: { count: 3 } });
    expect(translate(three.key, 'en', three.params)).toBe('3 applications moved.');
    expect(translate(three.key, 'es', three.params)).toBe('Se movieron 3 solicitudes.');
  });

  it('names the one application moved as before', () => {
    const one = moveNotice({ data: moved(1), nonTransferable: [], refused: [] }, 1);
    expect(one).toEqual({ severity: 'success', key: 'applicationMoved' });
    expect(translate(one.key, 'en')).toBe('Application moved.');
  });
});
