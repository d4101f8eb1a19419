import { and, asc, eq, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import * as s from '../../db/schema/index';
import { forbidden } from '../../lib/errors';
import { canSeeCampus, inCampus, type Scope } from '../../lib/scope';

/** Every priority item with its level on the campus (null when the campus has not set one). */
export function listPriorities(db: Executor, scope: Scope, id_campus: number) {
  return db
    .select({
      id_priority_item: s.priorityItem.id_priority_item,
      name: s.priorityItem.name,
      id_campus_priority: s.campusPriority.id_campus_priority,
      priority_level: s.campusPriority.priority_level,
      weight: s.campusPriority.weight,
    })
    .from(s.priorityItem)
    .leftJoin(
      s.campusPriority,
      and(
        eq(s.campusPriority.id_priority_item, s.priorityItem.id_priority_item),
        eq(s.campusPriority.id_campus, id_campus),
        inCampus(scope, s.campusPriority.id_school, s.campusPriority.id_campus),
      ),
    )
    .orderBy(sql`${s.campusPriority.priority_level} ASC NULLS LAST`, asc(s.priorityItem.id_priority_item));
}

export async function priorityItemIds(db: Executor) {
  return (await db.select({ id: s.priorityItem.id_priority_item }).from(s.priorityItem)).map((r) => r.id);
}

export type PriorityRecord = Awaited<ReturnType<typeof listPriorities>>[number];

export async function upsertLevel(
  db: Executor,
  scope: Scope,
  values: { id_school: number; id_campus: number; id_priority_item: number; priority_level: number; weight?: number },
) {
  if (!canSeeCampus(scope, values.id_school, values.id_campus)) throw forbidden('noPermissionPriorities');
  await db
    .insert(s.campusPriority)
    .values(values)
    .onConflictDoUpdate({
      target: [s.campusPriority.id_campus, s.campusPriority.id_priority_item],
      set: {
        priority_level: values.priority_level,
        ...(values.weight === undefined ? {} : { weight: values.weight }),
      },
    });
}
