import { and, asc, desc, eq, getTableColumns, isNull, sql, type SQL } from 'drizzle-orm';
import type { PgSelect } from 'drizzle-orm/pg-core';
import { STATUS } from '@openseat/shared/constants';
import type { Executor } from '../../db/client';
import { inIds, rowsOf } from '../../lib/sql';
import * as s from '../../db/schema/index';
import { inCampus, inSchool, type Scope } from '../../lib/scope';

/*
 * The reads and writes of the lottery: the school period and its campus settings, the participants, and the
 * lottery record. Every query is scoped by the caller's scope.
 */

const a = s.application;
const cy = s.campusYear;

/**
 * The campus's period for the school year in scope, with the campus's lottery switch and time zone. `lock`: its row
 * is locked FOR UPDATE NOWAIT first (another transaction holding it fails at once with SQLSTATE 55P03).
 */
export async function findPeriod(db: Executor, scope: Scope, id_campus: number, id_school_year: number, lock = false) {
  if (lock)
    await db
      .select({ id: cy.id_campus_year })
      .from(cy)
      .where(
        and(
          eq(cy.id_campus, id_campus),
          eq(cy.id_school_year, id_school_year),
          inCampus(scope, cy.id_school, cy.id_campus),
        ),
      )
      .for('update', { noWait: true });
  const [row] = await db
    .select({
      id_campus_year: cy.id_campus_year,
      id_school: cy.id_school,
      id_campus: cy.id_campus,
      id_school_year: cy.id_school_year,
      state: cy.state,
      autoMove: cy.auto_move_waiting_list_on_decline,
      acceptanceDays: cy.enrollment_acceptance_period,
      enrollment_end_date: cy.enrollment_end_date,
      sibling_priority: cy.sibling_priority,
      isLotteryCampus: s.campusConfiguration.is_lottery_campus,
      timeZone: sql<string | null>`coalesce(${s.campusConfiguration.time_zone}, ${s.schoolConfiguration.time_zone})`,
    })
    .from(cy)
    .leftJoin(s.campusConfiguration, eq(s.campusConfiguration.id_campus, cy.id_campus))
    .leftJoin(s.schoolConfiguration, eq(s.schoolConfiguration.id_school, cy.id_school))
    .where(
      and(
        eq(cy.id_campus, id_campus),
        eq(cy.id_school_year, id_school_year),
        inCampus(scope, cy.id_school, cy.id_campus),
      ),
    );
  return row;
}
export type PeriodRow = NonNullable<Awaited<ReturnType<typeof findPeriod>>>;

/** One application of `periodApplications`, in the order of its `json_build_array`. */
type ApplicationTuple = [
  id_application: number,
  id_school: number,
  id_campus: number,
  id_grade: number | null,
  id_status: number,
  waiting_list_position: number | null,
  correlative: number,
  id_priority_item: number | null,
  createdAt: string,
  guardianEmail: string | null,
  guardianPhoneNumber: string | null,
];

/** What a move needs of the application (a `Movable`) and what the draw needs; the period's facts are the period's. */
const applicationOf = (period: PeriodRow, t: ApplicationTuple) => ({
  id_application: t[0],
  id_school: t[1],
  id_campus: t[2],
  id_campus_year: period.id_campus_year,
  id_grade: t[3],
  id_status: t[4],
  waiting_list_position: t[5],
  correlative: t[6],
  periodState: period.state,
  autoMove: period.autoMove,
  acceptanceDays: period.acceptanceDays,
  id_priority_item: t[7],
  createdAt: new Date(t[8]),
  guardianEmail: t[9],
  guardianPhoneNumber: t[10],
});
export type PeriodApplication = ReturnType<typeof applicationOf>;

/**
 * Every live application of the period (any status), with what the draw and its moves need of it (not the applicants'
 * names: an answer names only the outcomes it shows, `applicationLabels`): the applied ones
 * first, in id order, then the others (their guardians make families). `lock`: the applied rows are locked FOR
 * UPDATE in id order (a run moves them: the caller holds their grade groups first, the pipeline's lock order).
 * Each read is one JSON document, not 10,000 rows: PGlite decodes a row field by field in JavaScript, 4 times slower.
 */
export async function periodApplications(db: Executor, scope: Scope, period: PeriodRow, lock = false) {
  const read = async (applied: boolean) => {
    const result = await db.execute(sql`
      SELECT json_agg(json_build_array(a.id_application, a.id_school, a.id_campus, a.id_grade, a.id_status,
          a.waiting_list_position, a.correlative, a.id_priority_item, a.created_at, p.guardian_email,
          p.guardian_phone_number) ORDER BY a.id_application)::text AS json
      FROM (
        SELECT id_application, id_school, id_campus, id_grade, id_status, waiting_list_position, correlative,
               id_priority_item, created_at, id_applicant
        FROM ${a}
        WHERE ${a.id_campus_year} = ${period.id_campus_year} AND ${a.deletedAt} IS NULL
          AND ${a.id_status} ${applied ? sql`=` : sql`<>`} ${STATUS.APPLIED}
          AND ${inCampus(scope, a.id_school, a.id_campus)}
        ORDER BY id_application ${lock && applied ? sql`FOR UPDATE` : sql``}
      ) a
      JOIN ${s.applicant} p ON p.id_applicant = a.id_applicant`);
    const [row] = rowsOf<{ json: string | null }>(result);
    const tuples = (row?.json ? JSON.parse(row.json) : []) as ApplicationTuple[];
    return tuples.map((t) => applicationOf(period, t));
  };
  return [...(await read(true)), ...(await read(false))];
}

export const APPLIED = STATUS.APPLIED;

/** The campus's priority levels and weights, by priority item. */
export async function campusPriorities(db: Executor, id_campus: number) {
  return db
    .select({
      id_priority_item: s.campusPriority.id_priority_item,
      level: s.campusPriority.priority_level,
      weight: s.campusPriority.weight,
      name: s.priorityItem.name,
    })
    .from(s.campusPriority)
    .innerJoin(s.priorityItem, eq(s.priorityItem.id_priority_item, s.campusPriority.id_priority_item))
    .where(eq(s.campusPriority.id_campus, id_campus));
}

export async function priorityItemNames(db: Executor) {
  return db.select({ id: s.priorityItem.id_priority_item, name: s.priorityItem.name }).from(s.priorityItem);
}

export async function gradeCatalog(db: Executor) {
  return db.select({ id_grade: s.grade.id_grade, name: s.grade.name, position: s.grade.position }).from(s.grade);
}

/** Seats of the period's grades. */
export async function seatsOf(db: Executor, id_campus_year: number) {
  return db
    .select({ id_grade: s.campusYearGrade.id_grade, spots: s.campusYearGrade.spots, taken: s.campusYearGrade.taken })
    .from(s.campusYearGrade)
    .where(eq(s.campusYearGrade.id_campus_year, id_campus_year));
}

/** Current length of each grade's waiting list in the period. */
export async function waitingLengths(db: Executor, id_campus_year: number) {
  return db
    .select({ id_grade: a.id_grade, length: sql<number>`count(*)::int` })
    .from(a)
    .where(and(eq(a.id_campus_year, id_campus_year), eq(a.id_status, STATUS.WAITING_LIST), isNull(a.deletedAt)))
    .groupBy(a.id_grade);
}

/** The grades of the period's live applied applications (the groups a run locks). */
export async function appliedGrades(db: Executor, id_campus_year: number): Promise<number[]> {
  const rows = await db
    .selectDistinct({ id_grade: a.id_grade })
    .from(a)
    .where(and(eq(a.id_campus_year, id_campus_year), eq(a.id_status, STATUS.APPLIED), isNull(a.deletedAt)));
  return rows.flatMap((r) => (r.id_grade === null ? [] : [r.id_grade]));
}

const l = s.lottery;

/**
 * Every column but the record's `inputs` and `result` (10,000 entries each for a large draw): what summaries and
 * lists show, so they never carry the record back.
 */
const { inputs: _inputs, result: _result, ...summaryColumns } = getTableColumns(l);
export type LotterySummaryRow = { lottery: Omit<typeof l.$inferSelect, 'inputs' | 'result'>; drawnBy: string | null };

export async function insertLottery(db: Executor, row: typeof l.$inferInsert) {
  const [saved] = await db.insert(l).values(row).returning(summaryColumns);
  return saved;
}

export async function updateLottery(db: Executor, id_lottery: number, change: Partial<typeof l.$inferInsert>) {
  const [saved] = await db.update(l).set(change).where(eq(l.id_lottery, id_lottery)).returning(summaryColumns);
  return saved;
}

/**
 * A lottery query joined to its period (whose campus is the caller's scope) and to who drew it, kept to the scope:
 * the one shape of the single and list reads below.
 */
function inScope<T extends PgSelect>(query: T, scope: Scope, condition: SQL) {
  return query
    .innerJoin(cy, eq(cy.id_campus_year, l.id_campus_year))
    .leftJoin(s.user, eq(s.user.id_user, l.id_user))
    .where(and(condition, inCampus(scope, cy.id_school, cy.id_campus)));
}

/** One lottery in scope without its record (see `summaryColumns`), with the name of who drew it. */
export async function findLotterySummary(db: Executor, scope: Scope, id_lottery: number) {
  const query = db.select({ lottery: summaryColumns, drawnBy: s.user.name }).from(l).$dynamic();
  const [row] = await inScope(query, scope, eq(l.id_lottery, id_lottery));
  return row;
}

/** One lottery in scope, with the name of who drew it. */
export async function findLottery(db: Executor, scope: Scope, id_lottery: number) {
  const query = db
    .select({ lottery: l, drawnBy: s.user.name, id_campus: cy.id_campus, id_school_year: cy.id_school_year })
    .from(l)
    .$dynamic();
  const [row] = await inScope(query, scope, eq(l.id_lottery, id_lottery));
  return row;
}
export type LotteryRow = NonNullable<Awaited<ReturnType<typeof findLottery>>>;

/** The lotteries of a period in scope, newest first. */
export async function listLotteries(db: Executor, scope: Scope, id_campus_year: number) {
  const query = db.select({ lottery: summaryColumns, drawnBy: s.user.name }).from(l).$dynamic();
  return inScope(query, scope, eq(l.id_campus_year, id_campus_year)).orderBy(desc(l.createdAt), desc(l.id_lottery));
}

/** A period in scope (for the list): undefined when out of scope. */
export async function periodInScope(db: Executor, scope: Scope, id_campus_year: number) {
  const [row] = await db
    .select({ id: cy.id_campus_year })
    .from(cy)
    .where(and(eq(cy.id_campus_year, id_campus_year), inCampus(scope, cy.id_school, cy.id_campus)));
  return row;
}

/** The period's lotteries by state (drawn first). */
export async function lotteriesOfPeriod(db: Executor, id_campus_year: number) {
  return db.select(summaryColumns).from(l).where(eq(l.id_campus_year, id_campus_year)).orderBy(asc(l.id_lottery));
}

/** Campus and school-year names of a period, for the record. */
export async function periodNames(db: Executor, scope: Scope, id_campus_year: number) {
  const [row] = await db
    .select({ campus: s.campus.name, schoolYear: s.schoolYear.name })
    .from(cy)
    .innerJoin(s.campus, eq(s.campus.id_campus, cy.id_campus))
    .innerJoin(s.schoolYear, eq(s.schoolYear.id_school_year, cy.id_school_year))
    .where(and(eq(cy.id_campus_year, id_campus_year), inSchool(scope, cy.id_school)));
  return row;
}

/** Names of applications (any state) for the record's outcomes. */
export async function applicationLabels(db: Executor, ids: number[]) {
  if (!ids.length) return [];
  return db
    .select({
      id_application: a.id_application,
      correlative: a.correlative,
      id_priority_item: a.id_priority_item,
      applicantName: sql<string>`${s.applicant.firstName} || ' ' || ${s.applicant.lastName}`,
    })
    .from(a)
    .innerJoin(s.applicant, eq(s.applicant.id_applicant, a.id_applicant))
    .where(inIds(a.id_application, ids));
}

// ---- v2: the freeze, its guard flag and the period's log ----

const log = s.lotteryLog;

/** Sets the period's frozen flag (the triggers' guard); the first freeze also makes the public page's address. */
export async function markPeriodFrozen(db: Executor, id_campus_year: number, frozen: boolean, token?: string) {
  await db
    .update(cy)
    .set({
      lotteryFrozen: frozen,
      ...(token ? { lotteryPublicToken: sql`coalesce(${cy.lotteryPublicToken}, ${token})` } : {}),
    })
    .where(eq(cy.id_campus_year, id_campus_year));
}

/** The period's public page address (null before its first freeze). */
export async function publicTokenOf(db: Executor, id_campus_year: number) {
  const [row] = await db.select({ token: cy.lotteryPublicToken }).from(cy).where(eq(cy.id_campus_year, id_campus_year));
  return row?.token ?? null;
}

/** One lottery of a period in scope, its row locked for the change that follows (dice entries). */
export async function lockLottery(db: Executor, scope: Scope, id_lottery: number) {
  const [row] = await db
    .select({ lottery: summaryColumns })
    .from(l)
    .innerJoin(cy, eq(cy.id_campus_year, l.id_campus_year))
    .where(and(eq(l.id_lottery, id_lottery), inCampus(scope, cy.id_school, cy.id_campus)))
    .for('update', { of: l });
  return row?.lottery;
}

const logColumns = { seq: log.seq, kind: log.kind, at: log.at, body: log.body, prevHash: log.prevHash, hash: log.hash };

/** The period's last log entry: the next one links to it. */
export async function lastLogEntry(db: Executor, id_campus_year: number) {
  const [row] = await db
    .select({ seq: log.seq, hash: log.hash })
    .from(log)
    .where(eq(log.id_campus_year, id_campus_year))
    .orderBy(desc(log.seq))
    .limit(1);
  return row;
}

export async function insertLogEntry(db: Executor, row: typeof log.$inferInsert) {
  await db.insert(log).values(row);
}

/** The period's whole log, in order. */
export async function logOfPeriod(db: Executor, id_campus_year: number) {
  return db.select(logColumns).from(log).where(eq(log.id_campus_year, id_campus_year)).orderBy(asc(log.seq));
}

/** A superseded draw's facts leave its applications (its record keeps them): the next draw gives its own. */
export async function clearLotteryFacts(db: Executor, id_school: number, id_lottery: number) {
  await db
    .update(s.application)
    .set({ id_lottery: null, lottery_number: null, lottery_level: null, lottery_order: null })
    .where(and(eq(s.application.id_school, id_school), eq(s.application.id_lottery, id_lottery)));
}
