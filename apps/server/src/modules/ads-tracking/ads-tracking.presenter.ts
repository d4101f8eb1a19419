import { STATUSES } from '@openseat/shared/constants';
import { AD_PLATFORM_NAMES, type AdPlatformName, type AdsApplicationRow } from '@openseat/shared/schemas/ads-tracking';
import type { AdsApplicationRecord } from './ads-tracking.repository';

export const statusName = (id_status: number) => STATUSES.find((st) => st.id_status === id_status)?.name ?? '';

export const platformName = (platform: number | null): AdPlatformName =>
  AD_PLATFORM_NAMES[platform as keyof typeof AD_PLATFORM_NAMES] ?? 'fbPixel';

export const applicantName = (r: Pick<AdsApplicationRecord, 'firstName' | 'lastName'>) =>
  `${r.firstName ?? ''} ${r.lastName ?? ''}`.trim();

export function presentRow(r: AdsApplicationRecord): AdsApplicationRow {
  return {
    id_application: r.id_application,
    correlative: r.correlative,
    createdAt: r.createdAt.toISOString(),
    applicantName: applicantName(r),
    campaign_id: r.campaign_id,
    ad_id: r.ad_id,
    id_status: r.id_status,
    status: statusName(r.id_status),
    platform: platformName(r.platform),
    id_campus: r.id_campus,
  };
}

/** A CSV row in the spec's ads columns: createdAt (ISO, UTC), id (the one staff see), applicantName, ... */
export const csvCells = (r: AdsApplicationRecord): unknown[] => [
  r.createdAt.toISOString(),
  r.correlative,
  applicantName(r),
  r.campaign_id,
  r.ad_id,
  statusName(r.id_status),
  platformName(r.platform),
];
