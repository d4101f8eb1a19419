import { boolean, integer, pgTable, serial, text, unique } from 'drizzle-orm/pg-core';

/** Reference catalogs of spec section 3. Rows with fixed ids are written by `reference-data.ts`. */

export const contextType = pgTable('context_type', {
  id_context_type: integer('id_context_type').primaryKey(),
  name: text('name').notNull(),
});

export const schoolYear = pgTable('school_year', {
  id_school_year: serial('id_school_year').primaryKey(),
  name: text('name').notNull().unique(),
  year_one: integer('year_one').notNull(),
  year_two: integer('year_two').notNull(),
});

export const status = pgTable('status', {
  id_status: integer('id_status').primaryKey(),
  name: text('name').notNull().unique(),
  label: text('label').notNull(),
});

export const statusMovementType = pgTable('status_movement_type', {
  id_status_movement_type: integer('id_status_movement_type').primaryKey(),
  name: text('name').notNull(),
});

export const grade = pgTable('grade', {
  id_grade: integer('id_grade').primaryKey(),
  name: text('name').notNull(),
  /** Order on screens: PK first, 12 last. */
  position: integer('position').notNull(),
  /** Typical age at the start of the year, shown instead of the grade for age-based schools. */
  age: integer('age').notNull(),
});

export const fieldOption = pgTable('field_option', {
  id_field_option: integer('id_field_option').primaryKey(),
  name: text('name').notNull(),
  label: text('label').notNull(),
});

export const priorityItem = pgTable('priority_item', {
  id_priority_item: integer('id_priority_item').primaryKey(),
  name: text('name').notNull().unique(),
});

const simpleCatalog = (table: string, idColumn: string) =>
  pgTable(table, {
    id: integer(idColumn).primaryKey(),
    name: text('name').notNull(),
  });

export const emailType = simpleCatalog('email_type', 'id_email_type');
export const formType = simpleCatalog('form_type', 'id_form_type');
export const guardianType = simpleCatalog('guardian_type', 'id_guardian_type');
export const feedbackType = simpleCatalog('feedback_type', 'id_feedback_type');
export const statusFeedback = simpleCatalog('status_feedback', 'id_status_feedback');
export const textMessageType = simpleCatalog('text_message_type', 'id_text_message_type');
export const enrollmentSis = simpleCatalog('enrollment_sis', 'id_enrollment_sis');
export const notificationSettingsType = simpleCatalog('notification_settings_type', 'id_notification_settings_type');
export const dashboardItem = simpleCatalog('dashboard_item', 'id_dashboard_item');
export const adsConversionEventType = simpleCatalog('ads_conversion_event_type', 'id_ads_conversion_event_type');

export const subject = pgTable('subject', {
  id_subject: integer('id_subject').primaryKey(),
  name: text('name').notNull().unique(),
});

export const action = pgTable('action', {
  id_action: integer('id_action').primaryKey(),
  name: text('name').notNull().unique(),
});

export const role = pgTable(
  'role',
  {
    id_role: serial('id_role').primaryKey(),
    id_context_type: integer('id_context_type')
      .notNull()
      .references(() => contextType.id_context_type),
    name: text('name').notNull(),
    type: text('type').notNull().default('custom'),
    description: text('description'),
    isActive: boolean('is_active').notNull().default(true),
  },
  (t) => [unique('role_name_unique').on(t.name)],
);

export const permission = pgTable(
  'permission',
  {
    id_permission: serial('id_permission').primaryKey(),
    id_role: integer('id_role')
      .notNull()
      .references(() => role.id_role, { onDelete: 'cascade' }),
    id_subject: integer('id_subject')
      .notNull()
      .references(() => subject.id_subject),
    id_action: integer('id_action')
      .notNull()
      .references(() => action.id_action),
    isActive: boolean('is_active').notNull().default(true),
  },
  (t) => [unique('permission_role_subject_action').on(t.id_role, t.id_subject, t.id_action)],
);
