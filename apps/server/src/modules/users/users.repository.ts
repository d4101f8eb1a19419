import { and, asc, count, eq, exists, ilike, inArray, or, sql, type SQL } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import { CONTEXT_TYPE } from '@openseat/shared/constants';
import type { UserTab } from '@openseat/shared/schemas/users';
import type { Executor } from '../../db/client';
import * as s from '../../db/schema/index';
import type { Scope } from '../../lib/scope';
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

export type UserFilter = { tab?: UserTab; text?: string; onlyCampusUsers?: boolean; id_school?: number; id_campus?: number };

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
  const rows = await selectUsers(db, where).orderBy(asc(s.user.name), asc(s.user.id_user)).limit(pageSize).offset(page * pageSize);
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

export async function maintainedSchoolsOf(db: Executor, ids: number[]) {
  if (ids.length === 0) return [];
  return db
    .select({ id_user: s.userSchool.id_user, id_school: s.school.id_school, name: s.school.name })
    .from(s.userSchool)
    .innerJoin(s.school, eq(s.school.id_school, s.userSchool.id_school))
    .where(inArray(s.userSchool.id_user, ids));
}

export async function emailTaken(db: Executor, email: string, exceptUser?: number) {
  const rows = await db.select({ id: s.user.id_user }).from(s.user).where(eq(s.user.email, email));
  return rows.some((r) => r.id !== exceptUser);
}

export async function findRole(db: Executor, id_role: number) {
  return (await db.select().from(s.role).where(eq(s.role.id_role, id_role)))[0];
}

export async function findCampus(db: Executor, id_campus: number) {
  return (await db.select({ id_campus: s.campus.id_campus, id_school: s.campus.id_school }).from(s.campus).where(eq(s.campus.id_campus, id_campus)))[0];
}

export async function schoolExists(db: Executor, id_school: number) {
  return (await db.select({ id: s.school.id_school }).from(s.school).where(eq(s.school.id_school, id_school))).length === 1;
}

export async function insertUser(db: Executor, values: typeof s.user.$inferInsert) {
  const [row] = await db.insert(s.user).values(values).returning({ id_user: s.user.id_user });
  await db.insert(s.userConfiguration).values({ id_user: row.id_user, id_main_campus: values.id_campus ?? null });
  return row.id_user;
}

export async function updateUser(db: Executor, id_user: number, values: Partial<typeof s.user.$inferInsert>) {
  await db.update(s.user).set({ ...values, updatedAt: sql`now()` }).where(eq(s.user.id_user, id_user));
}

export async function setMaintainedSchools(db: Executor, id_user: number, schoolIds: number[]) {
  await db.delete(s.userSchool).where(eq(s.userSchool.id_user, id_user));
  if (schoolIds.length) await db.insert(s.userSchool).values(schoolIds.map((id_school) => ({ id_user, id_school })));
}
