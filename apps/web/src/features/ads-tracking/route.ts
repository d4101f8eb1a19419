import { DATE_RANGE } from '@openseat/shared/constants';
import { AD_SOURCES, type AdSource } from '@openseat/shared/schemas/ads-tracking';

/**
 * The screen's state lives in its address (spec section 2): ads/tracking/{platform}/{id_status}/{timeFrame} and,
 * for the personalised range, /{startDate}/{endDate}; a row opens .../application/{id}.
 */
export type AdsView = {
  platform: AdSource;
  id_status: number;
  timeFrame: number;
  startDate?: string;
  endDate?: string;
};

/** "Ads pie default filter 1 with no dates": every platform, leads, this month. */
export const DEFAULT_VIEW: AdsView = { platform: 'all', id_status: 1, timeFrame: DATE_RANGE.THIS_MONTH };

const DAY = /^\d{4}-\d{2}-\d{2}$/;

export function viewOf(params: Record<string, string | undefined>): AdsView {
  const platform = (AD_SOURCES as readonly string[]).includes(params.platform ?? '')
    ? (params.platform as AdSource)
    : DEFAULT_VIEW.platform;
  const id_status = Number(params.id_status) === 9 ? 9 : 1;
  const timeFrame = Number(params.timeFrame);
  const dates = DAY.test(params.startDate ?? '') && DAY.test(params.endDate ?? '');
  if (timeFrame === DATE_RANGE.PERSONALIZED && dates)
    return { platform, id_status, timeFrame, startDate: params.startDate, endDate: params.endDate };
  if (timeFrame >= DATE_RANGE.THIS_MONTH && timeFrame < DATE_RANGE.PERSONALIZED)
    return { platform, id_status, timeFrame };
  return { ...DEFAULT_VIEW, platform, id_status };
}

/** The address of a view, under /main. */
export function pathOf(view: AdsView): string {
  const base = `/main/ads/tracking/${view.platform}/${view.id_status}/${view.timeFrame}`;
  return view.timeFrame === DATE_RANGE.PERSONALIZED ? `${base}/${view.startDate}/${view.endDate}` : base;
}
