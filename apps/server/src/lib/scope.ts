import { and, eq, inArray, sql, type Column, type SQL } from 'drizzle-orm';

/**
 * What part of the data a caller may see. `id_school: null` means every school (system users);
 * `campusIds: null` means every campus of the school (school users, maintainers, isAllCampuses).
 * Built on the server from the stored user, never from client input.
 */
export type Scope = { id_school: number | null; campusIds: number[] | null };

export const SYSTEM_SCOPE: Scope = { id_school: null, campusIds: null };

/** SQL condition restricting a table's `id_school` column to the scope (true for system scope). */
export function inSchool(scope: Scope, column: Column): SQL {
  return scope.id_school === null ? sql`true` : eq(column, scope.id_school);
}

/** Restricts both school and campus columns; a campus-owned row is visible only for campuses in scope. */
export function inCampus(scope: Scope, schoolColumn: Column, campusColumn: Column): SQL {
  const school = inSchool(scope, schoolColumn);
  if (scope.campusIds === null) return school;
  if (scope.campusIds.length === 0) return sql`false`;
  return and(school, inArray(campusColumn, scope.campusIds)) as SQL;
}

export const canSeeSchool = (scope: Scope, id_school: number | null) =>
  scope.id_school === null || scope.id_school === id_school;

export const canSeeCampus = (scope: Scope, id_school: number | null, id_campus: number | null) =>
  canSeeSchool(scope, id_school) &&
  (scope.campusIds === null || (id_campus !== null && scope.campusIds.includes(id_campus)));
