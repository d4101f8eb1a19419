import { and, asc, desc, eq, inArray, isNull, ne, or, sql, type AnyColumn, type SQL } from 'drizzle-orm';
import { LIST_TOTAL_BOUND, PERIOD_STATE, LIST_TYPE } from '@openseat/shared/constants';
import type { Executor } from '../../db/client';
import * as s from '../../db/schema/index';
import { inCampus, type Scope } from '../../lib/scope';
import { readsArraysInOnePass } from '../../db/planner';
import { arrayOf } from '../../lib/sql';
import { listConditions, type ListFilter } from '../../db/application-filters';
import { waitingFactColumns } from '../../db/waiting-facts';
import { countWhere, type Counting, type Total } from '../../db/bounded-count';

/*
 * Reads of the applications lists and detail. Every query is scoped (campus in scope) and leaves deleted
 * applications out: they are kept only for the audit.
 */

const a = s.application;
const ap = s.applicant;

export type { ListFilter };

/**
 * The campus a list names, if the scope may see it (undefined otherwise: the caller answers 404), and, when the list
 * names one of its periods, whether that period is finalized (false when there is none: it holds nothing), in one
 * round trip. `periodFinalized` is undefined for a list across periods.
 */
export async function findListCampus(
  db: Executor,
  scope: Scope,
  id_campus: number,
  id_school_year: number | undefined,
): Promise<{ periodFinalized: boolean | undefined } | undefined> {
  const inScope = and(eq(s.campus.id_campus, id_campus), inCampus(scope, s.campus.id_school, s.campus.id_campus));
  if (id_school_year === undefined) {
    const [row] = await db.select({ id_campus: s.campus.id_campus }).from(s.campus).where(inScope);
    return row && { periodFinalized: undefined };
  }
  const [row] = await db
    .select({ state: s.campusYear.state })
    .from(s.campus)
    .leftJoin(
      s.campusYear,
      and(eq(s.campusYear.id_campus, s.campus.id_campus), eq(s.campusYear.id_school_year, id_school_year)),
    )
    .where(inScope);
  return row && { periodFinalized: row.state === PERIOD_STATE.FINALIZED };
}

/**
 * Below this many matching rows a page is found by filtering first and sorting the few rows: the planner misjudges
 * how selective combined filters are (grade AND priority AND status) and would walk the newest-first index past
 * every row of the period to find 3 (58 ms instead of 5 on 100,000 applications). The lists' count bound: a count up to
 * it says whether the rows are this few.
 */
const FEW_ROWS = LIST_TOTAL_BOUND;

type Direction = 'asc' | 'desc';

/**
 * The list's order. `few`: the same order as expressions no index provides, so the planner filters first and sorts
 * the few rows. `reversed`: every term flipped (NULLS LAST becomes NULLS FIRST), to read a deep page from the end.
 */
function listOrder(f: ListFilter, few: boolean, reversed: boolean): SQL[] {
  const flip = (d: Direction): Direction => (reversed ? (d === 'asc' ? 'desc' : 'asc') : d);
  const by = (term: SQL | AnyColumn, d: Direction) => (flip(d) === 'asc' ? asc(term) : desc(term));
  const nullsLast = (term: AnyColumn) => (reversed ? sql`${term} DESC NULLS FIRST` : sql`${term} ASC NULLS LAST`);
  const chosen = (fallback: Direction): Direction => f.direction ?? fallback;
  const createdAt = few ? sql`(${a.createdAt} + interval '0 s')` : a.createdAt;
  const correlative = few ? sql`(${a.correlative} + 0)` : a.correlative;
  switch (f.sort) {
    case 'correlative':
      return [by(correlative, chosen('asc'))];
    case 'applicant':
      return [
        by(sql`lower(${ap.firstName})`, chosen('asc')),
        by(sql`lower(${ap.lastName})`, chosen('asc')),
        by(a.id_application, chosen('asc')),
      ];
    case 'createdAt':
      return [by(createdAt, chosen('desc')), by(a.id_application, chosen('desc'))];
    default:
      if (f.type === LIST_TYPE.WAITING_LIST)
        return [nullsLast(s.grade.position), nullsLast(a.waiting_list_position), by(a.id_application, 'asc')];
      return [by(createdAt, 'desc'), by(a.id_application, 'desc')];
  }
}

/** The list's total: exact up to `counting.bound` ("more than bound" beyond it), or exact when asked. */
export function countApplications(db: Executor, scope: Scope, f: ListFilter, counting: Counting): Promise<Total> {
  return countWhere(db, a, listConditions(scope, f, readsArraysInOnePass(db) ? 'array' : 'join'), counting);
}

/**
 * The columns of a page's rows, by their ids (one array parameter): built once per executor, as drizzle's building of
 * this wide select was a visible part of every list request's cost; on a server each session parses and plans it once.
 */
function pageRowsQuery(db: Executor) {
  return db
    .select({
      id_application: a.id_application,
      correlative: a.correlative,
      createdAt: a.createdAt,
      id_campus: a.id_campus,
      campusName: s.campus.name,
      id_school_year: a.id_school_year,
      id_campus_year: a.id_campus_year,
      id_applicant: ap.id_applicant,
      firstName: ap.firstName,
      lastName: ap.lastName,
      email: ap.email,
      phoneNumber: ap.phoneNumber,
      guardianName: ap.guardianName,
      guardianEmail: ap.guardianEmail,
      guardianPhoneNumber: ap.guardianPhoneNumber,
      id_grade: a.id_grade,
      gradeName: s.grade.name,
      gradeAge: s.grade.age,
      id_priority_item: a.id_priority_item,
      id_status: a.id_status,
      waiting_list_position: a.waiting_list_position,
      read: a.read,
      // lottery number, offer deadline and "why this position": a few index lookups per row of the page
      ...waitingFactColumns,
      // the unread tooltip and the tags, in the same statement: a few index lookups per row of the page
      lastMove: lastMoveOf(a.id_application),
      tags: tagsOfRow(a.id_application),
    })
    .from(a)
    .innerJoin(ap, eq(ap.id_applicant, a.id_applicant))
    .innerJoin(s.campus, eq(s.campus.id_campus, a.id_campus))
    .leftJoin(s.grade, eq(s.grade.id_grade, a.id_grade))
    .where(sql`${a.id_application} = ANY(${sql.placeholder('ids')}::int[])`)
    .prepare('openseat_list_rows');
}

const pageRowsQueries = new WeakMap<Executor, ReturnType<typeof pageRowsQuery>>();

function pageRowsOf(db: Executor) {
  let query = pageRowsQueries.get(db);
  if (!query) {
    query = pageRowsQuery(db);
    pageRowsQueries.set(db, query);
  }
  return query;
}

/**
 * One page of a list in two steps: the page's ids first, sorted and cut on the application rows alone (joining the
 * applicant only to sort by name, the grade only for the waiting list's order), then the columns of those 25 rows.
 * So the page never joins every applicant of the school. `total`: the list's total when counted before the page
 * (null when counted at the same time); only an exact one lets a deep page be read from the end.
 */
export async function listApplications(
  db: Executor,
  scope: Scope,
  f: ListFilter,
  page: number,
  pageSize: number,
  total: Total | null,
) {
  let pageQuery = db.select({ id: a.id_application }).from(a).$dynamic();
  if (f.sort === 'applicant') pageQuery = pageQuery.innerJoin(ap, eq(ap.id_applicant, a.id_applicant));
  if (!f.sort && f.type === LIST_TYPE.WAITING_LIST)
    pageQuery = pageQuery.leftJoin(s.grade, eq(s.grade.id_grade, a.id_grade));
  const offset = page * pageSize;
  const exact = total?.totalExact ? total.total : null;
  // a page nearer the end of an exactly counted list is read from the end (fewer rows to skip), then put back in order
  const size = exact === null ? pageSize : Math.min(pageSize, exact - offset);
  const fromEnd = exact !== null && exact - offset - size < offset;
  const found = (
    await pageQuery
      .where(listConditions(scope, f))
      .orderBy(...listOrder(f, exact !== null && exact <= FEW_ROWS, fromEnd))
      .limit(size)
      .offset(fromEnd ? exact - offset - size : offset)
  ).map((r) => r.id);
  const ids = fromEnd ? found.reverse() : found;
  if (!ids.length) return [];
  const rows = await pageRowsOf(db).execute({ ids: arrayOf(ids) });
  const byId = new Map(rows.map((r) => [r.id_application, r]));
  return ids.flatMap((id) => byId.get(id) ?? []);
}
export type ListedApplication = Awaited<ReturnType<typeof listApplications>>[number];

/** The newest status row of an application (the unread tooltip 'moved from X to Y'); null before any. */
export type LastMove = { id_status: number; id_status_from: number | null; id_user: number | null; createdAt: string };
const lastMoveOf = (id_application: AnyColumn) => sql<LastMove | null>`(
  SELECT json_build_object('id_status', st.id_status, 'id_status_from', st.id_status_from, 'id_user', st.id_user,
                           'createdAt', st.created_at)
  FROM ${s.applicationStatus} st WHERE st.id_application = ${id_application}
  ORDER BY st.id_application_status DESC LIMIT 1)`;

export type TagOf = { id_tag: number; name: string };
/** An application's tags by name, as a JSON array. */
const tagsOfRow = (id_application: AnyColumn) => sql<TagOf[]>`coalesce((
  SELECT json_agg(json_build_object('id_tag', t.id_tag, 'name', t.name) ORDER BY t.name)
  FROM ${s.applicationTag} at JOIN ${s.tag} t ON t.id_tag = at.id_tag
  WHERE at.id_application = ${id_application}), '[]'::json)`;

/** A value of another table by its key, for each row (a scalar subquery: no join order for the planner to search). */
const lookup = <T>(column: AnyColumn, key: AnyColumn, equals: AnyColumn) =>
  sql<T>`(SELECT ${column} FROM ${column.table} WHERE ${key} = ${equals})`;

/**
 * One application with its applicant, grade, priority, campus, school, school year and period, when in scope. The
 * lookups are scalar subqueries, not joins: planning a ten-table join cost more than running it (3.4 ms on PGlite).
 */
export async function findDetail(db: Executor, scope: Scope, id_application: number) {
  const [row] = await db
    .select({
      application: a,
      applicant: ap,
      guardianTypeName: lookup<string | null>(s.guardianType.name, s.guardianType.id, ap.id_guardian_type),
      grade: sql<{ id_grade: number; name: string; age: number } | null>`(
        SELECT json_build_object('id_grade', g.id_grade, 'name', g.name, 'age', g.age)
        FROM ${s.grade} g WHERE g.id_grade = ${a.id_grade})`,
      priorityName: lookup<string | null>(s.priorityItem.name, s.priorityItem.id_priority_item, a.id_priority_item),
      priorityLevel: sql<number | null>`(SELECT cp.priority_level FROM ${s.campusPriority} cp
        WHERE cp.id_campus = ${a.id_campus} AND cp.id_priority_item = ${a.id_priority_item})`,
      campusName: lookup<string>(s.campus.name, s.campus.id_campus, a.id_campus),
      schoolName: lookup<string>(s.school.name, s.school.id_school, a.id_school),
      schoolYear: {
        id_school_year: s.schoolYear.id_school_year,
        name: s.schoolYear.name,
        year_one: s.schoolYear.year_one,
        year_two: s.schoolYear.year_two,
      },
      periodState: lookup<(typeof s.campusYear.state)['_']['data'] | null>(
        s.campusYear.state,
        s.campusYear.id_campus_year,
        a.id_campus_year,
      ),
      facts: waitingFactColumns,
      tags: tagsOfRow(a.id_application),
    })
    .from(a)
    .innerJoin(ap, eq(ap.id_applicant, a.id_applicant))
    .innerJoin(s.schoolYear, eq(s.schoolYear.id_school_year, a.id_school_year))
    .where(and(eq(a.id_application, id_application), isNull(a.deletedAt), inCampus(scope, a.id_school, a.id_campus)));
  return row;
}
export type DetailRow = NonNullable<Awaited<ReturnType<typeof findDetail>>>;

/** The status history of an application, newest first, with who moved it. */
export async function statusHistory(db: Executor, id_application: number) {
  const st = s.applicationStatus;
  return db
    .select({
      id_application_status: st.id_application_status,
      id_status: st.id_status,
      id_status_from: st.id_status_from,
      waiting_list_position: st.waiting_list_position,
      read: st.read,
      id_status_movement_type: st.id_status_movement_type,
      movementName: s.statusMovementType.name,
      id_user: st.id_user,
      userName: s.user.name,
      createdAt: st.createdAt,
    })
    .from(st)
    .innerJoin(s.statusMovementType, eq(s.statusMovementType.id_status_movement_type, st.id_status_movement_type))
    .leftJoin(s.user, eq(s.user.id_user, st.id_user))
    .where(eq(st.id_application, id_application))
    .orderBy(desc(st.createdAt), desc(st.id_application_status));
}
export type HistoryRow = Awaited<ReturnType<typeof statusHistory>>[number];

export async function notesOf(db: Executor, id_application: number) {
  const n = s.applicationNote;
  return db
    .select({
      id_application_note: n.id_application_note,
      note: n.note,
      id_user: n.id_user,
      userName: s.user.name,
      createdAt: n.createdAt,
    })
    .from(n)
    .leftJoin(s.user, eq(s.user.id_user, n.id_user))
    .where(eq(n.id_application, id_application))
    .orderBy(desc(n.createdAt), desc(n.id_application_note));
}

export async function filesOf(db: Executor, id_application: number) {
  const f = s.applicationFile;
  return db
    .select({
      id_application_file: f.id_application_file,
      originalName: f.originalName,
      mimeType: f.mimeType,
      size: f.size,
      createdAt: f.createdAt,
    })
    .from(f)
    .where(eq(f.id_application, id_application))
    .orderBy(desc(f.createdAt), desc(f.id_application_file));
}

/** Marks applications read or unread (the campus's flag). Only live applications in scope. */
export async function setRead(db: Executor, scope: Scope, ids: number[], read: boolean) {
  return db
    .update(a)
    .set({ read })
    .where(
      and(
        inArray(a.id_application, ids),
        isNull(a.deletedAt),
        inCampus(scope, a.id_school, a.id_campus),
        ne(a.read, read),
      ),
    )
    .returning({ id_application: a.id_application, id_school: a.id_school, id_campus: a.id_campus });
}

const contactEmail = ap.guardianEmailKey;
const contactPhone = ap.guardianPhoneKey;

/**
 * Live applications of one school period whose guardian's e-mail or phone, normalised in SQL as
 * siblings.service.ts normalises them, is one of `emails` / `phones`: the candidates of a family, one query on the
 * period's applications (the caller widens the keys until the family stops growing).
 */
export async function familyCandidates(
  db: Executor,
  scope: Scope,
  id_campus_year: number,
  keys: { emails: string[]; phones: string[] },
) {
  const matches: SQL[] = [];
  if (keys.emails.length)
    matches.push(
      sql`${contactEmail} IN (${sql.join(
        keys.emails.map((e) => sql`${e}`),
        sql`, `,
      )})`,
    );
  if (keys.phones.length)
    matches.push(
      sql`${contactPhone} IN (${sql.join(
        keys.phones.map((p) => sql`${p}`),
        sql`, `,
      )})`,
    );
  if (!matches.length) return [];
  return db
    .select({
      id_application: a.id_application,
      correlative: a.correlative,
      firstName: ap.firstName,
      lastName: ap.lastName,
      grade: s.grade.name,
      id_status: a.id_status,
      guardianEmail: ap.guardianEmail,
      guardianPhoneNumber: ap.guardianPhoneNumber,
    })
    .from(a)
    .innerJoin(ap, eq(ap.id_applicant, a.id_applicant))
    .leftJoin(s.grade, eq(s.grade.id_grade, a.id_grade))
    .where(
      and(
        eq(a.id_campus_year, id_campus_year),
        isNull(a.deletedAt),
        inCampus(scope, a.id_school, a.id_campus),
        or(...matches),
      ),
    )
    .orderBy(asc(a.id_application));
}
export type FamilyCandidate = Awaited<ReturnType<typeof familyCandidates>>[number];
