import { DEFAULT_TIME_ZONE } from '@openseat/shared/enrollment-rules';
import {
  BAR_MONTHS,
  DASHBOARD_ITEM,
  DASHBOARD_ITEM_IDS,
  FUNNEL_STAGES,
  STATUS_CHART_IDS,
  type DashboardAdsResponse,
  type DashboardBarsQuery,
  type DashboardBarsResponse,
  type DashboardFunnelResponse,
  type DashboardItemsResponse,
  type DashboardMetricsQuery,
  type DashboardPeriod,
  type DashboardScopeQuery,
  type DashboardStatusResponse,
  type UserDashboardItemRequest,
  type UserDashboardItemsRequest,
  type UserDashboardItemsResponse,
} from '@openseat/shared/schemas/dashboard';
import { STATUS, STATUSES } from '@openseat/shared/constants';
import type { Db, Executor } from '../../db/client';
import { requireCampus } from '../campuses/campus-ref.service';
import { badRequest } from '../../lib/errors';
import type { Principal } from '../auth/auth.types';
import { isoDay, localDate, periodDays } from './dashboard.periods';
import * as repo from './dashboard.repository';
import { presentRange, presentUserItems } from './dashboard.presenter';

type Resolved = { target: repo.Target; timeZone: string };

/**
 * The school, campuses and period the caller asked for, within their reach: a named campus must be visible
 * (404 otherwise); without one, every campus the caller sees. A system user names a campus (that picks the school).
 */
async function resolve(db: Executor, caller: Principal, query: DashboardScopeQuery): Promise<Resolved> {
  const id_school_year = query.id_school_year ?? null;
  if (query.id_campus !== undefined) {
    const campus = await requireCampus(db, caller.scope, query.id_campus);
    const timeZone = (await repo.timeZoneOf(db, campus.id_school, campus.id_campus)) ?? DEFAULT_TIME_ZONE;
    return { target: { id_school: campus.id_school, campusIds: [campus.id_campus], id_school_year }, timeZone };
  }
  const { id_school, campusIds } = caller.scope;
  if (id_school === null) throw badRequest('required', [{ path: 'id_campus', message: 'required' }]);
  const timeZone = (await repo.timeZoneOf(db, id_school, null)) ?? DEFAULT_TIME_ZONE;
  return { target: { id_school, campusIds, id_school_year }, timeZone };
}

async function windowsOf(
  db: Executor,
  caller: Principal,
  query: DashboardScopeQuery,
  period: DashboardPeriod,
  now: Date,
) {
  const resolved = await resolve(db, caller, query);
  return { ...resolved, windows: periodDays(period, now, resolved.timeZone) };
}

/** `GET /dashboard/items`: the nine metrics (or those asked for) over one period and the previous equivalent one. */
export async function metrics(
  db: Db,
  caller: Principal,
  query: DashboardMetricsQuery,
  now = new Date(),
): Promise<DashboardItemsResponse> {
  const { target, timeZone, windows } = await windowsOf(db, caller, query, query.period, now);
  const counts = await repo.metricCounts(db, target, windows.current, windows.previous);
  const names = new Map((await repo.dashboardItems(db)).map((i) => [i.id, i.name]));
  const ids = query.ids?.length ? DASHBOARD_ITEM_IDS.filter((n) => query.ids!.includes(n)) : DASHBOARD_ITEM_IDS;
  return {
    ...presentRange(query.period, timeZone, windows),
    data: ids.map((n) => ({
      id_dashboard_item: n,
      name: names.get(n) ?? String(n),
      value: counts.current[n],
      previous: counts.previous[n],
    })),
    spots: await repo.seatsOf(db, target),
  };
}

/** `GET /dashboard/leads`: the lead funnel over one period (metrics 3-6: new, to applied, to confirmed, to enrolled). */
export async function funnel(
  db: Db,
  caller: Principal,
  query: DashboardMetricsQuery,
  now = new Date(),
): Promise<DashboardFunnelResponse> {
  const { target, timeZone, windows } = await windowsOf(db, caller, query, query.period, now);
  const counts = await repo.metricCounts(db, target, windows.current, windows.previous);
  const metricOf = {
    lead: DASHBOARD_ITEM.NEW_LEADS,
    applied: DASHBOARD_ITEM.TO_APPLIED,
    confirmed: DASHBOARD_ITEM.TO_CONFIRMED,
    enrolled: DASHBOARD_ITEM.TO_ENROLLED,
  } as const;
  return {
    ...presentRange(query.period, timeZone, windows),
    data: FUNNEL_STAGES.map(({ stage, id_status }) => ({
      stage,
      id_status,
      value: counts.current[metricOf[stage]],
      previous: counts.previous[metricOf[stage]],
    })),
  };
}

/** `GET /dashboard/ads`: new applications from ads over one period, in all and per platform (metrics 7-9). */
export async function ads(
  db: Db,
  caller: Principal,
  query: DashboardMetricsQuery,
  now = new Date(),
): Promise<DashboardAdsResponse> {
  const { target, timeZone, windows } = await windowsOf(db, caller, query, query.period, now);
  const { current, previous } = await repo.metricCounts(db, target, windows.current, windows.previous);
  return {
    ...presentRange(query.period, timeZone, windows),
    total: current[DASHBOARD_ITEM.FROM_ADS],
    previousTotal: previous[DASHBOARD_ITEM.FROM_ADS],
    data: [
      {
        platform: 1,
        name: 'fbPixel',
        value: current[DASHBOARD_ITEM.FROM_FACEBOOK],
        previous: previous[DASHBOARD_ITEM.FROM_FACEBOOK],
      },
      {
        platform: 2,
        name: 'googleAds',
        value: current[DASHBOARD_ITEM.FROM_GOOGLE],
        previous: previous[DASHBOARD_ITEM.FROM_GOOGLE],
      },
    ],
  };
}

/** `GET /dashboard/applications`: the status chart, live applications by current status (lead_2/lead_3 as lead). */
export async function statusChart(
  db: Db,
  caller: Principal,
  query: DashboardScopeQuery,
): Promise<DashboardStatusResponse> {
  const { target } = await resolve(db, caller, query);
  const byStatus = new Map<number, number>();
  for (const row of await repo.statusCounts(db, target)) {
    const folded = row.id_status === STATUS.LEAD_2 || row.id_status === STATUS.LEAD_3 ? STATUS.LEAD : row.id_status;
    byStatus.set(folded, (byStatus.get(folded) ?? 0) + row.n);
  }
  const data = STATUS_CHART_IDS.map((id_status) => ({
    id_status,
    name: STATUSES.find((st) => st.id_status === id_status)!.name,
    value: byStatus.get(id_status) ?? 0,
  }));
  return { total: data.reduce((sum, d) => sum + d.value, 0), data };
}

/**
 * `GET /dashboard/bars-data`: new applications per month of two calendar years (default the previous and the
 * current one, in the school's time zone), for the campus(es) in reach. Calendar years cut across school periods,
 * so the school period of the top bar is not applied here.
 */
export async function bars(
  db: Db,
  caller: Principal,
  query: DashboardBarsQuery,
  now = new Date(),
): Promise<DashboardBarsResponse> {
  const { target, timeZone } = await resolve(db, caller, { id_campus: query.id_campus });
  const { year } = localDate(now, timeZone);
  const year1 = query.year1 ?? year - 1;
  const year2 = query.year2 ?? year;
  const yearOf = (y: number) => ({ from: isoDay(y, 1), to: isoDay(y + 1, 1) });
  const rows = await repo.monthlyNewApplications(db, target, [yearOf(year1), yearOf(year2)]);
  const countOf = new Map(rows.map((r) => [r.month, r.n]));
  const data = Object.fromEntries(
    BAR_MONTHS.map((m) => [m, { value: countOf.get(`${year1}-${m}`) ?? 0, value2: countOf.get(`${year2}-${m}`) ?? 0 }]),
  );
  return { label1: String(year1), label2: String(year2), timeZone, data };
}

/** `GET /user/dashboard/items`: the caller's widgets (all nine in catalog order until they choose). */
export async function userItems(db: Db, caller: Principal): Promise<UserDashboardItemsResponse> {
  const [catalog, stored] = await Promise.all([repo.dashboardItems(db), repo.userItems(db, caller.id_user)]);
  return presentUserItems(catalog, stored);
}

/** `PUT /user/dashboard/items`: the chosen widgets in order; the rest are kept, inactive, after them. */
export async function saveUserItems(db: Db, caller: Principal, input: UserDashboardItemsRequest) {
  await db.transaction(async (tx) => {
    await repo.lockUser(tx, caller.id_user);
    await repo.writeUserItems(tx, caller.id_user, input.items, [...DASHBOARD_ITEM_IDS]);
  });
  return userItems(db, caller);
}

/** `PUT /user/dashboard/item`: one widget on (added last) or off; without isActive it is toggled. */
export async function saveUserItem(db: Db, caller: Principal, input: UserDashboardItemRequest) {
  await db.transaction(async (tx) => {
    await repo.lockUser(tx, caller.id_user);
    const current = presentUserItems(await repo.dashboardItems(tx), await repo.userItems(tx, caller.id_user));
    const chosen = current.data.filter((i) => i.isActive).map((i) => i.id_dashboard_item);
    const isOn = chosen.includes(input.id_dashboard_item);
    const turnOn = input.isActive ?? !isOn;
    const next = turnOn
      ? isOn
        ? chosen
        : [...chosen, input.id_dashboard_item]
      : chosen.filter((n) => n !== input.id_dashboard_item);
    await repo.writeUserItems(tx, caller.id_user, next, [...DASHBOARD_ITEM_IDS]);
  });
  return userItems(db, caller);
}
