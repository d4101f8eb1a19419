import { sql } from 'drizzle-orm';
import { check, index, integer, jsonb, pgTable, serial, text, timestamp } from 'drizzle-orm/pg-core';
import { schoolYear } from './catalog';
import { school } from './organization';
import { user } from './access';

/**
 * A copy of applications to another school year, run by the `application-copy.run` job: the request's choice
 * (ids, target), where the job stands (`copied` of `total`), and who asked (mailed when it is done).
 */
export const applicationCopy = pgTable(
  'application_copy',
  {
    id_application_copy: serial('id_application_copy').primaryKey(),
    id_school: integer('id_school')
      .notNull()
      .references(() => school.id_school),
    id_user: integer('id_user').references(() => user.id_user, { onDelete: 'set null' }),
    /** The target school year. */
    id_school_year: integer('id_school_year')
      .notNull()
      .references(() => schoolYear.id_school_year),
    /** The applications to copy (ids checked against the requester's scope when the copy was asked for). */
    applicationIds: jsonb('application_ids').$type<number[]>().notNull(),
    /** The requester's language: the mail that says it is done is written in it. */
    lng: text('lng').notNull().default('en'),
    status: text('status').notNull().default('pending'),
    total: integer('total').notNull(),
    /** Applications handled so far (copied, or found already copied). */
    processed: integer('processed').notNull().default(0),
    /** New applications created. */
    copied: integer('copied').notNull().default(0),
    error: text('error'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    finishedAt: timestamp('finished_at', { withTimezone: true }),
  },
  (t) => [
    index('application_copy_school_idx').on(t.id_school, t.createdAt),
    check('application_copy_status', sql`${t.status} IN ('pending', 'working', 'done', 'failed')`),
    check('application_copy_progress', sql`${t.processed} >= 0 AND ${t.processed} <= ${t.total}`),
  ],
);
