import { boolean, foreignKey, index, integer, jsonb, pgTable, serial, text, timestamp } from 'drizzle-orm/pg-core';
import { school } from './organization';
import { application } from './applications';
import { user } from './access';

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
    id_application: integer('id_application'),
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
  ],
);

/** One object per user: which notification types (notification_settings_type ids) are on. */
export const notificationSettings = pgTable('notification_settings', {
  id_notification_settings: serial('id_notification_settings').primaryKey(),
  id_user: integer('id_user')
    .notNull()
    .unique()
    .references(() => user.id_user, { onDelete: 'cascade' }),
  settings: jsonb('settings').notNull(),
});
