import type { ReactNode } from 'react';
import { Checkbox, TableCell, TableSortLabel } from '@mui/material';
import { useTranslation } from 'react-i18next';
import type { ApplicationRow } from '@openseat/shared/schemas/applications';
import { PagedTable, type Paging } from '../../../components/PagedTable';
import type { Sort, SortState } from '../hooks/use-application-list';
import { ApplicationListRow, type Reorder, type ShownColumns } from './ApplicationListRow';

/** A page of an applications list: sortable by date, id and applicant; rows selectable one by one or all shown. */
export function ApplicationsTable({
  rows,
  loaded,
  busy,
  path,
  columns,
  sort,
  onSort,
  selected,
  onSelect,
  reorder,
  paging,
}: {
  rows: ApplicationRow[];
  loaded: boolean;
  busy: boolean;
  path: string;
  columns: ShownColumns;
  sort: SortState;
  onSort: (by: Sort) => void;
  selected: number[];
  onSelect: (ids: number[]) => void;
  reorder: Reorder;
  paging: Paging;
}) {
  const { t } = useTranslation();
  const allShown = rows.length > 0 && rows.every((r) => selected.includes(r.id_application));
  const sortable = (by: Sort, label: string): ReactNode => (
    <TableSortLabel
      active={sort?.by === by}
      direction={sort?.by === by ? sort.direction : 'asc'}
      onClick={() => onSort(by)}
    >
      {label}
    </TableSortLabel>
  );
  const toggle = (id: number) => onSelect(selected.includes(id) ? selected.filter((x) => x !== id) : [...selected, id]);
  return (
    <PagedTable
      testId="applications-table"
      busy={busy}
      containerSx={{ overflowX: 'auto' }}
      head={
        <>
          <TableCell padding="checkbox">
            <Checkbox
              checked={allShown}
              onChange={() => onSelect(allShown ? [] : rows.map((r) => r.id_application))}
              slotProps={{ input: { 'aria-label': t('applications.selectPage') } }}
            />
          </TableCell>
          <TableCell>{sortable('createdAt', t('applications.date'))}</TableCell>
          <TableCell>{sortable('correlative', t('applications.id'))}</TableCell>
          <TableCell>{sortable('applicant', t('applications.applicant'))}</TableCell>
          {columns.shows('email') && <TableCell>{t('applications.email')}</TableCell>}
          {columns.shows('phone') && <TableCell>{t('applications.phone')}</TableCell>}
          {columns.shows('grade') && <TableCell>{t('applications.grade')}</TableCell>}
          {columns.shows('status') && <TableCell>{t('applications.status')}</TableCell>}
          {columns.lottery && <TableCell>{t('waiting.lotteryNumber')}</TableCell>}
          {columns.deadline && <TableCell>{t('waiting.offerDeadline')}</TableCell>}
          {columns.order && <TableCell>{t('waiting.order')}</TableCell>}
        </>
      }
      rows={rows}
      empty={loaded && rows.length === 0}
      renderRow={(row) => (
        <ApplicationListRow
          key={row.id_application}
          row={row}
          path={path}
          columns={columns}
          selected={selected.includes(row.id_application)}
          onToggle={() => toggle(row.id_application)}
          reorder={reorder}
        />
      )}
      paging={paging}
    />
  );
}
