import { and, eq, getTableColumns, isNull, lte, or, sql, type AnyColumn, type SQL } from 'drizzle-orm';
import type { PermissionRule } from '@openseat/shared/schemas/auth';
import { CONTEXT_TYPE } from '@openseat/shared/constants';
import type { Db, Executor } from '../../db/client';
import * as s from '../../db/schema/index';
import { rowsOf } from '../../lib/sql';

export type UserRecord = typeof s.user.$inferSelect;

export const findUserByEmail = async (db: Executor, email: string): Promise<UserRecord | undefined> =>
  (await db.select().from(s.user).where(eq(s.user.email, email.toLowerCase())))[0];

export const findUserById = async (db: Executor, id_user: number): Promise<UserRecord | undefined> =>
  (await db.select().from(s.user).where(eq(s.user.id_user, id_user)))[0];

export async function findRole(db: Executor, id_role: number) {
  return (await db.select().from(s.role).where(eq(s.role.id_role, id_role)))[0];
}

/** A role's active permissions as a JSON array of {action, subject}, for the role named by `id_role` (an SQL value). */
const rulesOfRole = (id_role: SQL | AnyColumn) => sql<PermissionRule[]>`coalesce((
  SELECT json_agg(json_build_object('action', ${s.action.name}, 'subject', ${s.subject.name}))
  FROM ${s.permission}
  JOIN ${s.action} ON ${s.action.id_action} = ${s.permission.id_action}
  JOIN ${s.subject} ON ${s.subject.id_subject} = ${s.permission.id_subject}
  WHERE ${s.permission.id_role} = ${id_role} AND ${s.permission.isActive}), '[]'::json)`;

/** Active permissions of a role as {action, subject} names. */
export async function findRoleRules(db: Executor, id_role: number): Promise<PermissionRule[]> {
  const [row] = rowsOf<{ rules: PermissionRule[] }>(
    await db.execute(sql`SELECT ${rulesOfRole(sql`${id_role}`)} AS rules`),
  );
  return row.rules;
}

export async function findRoleByName(db: Executor, name: string) {
  return (await db.select().from(s.role).where(eq(s.role.name, name)))[0];
}

export async function findMaintainedSchools(db: Executor, id_user: number) {
  return db
    .select({ id_school: s.school.id_school, name: s.school.name })
    .from(s.userSchool)
    .innerJoin(s.school, eq(s.school.id_school, s.userSchool.id_school))
    .where(eq(s.userSchool.id_user, id_user))
    .orderBy(s.school.name);
}

export async function findSchool(db: Executor, id_school: number) {
  return (
    await db
      .select({ id_school: s.school.id_school, name: s.school.name })
      .from(s.school)
      .where(eq(s.school.id_school, id_school))
  )[0];
}

export async function findConfiguration(db: Executor, id_user: number) {
  return (await db.select().from(s.userConfiguration).where(eq(s.userConfiguration.id_user, id_user)))[0];
}

export type ThrottlePolicy = {
  /** Failures allowed before the account is throttled. */
  freeAttempts: number;
  firstLockSeconds: number;
  maxLockSeconds: number;
  /** A throttle that ended longer ago than this no longer lengthens the next one. */
  forgetLocksAfterHours: number;
};

/**
 * Counts one failed credential check, atomically (concurrent guesses cannot slip past the count). Reaching the
 * limit throttles the account for firstLockSeconds * 2^(throttles in a row), capped, and starts the count
 * over. While throttled nothing is counted, so guesses cannot stretch the wait.
 */
export async function recordFailedAttempt(db: Executor, id_user: number, policy: ThrottlePolicy) {
  const reachesLimit = sql`${s.user.failedLogins} + 1 >= ${policy.freeAttempts}::int`;
  const locksInARow = sql`CASE WHEN ${s.user.lockedUntil} IS NULL
    OR ${s.user.lockedUntil} < now() - make_interval(hours => ${policy.forgetLocksAfterHours}::int)
    THEN 0 ELSE ${s.user.lockCount} END`;
  const lockSeconds = sql`LEAST(${policy.maxLockSeconds}::int, ${policy.firstLockSeconds}::int * power(2, ${locksInARow}))`;
  await db
    .update(s.user)
    .set({
      failedLogins: sql`CASE WHEN ${reachesLimit} THEN 0 ELSE ${s.user.failedLogins} + 1 END`,
      lockCount: sql`CASE WHEN ${reachesLimit} THEN ${locksInARow} + 1 ELSE ${s.user.lockCount} END`,
      lockedUntil: sql`CASE WHEN ${reachesLimit} THEN now() + make_interval(secs => ${lockSeconds}) ELSE ${s.user.lockedUntil} END`,
    })
    .where(and(eq(s.user.id_user, id_user), or(isNull(s.user.lockedUntil), lte(s.user.lockedUntil, sql`now()`))));
}

export async function clearFailedLogins(db: Executor, id_user: number) {
  await db.update(s.user).set({ failedLogins: 0, lockedUntil: null, lockCount: 0 }).where(eq(s.user.id_user, id_user));
}

export async function bumpTokenVersion(db: Executor, id_user: number) {
  await db
    .update(s.user)
    .set({ tokenVersion: sql`${s.user.tokenVersion} + 1` })
    .where(eq(s.user.id_user, id_user));
}

// refresh tokens

export async function insertRefreshToken(db: Executor, row: typeof s.refreshToken.$inferInsert) {
  await db.insert(s.refreshToken).values(row);
}

/** The token row, locked for the rotation; `inGrace`: spent less than `graceSeconds` ago (database clock). */
export async function findRefreshToken(db: Executor, tokenHash: string, graceSeconds = 0) {
  const [row] = await db
    .select({
      ...getTableColumns(s.refreshToken),
      inGrace: sql<boolean>`coalesce(${s.refreshToken.usedAt} > now() - make_interval(secs => ${graceSeconds}::int), false)`,
      expired: sql<boolean>`${s.refreshToken.expiresAt} <= now() OR ${s.refreshToken.familyExpiresAt} <= now()`,
    })
    .from(s.refreshToken)
    .where(eq(s.refreshToken.tokenHash, tokenHash))
    .for('update');
  return row;
}

/** Marks the token spent and keeps its successor sealed; false when someone spent it first. */
export async function spendRefreshToken(db: Executor, id: number, successorSealed: string): Promise<boolean> {
  const rows = await db
    .update(s.refreshToken)
    .set({ usedAt: sql`now()`, successorSealed })
    .where(
      and(eq(s.refreshToken.id_refresh_token, id), isNull(s.refreshToken.usedAt), isNull(s.refreshToken.revokedAt)),
    )
    .returning({ id: s.refreshToken.id_refresh_token });
  return rows.length === 1;
}

/**
 * Whether the user (an SQL value) may work inside the school (an SQL value) through login-with-school: a system
 * user any school that exists, a school maintainer the schools it maintains, nobody else.
 */
const mayEnterSchoolSql = (id_user: SQL | AnyColumn, id_context_type: SQL | AnyColumn, id_school: SQL) => sql<boolean>`
  CASE ${id_context_type}
    WHEN ${CONTEXT_TYPE.SYSTEM} THEN EXISTS (SELECT 1 FROM ${s.school} WHERE ${s.school.id_school} = ${id_school})
    WHEN ${CONTEXT_TYPE.SCHOOL_MAINTAINER} THEN EXISTS (
      SELECT 1 FROM ${s.userSchool} JOIN ${s.school} ON ${s.school.id_school} = ${s.userSchool.id_school}
      WHERE ${s.userSchool.id_user} = ${id_user} AND ${s.userSchool.id_school} = ${id_school})
    ELSE false END`;

export async function mayEnterSchool(db: Executor, user: UserRecord, id_school: number): Promise<boolean> {
  const [row] = rowsOf<{ allowed: boolean }>(
    await db.execute(
      sql`SELECT ${mayEnterSchoolSql(sql`${user.id_user}::int`, sql`${user.id_context_type}::int`, sql`${id_school}::int`)} AS allowed`,
    ),
  );
  return row.allowed;
}

const sessionPlaceholders = {
  id_user: sql.placeholder('id_user'),
  family: sql.placeholder('family'),
  chosenSchool: sql`${sql.placeholder('chosenSchool')}::int`,
};

/**
 * What every request's sign-in check needs, in one round trip: the user of a bearer token, whether its sign-in
 * (refresh-token family) is still on (not revoked, not past its lifetime), whether it may still work in the school
 * it chose at login-with-school (true when it chose none), its role and the role's active rules. Every request
 * reads the database afresh, so a change (sign-out, role, school) holds on the next request in every process.
 */
function sessionQuery(db: Db) {
  const { id_user, family, chosenSchool } = sessionPlaceholders;
  return db
    .select({
      user: s.user,
      familyLive: sql<boolean>`EXISTS (
        SELECT 1 FROM ${s.refreshToken}
        WHERE ${s.refreshToken.family} = ${family} AND ${s.refreshToken.id_user} = ${s.user.id_user}
          AND ${s.refreshToken.revokedAt} IS NULL AND ${s.refreshToken.familyExpiresAt} > now())`,
      schoolAllowed: sql<boolean>`(${chosenSchool} IS NULL OR ${mayEnterSchoolSql(s.user.id_user, s.user.id_context_type, chosenSchool)})`,
      role: { name: s.role.name, isActive: s.role.isActive },
      rules: rulesOfRole(s.user.id_role),
    })
    .from(s.user)
    .leftJoin(s.role, eq(s.role.id_role, s.user.id_role))
    .where(eq(s.user.id_user, id_user))
    .prepare('openseat_session');
}

/**
 * Built once per database: drizzle's building of this statement was a visible part of every request's cost, and on
 * a server each connection parses and plans it once (a named prepared statement).
 */
const sessionQueries = new WeakMap<Db, ReturnType<typeof sessionQuery>>();

export async function findUserOfSession(db: Db, id_user: number, family: string, chosenSchool: number | null) {
  let query = sessionQueries.get(db);
  if (!query) {
    query = sessionQuery(db);
    sessionQueries.set(db, query);
  }
  const [row] = await query.execute({ id_user, family, chosenSchool });
  return row;
}

export async function revokeFamily(db: Executor, family: string) {
  await db
    .update(s.refreshToken)
    .set({ revokedAt: sql`now()` })
    .where(and(eq(s.refreshToken.family, family), isNull(s.refreshToken.revokedAt)));
}

export async function revokeAllOfUser(db: Executor, id_user: number) {
  await db
    .update(s.refreshToken)
    .set({ revokedAt: sql`now()` })
    .where(and(eq(s.refreshToken.id_user, id_user), isNull(s.refreshToken.revokedAt)));
}

// password reset tokens

export async function insertResetToken(db: Executor, row: typeof s.passwordResetToken.$inferInsert) {
  await db.insert(s.passwordResetToken).values(row);
}

/** Spends a reset token atomically: returns its user only when it was unused and not expired. */
export async function spendResetToken(db: Executor, tokenHash: string): Promise<number | null> {
  const rows = await db
    .update(s.passwordResetToken)
    .set({ usedAt: sql`now()` })
    .where(
      and(
        eq(s.passwordResetToken.tokenHash, tokenHash),
        isNull(s.passwordResetToken.usedAt),
        sql`${s.passwordResetToken.expiresAt} > now()`,
      ),
    )
    .returning({ id_user: s.passwordResetToken.id_user });
  return rows[0]?.id_user ?? null;
}

/** Cancels every unspent reset link of the user (a link spent, a password changed, signed out everywhere). */
export async function cancelResetLinks(db: Executor, id_user: number) {
  await db
    .update(s.passwordResetToken)
    .set({ usedAt: sql`now()` })
    .where(and(eq(s.passwordResetToken.id_user, id_user), isNull(s.passwordResetToken.usedAt)));
}

/** Stores a new password; `endAccessTokens` also bumps the token version (every access token stops). */
export async function setPasswordHash(
  db: Executor,
  id_user: number,
  passwordHash: string,
  { endAccessTokens }: { endAccessTokens: boolean },
) {
  await db
    .update(s.user)
    .set({
      passwordHash,
      failedLogins: 0,
      lockedUntil: null,
      lockCount: 0,
      ...(endAccessTokens ? { tokenVersion: sql`${s.user.tokenVersion} + 1` } : {}),
      updatedAt: sql`now()`,
    })
    .where(eq(s.user.id_user, id_user));
}

/** Whether the school and campus the user works in are active (true when there is none). */
export async function findActivity(db: Executor, id_school: number | null, id_campus: number | null) {
  const school = id_school
    ? (
        await db
          .select({ active: s.schoolConfiguration.active })
          .from(s.schoolConfiguration)
          .where(eq(s.schoolConfiguration.id_school, id_school))
      )[0]
    : undefined;
  const campus = id_campus
    ? (
        await db
          .select({ active: s.campusConfiguration.active })
          .from(s.campusConfiguration)
          .where(eq(s.campusConfiguration.id_campus, id_campus))
      )[0]
    : undefined;
  return { schoolActive: school?.active ?? true, campusActive: campus?.active ?? true };
}
