import { boolean, foreignKey, index, integer, jsonb, pgTable, serial, text, timestamp } from 'drizzle-orm/pg-core';
import { school } from './organization';
import { application } from './applications';
import { user } from './access';
import { notificationSettingsType } from './catalog';

/**
 * What a notification is made of besides its type: rendered in the reader's language when it is read
 * (docs/api-notifications.md). `count` > 1: one row stands for several applications moved together.
 */
export type NotificationParams = {
  count?: number;
  id_status?: number;
  id_status_from?: number;
  form?: string;
};

export const notification = pgTable(
  'notification',
  {
    id_notification: serial('id_notification').primaryKey(),
    id_school: integer('id_school')
      .notNull()
      .references(() => school.id_school),
    id_user: integer('id_user')
      .notNull()
      .references(() => user.id_user, { onDelete: 'cascade' }),
    /** Null for a row that stands for several applications (a bulk move, a lottery). */
    id_application: integer('id_application'),
    /** What happened: a notification_settings_type id (status change, new application, form submission). */
    id_notification_settings_type: integer('id_notification_settings_type').notNull(),
    /** Who caused it; null: the system (a scheduled job, a form delivery) or a deleted user. */
    id_actor: integer('id_actor'),
    params: jsonb('params').$type<NotificationParams>().notNull().default({}),
    /** An English rendering kept for plain readers (exports, the database); the API renders type + params. */
    message: text('message').notNull(),
    read: boolean('read').notNull().default(false),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('notification_user_idx').on(t.id_user, t.read, t.createdAt),
    index('notification_application_idx').on(t.id_application),
    foreignKey({
      name: 'notification_application_fk',
      columns: [t.id_school, t.id_application],
      foreignColumns: [application.id_school, application.id_application],
    }).onDelete('cascade'),
    foreignKey({
      name: 'notification_type_fk',
      columns: [t.id_notification_settings_type],
      foreignColumns: [notificationSettingsType.id],
    }),
    foreignKey({
      name: 'notification_actor_fk',
      columns: [t.id_actor],
      foreignColumns: [user.id_user],
    }).onDelete('set null'),
  ],
);

/**
 * One object per user: notification_settings_type id -> on/off (`{"1": true, "4": false}`). A type that is
 * missing is on: every user is notified of everything until they switch a type off.
 */
export const notificationSettings = pgTable('notification_settings', {
  id_notification_settings: serial('id_notification_settings').primaryKey(),
  id_user: integer('id_user')
    .notNull()
    .unique()
    .references(() => user.id_user, { onDelete: 'cascade' }),
  settings: jsonb('settings').notNull(),
});
