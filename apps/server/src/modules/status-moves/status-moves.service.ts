import { holdsSeat, isWaiting, statusName } from '@openseat/shared/application-status';
import type { MessageKey } from '@openseat/shared/messages';
import type { Executor, Tx } from '../../db/client';
import { writeAudits, type AuditActor } from '../audit/audit.service';
import { sqlStateOf } from '../../lib/db-errors';
import { AppError, notFound, type ErrorCode } from '../../lib/errors';
import type { Scope } from '../../lib/scope';
import { groupOf, MoveSession } from './move-session';
import * as repo from './status-moves.repository';
import type { Group, Movable, MoveDeps, Mover } from './status-moves.types';

/*
 * The status-move engine's public entry (docs/api-applications.md, "Seats"): every module that moves applications
 * (staff moves, the lottery, the waiting list, forms, school-year transfer) goes through here. A move runs in one
 * transaction that first locks the (school period, grade) groups it touches, then the application rows in id order:
 * concurrent moves of one grade queue on the group lock, and the seat count can never pass the grade's spots
 * (conditional update + CHECK). The moves themselves are made by a `MoveSession` (move-session.ts).
 */

export type { MoveSession } from './move-session';
export { groupOf, refusalOf } from './move-session';
export { groupKey } from './status-moves.repository';
export { registerMoveEffects } from './move-effects';

/** A session for moves inside the caller's transaction; the caller holds the groups' locks and the rows. */
export const openSession = (tx: Executor, mover: Mover, apps: Movable[], now?: Date) =>
  new MoveSession(tx, mover, apps, now);

/**
 * Serialises every change to the seats and waiting list of these groups until the transaction ends. Locks are taken
 * in one global order (period, then grade), so two transactions never wait on each other in a cycle.
 */
export const lockGroups = (tx: Executor, groups: Group[]) => repo.lockGroups(tx, groups);

/** Live applications in scope among `ids`, in id order; `lock` takes their rows (FOR UPDATE) in that order. */
export const findMovable = (db: Executor, scope: Scope, ids: number[], lock: boolean) =>
  repo.findMovable(db, scope, ids, lock);

/** Every status row of an application, oldest first (to find the status 'previous status' returns to). */
export const historyOldestFirst = (db: Executor, id_application: number) => repo.historyOldestFirst(db, id_application);

/**
 * Seats and places for applications that arrive holding them (an import): `count` seats of the group, all or none
 * (false: not that many left, nothing taken), given back by `releaseSeats`; the place after each grade's last; the
 * group's list numbered 1..M again. The caller holds the groups' locks (`lockGroups`).
 */
export const takeSeats = (tx: Executor, g: Group, count: number) => repo.takeSeat(tx, g, count);
export const releaseSeats = (tx: Executor, g: Group, count: number) => repo.releaseSeat(tx, g, count);
export const nextWaitingPlaces = (tx: Executor, id_campus_year: number, gradeIds: number[]) =>
  repo.nextWaitingPlaces(tx, id_campus_year, gradeIds);
export const renumberWaitingList = (tx: Executor, g: Group) => repo.renumberWaitingList(tx, g);

/** Appends status rows that no move wrote: the first status of a new application. */
export const appendHistory = (tx: Executor, rows: Parameters<typeof repo.insertHistory>[1]) =>
  repo.insertHistory(tx, rows);

const CODE_OF: Partial<Record<MessageKey, ErrorCode>> = {
  periodFinalized: 'PERIOD_FINALIZED',
  alreadyInStatus: 'MOVE_NOT_ALLOWED',
  moveNotAllowed: 'MOVE_NOT_ALLOWED',
  applicationNoPeriod: 'MOVE_NOT_ALLOWED',
  gradeRequiredForSeat: 'GRADE_REQUIRED',
  gradeHoldsSeat: 'GRADE_REQUIRED',
  applicationNotOffered: 'NO_SPOTS',
  noPreviousStatus: 'MOVE_NOT_ALLOWED',
  transferNotSeatHolder: 'MOVE_NOT_ALLOWED',
  transferSameGrade: 'MOVE_NOT_ALLOWED',
  transferTargetStatus: 'MOVE_NOT_ALLOWED',
};

/** The error code of a refused move. */
export const refusalCode = (message: MessageKey): ErrorCode => CODE_OF[message] ?? 'CONFLICT';

/** A refused move as the 409 the whole request answers. */
export const refusalError = (message: MessageKey) => new AppError(refusalCode(message), message);

/** The group lock was taken for groups that changed before the rows were locked (a grade edit): start again. */
class GroupsChanged extends Error {}

const RETRIES = 5;

/** Who asks for the moves of `withLockedApplications`: the audit's actor, with the scope the ids are looked up in. */
export type MoveCaller = AuditActor & { scope: Scope };

/**
 * Runs `work` in a transaction that holds the groups of `ids` and their rows, with a session over them that is
 * flushed and audited after `work`. Retries when the groups changed in between, or when the database chose this
 * transaction as a deadlock victim (it changes nothing then).
 */
export async function withLockedApplications<T>(
  { db, jobs }: MoveDeps,
  caller: MoveCaller,
  ids: number[],
  work: (tx: Tx, apps: Movable[], session: MoveSession) => Promise<T>,
  moreGroups: (apps: Movable[]) => Group[] = () => [],
): Promise<T> {
  for (let attempt = 1; ; attempt++) {
    try {
      return await db.transaction(async (tx) => {
        const seen = await repo.findMovable(tx, caller.scope, ids, false);
        assertAllFound(ids, seen);
        const groups = [...seen.map(groupOf).filter((g): g is Group => g !== null), ...moreGroups(seen)];
        await repo.lockGroups(tx, groups);
        const apps = await repo.findMovable(tx, caller.scope, ids, true);
        assertAllFound(ids, apps);
        const locked = new Set(groups.map(repo.groupKey));
        for (const app of apps) {
          const g = groupOf(app);
          if (g && !locked.has(repo.groupKey(g))) throw new GroupsChanged();
        }
        const session = new MoveSession(tx, { scope: caller.scope, id_user: caller.id_user, jobs }, apps);
        const result = await work(tx, apps, session);
        await session.flush();
        await auditMoves(tx, caller, session);
        return result;
      });
    } catch (error) {
      const retry = error instanceof GroupsChanged || sqlStateOf(error) === '40P01';
      if (!retry || attempt >= RETRIES) throw error;
    }
  }
}

/** Ids that are not live applications in the caller's scope: 404 naming them, nothing changed. */
function assertAllFound(ids: number[], found: Movable[]) {
  if (found.length === ids.length) return;
  const have = new Set(found.map((a) => a.id_application));
  const errors = ids.flatMap((id, i) => (have.has(id) ? [] : [{ path: `applicationIds.${i}`, message: 'notFound' }]));
  throw notFound(errors);
}

/** One audit row per move of the session; `reason` says why a move nobody asked for was made (a job's). */
export async function auditMoves(tx: Executor, actor: AuditActor, session: MoveSession, reason?: MessageKey) {
  await writeAudits(
    tx,
    actor,
    session.audit.map(({ app, from, to, movement }) => ({
      action: 'application.status',
      entity: 'application',
      entityId: app.id_application,
      id_school: app.id_school,
      id_campus: app.id_campus,
      changes: { id_status: { from: statusName(from), to: statusName(to) }, movement, ...(reason && { reason }) },
    })),
  );
}

/**
 * An application's seat or waiting place follows it to another group (a school-year transfer; its status stays): a
 * seat holder takes a seat of `to` first (false when none is left: nothing changed) and frees its old one; `write`
 * stores the application's new period with its place (the end of `to`'s waiting list, or null); then the old list
 * closes up behind it. The caller holds the locks of both groups and the row.
 */
export async function changeGroup(
  tx: Executor,
  app: Movable,
  to: Group,
  write: (waiting_list_position: number | null) => Promise<void>,
): Promise<boolean> {
  const from = { id_campus_year: app.id_campus_year ?? 0, id_grade: app.id_grade };
  if (holdsSeat(app.id_status)) {
    if (!(await repo.takeSeat(tx, to))) return false;
    if (app.id_campus_year) await repo.releaseSeat(tx, from);
  }
  const waiting = isWaiting(app.id_status);
  await write(waiting ? await repo.nextWaitingPlace(tx, to) : null);
  if (waiting && app.id_campus_year) await repo.renumberWaitingList(tx, from);
  return true;
}
