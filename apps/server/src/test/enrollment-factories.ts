import { eq } from 'drizzle-orm';
import type { ContextTypeId } from '@openseat/shared/constants';
import { actionId, subjectId, type Action, type Subject } from '@openseat/shared/permissions';
import type { Executor } from '../db/client';
import * as s from '../db/schema/index';
import { inputsHash, LOTTERY_ALGORITHM, resultHash, seedHash } from '../modules/lottery/lottery.draw';

type CampusRef = { id_school: number; id_campus: number };

let counter = 0;
const next = () => ++counter;

/**
 * Activates these campus grades (by id_grade: 1 PK, 2 K, 3 = 1st ...) and deactivates every other one.
 * `createCampus` already gives a campus all grades, inactive; missing rows are added.
 */
export async function createCampusGrades(db: Executor, campus: CampusRef, active: number[]) {
  await db.update(s.campusGrade).set({ activatable: false }).where(eq(s.campusGrade.id_campus, campus.id_campus));
  for (const id_grade of active) {
    await db
      .insert(s.campusGrade)
      .values({ id_school: campus.id_school, id_campus: campus.id_campus, id_grade, activatable: true })
      .onConflictDoUpdate({ target: [s.campusGrade.id_campus, s.campusGrade.id_grade], set: { activatable: true } });
  }
}

export type PeriodSpec = Partial<Omit<typeof s.campusYear.$inferInsert, 'id_school' | 'id_campus'>> & {
  /** Seats per grade: id_grade -> spots (and taken). */
  grades?: Record<number, number | { spots: number; taken: number }>;
};

/** A school period straight in the database (defaults: school year 3 = 2026-2027, ready to start). */
export async function createPeriod(db: Executor, campus: CampusRef, spec: PeriodSpec = {}) {
  const { grades = {}, ...values } = spec;
  const [period] = await db
    .insert(s.campusYear)
    .values({
      id_school_year: 3,
      spots: 100,
      enrollment_start_date: '2020-01-01',
      enrollment_end_date: '2099-12-31',
      enrollment_acceptance_period: 7,
      ...values,
      id_school: campus.id_school,
      id_campus: campus.id_campus,
    })
    .returning();
  const seatRows = Object.entries(grades).map(([id_grade, v]) => ({
    id_school: campus.id_school,
    id_campus_year: period.id_campus_year,
    id_grade: Number(id_grade),
    spots: typeof v === 'number' ? v : v.spots,
    taken: typeof v === 'number' ? 0 : v.taken,
  }));
  const seats = seatRows.length ? await db.insert(s.campusYearGrade).values(seatRows).returning() : [];
  return { ...period, seats };
}

export async function createTag(
  db: Executor,
  campus: CampusRef,
  name = `Tag ${next()}`,
  description: string | null = null,
) {
  const [tag] = await db
    .insert(s.tag)
    .values({ id_school: campus.id_school, id_campus: campus.id_campus, name, description })
    .returning();
  return tag;
}

export async function setPriorityLevel(
  db: Executor,
  campus: CampusRef,
  id_priority_item: number,
  priority_level: number,
) {
  await db
    .insert(s.campusPriority)
    .values({ id_school: campus.id_school, id_campus: campus.id_campus, id_priority_item, priority_level });
}

/** A custom role with exactly these permissions (to test the spec's denial messages). */
export async function createRoleWith(db: Executor, id_context_type: ContextTypeId, rules: Array<[Subject, Action]>) {
  const [role] = await db
    .insert(s.role)
    .values({ name: `Limited ${next()} ${Date.now()}`, id_context_type, type: 'custom' })
    .returning();
  if (rules.length)
    await db.insert(s.permission).values(
      rules.map(([subject, action]) => ({
        id_role: role.id_role,
        id_subject: subjectId(subject),
        id_action: actionId(action),
      })),
    );
  return role;
}

export async function periodState(db: Executor, id_campus_year: number) {
  const [row] = await db
    .select({ state: s.campusYear.state, spots: s.campusYear.spots })
    .from(s.campusYear)
    .where(eq(s.campusYear.id_campus_year, id_campus_year));
  return row;
}

/**
 * Periods, seats and tags on the tenancy fixtures' campuses: a1/a2 of school A, b1 of school B.
 * Each campus gets a not-started period (school year 3) with two grades, and two tags (one spare to delete).
 */
export async function buildEnrollmentFixtures(db: Executor, campuses: { a1: CampusRef; a2: CampusRef; b1: CampusRef }) {
  const out = {} as Record<
    'a1' | 'a2' | 'b1',
    {
      period: Awaited<ReturnType<typeof createPeriod>>;
      tag: Awaited<ReturnType<typeof createTag>>;
      spareTag: Awaited<ReturnType<typeof createTag>>;
    }
  >;
  for (const key of ['a1', 'a2', 'b1'] as const) {
    const campus = campuses[key];
    await createCampusGrades(db, campus, [3, 4]);
    const period = await createPeriod(db, campus, { grades: { 3: 10, 4: 10 } });
    const tag = await createTag(db, campus, `Tag of ${key} ${next()}`, `secret-${key}-description`);
    const spareTag = await createTag(db, campus, `Spare of ${key} ${next()}`);
    out[key] = { period, tag, spareTag };
  }
  return out;
}

/** A drawn lottery record of an empty draw on a period (for the record file, its CSV and its tenancy). */
export async function createDrawnLottery(db: Executor, period: { id_school: number; id_campus_year: number }) {
  const inputs = { grades: [], entries: [], siblingLevel: null, seatedFamilies: [] };
  const seed = 'ab'.repeat(32);
  const [lottery] = await db
    .insert(s.lottery)
    .values({
      id_school: period.id_school,
      id_campus_year: period.id_campus_year,
      state: 'drawn',
      algorithm: LOTTERY_ALGORITHM,
      seed,
      seedHash: seedHash(seed),
      inputs,
      inputsHash: inputsHash(inputs),
      result: [],
      resultHash: resultHash([]),
      drawnAt: new Date(),
    })
    .returning();
  return lottery;
}
