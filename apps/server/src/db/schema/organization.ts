import { sql } from 'drizzle-orm';
import {
  boolean,
  check,
  date,
  foreignKey,
  index,
  integer,
  pgTable,
  serial,
  text,
  timestamp,
  unique,
} from 'drizzle-orm/pg-core';
import { DEFAULT_TIME_ZONE } from '@openseat/shared/enrollment-rules';
import { enrollmentSis } from './catalog';

export const school = pgTable(
  'school',
  {
    id_school: serial('id_school').primaryKey(),
    name: text('name').notNull(),
    address: text('address'),
    telephone: text('telephone'),
    email: text('email'),
    website: text('website'),
    description: text('description'),
    subscribedUntil: date('subscribed_until'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('school_name_idx').on(t.name)],
);

/** Secrets (mail key, ads tokens) are stored encrypted (AES-256-GCM, `lib/crypto.ts`). */
export const schoolConfiguration = pgTable(
  'school_configuration',
  {
    id_school_configuration: serial('id_school_configuration').primaryKey(),
    id_school: integer('id_school')
      .notNull()
      .unique()
      .references(() => school.id_school, { onDelete: 'cascade' }),
    active: boolean('active').notNull().default(true),
    is_charter_connect: boolean('is_charter_connect').notNull().default(false),
    use_less_parameters: boolean('use_less_parameters').notNull().default(false),
    is_age_school: boolean('is_age_school').notNull().default(false),
    is_one_form: boolean('is_one_form').notNull().default(false),
    sendgrid_api_key_encrypted: text('sendgrid_api_key_encrypted'),
    ga_customer_id: text('ga_customer_id'),
    ga_conversion_lead_id: text('ga_conversion_lead_id'),
    ga_conversion_applied_id: text('ga_conversion_applied_id'),
    ga_conversion_enrolled_id: text('ga_conversion_enrolled_id'),
    fp_account_id: text('fp_account_id'),
    fp_access_token_encrypted: text('fp_access_token_encrypted'),
    /** Twilio account of the school for SMS; without it the server's TWILIO_* settings, or SMS are captured. */
    twilio_account_sid: text('twilio_account_sid'),
    twilio_auth_token_encrypted: text('twilio_auth_token_encrypted'),
    /** IANA name; the calendar day of every date rule (enrollment window) is the day in this zone. */
    time_zone: text('time_zone').notNull().default(DEFAULT_TIME_ZONE),
    /**
     * Conversion events to the ads platforms (docs/ads-conversions.md): off unless the school switches them on, which
     * needs a recorded basis (what, by whom, when). The guardian's hashed contact goes only with its own switch.
     */
    ads_conversions_enabled: boolean('ads_conversions_enabled').notNull().default(false),
    ads_consent_basis: text('ads_consent_basis'),
    ads_consent_note: text('ads_consent_note'),
    ads_consent_recorded_at: timestamp('ads_consent_recorded_at', { withTimezone: true }),
    ads_consent_recorded_by: integer('ads_consent_recorded_by'),
    ads_send_hashed_contact: boolean('ads_send_hashed_contact').notNull().default(false),
    /**
     * Quiet hours for SMS (HH:MM, wall time where the family's campus is): a text due inside them waits until their end.
     * Equal start and end: no quiet hours.
     */
    sms_quiet_start: text('sms_quiet_start').notNull().default('20:00'),
    sms_quiet_end: text('sms_quiet_end').notNull().default('08:00'),
    /**
     * Retention (docs/privacy.md): applications of finalized periods are kept this many school years after their own
     * school year ends, then anonymised by the `retention.run` job. Null: kept (the default).
     */
    retention_years: integer('retention_years'),
  },
  (t) => [check('school_configuration_retention_years', sql`${t.retention_years} BETWEEN 1 AND 50`)],
);

export const campus = pgTable(
  'campus',
  {
    id_campus: serial('id_campus').primaryKey(),
    id_school: integer('id_school')
      .notNull()
      .references(() => school.id_school),
    name: text('name').notNull(),
    address: text('address'),
    telephone: text('telephone'),
    email: text('email'),
    description: text('description'),
    website: text('website'),
    photo: text('photo'),
    isMain: boolean('is_main').notNull().default(false),
    /** The campus's school number in the school's student-information system (PowerSchool SchoolID, Aspire). */
    sisSchoolNumber: text('sis_school_number'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('campus_school_idx').on(t.id_school, t.name),
    // the target of every (id_school, id_campus) reference: a row can only point at a campus of its own school
    unique('campus_school_id').on(t.id_school, t.id_campus),
  ],
);

export const campusConfiguration = pgTable(
  'campus_configuration',
  {
    id_campus_configuration: serial('id_campus_configuration').primaryKey(),
    id_school: integer('id_school')
      .notNull()
      .references(() => school.id_school),
    id_campus: integer('id_campus').notNull().unique(),
    email: text('email'),
    google_analytics_tag: text('google_analytics_tag'),
    api_secret_encrypted: text('api_secret_encrypted'),
    phone_number: text('phone_number'),
    active: boolean('active').notNull().default(true),
    looker_studio_link: text('looker_studio_link'),
    is_lottery_campus: boolean('is_lottery_campus').notNull().default(false),
    id_enrollment_sis: integer('id_enrollment_sis').references(() => enrollmentSis.id),
    /** The campus's own IANA time zone; null follows its school's. */
    time_zone: text('time_zone'),
  },
  (t) => [
    foreignKey({
      name: 'campus_configuration_campus_fk',
      columns: [t.id_school, t.id_campus],
      foreignColumns: [campus.id_school, campus.id_campus],
    }).onDelete('cascade'),
  ],
);
