import { and, asc, eq, inArray, isNotNull, isNull, lte, ne, sql } from 'drizzle-orm';
import { PERIOD_STATE, STATUS } from '@openseat/shared/constants';
import type { Executor } from '../../db/client';
import * as s from '../../db/schema/index';
import { inCampus, type Scope } from '../../lib/scope';
import { waitingFactColumns } from '../../db/waiting-facts';
import type { Group } from '../status-moves/status-moves.types';

/*
 * Reads and writes of the waiting list worked in order: the facts behind "why this position", the reorder by
 * priorities, the manual place, and the offers that lapse. Callers hold the group locks (status-moves.service.ts).
 */

const a = s.application;

/** A school period in scope, with its campus and state; undefined outside the scope. */
export async function findPeriod(db: Executor, scope: Scope, id_campus_year: number) {
  const cy = s.campusYear;
  const [row] = await db
    .select({
      id_campus_year: cy.id_campus_year,
      id_school: s.campus.id_school,
      id_campus: cy.id_campus,
      state: cy.state,
    })
    .from(cy)
    .innerJoin(s.campus, eq(s.campus.id_campus, cy.id_campus))
    .where(and(eq(cy.id_campus_year, id_campus_year), inCampus(scope, s.campus.id_school, cy.id_campus)));
  return row;
}

/** Whether the grade is one of the campus's grades (active or not: a deactivated grade may still have a list). */
export async function campusHasGrade(db: Executor, id_campus: number, id_grade: number) {
  const rows = await db
    .select({ id: s.campusGrade.id_campus_grade })
    .from(s.campusGrade)
    .where(and(eq(s.campusGrade.id_campus, id_campus), eq(s.campusGrade.id_grade, id_grade)))
    .limit(1);
  return rows.length === 1;
}

const inList = (g: Group) =>
  and(
    eq(a.id_campus_year, g.id_campus_year),
    g.id_grade === null ? isNull(a.id_grade) : eq(a.id_grade, g.id_grade),
    eq(a.id_status, STATUS.WAITING_LIST),
    isNull(a.deletedAt),
  );

/** The group's waiting list in its current order; `lock` takes the rows (the group lock is held already). */
export async function waitingListOf(db: Executor, g: Group, lock = false) {
  const query = db
    .select({
      id_application: a.id_application,
      id_school: a.id_school,
      id_campus: a.id_campus,
      correlative: a.correlative,
      firstName: s.applicant.firstName,
      lastName: s.applicant.lastName,
      waiting_list_position: a.waiting_list_position,
      id_priority_item: a.id_priority_item,
      lottery_order: a.lottery_order,
      createdAt: a.createdAt,
      ...waitingFactColumns,
    })
    .from(a)
    .innerJoin(s.applicant, eq(s.applicant.id_applicant, a.id_applicant))
    .where(inList(g))
    .orderBy(asc(a.waiting_list_position), asc(a.id_application));
  return lock ? query.for('update', { of: a }) : query;
}
export type WaitingEntry = Awaited<ReturnType<typeof waitingListOf>>[number];

/** Writes the places of a whole list in one statement (the place constraint is checked at its end). */
export async function setPlaces(db: Executor, places: Array<{ id_application: number; place: number }>) {
  if (!places.length) return;
  const values = sql.join(
    places.map((p) => sql`(${p.id_application}::int, ${p.place}::int)`),
    sql`, `,
  );
  await db.execute(sql`
    UPDATE ${a} SET waiting_list_position = v.place, updated_at = now()
    FROM (VALUES ${values}) AS v(id_application, place)
    WHERE ${a.id_application} = v.id_application AND ${a.waiting_list_position} IS DISTINCT FROM v.place`);
}

export async function insertReorder(db: Executor, row: typeof s.waitingListReorder.$inferInsert) {
  const [created] = await db
    .insert(s.waitingListReorder)
    .values(row)
    .returning({ id: s.waitingListReorder.id_waiting_list_reorder });
  return created.id;
}

/** Periods (not finalized) that have live offers lapsed at `now`. */
export async function periodsWithLapsedOffers(db: Executor, now: Date) {
  const rows = await db
    .selectDistinct({ id_campus_year: a.id_campus_year })
    .from(a)
    .innerJoin(s.campusYear, eq(s.campusYear.id_campus_year, a.id_campus_year))
    .where(
      and(
        eq(a.id_status, STATUS.OFFERED),
        isNull(a.deletedAt),
        isNotNull(a.offer_expires_at),
        lte(a.offer_expires_at, now),
        ne(s.campusYear.state, PERIOD_STATE.FINALIZED),
        // a frozen lottery holds its period still: its offers lapse at the next run after the draw or the unfreeze
        eq(s.campusYear.lotteryFrozen, false),
      ),
    )
    .orderBy(asc(a.id_campus_year));
  return rows.flatMap((r) => (r.id_campus_year === null ? [] : [r.id_campus_year]));
}

/** Every seat/waiting group of a period that has live offered or waiting applications (to lock them all). */
export async function groupsOfPeriod(db: Executor, id_campus_year: number): Promise<Group[]> {
  const rows = await db
    .selectDistinct({ id_grade: a.id_grade })
    .from(a)
    .where(
      and(
        eq(a.id_campus_year, id_campus_year),
        isNull(a.deletedAt),
        inArray(a.id_status, [STATUS.OFFERED, STATUS.WAITING_LIST]),
      ),
    );
  return rows.map((r) => ({ id_campus_year, id_grade: r.id_grade }));
}

/** Ids of the period's live offers lapsed at `now`, in deadline order. */
export async function lapsedOffers(db: Executor, id_campus_year: number, now: Date) {
  const rows = await db
    .select({ id: a.id_application })
    .from(a)
    .where(
      and(
        eq(a.id_campus_year, id_campus_year),
        eq(a.id_status, STATUS.OFFERED),
        isNull(a.deletedAt),
        isNotNull(a.offer_expires_at),
        lte(a.offer_expires_at, now),
      ),
    )
    .orderBy(asc(a.offer_expires_at), asc(a.id_application));
  return rows.map((r) => r.id);
}
