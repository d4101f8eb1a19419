import { holdsSeat, mayMove, MOVEMENT_TYPE, statusName } from '@openseat/shared/application-status';
import { PERIOD_STATE, STATUS, type StatusId } from '@openseat/shared/constants';
import type { MessageKey, MessageParams } from '@openseat/shared/messages';
import type { MovedRow, StatusMove, TransferSpot } from '@openseat/shared/schemas/applications';
import { writeAudits } from '../audit/audit.service';
import { AppError, forbidden, notFound, type ErrorCode } from '../../lib/errors';
import type { Principal } from '../auth/auth.types';
import { incompleteRegistrations } from '../registration/completeness.service';
import {
  groupOf,
  historyOldestFirst,
  refusalCode,
  refusalError,
  refusalOf,
  withLockedApplications,
} from '../status-moves/status-moves.service';
import type { Movable, MoveDeps } from '../status-moves/status-moves.types';

/*
 * Staff's status moves, back to the previous status, spot transfer, grade change and delete. Each runs through the
 * status-move engine (status-moves.service.ts): one transaction holding the groups it touches and the rows.
 */

export type Refusal = { id_application: number; code: ErrorCode; message: MessageKey };
export type MoveOutcome = {
  /** What the screen says about it (the web shows it as it is; the route also answers it translated). */
  notice: MoveNotice;
  data: MovedRow[];
  nonTransferable: number[];
  refused: Refusal[];
  autoOffered: MovedRow[];
};

export type MoveNotice = { severity: 'success' | 'warning' | 'error'; key: MessageKey; params?: MessageParams };

/**
 * What the screen says after a move (spec section 4): when some had no seat, the warning if others moved and the
 * error if none did (for one application, the error that names it); refusals are counted; otherwise success.
 */
export function moveNotice(outcome: Omit<MoveOutcome, 'notice' | 'autoOffered'>, asked: number): MoveNotice {
  if (outcome.nonTransferable.length > 0) {
    if (outcome.data.length > 0) return { severity: 'warning', key: 'someNotOffered' };
    return { severity: 'error', key: asked === 1 ? 'applicationNotOffered' : 'noneOffered' };
  }
  const refused = outcome.refused.length;
  if (refused > 0) {
    const severity = outcome.data.length > 0 ? 'warning' : 'error';
    return refused === 1
      ? { severity, key: 'moveRefused' }
      : { severity, key: 'movesRefused', params: { count: refused } };
  }
  if (asked === 1) return { severity: 'success', key: 'applicationMoved' };
  return { severity: 'success', key: 'applicationsMoved', params: { count: outcome.data.length } };
}

const success = (key: MessageKey): MoveNotice => ({ severity: 'success', key });

const movedRow = (app: Movable, from: number): MovedRow => ({
  id_application: app.id_application,
  correlative: app.correlative,
  id_status_from: from,
  id_status: app.id_status,
  waiting_list_position: app.waiting_list_position,
});

/**
 * `PUT /application/status`: every named application to `id_status`. Applications whose move the table does not
 * allow (or whose period is finalized) are refused one by one; those that needed a seat their grade no longer had
 * stay where they were (`nonTransferable`); the rest move. A move the caller has no permission for refuses the
 * whole request (403, nothing changed).
 */
export async function moveApplications(deps: MoveDeps, caller: Principal, input: StatusMove): Promise<MoveOutcome> {
  const to = input.id_status as StatusId;
  const can = caller.ability.can.bind(caller.ability);
  const outcome = await withLockedApplications(deps, caller, input.applicationIds, async (tx, apps, session) => {
    const outcome: Omit<MoveOutcome, 'notice'> = { data: [], nonTransferable: [], refused: [], autoOffered: [] };
    const moved: Array<{ app: Movable; from: number }> = [];
    const auto: Array<{ app: Movable; from: number }> = [];
    if (input.holdMessages) session.holdMessages = { id_lottery: null };
    // enrolled only when the registration is complete, or with the staff member's reason (docs/registration.md)
    const incomplete = to === STATUS.ENROLLED ? await incompleteRegistrations(tx, apps) : new Set<number>();
    const overridden: Movable[] = [];
    for (const app of apps) {
      const from = app.id_status;
      const refusal =
        refusalOf(app, to) ??
        (mayMoveAny(from, to) ? null : 'moveNotAllowed') ??
        (incomplete.has(app.id_application) && !input.registrationOverride ? 'registrationIncomplete' : null);
      if (refusal) {
        outcome.refused.push({
          id_application: app.id_application,
          code: refusalCode(refusal),
          message: refusal,
        });
        continue;
      }
      if (!mayMove(can, from, to)) throw forbidden('noPermissionMove');
      if (!(await session.move(app, to))) {
        outcome.nonTransferable.push(app.id_application);
        continue;
      }
      moved.push({ app, from });
      if (incomplete.has(app.id_application)) overridden.push(app);
      if (to === STATUS.DECLINED && holdsSeat(from) && app.autoMove) {
        const g = groupOf(app);
        const head = g ? await session.offerFreedSeat(g) : undefined;
        if (head) auto.push({ app: head, from: STATUS.WAITING_LIST });
      }
    }
    // rows as they stand at the end: later moves may have moved a waiting-list place up
    await session.flush();
    await writeAudits(
      tx,
      caller,
      overridden.map((app) => ({
        action: 'registration.override',
        entity: 'application',
        entityId: app.id_application,
        id_school: app.id_school,
        id_campus: app.id_campus,
        changes: { reason: input.registrationOverride },
      })),
    );
    outcome.data = [...moved, ...auto].map(({ app, from }) => movedRow(app, from));
    outcome.autoOffered = auto.map(({ app, from }) => movedRow(app, from));
    return outcome;
  });
  // nothing moved and nothing waited for a seat: the request as a whole is refused, with the reason of each
  if (!outcome.data.length && !outcome.nonTransferable.length && outcome.refused.length) {
    const first = outcome.refused[0];
    const errors = outcome.refused.map((r) => ({
      path: `applicationIds.${input.applicationIds.indexOf(r.id_application)}`,
      message: r.message,
    }));
    throw new AppError(first.code, first.message, errors);
  }
  return { notice: moveNotice(outcome, input.applicationIds.length), ...outcome };
}

const mayMoveAny = (from: number, to: number) => mayMove(() => true, from, to);

/**
 * The status 'previous status' returns to: the history is replayed as a stack (a move pushes its status, a
 * 'previous status' row pops one), so going back twice walks back two moves, never forward again.
 */
export function previousOf(history: Array<{ id_status: number; id_status_movement_type: number }>): number | null {
  const stack: number[] = [];
  for (const row of history) {
    if (row.id_status_movement_type === MOVEMENT_TYPE.PREVIOUS_STATUS) stack.pop();
    else stack.push(row.id_status);
  }
  return stack.length >= 2 ? stack[stack.length - 2] : null;
}

/** `PUT /application/status/previous`: one step back in the application's own history, seat and place included. */
export async function moveToPrevious(deps: MoveDeps, caller: Principal, id_application: number): Promise<MoveOutcome> {
  return withLockedApplications(deps, caller, [id_application], async (tx, [app], session) => {
    const target = previousOf(await historyOldestFirst(tx, app.id_application));
    if (target === null) throw refusalError('noPreviousStatus');
    const refusal = refusalOf(app, target as StatusId);
    if (refusal) throw refusalError(refusal === 'alreadyInStatus' ? 'noPreviousStatus' : refusal);
    if (target === STATUS.ENROLLED && (await incompleteRegistrations(tx, [app])).size)
      throw refusalError('registrationIncomplete');
    const from = app.id_status;
    if (!(await session.move(app, target as StatusId, MOVEMENT_TYPE.PREVIOUS_STATUS)))
      throw refusalError('applicationNotOffered');
    await session.flush();
    return {
      notice: success('movedBack'),
      data: [movedRow(app, from)],
      nonTransferable: [],
      refused: [],
      autoOffered: [],
    };
  });
}

const RECEIVES_SPOT = new Set<number>([STATUS.APPLIED, STATUS.WAITING_LIST, STATUS.DECLINED]);

/**
 * `POST /application/transfer-spot`: the giver's seat goes to the receiver in one transaction. The giver is declined
 * (its seat freed, never offered on to the waiting list), the receiver offered (it takes that very seat).
 */
export async function transferSpot(deps: MoveDeps, caller: Principal, input: TransferSpot): Promise<MoveOutcome> {
  const ids = [input.id_application_from, input.id_application_to];
  return withLockedApplications(deps, caller, ids, async (_tx, apps, session) => {
    const giver = apps.find((a) => a.id_application === input.id_application_from);
    const receiver = apps.find((a) => a.id_application === input.id_application_to);
    if (!giver || !receiver) throw notFound();
    if (giver.periodState === PERIOD_STATE.FINALIZED || receiver.periodState === PERIOD_STATE.FINALIZED)
      throw refusalError('periodFinalized');
    if (!holdsSeat(giver.id_status)) throw refusalError('transferNotSeatHolder');
    if (!RECEIVES_SPOT.has(receiver.id_status)) throw refusalError('transferTargetStatus');
    if (giver.id_campus_year !== receiver.id_campus_year || giver.id_grade !== receiver.id_grade)
      throw refusalError('transferSameGrade');
    const [giverFrom, receiverFrom] = [giver.id_status, receiver.id_status];
    await session.move(giver, STATUS.DECLINED);
    // the seat just freed is held by this transaction's group lock: the offer cannot miss it
    if (!(await session.move(receiver, STATUS.OFFERED))) throw refusalError('applicationNotOffered');
    await session.flush();
    return {
      notice: success('spotTransferred'),
      data: [movedRow(giver, giverFrom), movedRow(receiver, receiverFrom)],
      nonTransferable: [],
      refused: [],
      autoOffered: [],
    };
  });
}

/**
 * `PUT /application/grade`: a seat holder needs a grade and a seat of the new grade (409 when it has none);
 * a waiting application goes to the end of the new grade's list. Answers false when nothing changed.
 */
export async function changeGrade(deps: MoveDeps, caller: Principal, id_application: number, id_grade: number | null) {
  return withLockedApplications(
    deps,
    caller,
    [id_application],
    async (tx, [app], session) => {
      if (app.periodState === PERIOD_STATE.FINALIZED) throw refusalError('periodFinalized');
      if (app.id_grade === id_grade) return false;
      if (holdsSeat(app.id_status) && id_grade === null) throw refusalError('gradeHoldsSeat');
      const from = app.id_grade;
      if (!(await session.regrade(app, id_grade))) throw new AppError('NO_SPOTS', 'noSpotsInGrade');
      await writeAudits(tx, caller, [
        {
          action: 'application.grade',
          entity: 'application',
          entityId: app.id_application,
          id_school: app.id_school,
          id_campus: app.id_campus,
          changes: { id_grade: { from, to: id_grade } },
        },
      ]);
      return true;
    },
    (seen) => seen.flatMap((a) => (a.id_campus_year === null ? [] : [{ id_campus_year: a.id_campus_year, id_grade }])),
  );
}

/** `DELETE /application/:id`: soft delete, seat and waiting-list place freed; refused in a finalized period. */
export async function deleteApplication(deps: MoveDeps, caller: Principal, id_application: number) {
  await withLockedApplications(deps, caller, [id_application], async (tx, [app], session) => {
    if (app.periodState === PERIOD_STATE.FINALIZED) throw refusalError('periodFinalized');
    await session.remove(app);
    await writeAudits(tx, caller, [
      {
        action: 'application.delete',
        entity: 'application',
        entityId: app.id_application,
        id_school: app.id_school,
        id_campus: app.id_campus,
        changes: { id_status: statusName(app.id_status), waiting_list_position: app.waiting_list_position },
      },
    ]);
  });
}
