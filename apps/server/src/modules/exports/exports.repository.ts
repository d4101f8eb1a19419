import { and, eq, gt, lte, sql, type SQL } from 'drizzle-orm';
import type { SelectResultFields } from 'drizzle-orm/query-builders/select.types';
import { QueryBuilder } from 'drizzle-orm/pg-core';
import type { Executor } from '../../db/client';
import * as s from '../../db/schema/index';
import { inCampus, inSchool, type Scope } from '../../lib/scope';
import { listConditions, type ListFilter } from '../../db/application-filters';
import { parseRecords } from '../../db/record-text';

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
  addressStreet: ap.addressStreet,
  addressCity: ap.addressCity,
  addressState: ap.addressState,
  addressZip: ap.addressZip,
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
      .select({ id: s.campus.id_campus, name: s.campus.name, sisSchoolNumber: s.campus.sisSchoolNumber })
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

/** The application's tag names; only the product CSV shows them, so only it pays for them. */
const tagNames = sql<
  string | null
>`(SELECT string_agg(${s.tag.name}, ', ' ORDER BY ${s.tag.name}) FROM ${s.applicationTag} JOIN ${s.tag} ON ${s.tag.id_tag} = ${s.applicationTag.id_tag} WHERE ${s.applicationTag.id_application} = ${a.id_application})`;

/**
 * The application's approved registration answers that staff tagged with an SIS field, as JSON text
 * `{sis key: answer}` (docs/registration.md, "Hand-off to the SIS"). An answer is read with the fields of the item
 * version it was given on; only approved responses count. Two approved answers for one key: the later review wins.
 */
const registrationValues = sql<
  string | null
>`(SELECT jsonb_object_agg(f->>'sis', r.answers -> (f->>'key') ORDER BY r.reviewed_at)::text
  FROM ${s.registrationResponse} r
  JOIN ${s.registrationItem} i ON i.id_registration_item = r.id_registration_item AND i.kind = 'form'
  CROSS JOIN LATERAL jsonb_array_elements(i.settings->'fields') f
  WHERE r.id_application = ${a.id_application} AND r.state = 'approved' AND f ? 'sis' AND r.answers ? (f->>'key'))`;

/** An extra condition on the exported applications (the SIS hand-off's batch). */
export type WindowCondition = SQL;

/** The highest application id now: the export walks id windows up to it. */
export async function maxApplicationId(db: Executor): Promise<number> {
  const [row] = await db.select({ max: sql<number | null>`max(${a.id_application})` }).from(a);
  return Number(row.max ?? 0);
}

/** A window's application as read: `windowColumns` and its tag names (the moment of creation in epoch milliseconds). */
type WindowRow = Omit<SelectResultFields<typeof windowColumns>, 'createdAt'> & {
  createdAt: number;
  tags: string | null;
  registration: string | null;
};
type WindowKey = keyof WindowRow;
/** One application of a window: its values in `windowKeys` order. */
export type WindowValues = unknown[];
const windowKeys = [...Object.keys(windowColumns), 'tags', 'registration'] as WindowKey[];
const INDEX = Object.fromEntries(windowKeys.map((key, i) => [key, i])) as Record<WindowKey, number>;
/** A value of a window's row, by its name. */
export const field = <K extends WindowKey>(values: WindowValues, key: K) => values[INDEX[key]] as WindowRow[K];
/** The integer columns, read back as numbers (the moment of creation is one: epoch milliseconds). */
const NUMERIC = windowKeys.map(
  (key) =>
    key === 'createdAt' || (key !== 'tags' && key !== 'registration' && windowColumns[key].dataType === 'number'),
);

/**
 * A window's values in `windowKeys` order. The moment is sent as whole epoch milliseconds, which is what a Date holds,
 * and a date as YYYY-MM-DD: the text of a timestamptz or a date would depend on the session's DateStyle and TimeZone.
 */
function windowValues(withTags: boolean, withRegistration: boolean) {
  const values: SQL[] = Object.values(windowColumns).map((column) => {
    if (column === a.createdAt) return sql`floor(extract(epoch from ${column}) * 1000)::bigint`;
    return column.columnType === 'PgDateString' ? sql`to_char(${column}, 'YYYY-MM-DD')` : sql`${column}`;
  });
  return sql.join(
    [...values, withTags ? tagNames : sql`null`, withRegistration ? registrationValues : sql`null`],
    sql`, `,
  );
}

/**
 * The list's applications with ids in (afterId, toId], in id order. Pages are windows of the primary key, not
 * `ORDER BY ... LIMIT` over the list's conditions: a window reads at most its own rows whatever the planner thinks
 * of the filters, so a 100,000-row export costs the same per page at the end as at the start and never sits in
 * memory. A window comes back as one text of its rows, not as rows: PGlite decodes rows field by field in JavaScript
 * (2,000 rows of 33 fields), which made the export half as fast. The text is each row's own text form
 * (`db/record-text.ts`), not JSON: it costs the database a third less than `json_build_array` of the same values.
 */
export async function exportWindow(
  db: Executor,
  scope: Scope,
  filter: ListFilter,
  window: { afterId: number; toId: number; withTags: boolean; withRegistration?: boolean; only?: SQL },
): Promise<WindowValues[]> {
  const [document] = await db
    .select({
      rows: sql<
        string | null
      >`string_agg(row(${windowValues(window.withTags, window.withRegistration ?? false)})::text, E'\\n' ORDER BY ${a.id_application})`,
    })
    .from(a)
    .innerJoinLateral(ap, sql`true`)
    .where(
      and(
        listConditions(scope, filter),
        gt(a.id_application, window.afterId),
        lte(a.id_application, window.toId),
        window.only,
      ) as SQL,
    );
  return document?.rows ? parseRecords(document.rows, windowKeys.length, NUMERIC) : [];
}
