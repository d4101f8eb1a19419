import { FILTER_ID, type StatusId } from '@openseat/shared/constants';
import type { UserFilterList } from '@openseat/shared/schemas/application-records';

/** What a list is filtered by: the text search and the filters it saves. */
export type Filters = { text: string; id_status?: StatusId; id_grade?: number; tagIds?: number[] };

/** The saved filters of spec section 9 a list restores: grade, tag and status (campus and period come from the top bar). */
type SavedItem = { id_filter: number; values: number[] };

/**
 * The filters a list starts with, from the caller's saved items for that list. The search is not saved: `text` is what
 * the reader typed while the saved filters were on their way, kept rather than wiped.
 */
export function filtersFromSaved(saved: UserFilterList, listType: number, text = ''): Filters {
  const items = saved.find((s) => s.listType === listType)?.items ?? [];
  const of = (id_filter: number) => items.find((i) => i.id_filter === id_filter)?.values ?? [];
  const [grade] = of(FILTER_ID.GRADE);
  const [status] = of(FILTER_ID.STATUS);
  const tags = of(FILTER_ID.TAG);
  return {
    text,
    ...(grade !== undefined ? { id_grade: grade } : {}),
    ...(status !== undefined ? { id_status: status as StatusId } : {}),
    ...(tags.length ? { tagIds: tags } : {}),
  };
}

/** The items to save when the filters change from `before` to `after` (empty values remove an item). */
export function changedItems(before: Filters, after: Filters): SavedItem[] {
  const asValues = (f: Filters): Record<number, number[]> => ({
    [FILTER_ID.GRADE]: f.id_grade !== undefined ? [f.id_grade] : [],
    [FILTER_ID.STATUS]: f.id_status !== undefined ? [f.id_status] : [],
    [FILTER_ID.TAG]: f.tagIds ?? [],
  });
  const was = asValues(before);
  const now = asValues(after);
  return [FILTER_ID.GRADE, FILTER_ID.STATUS, FILTER_ID.TAG]
    .filter((id) => was[id].join(',') !== now[id].join(','))
    .map((id) => ({ id_filter: id, values: now[id] }));
}

/**
 * The saved filters once `items` of `listType` are saved (empty values remove an item): the cache holds them from the
 * moment they are sent, so a list opened again before the save's answer starts with them, not with the old ones.
 */
export function withSavedItems(saved: UserFilterList, listType: number, items: SavedItem[]): UserFilterList {
  const kept = (saved.find((s) => s.listType === listType)?.items ?? []).filter(
    (old) => !items.some((item) => item.id_filter === old.id_filter),
  );
  const list = { listType, items: [...kept, ...items.filter((item) => item.values.length > 0)] };
  return [...saved.filter((s) => s.listType !== listType), list];
}
