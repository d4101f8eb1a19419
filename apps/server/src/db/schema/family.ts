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
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { application } from './applications';
import { campus, school } from './organization';

/*
 * The family portal's guardians (docs/family-portal.md). A guardian has no account: they are a contact (an e-mail, or
 * the last ten digits of a phone), normalised as the applications' guardian columns are indexed
 * (`guardianEmailKey`, `guardianPhoneKey`), and they see the live applications whose guardian contact matches.
 * Tokens, codes and session keys are stored as SHA-256 hashes only.
 */

/**
 * A one-time sign-in: a link (its token) and a 6-digit code, good for 30 minutes and one session; or (`via` message)
 * the link in a message about an application, made when the message is sent, good for a week and one session.
 */
export const guardianSignIn = pgTable(
  'guardian_sign_in',
  {
    id_guardian_sign_in: serial('id_guardian_sign_in').primaryKey(),
    contactKey: text('contact_key').notNull(),
    kind: text('kind').notNull(),
    /** `request`: asked for at the sign-in screen (counted by its limit, has a code); `message`: a message's link. */
    via: text('via').notNull().default('request'),
    tokenHash: text('token_hash').notNull().unique(),
    /** SHA-256 of the contact and the code: a code is only ever tried with the contact it was sent to. */
    codeHash: text('code_hash').notNull(),
    /** Wrong codes tried against this sign-in; five and it is spent. */
    attempts: integer('attempts').notNull().default(0),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    usedAt: timestamp('used_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    check('guardian_sign_in_kind', sql`${t.kind} IN ('email', 'phone')`),
    check('guardian_sign_in_via', sql`${t.via} IN ('request', 'message')`),
    index('guardian_sign_in_contact_idx').on(t.contactKey, t.createdAt),
  ],
);

/**
 * A sign-in code on its way to a guardian's phone by text message. Its own outbox, not the staff's `message` table
 * (staff read those bodies: a code there would let them sign in as the guardian): written in the sign-in's
 * transaction, sent after commit by the `family.sign-in-sms` job through the school's Twilio account from the
 * campus's number. The body is sealed with ENCRYPTION_KEY and emptied once sent or given up.
 */
export const guardianSignInSms = pgTable(
  'guardian_sign_in_sms',
  {
    id_guardian_sign_in_sms: serial('id_guardian_sign_in_sms').primaryKey(),
    /** The school whose SMS account sends it, and the campus whose number it comes from. */
    id_school: integer('id_school')
      .notNull()
      .references(() => school.id_school),
    id_campus: integer('id_campus').notNull(),
    /** The guardian's phone in E.164, as the outbox writes SMS addresses. */
    recipient: text('recipient').notNull(),
    sealedBody: text('sealed_body'),
    status: text('status').notNull().default('pending'),
    attempts: integer('attempts').notNull().default(0),
    lastError: text('last_error'),
    providerId: text('provider_id'),
    sentAt: timestamp('sent_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    check('guardian_sign_in_sms_status', sql`${t.status} IN ('pending', 'sent', 'failed')`),
    foreignKey({
      name: 'guardian_sign_in_sms_campus_fk',
      columns: [t.id_school, t.id_campus],
      foreignColumns: [campus.id_school, campus.id_campus],
    }).onDelete('cascade'),
    index('guardian_sign_in_sms_school_idx').on(t.id_school, t.createdAt),
  ],
);

/** A portal session: its key is in the guardian's cookie; sign-out everywhere revokes all of a contact's. */
export const guardianSession = pgTable(
  'guardian_session',
  {
    id_guardian_session: serial('id_guardian_session').primaryKey(),
    keyHash: text('key_hash').notNull().unique(),
    contactKey: text('contact_key').notNull(),
    kind: text('kind').notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    revokedAt: timestamp('revoked_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    check('guardian_session_kind', sql`${t.kind} IN ('email', 'phone')`),
    index('guardian_session_contact_idx').on(t.contactKey),
  ],
);

/** A guardian's chosen language, remembered for the portal and their messages. */
export const guardianPreference = pgTable(
  'guardian_preference',
  {
    contactKey: text('contact_key').notNull(),
    kind: text('kind').notNull(),
    lng: text('lng').notNull(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('guardian_preference_contact').on(t.kind, t.contactKey),
    check('guardian_preference_lng', sql`${t.lng} IN ('en', 'es', 'vi', 'zh', 'ht', 'ar')`),
  ],
);

/**
 * The reasons a family may give for declining an offer, in the six family languages. Rows without a school are the
 * built-in list every school starts with; a school's own rows, when it has any active, replace it.
 */
export const declineReason = pgTable(
  'decline_reason',
  {
    id_decline_reason: serial('id_decline_reason').primaryKey(),
    id_school: integer('id_school').references(() => school.id_school),
    /** `{en, es, vi, zh, ht, ar}`: English is required, the others fall back to it. */
    labels: jsonb('labels').$type<Partial<Record<string, string>> & { en: string }>().notNull(),
    position: integer('position').notNull().default(0),
    active: boolean('active').notNull().default(true),
  },
  (t) => [index('decline_reason_school_idx').on(t.id_school, t.position)],
);

/** A family's answer to an offer in the portal: accepted, or declined with its reason (the move is in the history). */
export const offerAnswer = pgTable(
  'offer_answer',
  {
    id_offer_answer: serial('id_offer_answer').primaryKey(),
    id_school: integer('id_school')
      .notNull()
      .references(() => school.id_school),
    id_application: integer('id_application').notNull(),
    answer: text('answer').notNull(),
    /** The reason chosen, and its English label as it read then (a school may edit or retire its reasons). */
    id_decline_reason: integer('id_decline_reason'),
    reason: text('reason'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    check('offer_answer_answer', sql`${t.answer} IN ('accept', 'decline')`),
    foreignKey({
      name: 'offer_answer_application_fk',
      columns: [t.id_school, t.id_application],
      foreignColumns: [application.id_school, application.id_application],
    }).onDelete('cascade'),
    index('offer_answer_application_idx').on(t.id_application),
  ],
);
