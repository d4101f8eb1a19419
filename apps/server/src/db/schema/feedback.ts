import { sql } from 'drizzle-orm';
import { check, foreignKey, index, integer, pgTable, serial, text, timestamp } from 'drizzle-orm/pg-core';
import { feedbackType, statusFeedback } from './catalog';
import { campus, school } from './organization';
import { user } from './access';

/** Feedback from staff; school and campus are null when a system user writes it. */
export const feedback = pgTable(
  'feedback',
  {
    id_feedback: serial('id_feedback').primaryKey(),
    id_school: integer('id_school').references(() => school.id_school),
    id_campus: integer('id_campus'),
    id_user: integer('id_user').references(() => user.id_user, { onDelete: 'set null' }),
    id_feedback_type: integer('id_feedback_type')
      .notNull()
      .references(() => feedbackType.id),
    id_status_feedback: integer('id_status_feedback')
      .notNull()
      .default(1)
      .references(() => statusFeedback.id),
    title: text('title').notNull(),
    url: text('url'),
    description: text('description').notNull(),
    /** Stored paths, served only through an authorised route. */
    screen_shot: text('screen_shot'),
    file: text('file'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('feedback_school_idx').on(t.id_school, t.id_campus, t.createdAt),
    index('feedback_user_idx').on(t.id_user),
    foreignKey({
      name: 'feedback_campus_fk',
      columns: [t.id_school, t.id_campus],
      foreignColumns: [campus.id_school, campus.id_campus],
    }),
    check('feedback_campus_has_school', sql`${t.id_campus} IS NULL OR ${t.id_school} IS NOT NULL`),
  ],
);
