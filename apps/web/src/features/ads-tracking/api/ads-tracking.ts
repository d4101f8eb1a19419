import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { AdsApplicationRow, AdSource, MonthlyReport, StatusCount } from '@openseat/shared/schemas/ads-tracking';
import type { Page } from '@openseat/shared/schemas/pagination';
import { http } from '../../../lib/client';
import { downloadCsv } from '../../../lib/download';

/** What every ads call carries: the range of the screen and the campus and school period of the top bar. */
export type AdsRangeParams = {
  dateRange: number;
  startDate?: string;
  endDate?: string;
  id_campus?: number;
  id_school_year?: number;
};

export type AdsTableParams = AdsRangeParams & {
  platform: AdSource;
  id_status?: number;
  text?: string;
  ad_id?: string;
  campaign_id?: string;
};

const adsKeys = {
  report: (p: AdsRangeParams) => ['ads-tracking', 'report', p] as const,
  count: (p: AdsRangeParams & { id_status: number; platform: AdSource }) => ['ads-tracking', 'count', p] as const,
  table: (p: AdsTableParams & { page: number; pageSize: number }) => ['ads-tracking', 'table', p] as const,
};

/** The pie's and the bars' numbers for one status (lead 1 or enrolled 9): each chart asks for both. */
export const useStatusCount = (params: AdsRangeParams & { id_status: number; platform: AdSource }, enabled: boolean) =>
  useQuery({
    queryKey: adsKeys.count(params),
    queryFn: () => http.get<StatusCount>('/ads-tracking/status-application-count', params),
    placeholderData: keepPreviousData,
    enabled,
  });

export const useAdsApplications = (params: AdsTableParams & { page: number; pageSize: number }, enabled: boolean) =>
  useQuery({
    queryKey: adsKeys.table(params),
    queryFn: () => http.get<Page<AdsApplicationRow>>('/ads-tracking/applications', params),
    placeholderData: keepPreviousData,
    enabled,
  });

/** The advertising report: leads per month and platform (read when its panel opens). */
export const useMonthlyReport = (params: AdsRangeParams, enabled: boolean) =>
  useQuery({
    queryKey: adsKeys.report(params),
    queryFn: () => http.get<MonthlyReport>('/ads-tracking/monthly-report', params),
    enabled,
  });

/** The table's filters as the spec's ads CSV. */
export const exportAds = (params: AdsTableParams) =>
  downloadCsv('/ads-tracking/applications/export', 'ads-applications.csv', params);
