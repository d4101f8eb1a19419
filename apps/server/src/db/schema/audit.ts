import { sql } from 'drizzle-orm';
import { RECORD_ACCESS_KINDS } from '@openseat/shared/schemas/record-access';
import { bigserial, check, index, integer, jsonb, pgTable, serial, text, timestamp } from 'drizzle-orm/pg-core';

/** Append-only record of every change and every access to a student record. */
export const auditLog = pgTable(
  'audit_log',
  {
    id_audit_log: bigserial('id_audit_log', { mode: 'number' }).primaryKey(),
    id_school: integer('id_school'),
    id_campus: integer('id_campus'),
    id_user: integer('id_user'),
    /** e.g. 'user.create', 'auth.login', 'application.view'. */
    action: text('action').notNull(),
    entity: text('entity').notNull(),
    entityId: text('entity_id'),
    changes: jsonb('changes'),
    ip: text('ip'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('audit_log_school_idx').on(t.id_school, t.createdAt),
    index('audit_log_entity_idx').on(t.entity, t.entityId),
    // the admin console: every school's log, newest first
    index('audit_log_created_idx').on(t.createdAt, t.id_audit_log),
  ],
);

/**
 * Who read a child's record, when and how (issue 28, FERPA's record of disclosures): a staff member's view of the
 * application or download of one of its files, an export that carried it, its guardian's view in the portal. One row
 * per record read; no foreign key, so the row outlives the application it names.
 */
export const recordAccess = pgTable(
  'record_access',
  {
    id_record_access: bigserial('id_record_access', { mode: 'number' }).primaryKey(),
    id_school: integer('id_school').notNull(),
    id_campus: integer('id_campus'),
    id_application: integer('id_application').notNull(),
    /** The staff member; null for a guardian. */
    id_user: integer('id_user'),
    /** The guardian's contact as the portal shows it (partly hidden); null for staff. */
    guardian: text('guardian'),
    how: text('how', { enum: RECORD_ACCESS_KINDS }).notNull(),
    /** What was read beyond the application: the file's name, the export's format. */
    detail: text('detail'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    // "who saw this child", newest first
    index('record_access_application_idx').on(t.id_application, t.createdAt),
    // "every record this user read between two dates"
    index('record_access_user_idx').on(t.id_user, t.createdAt),
    check('record_access_how', sql`${t.how} IN ('view', 'download', 'export', 'portal')`),
    check('record_access_reader', sql`(${t.id_user} IS NULL) <> (${t.guardian} IS NULL)`),
  ],
);

/** Mail kept by the capture transport when no SMTP server is configured (the embedded default). */
export const capturedMail = pgTable(
  'captured_mail',
  {
    id_captured_mail: serial('id_captured_mail').primaryKey(),
    to: text('to').notNull(),
    from: text('from').notNull(),
    subject: text('subject').notNull(),
    text: text('text'),
    html: text('html'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('captured_mail_created_idx').on(t.createdAt)],
);

/** Text messages kept by the capture transport when no SMS provider (Twilio) is configured. */
export const capturedTextMessage = pgTable(
  'captured_text_message',
  {
    id_captured_text_message: serial('id_captured_text_message').primaryKey(),
    to: text('to').notNull(),
    from: text('from').notNull(),
    body: text('body').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('captured_text_message_created_idx').on(t.createdAt)],
);
