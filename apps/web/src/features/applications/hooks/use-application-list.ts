import { useEffect, useState } from 'react';
import { PAGE_SIZE_DEFAULT } from '@openseat/shared/constants';
import { USER_FILTER_LIST_TYPES } from '@openseat/shared/schemas/application-records';
import { useWorkingContext } from '../../../hooks/working-context';
import { usePaging } from '../../../hooks/use-paging';
import {
  useApplications,
  useResetFilters,
  useSaveFilters,
  useSavedFilters,
  type ListParams,
} from '../api/applications';
import type { ListScreen } from '../lists';
import { changedItems, filtersFromSaved, type Filters } from '../saved-filters';

export type Sort = NonNullable<ListParams['sort']>;
export type SortState = { by: Sort; direction: 'asc' | 'desc' } | null;

/**
 * What one applications list shows: its filters (saved per user on the lists that keep them, restored once on the
 * first visit), sort, page and selection, and the server page they ask for. A new filter or sort starts again at the
 * first page.
 */
export function useApplicationList(screen: ListScreen) {
  const context = useWorkingContext();
  const { page, pageSize, restart, paging, exactTotal } = usePaging(PAGE_SIZE_DEFAULT, { resizable: true });
  const keepsFilters = (USER_FILTER_LIST_TYPES as readonly number[]).includes(screen.type);
  const saved = useSavedFilters(screen.type, keepsFilters);
  const saveFilters = useSaveFilters(screen.type);
  const resetFilters = useResetFilters(screen.type);
  const [filters, setFilters] = useState<Filters>({ text: '' });
  const [restored, setRestored] = useState(!keepsFilters);
  // the saved filters of this list come back once, on the first visit of the screen (a search typed meanwhile stays)
  useEffect(() => {
    if (restored || !saved.data) return;
    const savedData = saved.data;
    setFilters((typed) => filtersFromSaved(savedData, screen.type, typed.text));
    setRestored(true);
  }, [restored, saved.data, screen.type]);
  const [sort, setSort] = useState<SortState>(null);
  const [selected, setSelected] = useState<number[]>([]);
  const schoolWide = screen.type === 9;
  const params: ListParams = {
    type: screen.type,
    page,
    pageSize,
    id_campus: schoolWide ? undefined : (context.id_campus ?? undefined),
    id_school_year: schoolWide ? undefined : (context.id_school_year ?? undefined),
    ...filters,
    sort: sort?.by,
    direction: sort?.direction,
    // the reader asked for the exact count of a list counted up to its bound ("2,000+")
    ...(exactTotal ? { exactTotal } : {}),
  };
  const list = useApplications(params, restored && (schoolWide || context.id_campus !== null));

  const sortBy = (by: Sort) => {
    setSort((s) => ({ by, direction: s?.by === by && s.direction === 'asc' ? 'desc' : 'asc' }));
    restart();
  };
  const changeFilters = (next: Filters) => {
    const changed = changedItems(filters, next);
    if (keepsFilters && changed.length) saveFilters.mutate(changed);
    setFilters(next);
    restart();
    setSelected([]);
  };
  const reset = keepsFilters
    ? () => {
        resetFilters.mutate();
        setFilters({ text: '' });
        restart();
      }
    : undefined;
  return {
    context,
    schoolWide,
    params,
    list,
    paging: paging(list.data?.total, list.data?.totalExact),
    filters,
    restored,
    changeFilters,
    reset,
    sort,
    sortBy,
    selected,
    setSelected,
  };
}
