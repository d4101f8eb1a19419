import { and, asc, eq, gt, sql, type SQL } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import * as s from '../../db/schema/index';
import type { Scope } from '../../lib/scope';
import { listConditions, type ListFilter } from '../applications/applications.repository';

const a = s.application;
const ap = s.applicant;

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
  tags: sql<
    string | null
  >`(SELECT string_agg(${s.tag.name}, ', ' ORDER BY ${s.tag.name}) FROM ${s.applicationTag} JOIN ${s.tag} ON ${s.tag.id_tag} = ${s.applicationTag.id_tag} WHERE ${s.applicationTag.id_application} = ${a.id_application})`,
};
/**
 * One page of the list's applications after `afterId`, in id order: pages are read by key (no OFFSET), so a
 * 100,000-row export costs the same per page at the end as at the start and never sits in memory.
 */
export async function exportPage(db: Executor, scope: Scope, filter: ListFilter, afterId: number, size: number) {
  const where = and(listConditions(scope, filter), gt(a.id_application, afterId)) as SQL;
  return db
    .select(exportColumns)
    .from(a)
    .innerJoin(ap, eq(ap.id_applicant, a.id_applicant))
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
    .where(where)
    .orderBy(asc(a.id_application))
    .limit(size);
}
export type ExportRow = Awaited<ReturnType<typeof exportPage>>[number];
