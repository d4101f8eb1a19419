import type {
  AdsConsentBasis,
  AdsEventAttempt,
  AdsEventRow,
  AdsEventState,
  AdsSettings,
} from '@openseat/shared/schemas/ads-conversions';
import { EVENT_NAME } from './ads-conversions.jobs';
import type { EventRecord, SettingsRecord } from './ads-conversions.repository';

const iso = (at: Date | string | null) => (at === null ? null : new Date(at).toISOString());

/** The switches, the recorded basis and whether each platform has what it needs (never the token itself). */
export const presentSettings = (r: SettingsRecord): AdsSettings => ({
  id_school: r.id_school,
  ads_conversions_enabled: r.ads_conversions_enabled,
  ads_consent_basis: r.ads_consent_basis as AdsConsentBasis | null,
  ads_consent_note: r.ads_consent_note,
  ads_consent_recorded_at: iso(r.ads_consent_recorded_at),
  ads_consent_recorded_by: r.ads_consent_recorded_by,
  ads_send_hashed_contact: r.ads_send_hashed_contact,
  metaReady: Boolean(r.fp_account_id && r.hasFpAccessToken),
  googleReady: Boolean(r.ga_customer_id && (r.ga_conversion_applied_id || r.ga_conversion_enrolled_id)),
});

/** An event and its attempts: ids of the ad and the application only. */
export const presentEvent = (r: EventRecord): AdsEventRow => ({
  id_ads_conversion_event: r.id_ads_conversion_event,
  platform: r.platform,
  id_application: r.id_application,
  eventName: (r.id_status !== null && EVENT_NAME[r.id_status]) || 'lead',
  campaign_id: r.campaign_id,
  ad_id: r.ad_id,
  status: r.status as AdsEventState,
  attempts: r.attempts,
  error: r.error,
  createdAt: iso(r.createdAt)!,
  sentAt: iso(r.sentAt),
  nextAttemptAt: iso(r.nextAttemptAt),
  attemptLog: (r.attemptLog as AdsEventAttempt[] | null) ?? [],
});
