import { asc, eq, sql } from 'drizzle-orm';
import { DEFAULT_TIME_ZONE } from '@openseat/shared/enrollment-rules';
import type { CatalogPath } from '@openseat/shared/schemas/catalog';
import type { Executor } from '../../db/client';
import * as s from '../../db/schema/index';
import { inCampus, inSchool, type Scope } from '../../lib/scope';

type SimpleCatalog = typeof s.emailType;
const simple = (table: SimpleCatalog, idName: string) => (db: Executor) =>
  db
    .select({ [idName]: table.id, name: table.name })
    .from(table)
    .orderBy(asc(table.id));

/**
 * Reference data shared by every school (no tenant owns a row), so these reads take no scope. Each names the
 * columns it reads: a column added later is not sent until a schema names it.
 */
const CATALOG_QUERIES: Record<CatalogPath, (db: Executor) => Promise<Array<Record<string, unknown>>>> = {
  'context-type': (db) =>
    db
      .select({ id_context_type: s.contextType.id_context_type, name: s.contextType.name })
      .from(s.contextType)
      .orderBy(asc(s.contextType.id_context_type)),
  'school-year': (db) =>
    db
      .select({
        id_school_year: s.schoolYear.id_school_year,
        name: s.schoolYear.name,
        year_one: s.schoolYear.year_one,
        year_two: s.schoolYear.year_two,
      })
      .from(s.schoolYear)
      .orderBy(asc(s.schoolYear.year_one)),
  status: (db) =>
    db
      .select({ id_status: s.status.id_status, name: s.status.name, label: s.status.label })
      .from(s.status)
      .orderBy(asc(s.status.id_status)),
  grade: (db) =>
    db
      .select({ id_grade: s.grade.id_grade, name: s.grade.name, position: s.grade.position, age: s.grade.age })
      .from(s.grade)
      .orderBy(asc(s.grade.position)),
  'field-option': (db) =>
    db
      .select({
        id_field_option: s.fieldOption.id_field_option,
        name: s.fieldOption.name,
        label: s.fieldOption.label,
      })
      .from(s.fieldOption)
      .orderBy(asc(s.fieldOption.id_field_option)),
  'priority-item': (db) =>
    db
      .select({ id_priority_item: s.priorityItem.id_priority_item, name: s.priorityItem.name })
      .from(s.priorityItem)
      .orderBy(asc(s.priorityItem.id_priority_item)),
  'email-type': simple(s.emailType, 'id_email_type'),
  'form-type': simple(s.formType, 'id_form_type'),
  'guardian-type': simple(s.guardianType, 'id_guardian_type'),
  'feedback-type': simple(s.feedbackType, 'id_feedback_type'),
  'status-feedback': simple(s.statusFeedback, 'id_status_feedback'),
  'text-message-type': simple(s.textMessageType, 'id_text_message_type'),
  'enrollment-sis': simple(s.enrollmentSis, 'id_enrollment_sis'),
  'notification-settings-type': simple(s.notificationSettingsType, 'id_notification_settings_type'),
};

export const listCatalog = (db: Executor, path: CatalogPath) => CATALOG_QUERIES[path](db);

/** The schools the scope may see, by name. */
export const listSchools = (db: Executor, scope: Scope) =>
  db
    .select({ id_school: s.school.id_school, name: s.school.name })
    .from(s.school)
    .where(inSchool(scope, s.school.id_school))
    .orderBy(asc(s.school.name));

/** The campuses the scope may see, with their school, by school and campus name. */
export const listCampuses = (db: Executor, scope: Scope) =>
  db
    .select({
      id_campus: s.campus.id_campus,
      name: s.campus.name,
      id_school: s.campus.id_school,
      schoolName: s.school.name,
      // the campus's own zone, else its school's: what its dates and times are read in
      timeZone: sql<string>`coalesce(${s.campusConfiguration.time_zone}, ${s.schoolConfiguration.time_zone}, ${DEFAULT_TIME_ZONE})`,
    })
    .from(s.campus)
    .innerJoin(s.school, eq(s.school.id_school, s.campus.id_school))
    .leftJoin(s.campusConfiguration, eq(s.campusConfiguration.id_campus, s.campus.id_campus))
    .leftJoin(s.schoolConfiguration, eq(s.schoolConfiguration.id_school, s.campus.id_school))
    .where(inCampus(scope, s.campus.id_school, s.campus.id_campus))
    .orderBy(asc(s.school.name), asc(s.campus.name));
