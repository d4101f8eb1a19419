import { z } from 'zod';
import { booleanFlag, id, optionalText } from './rules';

/*
 * Consent to text messages (issue 28, docs/privacy.md "Messaging consent"): no SMS goes to a phone without it. Given
 * on the application form or in the family portal, recorded by staff with where it came from, withdrawn by a STOP
 * reply (START gives it again), in the portal or by staff.
 */

export const SMS_CONSENT_SOURCES = ['form', 'portal', 'staff', 'stop', 'start'] as const;
export type SmsConsentSource = (typeof SMS_CONSENT_SOURCES)[number];

/** The longest note staff may write on where a consent came from. */
export const SMS_CONSENT_NOTE_MAX = 500;

export const SmsConsentEntrySchema = z.object({
  granted: z.boolean(),
  source: z.enum(SMS_CONSENT_SOURCES),
  /** Staff's words on where it came from. */
  note: z.string().nullable(),
  /** The staff member who recorded it (null: the family, on the form, in the portal or by a reply). */
  recordedBy: z.string().nullable(),
  at: z.string(),
});
export type SmsConsentEntry = z.infer<typeof SmsConsentEntrySchema>;

/** The phone texts to an application go to (the guardian's, else the applicant's), its consent and history. */
export const SmsConsentSchema = z.object({
  phone: z.string().nullable(),
  granted: z.boolean(),
  history: z.array(SmsConsentEntrySchema),
});
export type SmsConsent = z.infer<typeof SmsConsentSchema>;

/** Staff record a consent given (where it came from is required) or withdrawn. */
export const SmsConsentChangeSchema = z
  .object({ granted: booleanFlag, note: optionalText(SMS_CONSENT_NOTE_MAX) })
  .refine((change) => !change.granted || change.note !== null, { path: ['note'], error: 'required' });
export type SmsConsentChange = z.infer<typeof SmsConsentChangeSchema>;

/**
 * `PUT /family/sms-consent`: the family's own answer in the portal, texts yes or no, for the phones of their
 * applications at one school of theirs (`id_school`), or at every school of theirs when it is left out.
 */
export const FamilySmsConsentSchema = z.object({ granted: booleanFlag, id_school: id.optional() });
export type FamilySmsConsentChange = z.infer<typeof FamilySmsConsentSchema>;

/** One change in a family's consent history, as the family sees it (no staff names, no staff notes). */
export const FamilySmsConsentEntrySchema = z.object({
  /** The phone it was for, mostly hidden ("•••• 0142"). */
  phone: z.string(),
  granted: z.boolean(),
  /** How: on the form, in the portal, by the school (staff), by a STOP or START reply. */
  source: z.enum(SMS_CONSENT_SOURCES),
  at: z.string(),
});
export type FamilySmsConsentEntry = z.infer<typeof FamilySmsConsentEntrySchema>;

/**
 * `GET /family/sms-consent`: per school of the guardian's applications, the phones its texts about them go to (the
 * guardian's, else the applicant's, mostly hidden), whether texts may go to all of them now, and their history.
 */
export const FamilySmsConsentSchoolSchema = z.object({
  id_school: z.number().int(),
  school: z.string(),
  phones: z.array(z.string()),
  /** Every phone of the school may be texted (the newest answer of each is yes). */
  granted: z.boolean(),
  history: z.array(FamilySmsConsentEntrySchema),
});
export type FamilySmsConsentSchool = z.infer<typeof FamilySmsConsentSchoolSchema>;
