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
  ],
);

/**
 * The document a family sent for an item version (its response names the same item): the checked file as stored
 * under the data directory (outside the web root, under a random name). A new upload replaces the row and its file.
 */
export const registrationDocument = pgTable(
  'registration_document',
  {
    id_registration_document: serial('id_registration_document').primaryKey(),
    id_school: integer('id_school')
      .notNull()
      .references(() => school.id_school),
    id_application: integer('id_application').notNull(),
    id_registration_item: integer('id_registration_item').notNull(),
    /** Relative to `<dataDir>/files`. */
    storedPath: text('stored_path').notNull(),
    originalName: text('original_name').notNull(),
    mimeType: text('mime_type').notNull(),
    size: integer('size').notNull(),
    uploadedAt: timestamp('uploaded_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    foreignKey({
      name: 'registration_document_application_fk',
      columns: [t.id_school, t.id_application],
      foreignColumns: [application.id_school, application.id_application],
    }).onDelete('cascade'),
    foreignKey({
      name: 'registration_document_item_fk',
      columns: [t.id_school, t.id_registration_item],
      foreignColumns: [registrationItem.id_school, registrationItem.id_registration_item],
    }),
    uniqueIndex('registration_document_once').on(t.id_application, t.id_registration_item),
  ],
);

/**
 * A resumable upload under way: the bytes so far are in `<dataDir>/files/registration-uploads/<id_upload>.part`
 * (their count is the file's length, so a dropped connection resumes after the last byte written). Removed when the
 * upload completes, is refused, or another upload for the same item starts.
 */
export const registrationUpload = pgTable(
  'registration_upload',
  {
    id_upload: text('id_upload').primaryKey(),
    id_school: integer('id_school')
      .notNull()
      .references(() => school.id_school),
    id_application: integer('id_application').notNull(),
    id_registration_item: integer('id_registration_item').notNull(),
    originalName: text('original_name').notNull(),
    size: integer('size').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    check('registration_upload_size', sql`${t.size} > 0`),
    foreignKey({
      name: 'registration_upload_application_fk',
      columns: [t.id_school, t.id_application],
      foreignColumns: [application.id_school, application.id_application],
    }).onDelete('cascade'),
    foreignKey({
      name: 'registration_upload_item_fk',
      columns: [t.id_school, t.id_registration_item],
      foreignColumns: [registrationItem.id_school, registrationItem.id_registration_item],
    }),
    index('registration_upload_item_idx').on(t.id_application, t.id_registration_item),
  ],
);
