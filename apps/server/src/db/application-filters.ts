import { and, eq, inArray, isNull, or, sql, type SQL } from 'drizzle-orm';
import { PERIOD_STATE, LIST_TYPE, type StatusId } from '@openseat/shared/constants';
import type { ApplicationListQuery } from '@openseat/shared/schemas/applications';
import * as s from './schema/index';
import { inCampus, type Scope } from '../lib/scope';

/*
 * The applications list's filter as SQL conditions, shared by the repositories that read the list (applications),
 * its export (exports) and the applications from ads (ads-tracking): one filter, whichever module reads.
 */

const a = s.application;

/** LIKE pattern for a lower-cased "contains" on the generated search column (%, _ and \ taken literally). */
const containsLower = (text: string) => `%${text.toLowerCase().replace(/[%_\\]/g, (c) => `\\${c}`)}%`;

/**
 * How a text search finds its applicants' applications. `join`: the planner joins the applicant matches with the
 * applications (a hash join over every application of the filter). `array`: the matches become one sorted array
 * that the applicant index of applications reads in one pass, period and status included (PostgreSQL 17 and
 * later, see db/planner.ts): a count of 5,000 matches among 100,000 applications 19 -> 12.5 ms on PGlite. The
 * page keeps `join`: it walks the date index and checks a few dozen applicants, never all the matches.
 */
export type TextMatch = 'join' | 'array';

/** The text search: names, e-mails and phones (trigram index on applicant.search_text), or the correlative. */
export function searchCondition(text: string, match: TextMatch = 'join'): SQL {
  // not correlated with the outer row: the planner runs it once, through the trigram index when the term is rare;
  // the view (migration 0051) keeps that index in use under row-level security, and the caller to their schools
  const applicants = sql`SELECT "s"."id_applicant" FROM applicant_search AS "s" WHERE "s"."search_text" LIKE ${containsLower(text)}`;
  const matches =
    match === 'array' ? sql`${a.id_applicant} = ANY(ARRAY(${applicants}))` : sql`${a.id_applicant} IN (${applicants})`;
  const digits = text.replace(/^#/, '');
  if (/^\d{1,9}$/.test(digits)) return or(eq(a.correlative, Number(digits)), matches) as SQL;
  return matches;
}

export type ListFilter = Omit<ApplicationListQuery, 'ids_status' | 'page' | 'pageSize' | 'exactTotal'> & {
  statuses: StatusId[];
  /** Known when the list is of one campus's period: the state is then a constant, not a lookup per row. */
  periodFinalized?: boolean;
};

/** The filter's period state: a constant when known, else looked up for each row. */
function finalizedCondition(f: ListFilter): SQL {
  if (f.periodFinalized !== undefined) return f.periodFinalized ? sql`true` : sql`false`;
  return sql`EXISTS (SELECT 1 FROM ${s.campusYear} WHERE ${s.campusYear.id_campus_year} = ${a.id_campus_year} AND ${s.campusYear.state} = ${PERIOD_STATE.FINALIZED})`;
}

export function listConditions(scope: Scope, f: ListFilter, textMatch: TextMatch = 'join'): SQL {
  const conditions: Array<SQL | undefined> = [isNull(a.deletedAt), inCampus(scope, a.id_school, a.id_campus)];
  if (f.id_campus !== undefined) conditions.push(eq(a.id_campus, f.id_campus));
  if (f.id_school_year !== undefined) conditions.push(eq(a.id_school_year, f.id_school_year));
  conditions.push(f.statuses.length ? inArray(a.id_status, f.statuses) : sql`false`);
  if (f.id_grade !== undefined) conditions.push(eq(a.id_grade, f.id_grade));
  if (f.id_priority_item !== undefined) conditions.push(eq(a.id_priority_item, f.id_priority_item));
  if (f.tagIds?.length)
    conditions.push(
      sql`EXISTS (SELECT 1 FROM ${s.applicationTag} WHERE ${s.applicationTag.id_application} = ${a.id_application} AND ${inArray(s.applicationTag.id_tag, f.tagIds)})`,
    );
  if (f.text) conditions.push(searchCondition(f.text, textMatch));
  // Historical shows finalized periods only; school applications every period; the working lists the others
  const finalized = finalizedCondition(f);
  if (f.type === LIST_TYPE.HISTORICAL) conditions.push(finalized);
  else if (f.type !== LIST_TYPE.SCHOOL_APPS) conditions.push(sql`NOT ${finalized}`);
  return and(...conditions) as SQL;
}
