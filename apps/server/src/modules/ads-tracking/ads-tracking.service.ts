import { AD_PLATFORM, STATUS } from '@openseat/shared/constants';
import type { Page } from '@openseat/shared/schemas/pagination';
import {
  ADS_CSV_COLUMNS,
  monthsOf,
  platformsOf,
  rangeDays,
  rangeOf,
  type AdsApplicationRow,
  type AdsApplicationsQuery,
  type AdsExportQuery,
  type AdsRangeQuery,
  type AdsStatusCountQuery,
  type MonthCount,
  type MonthlyReport,
  type StatusCount,
} from '@openseat/shared/schemas/ads-tracking';
import type { Db } from '../../db/client';
import { countingOf, totalAfterPage } from '../../db/bounded-count';
import { writeAudit } from '../audit/audit.service';
import { requireCampus } from '../campuses/campus-ref.service';
import type { Scope } from '../../lib/scope';
import * as repo from './ads-tracking.repository';
import { csvCells, presentRow } from './ads-tracking.presenter';

/** Who asks (a Principal, or a bare scope in tests): the scope bounds every read; the rest goes on audit rows. */
export type AdsCaller = { scope: Scope; id_user: number | null; id_school: number | null };

/** Rows per query while exporting (at most this many are held at once). */
export const ADS_EXPORT_PAGE = 1000;

const ALL_PLATFORMS = [AD_PLATFORM.FB_PIXEL, AD_PLATFORM.GOOGLE_ADS];

/** The repository filter of a query: its range computed at `now`, its campus checked against the scope. */
async function filterOf(
  db: Db,
  caller: AdsCaller,
  query: AdsRangeQuery &
    Partial<Pick<AdsApplicationsQuery, 'platform' | 'id_status' | 'text' | 'ad_id' | 'campaign_id'>>,
  now: Date,
) {
  if (query.id_campus !== undefined) await requireCampus(db, caller.scope, query.id_campus);
  const range = rangeOf(query, now);
  const filter: repo.AdsFilter = {
    ...range,
    platforms: query.platform ? platformsOf(query.platform) : ALL_PLATFORMS,
    id_campus: query.id_campus,
    id_school_year: query.id_school_year,
    id_status: query.id_status,
    text: query.text || undefined,
    ad_id: query.ad_id || undefined,
    campaign_id: query.campaign_id || undefined,
  };
  return { range, filter };
}

/** Every month of the axis with its count (0 when none). */
const fillMonths = (months: string[], counts: Map<string, number>): MonthCount[] =>
  months.map((month) => ({ month, count: counts.get(month) ?? 0 }));

/** Spec "Advertising report": fbPixel and googleAds, each a list of month (YYYY-MM) and count. */
export async function monthlyReport(
  db: Db,
  caller: AdsCaller,
  query: AdsRangeQuery,
  now = new Date(),
): Promise<MonthlyReport> {
  const { range, filter } = await filterOf(db, caller, query, now);
  const rows = await repo.countByMonth(db, caller.scope, filter);
  const months = monthsOf(range, now);
  const of = (platform: number) =>
    fillMonths(months, new Map(rows.filter((r) => r.platform === platform).map((r) => [r.month, r.count])));
  return { fbPixel: of(AD_PLATFORM.FB_PIXEL), googleAds: of(AD_PLATFORM.GOOGLE_ADS), range: rangeDays(range) };
}

/** The pie's and the bars' numbers for one status: per platform, and per month for the chosen source. */
export async function statusCount(
  db: Db,
  caller: AdsCaller,
  query: AdsStatusCountQuery,
  now = new Date(),
): Promise<StatusCount> {
  const { range, filter } = await filterOf(db, caller, query, now);
  const rows = await repo.countByMonth(db, caller.scope, filter);
  const sumOf = (platform: number) => rows.filter((r) => r.platform === platform).reduce((n, r) => n + r.count, 0);
  const perMonth = new Map<string, number>();
  for (const r of rows) perMonth.set(r.month, (perMonth.get(r.month) ?? 0) + r.count);
  const fbPixel = sumOf(AD_PLATFORM.FB_PIXEL);
  const googleAds = sumOf(AD_PLATFORM.GOOGLE_ADS);
  return {
    id_status: query.id_status ?? STATUS.LEAD,
    total: fbPixel + googleAds,
    fbPixel,
    googleAds,
    months: fillMonths(monthsOf(range, now), perMonth),
    range: rangeDays(range),
  };
}

/** The platform applications table. Applicants' names are student records: the read is audited. */
export async function listApplications(
  db: Db,
  caller: AdsCaller,
  query: AdsApplicationsQuery,
  now = new Date(),
): Promise<Page<AdsApplicationRow>> {
  const { filter } = await filterOf(db, caller, query, now);
  const [counted, rows] = await Promise.all([
    repo.countApplications(db, caller.scope, filter, countingOf(query.exactTotal)),
    repo.listApplications(db, caller.scope, filter, query.page, query.pageSize),
  ]);
  const total = totalAfterPage(counted, query.page * query.pageSize, query.pageSize, rows.length);
  await writeAudit(db, caller, {
    action: 'ads_tracking.list',
    entity: 'application',
    id_campus: query.id_campus ?? null,
    changes: { filters: auditedFilters(query), rows: rows.length, total: total.total },
  });
  return { data: rows.map(presentRow), ...total, page: query.page, pageSize: query.pageSize };
}

/** The query as the audit keeps it (what was asked for, not the rows). */
function auditedFilters(query: AdsExportQuery) {
  return Object.fromEntries(Object.entries(query).filter(([, v]) => v !== undefined && v !== null && v !== ''));
}

async function* exportRows(db: Db, caller: AdsCaller, filter: repo.AdsFilter) {
  for (let afterId = 0; ;) {
    const page = await repo.exportPage(db, caller.scope, filter, afterId, ADS_EXPORT_PAGE);
    yield* page;
    if (page.length < ADS_EXPORT_PAGE) return;
    afterId = page[page.length - 1].id_application;
  }
}

/**
 * The CSV of the table's filters (spec ads columns). Everything that can refuse it (the campus, bad input)
 * happens before a byte is sent, and the audit row that records who exported what is written first.
 */
export async function prepareExport(db: Db, caller: AdsCaller, query: AdsExportQuery, now = new Date()) {
  const { range, filter } = await filterOf(db, caller, query, now);
  await writeAudit(db, caller, {
    action: 'ads_tracking.export',
    entity: 'application',
    id_campus: query.id_campus ?? null,
    changes: { columns: [...ADS_CSV_COLUMNS], filters: auditedFilters(query), range: rangeDays(range) },
  });
  return {
    filename: 'ads-applications.csv',
    columns: [...ADS_CSV_COLUMNS],
    rows: exportRows(db, caller, filter),
    cells: csvCells,
  };
}
