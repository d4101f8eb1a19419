import { z } from 'zod';
import { LANGUAGES } from '../constants';
import { canonicalTimeZone } from '../enrollment-rules';
import { PageQuerySchema } from './pagination';
import {
  booleanFlag,
  id,
  optionalDate,
  optionalEmail,
  optionalId,
  optionalPhone,
  optionalText,
  requiredText,
  text,
  timeOfDay,
} from './rules';

/**
 * A stored secret (mail key, ads token, campus API secret) in a request: absent = keep it,
 * null or '' = clear it, a value = replace it. Responses only ever show its last 4 characters.
 */
export const secretInput = text('invalidValue').trim().max(500, { error: 'tooLong' }).nullable().optional();

/** An IANA time zone name ('America/Chicago'), stored in its canonical spelling. */
export const timeZone = z
  .string({ error: 'invalidValue' })
  .trim()
  .max(64, { error: 'invalidValue' })
  .refine((v) => canonicalTimeZone(v) !== null, { error: 'invalidValue' })
  .transform((v) => canonicalTimeZone(v)!);

export const SCHOOL_TABS = ['active', 'inactive', 'charter-connect'] as const;

/** `GET /school` and `/school/export`: page, pageSize, text (name contains) and the screen's tab. */
export const SchoolListQuerySchema = PageQuerySchema.extend({
  tab: z.enum(SCHOOL_TABS, { error: 'invalidValue' }).optional(),
});
export type SchoolListQuery = z.infer<typeof SchoolListQuerySchema>;

/** `GET /campus` and `/campus/export`: page, pageSize, text (name contains), optionally one school. */
export const CampusListQuerySchema = PageQuerySchema.extend({ id_school: id.optional() });
export type CampusListQuery = z.infer<typeof CampusListQuerySchema>;

export const SchoolRequestSchema = z.object({
  name: requiredText(160),
  address: optionalText(300),
  telephone: optionalPhone,
  email: optionalEmail,
  website: optionalText(300),
  description: optionalText(2000),
  /** Part of the subscription: system users only. Absent keeps the stored date, null or '' clears it. */
  subscribedUntil: optionalDate().optional(),
});
export type SchoolRequest = z.infer<typeof SchoolRequestSchema>;

/**
 * A field the caller may not change (`active` needs schools/enable_disable, `is_charter_connect` is part of the
 * subscription: system users only) may be absent or sent with its stored value; a different value is refused.
 */
export const SchoolConfigurationRequestSchema = z.object({
  id_school: id,
  active: booleanFlag.optional(),
  is_charter_connect: booleanFlag.optional(),
  use_less_parameters: booleanFlag,
  is_age_school: booleanFlag,
  is_one_form: booleanFlag,
  sendgrid_api_key: secretInput,
  ga_customer_id: optionalText(100),
  ga_conversion_lead_id: optionalText(100),
  ga_conversion_applied_id: optionalText(100),
  ga_conversion_enrolled_id: optionalText(100),
  fp_account_id: optionalText(100),
  fp_access_token: secretInput,
  /** The school's own Twilio account for SMS (without one, the server's; see docs/communication.md). */
  twilio_account_sid: optionalText(64),
  twilio_auth_token: secretInput,
  /** The school's IANA time zone: every date rule (enrollment window) uses its calendar day. Absent keeps it. */
  time_zone: timeZone.optional(),
  /**
   * SMS quiet hours (HH:MM, where each campus is): no text goes between them, it waits for their end. Equal: none.
   * Absent keeps them.
   */
  sms_quiet_start: timeOfDay.optional(),
  sms_quiet_end: timeOfDay.optional(),
});
export type SchoolConfigurationRequest = z.infer<typeof SchoolConfigurationRequestSchema>;

export const CampusRequestSchema = z.object({
  id_campus: id.optional(),
  id_school: id,
  name: requiredText(160),
  address: optionalText(300),
  telephone: optionalPhone,
  email: optionalEmail,
  description: optionalText(2000),
  website: optionalText(300),
  isMain: booleanFlag.default(false),
  /** The campus's school number in the SIS (PowerSchool `SchoolID`, Aspire `SchoolNumber`): letters, digits, hyphens. */
  sis_school_number: optionalText(20).refine((v) => v === null || /^[A-Za-z0-9-]+$/.test(v), {
    error: 'invalidValue',
  }),
});
export type CampusRequest = z.infer<typeof CampusRequestSchema>;

export const CampusConfigurationRequestSchema = z.object({
  id_campus: id,
  email: optionalEmail,
  google_analytics_tag: optionalText(100),
  api_secret: secretInput,
  phone_number: optionalPhone,
  /** Needs school_campus/enable_disable to change; absent (or the stored value) keeps it. */
  active: booleanFlag.optional(),
  looker_studio_link: optionalText(500),
  is_lottery_campus: booleanFlag,
  /** Student-information system: powerschool 1, schoolmint 2, aspire 3, or null. */
  id_enrollment_sis: optionalId.refine((v) => v === null || v <= 3, { error: 'invalidValue' }),
  /** The campus's own IANA time zone; null or '' follows the school's. Absent keeps it. */
  time_zone: z.preprocess((v) => (v === '' ? null : v), timeZone.nullable()).optional(),
});
export type CampusConfigurationRequest = z.infer<typeof CampusConfigurationRequestSchema>;

/** The grade option a campus shows on forms (value, label); empty clears it. */
export const CampusGradeOptionRequestSchema = z.object({
  id_campus_grade: id,
  optionValue: optionalText(40),
  optionLabel: optionalText(80),
});
export type CampusGradeOptionRequest = z.infer<typeof CampusGradeOptionRequestSchema>;
/** Toggles a campus grade's activation. */
export const CampusGradeActivationSchema = z.object({ id_campus_grade: id });
/** Language of the display labels of `GET /configuration/campusGrade/campus/{id}`. */
export const GradeLanguageQuerySchema = z.object({ lng: z.enum(LANGUAGES, { error: 'invalidValue' }).optional() });

export const ActiveRequestSchema = z.object({ active: booleanFlag });

// ---- responses: what leaves the server (unknown fields are stripped) ----

const dateString = z.string().describe('YYYY-MM-DD');

export const SchoolRowSchema = z
  .object({
    id_school: z.number().int(),
    name: z.string(),
    address: z.string().nullable(),
    telephone: z.string().nullable(),
    email: z.string().nullable(),
    website: z.string().nullable(),
    description: z.string().nullable(),
    subscribedUntil: dateString.nullable(),
    active: z.boolean(),
    is_charter_connect: z.boolean(),
  })
  .describe('A school');
export type SchoolRow = z.infer<typeof SchoolRowSchema>;

export const SchoolSearchRowSchema = z
  .object({ id_school: z.number().int(), name: z.string() })
  .describe('A school found by name');

/** Secrets only masked (`'••••' + last 4`), with a flag saying whether one is stored. */
export const SchoolConfigurationSchema = z
  .object({
    id_school: z.number().int(),
    active: z.boolean(),
    is_charter_connect: z.boolean(),
    use_less_parameters: z.boolean(),
    is_age_school: z.boolean(),
    is_one_form: z.boolean(),
    sendgrid_api_key: z.string().nullable(),
    hasSendgridApiKey: z.boolean(),
    ga_customer_id: z.string().nullable(),
    ga_conversion_lead_id: z.string().nullable(),
    ga_conversion_applied_id: z.string().nullable(),
    ga_conversion_enrolled_id: z.string().nullable(),
    fp_account_id: z.string().nullable(),
    fp_access_token: z.string().nullable(),
    hasFpAccessToken: z.boolean(),
    twilio_account_sid: z.string().nullable(),
    twilio_auth_token: z.string().nullable(),
    hasTwilioAuthToken: z.boolean(),
    time_zone: z.string(),
    sms_quiet_start: z.string(),
    sms_quiet_end: z.string(),
  })
  .describe("A school's configuration");
export type SchoolConfiguration = z.infer<typeof SchoolConfigurationSchema>;

export const CampusRowSchema = z
  .object({
    id_campus: z.number().int(),
    id_school: z.number().int(),
    schoolName: z.string(),
    name: z.string(),
    address: z.string().nullable(),
    telephone: z.string().nullable(),
    email: z.string().nullable(),
    description: z.string().nullable(),
    website: z.string().nullable(),
    /** `/api/campus/{id}/photo`, or null; the stored file name never leaves the server. */
    photo: z.string().nullable(),
    isMain: z.boolean(),
    sis_school_number: z.string().nullable(),
    active: z.boolean(),
    is_lottery_campus: z.boolean(),
    is_age_school: z.boolean(),
  })
  .describe('A campus');
export type CampusRow = z.infer<typeof CampusRowSchema>;

export const CampusConfigurationSchema = z
  .object({
    id_school: z.number().int(),
    id_campus: z.number().int(),
    email: z.string().nullable(),
    google_analytics_tag: z.string().nullable(),
    api_secret: z.string().nullable(),
    hasApiSecret: z.boolean(),
    phone_number: z.string().nullable(),
    active: z.boolean(),
    looker_studio_link: z.string().nullable(),
    is_lottery_campus: z.boolean(),
    id_enrollment_sis: z.number().int().nullable(),
    /** The campus's own time zone, or null when it follows its school's. */
    time_zone: z.string().nullable(),
    /** The time zone its date rules use: its own, else its school's. */
    effective_time_zone: z.string(),
  })
  .describe("A campus's configuration");
export type CampusConfiguration = z.infer<typeof CampusConfigurationSchema>;

/** A campus grade in the grade settings: `display` is the age for age-based schools, else the grade name. */
export const CampusGradeRowSchema = z
  .object({
    id_campus_grade: z.number().int(),
    id_campus: z.number().int(),
    id_grade: z.number().int(),
    name: z.string(),
    age: z.number().int(),
    activatable: z.boolean(),
    value: z.string().nullable(),
    label: z.string().nullable(),
    display: z.string(),
  })
  .describe('A grade in the grade settings of a campus');
export type CampusGradeRow = z.infer<typeof CampusGradeRowSchema>;

/** A campus grade after a toggle or an option change. */
export const CampusGradeSchema = z
  .object({
    id_campus_grade: z.number().int(),
    id_school: z.number().int(),
    id_campus: z.number().int(),
    id_grade: z.number().int(),
    activatable: z.boolean(),
    optionValue: z.string().nullable(),
    optionLabel: z.string().nullable(),
  })
  .describe('A campus grade');
export type CampusGrade = z.infer<typeof CampusGradeSchema>;

export const ActiveCampusGradeSchema = z
  .object({
    id_campus_grade: z.number().int(),
    id_campus: z.number().int(),
    id_grade: z.number().int(),
    name: z.string(),
    age: z.number().int(),
    value: z.string().nullable(),
    label: z.string(),
    is_age_school: z.boolean(),
  })
  .describe('An active grade of a campus');
export type ActiveCampusGrade = z.infer<typeof ActiveCampusGradeSchema>;

export const ActiveSchoolGradeSchema = z
  .object({
    id_grade: z.number().int(),
    name: z.string(),
    age: z.number().int(),
    label: z.string(),
    campusIds: z.array(z.number().int()),
  })
  .describe('A grade active on a campus of the school');
export type ActiveSchoolGrade = z.infer<typeof ActiveSchoolGradeSchema>;

export type SchoolTab = (typeof SCHOOL_TABS)[number];

/** `GET /catalog/schools` and `/catalog/campuses`: the pickers' options, scoped to the caller. */
export type SchoolOption = { id_school: number; name: string };

export type CampusOption = { id_campus: number; name: string; id_school: number; schoolName: string; timeZone: string };
