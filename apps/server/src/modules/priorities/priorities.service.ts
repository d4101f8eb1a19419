import type { PrioritiesRequest, PriorityRow } from '@openseat/shared/schemas/enrollment';
import type { Db } from '../../db/client';
import { writeAudit } from '../audit/audit.service';
import { badRequest } from '../../lib/errors';
import type { Principal } from '../auth/auth.types';
import { presentPriority } from './priorities.presenter';
import * as repo from './priorities.repository';
import { lockCampus, requireCampus } from '../campuses/campus-ref.service';

export async function listPriorities(db: Db, caller: Principal, id_campus: number): Promise<PriorityRow[]> {
  await requireCampus(db, caller.scope, id_campus);
  return (await repo.listPriorities(db, caller.scope, id_campus)).map(presentPriority);
}

/**
 * Creates or updates the levels of the given items on a campus, in one transaction. Levels are whole
 * numbers from 1; no two items of a campus share a level once the change is applied.
 */
export async function savePriorities(db: Db, caller: Principal, input: PrioritiesRequest): Promise<PriorityRow[]> {
  const items = input.items;
  const ids = items.map((i) => i.id_priority_item);
  const repeated = ids.findIndex((v, i) => ids.indexOf(v) !== i);
  if (repeated >= 0)
    throw badRequest('priorityItemRepeated', [
      { path: `items.${repeated}.id_priority_item`, message: 'priorityItemRepeated' },
    ]);
  return db.transaction(async (tx) => {
    const campus = await requireCampus(tx, caller.scope, input.id_campus);
    const known = new Set(await repo.priorityItemIds(tx));
    const unknown = items.findIndex((i) => !known.has(i.id_priority_item));
    if (unknown >= 0)
      throw badRequest('invalidValue', [{ path: `items.${unknown}.id_priority_item`, message: 'invalidValue' }]);
    await lockCampus(tx, campus.id_campus);
    const before = await repo.listPriorities(tx, caller.scope, campus.id_campus);
    const after = new Map(
      before.filter((p) => p.priority_level !== null).map((p) => [p.id_priority_item, p.priority_level!]),
    );
    for (const item of items) after.set(item.id_priority_item, item.priority_level);
    const owner = new Map<number, number>();
    for (const [item, level] of after) {
      if (owner.has(level)) {
        const index = Math.max(
          items.findIndex((i) => i.id_priority_item === item),
          items.findIndex((i) => i.id_priority_item === owner.get(level)),
        );
        throw badRequest('priorityLevelTaken', [
          { path: `items.${index}.priority_level`, message: 'priorityLevelTaken' },
        ]);
      }
      owner.set(level, item);
    }
    const changes: Array<{
      id_priority_item: number;
      from: number | null;
      to: number;
      weight?: { from: number | null; to: number };
    }> = [];
    for (const item of items) {
      const was = before.find((p) => p.id_priority_item === item.id_priority_item);
      const from = was?.priority_level ?? null;
      const weightChanged = item.weight !== undefined && item.weight !== (was?.weight ?? null);
      if (from === item.priority_level && !weightChanged) continue;
      await repo.upsertLevel(tx, caller.scope, {
        id_school: campus.id_school,
        id_campus: campus.id_campus,
        id_priority_item: item.id_priority_item,
        priority_level: item.priority_level,
        weight: item.weight,
      });
      changes.push({
        id_priority_item: item.id_priority_item,
        from,
        to: item.priority_level,
        ...(weightChanged ? { weight: { from: was?.weight ?? null, to: item.weight as number } } : {}),
      });
    }
    await writeAudit(tx, caller, {
      action: 'campus_priority.save',
      entity: 'campus_priority',
      entityId: campus.id_campus,
      id_school: campus.id_school,
      id_campus: campus.id_campus,
      changes: { items: changes },
    });
    return (await repo.listPriorities(tx, caller.scope, campus.id_campus)).map(presentPriority);
  });
}
