import { and, asc, count, eq, ilike, ne, or, sql, type SQL } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import * as s from '../../db/schema/index';
import { forbidden } from '../../lib/errors';
import { canSeeCampus, inCampus, type Scope } from '../../lib/scope';

import { containsPattern as likeOf } from '../../lib/sql';

const tagColumns = {
  id_tag: s.tag.id_tag,
  id_school: s.tag.id_school,
  id_campus: s.tag.id_campus,
  campusName: s.campus.name,
  name: s.tag.name,
  description: s.tag.description,
  createdAt: s.tag.createdAt,
};
export type TagRecord = {
  id_tag: number;
  id_school: number;
  id_campus: number;
  campusName: string;
  name: string;
  description: string | null;
  createdAt: Date;
};

const selectTags = (db: Executor, where: SQL) =>
  db.select(tagColumns).from(s.tag).innerJoin(s.campus, eq(s.campus.id_campus, s.tag.id_campus)).where(where);

export type TagFilter = { id_campus?: number; text?: string };

export async function listTags(db: Executor, scope: Scope, filter: TagFilter, page: number, pageSize: number) {
  const conditions: SQL[] = [inCampus(scope, s.tag.id_school, s.tag.id_campus)];
  if (filter.id_campus !== undefined) conditions.push(eq(s.tag.id_campus, filter.id_campus));
  if (filter.text)
    conditions.push(or(ilike(s.tag.name, likeOf(filter.text)), ilike(s.tag.description, likeOf(filter.text))) as SQL);
  const where = and(...conditions) as SQL;
  const rows: TagRecord[] = await selectTags(db, where)
    .orderBy(asc(s.campus.name), asc(s.tag.name), asc(s.tag.id_tag))
    .limit(pageSize)
    .offset(page * pageSize);
  const [{ n }] = await db.select({ n: count() }).from(s.tag).where(where);
  return { rows, total: n };
}

export async function findTag(db: Executor, scope: Scope, id_tag: number): Promise<TagRecord | undefined> {
  return (
    await selectTags(db, and(eq(s.tag.id_tag, id_tag), inCampus(scope, s.tag.id_school, s.tag.id_campus)) as SQL)
  )[0];
}

/** Tag names are unique per campus regardless of case ("Bus rider" and "bus rider" are one tag). */
export async function nameTaken(db: Executor, scope: Scope, id_campus: number, name: string, exceptTag?: number) {
  const conditions: SQL[] = [
    eq(s.tag.id_campus, id_campus),
    sql`lower(${s.tag.name}) = lower(${name})`,
    inCampus(scope, s.tag.id_school, s.tag.id_campus),
  ];
  if (exceptTag !== undefined) conditions.push(ne(s.tag.id_tag, exceptTag));
  return (
    (
      await db
        .select({ id: s.tag.id_tag })
        .from(s.tag)
        .where(and(...conditions))
    ).length > 0
  );
}

export async function insertTag(db: Executor, scope: Scope, values: typeof s.tag.$inferInsert) {
  if (!canSeeCampus(scope, values.id_school, values.id_campus)) throw forbidden();
  const [row] = await db.insert(s.tag).values(values).returning({ id: s.tag.id_tag });
  return row.id;
}

export async function updateTag(
  db: Executor,
  scope: Scope,
  id_tag: number,
  values: { name: string; description: string | null },
) {
  await db
    .update(s.tag)
    .set(values)
    .where(and(eq(s.tag.id_tag, id_tag), inCampus(scope, s.tag.id_school, s.tag.id_campus)));
}

/** Application tags that use it go with it (foreign key cascade). */
export async function deleteTag(db: Executor, scope: Scope, id_tag: number) {
  await db.delete(s.tag).where(and(eq(s.tag.id_tag, id_tag), inCampus(scope, s.tag.id_school, s.tag.id_campus)));
}
