import { isStatusId } from '@openseat/shared/application-status';
import { FILTER_ID } from '@openseat/shared/constants';
import {
  FILTER_CATALOG,
  USER_FILTER_LIST_TYPES,
  type UserFilterItem,
  type UserFilterList,
} from '@openseat/shared/schemas/application-records';
import type { Db, Executor } from '../../db/client';
import { badRequest, notFound } from '../../lib/errors';
import type { Principal } from '../auth/auth.types';
import * as repo from './user-filters.repository';

export const filterCatalog = () => FILTER_CATALOG.map((f) => ({ ...f, listTypes: [...USER_FILTER_LIST_TYPES] }));

const presentList = (rows: Array<{ listType: number; filter: unknown }>): UserFilterList =>
  rows.map((r) => ({ listType: r.listType, items: ((r.filter as repo.StoredFilter | null)?.items ?? []).slice() }));

export async function listFilters(db: Db, caller: Principal, listType?: number) {
  return presentList(await repo.listFilters(db, caller.id_user, listType));
}

const invalid = () => badRequest('invalidValue', [{ path: 'values', message: 'invalidValue' }]);

/**
 * The values must name what the caller may filter by: campuses and tags in its scope (another tenant's: 404, as
 * everywhere), statuses, grades, priority items and school years that exist.
 */
async function checkValues(tx: Executor, caller: Principal, { id_filter, values }: UserFilterItem) {
  const ids = [...new Set(values)];
  if (!ids.length) return;
  switch (id_filter) {
    case FILTER_ID.CAMPUS:
      if ((await repo.visibleCampuses(tx, caller.scope, ids)) !== ids.length) throw notFound();
      return;
    case FILTER_ID.TAG:
      if ((await repo.visibleTags(tx, caller.scope, ids)) !== ids.length) throw notFound();
      return;
    case FILTER_ID.STATUS:
      if (!ids.every(isStatusId)) throw invalid();
      return;
    case FILTER_ID.GRADE:
      if ((await repo.catalogCount(tx, 'grade', ids)) !== ids.length) throw invalid();
      return;
    case FILTER_ID.PRIORITY:
      if ((await repo.catalogCount(tx, 'priority', ids)) !== ids.length) throw invalid();
      return;
    default:
      if ((await repo.catalogCount(tx, 'schoolYear', ids)) !== ids.length) throw invalid();
  }
}

/** Sets one item of one list's saved filters (empty values remove it); answers that list as saved. */
export async function saveItem(db: Db, caller: Principal, item: UserFilterItem) {
  return db.transaction(async (tx) => {
    await checkValues(tx, caller, item);
    const stored = await repo.lockFilter(tx, caller.id_user, item.listType);
    const others = (stored.items ?? []).filter((i) => i.id_filter !== item.id_filter);
    const values = [...new Set(item.values)];
    const items = values.length ? [...others, { id_filter: item.id_filter, values }] : others;
    items.sort((a, b) => a.id_filter - b.id_filter);
    await repo.saveFilter(tx, caller.id_user, item.listType, { items });
    return presentList(await repo.listFilters(tx, caller.id_user, item.listType));
  });
}

/** Back to the defaults: the list's saved filters (or every list's) are forgotten. */
export async function resetFilters(db: Db, caller: Principal, listType?: number) {
  await repo.deleteFilters(db, caller.id_user, listType);
}
