import { z } from 'zod';
import { LANGUAGES } from '../constants';
import { PageQuerySchema } from './pagination';
import { booleanFlag, id, optionalDate, optionalEmail, optionalId, optionalPhone, optionalText, requiredText } from './rules';

/**
 * A stored secret (mail key, ads token, campus API secret) in a request: absent = keep it,
 * null or '' = clear it, a value = replace it. Responses only ever show its last 4 characters.
 */
export const secretInput = z.string({ error: 'invalidValue' }).trim().max(500, { error: 'tooLong' }).nullable().optional();

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
  subscribedUntil: optionalDate(),
});
export type SchoolRequest = z.infer<typeof SchoolRequestSchema>;

export const SchoolConfigurationRequestSchema = z.object({
  id_school: id,
  active: booleanFlag,
  is_charter_connect: booleanFlag,
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
});
export type CampusRequest = z.infer<typeof CampusRequestSchema>;

export const CampusConfigurationRequestSchema = z.object({
  id_campus: id,
  email: optionalEmail,
  google_analytics_tag: optionalText(100),
  api_secret: secretInput,
  phone_number: optionalPhone,
  active: booleanFlag,
  looker_studio_link: optionalText(500),
  is_lottery_campus: booleanFlag,
  /** Student-information system: powerschool 1, schoolmint 2, aspire 3, or null. */
  id_enrollment_sis: optionalId.refine((v) => v === null || v <= 3, { error: 'invalidValue' }),
});
export type CampusConfigurationRequest = z.infer<typeof CampusConfigurationRequestSchema>;

/** The grade option a campus shows on forms (value, label); empty clears it. */
export const CampusGradeOptionRequestSchema = z.object({ id_campus_grade: id, optionValue: optionalText(40), optionLabel: optionalText(80) });
export type CampusGradeOptionRequest = z.infer<typeof CampusGradeOptionRequestSchema>;
/** Toggles a campus grade's activation. */
export const CampusGradeActivationSchema = z.object({ id_campus_grade: id });
/** Language of the display labels of `GET /configuration/campusGrade/campus/{id}`. */
export const GradeLanguageQuerySchema = z.object({ lng: z.enum(LANGUAGES, { error: 'invalidValue' }).optional() });

export const ActiveRequestSchema = z.object({ active: booleanFlag });
