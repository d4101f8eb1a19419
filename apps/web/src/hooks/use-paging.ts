import { useState } from 'react';
import type { Paging } from '../components/PagedTable';

/**
 * The page state of a server-paged list. `restart` goes back to the first page (a filter changed); `paging(total)`
 * is what `PagedTable` shows. A resizable list lets the reader choose its page size (and starts again on page 1).
 */
export function usePaging(initialPageSize: number, { resizable = false } = {}) {
  const [page, setPage] = useState(0);
  const [pageSize, setPageSize] = useState(initialPageSize);
  const paging = (total: number | undefined): Paging => ({
    page,
    pageSize,
    total: total ?? 0,
    onPageChange: setPage,
    onPageSizeChange: resizable
      ? (size) => {
          setPageSize(size);
          setPage(0);
        }
      : undefined,
  });
  return { page, pageSize, setPage, restart: () => setPage(0), paging };
}
