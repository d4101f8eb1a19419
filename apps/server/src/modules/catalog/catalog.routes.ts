import type { FastifyInstance } from 'fastify';
import { asc, eq } from 'drizzle-orm';
import type { PgColumn, PgTable } from 'drizzle-orm/pg-core';
import type { AppDeps } from '../../app';
import * as s from '../../db/schema/index';
import { inCampus, inSchool } from '../../lib/scope';
import { principalOf } from '../../plugins/authenticate';

type Catalog = { path: string; table: PgTable; order: PgColumn; rename?: string };

const simple = (path: string, table: PgTable & { id: PgColumn }, idName: string): Catalog => ({ path, table, order: table.id, rename: idName });

/** The read-only catalogs of spec section 7, with the spec's id names. */
const CATALOGS: Catalog[] = [
  { path: 'context-type', table: s.contextType, order: s.contextType.id_context_type },
  { path: 'school-year', table: s.schoolYear, order: s.schoolYear.year_one },
  { path: 'status', table: s.status, order: s.status.id_status },
  { path: 'grade', table: s.grade, order: s.grade.position },
  { path: 'field-option', table: s.fieldOption, order: s.fieldOption.id_field_option },
  { path: 'priority-item', table: s.priorityItem, order: s.priorityItem.id_priority_item },
  simple('email-type', s.emailType, 'id_email_type'),
  simple('form-type', s.formType, 'id_form_type'),
  simple('guardian-type', s.guardianType, 'id_guardian_type'),
  simple('feedback-type', s.feedbackType, 'id_feedback_type'),
  simple('status-feedback', s.statusFeedback, 'id_status_feedback'),
  simple('text-message-type', s.textMessageType, 'id_text_message_type'),
  simple('enrollment-sis', s.enrollmentSis, 'id_enrollment_sis'),
  simple('notification-settings-type', s.notificationSettingsType, 'id_notification_settings_type'),
];

export async function catalogRoutes(app: FastifyInstance, deps: AppDeps) {
  for (const catalog of CATALOGS) {
    app.get(`/catalog/${catalog.path}`, { config: { signedIn: true }, schema: { tags: ['catalog'] } }, async () => {
      const rows = (await deps.db.select().from(catalog.table).orderBy(asc(catalog.order))) as Array<Record<string, unknown>>;
      if (!catalog.rename) return rows;
      return rows.map(({ id, ...rest }) => ({ [catalog.rename!]: id, ...rest }));
    });
  }
}

/** Scoped look-ups for pickers: the schools and campuses the caller may see. */
export async function scopedLookupRoutes(app: FastifyInstance, deps: AppDeps) {
  app.get('/catalog/schools', { config: { signedIn: true }, schema: { tags: ['catalog'] } }, (req) =>
    deps.db.select({ id_school: s.school.id_school, name: s.school.name }).from(s.school).where(inSchool(principalOf(req).scope, s.school.id_school)).orderBy(asc(s.school.name)),
  );
  app.get('/catalog/campuses', { config: { signedIn: true }, schema: { tags: ['catalog'] } }, (req) =>
    deps.db
      .select({ id_campus: s.campus.id_campus, name: s.campus.name, id_school: s.campus.id_school, schoolName: s.school.name })
      .from(s.campus)
      .innerJoin(s.school, eq(s.school.id_school, s.campus.id_school))
      .where(inCampus(principalOf(req).scope, s.campus.id_school, s.campus.id_campus))
      .orderBy(asc(s.school.name), asc(s.campus.name)),
  );
}
