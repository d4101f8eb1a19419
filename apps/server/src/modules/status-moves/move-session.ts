import { holdsSeat, isWaiting, MOVEMENT_TYPE } from '@openseat/shared/application-status';
import { PERIOD_STATE, STATUS, type StatusId } from '@openseat/shared/constants';
import type { MessageKey } from '@openseat/shared/messages';
import type { Executor } from '../../db/client';
import type { JobQueue } from '../../jobs/job';
import type { Scope } from '../../lib/scope';
import { runMoveEffects } from './move-effects';
import { OfferDeadlines } from './offer-deadline.service';
import * as repo from './status-moves.repository';
import type { Group, LotteryFacts, Movable } from './status-moves.repository';
import type { MovedApplication, Mover } from './status-moves.types';

/*
 * One status move of one application, with its seat and its waiting-list place, inside the caller's transaction.
 * The rules (docs/api-applications.md, "Seats"):
 * - offered, confirmed and enrolled hold a seat of the grade in the school period; entering them takes one with a
 *   conditional update (none left: the application stays where it was), leaving them frees it;
 * - the waiting list of a period and grade is numbered 1..M: entering puts the application last, leaving moves
 *   everyone behind it up one (once per list and transaction, in `flush`);
 * - every move sets the status and appends a history row (from, to, movement type, who);
 * - every flush hands its moves to the after-move effects other modules registered (move-effects.ts: the campus's
 *   messages in the outbox, staff notifications, ads conversions), in the same transaction.
 * The caller holds the group locks and the application rows (status-moves.service.ts).
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

/** The applications of one transaction and what their moves still have to write (`flush`). */
export class MoveSession {
  readonly byId = new Map<number, Movable>();
  readonly audit: Array<{ app: Movable; from: number; to: number; movement: number }> = [];
  /** History rows, written together by `flush` (one statement for a bulk move). */
  private readonly history: Array<Parameters<typeof repo.insertHistory>[1][number]> = [];
  /** The next free place of each waiting list touched, kept current under the group lock. */
  private readonly nextPlace = new Map<string, number>();
  /** Status changes not yet written: one statement for all of them, before anything reads statuses again. */
  private readonly pending = new Map<number, repo.PendingStatus>();
  /** Waiting lists that someone left: renumbered once, by `flush`. */
  private readonly gaps = new Map<string, Group>();
  /** Whether a waiting list was renumbered: the places held in memory are then read again. */
  private renumbered = false;
  /** Seats taken ahead by `reserveSeats` and not yet given to a move. */
  private readonly reserved = new Map<string, number>();

  readonly scope: Scope;
  /** Null: a system move (a scheduled job), written without an author. */
  readonly id_user: number | null;
  private readonly jobs: JobQueue;
  /** Moves of `audit` already handed to the after-move effects (flush may run more than once). */
  private messaged = 0;
  private readonly deadlines: OfferDeadlines;
  /**
   * Set: the families' messages of these moves are held until staff release them (a real draw, a staff move with
   * "hold the family's message"): flush keeps them in a hold, and offers get their deadline at the release.
   */
  holdMessages: { id_lottery: number | null } | null = null;

  constructor(
    readonly tx: Executor,
    mover: Mover,
    apps: Movable[],
    /** The clock offers take their deadline from (a job passes its own `now`). */
    readonly now: Date = new Date(),
  ) {
    ({ scope: this.scope, id_user: this.id_user, jobs: this.jobs } = mover);
    this.deadlines = new OfferDeadlines(tx);
    for (const app of apps) this.byId.set(app.id_application, app);
  }

  /** Moves the application; false when it needed a seat and its grade had none left (nothing changed). */
  async move(app: Movable, to: StatusId, movement: number = MOVEMENT_TYPE.MOVED): Promise<boolean> {
    const from = app.id_status as StatusId;
    const group = groupOf(app);
    if (holdsSeat(to) && !holdsSeat(from)) {
      if (!group || !(this.useReserved(group) || (await repo.takeSeat(this.tx, group)))) return false;
    }
    if (holdsSeat(from) && !holdsSeat(to) && group) await repo.releaseSeat(this.tx, group);
    const left = isWaiting(from) && !isWaiting(to);
    let place = isWaiting(to) ? app.waiting_list_position : null;
    if (isWaiting(to) && !isWaiting(from) && group) place = await this.takePlace(group);
    this.pending.set(app.id_application, {
      id_application: app.id_application,
      id_status: to,
      waiting_list_position: place,
      offer_expires_at:
        to === STATUS.OFFERED && !this.holdMessages ? await this.deadlines.of(app.id_campus_year, this.now) : null,
    });
    if (left && group) this.closeGap(group);
    this.history.push({
      id_school: app.id_school,
      id_application: app.id_application,
      id_status: to,
      id_status_from: from,
      id_status_movement_type: movement,
      waiting_list_position: place,
      read: false,
      id_user: this.id_user,
    });
    app.id_status = to;
    app.waiting_list_position = place;
    this.audit.push({ app, from, to, movement });
    return true;
  }

  /**
   * Takes `count` seats of the group in one statement, for the moves that follow (a lottery offers a whole grade's
   * seats at once). False when fewer are left: nothing is taken.
   */
  async reserveSeats(group: Group, count: number): Promise<boolean> {
    if (count <= 0) return true;
    if (!(await repo.takeSeat(this.tx, group, count))) return false;
    const key = repo.groupKey(group);
    this.reserved.set(key, (this.reserved.get(key) ?? 0) + count);
    return true;
  }

  /** Facts of a lottery for an application just moved, written with its status in the same row update. */
  annotateLottery(id_application: number, lottery: LotteryFacts) {
    const pending = this.pending.get(id_application);
    if (!pending) throw new Error(`application ${id_application} has no move to annotate`);
    pending.lottery = lottery;
  }

  private useReserved(group: Group): boolean {
    const key = repo.groupKey(group);
    const left = this.reserved.get(key) ?? 0;
    if (left <= 0) return false;
    this.reserved.set(key, left - 1);
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
    const place = isWaiting(app.id_status) && after ? await this.takePlace(after) : null;
    await repo.setApplicationGrade(this.tx, app.id_application, { id_grade, waiting_list_position: place });
    if (isWaiting(app.id_status) && before) this.closeGap(before);
    app.id_grade = id_grade;
    app.waiting_list_position = place;
    return true;
  }

  /** Soft delete: frees the seat and the waiting-list place; the status stays as it was, for the audit. */
  async remove(app: Movable) {
    const group = groupOf(app);
    if (holdsSeat(app.id_status) && group) await repo.releaseSeat(this.tx, group);
    await repo.softDelete(this.tx, app.id_application);
    this.byId.delete(app.id_application);
    if (isWaiting(app.id_status) && group) this.closeGap(group);
  }

  /**
   * Closes the gaps of every waiting list touched (one renumbering statement per list, however many left it), then
   * writes the history rows with the places as they now are. Call once the moves are made, before reading places.
   */
  async flush() {
    await this.writeStatuses();
    for (const group of this.gaps.values()) await repo.renumberWaitingList(this.tx, group);
    this.renumbered ||= this.gaps.size > 0;
    this.gaps.clear();
    // without a renumbering every place in memory is the one written (taken at the end of its list, under its lock)
    const waiting = [...this.byId.values()].filter((a) => a.id_status === STATUS.WAITING_LIST);
    if (waiting.length && this.renumbered) {
      const places = new Map(
        (
          await repo.placesOf(
            this.tx,
            waiting.map((a) => a.id_application),
          )
        ).map((r) => [r.id, r.place]),
      );
      for (const app of waiting) app.waiting_list_position = places.get(app.id_application) ?? null;
      for (const row of this.history)
        if (row.id_status === STATUS.WAITING_LIST) row.waiting_list_position = places.get(row.id_application) ?? null;
    }
    await repo.insertHistory(this.tx, this.history.splice(0));
    const moved = this.audit.slice(this.messaged).map(({ app, from, to }): MovedApplication => ({
      id_application: app.id_application,
      id_school: app.id_school,
      id_campus: app.id_campus,
      from,
      to,
    }));
    this.messaged = this.audit.length;
    const context = { tx: this.tx, jobs: this.jobs, id_user: this.id_user, holdMessages: this.holdMessages };
    await runMoveEffects(context, moved);
  }

  private async writeStatuses() {
    await repo.setApplicationStatuses(this.tx, [...this.pending.values()]);
    this.pending.clear();
  }

  /**
   * Reads the next waiting-list place of each of these grades of a period at once (a lottery's, before its moves):
   * `takePlace` then reads nothing, and the moves' statuses go out in one statement at `flush`, not one per grade.
   */
  async knowPlaces(id_campus_year: number, gradeIds: number[]) {
    await this.writeStatuses();
    for (const [id_grade, place] of await repo.nextWaitingPlaces(this.tx, id_campus_year, gradeIds)) {
      const key = repo.groupKey({ id_campus_year, id_grade });
      if (!this.nextPlace.has(key)) this.nextPlace.set(key, place);
    }
  }

  /** The place after the last of the group's waiting list, for an application that joins it. */
  private async takePlace(group: Group): Promise<number> {
    const key = repo.groupKey(group);
    let place = this.nextPlace.get(key);
    if (place === undefined) {
      await this.writeStatuses();
      place = await repo.nextWaitingPlace(this.tx, group);
    }
    this.nextPlace.set(key, place + 1);
    return place;
  }

  /** An application left the group's waiting list: the list is renumbered 1..M by `flush`. */
  private closeGap(group: Group) {
    this.gaps.set(repo.groupKey(group), group);
  }

  /**
   * After a seat of `group` was freed by a decline: when the period moves the waiting list on decline, the first
   * application of that grade's waiting list is offered the seat (movement 'Automatic'). Answers it, if any.
   */
  async offerFreedSeat(group: Group): Promise<Movable | undefined> {
    await this.writeStatuses();
    const fetched = await repo.waitingHead(this.tx, this.scope, group);
    if (!fetched) return undefined;
    const head = this.byId.get(fetched.id_application) ?? fetched;
    this.byId.set(head.id_application, head);
    return (await this.move(head, STATUS.OFFERED, MOVEMENT_TYPE.AUTOMATIC)) ? head : undefined;
  }
}
