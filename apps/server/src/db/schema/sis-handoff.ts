import { sql } from 'drizzle-orm';
import {
  check,
  foreignKey,
  index,
  integer,
  pgTable,
  primaryKey,
  serial,
  text,
  timestamp,
  unique,
} from 'drizzle-orm/pg-core';
import { application } from './applications';
import { campusYear } from './enrollment';
import { school } from './organization';

/*
 * The hand-off to the student information system (issue 25; docs/registration.md, "Hand-off to the SIS"). Each
 * export staff make of a period's students is a batch: when, by whom, which format, and which applications it
 * carried. An application's "sent to SIS" mark is its latest batch; downloading a batch again writes the same students.
 */

export const SIS_HANDOFF_FORMATS = ['powerschool', 'schoolmint', 'aspire', 'oneroster'] as const;

export const sisHandoff = pgTable(
  'sis_handoff',
  {
    id_sis_handoff: serial('id_sis_handoff').primaryKey(),
    id_school: integer('id_school')
      .notNull()
      .references(() => school.id_school),
    id_campus: integer('id_campus').notNull(),
    id_campus_year: integer('id_campus_year').notNull(),
    format: text('format').notNull(),
    /** `unsent`: only students no batch had carried; `all`: every student of the period again. */
    include: text('include').notNull(),
    id_user: integer('id_user').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    count: integer('count').notNull(),
  },
  (t) => [
    check('sis_handoff_format', sql`${t.format} IN ('powerschool', 'schoolmint', 'aspire', 'oneroster')`),
    check('sis_handoff_include', sql`${t.include} IN ('unsent', 'all')`),
    foreignKey({
      name: 'sis_handoff_period_fk',
      columns: [t.id_school, t.id_campus_year],
      foreignColumns: [campusYear.id_school, campusYear.id_campus_year],
    }).onDelete('cascade'),
    index('sis_handoff_period_idx').on(t.id_campus_year, t.createdAt),
    unique('sis_handoff_school_id').on(t.id_school, t.id_sis_handoff),
  ],
);

/** The applications a batch carried. */
export const sisHandoffApplication = pgTable(
  'sis_handoff_application',
  {
    id_sis_handoff: integer('id_sis_handoff').notNull(),
    id_school: integer('id_school').notNull(),
    id_application: integer('id_application').notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.id_sis_handoff, t.id_application] }),
    foreignKey({
      name: 'sis_handoff_application_batch_fk',
      columns: [t.id_school, t.id_sis_handoff],
      foreignColumns: [sisHandoff.id_school, sisHandoff.id_sis_handoff],
    }).onDelete('cascade'),
    foreignKey({
      name: 'sis_handoff_application_fk',
      columns: [t.id_school, t.id_application],
      foreignColumns: [application.id_school, application.id_application],
    }).onDelete('cascade'),
    index('sis_handoff_application_idx').on(t.id_application),
  ],
);
