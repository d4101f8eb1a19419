import { sql } from 'drizzle-orm';
import { check, index, integer, pgTable, serial, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { school } from './organization';
import { user } from './access';

/**
 * One run of a school's retention policy (docs/privacy.md, "Retention"): the daily schedule's or an administrator's
 * "run now". `total` and the preview's figures are taken when the run starts; `applications`, `files`, `messages` and
 * `accessRows` are what it anonymised or removed, counted as it goes.
 */
export const retentionRun = pgTable(
  'retention_run',
  {
    id_retention_run: serial('id_retention_run').primaryKey(),
    id_school: integer('id_school')
      .notNull()
      .references(() => school.id_school),
    /** Who asked for it; null for the daily schedule (or a deleted user). */
    id_user: integer('id_user').references(() => user.id_user, { onDelete: 'set null' }),
    trigger: text('trigger').notNull(),
    /** The policy the run applied (school years kept after a period's own). */
    retentionYears: integer('retention_years').notNull(),
    status: text('status').notNull().default('pending'),
    /** Applications due when the run started. */
    total: integer('total').notNull().default(0),
    applications: integer('applications').notNull().default(0),
    files: integer('files').notNull().default(0),
    messages: integer('messages').notNull().default(0),
    accessRows: integer('access_rows').notNull().default(0),
    error: text('error'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    startedAt: timestamp('started_at', { withTimezone: true }),
    finishedAt: timestamp('finished_at', { withTimezone: true }),
  },
  (t) => [
    index('retention_run_school_idx').on(t.id_school, t.createdAt),
    // one run under way per school: a second "run now" (or the schedule meanwhile) is refused by the database too
    uniqueIndex('retention_run_one_active')
      .on(t.id_school)
      .where(sql`${t.status} IN ('pending', 'working')`),
    check('retention_run_trigger', sql`${t.trigger} IN ('schedule', 'manual')`),
    check('retention_run_status', sql`${t.status} IN ('pending', 'working', 'done', 'failed')`),
  ],
);
