import { and, desc, eq, inArray, isNull, lte, sql } from 'drizzle-orm';
import { STATUS } from '@openseat/shared/constants';
import type { Executor } from '../../db/client';
import * as s from '../../db/schema/index';
import { arrayOf, inIds, rowsOf } from '../../lib/sql';
import { inCampus, type Scope } from '../../lib/scope';

/*
 * The reads and writes of held status messages (docs/communication.md, "Held messages"). Every read a caller makes is
 * scoped by its school and campuses; the due-release job reads across schools as the system.
 */

const h = s.messageHold;

type NewHold = typeof h.$inferInsert;

export async function insertHold(db: Executor, row: NewHold) {
  const [saved] = await db.insert(h).values(row).returning({ id: h.id_message_hold });
  return saved.id;
}

const columns = {
  id_message_hold: h.id_message_hold,
  id_school: h.id_school,
  id_campus: h.id_campus,
  id_lottery: h.id_lottery,
  batch: h.batch,
  moves: h.moves,
  offers: h.offers,
  families: h.families,
  releaseAt: h.releaseAt,
  releasedAt: h.releasedAt,
  createdAt: h.createdAt,
  releasedBy: s.user.name,
  timeZone: sql<string>`coalesce(${s.campusConfiguration.time_zone}, ${s.schoolConfiguration.time_zone}, 'UTC')`,
};

const selectHolds = (db: Executor) =>
  db
    .select(columns)
    .from(h)
    .leftJoin(s.user, eq(s.user.id_user, h.releasedBy))
    .leftJoin(s.campusConfiguration, eq(s.campusConfiguration.id_campus, h.id_campus))
    .leftJoin(s.schoolConfiguration, eq(s.schoolConfiguration.id_school, h.id_school));

export type HoldRow = Awaited<ReturnType<typeof listHolds>>[number];

/** The campus's holds, newest first (the released ones too: staff see when they went out). */
export function listHolds(db: Executor, scope: Scope, id_campus: number, limit = 50) {
  return selectHolds(db)
    .where(and(eq(h.id_campus, id_campus), inCampus(scope, h.id_school, h.id_campus)))
    .orderBy(desc(h.createdAt), desc(h.id_message_hold))
    .limit(limit);
}

/** One hold the scope may see, its row locked until the transaction ends when `lock` (a release, a schedule). */
export async function findHold(db: Executor, scope: Scope, id: number, lock = false) {
  if (lock)
    await db
      .select({ id: h.id_message_hold })
      .from(h)
      .where(and(eq(h.id_message_hold, id), inCampus(scope, h.id_school, h.id_campus)))
      .for('update');
  const [row] = await selectHolds(db).where(and(eq(h.id_message_hold, id), inCampus(scope, h.id_school, h.id_campus)));
  return row;
}

export async function setReleaseAt(db: Executor, id: number, releaseAt: Date | null) {
  await db.update(h).set({ releaseAt }).where(eq(h.id_message_hold, id));
}

export async function markReleased(db: Executor, id: number, at: Date, id_user: number | null) {
  await db.update(h).set({ releasedAt: at, releasedBy: id_user }).where(eq(h.id_message_hold, id));
}

/** The ids of holds whose scheduled release has come by `now` and that are not released yet. */
export async function dueHolds(db: Executor, now: Date): Promise<number[]> {
  const rows = await db
    .select({ id: h.id_message_hold })
    .from(h)
    .where(and(isNull(h.releasedAt), lte(h.releaseAt, now)))
    .orderBy(h.releaseAt, h.id_message_hold);
  return rows.map((r) => r.id);
}

/** The current status of these live applications (deleted ones are left out: they are told nothing). */
export async function currentStatuses(db: Executor, ids: number[]): Promise<Map<number, number>> {
  if (!ids.length) return new Map();
  const rows = rowsOf<{ id: number; status: number }>(
    await db.execute(sql`
      SELECT id_application AS id, id_status AS status FROM application
      WHERE ${inIds(sql`id_application`, ids)} AND deleted_at IS NULL
    `),
  );
  return new Map(rows.map((r) => [r.id, r.status]));
}

/** The still-offered live applications among `ids` that have no deadline yet, with their period. */
export async function offersWithoutDeadline(db: Executor, ids: number[]) {
  if (!ids.length) return [];
  return rowsOf<{ id_application: number; id_campus_year: number | null }>(
    await db.execute(sql`
      SELECT id_application, id_campus_year FROM application
      WHERE ${inIds(sql`id_application`, ids)} AND id_status = ${STATUS.OFFERED}
        AND offer_expires_at IS NULL AND deleted_at IS NULL
      ORDER BY id_application
    `),
  );
}

/** Writes each application's deadline, in one statement. */
export async function setOfferDeadlines(db: Executor, deadlines: Array<{ id_application: number; at: Date }>) {
  if (!deadlines.length) return;
  await db.execute(sql`
    UPDATE application a SET offer_expires_at = v.at
    FROM unnest(${arrayOf(deadlines.map((d) => d.id_application))}::int[],
                ${arrayOf(deadlines.map((d) => d.at.toISOString()))}::timestamptz[]) AS v(id, at)
    WHERE a.id_application = v.id
  `);
}

/** Every hold of a draw, their rows locked until the transaction ends (a re-run takes them back). */
export async function lockHoldsOfLottery(db: Executor, id_school: number, id_lottery: number) {
  return db
    .select({ id: h.id_message_hold, moves: h.moves, releasedAt: h.releasedAt })
    .from(h)
    .where(and(eq(h.id_school, id_school), eq(h.id_lottery, id_lottery)))
    .orderBy(h.id_message_hold)
    .for('update');
}

export async function deleteHolds(db: Executor, ids: number[]) {
  if (ids.length) await db.delete(h).where(inArray(h.id_message_hold, ids));
}
