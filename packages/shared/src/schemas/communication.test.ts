import { describe, expect, it } from 'vitest';
import { boundMoveError } from './communication';

describe('the bound-move rule of templates and forms', () => {
  it('asks a status change template for the status it is sent on', () => {
    expect(boundMoveError({ id_status_from: null, id_status_to: null, needsMove: true })).toEqual({
      path: 'id_status_to',
      message: 'templateNeedsMove',
    });
    // a reminder or a form need not be bound
    expect(boundMoveError({ id_status_from: null, id_status_to: null })).toBeNull();
  });

  it('refuses the same status as from and to, and lets "any status" go to any one', () => {
    expect(boundMoveError({ id_status_from: 3, id_status_to: 3 })).toEqual({
      path: 'id_status_to',
      message: 'templateSameStatus',
    });
    expect(boundMoveError({ id_status_from: null, id_status_to: 3, needsMove: true })).toBeNull();
    expect(boundMoveError({ id_status_from: 2, id_status_to: 3, needsMove: true })).toBeNull();
  });
});
