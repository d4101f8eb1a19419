import { and, asc, count, eq, ilike, type SQL } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { GRADES } from '../../db/reference-data';
import * as s from '../../db/schema/index';
import { inCampus, type Scope } from '../../lib/scope';
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
  active: s.campusConfiguration.active,
  is_lottery_campus: s.campusConfiguration.is_lottery_campus,
  is_age_school: s.schoolConfiguration.is_age_school,
};
export type CampusRow = Awaited<ReturnType<typeof findCampus>>;

const selectCampuses = (db: Executor, where: SQL) =>
  db
    .select(campusColumns)
    .from(s.campus)
    .innerJoin(s.school, eq(s.school.id_school, s.campus.id_school))
    .innerJoin(s.schoolConfiguration, eq(s.schoolConfiguration.id_school, s.campus.id_school))
    .innerJoin(s.campusConfiguration, eq(s.campusConfiguration.id_campus, s.campus.id_campus))
    .where(where);

export type CampusFilter = { id_school?: number; text?: string };

function filterOf(scope: Scope, filter: CampusFilter) {
  const conditions = [inCampus(scope, s.campus.id_school, s.campus.id_campus)];
  if (filter.id_school) conditions.push(eq(s.campus.id_school, filter.id_school));
  if (filter.text) conditions.push(ilike(s.campus.name, containsPattern(filter.text)));
  return and(...conditions) as SQL;
}

export async function listCampuses(db: Executor, scope: Scope, filter: CampusFilter, page: number, pageSize: number) {
  const where = filterOf(scope, filter);
  const rows = await selectCampuses(db, where).orderBy(asc(s.campus.name)).limit(pageSize).offset(page * pageSize);
  const [{ n }] = await db.select({ n: count() }).from(s.campus).where(where);
  return { rows, total: n };
}

export async function* eachCampus(db: Executor, scope: Scope, filter: CampusFilter) {
  for (let offset = 0; ; offset += 500) {
    const rows = await selectCampuses(db, filterOf(scope, filter)).orderBy(asc(s.campus.name)).limit(500).offset(offset);
    yield* rows;
    if (rows.length < 500) return;
  }
}

export async function findCampus(db: Executor, scope: Scope, id_campus: number) {
  return (await selectCampuses(db, and(eq(s.campus.id_campus, id_campus), inCampus(scope, s.campus.id_school, s.campus.id_campus)) as SQL))[0];
}

/** A new campus comes with its configuration and every grade of the catalog, inactive. */
export async function insertCampus(db: Executor, values: typeof s.campus.$inferInsert) {
  const [row] = await db.insert(s.campus).values(values).returning({ id: s.campus.id_campus });
  await db.insert(s.campusConfiguration).values({ id_school: values.id_school, id_campus: row.id });
  await db.insert(s.campusGrade).values(GRADES.map((g) => ({ id_school: values.id_school, id_campus: row.id, id_grade: g.id_grade, activatable: false, optionValue: g.name, optionLabel: g.name })));
  return row.id;
}

export const updateCampus = (db: Executor, id_campus: number, values: Partial<typeof s.campus.$inferInsert>) =>
  db.update(s.campus).set({ ...values, updatedAt: new Date() }).where(eq(s.campus.id_campus, id_campus));

export async function campusInUse(db: Executor, id_campus: number) {
  const [apps] = await db.select({ n: count() }).from(s.application).where(eq(s.application.id_campus, id_campus));
  const [users] = await db.select({ n: count() }).from(s.user).where(eq(s.user.id_campus, id_campus));
  return apps.n + users.n > 0;
}

export const deleteCampus = (db: Executor, id_campus: number) => db.delete(s.campus).where(eq(s.campus.id_campus, id_campus));

export async function findConfiguration(db: Executor, id_campus: number) {
  return (await db.select().from(s.campusConfiguration).where(eq(s.campusConfiguration.id_campus, id_campus)))[0];
}

export const updateConfiguration = (db: Executor, id_campus: number, values: Partial<typeof s.campusConfiguration.$inferInsert>) =>
  db.update(s.campusConfiguration).set(values).where(eq(s.campusConfiguration.id_campus, id_campus));

export const listCampusGrades = (db: Executor, id_campus: number) =>
  db
    .select({ id_campus_grade: s.campusGrade.id_campus_grade, id_campus: s.campusGrade.id_campus, id_grade: s.grade.id_grade, name: s.grade.name, age: s.grade.age, activatable: s.campusGrade.activatable, value: s.campusGrade.optionValue, label: s.campusGrade.optionLabel })
    .from(s.campusGrade)
    .innerJoin(s.grade, eq(s.grade.id_grade, s.campusGrade.id_grade))
    .where(eq(s.campusGrade.id_campus, id_campus))
    .orderBy(asc(s.grade.position));

export async function findCampusGrade(db: Executor, id_campus_grade: number) {
  return (await db.select().from(s.campusGrade).where(eq(s.campusGrade.id_campus_grade, id_campus_grade)))[0];
}

export const updateCampusGrade = (db: Executor, id_campus_grade: number, values: Partial<typeof s.campusGrade.$inferInsert>) =>
  db.update(s.campusGrade).set(values).where(eq(s.campusGrade.id_campus_grade, id_campus_grade));
