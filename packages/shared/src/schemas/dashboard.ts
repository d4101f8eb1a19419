import { z } from 'zod';
import { id, wholeNumber } from './rules';

/**
 * The dashboard contract (docs/api-dashboard.md): the nine metrics of spec section 9 over the dashboard periods,
 * the lead funnel, the 12-month bar chart, the status chart, and each user's chosen widgets.
 */

/** Dashboard metrics 1-9 (catalog dashboard_item, spec section 9). */
export const DASHBOARD_ITEM = {
  SPOTS_TAKEN: 1,
  CHANGED_STATUS: 2,
  NEW_LEADS: 3,
  TO_APPLIED: 4,
  TO_CONFIRMED: 5,
  TO_ENROLLED: 6,
  FROM_ADS: 7,
  FROM_FACEBOOK: 8,
  FROM_GOOGLE: 9,
} as const;
export type DashboardItemId = (typeof DASHBOARD_ITEM)[keyof typeof DASHBOARD_ITEM];
export const DASHBOARD_ITEM_IDS = Object.values(DASHBOARD_ITEM) as DashboardItemId[];

/** Dashboard periods (spec section 9), each a span of whole calendar months in the school's time zone. */
export const DASHBOARD_PERIODS = [
  'this_month',
  'last_month',
  'last_trimester',
  'last_semester',
  'this_year',
  'last_year',
] as const;
export type DashboardPeriod = (typeof DASHBOARD_PERIODS)[number];

/** Lead funnel stages (spec section 9) and the status each stage counts. */
export const FUNNEL_STAGES = [
  { stage: 'lead', id_status: 1 },
  { stage: 'applied', id_status: 3 },
  { stage: 'confirmed', id_status: 7 },
  { stage: 'enrolled', id_status: 9 },
] as const;

/** The status chart's statuses: 1-9 (lead_2 and lead_3 count as lead). */
export const STATUS_CHART_IDS = [1, 2, 3, 4, 5, 6, 7, 8, 9] as const;

/** Bar chart months, keyed '01'-'12'. */
export const BAR_MONTHS = ['01', '02', '03', '04', '05', '06', '07', '08', '09', '10', '11', '12'] as const;

const year = wholeNumber(2000, 2100, {
  required: 'invalidValue',
  notNumber: 'invalidValue',
  notWhole: 'invalidValue',
  tooSmall: 'invalidValue',
  tooLarge: 'invalidValue',
});

/**
 * Where the figures are counted: the campus and school period of the top bar. Without `id_campus` every campus
 * the caller may see (a campus user without all campuses sees only theirs); without `id_school_year` every period.
 */
export const DashboardScopeQuerySchema = z.object({
  id_campus: id.optional(),
  id_school_year: id.optional(),
});
export type DashboardScopeQuery = z.infer<typeof DashboardScopeQuerySchema>;

const period = z.enum(DASHBOARD_PERIODS, { error: 'invalidValue' });

const itemIdList = z.preprocess(
  (v) => (typeof v === 'string' ? (v.trim() === '' ? [] : v.split(',')) : typeof v === 'number' ? [v] : v),
  z
    .array(
      id.refine((n) => (DASHBOARD_ITEM_IDS as number[]).includes(n), { error: 'invalidValue' }),
      { error: 'invalidValue' },
    )
    .max(9, { error: 'tooLong' }),
);

/** `GET /dashboard/items`, `/dashboard/leads`, `/dashboard/ads`: one period (default this month). */
export const DashboardMetricsQuerySchema = DashboardScopeQuerySchema.extend({
  period: period.default('this_month'),
  /** Metrics to answer (`1,2` or repeated); default all nine. */
  ids: itemIdList.optional(),
});
export type DashboardMetricsQuery = z.infer<typeof DashboardMetricsQuerySchema>;

/** `GET /dashboard/bars-data`: two calendar years (default the previous and the current one). */
export const DashboardBarsQuerySchema = DashboardScopeQuerySchema.extend({
  year1: year.optional(),
  year2: year.optional(),
});
export type DashboardBarsQuery = z.infer<typeof DashboardBarsQuerySchema>;

const count = z.number().int();
const instant = z.string().describe('ISO 8601 instant (UTC)');

export const DashboardWindowSchema = z
  .object({
    from: z.string().describe('First local day counted (YYYY-MM-DD)'),
    to: z.string().describe('First local day no longer counted (YYYY-MM-DD)'),
    start: instant,
    end: instant,
  })
  .describe('Local days [from, to) in the time zone, and the instants [start, end) they cover');

export const DashboardRangeSchema = z.object({
  period: z.enum(DASHBOARD_PERIODS),
  timeZone: z.string(),
  current: DashboardWindowSchema,
  /** The previous equivalent window (for "this month/year": as many days of the previous one). */
  previous: DashboardWindowSchema,
});
export type DashboardRange = z.infer<typeof DashboardRangeSchema>;

export const DashboardMetricSchema = z.object({
  id_dashboard_item: z.number().int(),
  name: z.string(),
  value: count,
  previous: count,
});
export type DashboardMetric = z.infer<typeof DashboardMetricSchema>;

export const DashboardItemsResponseSchema = DashboardRangeSchema.extend({
  data: z.array(DashboardMetricSchema),
  /** Seats of the school period(s) in scope now: the context of metric 1. */
  spots: z.object({ spots: count, taken: count }),
});
export type DashboardItemsResponse = z.infer<typeof DashboardItemsResponseSchema>;

export const DashboardFunnelResponseSchema = DashboardRangeSchema.extend({
  data: z.array(
    z.object({
      stage: z.enum(['lead', 'applied', 'confirmed', 'enrolled']),
      id_status: count,
      value: count,
      previous: count,
    }),
  ),
});
export type DashboardFunnelResponse = z.infer<typeof DashboardFunnelResponseSchema>;

export const DashboardAdsResponseSchema = DashboardRangeSchema.extend({
  total: count,
  previousTotal: count,
  data: z.array(
    z.object({ platform: z.number().int(), name: z.enum(['fbPixel', 'googleAds']), value: count, previous: count }),
  ),
});
export type DashboardAdsResponse = z.infer<typeof DashboardAdsResponseSchema>;

export const DashboardStatusResponseSchema = z.object({
  total: count,
  data: z.array(z.object({ id_status: count, name: z.string(), value: count })),
});
export type DashboardStatusResponse = z.infer<typeof DashboardStatusResponseSchema>;

export const DashboardBarsResponseSchema = z.object({
  label1: z.string(),
  label2: z.string(),
  timeZone: z.string(),
  /** '01'..'12' -> new applications of that month in year1 (value) and year2 (value2). */
  data: z.record(z.string(), z.object({ value: count, value2: count })),
});
export type DashboardBarsResponse = z.infer<typeof DashboardBarsResponseSchema>;

export const UserDashboardItemSchema = z.object({
  id_dashboard_item: z.number().int(),
  name: z.string(),
  position: z.number().int(),
  isActive: z.boolean(),
});
export type UserDashboardItem = z.infer<typeof UserDashboardItemSchema>;

/** The user's widgets: the chosen ones first, in order, then the others (inactive). */
export const UserDashboardItemsResponseSchema = z.object({
  /** False until the user saves a choice (then the default, all nine in order, is shown). */
  configured: z.boolean(),
  data: z.array(UserDashboardItemSchema),
});
export type UserDashboardItemsResponse = z.infer<typeof UserDashboardItemsResponseSchema>;

/** `PUT /user/dashboard/items`: the chosen widgets in order (may be empty: nothing shown). */
export const UserDashboardItemsRequestSchema = z.object({
  items: z
    .array(
      id.refine((n) => (DASHBOARD_ITEM_IDS as number[]).includes(n), { error: 'invalidValue' }),
      { error: 'invalidValue' },
    )
    .max(9, { error: 'tooLong' })
    .refine((ids) => new Set(ids).size === ids.length, { error: 'invalidValue' }),
});
export type UserDashboardItemsRequest = z.infer<typeof UserDashboardItemsRequestSchema>;

/** `PUT /user/dashboard/item`: turn one widget on (added last) or off; without isActive it is toggled. */
export const UserDashboardItemRequestSchema = z.object({
  id_dashboard_item: id.refine((n) => (DASHBOARD_ITEM_IDS as number[]).includes(n), { error: 'invalidValue' }),
  isActive: z.boolean({ error: 'invalidValue' }).optional(),
});
export type UserDashboardItemRequest = z.infer<typeof UserDashboardItemRequestSchema>;
