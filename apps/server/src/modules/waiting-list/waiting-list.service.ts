import { MOVEMENT_TYPE } from '@openseat/shared/application-status';
import { PERIOD_STATE, STATUS } from '@openseat/shared/constants';
import type { WaitingListReorder, WaitingPlace } from '@openseat/shared/schemas/lottery';
import type { WaitingListResult } from '@openseat/shared/schemas/waiting-list';
import type { Db, Executor } from '../../db/client';
import { writeAudit } from '../audit/audit.service';
import { badRequest, notFound, conflict } from '../../lib/errors';
import { SYSTEM_SCOPE } from '../../lib/scope';
import type { Principal } from '../auth/auth.types';
import {
  auditMoves,
  findMovable,
  groupKey,
  groupOf,
  lockGroups,
  openSession,
  refusalError,
} from '../status-moves/status-moves.service';
import type { Group, MoveDeps } from '../status-moves/status-moves.types';
import { presentWaitingRow } from './waiting-list.presenter';
import * as repo from './waiting-list.repository';
import type { WaitingEntry } from './waiting-list.repository';

/** "Why this position" and the offer deadline, as the applications list and detail show them too. */
export { offerExpiresAt, waitingReasonOf } from './waiting-list.presenter';

/*
 * The waiting list worked in order (docs/api-waiting-list.md): reorder by priorities (final, acknowledged, with a
 * reason), one application to another place, and offers that lapse. Every change holds the group lock of the
 * grade's list for its whole transaction, like every other move of seats and places.
 */

/**
 * The order of a reorder by priorities: applications drawn in a lottery first, then the others (late, or never
 * drawn); inside each, the current campus priority level; then the lottery order for the drawn, the current
 * place (arrival) for the others; then the id. Late applications can never get ahead of drawn ones.
 */
export function priorityOrder(entries: WaitingEntry[]): WaitingEntry[] {
  const drawn = (e: WaitingEntry) => (e.id_lottery !== null ? 0 : 1);
  return [...entries].sort(
    (x, y) =>
      drawn(x) - drawn(y) ||
      x.ownLevel - y.ownLevel ||
      (drawn(x) === 0
        ? (x.lottery_order ?? Number.MAX_SAFE_INTEGER) - (y.lottery_order ?? Number.MAX_SAFE_INTEGER)
        : 0) ||
      (x.waiting_list_position ?? 0) - (y.waiting_list_position ?? 0) ||
      x.id_application - y.id_application,
  );
}

const orderOf = (list: WaitingEntry[]) => list.map((e) => e.correlative);

/** The period in scope (404 otherwise), refused when finalized. */
async function workablePeriod(db: Executor, caller: Principal, id_campus_year: number) {
  const period = await repo.findPeriod(db, caller.scope, id_campus_year);
  if (!period) throw notFound();
  if (period.state === PERIOD_STATE.FINALIZED) throw refusalError('periodFinalized');
  return period;
}

/** `POST /application/reorder-waiting-list`: the grade's waiting list by priorities, positions 1..M rewritten. */
export async function reorderByPriorities(db: Db, caller: Principal, input: WaitingListReorder) {
  return db.transaction(async (tx): Promise<WaitingListResult> => {
    const group: Group = { id_campus_year: input.id_campus_year, id_grade: input.id_grade };
    const seen = await workablePeriod(tx, caller, input.id_campus_year);
    if (!(await repo.campusHasGrade(tx, seen.id_campus, input.id_grade)))
      throw badRequest('unknownGrade', [{ path: 'id_grade', message: 'unknownGrade' }]);
    await lockGroups(tx, [group]);
    const period = await workablePeriod(tx, caller, input.id_campus_year);
    const before = await repo.waitingListOf(tx, group, true);
    const after = priorityOrder(before);
    await repo.setPlaces(
      tx,
      after.map((e, i) => ({ id_application: e.id_application, place: i + 1 })),
    );
    const id_reorder = await repo.insertReorder(tx, {
      id_school: period.id_school,
      id_campus_year: period.id_campus_year,
      id_grade: input.id_grade,
      id_user: caller.id_user,
      reason: input.reason,
      acknowledged: input.acknowledged,
    });
    await writeAudit(tx, caller, {
      action: 'waiting_list.reorder',
      entity: 'waiting_list_reorder',
      entityId: id_reorder,
      id_school: period.id_school,
      id_campus: period.id_campus,
      changes: {
        id_campus_year: period.id_campus_year,
        id_grade: input.id_grade,
        reason: input.reason,
        before: orderOf(before),
        after: orderOf(after),
      },
    });
    const list = await repo.waitingListOf(tx, group);
    return { message: 'waitingListReordered', waitingList: list.map(presentWaitingRow) };
  });
}

/** `PUT /application/waiting-list/position`: one application to another place of its list, the others shifted. */
export async function moveToPlace(db: Db, caller: Principal, input: WaitingPlace) {
  return db.transaction(async (tx): Promise<WaitingListResult> => {
    const [seen] = await findMovable(tx, caller.scope, [input.id_application], false);
    if (!seen) throw notFound();
    const group = groupOf(seen);
    if (seen.id_status !== STATUS.WAITING_LIST || !group) throw notOnWaitingList();
    await lockGroups(tx, [group]);
    const [app] = await findMovable(tx, caller.scope, [input.id_application], true);
    if (!app) throw notFound();
    if (app.periodState === PERIOD_STATE.FINALIZED) throw refusalError('periodFinalized');
    const now = groupOf(app);
    if (app.id_status !== STATUS.WAITING_LIST || !now || groupKey(now) !== groupKey(group)) throw notOnWaitingList();
    const list = await repo.waitingListOf(tx, group, true);
    if (input.waiting_list_position > list.length)
      throw badRequest('waitingPlaceOutOfRange', [
        { path: 'waiting_list_position', message: 'waitingPlaceOutOfRange' },
      ]);
    const from = list.findIndex((e) => e.id_application === app.id_application);
    const order = list.filter((e) => e.id_application !== app.id_application);
    order.splice(input.waiting_list_position - 1, 0, list[from]);
    await repo.setPlaces(
      tx,
      order.map((e, i) => ({ id_application: e.id_application, place: i + 1 })),
    );
    await writeAudit(tx, caller, {
      action: 'waiting_list.position',
      entity: 'application',
      entityId: app.id_application,
      id_school: app.id_school,
      id_campus: app.id_campus,
      changes: { waiting_list_position: { from: list[from].waiting_list_position, to: input.waiting_list_position } },
    });
    const after = await repo.waitingListOf(tx, group);
    return { message: 'waitingListReordered', waitingList: after.map(presentWaitingRow) };
  });
}

const notOnWaitingList = () => conflict('notOnWaitingList');

export type ExpiryOutcome = { expired: number[]; offered: number[] };

/**
 * Declines every live offer whose deadline is at or before `now` (movement 'Offer expired'), freeing its seat, in
 * periods that are not finalized nor held still by a frozen lottery; with the period's auto-move on, the head of that grade's waiting list is offered
 * the seat (movement 'Automatic', with its own deadline from `now`). One transaction per period, holding the locks
 * of all its groups. Running it twice changes nothing the second time (a declined offer no longer lapses).
 */
export async function expireOffers({ db, jobs }: MoveDeps, now: Date): Promise<ExpiryOutcome> {
  const outcome: ExpiryOutcome = { expired: [], offered: [] };
  for (const id_campus_year of await repo.periodsWithLapsedOffers(db, now)) {
    const done = await db.transaction(async (tx) => {
      const groups = await repo.groupsOfPeriod(tx, id_campus_year);
      await lockGroups(tx, groups);
      const locked = new Set(groups.map(groupKey));
      const ids = await repo.lapsedOffers(tx, id_campus_year, now);
      const apps = (ids.length ? await findMovable(tx, SYSTEM_SCOPE, ids, true) : []).filter((app) => {
        const g = groupOf(app);
        // a group that appeared after the locks were taken waits for the next run
        return g !== null && locked.has(groupKey(g)) && app.periodState !== PERIOD_STATE.FINALIZED;
      });
      const session = openSession(tx, { scope: SYSTEM_SCOPE, id_user: null, jobs }, apps, now);
      const result: ExpiryOutcome = { expired: [], offered: [] };
      for (const app of apps) {
        if (app.id_status !== STATUS.OFFERED) continue;
        await session.move(app, STATUS.DECLINED, MOVEMENT_TYPE.OFFER_EXPIRED);
        result.expired.push(app.id_application);
        const g = groupOf(app);
        if (app.autoMove && g) {
          const head = await session.offerFreedSeat(g);
          if (head) result.offered.push(head.id_application);
        }
      }
      await session.flush();
      await auditMoves(tx, { id_user: null, id_school: null }, session, 'offerExpired');
      return result;
    });
    outcome.expired.push(...done.expired);
    outcome.offered.push(...done.offered);
  }
  return outcome;
}
