import { and, asc, eq, inArray, isNull } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import * as s from '../../db/schema/index';
import { inCampus, type Scope } from '../../lib/scope';

/** A tag the scope may see: its campus decides which applications may carry it. */
export async function findTag(db: Executor, scope: Scope, id_tag: number) {
  const [tag] = await db
    .select({ id_tag: s.tag.id_tag, id_school: s.tag.id_school, id_campus: s.tag.id_campus, name: s.tag.name })
    .from(s.tag)
    .where(and(eq(s.tag.id_tag, id_tag), inCampus(scope, s.tag.id_school, s.tag.id_campus)));
  return tag;
}

/** Of these ids, the live applications the scope may see (the rest are answered as not found). */
export async function applicationsInScope(db: Executor, scope: Scope, ids: number[]) {
  return db
    .select({
      id_application: s.application.id_application,
      id_school: s.application.id_school,
      id_campus: s.application.id_campus,
    })
    .from(s.application)
    .where(
      and(
        inArray(s.application.id_application, ids),
        isNull(s.application.deletedAt),
        inCampus(scope, s.application.id_school, s.application.id_campus),
      ),
    );
}

/** Adds the tag to each application; answers the ids that did not carry it yet. */
export async function addTag(db: Executor, id_school: number, id_tag: number, applicationIds: number[]) {
  if (!applicationIds.length) return [];
  const rows = await db
    .insert(s.applicationTag)
    .values(applicationIds.map((id_application) => ({ id_school, id_application, id_tag })))
    .onConflictDoNothing({ target: [s.applicationTag.id_application, s.applicationTag.id_tag] })
    .returning({ id_application: s.applicationTag.id_application });
  return rows.map((r) => r.id_application);
}

export async function removeTag(db: Executor, id_application: number, id_tag: number) {
  const rows = await db
    .delete(s.applicationTag)
    .where(and(eq(s.applicationTag.id_application, id_application), eq(s.applicationTag.id_tag, id_tag)))
    .returning({ id: s.applicationTag.id_application_tag });
  return rows.length > 0;
}

/** The tags of these applications, by name. */
export async function tagsOf(db: Executor, applicationIds: number[]) {
  if (!applicationIds.length) return [];
  return db
    .select({ id_application: s.applicationTag.id_application, id_tag: s.tag.id_tag, name: s.tag.name })
    .from(s.applicationTag)
    .innerJoin(s.tag, eq(s.tag.id_tag, s.applicationTag.id_tag))
    .where(inArray(s.applicationTag.id_application, applicationIds))
    .orderBy(asc(s.tag.name), asc(s.tag.id_tag));
}
