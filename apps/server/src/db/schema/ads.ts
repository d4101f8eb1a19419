import { sql } from 'drizzle-orm';
import {
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
import { adsConversionEventType, status } from './catalog';
import { school } from './organization';
import { application } from './applications';

/** A conversion reported (or to be reported) to an ads platform for an application that came from an ad. */
export const adsConversionEvent = pgTable(
  'ads_conversion_event',
  {
    id_ads_conversion_event: serial('id_ads_conversion_event').primaryKey(),
    id_school: integer('id_school')
      .notNull()
      .references(() => school.id_school),
    id_application: integer('id_application').notNull(),
    /** The platform: fbPixel 1, googleAds 2. */
    id_ads_conversion_event_type: integer('id_ads_conversion_event_type')
      .notNull()
      .references(() => adsConversionEventType.id),
    campaign_id: text('campaign_id'),
    ad_id: text('ad_id'),
    /** The status the conversion stands for (lead, applied, enrolled). */
    id_status: integer('id_status').references(() => status.id_status),
    sentAt: timestamp('sent_at', { withTimezone: true }),
    /** The last refusal or the reason nothing was sent. */
    error: text('error'),
    /**
     * pending (queued, or waiting for a retry), sending (claimed by a job), sent, failed (refused for good or out of
     * tries), skipped (nothing the platform could match it by, or not configured), cancelled (switched off before
     * it left).
     */
    status: text('status').notNull().default('pending'),
    attempts: integer('attempts').notNull().default(0),
    /** When the next try is due (informational: pg-boss runs it). */
    next_attempt_at: timestamp('next_attempt_at', { withTimezone: true }),
    /** A job that stopped mid-send loses its claim after this; until then no other run takes the event. */
    claimed_until: timestamp('claimed_until', { withTimezone: true }),
    /** What was sent, without secrets or hashes: platform, event name and time, ids, which identifiers. */
    request_summary: jsonb('request_summary'),
    /** Every attempt: when, the HTTP status (null: no answer), the outcome and a short message. */
    attempt_log: jsonb('attempt_log')
      .notNull()
      .default(sql`'[]'::jsonb`),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    // one conversion per application, platform and stage: a second move into the stage reports nothing new
    uniqueIndex('ads_event_once').on(t.id_application, t.id_ads_conversion_event_type, t.id_status),
    check('ads_event_status', sql`${t.status} IN ('pending', 'sending', 'sent', 'failed', 'skipped', 'cancelled')`),
    index('ads_event_school_idx').on(t.id_school, t.id_ads_conversion_event_type, t.createdAt),
    index('ads_event_application_idx').on(t.id_application),
    // the school's log of recent events, newest first
    index('ads_event_recent_idx').on(t.id_school, t.id_ads_conversion_event),
    foreignKey({
      name: 'ads_conversion_event_application_fk',
      columns: [t.id_school, t.id_application],
      foreignColumns: [application.id_school, application.id_application],
    }).onDelete('cascade'),
  ],
);
