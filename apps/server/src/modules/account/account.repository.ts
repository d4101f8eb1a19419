import { and, eq, isNull, ne, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import * as s from '../../db/schema/index';

export async function findProfile(db: Executor, id_user: number) {
  const [row] = await db
    .select({
      id_user: s.user.id_user,
      name: s.user.name,
      email: s.user.email,
      telephone: s.user.telephone,
      id_role: s.role.id_role,
      roleName: s.role.name,
    })
    .from(s.user)
    .innerJoin(s.role, eq(s.role.id_role, s.user.id_role))
    .where(eq(s.user.id_user, id_user));
  return row;
}

export async function updateProfile(db: Executor, id_user: number, change: { name: string; telephone: string | null }) {
  await db
    .update(s.user)
    .set({ ...change, updatedAt: sql`now()` })
    .where(eq(s.user.id_user, id_user));
}

export async function upsertConfiguration(
  db: Executor,
  id_user: number,
  change: Partial<typeof s.userConfiguration.$inferInsert>,
) {
  const [row] = await db
    .insert(s.userConfiguration)
    .values({ id_user, ...change })
    .onConflictDoUpdate({ target: s.userConfiguration.id_user, set: change })
    .returning();
  return row;
}

export async function findCampusSchool(db: Executor, id_campus: number) {
  const [row] = await db
    .select({ id_school: s.campus.id_school })
    .from(s.campus)
    .where(eq(s.campus.id_campus, id_campus));
  return row?.id_school ?? null;
}

/**
 * Ends every other sign-in of the user: refresh families other than `keepFamily` are revoked, and their
 * access tokens stop at once (authentication checks the family).
 */
export async function revokeOtherSessions(db: Executor, id_user: number, keepFamily: string) {
  await db
    .update(s.refreshToken)
    .set({ revokedAt: sql`now()` })
    .where(
      and(eq(s.refreshToken.id_user, id_user), ne(s.refreshToken.family, keepFamily), isNull(s.refreshToken.revokedAt)),
    );
}
