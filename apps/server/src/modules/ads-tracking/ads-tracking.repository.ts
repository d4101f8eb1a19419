import { and, asc, desc, eq, gt, gte, ilike, inArray, isNotNull, isNull, lt, sql, type SQL } from 'drizzle-orm';
import { STATUS } from '@openseat/shared/constants';
import type { Executor } from '../../db/client';
import { countWhere, type Counting } from '../../db/bounded-count';
import * as s from '../../db/schema/index';
import { inCampus, type Scope } from '../../lib/scope';
import { containsPattern } from '../../lib/sql';
import { searchCondition } from '../../db/application-filters';

/*
 * Reads of the applications that came from an ad (`platform` set). Every query is scoped to the caller's
 * school and campuses, leaves deleted applications out, and filters `(id_school, platform, created_at)` first:
 * the columns of application_ads_idx.
 */

const a = s.application;
const ap = s.applicant;

/** What every ads read narrows by: the range [from, to), the platforms, the campus, school year and status. */
export type AdsFilter = {
  from: Date;
  to: Date;
  platforms: number[];
  id_campus?: number;
  id_school_year?: number;
  /** Lead (1) or none: every application from an ad; another status: the ones in it now. */
  id_status?: number;
  text?: string;
  ad_id?: string;
  campaign_id?: string;
};

export function adsConditions(scope: Scope, f: AdsFilter): SQL {
  const conditions: Array<SQL | undefined> = [
    isNull(a.deletedAt),
    inCampus(scope, a.id_school, a.id_campus),
    isNotNull(a.platform),
    inArray(a.platform, f.platforms),
    gte(a.createdAt, f.from),
    lt(a.createdAt, f.to),
  ];
  if (f.id_campus !== undefined) conditions.push(eq(a.id_campus, f.id_campus));
  if (f.id_school_year !== undefined) conditions.push(eq(a.id_school_year, f.id_school_year));
  if (f.id_status !== undefined && f.id_status !== STATUS.LEAD) conditions.push(eq(a.id_status, f.id_status));
  if (f.text) conditions.push(searchCondition(f.text));
  if (f.ad_id) conditions.push(ilike(a.ad_id, containsPattern(f.ad_id)));
  if (f.campaign_id) conditions.push(ilike(a.campaign_id, containsPattern(f.campaign_id)));
  return and(...conditions) as SQL;
}

/** Counts per platform and UTC month (YYYY-MM). */
export async function countByMonth(db: Executor, scope: Scope, f: AdsFilter) {
  const month = sql<string>`to_char(${a.createdAt} AT TIME ZONE 'UTC', 'YYYY-MM')`;
  const rows = await db
    .select({ platform: a.platform, month, count: sql<number>`count(*)::int` })
    .from(a)
    .where(adsConditions(scope, f))
    .groupBy(a.platform, month);
  return rows.map((r) => ({ platform: Number(r.platform), month: r.month, count: Number(r.count) }));
}

const rowColumns = {
  id_application: a.id_application,
  correlative: a.correlative,
  createdAt: a.createdAt,
  firstName: ap.firstName,
  lastName: ap.lastName,
  campaign_id: a.campaign_id,
  ad_id: a.ad_id,
  id_status: a.id_status,
  platform: a.platform,
  id_campus: a.id_campus,
};

export type AdsApplicationRecord = {
  id_application: number;
  correlative: number;
  createdAt: Date;
  firstName: string | null;
  lastName: string | null;
  campaign_id: string | null;
  ad_id: string | null;
  id_status: number;
  platform: number | null;
  id_campus: number;
};

/** The table's total, counted as `counting` says (a school's ad leads grow with every campaign). */
export const countApplications = (db: Executor, scope: Scope, f: AdsFilter, counting: Counting) =>
  countWhere(db, a, adsConditions(scope, f), counting);

/** One page of the table, newest first. */
export async function listApplications(
  db: Executor,
  scope: Scope,
  f: AdsFilter,
  page: number,
  pageSize: number,
): Promise<AdsApplicationRecord[]> {
  return db
    .select(rowColumns)
    .from(a)
    .innerJoin(ap, eq(ap.id_applicant, a.id_applicant))
    .where(adsConditions(scope, f))
    .orderBy(desc(a.createdAt), desc(a.id_application))
    .limit(pageSize)
    .offset(page * pageSize);
}

/** The export's next rows after `afterId`, in id order: keyset pages, so no page is read twice or held twice. */
export async function exportPage(
  db: Executor,
  scope: Scope,
  f: AdsFilter,
  afterId: number,
  limit: number,
): Promise<AdsApplicationRecord[]> {
  return db
    .select(rowColumns)
    .from(a)
    .innerJoin(ap, eq(ap.id_applicant, a.id_applicant))
    .where(and(adsConditions(scope, f), gt(a.id_application, afterId)))
    .orderBy(asc(a.id_application))
    .limit(limit);
}
