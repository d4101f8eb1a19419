import { and, asc, count, eq, exists, ilike, inArray, or, sql, type SQL } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import { CONTEXT_TYPE } from '@openseat/shared/constants';
import type { UserTab } from '@openseat/shared/schemas/users';
import type { Executor } from '../../db/client';
import * as s from '../../db/schema/index';
import { forbidden } from '../../lib/errors';
import { canSeeCampus, inSchool, type Scope } from '../../lib/scope';
import { containsPattern } from '../../lib/sql';

const TAB_CONTEXT: Record<UserTab, number> = {
  system: CONTEXT_TYPE.SYSTEM,
  school: CONTEXT_TYPE.SCHOOL,
  campus: CONTEXT_TYPE.CAMPUS,
  maintenance: CONTEXT_TYPE.SCHOOL_MAINTAINER,
};

/** Users the scope may see: own school's users, its campuses' users, and maintainers of the school. */
export function userInScope(scope: Scope): SQL {
  if (scope.id_school === null) return sql`true`;
  const maintainsSchool = exists(
    sql`(SELECT 1 FROM ${s.userSchool} WHERE ${s.userSchool.id_user} = ${s.user.id_user} AND ${s.userSchool.id_school} = ${scope.id_school})`,
  );
  if (scope.campusIds === null) return or(eq(s.user.id_school, scope.id_school), maintainsSchool) as SQL;
  if (scope.campusIds.length === 0) return sql`false`;
  return and(eq(s.user.id_school, scope.id_school), inArray(s.user.id_campus, scope.campusIds)) as SQL;
}

const campusOfUser = alias(s.campus, 'user_campus');

const userColumns = {
  id_user: s.user.id_user,
  name: s.user.name,
  email: s.user.email,
  telephone: s.user.telephone,
  isActive: s.user.isActive,
  photo: s.user.photo,
  id_context_type: s.user.id_context_type,
  id_role: s.user.id_role,
  roleName: s.role.name,
  id_school: s.user.id_school,
  schoolName: s.school.name,
  id_campus: s.user.id_campus,
  campusName: campusOfUser.name,
  isAllCampuses: s.user.isAllCampuses,
};

export type UserListRow = Awaited<ReturnType<typeof selectUsers>>[number];

function selectUsers(db: Executor, where: SQL) {
  return db
    .select(userColumns)
    .from(s.user)
    .innerJoin(s.role, eq(s.role.id_role, s.user.id_role))
    .leftJoin(s.school, eq(s.school.id_school, s.user.id_school))
    .leftJoin(campusOfUser, eq(campusOfUser.id_campus, s.user.id_campus))
    .where(where);
}

export type UserFilter = {
  tab?: UserTab;
  text?: string;
  onlyCampusUsers?: boolean;
  id_school?: number;
  id_campus?: number;
};

function filterOf(scope: Scope, filter: UserFilter): SQL {
  const conditions: SQL[] = [userInScope(scope)];
  if (filter.tab) conditions.push(eq(s.user.id_context_type, TAB_CONTEXT[filter.tab]));
  if (filter.onlyCampusUsers) conditions.push(eq(s.user.id_context_type, CONTEXT_TYPE.CAMPUS));
  if (filter.id_school) conditions.push(userInScope({ id_school: filter.id_school, campusIds: null }));
  if (filter.id_campus) conditions.push(eq(s.user.id_campus, filter.id_campus));
  if (filter.text) {
    const like = containsPattern(filter.text);
    conditions.push(or(ilike(s.user.name, like), ilike(s.user.email, like)) as SQL);
  }
  return and(...conditions) as SQL;
}

export async function listUsers(db: Executor, scope: Scope, filter: UserFilter, page: number, pageSize: number) {
  const where = filterOf(scope, filter);
  const rows = await selectUsers(db, where)
    .orderBy(asc(s.user.name), asc(s.user.id_user))
    .limit(pageSize)
    .offset(page * pageSize);
  const [{ n }] = await db.select({ n: count() }).from(s.user).where(where);
  return { rows, total: n };
}

/** Every user matching the filter, in pages of 500 (CSV export streams through this). */
export async function* eachUser(db: Executor, scope: Scope, filter: UserFilter) {
  const where = filterOf(scope, filter);
  for (let offset = 0; ; offset += 500) {
    const rows = await selectUsers(db, where).orderBy(asc(s.user.name), asc(s.user.id_user)).limit(500).offset(offset);
    yield* rows;
    if (rows.length < 500) return;
  }
}

export async function findUser(db: Executor, scope: Scope, id_user: number) {
  return (await selectUsers(db, and(eq(s.user.id_user, id_user), userInScope(scope)) as SQL))[0];
}

/** The schools each user maintains, limited to those the scope may see (a school never learns the others). */
export async function maintainedSchoolsOf(db: Executor, scope: Scope, ids: number[]) {
  if (ids.length === 0) return [];
  return db
    .select({ id_user: s.userSchool.id_user, id_school: s.school.id_school, name: s.school.name })
    .from(s.userSchool)
    .innerJoin(s.school, eq(s.school.id_school, s.userSchool.id_school))
    .where(and(inArray(s.userSchool.id_user, ids), inSchool(scope, s.userSchool.id_school)))
    .orderBy(asc(s.school.name));
}

/**
 * Every school a user in scope serves (its own and those it maintains), including schools outside the scope:
 * the service needs them to tell whether the caller covers the whole user. Never sent out.
 */
export async function servedSchoolIds(db: Executor, scope: Scope, id_user: number): Promise<number[]> {
  const user = await findUser(db, scope, id_user);
  if (!user) return [];
  const maintained = await db
    .select({ id_school: s.userSchool.id_school })
    .from(s.userSchool)
    .where(eq(s.userSchool.id_user, id_user));
  const ids = maintained.map((r) => r.id_school);
  return [...new Set(user.id_school === null ? ids : [user.id_school, ...ids])];
}

/** E-mails are unique across every school, so this look-up is deliberately not scoped. */
export async function emailTaken(db: Executor, email: string, exceptUser?: number) {
  const rows = await db.select({ id: s.user.id_user }).from(s.user).where(eq(s.user.email, email));
  return rows.some((r) => r.id !== exceptUser);
}

/** Roles are shared by every school (spec section 6): any caller may look one up. */
export async function findRole(db: Executor, id_role: number) {
  return (await db.select().from(s.role).where(eq(s.role.id_role, id_role)))[0];
}

/** The schools of `ids` that exist and that the scope may see. */
export async function schoolsInScope(db: Executor, scope: Scope, ids: number[]): Promise<number[]> {
  if (ids.length === 0) return [];
  const rows = await db
    .select({ id: s.school.id_school })
    .from(s.school)
    .where(and(inArray(s.school.id_school, ids), inSchool(scope, s.school.id_school)));
  return rows.map((r) => r.id);
}

/** A placement the scope does not reach is never written, whatever the service decided. */
function assertPlaceable(
  scope: Scope,
  values: { id_context_type?: number; id_school?: number | null; id_campus?: number | null },
) {
  if (scope.id_school === null) return;
  const school = values.id_school ?? null;
  const campus = values.id_campus ?? null;
  const placeable =
    campus !== null
      ? canSeeCampus(scope, school, campus)
      : school !== null
        ? school === scope.id_school && scope.campusIds === null
        : values.id_context_type !== CONTEXT_TYPE.SYSTEM && scope.campusIds === null;
  if (!placeable) throw forbidden();
}

export async function insertUser(db: Executor, scope: Scope, values: typeof s.user.$inferInsert) {
  assertPlaceable(scope, values);
  const [row] = await db.insert(s.user).values(values).returning({ id_user: s.user.id_user });
  await db.insert(s.userConfiguration).values({ id_user: row.id_user, id_main_campus: values.id_campus ?? null });
  return row.id_user;
}

/** Changes a user the scope may see; false when there is none. */
export async function updateUser(
  db: Executor,
  scope: Scope,
  id_user: number,
  values: Partial<typeof s.user.$inferInsert>,
): Promise<boolean> {
  if ('id_context_type' in values || 'id_school' in values || 'id_campus' in values) assertPlaceable(scope, values);
  const rows = await db
    .update(s.user)
    .set({ ...values, updatedAt: sql`now()` })
    .where(and(eq(s.user.id_user, id_user), userInScope(scope)))
    .returning({ id: s.user.id_user });
  return rows.length === 1;
}

/** Replaces the schools a maintainer serves among those the scope may see; others are left alone. */
export async function setMaintainedSchools(db: Executor, scope: Scope, id_user: number, schoolIds: number[]) {
  if (scope.id_school !== null && schoolIds.some((id) => id !== scope.id_school || scope.campusIds !== null))
    throw forbidden();
  await db.delete(s.userSchool).where(and(eq(s.userSchool.id_user, id_user), inSchool(scope, s.userSchool.id_school)));
  if (schoolIds.length) await db.insert(s.userSchool).values(schoolIds.map((id_school) => ({ id_user, id_school })));
}

/** Removes a maintainer from the caller's own school only. */
export async function unlinkFromSchool(db: Executor, scope: Scope, id_user: number) {
  if (scope.id_school === null) throw forbidden();
  await db
    .delete(s.userSchool)
    .where(and(eq(s.userSchool.id_user, id_user), eq(s.userSchool.id_school, scope.id_school)));
}
