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
} from 'drizzle-orm/pg-core';
import { formType, status } from './catalog';
import { campus, school } from './organization';
import { campusYear } from './enrollment';
import { application } from './applications';

/** A form (Typeform or Google Forms) that moves an application from one status to another when filled. */
export const campusForm = pgTable(
  'campus_form',
  {
    id_campus_form: serial('id_campus_form').primaryKey(),
    id_school: integer('id_school')
      .notNull()
      .references(() => school.id_school),
    id_campus: integer('id_campus').notNull(),
    id_campus_year: integer('id_campus_year'),
    id_status_from: integer('id_status_from').references(() => status.id_status),
    id_status_to: integer('id_status_to').references(() => status.id_status),
    form_name: text('form_name').notNull(),
    form_id: text('form_id').notNull(),
    form_url: text('form_url'),
    is_application_form: boolean('is_application_form').notNull().default(false),
    id_form_type: integer('id_form_type')
      .notNull()
      .references(() => formType.id),
    /** The webhook's shared secret (Typeform's signing secret, the Apps Script's key), sealed with ENCRYPTION_KEY. */
    secretSealed: text('secret_sealed'),
    /** Provider question (ref, id or title) -> application field; unlisted questions are matched by name. */
    fieldMap: jsonb('field_map').$type<Record<string, string>>().notNull().default({}),
  },
  (t) => [
    index('campus_form_school_idx').on(t.id_school, t.id_campus),
    index('campus_form_provider_idx').on(t.id_form_type, t.form_id),
    unique('campus_form_school_id').on(t.id_school, t.id_campus_form),
    // (id_school, ...) keys: the database refuses a form of one school on another school's campus or period
    foreignKey({
      name: 'campus_form_campus_fk',
      columns: [t.id_school, t.id_campus],
      foreignColumns: [campus.id_school, campus.id_campus],
    }).onDelete('cascade'),
    foreignKey({
      name: 'campus_form_period_fk',
      columns: [t.id_school, t.id_campus_year],
      foreignColumns: [campusYear.id_school, campusYear.id_campus_year],
    }).onDelete('cascade'),
  ],
);

/** Raw deliveries from form providers; the delivery id makes a redelivered webhook a no-op. */
export const formSubmission = pgTable(
  'form_submission',
  {
    id_form_submission: serial('id_form_submission').primaryKey(),
    id_school: integer('id_school')
      .notNull()
      .references(() => school.id_school),
    id_campus: integer('id_campus').notNull(),
    id_campus_form: integer('id_campus_form').references(() => campusForm.id_campus_form, { onDelete: 'set null' }),
    /** The provider (form type): Typeform 1, Google Forms 2. */
    id_form_type: integer('id_form_type')
      .notNull()
      .references(() => formType.id),
    deliveryId: text('delivery_id').notNull(),
    id_application: integer('id_application').references(() => application.id_application, { onDelete: 'set null' }),
    payload: jsonb('payload').notNull(),
    /** The answers as question title -> text, in the form's order: the detail and the CSV export read these. */
    answers: jsonb('answers').$type<Array<{ question: string; answer: string }>>().notNull().default([]),
    /** 'processed', or 'needs_review' when it could not be mapped to an application (kept, never dropped). */
    status: text('status').notNull().default('processed'),
    processedAt: timestamp('processed_at', { withTimezone: true }),
    error: text('error'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    unique('form_submission_delivery').on(t.id_campus, t.id_form_type, t.deliveryId),
    index('form_submission_school_idx').on(t.id_school, t.createdAt),
    index('form_submission_application_idx').on(t.id_application),
    check('form_submission_status', sql`${t.status} IN ('processed', 'needs_review')`),
    // id_campus_form and id_application get their (id_school, ...) keys in the migration (ON DELETE SET NULL (column))
    foreignKey({
      name: 'form_submission_campus_fk',
      columns: [t.id_school, t.id_campus],
      foreignColumns: [campus.id_school, campus.id_campus],
    }),
  ],
);
