import { bigserial, index, integer, jsonb, pgTable, serial, text, timestamp } from 'drizzle-orm/pg-core';

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
