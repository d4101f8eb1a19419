import { Children, Fragment, isValidElement, type ReactElement, type ReactNode } from 'react';
import {
  Link,
  Paper,
  Table,
  TableBody,
  TableCell,
  TableContainer,
  TableHead,
  TablePagination,
  TableRow,
  type SxProps,
  type Theme,
} from '@mui/material';
import { useTranslation } from 'react-i18next';
import { formatCount } from '../lib/numbers';
import { EmptyRow } from './EmptyRow';
import { VisuallyHidden } from './VisuallyHidden';

/** A server page of a list: the page shown (from 0), its size and the whole count. */
export type Paging = {
  page: number;
  pageSize: number;
  total: number;
  /** false: more than `total` rows match (a long list counts up to LIST_TOTAL_BOUND): shown as "2,000+". */
  totalExact?: boolean;
  /** Asks the server for the exact count (the "2,000+" becomes a button); without it the bound stays a label. */
  onCountAll?: () => void;
  onPageChange: (page: number) => void;
  /** Lets the reader choose 10, 25, 50 or 100 rows a page; without it the page size is fixed. */
  onPageSizeChange?: (pageSize: number) => void;
};

/** A fixed-size pagination shown only when the list is longer than one page (a short list needs none). */
export const pagingBeyondOnePage = (
  total: number | undefined,
  page: number,
  pageSize: number,
  onPageChange: (page: number) => void,
): Paging | undefined => ((total ?? 0) > pageSize ? { page, pageSize, total: total ?? 0, onPageChange } : undefined);

export type PagedTableProps<Row> = {
  testId: string;
  /**
   * The header cells (a fragment of them, or an array of labels); the empty row spans as many columns as there are
   * cells.
   */
  head: ReactNode;
  /** A last column of row actions (edit, delete): its header is named for screen readers only. */
  actions?: boolean;
  /** The loaded rows (undefined while loading: no empty row yet). */
  rows: readonly Row[] | undefined;
  renderRow: (row: Row, index: number) => ReactNode;
  /** Whether to show the "No results" row; by default when the loaded rows are none. */
  empty?: boolean;
  /** What the empty row says ("No results" unless told). */
  emptyText?: string;
  /** Pagination under the table; none for a list shown whole. */
  paging?: Paging;
  /** The container's look: on a Paper by default. */
  paper?: boolean;
  containerSx?: SxProps<Theme>;
  busy?: boolean;
  label?: string;
  /** The table's own tab stop (a table that scrolls sideways on a phone must be reachable by keyboard). */
  focusable?: boolean;
  /** What the body shows while the rows load (skeleton rows). */
  loading?: ReactNode;
  /** More attributes of the table (`data-*`). */
  tableProps?: { [key: `data-${string}`]: unknown };
};

/** A list table: header, rows, a "No results" row when empty, and (for a server-paged list) its pagination. */
export function PagedTable<Row>({
  testId,
  head,
  actions = false,
  rows,
  renderRow,
  empty,
  emptyText,
  paging,
  paper = true,
  containerSx,
  busy,
  label,
  focusable,
  loading,
  tableProps,
}: PagedTableProps<Row>) {
  const { t } = useTranslation();
  // a plain label is a header cell of its own
  const cells = Children.toArray(
    isValidElement(head) && head.type === Fragment
      ? (head as ReactElement<{ children: ReactNode }>).props.children
      : head,
  ).map((cell, i) => (typeof cell === 'string' ? <TableCell key={i}>{cell}</TableCell> : cell));
  if (actions)
    cells.push(
      <TableCell key="actions">
        <VisuallyHidden>{t('common.actions')}</VisuallyHidden>
      </TableCell>,
    );
  return (
    <TableContainer component={paper ? Paper : 'div'} sx={containerSx}>
      <Table
        size="small"
        data-testid={testId}
        aria-busy={busy}
        aria-label={label}
        tabIndex={focusable ? 0 : undefined}
        {...tableProps}
      >
        <TableHead>
          <TableRow>{cells}</TableRow>
        </TableHead>
        <TableBody>
          {rows ? rows.map(renderRow) : loading}
          <EmptyRow show={empty ?? rows?.length === 0} columns={cells.length} text={emptyText} />
        </TableBody>
      </Table>
      {paging && <ListPagination paging={paging} />}
    </TableContainer>
  );
}

/**
 * The pagination of a server-paged list. A total counted only up to its bound reads "1–25 of 2,000+" (MUI's unknown
 * count, -1: the next page stays open while pages come back full, and the server's answer to a short last page is
 * exact); the "2,000+" asks for the exact count when the list can.
 */
export function ListPagination({ paging, testId }: { paging: Paging; testId?: string }) {
  const { t, i18n } = useTranslation();
  const { page, pageSize, total, totalExact = true, onCountAll, onPageChange, onPageSizeChange } = paging;
  const atLeast = t('common.moreThan', { total: formatCount(total, i18n.language) });
  const labelDisplayedRows = totalExact
    ? undefined
    : ({ from, to }: { from: number; to: number }) => (
        <>
          {t('common.rowsOf', { from, to })}{' '}
          {onCountAll ? (
            <Link
              component="button"
              type="button"
              onClick={onCountAll}
              data-testid="count-all"
              sx={{ verticalAlign: 'baseline' }}
            >
              {atLeast}
              <VisuallyHidden>{t('common.countAll')}</VisuallyHidden>
            </Link>
          ) : (
            atLeast
          )}
        </>
      );
  return (
    <TablePagination
      component="div"
      count={totalExact ? total : -1}
      labelDisplayedRows={labelDisplayedRows}
      page={page}
      rowsPerPage={pageSize}
      rowsPerPageOptions={onPageSizeChange ? [10, 25, 50, 100] : [pageSize]}
      onPageChange={(_, p) => onPageChange(p)}
      onRowsPerPageChange={onPageSizeChange && ((e) => onPageSizeChange(Number(e.target.value)))}
      data-testid={testId}
    />
  );
}
