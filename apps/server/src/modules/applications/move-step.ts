import { holdsSeat, isWaiting, MOVEMENT_TYPE } from '@openseat/shared/application-status';
import { PERIOD_STATE, STATUS, type StatusId } from '@openseat/shared/constants';
import type { MessageKey } from '@openseat/shared/messages';
import type { Executor } from '../../db/client';
import type { Scope } from '../../lib/scope';
import * as repo from './moves.repository';
import type { Group, Movable } from './moves.repository';

/*
 * One status move of one application, with its seat and its waiting-list place, inside the caller's transaction.
 * The rules (docs/api-applications.md, "Seats"):
 * - offered, confirmed and enrolled hold a seat of the grade in the school period; entering them takes one with a
 *   conditional update (none left: the application stays where it was), leaving them frees it;
 * - the waiting list of a period and grade is numbered 1..M: entering puts the application last, leaving moves
 *   everyone behind it up one;
 * - every move sets the status and appends a history row (from, to, movement type, who).
 * The caller holds the group locks and the application rows (moves.service.ts).
 */

export const groupOf = (app: Pick<Movable, 'id_campus_year' | 'id_grade'>): Group | null =>
  app.id_campus_year === null ? null : { id_campus_year: app.id_campus_year, id_grade: app.id_grade };

/** Why this application cannot enter `to` (before any seat is looked at), or null. */
export function refusalOf(app: Movable, to: StatusId): MessageKey | null {
  if (app.periodState === PERIOD_STATE.FINALIZED) return 'periodFinalized';
  if (app.id_status === to) return 'alreadyInStatus';
  const seatOrPlace = holdsSeat(to) !== holdsSeat(app.id_status) || isWaiting(to) !== isWaiting(app.id_status);
  if (seatOrPlace && app.id_campus_year === null) return 'applicationNoPeriod';
  if (holdsSeat(to) && !holdsSeat(app.id_status) && app.id_grade === null) return 'gradeRequiredForSeat';
  return null;
}

/** The applications of one transaction, kept current as moves shift waiting-list places. */
export class MoveSession {
  readonly byId = new Map<number, Movable>();
  readonly audit: Array<{ app: Movable; from: number; to: number; movement: number }> = [];

  constructor(
    readonly tx: Executor,
    readonly scope: Scope,
    readonly id_user: number,
    apps: Movable[],
  ) {
    for (const app of apps) this.byId.set(app.id_application, app);
  }

  /** Moves the application; false when it needed a seat and its grade had none left (nothing changed). */
  async move(app: Movable, to: StatusId, movement: number = MOVEMENT_TYPE.MOVED): Promise<boolean> {
    const from = app.id_status as StatusId;
    const group = groupOf(app);
    if (holdsSeat(to) && !holdsSeat(from)) {
      if (!group || !(await repo.takeSeat(this.tx, group))) return false;
    }
    if (holdsSeat(from) && !holdsSeat(to) && group) await repo.releaseSeat(this.tx, group);
    const leftPlace = isWaiting(from) && !isWaiting(to) ? app.waiting_list_position : null;
    let place = isWaiting(to) ? app.waiting_list_position : null;
    if (isWaiting(to) && !isWaiting(from) && group) place = await repo.nextWaitingPlace(this.tx, group);
    await repo.setApplicationStatus(this.tx, app.id_application, { id_status: to, waiting_list_position: place });
    if (leftPlace !== null && group) await this.closeGap(group, leftPlace);
    await repo.insertHistory(this.tx, [
      {
        id_school: app.id_school,
        id_application: app.id_application,
        id_status: to,
        id_status_from: from,
        id_status_movement_type: movement,
        waiting_list_position: place,
        read: false,
        id_user: this.id_user,
      },
    ]);
    app.id_status = to;
    app.waiting_list_position = place;
    this.audit.push({ app, from, to, movement });
    return true;
  }

  /**
   * A new grade: a seat holder takes a seat of the new grade first (false when it has none: nothing changed) and
   * frees the old one; a waiting application goes to the end of the new grade's list.
   */
  async regrade(app: Movable, id_grade: number | null): Promise<boolean> {
    const before = groupOf(app);
    const after = before && { id_campus_year: before.id_campus_year, id_grade };
    if (holdsSeat(app.id_status) && before && after) {
      if (!(await repo.takeSeat(this.tx, after))) return false;
      await repo.releaseSeat(this.tx, before);
    }
    const leftPlace = isWaiting(app.id_status) ? app.waiting_list_position : null;
    const place = isWaiting(app.id_status) && after ? await repo.nextWaitingPlace(this.tx, after) : null;
    await repo.setApplicationGrade(this.tx, app.id_application, { id_grade, waiting_list_position: place });
    if (leftPlace !== null && before) await this.closeGap(before, leftPlace);
    app.id_grade = id_grade;
    app.waiting_list_position = place;
    return true;
  }

  /** Soft delete: frees the seat and the waiting-list place; the status stays as it was, for the audit. */
  async remove(app: Movable) {
    const group = groupOf(app);
    if (holdsSeat(app.id_status) && group) await repo.releaseSeat(this.tx, group);
    const leftPlace = isWaiting(app.id_status) ? app.waiting_list_position : null;
    await repo.softDelete(this.tx, app.id_application);
    this.byId.delete(app.id_application);
    if (leftPlace !== null && group) await this.closeGap(group, leftPlace);
  }

  /** Everyone behind `place` moves up one, in the database and in the applications this session holds. */
  private async closeGap(group: Group, place: number) {
    await repo.closeWaitingGap(this.tx, group, place);
    for (const other of this.byId.values()) {
      if (
        other.id_status === STATUS.WAITING_LIST &&
        other.id_campus_year === group.id_campus_year &&
        other.id_grade === group.id_grade &&
        other.waiting_list_position !== null &&
        other.waiting_list_position > place
      )
        other.waiting_list_position -= 1;
    }
  }

  /**
   * After a seat of `group` was freed by a decline: when the period moves the waiting list on decline, the first
   * application of that grade's waiting list is offered the seat (movement 'Automatic'). Answers it, if any.
   */
  async offerFreedSeat(group: Group): Promise<Movable | undefined> {
    const fetched = await repo.waitingHead(this.tx, this.scope, group);
    if (!fetched) return undefined;
    const head = this.byId.get(fetched.id_application) ?? fetched;
    this.byId.set(head.id_application, head);
    return (await this.move(head, STATUS.OFFERED, MOVEMENT_TYPE.AUTOMATIC)) ? head : undefined;
  }
}
