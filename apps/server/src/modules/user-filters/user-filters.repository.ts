import { and, asc, eq, inArray, type SQL } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import * as s from '../../db/schema/index';
import { inCampus, type Scope } from '../../lib/scope';

export type StoredFilter = { items: Array<{ id_filter: number; values: number[] }> };

// A user's saved filters are the user's own: every query is keyed by the caller's id_user.

export async function listFilters(db: Executor, id_user: number, listType?: number) {
  const where = [eq(s.userFilter.id_user, id_user)];
  if (listType !== undefined) where.push(eq(s.userFilter.listType, listType));
  return db
    .select({ listType: s.userFilter.listType, filter: s.userFilter.filter })
    .from(s.userFilter)
    .where(and(...where))
    .orderBy(asc(s.userFilter.listType));
}

/** The list's saved filter, locked until the caller's transaction ends (two tabs saving at once). */
export async function lockFilter(db: Executor, id_user: number, listType: number) {
  // the row is created first (empty) so there is always a row to lock
  await db
    .insert(s.userFilter)
    .values({ id_user, listType, filter: { items: [] } })
    .onConflictDoNothing({ target: [s.userFilter.id_user, s.userFilter.listType] });
  const [row] = await db
    .select({ filter: s.userFilter.filter })
    .from(s.userFilter)
    .where(and(eq(s.userFilter.id_user, id_user), eq(s.userFilter.listType, listType)))
    .for('update');
  return row.filter as StoredFilter;
}

export async function saveFilter(db: Executor, id_user: number, listType: number, filter: StoredFilter) {
  await db
    .update(s.userFilter)
    .set({ filter })
    .where(and(eq(s.userFilter.id_user, id_user), eq(s.userFilter.listType, listType)));
}

export async function deleteFilters(db: Executor, id_user: number, listType?: number) {
  const where: SQL[] = [eq(s.userFilter.id_user, id_user)];
  if (listType !== undefined) where.push(eq(s.userFilter.listType, listType));
  await db.delete(s.userFilter).where(and(...where));
}

/** How many of these campuses the scope may see. */
export async function visibleCampuses(db: Executor, scope: Scope, ids: number[]) {
  const rows = await db
    .select({ id: s.campus.id_campus })
    .from(s.campus)
    .where(and(inArray(s.campus.id_campus, ids), inCampus(scope, s.campus.id_school, s.campus.id_campus)));
  return rows.length;
}

export async function visibleTags(db: Executor, scope: Scope, ids: number[]) {
  const rows = await db
    .select({ id: s.tag.id_tag })
    .from(s.tag)
    .where(and(inArray(s.tag.id_tag, ids), inCampus(scope, s.tag.id_school, s.tag.id_campus)));
  return rows.length;
}

/** How many of these ids a catalog (grade, priority item, school year) has. */
export async function catalogCount(db: Executor, catalog: 'grade' | 'priority' | 'schoolYear', ids: number[]) {
  const column =
    catalog === 'grade'
      ? s.grade.id_grade
      : catalog === 'priority'
        ? s.priorityItem.id_priority_item
        : s.schoolYear.id_school_year;
  const table = catalog === 'grade' ? s.grade : catalog === 'priority' ? s.priorityItem : s.schoolYear;
  const rows = await db.select({ id: column }).from(table).where(inArray(column, ids));
  return rows.length;
}
