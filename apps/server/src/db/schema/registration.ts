import { sql } from 'drizzle-orm';
import {
  boolean,
  check,
  foreignKey,
  index,
  integer,
  jsonb,
  pgTable,
  serial,
  text,
  timestamp,
  unique,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { application } from './applications';
import { campusYear } from './enrollment';
import { school } from './organization';

/*
 * Registration after the offer (issue 25; docs/registration.md). A campus's school period has a checklist of items a
 * family completes once it accepted a seat. An item is never changed in place nor deleted: an edit retires it and
 * adds its new version, so what a family completed or signed stays bound to the words they saw.
 */

export const registrationItem = pgTable(
  'registration_item',
  {
    id_registration_item: serial('id_registration_item').primaryKey(),
    id_school: integer('id_school')
      .notNull()
      .references(() => school.id_school),
    id_campus_year: integer('id_campus_year').notNull(),
    position: integer('position').notNull(),
    kind: text('kind').notNull(),
    required: boolean('required').notNull(),
    /** `{en, es, vi?, zh?, ht?, ar?}`. */
    labels: jsonb('labels').$type<Record<string, string | null | undefined>>().notNull(),
    help: jsonb('help').$type<Record<string, string | null | undefined>>(),
    /** What the kind needs: a document's types and size, a form's fields, an agreement's text and signers. */
    settings: jsonb('settings').$type<Record<string, unknown>>().notNull(),
    /** SHA-256 of kind, required, words and settings: a signature or an answer names the version it was given on. */
    version: text('version').notNull(),
    /** The item this one is the new version of, when staff edited it. */
    replaces: integer('replaces'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    retiredAt: timestamp('retired_at', { withTimezone: true }),
  },
  (t) => [
    check('registration_item_kind', sql`${t.kind} IN ('document', 'form', 'agreement', 'deposit')`),
    foreignKey({
      name: 'registration_item_period_fk',
      columns: [t.id_school, t.id_campus_year],
      foreignColumns: [campusYear.id_school, campusYear.id_campus_year],
    }).onDelete('cascade'),
    unique('registration_item_school_id').on(t.id_school, t.id_registration_item),
    foreignKey({
      name: 'registration_item_replaces_fk',
      columns: [t.id_school, t.replaces],
      foreignColumns: [t.id_school, t.id_registration_item],
    }),
    index('registration_item_period_idx')
      .on(t.id_campus_year, t.position)
      .where(sql`${t.retiredAt} IS NULL`),
  ],
);

/**
 * A family's work on one item of its application's checklist: a form's answers, a document, a signature (their
 * own tables name this row), or the deposit staff mark. Bound to the item's version it was done on; staff approve
 * it or return it with a reason, and the family redoes a returned one.
 */
export const registrationResponse = pgTable(
  'registration_response',
  {
    id_registration_response: serial('id_registration_response').primaryKey(),
    id_school: integer('id_school')
      .notNull()
      .references(() => school.id_school),
    id_application: integer('id_application').notNull(),
    id_registration_item: integer('id_registration_item').notNull(),
    state: text('state').notNull(),
    /** A form's answers, as `checkFormAnswers` kept them. */
    answers: jsonb('answers').$type<Record<string, unknown>>(),
    returnedReason: text('returned_reason'),
    submittedAt: timestamp('submitted_at', { withTimezone: true }).notNull().defaultNow(),
    reviewedAt: timestamp('reviewed_at', { withTimezone: true }),
    id_user_reviewer: integer('id_user_reviewer'),
  },
  (t) => [
    check('registration_response_state', sql`${t.state} IN ('submitted', 'approved', 'returned')`),
    foreignKey({
      name: 'registration_response_application_fk',
      columns: [t.id_school, t.id_application],
      foreignColumns: [application.id_school, application.id_application],
    }).onDelete('cascade'),
    foreignKey({
      name: 'registration_response_item_fk',
      columns: [t.id_school, t.id_registration_item],
      foreignColumns: [registrationItem.id_school, registrationItem.id_registration_item],
    }),
    uniqueIndex('registration_response_once').on(t.id_application, t.id_registration_item),
    // the staff's review queue: what waits, oldest first, without reading the decided ones (bench/registration.ts)
    index('registration_response_waiting_idx')
      .on(t.submittedAt, t.id_registration_response)
      .where(sql`${t.state} = 'submitted'`),
  ],
);
