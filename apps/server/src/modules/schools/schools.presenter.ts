import type { SchoolConfiguration, SchoolRow } from '@openseat/shared/schemas/schools';
import { maskedSecret } from '../../lib/crypto';
import type { SchoolConfigurationRecord, SchoolRecord } from './schools.repository';

export const presentSchool = (r: SchoolRecord): SchoolRow => ({
  id_school: r.id_school,
  name: r.name,
  address: r.address,
  telephone: r.telephone,
  email: r.email,
  website: r.website,
  description: r.description,
  subscribedUntil: r.subscribedUntil,
  active: r.active,
  is_charter_connect: r.is_charter_connect,
});

/** Secrets leave the server masked (last 4 characters), never in full. */
export const presentSchoolConfiguration = (key: Buffer, c: SchoolConfigurationRecord): SchoolConfiguration => ({
  id_school: c.id_school,
  active: c.active,
  is_charter_connect: c.is_charter_connect,
  use_less_parameters: c.use_less_parameters,
  is_age_school: c.is_age_school,
  is_one_form: c.is_one_form,
  sendgrid_api_key: maskedSecret(key, c.sendgrid_api_key_encrypted),
  hasSendgridApiKey: c.sendgrid_api_key_encrypted !== null,
  ga_customer_id: c.ga_customer_id,
  ga_conversion_lead_id: c.ga_conversion_lead_id,
  ga_conversion_applied_id: c.ga_conversion_applied_id,
  ga_conversion_enrolled_id: c.ga_conversion_enrolled_id,
  fp_account_id: c.fp_account_id,
  fp_access_token: maskedSecret(key, c.fp_access_token_encrypted),
  hasFpAccessToken: c.fp_access_token_encrypted !== null,
  twilio_account_sid: c.twilio_account_sid,
  twilio_auth_token: maskedSecret(key, c.twilio_auth_token_encrypted),
  hasTwilioAuthToken: c.twilio_auth_token_encrypted !== null,
  time_zone: c.time_zone,
  sms_quiet_start: c.sms_quiet_start,
  sms_quiet_end: c.sms_quiet_end,
});

/** The spec's columns of the schools export (section 3). */
export const SCHOOL_CSV_COLUMNS = ['name', 'address', 'email', 'telephone', 'isActive'];
export const schoolCsvCells = (r: SchoolRecord) => [
  r.name,
  r.address ?? '',
  r.email ?? '',
  r.telephone ?? '',
  r.active,
];
