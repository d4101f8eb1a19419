import { sql } from 'drizzle-orm';
import {
  boolean,
  check,
  foreignKey,
  index,
  integer,
  pgTable,
  serial,
  text,
  timestamp,
  unique,
  type AnyPgColumn,
} from 'drizzle-orm/pg-core';
import { emailType, fieldOption, status, textMessageType } from './catalog';
import { campus, school } from './organization';
import { application, lottery } from './applications';
import { user } from './access';

/** Family messages (templates and the outbox) are in the six family languages (schemas/family.ts FAMILY_LANGUAGES). */
const familyLanguage = (lng: AnyPgColumn) => sql`${lng} IN ('en', 'es', 'vi', 'zh', 'ht', 'ar')`;

/*
 * Tenant references: a row that carries id_school points at its campus, template or application through
 * (id_school, id_...), so the database refuses a row that points into another school. References that are set
 * to null when their target goes keep their one-column key here and get their (id_school, id_...) key with
 * `ON DELETE SET NULL (column)` in the migration (drizzle cannot write a column list).
 */

type SchoolColumns<K extends string> = { id_school: AnyPgColumn } & Record<K, AnyPgColumn>;

/** (id_school, id_campus) -> campus, removed with it. */
const ofCampus = (name: string, t: SchoolColumns<'id_campus'>) =>
  foreignKey({
    name,
    columns: [t.id_school, t.id_campus],
    foreignColumns: [campus.id_school, campus.id_campus],
  }).onDelete('cascade');

/** An e-mail template of a school; campus_email puts it to use on a campus. */
export const email = pgTable(
  'email',
  {
    id_email: serial('id_email').primaryKey(),
    id_school: integer('id_school')
      .notNull()
      .references(() => school.id_school),
    name: text('name').notNull(),
    subject: text('subject').notNull(),
    id_template: text('id_template'),
    text: text('text'),
    html: text('html'),
    id_email_type: integer('id_email_type')
      .notNull()
      .references(() => emailType.id),
    lng: text('lng').notNull().default('en'),
  },
  (t) => [
    index('email_school_idx').on(t.id_school, t.id_email_type),
    unique('email_school_id').on(t.id_school, t.id_email),
    check('email_lng', familyLanguage(t.lng)),
  ],
);

/** A placeholder of a template and the application field (or form answer) that fills it. */
export const emailField = pgTable(
  'email_field',
  {
    id_email_field: serial('id_email_field').primaryKey(),
    id_school: integer('id_school')
      .notNull()
      .references(() => school.id_school),
    id_email: integer('id_email').notNull(),
    field_name: text('field_name').notNull(),
    id_field_option: integer('id_field_option').references(() => fieldOption.id_field_option),
    is_form: boolean('is_form').notNull().default(false),
  },
  (t) => [
    index('email_field_email_idx').on(t.id_email),
    foreignKey({
      name: 'email_field_email_fk',
      columns: [t.id_school, t.id_email],
      foreignColumns: [email.id_school, email.id_email],
    }).onDelete('cascade'),
  ],
);

/** An e-mail a campus sends when an application moves from one status to another. */
export const campusEmail = pgTable(
  'campus_email',
  {
    id_campus_email: serial('id_campus_email').primaryKey(),
    id_school: integer('id_school')
      .notNull()
      .references(() => school.id_school),
    id_campus: integer('id_campus').notNull(),
    id_status_from: integer('id_status_from').references(() => status.id_status),
    id_status_to: integer('id_status_to').references(() => status.id_status),
    id_email: integer('id_email').notNull(),
  },
  (t) => [
    index('campus_email_campus_idx').on(t.id_school, t.id_campus, t.id_status_to),
    unique('campus_email_school_id').on(t.id_school, t.id_campus_email),
    ofCampus('campus_email_campus_fk', t),
    foreignKey({
      name: 'campus_email_email_fk',
      columns: [t.id_school, t.id_email],
      foreignColumns: [email.id_school, email.id_email],
    }).onDelete('cascade'),
  ],
);

export const textMessage = pgTable(
  'text_message',
  {
    id_text_message: serial('id_text_message').primaryKey(),
    id_school: integer('id_school')
      .notNull()
      .references(() => school.id_school),
    id_text_message_type: integer('id_text_message_type')
      .notNull()
      .references(() => textMessageType.id),
    name: text('name').notNull(),
    text: text('text').notNull(),
    lng: text('lng').notNull().default('en'),
  },
  (t) => [
    index('text_message_school_idx').on(t.id_school, t.id_text_message_type),
    unique('text_message_school_id').on(t.id_school, t.id_text_message),
    check('text_message_lng', familyLanguage(t.lng)),
  ],
);

export const textMessageField = pgTable(
  'text_message_field',
  {
    id_text_message_field: serial('id_text_message_field').primaryKey(),
    id_school: integer('id_school')
      .notNull()
      .references(() => school.id_school),
    id_text_message: integer('id_text_message').notNull(),
    field_name: text('field_name').notNull(),
    id_field_option: integer('id_field_option').references(() => fieldOption.id_field_option),
  },
  (t) => [
    index('text_message_field_message_idx').on(t.id_text_message),
    foreignKey({
      name: 'text_message_field_message_fk',
      columns: [t.id_school, t.id_text_message],
      foreignColumns: [textMessage.id_school, textMessage.id_text_message],
    }).onDelete('cascade'),
  ],
);

export const campusTextMessage = pgTable(
  'campus_text_message',
  {
    id_campus_text_message: serial('id_campus_text_message').primaryKey(),
    id_school: integer('id_school')
      .notNull()
      .references(() => school.id_school),
    id_campus: integer('id_campus').notNull(),
    id_status_from: integer('id_status_from').references(() => status.id_status),
    id_status_to: integer('id_status_to').references(() => status.id_status),
    id_text_message: integer('id_text_message').notNull(),
  },
  (t) => [
    index('campus_text_message_campus_idx').on(t.id_school, t.id_campus, t.id_status_to),
    unique('campus_text_message_school_id').on(t.id_school, t.id_campus_text_message),
    ofCampus('campus_text_message_campus_fk', t),
    foreignKey({
      name: 'campus_text_message_message_fk',
      columns: [t.id_school, t.id_text_message],
      foreignColumns: [textMessage.id_school, textMessage.id_text_message],
    }).onDelete('cascade'),
  ],
);

/** Repeats a message every `periodicity` days while an application stays in `id_status`. */
export const reminder = pgTable(
  'reminder',
  {
    id_reminder: serial('id_reminder').primaryKey(),
    id_school: integer('id_school')
      .notNull()
      .references(() => school.id_school),
    id_status: integer('id_status')
      .notNull()
      .references(() => status.id_status),
    name: text('name').notNull(),
    periodicity: integer('periodicity').notNull(),
    id_campus_email: integer('id_campus_email').references(() => campusEmail.id_campus_email, { onDelete: 'set null' }),
    id_campus_text_message: integer('id_campus_text_message').references(
      () => campusTextMessage.id_campus_text_message,
      { onDelete: 'set null' },
    ),
    /** Null: every application in the status; `registration_incomplete`: only packets with a required item not sent. */
    condition: text('condition'),
  },
  (t) => [
    index('reminder_school_idx').on(t.id_school),
    check('reminder_condition', sql`${t.condition} IS NULL OR ${t.condition} = 'registration_incomplete'`),
    unique('reminder_school_id').on(t.id_school, t.id_reminder),
    check('reminder_periodicity', sql`${t.periodicity} > 0`),
  ],
);

/** The campus a reminder runs for (the spec's id_campus_reminder). */
export const campusReminder = pgTable(
  'campus_reminder',
  {
    id_campus_reminder: serial('id_campus_reminder').primaryKey(),
    id_school: integer('id_school')
      .notNull()
      .references(() => school.id_school),
    id_campus: integer('id_campus').notNull(),
    id_reminder: integer('id_reminder').notNull().unique(),
    isActive: boolean('is_active').notNull().default(true),
  },
  (t) => [
    index('campus_reminder_school_idx').on(t.id_school, t.id_campus),
    ofCampus('campus_reminder_campus_fk', t),
    foreignKey({
      name: 'campus_reminder_reminder_fk',
      columns: [t.id_school, t.id_reminder],
      foreignColumns: [reminder.id_school, reminder.id_reminder],
    }).onDelete('cascade'),
  ],
);

/** A manual send to a list selection: its messages carry its id, so the screen follows their progress. */
export const messageBatch = pgTable(
  'message_batch',
  {
    id_message_batch: serial('id_message_batch').primaryKey(),
    id_school: integer('id_school')
      .notNull()
      .references(() => school.id_school),
    id_campus: integer('id_campus').notNull(),
    id_user: integer('id_user').references(() => user.id_user, { onDelete: 'set null' }),
    channel: text('channel').notNull(),
    /** Applications asked for; messages queued may be fewer (no address, opted out). */
    requested: integer('requested').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    unique('message_batch_school_id').on(t.id_school, t.id_message_batch),
    ofCampus('message_batch_campus_fk', t),
    check('message_batch_channel', sql`${t.channel} IN ('email', 'sms')`),
  ],
);

/**
 * Outbox and communication log in one: a message is written in the transaction of the change that causes it
 * (a status move, a reminder run, a manual send) and sent after commit by the `outbox.dispatch` job, which
 * claims queued rows, sends them and records the outcome here. See docs/communication.md.
 */
export const messageOutbox = pgTable(
  'message_outbox',
  {
    id_message: serial('id_message').primaryKey(),
    id_school: integer('id_school')
      .notNull()
      .references(() => school.id_school),
    id_campus: integer('id_campus'),
    id_application: integer('id_application').references(() => application.id_application, { onDelete: 'set null' }),
    /**
     * One per message, never reused: the e-mail's Message-ID, and the key that makes a cause queue its message
     * once (a reminder's period, a manual send's Idempotency-Key).
     */
    idempotencyKey: text('idempotency_key').notNull().unique(),
    channel: text('channel').notNull(),
    /** Status change 1, reminder 2, manually sent 3 (the e-mail/text message type catalog). */
    id_message_type: integer('id_message_type')
      .notNull()
      .references(() => emailType.id),
    id_campus_email: integer('id_campus_email'),
    id_campus_text_message: integer('id_campus_text_message'),
    id_reminder: integer('id_reminder'),
    id_message_batch: integer('id_message_batch'),
    /** Who sent it by hand, or made the move; null for the system (jobs, intake). */
    id_user: integer('id_user').references(() => user.id_user, { onDelete: 'set null' }),
    lng: text('lng').notNull().default('en'),
    recipient: text('recipient').notNull(),
    subject: text('subject'),
    body: text('body').notNull(),
    html: text('html'),
    /** Bulk mail (a list selection, reminders): carries List-Unsubscribe and skips opted-out addresses. */
    bulk: boolean('bulk').notNull().default(false),
    status: text('status').notNull().default('queued'),
    attempts: integer('attempts').notNull().default(0),
    /** A queued message is not sent before this (retry backoff). */
    nextAttemptAt: timestamp('next_attempt_at', { withTimezone: true }).notNull().defaultNow(),
    /** A message being sent belongs to its sender until then; after it, a crashed send is retried. */
    claimedUntil: timestamp('claimed_until', { withTimezone: true }),
    /** The provider's id: Twilio's MessageSid, the SMTP server's answer. */
    providerId: text('provider_id'),
    lastError: text('last_error'),
    sentAt: timestamp('sent_at', { withTimezone: true }),
    deliveredAt: timestamp('delivered_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('message_outbox_due_idx')
      .on(t.nextAttemptAt)
      .where(sql`${t.status} IN ('queued', 'sending')`),
    index('message_outbox_school_idx').on(t.id_school, t.createdAt),
    index('message_outbox_application_idx').on(t.id_application, t.createdAt),
    index('message_outbox_batch_idx').on(t.id_message_batch, t.status),
    index('message_outbox_provider_idx').on(t.providerId),
    unique('message_outbox_school_id').on(t.id_school, t.id_message),
    check('message_outbox_channel', sql`${t.channel} IN ('email', 'sms')`),
    check('message_outbox_status', sql`${t.status} IN ('queued', 'sending', 'sent', 'delivered', 'failed', 'skipped')`),
    check('message_outbox_lng', familyLanguage(t.lng)),
    // id_campus, id_campus_email, id_campus_text_message, id_reminder and id_message_batch get their
    // (id_school, ...) keys with ON DELETE SET NULL (column) in the migration
  ],
);

/** Addresses that asked not to be written to: an unsubscribe link (e-mail) or a STOP reply (SMS). */
export const communicationOptOut = pgTable(
  'communication_opt_out',
  {
    id_communication_opt_out: serial('id_communication_opt_out').primaryKey(),
    id_school: integer('id_school')
      .notNull()
      .references(() => school.id_school),
    channel: text('channel').notNull(),
    /** Lower-case e-mail, or the phone's digits in E.164. */
    address: text('address').notNull(),
    /** 'unsubscribe' (the link or List-Unsubscribe-Post) or 'stop' (an SMS reply). */
    source: text('source').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    unique('communication_opt_out_address').on(t.id_school, t.channel, t.address),
    check('communication_opt_out_channel', sql`${t.channel} IN ('email', 'sms')`),
  ],
);

/**
 * Consent to text messages, per school and phone (E.164), as a history: the newest row says whether texts may go.
 * Given on the application form, in the family portal, or recorded by staff with where it came from; withdrawn by a
 * STOP reply, in the portal or by staff (START gives it again). No row: no consent, no SMS.
 */
export const smsConsent = pgTable(
  'sms_consent',
  {
    id_sms_consent: serial('id_sms_consent').primaryKey(),
    id_school: integer('id_school')
      .notNull()
      .references(() => school.id_school),
    /** The phone's digits in E.164, as `addressKey('sms', ...)` writes it. */
    address: text('address').notNull(),
    granted: boolean('granted').notNull(),
    /** 'form', 'portal', 'staff', 'stop' or 'start' (a reply to one of our texts). */
    source: text('source').notNull(),
    /** Staff's own words on where the consent came from ("said yes on the phone"). */
    note: text('note'),
    /** The staff member who recorded it; null for the family (form, portal, reply). */
    id_user: integer('id_user').references(() => user.id_user, { onDelete: 'set null' }),
    /** The application it was given on, or recorded from (none for a reply). */
    id_application: integer('id_application'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('sms_consent_address_idx').on(t.id_school, t.address, t.createdAt),
    check('sms_consent_source', sql`${t.source} IN ('form', 'portal', 'staff', 'stop', 'start')`),
  ],
);

/**
 * Status messages held back from families until staff release them (docs/communication.md, "Held messages"): a real
 * lottery's moves, or a staff move made with "hold the family's message". The moves are kept here, packed as the
 * status-messages job carries them; release queues their messages (for the applications still in the status they
 * were moved to) with the hold's own batch key, so a second release queues nothing.
 */
export const messageHold = pgTable(
  'message_hold',
  {
    id_message_hold: serial('id_message_hold').primaryKey(),
    id_school: integer('id_school')
      .notNull()
      .references(() => school.id_school),
    id_campus: integer('id_campus').notNull(),
    /** The draw that made the moves; null for a staff move. */
    id_lottery: integer('id_lottery'),
    /** The status-messages batch of the release: each message's key names it. */
    batch: text('batch').notNull().unique(),
    /** "id_application,id_campus,from,to" joined by ";". */
    moves: text('moves').notNull(),
    /** Moves into the offered status, and all moves (families to tell). */
    offers: integer('offers').notNull(),
    families: integer('families').notNull(),
    /** When the release job sends them (a results day); null: only staff release them. */
    releaseAt: timestamp('release_at', { withTimezone: true }),
    releasedAt: timestamp('released_at', { withTimezone: true }),
    id_user: integer('id_user').references(() => user.id_user, { onDelete: 'set null' }),
    releasedBy: integer('released_by').references(() => user.id_user, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    ofCampus('message_hold_campus_fk', t),
    foreignKey({
      name: 'message_hold_lottery_fk',
      columns: [t.id_school, t.id_lottery],
      foreignColumns: [lottery.id_school, lottery.id_lottery],
    }),
    index('message_hold_campus_idx').on(t.id_school, t.id_campus, t.createdAt),
    index('message_hold_due_idx')
      .on(t.releaseAt)
      .where(sql`${t.releasedAt} IS NULL`),
  ],
);

/**
 * Whether an unreleased hold of the application's campus names one of its moves: the family is not told of it yet
 * (the portal and the family's export show the application as it was before). One definition for both.
 */
export const heldMoveOf = (a: { id_application: AnyPgColumn; id_campus: AnyPgColumn }) =>
  sql<boolean>`EXISTS (SELECT 1 FROM ${messageHold} WHERE ${messageHold.id_campus} = ${a.id_campus}
    AND ${messageHold.releasedAt} IS NULL
    AND position(';' || ${a.id_application} || ',' in ';' || ${messageHold.moves}) > 0)`;
