import { and, asc, eq, isNull, sql, type SQL } from 'drizzle-orm';
import { STATUS } from '@openseat/shared/constants';
import type { Executor } from '../../db/client';
import { arrayOf, inIds } from '../../lib/sql';
import * as s from '../../db/schema/index';
import { inCampus, type Scope } from '../../lib/scope';

/*
 * The writes behind status moves: seats, waiting-list places, status and history. Callers hold the lock of
 * every (school period, grade) group they touch (`lockGroups`) and the application rows (`lockApplications`),
 * always in that order, so concurrent moves queue instead of deadlocking.
 */

const a = s.application;
const seat = s.campusYearGrade;

/** A waiting list / seat group: one grade of one school period (grade null = applications without a grade). */
export type Group = { id_campus_year: number; id_grade: number | null };

export const groupKey = (g: Group) => `${g.id_campus_year}:${g.id_grade ?? 0}`;

/**
 * Serialises every change to the seats and waiting list of these groups until the transaction ends.
 * Locks are taken in one global order (period, then grade), so two transactions never wait on each other in a cycle.
 */
export async function lockGroups(db: Executor, groups: Group[]) {
  const unique = new Map(groups.map((g) => [groupKey(g), g]));
  const ordered = [...unique.values()].sort(
    (x, y) => x.id_campus_year - y.id_campus_year || (x.id_grade ?? 0) - (y.id_grade ?? 0),
  );
  if (!ordered.length) return;
  // one statement, the locks taken row by row in the array's order
  await db.execute(sql`
    SELECT pg_advisory_xact_lock(g.period, g.grade)
    FROM unnest(${arrayOf(ordered.map((g) => g.id_campus_year))}::int[],
                ${arrayOf(ordered.map((g) => g.id_grade ?? 0))}::int[]) WITH ORDINALITY AS g(period, grade, n)
    ORDER BY g.n`);
}

const movableColumns = {
  id_application: a.id_application,
  id_school: a.id_school,
  id_campus: a.id_campus,
  id_campus_year: a.id_campus_year,
  id_grade: a.id_grade,
  id_status: a.id_status,
  waiting_list_position: a.waiting_list_position,
  correlative: a.correlative,
  periodState: s.campusYear.state,
  autoMove: s.campusYear.auto_move_waiting_list_on_decline,
  acceptanceDays: s.campusYear.enrollment_acceptance_period,
};

/** Live applications in scope among `ids`, in id order; `lock` takes their rows (FOR UPDATE) in that order. */
export async function findMovable(db: Executor, scope: Scope, ids: number[], lock: boolean) {
  const query = db
    .select(movableColumns)
    .from(a)
    .leftJoin(s.campusYear, eq(s.campusYear.id_campus_year, a.id_campus_year))
    .where(and(inIds(a.id_application, ids), isNull(a.deletedAt), inCampus(scope, a.id_school, a.id_campus)))
    .orderBy(asc(a.id_application));
  return lock ? query.for('update', { of: a }) : query;
}
export type Movable = Awaited<ReturnType<typeof findMovable>>[number];

/** Takes `count` seats of the grade when that many are left (all or none): the conditional update is the guarantee. */
export async function takeSeat(db: Executor, g: Group, count = 1): Promise<boolean> {
  if (g.id_grade === null) return false;
  const rows = await db
    .update(seat)
    .set({ taken: sql`${seat.taken} + ${count}` })
    .where(
      and(
        eq(seat.id_campus_year, g.id_campus_year),
        eq(seat.id_grade, g.id_grade),
        sql`${seat.taken} + ${count} <= ${seat.spots}`,
      ),
    )
    .returning({ id: seat.id_campus_year_grade });
  return rows.length === 1;
}

export async function releaseSeat(db: Executor, g: Group, count = 1) {
  if (g.id_grade === null) return;
  await db
    .update(seat)
    .set({ taken: sql`${seat.taken} - ${count}` })
    .where(
      and(eq(seat.id_campus_year, g.id_campus_year), eq(seat.id_grade, g.id_grade), sql`${seat.taken} >= ${count}`),
    );
}

/** The live waiting applications of a period whose grade matches `grade`. */
const waitingIn = (id_campus_year: number, grade: SQL) =>
  and(eq(a.id_campus_year, id_campus_year), grade, eq(a.id_status, STATUS.WAITING_LIST), isNull(a.deletedAt));

const inGroup = (g: Group) =>
  waitingIn(g.id_campus_year, g.id_grade === null ? isNull(a.id_grade) : eq(a.id_grade, g.id_grade));

/** The place after the last of the group's waiting list. */
export async function nextWaitingPlace(db: Executor, g: Group): Promise<number> {
  const [row] = await db
    .select({ last: sql<number>`coalesce(max(${a.waiting_list_position}), 0)::int` })
    .from(a)
    .where(inGroup(g));
  return row.last + 1;
}

/** The place after the last of each grade's waiting list in one period, at once (a grade with none answers 1). */
export async function nextWaitingPlaces(
  db: Executor,
  id_campus_year: number,
  gradeIds: number[],
): Promise<Map<number, number>> {
  const rows = gradeIds.length
    ? await db
        .select({ id_grade: a.id_grade, last: sql<number>`max(${a.waiting_list_position})::int` })
        .from(a)
        .where(waitingIn(id_campus_year, inIds(a.id_grade, gradeIds)))
        .groupBy(a.id_grade)
    : [];
  const last = new Map(rows.map((r) => [r.id_grade, r.last]));
  return new Map(gradeIds.map((id_grade) => [id_grade, (last.get(id_grade) ?? 0) + 1]));
}

/** Numbers the group's waiting list 1..M again, keeping its order (one statement: the place constraint is deferrable). */
export async function renumberWaitingList(db: Executor, g: Group) {
  const ranked = db
    .select({
      id: a.id_application,
      place: sql<number>`row_number() OVER (ORDER BY ${a.waiting_list_position}, ${a.id_application})`.as('place'),
    })
    .from(a)
    .where(inGroup(g))
    .as('ranked');
  await db
    .update(a)
    .set({ waiting_list_position: sql`${ranked.place}` })
    .from(ranked)
    .where(and(eq(a.id_application, ranked.id), sql`${a.waiting_list_position} IS DISTINCT FROM ${ranked.place}`));
}

/** The current places of these applications. */
export async function placesOf(db: Executor, ids: number[]) {
  return db
    .select({ id: a.id_application, place: a.waiting_list_position })
    .from(a)
    .where(inIds(a.id_application, ids));
}

/** The first application of the group's waiting list, its row locked. */
export async function waitingHead(db: Executor, scope: Scope, g: Group) {
  const [row] = await db
    .select({ id: a.id_application })
    .from(a)
    .where(and(inGroup(g), inCampus(scope, a.id_school, a.id_campus)))
    .orderBy(asc(a.waiting_list_position), asc(a.id_application))
    .limit(1);
  if (!row) return undefined;
  return (await findMovable(db, scope, [row.id], true))[0];
}

/**
 * The applications' new statuses and places, in one statement: each becomes unread for the campus (someone moved
 * it). History rows are appended by the caller.
 */
export type PendingStatus = {
  id_application: number;
  id_status: number;
  waiting_list_position: number | null;
  /** Set on entering offered (null: the offer does not lapse); every other status clears it. */
  offer_expires_at: Date | null;
  /** A lottery's facts for this application, written in the same row update (undefined: left as they are). */
  lottery?: LotteryFacts;
};

/** What a draw records on each application it moved. */
export type LotteryFacts = { id_lottery: number; lottery_number: number; lottery_level: number; lottery_order: number };

/*
 * Bulk writes send each column as ONE array parameter read by unnest: one statement whatever the count (a lottery
 * moves thousands; a VALUES list would carry 65,535 parameters at most), each row touched once, and arrays are
 * smaller and cheaper for the database to read than the same rows as JSON objects.
 */

export async function setApplicationStatuses(db: Executor, changes: PendingStatus[]) {
  if (!changes.length) return;
  const column = (value: (c: PendingStatus) => number | string | null) => arrayOf(changes.map(value));
  await db.execute(sql`
    UPDATE ${a} SET id_status = v.status, waiting_list_position = v.place, offer_expires_at = v.expires,
      id_lottery = coalesce(v.lottery, ${a.id_lottery}), lottery_number = coalesce(v.number, ${a.lottery_number}),
      lottery_level = coalesce(v.level, ${a.lottery_level}), lottery_order = coalesce(v.ord, ${a.lottery_order}),
      read = false, updated_at = now()
    FROM unnest(
      ${column((c) => c.id_application)}::int[], ${column((c) => c.id_status)}::int[],
      ${column((c) => c.waiting_list_position)}::int[],
      ${column((c) => c.offer_expires_at?.toISOString() ?? null)}::timestamptz[],
      ${column((c) => c.lottery?.id_lottery ?? null)}::int[], ${column((c) => c.lottery?.lottery_number ?? null)}::int[],
      ${column((c) => c.lottery?.lottery_level ?? null)}::int[], ${column((c) => c.lottery?.lottery_order ?? null)}::int[]
    ) AS v(id, status, place, expires, lottery, number, level, ord)
    WHERE ${a.id_application} = v.id`);
}

type HistoryRow = typeof s.applicationStatus.$inferInsert;

export async function insertHistory(db: Executor, rows: HistoryRow[]) {
  if (!rows.length) return;
  const column = (value: (r: HistoryRow) => number | string | boolean | null) => arrayOf(rows.map(value));
  const h = s.applicationStatus;
  await db.execute(sql`
    INSERT INTO ${h} (id_school, id_application, id_status, id_status_from, id_status_movement_type,
      waiting_list_position, read, id_user, note, created_at)
    SELECT v.school, v.app, v.status, v."from", v.movement, v.place, v.read, v.by, v.note, coalesce(v.at, now())
    FROM unnest(
      ${column((r) => r.id_school)}::int[], ${column((r) => r.id_application)}::int[],
      ${column((r) => r.id_status)}::int[], ${column((r) => r.id_status_from ?? null)}::int[],
      ${column((r) => r.id_status_movement_type ?? 1)}::int[], ${column((r) => r.waiting_list_position ?? null)}::int[],
      ${column((r) => r.read ?? false)}::boolean[], ${column((r) => r.id_user ?? null)}::int[],
      ${column((r) => r.note ?? null)}::text[],
      ${column((r) => (r.createdAt instanceof Date ? r.createdAt.toISOString() : null))}::timestamptz[]
    ) WITH ORDINALITY AS v(school, app, status, "from", movement, place, read, by, note, at, n)
    -- ids follow the order of the moves: 'previous status' replays an application's rows in id order
    ORDER BY v.n`);
}

/**
 * Every status row of an application, oldest first (to find the status 'previous status' returns to). Rows of one
 * application are written under its row lock, so their ids follow the order of the moves.
 */
export async function historyOldestFirst(db: Executor, id_application: number) {
  const st = s.applicationStatus;
  return db
    .select({
      id_status: st.id_status,
      id_status_from: st.id_status_from,
      id_status_movement_type: st.id_status_movement_type,
    })
    .from(st)
    .where(eq(st.id_application, id_application))
    .orderBy(asc(st.id_application_status));
}

export async function setApplicationGrade(
  db: Executor,
  id_application: number,
  change: { id_grade: number | null; waiting_list_position: number | null },
) {
  await db
    .update(a)
    .set({ ...change, updatedAt: new Date() })
    .where(eq(a.id_application, id_application));
}

/** Soft delete: the row stays for the audit, out of every list, count, seat and waiting list. */
export async function softDelete(db: Executor, id_application: number) {
  await db
    .update(a)
    .set({ deletedAt: new Date(), waiting_list_position: null, updatedAt: new Date() })
    .where(eq(a.id_application, id_application));
}

/** The offer deadline rule of each of these periods, with its campus's time zone (its own, else its school's). */
export async function offerDeadlineRules(db: Executor, periodIds: number[]) {
  if (!periodIds.length) return [];
  const cy = s.campusYear;
  return db
    .select({
      id_campus_year: cy.id_campus_year,
      days: cy.offer_deadline_days,
      fixedDate: cy.offer_deadline_date,
      timeOfDay: cy.offer_deadline_time,
      skipWeekends: cy.offer_deadline_skip_weekends,
      holidays: cy.offer_deadline_holidays,
      acceptanceDays: cy.enrollment_acceptance_period,
      timeZone: sql<string | null>`coalesce(${s.campusConfiguration.time_zone}, ${s.schoolConfiguration.time_zone})`,
    })
    .from(cy)
    .leftJoin(s.campusConfiguration, eq(s.campusConfiguration.id_campus, cy.id_campus))
    .leftJoin(s.schoolConfiguration, eq(s.schoolConfiguration.id_school, cy.id_school))
    .where(inIds(cy.id_campus_year, periodIds));
}
