import { and, asc, count, eq, ilike, inArray, ne, not, type SQL } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { GRADES } from '../../db/reference-data';
import * as s from '../../db/schema/index';
import { forbidden } from '../../lib/errors';
import { canSeeSchool, inCampus, inSchool, type Scope } from '../../lib/scope';
import { containsPattern } from '../../lib/sql';

const campusColumns = {
  id_campus: s.campus.id_campus,
  id_school: s.campus.id_school,
  schoolName: s.school.name,
  name: s.campus.name,
  address: s.campus.address,
  telephone: s.campus.telephone,
  email: s.campus.email,
  description: s.campus.description,
  website: s.campus.website,
  photo: s.campus.photo,
  isMain: s.campus.isMain,
  sisSchoolNumber: s.campus.sisSchoolNumber,
  active: s.campusConfiguration.active,
  is_lottery_campus: s.campusConfiguration.is_lottery_campus,
  is_age_school: s.schoolConfiguration.is_age_school,
};
export type CampusRecord = NonNullable<Awaited<ReturnType<typeof findCampus>>>;

const selectCampuses = (db: Executor, where: SQL) =>
  db
    .select(campusColumns)
    .from(s.campus)
    .innerJoin(s.school, eq(s.school.id_school, s.campus.id_school))
    .innerJoin(s.schoolConfiguration, eq(s.schoolConfiguration.id_school, s.campus.id_school))
    .innerJoin(s.campusConfiguration, eq(s.campusConfiguration.id_campus, s.campus.id_campus))
    .where(where);

export type CampusFilter = { id_school?: number; text?: string };

const campusInScope = (scope: Scope) => inCampus(scope, s.campus.id_school, s.campus.id_campus);

function filterOf(scope: Scope, filter: CampusFilter) {
  const conditions = [campusInScope(scope)];
  if (filter.id_school) conditions.push(eq(s.campus.id_school, filter.id_school));
  if (filter.text) conditions.push(ilike(s.campus.name, containsPattern(filter.text)));
  return and(...conditions) as SQL;
}

export async function listCampuses(db: Executor, scope: Scope, filter: CampusFilter, page: number, pageSize: number) {
  const where = filterOf(scope, filter);
  const rows = await selectCampuses(db, where)
    .orderBy(asc(s.campus.name))
    .limit(pageSize)
    .offset(page * pageSize);
  const [{ n }] = await db.select({ n: count() }).from(s.campus).where(where);
  return { rows, total: n };
}

export async function* eachCampus(db: Executor, scope: Scope, filter: CampusFilter) {
  for (let offset = 0; ; offset += 500) {
    const rows = await selectCampuses(db, filterOf(scope, filter))
      .orderBy(asc(s.campus.name))
      .limit(500)
      .offset(offset);
    yield* rows;
    if (rows.length < 500) return;
  }
}

export async function findCampus(db: Executor, scope: Scope, id_campus: number) {
  return (await selectCampuses(db, and(eq(s.campus.id_campus, id_campus), campusInScope(scope)) as SQL))[0];
}

/** Whether the school exists and the scope may add a campus to it (school scope or wider, not a campus scope). */
export async function mayAddCampusTo(db: Executor, scope: Scope, id_school: number) {
  if (!canSeeSchool(scope, id_school) || scope.campusIds !== null) return false;
  const rows = await db.select({ id: s.school.id_school }).from(s.school).where(eq(s.school.id_school, id_school));
  return rows.length === 1;
}

/** A new campus comes with its configuration and every grade of the catalog, inactive. */
export async function insertCampus(db: Executor, scope: Scope, values: typeof s.campus.$inferInsert) {
  if (!canSeeSchool(scope, values.id_school) || scope.campusIds !== null) throw forbidden('noPermissionCampusData');
  const [row] = await db.insert(s.campus).values(values).returning({ id: s.campus.id_campus });
  await db.insert(s.campusConfiguration).values({ id_school: values.id_school, id_campus: row.id });
  await db.insert(s.campusGrade).values(
    GRADES.map((g) => ({
      id_school: values.id_school,
      id_campus: row.id,
      id_grade: g.id_grade,
      activatable: false,
      optionValue: g.name,
      optionLabel: g.name,
    })),
  );
  return row.id;
}

const definedOnly = <T extends Record<string, unknown>>(values: T) =>
  Object.fromEntries(Object.entries(values).filter(([, v]) => v !== undefined)) as Partial<T>;

export const updateCampus = (
  db: Executor,
  scope: Scope,
  id_campus: number,
  values: Partial<typeof s.campus.$inferInsert>,
) =>
  db
    .update(s.campus)
    .set({ ...definedOnly(values), updatedAt: new Date() })
    .where(and(eq(s.campus.id_campus, id_campus), campusInScope(scope)));

/** Rows that keep a campus alive: its applications, its users, and what they produced (feedback, form deliveries). */
export async function campusInUse(db: Executor, scope: Scope, id_campus: number) {
  const counts = await Promise.all([
    db
      .select({ n: count() })
      .from(s.application)
      .where(and(eq(s.application.id_campus, id_campus), inSchool(scope, s.application.id_school))),
    db
      .select({ n: count() })
      .from(s.user)
      .where(and(eq(s.user.id_campus, id_campus), inSchool(scope, s.user.id_school))),
    db
      .select({ n: count() })
      .from(s.feedback)
      .where(and(eq(s.feedback.id_campus, id_campus), inSchool(scope, s.feedback.id_school))),
    db
      .select({ n: count() })
      .from(s.formSubmission)
      .where(and(eq(s.formSubmission.id_campus, id_campus), inSchool(scope, s.formSubmission.id_school))),
  ]);
  return counts.some(([row]) => row.n > 0);
}

/** One main campus per school: marking one as main unmarks the others. */
export const clearMainCampus = (db: Executor, scope: Scope, id_school: number, except: number) =>
  db
    .update(s.campus)
    .set({ isMain: false })
    .where(
      and(
        eq(s.campus.id_school, id_school),
        eq(s.campus.isMain, true),
        ne(s.campus.id_campus, except),
        inSchool(scope, s.campus.id_school),
      ),
    );

export const deleteCampus = (db: Executor, scope: Scope, id_campus: number) =>
  db.delete(s.campus).where(and(eq(s.campus.id_campus, id_campus), campusInScope(scope)));

/** A campus's configuration with the time zone it follows (its own, else its school's). */
export async function findConfiguration(db: Executor, scope: Scope, id_campus: number) {
  const rows = await db
    .select({ configuration: s.campusConfiguration, schoolTimeZone: s.schoolConfiguration.time_zone })
    .from(s.campusConfiguration)
    .innerJoin(s.schoolConfiguration, eq(s.schoolConfiguration.id_school, s.campusConfiguration.id_school))
    .where(
      and(
        eq(s.campusConfiguration.id_campus, id_campus),
        inCampus(scope, s.campusConfiguration.id_school, s.campusConfiguration.id_campus),
      ),
    );
  return rows[0] && { ...rows[0].configuration, schoolTimeZone: rows[0].schoolTimeZone };
}
export type CampusConfigurationRecord = NonNullable<Awaited<ReturnType<typeof findConfiguration>>>;

/** Writes the given fields (undefined ones are left as they are). */
export async function updateConfiguration(
  db: Executor,
  scope: Scope,
  id_campus: number,
  values: Partial<typeof s.campusConfiguration.$inferInsert>,
) {
  const set = definedOnly(values);
  if (Object.keys(set).length === 0) return;
  await db
    .update(s.campusConfiguration)
    .set(set)
    .where(
      and(
        eq(s.campusConfiguration.id_campus, id_campus),
        inCampus(scope, s.campusConfiguration.id_school, s.campusConfiguration.id_campus),
      ),
    );
}

const gradeInScope = (scope: Scope) => inCampus(scope, s.campusGrade.id_school, s.campusGrade.id_campus);

export const listCampusGrades = (db: Executor, scope: Scope, id_campus: number) =>
  db
    .select({
      id_campus_grade: s.campusGrade.id_campus_grade,
      id_campus: s.campusGrade.id_campus,
      id_grade: s.grade.id_grade,
      name: s.grade.name,
      age: s.grade.age,
      activatable: s.campusGrade.activatable,
      value: s.campusGrade.optionValue,
      label: s.campusGrade.optionLabel,
    })
    .from(s.campusGrade)
    .innerJoin(s.grade, eq(s.grade.id_grade, s.campusGrade.id_grade))
    .where(and(eq(s.campusGrade.id_campus, id_campus), gradeInScope(scope)))
    .orderBy(asc(s.grade.position));
export type CampusGradeRecord = Awaited<ReturnType<typeof listCampusGrades>>[number];

/** A campus grade whose campus the scope may see, or undefined. */
export async function findCampusGrade(db: Executor, scope: Scope, id_campus_grade: number) {
  const rows = await db
    .select({
      id_campus_grade: s.campusGrade.id_campus_grade,
      id_school: s.campusGrade.id_school,
      id_campus: s.campusGrade.id_campus,
      id_grade: s.campusGrade.id_grade,
      activatable: s.campusGrade.activatable,
      optionValue: s.campusGrade.optionValue,
      optionLabel: s.campusGrade.optionLabel,
    })
    .from(s.campusGrade)
    .where(and(eq(s.campusGrade.id_campus_grade, id_campus_grade), gradeInScope(scope)));
  return rows[0];
}

/** Flips the activation in one statement, so two concurrent toggles cannot both read the old value. */
export async function toggleCampusGrade(db: Executor, scope: Scope, id_campus_grade: number) {
  const [row] = await db
    .update(s.campusGrade)
    .set({ activatable: not(s.campusGrade.activatable) })
    .where(and(eq(s.campusGrade.id_campus_grade, id_campus_grade), gradeInScope(scope)))
    .returning({ activatable: s.campusGrade.activatable });
  return row.activatable;
}

export const updateCampusGrade = (
  db: Executor,
  scope: Scope,
  id_campus_grade: number,
  values: { optionValue: string | null; optionLabel: string | null },
) =>
  db
    .update(s.campusGrade)
    .set(values)
    .where(and(eq(s.campusGrade.id_campus_grade, id_campus_grade), gradeInScope(scope)));

/** Active grades of these campuses (catalog order), one row per campus grade. */
export const listActiveGrades = (db: Executor, scope: Scope, campusIds: number[]) =>
  campusIds.length === 0
    ? Promise.resolve([])
    : db
        .select({
          id_campus_grade: s.campusGrade.id_campus_grade,
          id_campus: s.campusGrade.id_campus,
          id_grade: s.grade.id_grade,
          name: s.grade.name,
          age: s.grade.age,
          value: s.campusGrade.optionValue,
          label: s.campusGrade.optionLabel,
        })
        .from(s.campusGrade)
        .innerJoin(s.grade, eq(s.grade.id_grade, s.campusGrade.id_grade))
        .where(
          and(inArray(s.campusGrade.id_campus, campusIds), eq(s.campusGrade.activatable, true), gradeInScope(scope)),
        )
        .orderBy(asc(s.grade.position), asc(s.campusGrade.id_campus));

/** The campuses of one school that the scope may see. */
export const campusIdsOfSchool = async (db: Executor, scope: Scope, id_school: number) =>
  (
    await db
      .select({ id: s.campus.id_campus })
      .from(s.campus)
      .where(and(eq(s.campus.id_school, id_school), campusInScope(scope)))
  ).map((r) => r.id);

/** Whether the school counts ages rather than grades. */
export async function isAgeSchool(db: Executor, scope: Scope, id_school: number) {
  const [row] = await db
    .select({ v: s.schoolConfiguration.is_age_school })
    .from(s.schoolConfiguration)
    .where(and(eq(s.schoolConfiguration.id_school, id_school), inSchool(scope, s.schoolConfiguration.id_school)));
  return row?.v ?? false;
}
