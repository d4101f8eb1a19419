import { z } from 'zod';
import { booleanFlag, id, optionalText } from './rules';

/*
 * Conversion events to the ads platforms (docs/ads-conversions.md). Off by default; a school switches them on with
 * a recorded basis. No student data ever leaves: only the lead's ad ids and, with its own switch, the guardian's
 * hashed contact.
 */

/**
 * Why the school may report conversions: the guardian agreed (e.g. a consent box on the inquiry form), a written
 * agreement with the family or the ads processor, or a documented legitimate-interest assessment.
 */
export const ADS_CONSENT_BASES = ['guardian_consent', 'written_agreement', 'legitimate_interest'] as const;
export type AdsConsentBasis = (typeof ADS_CONSENT_BASES)[number];

/** The life of a conversion event (column ads_conversion_event.status). */
export const ADS_EVENT_STATES = ['pending', 'sending', 'sent', 'failed', 'skipped', 'cancelled'] as const;
export type AdsEventState = (typeof ADS_EVENT_STATES)[number];

const consentBasis = z.preprocess(
  (v) => (v === '' ? null : v),
  z.enum(ADS_CONSENT_BASES, { error: 'invalidValue' }).nullable(),
);

export const AdsSettingsQuerySchema = z.object({ id_school: id });

/**
 * PUT /ads-conversions/settings. Absent fields keep their stored value. Switching on needs a basis (sent now or
 * stored); changing the basis or its note records who did it and when.
 */
export const AdsSettingsRequestSchema = z.object({
  id_school: id,
  ads_conversions_enabled: booleanFlag.optional(),
  /** The legal basis for reporting conversions; null or '' clears it (refused while switched on). */
  ads_consent_basis: consentBasis.optional(),
  /** Where the basis is documented (the consent text, the agreement): free text, at most 500 characters. */
  ads_consent_note: optionalText(500).optional(),
  /** Send the guardian's e-mail and phone, SHA-256 hashed, so the platforms can match the conversion. */
  ads_send_hashed_contact: booleanFlag.optional(),
});
export type AdsSettingsRequest = z.infer<typeof AdsSettingsRequestSchema>;

export const AdsSettingsSchema = z
  .object({
    id_school: z.number().int(),
    ads_conversions_enabled: z.boolean(),
    ads_consent_basis: z.enum(ADS_CONSENT_BASES).nullable(),
    ads_consent_note: z.string().nullable(),
    /** When the basis was recorded (ISO 8601), and the name of who recorded it. */
    ads_consent_recorded_at: z.string().nullable(),
    ads_consent_recorded_by: z.string().nullable(),
    ads_send_hashed_contact: z.boolean(),
    /** Whether the platform credentials are configured (the pixel id and token, the customer id and actions). */
    metaReady: z.boolean(),
    googleReady: z.boolean(),
  })
  .describe("A school's conversion-event settings");
export type AdsSettings = z.infer<typeof AdsSettingsSchema>;

export const AdsEventAttemptSchema = z.object({
  at: z.string(),
  /** The platform's HTTP status; null when no answer came (network error) or nothing was sent. */
  httpStatus: z.number().int().nullable(),
  outcome: z.enum(['sent', 'retry', 'failed', 'skipped', 'cancelled']),
  message: z.string().nullable(),
});
export type AdsEventAttempt = z.infer<typeof AdsEventAttemptSchema>;

export const AdsEventRowSchema = z
  .object({
    id_ads_conversion_event: z.number().int(),
    /** fbPixel or googleAds. */
    platform: z.string(),
    id_application: z.number().int(),
    /** The stage reported: applied or enrolled. */
    eventName: z.string(),
    campaign_id: z.string().nullable(),
    ad_id: z.string().nullable(),
    status: z.enum(ADS_EVENT_STATES),
    attempts: z.number().int(),
    error: z.string().nullable(),
    createdAt: z.string(),
    sentAt: z.string().nullable(),
    nextAttemptAt: z.string().nullable(),
    attemptLog: z.array(AdsEventAttemptSchema),
  })
  .describe('A conversion event and its attempts (no student data)');
export type AdsEventRow = z.infer<typeof AdsEventRowSchema>;
