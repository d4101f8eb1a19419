import { and, asc, eq, gt, lte, sql, type SQL } from 'drizzle-orm';
import { QueryBuilder } from 'drizzle-orm/pg-core';
import type { Executor } from '../../db/client';
import * as s from '../../db/schema/index';
import type { Scope } from '../../lib/scope';
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

/** Everything any export format writes about one application. */
const exportColumns = {
  id_application: a.id_application,
  correlative: a.correlative,
  createdAt: a.createdAt,
  id_school: a.id_school,
  schoolName: s.school.name,
  id_campus: a.id_campus,
  campusName: s.campus.name,
  id_status: a.id_status,
  waiting_list_position: a.waiting_list_position,
  id_grade: a.id_grade,
  gradeName: s.grade.name,
  gradeAge: s.grade.age,
  schoolYearName: s.schoolYear.name,
  yearOne: s.schoolYear.year_one,
  yearTwo: s.schoolYear.year_two,
  firstDayOfSchool: s.campusYear.first_day_of_school,
  priorityItemName: s.priorityItem.name,
  priorityLevel: s.campusPriority.priority_level,
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
  guardianTypeName: s.guardianType.name,
  guardianName: ap.guardianName,
  guardianEmail: ap.guardianEmail,
  guardianPhoneNumber: ap.guardianPhoneNumber,
  guardianAddress: ap.guardianAddress,
  guardianOccupation: ap.guardianOccupation,
  guardianDateOfBirth: ap.guardianDateOfBirth,
  isAgeSchool: s.schoolConfiguration.is_age_school,
  timeZone: s.schoolConfiguration.time_zone,
};

/** The application's tag names; only the product CSV shows them, so only it pays for them. */
const tagNames = sql<
  string | null
>`(SELECT string_agg(${s.tag.name}, ', ' ORDER BY ${s.tag.name}) FROM ${s.applicationTag} JOIN ${s.tag} ON ${s.tag.id_tag} = ${s.applicationTag.id_tag} WHERE ${s.applicationTag.id_application} = ${a.id_application})`;

/** The highest application id now: the export walks id windows up to it. */
export async function maxApplicationId(db: Executor): Promise<number> {
  const [row] = await db.select({ max: sql<number | null>`max(${a.id_application})` }).from(a);
  return Number(row.max ?? 0);
}

/**
 * The list's applications with ids in (afterId, toId], in id order. Pages are windows of the primary key, not
 * `ORDER BY ... LIMIT` over the list's conditions: a window reads at most its own rows whatever the planner thinks
 * of the filters, so a 100,000-row export costs the same per page at the end as at the start and never sits in
 * memory.
 */
export async function exportWindow(
  db: Executor,
  scope: Scope,
  filter: ListFilter,
  window: { afterId: number; toId: number; withTags: boolean },
) {
  return db
    .select({ ...exportColumns, tags: window.withTags ? tagNames : sql<string | null>`null` })
    .from(a)
    .innerJoinLateral(ap, sql`true`)
    .innerJoin(s.campus, eq(s.campus.id_campus, a.id_campus))
    .innerJoin(s.school, eq(s.school.id_school, a.id_school))
    .innerJoin(s.schoolYear, eq(s.schoolYear.id_school_year, a.id_school_year))
    .leftJoin(s.schoolConfiguration, eq(s.schoolConfiguration.id_school, a.id_school))
    .leftJoin(s.campusYear, eq(s.campusYear.id_campus_year, a.id_campus_year))
    .leftJoin(s.grade, eq(s.grade.id_grade, a.id_grade))
    .leftJoin(s.priorityItem, eq(s.priorityItem.id_priority_item, a.id_priority_item))
    .leftJoin(
      s.campusPriority,
      and(eq(s.campusPriority.id_campus, a.id_campus), eq(s.campusPriority.id_priority_item, a.id_priority_item)),
    )
    .leftJoin(s.guardianType, eq(s.guardianType.id, ap.id_guardian_type))
    .where(
      and(
        listConditions(scope, filter),
        gt(a.id_application, window.afterId),
        lte(a.id_application, window.toId),
      ) as SQL,
    )
    .orderBy(asc(a.id_application));
}
export type ExportRow = Awaited<ReturnType<typeof exportWindow>>[number];
