import { z } from 'zod';
import { STATUS_IDS } from '../application-status';
import { AD_PLATFORM, DATE_RANGE, PAGE_DEFAULT, PAGE_SIZE_DEFAULT, STATUS, type StatusId } from '../constants';
import { exactTotal, pageSize, searchText } from './pagination';
import { id, optionalDate, pageNumber, text } from './rules';

/**
 * Ads tracking (docs/api-ads-tracking.md): where the applications that came from an ad (`application.platform`)
 * stand, by month, platform and status, for one of the date ranges of spec section 9.
 */

/** The ads sources of the screen (spec section 9): every platform, Facebook (fbPixel 1) or Google (googleAds 2). */
export const AD_SOURCES = ['all', 'facebook', 'google'] as const;
export type AdSource = (typeof AD_SOURCES)[number];

/** The platform ids a source covers. */
export const platformsOf = (source: AdSource): number[] =>
  source === 'facebook'
    ? [AD_PLATFORM.FB_PIXEL]
    : source === 'google'
      ? [AD_PLATFORM.GOOGLE_ADS]
      : [AD_PLATFORM.FB_PIXEL, AD_PLATFORM.GOOGLE_ADS];

/** The platform names the API answers with (spec "Advertising report"). */
export const AD_PLATFORM_NAMES = { [AD_PLATFORM.FB_PIXEL]: 'fbPixel', [AD_PLATFORM.GOOGLE_ADS]: 'googleAds' } as const;
export type AdPlatformName = (typeof AD_PLATFORM_NAMES)[keyof typeof AD_PLATFORM_NAMES];

export const DATE_RANGE_IDS = Object.values(DATE_RANGE);
export type DateRangeId = (typeof DATE_RANGE)[keyof typeof DATE_RANGE];

const numberIn = <T extends number>(values: readonly T[]) =>
  z.preprocess(
    (v) => (typeof v === 'string' && v.trim() !== '' ? Number(v) : v),
    z.number({ error: 'invalidValue' }).refine((n): n is T => (values as readonly number[]).includes(n), {
      error: 'invalidValue',
    }),
  ) as unknown as z.ZodType<T, unknown>;

/**
 * The status a count or list is about. Lead (1) means every application that came from an ad, whatever it is now
 * (each one arrived as a lead); any other status means the applications in that status now (enrolled 9).
 */
const statusId = numberIn<StatusId>(STATUS_IDS);

/** The range fields every ads route reads: a date range of spec section 9, and the campus and school year. */
const rangeFields = {
  /** this month 1 (the default: "Ads pie default filter 1 with no dates"), last 3 months 2, last 6 months 3, last year 4, this year 5, personalised 6. */
  dateRange: numberIn<DateRangeId>(DATE_RANGE_IDS).default(DATE_RANGE.THIS_MONTH),
  /** YYYY-MM-DD, UTC; read only with the personalised range (6), which needs both. */
  startDate: optionalDate(),
  endDate: optionalDate(),
  id_campus: id.optional(),
  id_school_year: id.optional(),
};

type RangeInput = { dateRange: DateRangeId; startDate: string | null; endDate: string | null };

/** A personalised range names both days, the start on or before the end. */
function checkRange(v: RangeInput, ctx: z.RefinementCtx) {
  if (v.dateRange !== DATE_RANGE.PERSONALIZED) return;
  if (!v.startDate) ctx.addIssue({ code: 'custom', message: 'required', path: ['startDate'] });
  if (!v.endDate) ctx.addIssue({ code: 'custom', message: 'required', path: ['endDate'] });
  if (v.startDate && v.endDate && v.startDate > v.endDate)
    ctx.addIssue({ code: 'custom', message: 'adsDatesOrder', path: ['endDate'] });
}

/** `GET /ads-tracking/monthly-report`. */
export const AdsRangeQuerySchema = z.object(rangeFields).superRefine(checkRange);
export type AdsRangeQuery = z.infer<typeof AdsRangeQuerySchema>;

/** `GET /ads-tracking/status-application-count`: one status (lead 1 or enrolled 9) for one source. */
export const AdsStatusCountQuerySchema = z
  .object({
    ...rangeFields,
    id_status: statusId.default(STATUS.LEAD),
    platform: z.enum(AD_SOURCES, { error: 'invalidValue' }).default('all'),
  })
  .superRefine(checkRange);
export type AdsStatusCountQuery = z.infer<typeof AdsStatusCountQuerySchema>;

/** The table's filters: text (applicant or id), ad id, campaign id (case-insensitive contains), status, source. */
const tableFields = {
  ...rangeFields,
  id_status: statusId.optional(),
  platform: z.enum(AD_SOURCES, { error: 'invalidValue' }).default('all'),
  text: searchText.optional(),
  ad_id: text().trim().max(200, { error: 'tooLong' }).optional(),
  campaign_id: text().trim().max(200, { error: 'tooLong' }).optional(),
};

/** `GET /ads-tracking/applications`: the platform applications table, newest first (page 0, 25 rows). */
export const AdsApplicationsQuerySchema = z
  .object({
    ...tableFields,
    page: pageNumber.default(PAGE_DEFAULT),
    pageSize: pageSize.default(PAGE_SIZE_DEFAULT),
    exactTotal,
  })
  .superRefine(checkRange);
export type AdsApplicationsQuery = z.infer<typeof AdsApplicationsQuerySchema>;

/** `GET /ads-tracking/applications/export`: the table's filters, every page. */
export const AdsExportQuerySchema = z.object(tableFields).superRefine(checkRange);
export type AdsExportQuery = z.infer<typeof AdsExportQuerySchema>;

/** The spec's ads CSV columns (section 3, "Exports"), in order. */
export const ADS_CSV_COLUMNS = [
  'createdAt',
  'id',
  'applicantName',
  'campaign_id',
  'ad_id',
  'status',
  'platform',
] as const;

// ---- responses ----

const MonthCountSchema = z.object({ month: z.string().describe('YYYY-MM'), count: z.number().int() });
export type MonthCount = z.infer<typeof MonthCountSchema>;

/** The range the answer covers, first and last day (YYYY-MM-DD, UTC). */
const RangeSchema = z.object({ startDate: z.string(), endDate: z.string() });

export const MonthlyReportSchema = z
  .object({
    fbPixel: z.array(MonthCountSchema),
    googleAds: z.array(MonthCountSchema),
    range: RangeSchema,
  })
  .describe('Applications from ads per month (YYYY-MM) and platform, every month of the range up to now');
export type MonthlyReport = z.infer<typeof MonthlyReportSchema>;

export const StatusCountSchema = z
  .object({
    id_status: z.number().int(),
    total: z.number().int(),
    fbPixel: z.number().int(),
    googleAds: z.number().int(),
    /** The source's count per month of the range (YYYY-MM), up to now. */
    months: z.array(MonthCountSchema),
    range: RangeSchema,
  })
  .describe('How many applications from ads are in the status (lead: every one), per platform and per month');
export type StatusCount = z.infer<typeof StatusCountSchema>;

export const AdsApplicationRowSchema = z.object({
  id_application: z.number().int(),
  /** The id staff see. */
  correlative: z.number().int(),
  /** ISO time, UTC. */
  createdAt: z.string(),
  applicantName: z.string(),
  campaign_id: z.string().nullable(),
  ad_id: z.string().nullable(),
  id_status: z.number().int(),
  /** The status name (lead, applied, enrolled...). */
  status: z.string(),
  platform: z.enum(['fbPixel', 'googleAds']),
  id_campus: z.number().int(),
});
export type AdsApplicationRow = z.infer<typeof AdsApplicationRowSchema>;

// ---- date ranges ----

const DAY_MS = 24 * 3600 * 1000;
const isoDay = (d: Date) => d.toISOString().slice(0, 10);
const monthStart = (year: number, month: number) => new Date(Date.UTC(year, month, 1));

/**
 * The moments [from, to) a range covers, in UTC (ads times are UTC, spec section 2). Month ranges end with the
 * current month and count it as one of theirs: "last 3 months" in March is January to March. Last year is the
 * calendar year before this one; personalised covers both of its days.
 */
export function rangeOf(query: RangeInput, now: Date): { from: Date; to: Date } {
  const year = now.getUTCFullYear();
  const month = now.getUTCMonth();
  const nextMonth = monthStart(year, month + 1);
  switch (query.dateRange) {
    case DATE_RANGE.LAST_3_MONTHS:
      return { from: monthStart(year, month - 2), to: nextMonth };
    case DATE_RANGE.LAST_6_MONTHS:
      return { from: monthStart(year, month - 5), to: nextMonth };
    case DATE_RANGE.LAST_YEAR:
      return { from: monthStart(year - 1, 0), to: monthStart(year, 0) };
    case DATE_RANGE.THIS_YEAR:
      return { from: monthStart(year, 0), to: monthStart(year + 1, 0) };
    case DATE_RANGE.PERSONALIZED:
      return {
        from: new Date(`${query.startDate}T00:00:00Z`),
        to: new Date(Date.parse(`${query.endDate}T00:00:00Z`) + DAY_MS),
      };
    default:
      return { from: monthStart(year, month), to: nextMonth };
  }
}

/** The first and last day of a range, as the answers show it. */
export const rangeDays = (range: { from: Date; to: Date }) => ({
  startDate: isoDay(range.from),
  endDate: isoDay(new Date(range.to.getTime() - DAY_MS)),
});

/** Every month (YYYY-MM) the range touches, none after the current month: the charts' axis. */
export function monthsOf(range: { from: Date; to: Date }, now: Date): string[] {
  const months: string[] = [];
  const last = Math.min(range.to.getTime() - 1, monthStart(now.getUTCFullYear(), now.getUTCMonth() + 1).getTime() - 1);
  for (
    let d = monthStart(range.from.getUTCFullYear(), range.from.getUTCMonth());
    d.getTime() <= last;
    d = monthStart(d.getUTCFullYear(), d.getUTCMonth() + 1)
  )
    months.push(d.toISOString().slice(0, 7));
  return months;
}
