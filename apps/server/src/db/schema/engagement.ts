import { boolean, index, integer, jsonb, pgTable, serial, text, timestamp, unique } from 'drizzle-orm/pg-core';
import { adsConversionEventType, dashboardItem, feedbackType, formType, status, statusFeedback } from './catalog';
import { campus, school } from './organization';
import { campusYear } from './enrollment';
import { application } from './applications';
import { user } from './access';

/** A form (Typeform or Google Forms) that moves an application from one status to another when filled. */
export const campusForm = pgTable(
  'campus_form',
  {
    id_campus_form: serial('id_campus_form').primaryKey(),
    id_school: integer('id_school').notNull().references(() => school.id_school),
    id_campus: integer('id_campus').notNull().references(() => campus.id_campus, { onDelete: 'cascade' }),
    id_campus_year: integer('id_campus_year').references(() => campusYear.id_campus_year, { onDelete: 'cascade' }),
    id_status_from: integer('id_status_from').references(() => status.id_status),
    id_status_to: integer('id_status_to').references(() => status.id_status),
    form_name: text('form_name').notNull(),
    form_id: text('form_id').notNull(),
    form_url: text('form_url'),
    is_application_form: boolean('is_application_form').notNull().default(false),
    id_form_type: integer('id_form_type').notNull().references(() => formType.id),
  },
  (t) => [index('campus_form_campus_idx').on(t.id_campus)],
);

/** Raw deliveries from form providers; the delivery id makes a redelivered webhook a no-op. */
export const formSubmission = pgTable(
  'form_submission',
  {
    id_form_submission: serial('id_form_submission').primaryKey(),
    id_school: integer('id_school').notNull().references(() => school.id_school),
    id_campus: integer('id_campus').notNull().references(() => campus.id_campus),
    id_form_type: integer('id_form_type').notNull().references(() => formType.id),
    deliveryId: text('delivery_id').notNull(),
    id_application: integer('id_application').references(() => application.id_application, { onDelete: 'set null' }),
    payload: jsonb('payload').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [unique('form_submission_delivery').on(t.id_campus, t.id_form_type, t.deliveryId)],
);

export const feedback = pgTable(
  'feedback',
  {
    id_feedback: serial('id_feedback').primaryKey(),
    id_school: integer('id_school').references(() => school.id_school),
    id_campus: integer('id_campus').references(() => campus.id_campus),
    id_user: integer('id_user').references(() => user.id_user),
    id_feedback_type: integer('id_feedback_type').notNull().references(() => feedbackType.id),
    id_status_feedback: integer('id_status_feedback').notNull().default(1).references(() => statusFeedback.id),
    title: text('title').notNull(),
    url: text('url'),
    description: text('description').notNull(),
    screen_shot: text('screen_shot'),
    file: text('file'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('feedback_school_idx').on(t.id_school, t.createdAt)],
);

export const adsConversionEvent = pgTable(
  'ads_conversion_event',
  {
    id_ads_conversion_event: serial('id_ads_conversion_event').primaryKey(),
    id_school: integer('id_school').notNull().references(() => school.id_school),
    id_application: integer('id_application').notNull().references(() => application.id_application, { onDelete: 'cascade' }),
    id_ads_conversion_event_type: integer('id_ads_conversion_event_type').notNull().references(() => adsConversionEventType.id),
    campaign_id: text('campaign_id'),
    ad_id: text('ad_id'),
    id_status: integer('id_status').references(() => status.id_status),
    sentAt: timestamp('sent_at', { withTimezone: true }),
    error: text('error'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('ads_event_school_idx').on(t.id_school, t.createdAt)],
);

export const userDashboardItem = pgTable(
  'user_dashboard_item',
  {
    id_user_dashboard_item: serial('id_user_dashboard_item').primaryKey(),
    id_user: integer('id_user').notNull().references(() => user.id_user, { onDelete: 'cascade' }),
    id_dashboard_item: integer('id_dashboard_item').notNull().references(() => dashboardItem.id),
    isActive: boolean('is_active').notNull().default(true),
    position: integer('position').notNull().default(0),
  },
  (t) => [unique('user_dashboard_item_pair').on(t.id_user, t.id_dashboard_item)],
);

/** Saved filters of a user for a list (application, denied, declined, historical). */
export const userFilter = pgTable(
  'user_filter',
  {
    id_user_filter: serial('id_user_filter').primaryKey(),
    id_user: integer('id_user').notNull().references(() => user.id_user, { onDelete: 'cascade' }),
    listType: integer('list_type').notNull(),
    filter: jsonb('filter').notNull(),
  },
  (t) => [unique('user_filter_list').on(t.id_user, t.listType)],
);

export const notification = pgTable(
  'notification',
  {
    id_notification: serial('id_notification').primaryKey(),
    id_school: integer('id_school').notNull().references(() => school.id_school),
    id_user: integer('id_user').notNull().references(() => user.id_user, { onDelete: 'cascade' }),
    id_application: integer('id_application').references(() => application.id_application, { onDelete: 'cascade' }),
    message: text('message').notNull(),
    read: boolean('read').notNull().default(false),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('notification_user_idx').on(t.id_user, t.read, t.createdAt)],
);

export const notificationSettings = pgTable('notification_settings', {
  id_notification_settings: serial('id_notification_settings').primaryKey(),
  id_user: integer('id_user').notNull().unique().references(() => user.id_user, { onDelete: 'cascade' }),
  settings: jsonb('settings').notNull(),
});
