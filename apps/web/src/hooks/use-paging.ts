import { useState } from 'react';
import type { Paging } from '../components/PagedTable';

/**
 * The page state of a server-paged list. `restart` goes back to the first page (a filter changed); `paging(total)`
 * is what `PagedTable` shows. A resizable list lets the reader choose its page size (and starts again on page 1).
 * A long list's total may be counted only up to a bound (`totalExact` false): the reader can ask for the exact
 * count, which `exactTotal` then asks the server for, until the filters change (`restart`).
 */
export function usePaging(initialPageSize: number, { resizable = false } = {}) {
  const [page, setPage] = useState(0);
  const [pageSize, setPageSize] = useState(initialPageSize);
  const [exactTotal, setExactTotal] = useState(false);
  const paging = (total: number | undefined, totalExact?: boolean): Paging => ({
    page,
    pageSize,
    total: total ?? 0,
    totalExact,
    onCountAll: () => setExactTotal(true),
    onPageChange: setPage,
    onPageSizeChange: resizable
      ? (size) => {
          setPageSize(size);
          setPage(0);
        }
      : undefined,
  });
  const restart = () => {
    setPage(0);
    setExactTotal(false);
  };
  return { page, pageSize, setPage, restart, paging, exactTotal };
}
