import { sql } from 'drizzle-orm';
import { boolean, check, index, integer, pgTable, serial, text, timestamp, unique } from 'drizzle-orm/pg-core';
import { emailType, fieldOption, status, textMessageType } from './catalog';
import { campus, school } from './organization';
import { application } from './applications';
import { user } from './access';

/** An e-mail template of a school; campus_email puts it to use on a campus. */
export const email = pgTable(
  'email',
  {
    id_email: serial('id_email').primaryKey(),
    id_school: integer('id_school').notNull().references(() => school.id_school),
    name: text('name').notNull(),
    subject: text('subject').notNull(),
    id_template: text('id_template'),
    text: text('text'),
    html: text('html'),
    id_email_type: integer('id_email_type').notNull().references(() => emailType.id),
    lng: text('lng').notNull().default('en'),
  },
  (t) => [index('email_school_idx').on(t.id_school, t.id_email_type)],
);

/** A placeholder of a template and the application field (or form answer) that fills it. */
export const emailField = pgTable(
  'email_field',
  {
    id_email_field: serial('id_email_field').primaryKey(),
    id_school: integer('id_school').notNull().references(() => school.id_school),
    id_email: integer('id_email').notNull().references(() => email.id_email, { onDelete: 'cascade' }),
    field_name: text('field_name').notNull(),
    id_field_option: integer('id_field_option').references(() => fieldOption.id_field_option),
    is_form: boolean('is_form').notNull().default(false),
  },
  (t) => [index('email_field_email_idx').on(t.id_email)],
);

/** An e-mail a campus sends when an application moves from one status to another. */
export const campusEmail = pgTable(
  'campus_email',
  {
    id_campus_email: serial('id_campus_email').primaryKey(),
    id_school: integer('id_school').notNull().references(() => school.id_school),
    id_campus: integer('id_campus').notNull().references(() => campus.id_campus, { onDelete: 'cascade' }),
    id_status_from: integer('id_status_from').references(() => status.id_status),
    id_status_to: integer('id_status_to').references(() => status.id_status),
    id_email: integer('id_email').notNull().references(() => email.id_email, { onDelete: 'cascade' }),
  },
  (t) => [index('campus_email_campus_idx').on(t.id_school, t.id_campus, t.id_status_to)],
);

export const textMessage = pgTable(
  'text_message',
  {
    id_text_message: serial('id_text_message').primaryKey(),
    id_school: integer('id_school').notNull().references(() => school.id_school),
    id_text_message_type: integer('id_text_message_type').notNull().references(() => textMessageType.id),
    name: text('name').notNull(),
    text: text('text').notNull(),
    lng: text('lng').notNull().default('en'),
  },
  (t) => [index('text_message_school_idx').on(t.id_school, t.id_text_message_type)],
);

export const textMessageField = pgTable(
  'text_message_field',
  {
    id_text_message_field: serial('id_text_message_field').primaryKey(),
    id_school: integer('id_school').notNull().references(() => school.id_school),
    id_text_message: integer('id_text_message').notNull().references(() => textMessage.id_text_message, { onDelete: 'cascade' }),
    field_name: text('field_name').notNull(),
    id_field_option: integer('id_field_option').references(() => fieldOption.id_field_option),
  },
  (t) => [index('text_message_field_message_idx').on(t.id_text_message)],
);

export const campusTextMessage = pgTable(
  'campus_text_message',
  {
    id_campus_text_message: serial('id_campus_text_message').primaryKey(),
    id_school: integer('id_school').notNull().references(() => school.id_school),
    id_campus: integer('id_campus').notNull().references(() => campus.id_campus, { onDelete: 'cascade' }),
    id_status_from: integer('id_status_from').references(() => status.id_status),
    id_status_to: integer('id_status_to').references(() => status.id_status),
    id_text_message: integer('id_text_message').notNull().references(() => textMessage.id_text_message, { onDelete: 'cascade' }),
  },
  (t) => [index('campus_text_message_campus_idx').on(t.id_school, t.id_campus, t.id_status_to)],
);

/** Repeats a message every `periodicity` days while an application stays in `id_status`. */
export const reminder = pgTable(
  'reminder',
  {
    id_reminder: serial('id_reminder').primaryKey(),
    id_school: integer('id_school').notNull().references(() => school.id_school),
    id_status: integer('id_status').notNull().references(() => status.id_status),
    name: text('name').notNull(),
    periodicity: integer('periodicity').notNull(),
    id_campus_email: integer('id_campus_email').references(() => campusEmail.id_campus_email, { onDelete: 'set null' }),
    id_campus_text_message: integer('id_campus_text_message').references(() => campusTextMessage.id_campus_text_message, { onDelete: 'set null' }),
  },
  (t) => [index('reminder_school_idx').on(t.id_school), check('reminder_periodicity', sql`${t.periodicity} > 0`)],
);

/** The campus a reminder runs for (the spec's id_campus_reminder). */
export const campusReminder = pgTable(
  'campus_reminder',
  {
    id_campus_reminder: serial('id_campus_reminder').primaryKey(),
    id_school: integer('id_school').notNull().references(() => school.id_school),
    id_campus: integer('id_campus').notNull().references(() => campus.id_campus, { onDelete: 'cascade' }),
    id_reminder: integer('id_reminder').notNull().unique().references(() => reminder.id_reminder, { onDelete: 'cascade' }),
    isActive: boolean('is_active').notNull().default(true),
  },
  (t) => [index('campus_reminder_school_idx').on(t.id_school, t.id_campus)],
);

/**
 * Outbox: written in the transaction of the change that causes the message; a job sends it after commit.
 * The idempotency key makes a retried job never send twice.
 */
export const messageOutbox = pgTable(
  'message_outbox',
  {
    id_message: serial('id_message').primaryKey(),
    id_school: integer('id_school').notNull().references(() => school.id_school),
    id_application: integer('id_application').references(() => application.id_application, { onDelete: 'set null' }),
    idempotencyKey: text('idempotency_key').notNull().unique(),
    channel: text('channel').notNull(),
    recipient: text('recipient').notNull(),
    subject: text('subject'),
    body: text('body').notNull(),
    status: text('status').notNull().default('pending'),
    attempts: integer('attempts').notNull().default(0),
    lastError: text('last_error'),
    sentAt: timestamp('sent_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('message_outbox_status_idx').on(t.status, t.createdAt),
    index('message_outbox_school_idx').on(t.id_school, t.createdAt),
    check('message_outbox_channel', sql`${t.channel} IN ('email', 'sms')`),
    check('message_outbox_status', sql`${t.status} IN ('pending', 'sent', 'failed')`),
  ],
);

/** What was sent (or failed) for an application: the communication history tab. */
export const communicationLog = pgTable(
  'communication_log',
  {
    id_communication_log: serial('id_communication_log').primaryKey(),
    id_school: integer('id_school').notNull().references(() => school.id_school),
    id_application: integer('id_application').notNull().references(() => application.id_application, { onDelete: 'cascade' }),
    /** 'email' or 'sms'. */
    type: text('type').notNull(),
    /** Status change, reminder or manually sent (email_type ids). */
    id_message_type: integer('id_message_type').references(() => emailType.id),
    id_message: integer('id_message').references(() => messageOutbox.id_message, { onDelete: 'set null' }),
    id_campus_email: integer('id_campus_email').references(() => campusEmail.id_campus_email, { onDelete: 'set null' }),
    id_campus_text_message: integer('id_campus_text_message').references(() => campusTextMessage.id_campus_text_message, { onDelete: 'set null' }),
    id_user: integer('id_user').references(() => user.id_user, { onDelete: 'set null' }),
    error: text('error'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('communication_log_app_idx').on(t.id_application, t.createdAt),
    index('communication_log_school_idx').on(t.id_school, t.createdAt),
    unique('communication_log_message').on(t.id_message),
    check('communication_log_type', sql`${t.type} IN ('email', 'sms')`),
  ],
);
