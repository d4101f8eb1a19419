import { and, asc, desc, eq, inArray, ne, sql, type SQL } from 'drizzle-orm';
import type { PeriodState } from '@openseat/shared/constants';
import type { Executor } from '../../db/client';
import * as s from '../../db/schema/index';
import { forbidden } from '../../lib/errors';
import { canSeeCampus, inCampus, type Scope } from '../../lib/scope';

/** The campus's scoped reference and its lock, shared with the campuses module (db/campus-ref.ts). */
export { findCampusRef, lockCampus } from '../../db/campus-ref';

export async function schoolYearExists(db: Executor, id_school_year: number) {
  return (
    (
      await db
        .select({ id: s.schoolYear.id_school_year })
        .from(s.schoolYear)
        .where(eq(s.schoolYear.id_school_year, id_school_year))
    ).length === 1
  );
}

const seatSpots = sql<number>`(SELECT coalesce(sum(g.spots), 0)::int FROM ${s.campusYearGrade} g WHERE g.id_campus_year = ${s.campusYear.id_campus_year})`;
const seatTaken = sql<number>`(SELECT coalesce(sum(g.taken), 0)::int FROM ${s.campusYearGrade} g WHERE g.id_campus_year = ${s.campusYear.id_campus_year})`;

const periodColumns = {
  id_campus_year: s.campusYear.id_campus_year,
  id_school: s.campusYear.id_school,
  id_campus: s.campusYear.id_campus,
  campusName: s.campus.name,
  id_school_year: s.campusYear.id_school_year,
  schoolYearName: s.schoolYear.name,
  year_one: s.schoolYear.year_one,
  year_two: s.schoolYear.year_two,
  spots: s.campusYear.spots,
  enrollment_start_date: s.campusYear.enrollment_start_date,
  enrollment_end_date: s.campusYear.enrollment_end_date,
  first_day_of_school: s.campusYear.first_day_of_school,
  enrollment_acceptance_period: s.campusYear.enrollment_acceptance_period,
  offer_deadline_days: s.campusYear.offer_deadline_days,
  offer_deadline_date: s.campusYear.offer_deadline_date,
  offer_deadline_time: s.campusYear.offer_deadline_time,
  offer_deadline_skip_weekends: s.campusYear.offer_deadline_skip_weekends,
  offer_deadline_holidays: s.campusYear.offer_deadline_holidays,
  offer_reminder_hours: s.campusYear.offer_reminder_hours,
  timeZone: sql<string | null>`coalesce(${s.campusConfiguration.time_zone}, ${s.schoolConfiguration.time_zone})`,
  enrollment_mode: s.campusYear.enrollment_mode,
  auto_move_waiting_list_on_decline: s.campusYear.auto_move_waiting_list_on_decline,
  sibling_priority: s.campusYear.sibling_priority,
  state: s.campusYear.state,
  startedAt: s.campusYear.startedAt,
  finalizedAt: s.campusYear.finalizedAt,
  updatedAt: s.campusYear.updatedAt,
  seatSpots,
  seatTaken,
};

export type PeriodRow = Awaited<ReturnType<typeof selectPeriods>>[number] & { state: PeriodState };

const selectPeriods = (db: Executor, where: SQL) =>
  db
    .select(periodColumns)
    .from(s.campusYear)
    .innerJoin(s.campus, eq(s.campus.id_campus, s.campusYear.id_campus))
    .innerJoin(s.schoolYear, eq(s.schoolYear.id_school_year, s.campusYear.id_school_year))
    .leftJoin(s.campusConfiguration, eq(s.campusConfiguration.id_campus, s.campusYear.id_campus))
    .leftJoin(s.schoolConfiguration, eq(s.schoolConfiguration.id_school, s.campusYear.id_school))
    .where(where);

export type PeriodFilter = { id_campus?: number; state?: PeriodState; historical?: boolean };

export async function listPeriods(db: Executor, scope: Scope, filter: PeriodFilter): Promise<PeriodRow[]> {
  const conditions: SQL[] = [inCampus(scope, s.campusYear.id_school, s.campusYear.id_campus)];
  if (filter.id_campus !== undefined) conditions.push(eq(s.campusYear.id_campus, filter.id_campus));
  if (filter.state) conditions.push(eq(s.campusYear.state, filter.state));
  if (filter.historical === true) conditions.push(eq(s.campusYear.state, 'finalized'));
  if (filter.historical === false) conditions.push(ne(s.campusYear.state, 'finalized'));
  const rows = await selectPeriods(db, and(...conditions) as SQL).orderBy(
    asc(s.campus.name),
    desc(s.schoolYear.year_one),
    asc(s.campusYear.id_campus_year),
  );
  return rows as PeriodRow[];
}

/** One period in scope; `lock` takes its row lock for the rest of the transaction. */
export async function findPeriod(
  db: Executor,
  scope: Scope,
  id_campus_year: number,
  lock = false,
): Promise<PeriodRow | undefined> {
  const where = and(
    eq(s.campusYear.id_campus_year, id_campus_year),
    inCampus(scope, s.campusYear.id_school, s.campusYear.id_campus),
  ) as SQL;
  if (lock) await db.select({ id: s.campusYear.id_campus_year }).from(s.campusYear).where(where).for('update');
  return (await selectPeriods(db, where))[0] as PeriodRow | undefined;
}

const periodInScope = (scope: Scope) => inCampus(scope, s.campusYear.id_school, s.campusYear.id_campus);

/** Seat rows of periods in the scope (a seat row carries its school, not its campus). */
const seatInScope = (db: Executor, scope: Scope) =>
  inArray(
    s.campusYearGrade.id_campus_year,
    db.select({ id: s.campusYear.id_campus_year }).from(s.campusYear).where(periodInScope(scope)),
  );

/** The period of a campus and school year. */
export async function findPeriodOf(db: Executor, scope: Scope, id_campus: number, id_school_year: number) {
  const rows = await db
    .select({
      id_campus_year: s.campusYear.id_campus_year,
      state: s.campusYear.state,
      enrollment_start_date: s.campusYear.enrollment_start_date,
      enrollment_end_date: s.campusYear.enrollment_end_date,
      id_school_year: s.campusYear.id_school_year,
    })
    .from(s.campusYear)
    .where(
      and(eq(s.campusYear.id_campus, id_campus), eq(s.campusYear.id_school_year, id_school_year), periodInScope(scope)),
    );
  return rows[0] as ((typeof rows)[number] & { state: PeriodState }) | undefined;
}

/** The period the campus works in now: its started period, else the one of the latest school year. */
export async function currentPeriodOf(db: Executor, scope: Scope, id_campus: number) {
  const rows = await db
    .select({
      id_campus_year: s.campusYear.id_campus_year,
      state: s.campusYear.state,
      enrollment_start_date: s.campusYear.enrollment_start_date,
      enrollment_end_date: s.campusYear.enrollment_end_date,
      id_school_year: s.campusYear.id_school_year,
    })
    .from(s.campusYear)
    .innerJoin(s.schoolYear, eq(s.schoolYear.id_school_year, s.campusYear.id_school_year))
    .where(and(eq(s.campusYear.id_campus, id_campus), periodInScope(scope)))
    .orderBy(sql`(${s.campusYear.state} = 'started') DESC`, desc(s.schoolYear.year_one))
    .limit(1);
  return rows[0] as ((typeof rows)[number] & { state: PeriodState }) | undefined;
}

/** The time zone of a campus's date rules: its own, else its school's. */
export async function timeZoneOfCampus(db: Executor, scope: Scope, id_campus: number): Promise<string | undefined> {
  const [row] = await db
    .select({ zone: sql<string>`coalesce(${s.campusConfiguration.time_zone}, ${s.schoolConfiguration.time_zone})` })
    .from(s.campusConfiguration)
    .innerJoin(s.schoolConfiguration, eq(s.schoolConfiguration.id_school, s.campusConfiguration.id_school))
    .where(
      and(
        eq(s.campusConfiguration.id_campus, id_campus),
        inCampus(scope, s.campusConfiguration.id_school, s.campusConfiguration.id_campus),
      ),
    );
  return row?.zone;
}

export async function startedPeriodIdOf(db: Executor, scope: Scope, id_campus: number, except: number) {
  const rows = await db
    .select({ id: s.campusYear.id_campus_year })
    .from(s.campusYear)
    .where(
      and(
        eq(s.campusYear.id_campus, id_campus),
        eq(s.campusYear.state, 'started'),
        ne(s.campusYear.id_campus_year, except),
        periodInScope(scope),
      ),
    );
  return rows[0]?.id;
}

export async function insertPeriod(db: Executor, scope: Scope, values: typeof s.campusYear.$inferInsert) {
  if (!canSeeCampus(scope, values.id_school, values.id_campus)) throw forbidden('noPermissionPeriodData');
  const [row] = await db.insert(s.campusYear).values(values).returning({ id: s.campusYear.id_campus_year });
  return row.id;
}

/**
 * Gives the periods of a campus that are not finalized (or just `onlyPeriod`) a seat row (0 spots) for each
 * grade the campus has activated; existing rows stay as they are.
 */
export async function insertSeatsForActiveGrades(db: Executor, scope: Scope, id_campus: number, onlyPeriod?: number) {
  const periods = and(
    eq(s.campusYear.id_campus, id_campus),
    ne(s.campusYear.state, 'finalized'),
    onlyPeriod === undefined ? undefined : eq(s.campusYear.id_campus_year, onlyPeriod),
    periodInScope(scope),
  );
  await db.execute(sql`
    INSERT INTO ${s.campusYearGrade} (id_school, id_campus_year, id_grade, spots, taken)
    SELECT ${s.campusYear.id_school}, ${s.campusYear.id_campus_year}, ${s.campusGrade.id_grade}, 0, 0
    FROM ${s.campusYear}
    JOIN ${s.campusGrade} ON ${s.campusGrade.id_campus} = ${s.campusYear.id_campus} AND ${s.campusGrade.activatable}
    WHERE ${periods}
    ON CONFLICT (id_campus_year, id_grade) DO NOTHING`);
}

export async function updatePeriod(
  db: Executor,
  scope: Scope,
  id_campus_year: number,
  values: Partial<typeof s.campusYear.$inferInsert>,
) {
  await db
    .update(s.campusYear)
    .set({ ...values, updatedAt: sql`now()` })
    .where(and(eq(s.campusYear.id_campus_year, id_campus_year), periodInScope(scope)));
}

const seatColumns = {
  id_campus_year_grade: s.campusYearGrade.id_campus_year_grade,
  id_campus_year: s.campusYearGrade.id_campus_year,
  id_grade: s.campusYearGrade.id_grade,
  gradeName: s.grade.name,
  spots: s.campusYearGrade.spots,
  taken: s.campusYearGrade.taken,
};
export type SeatRow = {
  id_campus_year_grade: number;
  id_campus_year: number;
  id_grade: number;
  gradeName: string;
  spots: number;
  taken: number;
};

/** Seats of one period, in grade order; `lock` locks them in id order. */
export async function listSeats(db: Executor, scope: Scope, id_campus_year: number, lock = false): Promise<SeatRow[]> {
  const where = and(eq(s.campusYearGrade.id_campus_year, id_campus_year), seatInScope(db, scope));
  if (lock) {
    await db
      .select({ id: s.campusYearGrade.id_campus_year_grade })
      .from(s.campusYearGrade)
      .where(where)
      .orderBy(asc(s.campusYearGrade.id_campus_year_grade))
      .for('update');
  }
  return db
    .select(seatColumns)
    .from(s.campusYearGrade)
    .innerJoin(s.grade, eq(s.grade.id_grade, s.campusYearGrade.id_grade))
    .where(where)
    .orderBy(asc(s.grade.position));
}

/** Which periods the given seat rows belong to, limited to the scope. */
export async function periodsOfSeats(db: Executor, scope: Scope, ids: number[]) {
  if (ids.length === 0) return [];
  return db
    .select({
      id_campus_year_grade: s.campusYearGrade.id_campus_year_grade,
      id_campus_year: s.campusYearGrade.id_campus_year,
    })
    .from(s.campusYearGrade)
    .innerJoin(s.campusYear, eq(s.campusYear.id_campus_year, s.campusYearGrade.id_campus_year))
    .where(
      and(
        inArray(s.campusYearGrade.id_campus_year_grade, ids),
        inCampus(scope, s.campusYear.id_school, s.campusYear.id_campus),
      ),
    );
}

export async function updateSeat(db: Executor, scope: Scope, id_campus_year_grade: number, spots: number) {
  await db
    .update(s.campusYearGrade)
    .set({ spots })
    .where(and(eq(s.campusYearGrade.id_campus_year_grade, id_campus_year_grade), seatInScope(db, scope)));
}

export type SchoolYearOfCampusRow = Awaited<ReturnType<typeof campusSchoolYears>>[number];

/** The school years that have a period on the campus, newest first. */
export async function campusSchoolYears(db: Executor, scope: Scope, id_campus: number) {
  const rows = await db
    .select({
      id_school_year: s.schoolYear.id_school_year,
      name: s.schoolYear.name,
      year_one: s.schoolYear.year_one,
      year_two: s.schoolYear.year_two,
      id_campus_year: s.campusYear.id_campus_year,
      state: s.campusYear.state,
    })
    .from(s.campusYear)
    .innerJoin(s.schoolYear, eq(s.schoolYear.id_school_year, s.campusYear.id_school_year))
    .where(and(eq(s.campusYear.id_campus, id_campus), periodInScope(scope)))
    .orderBy(desc(s.schoolYear.year_one));
  return rows as Array<(typeof rows)[number] & { state: PeriodState }>;
}
