import { and, asc, count, eq, ilike, type SQL } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import * as s from '../../db/schema/index';
import { forbidden } from '../../lib/errors';
import { inSchool, type Scope } from '../../lib/scope';
import { containsPattern as likeOf } from '../../lib/sql';

const schoolColumns = {
  id_school: s.school.id_school,
  name: s.school.name,
  address: s.school.address,
  telephone: s.school.telephone,
  email: s.school.email,
  website: s.school.website,
  description: s.school.description,
  subscribedUntil: s.school.subscribedUntil,
  active: s.schoolConfiguration.active,
  is_charter_connect: s.schoolConfiguration.is_charter_connect,
};
export type SchoolRecord = Awaited<ReturnType<typeof listSchools>>['rows'][number];
export type SchoolConfigurationRecord = typeof s.schoolConfiguration.$inferSelect;

export type SchoolFilter = { tab?: 'active' | 'inactive' | 'charter-connect'; text?: string };

function filterOf(scope: Scope, filter: SchoolFilter): SQL {
  const conditions = [inSchool(scope, s.school.id_school)];
  if (filter.tab === 'active') conditions.push(eq(s.schoolConfiguration.active, true));
  if (filter.tab === 'inactive') conditions.push(eq(s.schoolConfiguration.active, false));
  if (filter.tab === 'charter-connect') conditions.push(eq(s.schoolConfiguration.is_charter_connect, true));
  if (filter.text) conditions.push(ilike(s.school.name, likeOf(filter.text)));
  return and(...conditions) as SQL;
}

const selectSchools = (db: Executor, where: SQL) =>
  db
    .select(schoolColumns)
    .from(s.school)
    .innerJoin(s.schoolConfiguration, eq(s.schoolConfiguration.id_school, s.school.id_school))
    .where(where);

export async function listSchools(db: Executor, scope: Scope, filter: SchoolFilter, page: number, pageSize: number) {
  const where = filterOf(scope, filter);
  const rows = await selectSchools(db, where)
    .orderBy(asc(s.school.name))
    .limit(pageSize)
    .offset(page * pageSize);
  const [{ n }] = await db
    .select({ n: count() })
    .from(s.school)
    .innerJoin(s.schoolConfiguration, eq(s.schoolConfiguration.id_school, s.school.id_school))
    .where(where);
  return { rows, total: n };
}

export async function* eachSchool(db: Executor, scope: Scope, filter: SchoolFilter) {
  for (let offset = 0; ; offset += 500) {
    const rows = await selectSchools(db, filterOf(scope, filter)).orderBy(asc(s.school.name)).limit(500).offset(offset);
    yield* rows;
    if (rows.length < 500) return;
  }
}

export async function findSchool(db: Executor, scope: Scope, id_school: number) {
  return (
    await selectSchools(db, and(eq(s.school.id_school, id_school), inSchool(scope, s.school.id_school)) as SQL)
  )[0];
}

/** Only a scope over every school may add one. */
export async function insertSchool(db: Executor, scope: Scope, values: typeof s.school.$inferInsert) {
  if (scope.id_school !== null) throw forbidden('noPermissionSchoolData');
  const [row] = await db.insert(s.school).values(values).returning({ id: s.school.id_school });
  await db.insert(s.schoolConfiguration).values({ id_school: row.id });
  return row.id;
}

const definedOnly = <T extends Record<string, unknown>>(values: T) =>
  Object.fromEntries(Object.entries(values).filter(([, v]) => v !== undefined)) as Partial<T>;

export const updateSchool = (
  db: Executor,
  scope: Scope,
  id_school: number,
  values: Partial<typeof s.school.$inferInsert>,
) =>
  db
    .update(s.school)
    .set({ ...definedOnly(values), updatedAt: new Date() })
    .where(and(eq(s.school.id_school, id_school), inSchool(scope, s.school.id_school)));

export async function findConfiguration(
  db: Executor,
  scope: Scope,
  id_school: number,
): Promise<SchoolConfigurationRecord | undefined> {
  const rows = await db
    .select()
    .from(s.schoolConfiguration)
    .where(and(eq(s.schoolConfiguration.id_school, id_school), inSchool(scope, s.schoolConfiguration.id_school)));
  return rows[0];
}

/** Writes the given fields (undefined ones are left as they are). */
export async function updateConfiguration(
  db: Executor,
  scope: Scope,
  id_school: number,
  values: Partial<typeof s.schoolConfiguration.$inferInsert>,
) {
  const set = definedOnly(values);
  if (Object.keys(set).length === 0) return;
  await db
    .update(s.schoolConfiguration)
    .set(set)
    .where(and(eq(s.schoolConfiguration.id_school, id_school), inSchool(scope, s.schoolConfiguration.id_school)));
}
