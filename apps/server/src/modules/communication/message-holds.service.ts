import { randomUUID } from 'node:crypto';
import { STATUS } from '@openseat/shared/constants';
import type { MessageHold, MessageHoldSchedule } from '@openseat/shared/schemas/lottery';
import { zonedInstant } from '@openseat/shared/zoned-time';
import type { Db, Executor } from '../../db/client';
import type { JobQueue } from '../../jobs/job';
import { writeAudit, type AuditActor } from '../audit/audit.service';
import { OfferDeadlines } from '../status-moves/offer-deadline.service';
import { badRequest, conflict, notFound } from '../../lib/errors';
import { SYSTEM_SCOPE, type Scope } from '../../lib/scope';
import * as repo from './message-holds.repository';
import { packMoves, queueStatusMessages, unpackMoves, type MovedApplication } from './status-messages';

/*
 * Held status messages (docs/communication.md, "Held messages"). A real draw, or a staff move made with "hold the
 * family's message", keeps its moves here instead of queuing their messages: nothing is in the outbox, so nothing can
 * be sent, and the offers have no deadline yet. Releasing (staff, now; or the due-release job at the scheduled time)
 * queues the messages of the applications still in the status they were moved to, with the hold's own batch key,
 * and starts the offers' deadlines. The hold row is locked while it is released: a second release finds it released
 * and queues nothing, and the outbox's per-message keys would refuse the same message twice anyway.
 */

/** A move whose family's message is held, with its school (the hold's tenant). */
type HeldMove = MovedApplication & { id_school: number };

/** Keeps these moves' messages back, one hold per campus. Answers the holds' ids. */
export async function holdMessages(
  tx: Executor,
  moves: readonly HeldMove[],
  by: { id_user: number | null; id_lottery?: number | null },
): Promise<number[]> {
  const byCampus = new Map<number, HeldMove[]>();
  for (const move of moves) {
    const held = byCampus.get(move.id_campus);
    if (held) held.push(move);
    else byCampus.set(move.id_campus, [move]);
  }
  const ids: number[] = [];
  for (const [id_campus, held] of byCampus)
    ids.push(
      await repo.insertHold(tx, {
        id_school: held[0].id_school,
        id_campus,
        id_lottery: by.id_lottery ?? null,
        batch: randomUUID(),
        moves: packMoves(held),
        offers: held.filter((m) => m.to === STATUS.OFFERED).length,
        families: new Set(held.map((m) => m.id_application)).size,
        id_user: by.id_user,
      }),
    );
  return ids;
}

export function presentHold(row: repo.HoldRow): MessageHold {
  return {
    id_message_hold: row.id_message_hold,
    id_campus: row.id_campus,
    id_lottery: row.id_lottery,
    offers: row.offers,
    families: row.families,
    state: row.releasedAt ? 'released' : row.releaseAt ? 'scheduled' : 'held',
    releaseAt: row.releaseAt?.toISOString() ?? null,
    releasedAt: row.releasedAt?.toISOString() ?? null,
    releasedBy: row.releasedBy,
    createdAt: row.createdAt.toISOString(),
    timeZone: row.timeZone,
  };
}

/** Who releases or schedules: a staff member, or the due-release job (the system: no user, every school). */
type HoldActor = AuditActor & { scope: Scope };
type Deps = { db: Db; jobs: JobQueue };

export async function listHolds(db: Db, scope: Scope, id_campus: number): Promise<MessageHold[]> {
  return (await repo.listHolds(db, scope, id_campus)).map(presentHold);
}

/**
 * The deadline of held offers starts when the family is told: each still-offered application without one gets its
 * period's deadline for an offer published `at` (none: it does not lapse).
 */
async function startOfferDeadlines(tx: Executor, ids: number[], at: Date) {
  const offers = await repo.offersWithoutDeadline(tx, ids);
  const deadlines = new OfferDeadlines(tx);
  await deadlines.load(offers.flatMap((o) => (o.id_campus_year === null ? [] : [o.id_campus_year])));
  const set: Array<{ id_application: number; at: Date }> = [];
  for (const offer of offers) {
    const deadline = await deadlines.of(offer.id_campus_year, at);
    if (deadline) set.push({ id_application: offer.id_application, at: deadline });
  }
  await repo.setOfferDeadlines(tx, set);
}

/** `POST /lottery/holds/:id/release`: the held messages go out now; released already: answered as it is. */
export async function releaseHold(deps: Deps, actor: HoldActor, id: number, now = new Date()): Promise<MessageHold> {
  return (await release(deps, actor, id, now)).hold;
}

/** The release under the hold's row lock; `released` is false when it was released before (nothing queued). */
async function release({ db, jobs }: Deps, actor: HoldActor, id: number, now: Date) {
  return db.transaction(async (tx) => {
    const hold = await repo.findHold(tx, actor.scope, id, true);
    if (!hold) throw notFound();
    if (hold.releasedAt) return { hold: presentHold(hold), released: false };
    const moves = hold.moves ? unpackMoves(hold.moves) : [];
    const statuses = await repo.currentStatuses(
      tx,
      moves.map((m) => m.id_application),
    );
    // a family moved on since (declined by phone, moved by staff) was told by that later move, not by this one
    const still = moves.filter((m) => statuses.get(m.id_application) === m.to);
    await startOfferDeadlines(
      tx,
      still.filter((m) => m.to === STATUS.OFFERED).map((m) => m.id_application),
      now,
    );
    await repo.markReleased(tx, hold.id_message_hold, now, actor.id_user);
    await queueStatusMessages(tx, jobs, still, actor.id_user, undefined, hold.batch);
    await writeAudit(tx, actor, {
      action: 'messages.release',
      entity: 'message_hold',
      entityId: hold.id_message_hold,
      id_school: hold.id_school,
      id_campus: hold.id_campus,
      changes: { id_lottery: hold.id_lottery, told: still.length, held: moves.length, scheduled: hold.releaseAt },
    });
    return { hold: presentHold((await repo.findHold(tx, actor.scope, id))!), released: true };
  });
}

/** `PUT /lottery/holds/:id/release-at`: the day and time (on the campus's clock) the held messages go out. */
export async function scheduleRelease(
  db: Db,
  actor: HoldActor,
  id: number,
  input: MessageHoldSchedule,
  now = new Date(),
) {
  return db.transaction(async (tx) => {
    const hold = await repo.findHold(tx, actor.scope, id, true);
    if (!hold) throw notFound();
    if (hold.releasedAt) throw conflict('releaseAlreadyDone');
    const at = input.release_on === null ? null : zonedInstant(hold.timeZone, input.release_on, input.release_time);
    if (at && at.getTime() <= now.getTime())
      throw badRequest('releaseInPast', [{ path: 'release_on', message: 'releaseInPast' }]);
    await repo.setReleaseAt(tx, hold.id_message_hold, at);
    await writeAudit(tx, actor, {
      action: 'messages.schedule',
      entity: 'message_hold',
      entityId: hold.id_message_hold,
      id_school: hold.id_school,
      id_campus: hold.id_campus,
      changes: { releaseAt: at?.toISOString() ?? null, before: hold.releaseAt?.toISOString() ?? null },
    });
    return presentHold((await repo.findHold(tx, actor.scope, id))!);
  });
}

/** Releases every hold whose scheduled time has come by `now` (the job's clock): answers how many. */
export async function releaseDue(deps: Deps, now = new Date()): Promise<number> {
  let count = 0;
  for (const id of await repo.dueHolds(deps.db, now))
    if ((await release(deps, { scope: SYSTEM_SCOPE, id_user: null, id_school: null }, id, now)).released) count++;
  return count;
}

/**
 * Takes back the holds of a draw that is re-run (docs/lottery-algorithm.md, "Re-run"): answers their moves and deletes
 * them, so nothing of the set-aside draw can ever be sent. Null when any was released (or the draw has none): the
 * families were told, and the draw stands.
 */
export async function withdrawLotteryHolds(
  tx: Executor,
  id_school: number,
  id_lottery: number,
): Promise<MovedApplication[] | null> {
  const held = await repo.lockHoldsOfLottery(tx, id_school, id_lottery);
  // no hold at all: a draw made before holds existed, whose families were told at once
  if (!held.length || held.some((hold) => hold.releasedAt)) return null;
  await repo.deleteHolds(
    tx,
    held.map((hold) => hold.id),
  );
  return held.flatMap((hold) => unpackMoves(hold.moves));
}
