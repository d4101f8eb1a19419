import { and, eq, gt, lte, sql, type SQL } from 'drizzle-orm';
import type { SelectResultFields } from 'drizzle-orm/query-builders/select.types';
import { QueryBuilder } from 'drizzle-orm/pg-core';
import type { Executor } from '../../db/client';
import * as s from '../../db/schema/index';
import { inCampus, inSchool, type Scope } from '../../lib/scope';
import { listConditions, type ListFilter } from '../applications/applications.repository';

const a = s.application;

/**
 * The row's applicant, one primary-key probe each (joined laterally). As a plain join the planner reads every
 * applicant of the installation for each window (a hash join: 19 ms a window instead of 3 on 100,000); the LIMIT
 * keeps it from flattening the subquery back into that join.
 */
const ap = new QueryBuilder()
  .select()
  .from(s.applicant)
  .where(eq(s.applicant.id_applicant, a.id_applicant))
  .limit(1)
  .as('one');

/** What a window reads of each application: its own columns and its applicant's (names come from `ExportNames`). */
const windowColumns = {
  id_application: a.id_application,
  correlative: a.correlative,
  createdAt: a.createdAt,
  id_school: a.id_school,
  id_campus: a.id_campus,
  id_school_year: a.id_school_year,
  id_campus_year: a.id_campus_year,
  id_status: a.id_status,
  waiting_list_position: a.waiting_list_position,
  id_grade: a.id_grade,
  id_priority_item: a.id_priority_item,
  id_applicant: ap.id_applicant,
  firstName: ap.firstName,
  lastName: ap.lastName,
  email: ap.email,
  phoneNumber: ap.phoneNumber,
  dateOfBirth: ap.dateOfBirth,
  address: ap.address,
  gender: ap.gender,
  ethnicity: ap.ethnicity,
  actualSchool: ap.actualSchool,
  id_guardian_type: ap.id_guardian_type,
  guardianName: ap.guardianName,
  guardianEmail: ap.guardianEmail,
  guardianPhoneNumber: ap.guardianPhoneNumber,
  guardianAddress: ap.guardianAddress,
  guardianOccupation: ap.guardianOccupation,
  guardianDateOfBirth: ap.guardianDateOfBirth,
};

/**
 * The names an export writes beside each application (school, campus, school year, period, grade, priority, guardian
 * type), read once per export for the caller's scope: a few dozen rows, instead of eight joins and a dozen repeated
 * columns on every one of 100,000 rows.
 */
export async function exportNames(db: Executor, scope: Scope) {
  const [schools, campuses, schoolYears, periods, grades, priorityItems, levels, guardianTypes] = await Promise.all([
    db
      .select({
        id: s.school.id_school,
        name: s.school.name,
        isAgeSchool: s.schoolConfiguration.is_age_school,
        timeZone: s.schoolConfiguration.time_zone,
      })
      .from(s.school)
      .leftJoin(s.schoolConfiguration, eq(s.schoolConfiguration.id_school, s.school.id_school))
      .where(inSchool(scope, s.school.id_school)),
    db
      .select({ id: s.campus.id_campus, name: s.campus.name })
      .from(s.campus)
      .where(inCampus(scope, s.campus.id_school, s.campus.id_campus)),
    db
      .select({
        id: s.schoolYear.id_school_year,
        name: s.schoolYear.name,
        yearOne: s.schoolYear.year_one,
        yearTwo: s.schoolYear.year_two,
      })
      .from(s.schoolYear),
    db
      .select({ id: s.campusYear.id_campus_year, firstDayOfSchool: s.campusYear.first_day_of_school })
      .from(s.campusYear)
      .where(inCampus(scope, s.campusYear.id_school, s.campusYear.id_campus)),
    db.select({ id: s.grade.id_grade, name: s.grade.name, age: s.grade.age }).from(s.grade),
    db.select({ id: s.priorityItem.id_priority_item, name: s.priorityItem.name }).from(s.priorityItem),
    db
      .select({
        id_campus: s.campusPriority.id_campus,
        id_priority_item: s.campusPriority.id_priority_item,
        level: s.campusPriority.priority_level,
      })
      .from(s.campusPriority)
      .innerJoin(s.campus, eq(s.campus.id_campus, s.campusPriority.id_campus))
      .where(inCampus(scope, s.campus.id_school, s.campus.id_campus)),
    db.select({ id: s.guardianType.id, name: s.guardianType.name }).from(s.guardianType),
  ]);
  const byId = <T extends { id: number }>(rows: T[]) => new Map(rows.map((r) => [r.id, r]));
  return {
    schools: byId(schools),
    campuses: byId(campuses),
    schoolYears: byId(schoolYears),
    periods: byId(periods),
    grades: byId(grades),
    priorityItems: byId(priorityItems),
    levels: new Map(levels.map((l) => [`${l.id_campus}:${l.id_priority_item}`, l.level])),
    guardianTypes: byId(guardianTypes),
  };
}
export type ExportNames = Awaited<ReturnType<typeof exportNames>>;

/**
 * One application as every export format reads it: the window's row with its names. Written out field by field: a
 * spread (`{ ...row, schoolName }`) makes objects of this size V8 cannot keep in a fixed shape, 100 times slower to
 * build (2.3 s for 100,000 rows, 23 ms written out).
 */
export function withNames(row: WindowRow, names: ExportNames) {
  const school = names.schools.get(row.id_school);
  const schoolYear = names.schoolYears.get(row.id_school_year);
  const grade = row.id_grade === null ? undefined : names.grades.get(row.id_grade);
  const item = row.id_priority_item === null ? undefined : names.priorityItems.get(row.id_priority_item);
  return {
    id_application: row.id_application,
    correlative: row.correlative,
    createdAt: row.createdAt,
    id_school: row.id_school,
    id_campus: row.id_campus,
    id_school_year: row.id_school_year,
    id_campus_year: row.id_campus_year,
    id_status: row.id_status,
    waiting_list_position: row.waiting_list_position,
    id_grade: row.id_grade,
    id_priority_item: row.id_priority_item,
    id_applicant: row.id_applicant,
    firstName: row.firstName,
    lastName: row.lastName,
    email: row.email,
    phoneNumber: row.phoneNumber,
    dateOfBirth: row.dateOfBirth,
    address: row.address,
    gender: row.gender,
    ethnicity: row.ethnicity,
    actualSchool: row.actualSchool,
    id_guardian_type: row.id_guardian_type,
    guardianName: row.guardianName,
    guardianEmail: row.guardianEmail,
    guardianPhoneNumber: row.guardianPhoneNumber,
    guardianAddress: row.guardianAddress,
    guardianOccupation: row.guardianOccupation,
    guardianDateOfBirth: row.guardianDateOfBirth,
    tags: row.tags,
    schoolName: school?.name ?? '',
    campusName: names.campuses.get(row.id_campus)?.name ?? '',
    gradeName: grade?.name ?? null,
    gradeAge: grade?.age ?? null,
    schoolYearName: schoolYear?.name ?? '',
    yearOne: schoolYear?.yearOne ?? 0,
    yearTwo: schoolYear?.yearTwo ?? 0,
    firstDayOfSchool:
      row.id_campus_year === null ? null : (names.periods.get(row.id_campus_year)?.firstDayOfSchool ?? null),
    priorityItemName: item?.name ?? null,
    priorityLevel: item ? (names.levels.get(`${row.id_campus}:${item.id}`) ?? null) : null,
    guardianTypeName:
      row.id_guardian_type === null ? null : (names.guardianTypes.get(row.id_guardian_type)?.name ?? null),
    isAgeSchool: school?.isAgeSchool ?? null,
    timeZone: school?.timeZone ?? null,
  };
}
export type ExportRow = ReturnType<typeof withNames>;

/** The application's tag names; only the product CSV shows them, so only it pays for them. */
const tagNames = sql<
  string | null
>`(SELECT string_agg(${s.tag.name}, ', ' ORDER BY ${s.tag.name}) FROM ${s.applicationTag} JOIN ${s.tag} ON ${s.tag.id_tag} = ${s.applicationTag.id_tag} WHERE ${s.applicationTag.id_application} = ${a.id_application})`;

/** The highest application id now: the export walks id windows up to it. */
export async function maxApplicationId(db: Executor): Promise<number> {
  const [row] = await db.select({ max: sql<number | null>`max(${a.id_application})` }).from(a);
  return Number(row.max ?? 0);
}

/** A window's application as read: `windowColumns` and its tag names. */
type WindowRow = SelectResultFields<typeof windowColumns> & { tags: string | null };
const windowKeys = [...Object.keys(windowColumns), 'tags'] as const;

/** A row of the window's JSON document (its values in `windowKeys` order) as the row it stands for. */
function rowOfValues(values: unknown[]): WindowRow {
  const row: Record<string, unknown> = {};
  for (let i = 0; i < windowKeys.length; i++) row[windowKeys[i]] = values[i];
  row.createdAt = new Date(row.createdAt as string);
  return row as WindowRow;
}

/**
 * The list's applications with ids in (afterId, toId], in id order. Pages are windows of the primary key, not
 * `ORDER BY ... LIMIT` over the list's conditions: a window reads at most its own rows whatever the planner thinks
 * of the filters, so a 100,000-row export costs the same per page at the end as at the start and never sits in
 * memory. A window comes back as one JSON document of value arrays, not as rows: PGlite decodes rows field by field
 * in JavaScript (2,000 rows of 29 fields), which made the export half as fast; on the PostgreSQL server both cost
 * the same.
 */
export async function exportWindow(
  db: Executor,
  scope: Scope,
  filter: ListFilter,
  window: { afterId: number; toId: number; withTags: boolean },
): Promise<WindowRow[]> {
  const values = sql.join([...Object.values(windowColumns), window.withTags ? tagNames : sql`null`], sql`, `);
  const [document] = await db
    .select({ json: sql<string | null>`json_agg(json_build_array(${values}) ORDER BY ${a.id_application})::text` })
    .from(a)
    .innerJoinLateral(ap, sql`true`)
    .where(
      and(
        listConditions(scope, filter),
        gt(a.id_application, window.afterId),
        lte(a.id_application, window.toId),
      ) as SQL,
    );
  return document?.json ? (JSON.parse(document.json) as unknown[][]).map(rowOfValues) : [];
}
