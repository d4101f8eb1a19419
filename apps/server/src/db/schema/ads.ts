import { foreignKey, index, integer, pgTable, serial, text, timestamp } from 'drizzle-orm/pg-core';
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
    error: text('error'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('ads_event_school_idx').on(t.id_school, t.id_ads_conversion_event_type, t.createdAt),
    index('ads_event_application_idx').on(t.id_application),
    foreignKey({
      name: 'ads_conversion_event_application_fk',
      columns: [t.id_school, t.id_application],
      foreignColumns: [application.id_school, application.id_application],
    }).onDelete('cascade'),
  ],
);
