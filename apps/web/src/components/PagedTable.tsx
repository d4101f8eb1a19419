import { Children, type ReactNode } from 'react';
import {
  Paper,
  Table,
  TableBody,
  TableContainer,
  TableHead,
  TablePagination,
  TableRow,
  type SxProps,
  type Theme,
} from '@mui/material';
import { EmptyRow } from './EmptyRow';

/** A server page of a list: the page shown (from 0), its size and the whole count. */
export type Paging = {
  page: number;
  pageSize: number;
  total: number;
  onPageChange: (page: number) => void;
  /** Lets the reader choose 10, 25, 50 or 100 rows a page; without it the page size is fixed. */
  onPageSizeChange?: (pageSize: number) => void;
};

export type PagedTableProps<Row> = {
  testId: string;
  /** The header cells; the empty row spans as many columns as there are cells. */
  head: ReactNode[];
  /** The loaded rows (undefined while loading: no empty row yet). */
  rows: readonly Row[] | undefined;
  renderRow: (row: Row) => ReactNode;
  /** Whether to show the "No results" row; by default when the loaded rows are none. */
  empty?: boolean;
  /** Pagination under the table; none for a list shown whole. */
  paging?: Paging;
  /** The container's look: on a Paper by default. */
  paper?: boolean;
  containerSx?: SxProps<Theme>;
  busy?: boolean;
  label?: string;
};

/** A list table: header, rows, a "No results" row when empty, and (for a server-paged list) its pagination. */
export function PagedTable<Row>({
  testId,
  head,
  rows,
  renderRow,
  empty,
  paging,
  paper = true,
  containerSx,
  busy,
  label,
}: PagedTableProps<Row>) {
  const cells = Children.toArray(head);
  return (
    <TableContainer component={paper ? Paper : 'div'} sx={containerSx}>
      <Table size="small" data-testid={testId} aria-busy={busy} aria-label={label}>
        <TableHead>
          <TableRow>{cells}</TableRow>
        </TableHead>
        <TableBody>
          {rows?.map(renderRow)}
          <EmptyRow show={empty ?? rows?.length === 0} columns={cells.length} />
        </TableBody>
      </Table>
      {paging && <Pagination paging={paging} />}
    </TableContainer>
  );
}

/** The pagination of a server-paged list. */
export function Pagination({ paging }: { paging: Paging }) {
  const { page, pageSize, total, onPageChange, onPageSizeChange } = paging;
  return (
    <TablePagination
      component="div"
      count={total}
      page={page}
      rowsPerPage={pageSize}
      rowsPerPageOptions={onPageSizeChange ? [10, 25, 50, 100] : [pageSize]}
      onPageChange={(_, p) => onPageChange(p)}
      onRowsPerPageChange={onPageSizeChange && ((e) => onPageSizeChange(Number(e.target.value)))}
    />
  );
}
