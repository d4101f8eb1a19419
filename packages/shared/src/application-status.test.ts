import { describe, expect, it } from 'vitest';
import {
  LIST_STATUSES,
  MOVE_TARGETS,
  PROGRESS_STEPS,
  SEAT_HOLDING_STATUSES,
  STATUS_IDS,
  TRANSITIONS,
  allowedTargets,
  holdsSeat,
  mayMove,
  transitionOf,
} from './application-status';
import { LIST_TYPE, STATUS } from './constants';
import { SUBJECT_ACTIONS, type Action, type Subject } from './permissions';
import { ApplicationCreateSchema, ApplicationListQuerySchema, StatusMoveSchema } from './schemas/applications';

describe('lists', () => {
  it('shows the default statuses of spec section 7', () => {
    expect(LIST_STATUSES[LIST_TYPE.INBOX]).toEqual([1, 2, 3, 10, 11]);
    expect(LIST_STATUSES[LIST_TYPE.SELECTED_LIST]).toEqual([5, 7, 9]);
    expect(LIST_STATUSES[LIST_TYPE.WAITING_LIST]).toEqual([6]);
    expect(LIST_STATUSES[LIST_TYPE.DECLINED]).toEqual([8]);
    expect(LIST_STATUSES[LIST_TYPE.DENIED]).toEqual([4]);
    expect(LIST_STATUSES[LIST_TYPE.HISTORICAL]).toHaveLength(11);
  });

  it('puts every status in exactly one of the working lists', () => {
    const lists = [
      LIST_TYPE.INBOX,
      LIST_TYPE.SELECTED_LIST,
      LIST_TYPE.WAITING_LIST,
      LIST_TYPE.DECLINED,
      LIST_TYPE.DENIED,
    ];
    const all = lists.flatMap((t) => LIST_STATUSES[t]).sort((a, b) => a - b);
    expect(all).toEqual([...STATUS_IDS].sort((a, b) => a - b));
  });

  it('holds seats while offered, confirmed or enrolled only', () => {
    expect(SEAT_HOLDING_STATUSES).toEqual([5, 7, 9]);
    expect(STATUS_IDS.filter(holdsSeat)).toEqual([5, 7, 9]);
  });
});

describe('progress steps (spec section 4)', () => {
  it('has a step list for every status with the current status at its index', () => {
    for (const id of STATUS_IDS) {
      const { steps, current } = PROGRESS_STEPS[id];
      expect(steps[current]).toBe(id);
    }
    expect(PROGRESS_STEPS[STATUS.DECLINED]).toEqual({ steps: [1, 2, 3, 5, 8], current: 4 });
    expect(PROGRESS_STEPS[STATUS.DENIED]).toEqual({ steps: [1, 2, 4], current: 2 });
  });
});

describe('transitions', () => {
  const grantAll = () => true;

  it('allows the pipeline an admissions office walks', () => {
    const path = [1, 2, 3, 5, 7, 9];
    for (let i = 1; i < path.length; i++) expect(mayMove(grantAll, path[i - 1], path[i])).toBe(true);
    expect(mayMove(grantAll, 3, 6)).toBe(true);
    expect(mayMove(grantAll, 6, 5)).toBe(true);
    expect(mayMove(grantAll, 5, 8)).toBe(true);
    expect(mayMove(grantAll, 8, 6)).toBe(true);
  });

  it('refuses skipping the application and moving to a lead kind', () => {
    expect(transitionOf(STATUS.LEAD, STATUS.OFFERED)).toBeNull();
    expect(transitionOf(STATUS.CONTACTED, STATUS.WAITING_LIST)).toBeNull();
    expect(transitionOf(STATUS.APPLIED, STATUS.LEAD_2)).toBeNull();
    expect(transitionOf(STATUS.ENROLLED, STATUS.ENROLLED)).toBeNull();
    expect(transitionOf(STATUS.DENIED, STATUS.OFFERED)).toBeNull();
    expect(transitionOf(99, 1)).toBeNull();
    expect(MOVE_TARGETS).not.toContain(STATUS.LEAD);
    expect(MOVE_TARGETS).not.toContain(STATUS.LEAD_2);
  });

  it('never moves to the same status', () => {
    for (const from of STATUS_IDS) expect(allowedTargets(from)).not.toContain(from);
  });

  it('names only permissions a role can be granted (the screen offers the action)', () => {
    for (const targets of Object.values(TRANSITIONS))
      for (const permissions of Object.values(targets ?? {}))
        for (const [subject, action] of permissions ?? [])
          expect(SUBJECT_ACTIONS[subject as Subject]).toContain(action as Action);
  });

  it('needs the permission of the move', () => {
    const only = (subject: Subject, action: Action) => (a: Action, s: Subject) => a === action && s === subject;
    expect(mayMove(only('application', 'move_to_offered'), 3, 5)).toBe(true);
    expect(mayMove(only('waiting_list', 'move_to_offered'), 6, 5)).toBe(true);
    expect(mayMove(only('waiting_list', 'move_to_offered'), 3, 5)).toBe(false);
    expect(mayMove(only('selected_list', 'move_to_confirmed'), 5, 7)).toBe(true);
    expect(mayMove(only('application', 'status_movement'), 3, 5)).toBe(false);
    expect(mayMove(only('application', 'deny_application'), 3, 4)).toBe(true);
    expect(mayMove(only('declined_list', 'move_to_waiting'), 8, 6)).toBe(true);
  });
});

describe('request schemas', () => {
  it('reads list queries from a query string', () => {
    const q = ApplicationListQuerySchema.parse({ type: '3', ids_status: '6', tagIds: '4,5', page: '2' });
    expect(q).toMatchObject({ type: 3, ids_status: [6], tagIds: [4, 5], page: 2, pageSize: 25 });
    expect(ApplicationListQuerySchema.safeParse({ type: '7' }).success).toBe(false);
    expect(ApplicationListQuerySchema.safeParse({ ids_status: '1,99' }).success).toBe(false);
    expect(ApplicationListQuerySchema.safeParse({ pageSize: '100000' }).success).toBe(false);
  });

  it('refuses moves to a status no row reaches, repeated ids and ids beyond int32', () => {
    expect(StatusMoveSchema.safeParse({ applicationIds: [1], id_status: 1 }).success).toBe(false);
    expect(StatusMoveSchema.safeParse({ applicationIds: [1, 1], id_status: 5 }).success).toBe(false);
    expect(StatusMoveSchema.safeParse({ applicationIds: [2 ** 31], id_status: 5 }).success).toBe(false);
    expect(StatusMoveSchema.safeParse({ applicationIds: [], id_status: 5 }).success).toBe(false);
    expect(StatusMoveSchema.parse({ applicationIds: [1, 2], id_status: '5' })).toEqual({
      applicationIds: [1, 2],
      id_status: 5,
    });
  });

  it('needs a way to reach the guardian at intake', () => {
    const base = {
      id_campus: 1,
      id_school_year: 1,
      applicant: { firstName: 'Ana', lastName: 'Ruiz' },
      guardian: { name: 'Eva Ruiz' },
    };
    const refused = ApplicationCreateSchema.safeParse(base);
    expect(refused.success).toBe(false);
    expect(refused.error?.issues[0]).toMatchObject({ message: 'guardianContactRequired', path: ['guardian', 'email'] });
    const ok = ApplicationCreateSchema.parse({ ...base, guardian: { name: 'Eva Ruiz', phoneNumber: '+14805550101' } });
    expect(ok.id_status).toBe(STATUS.LEAD);
  });
});
