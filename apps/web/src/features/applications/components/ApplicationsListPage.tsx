import { useEffect, useState } from 'react';
import {
  Alert,
  Box,
  Checkbox,
  Link,
  Paper,
  Stack,
  Table,
  TableBody,
  TableCell,
  TableContainer,
  TableHead,
  TablePagination,
  TableRow,
  TableSortLabel,
  Tooltip,
  Button,
  IconButton,
} from '@mui/material';
import ArrowDownIcon from '@mui/icons-material/ArrowDownward';
import ArrowUpIcon from '@mui/icons-material/ArrowUpward';
import { useSnackbar } from 'notistack';
import { LIST_TYPE } from '@openseat/shared/constants';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink, useNavigate } from 'react-router';
import { PAGE_SIZE_DEFAULT } from '@openseat/shared/constants';
import type { ApplicationRow } from '@openseat/shared/schemas/applications';
import { useAbility, useSession } from '../../../lib/client';
import { EmptyRow } from '../../../components/EmptyRow';
import { PageTitle } from '../../../components/PageTitle';
import { useWorkingContext } from '../../../hooks/working-context';
import { formatDate } from '../../../lib/dates';
import { USER_FILTER_LIST_TYPES } from '@openseat/shared/schemas/application-records';
import {
  useApplications,
  useResetFilters,
  useSaveFilters,
  useSavedFilters,
  type ListParams,
} from '../api/applications';
import { useHiddenColumns } from '../columns';
import { changedItems, filtersFromSaved } from '../saved-filters';
import type { ListScreen } from '../lists';
import { Ellipsis } from '../../../components/Ellipsis';
import { BulkMoveBar } from './BulkMoveBar';
import { CopyEmail } from './CopyEmail';
import { ColumnsMenu } from './ColumnsMenu';
import { ExportMenu } from './ExportMenu';
import { ListFilters, type Filters } from './ListFilters';
import { NewApplicationDialog } from './NewApplicationDialog';
import { ReorderWaitingListDialog } from './ReorderWaitingListDialog';
import { WaitingReasonInfo } from './WaitingReasonInfo';
import { useMoveWaitingPosition } from '../api/applications';

type Sort = NonNullable<ListParams['sort']>;

/** What a selection offers beyond moves (bulk messages): composed by the router, so features stay apart. */
export type BulkActionsSlot = (selection: { ids: number[]; listType: number; clear: () => void }) => React.ReactNode;

/** One applications list (inbox, selected, waiting, declined, denied, historical, school): server pages and sorts. */
export default function ApplicationsListPage({
  screen,
  renderBulkActions,
}: {
  screen: ListScreen;
  renderBulkActions?: BulkActionsSlot;
}) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const context = useWorkingContext();
  const { user } = useSession();
  const ability = useAbility();
  const [page, setPage] = useState(0);
  const [pageSize, setPageSize] = useState(PAGE_SIZE_DEFAULT);
  const keepsFilters = (USER_FILTER_LIST_TYPES as readonly number[]).includes(screen.type);
  const saved = useSavedFilters(screen.type, keepsFilters);
  const saveFilters = useSaveFilters(screen.type);
  const resetFilters = useResetFilters(screen.type);
  const [filters, setFilters] = useState<Filters>({ text: '' });
  const [restored, setRestored] = useState(!keepsFilters);
  // the saved filters of this list come back once, on the first visit of the screen
  useEffect(() => {
    if (restored || !saved.data) return;
    setFilters(filtersFromSaved(saved.data, screen.type));
    setRestored(true);
  }, [restored, saved.data, screen.type]);
  const [sort, setSort] = useState<{ by: Sort; direction: 'asc' | 'desc' } | null>(null);
  const [selected, setSelected] = useState<number[]>([]);
  const columns = useHiddenColumns(screen.type);
  const { enqueueSnackbar } = useSnackbar();
  const moveWaiting = useMoveWaitingPosition();
  const [reordering, setReordering] = useState(false);
  const [creating, setCreating] = useState(false);
  const waitingScreen = screen.type === LIST_TYPE.WAITING_LIST;
  const selectedScreen = screen.type === LIST_TYPE.SELECTED_LIST;
  const mayReorder = waitingScreen && ability.can('reorder_waiting_list', 'waiting_list');
  const id_campus_year = context.years.find((y) => y.id_school_year === context.id_school_year)?.id_campus_year ?? null;
  // up/down only make sense inside one grade's list
  const oneGrade = mayReorder && filters.id_grade !== undefined;
  const showLottery = columns.shows('lotteryNumber');
  const showDeadline = selectedScreen && columns.shows('offerDeadline');
  const schoolWide = screen.type === 9;
  // walk-in and phone enquiries: a new lead, from any list of the working campus's periods
  const mayCreate = ability.can('create', 'application') && !schoolWide && screen.type !== LIST_TYPE.HISTORICAL;
  const params: ListParams = {
    type: screen.type,
    page,
    pageSize,
    id_campus: schoolWide ? undefined : (context.id_campus ?? undefined),
    id_school_year: schoolWide ? undefined : (context.id_school_year ?? undefined),
    ...filters,
    sort: sort?.by,
    direction: sort?.direction,
  };
  const list = useApplications(params, restored && (schoolWide || context.id_campus !== null));
  const rows = list.data?.data ?? [];
  const allShown = rows.length > 0 && rows.every((r) => selected.includes(r.id_application));

  const sortBy = (by: Sort) => {
    setSort((s) => ({ by, direction: s?.by === by && s.direction === 'asc' ? 'desc' : 'asc' }));
    setPage(0);
  };
  const header = (by: Sort, label: string) => (
    <TableSortLabel
      active={sort?.by === by}
      direction={sort?.by === by ? sort.direction : 'asc'}
      onClick={() => sortBy(by)}
    >
      {label}
    </TableSortLabel>
  );
  const place = (row: ApplicationRow, position: number) =>
    moveWaiting
      .mutateAsync({ id_application: row.id_application, waiting_list_position: position })
      .then((r) => enqueueSnackbar(r.message, { variant: 'success' }))
      .catch((e: Error) => enqueueSnackbar(e.message, { variant: 'error' }));
  const toggle = (id: number) => setSelected((s) => (s.includes(id) ? s.filter((x) => x !== id) : [...s, id]));
  const unreadHint = (row: ApplicationRow) =>
    row.lastMove?.from
      ? t('applications.movedFromTo', {
          from: t(`statuses.${row.lastMove.from.id_status}`),
          to: t(`statuses.${row.lastMove.to.id_status}`),
        })
      : t('applications.newLead');

  return (
    <>
      <PageTitle>{t(screen.titleKey)}</PageTitle>
      <Box sx={{ display: 'flex', flexWrap: 'wrap', justifyContent: 'flex-end', gap: 1, mb: 1 }}>
        {mayCreate && (
          <Button variant="contained" onClick={() => setCreating(true)} data-testid="new-application">
            {t('intake.newApplication')}
          </Button>
        )}
        {mayReorder && id_campus_year !== null && (
          <Button onClick={() => setReordering(true)} data-testid="waiting-reorder">
            {t('waiting.reorderByPriorities')}
          </Button>
        )}
        <ColumnsMenu shows={columns.shows} toggle={columns.toggle} />
        {ability.can('export_csv', screen.subject) && <ExportMenu params={params} />}
      </Box>
      <ListFilters
        type={screen.type}
        id_campus={schoolWide ? null : context.id_campus}
        value={filters}
        disabled={!restored}
        onChange={(next) => {
          const changed = changedItems(filters, next);
          if (keepsFilters && changed.length) saveFilters.mutate(changed);
          setFilters(next);
          setPage(0);
          setSelected([]);
        }}
        onReset={
          keepsFilters
            ? () => {
                resetFilters.mutate();
                setFilters({ text: '' });
                setPage(0);
              }
            : undefined
        }
      />
      {selected.length > 0 && (
        <BulkMoveBar selected={selected} id_campus={context.id_campus} onDone={() => setSelected([])} />
      )}
      {selected.length > 0 &&
        renderBulkActions?.({ ids: selected, listType: screen.type, clear: () => setSelected([]) })}
      {list.isError && <Alert severity="error">{list.error.message}</Alert>}
      <TableContainer component={Paper} sx={{ overflowX: 'auto' }}>
        <Table size="small" data-testid="applications-table" aria-busy={list.isFetching}>
          <TableHead>
            <TableRow>
              <TableCell padding="checkbox">
                <Checkbox
                  checked={allShown}
                  onChange={() => setSelected(allShown ? [] : rows.map((r) => r.id_application))}
                  slotProps={{ input: { 'aria-label': t('applications.selectPage') } }}
                />
              </TableCell>
              <TableCell>{header('createdAt', t('applications.date'))}</TableCell>
              <TableCell>{header('correlative', t('applications.id'))}</TableCell>
              <TableCell>{header('applicant', t('applications.applicant'))}</TableCell>
              {columns.shows('email') && <TableCell>{t('applications.email')}</TableCell>}
              {columns.shows('phone') && <TableCell>{t('applications.phone')}</TableCell>}
              {columns.shows('grade') && <TableCell>{t('applications.grade')}</TableCell>}
              {columns.shows('status') && <TableCell>{t('applications.status')}</TableCell>}
              {showLottery && <TableCell>{t('waiting.lotteryNumber')}</TableCell>}
              {showDeadline && <TableCell>{t('waiting.offerDeadline')}</TableCell>}
              {oneGrade && <TableCell>{t('waiting.order')}</TableCell>}
            </TableRow>
          </TableHead>
          <TableBody>
            {rows.map((row) => (
              <TableRow
                key={row.id_application}
                hover
                sx={{ cursor: 'pointer' }}
                onClick={() => navigate(`/main/${screen.path}/${row.id_application}`)}
                data-testid={`application-row-${row.correlative}`}
              >
                <TableCell padding="checkbox" onClick={(e) => e.stopPropagation()}>
                  <Checkbox
                    checked={selected.includes(row.id_application)}
                    onChange={() => toggle(row.id_application)}
                    slotProps={{ input: { 'aria-label': t('applications.selectNamed', { name: row.applicantName }) } }}
                  />
                </TableCell>
                <TableCell sx={{ whiteSpace: 'nowrap' }}>
                  <Stack direction="row" spacing={1} alignItems="center">
                    {!row.read && row.lastMove?.id_user !== user?.id_user && (
                      <Tooltip title={unreadHint(row)}>
                        <Box
                          component="span"
                          role="img"
                          aria-label={unreadHint(row)}
                          sx={{ width: 10, height: 10, borderRadius: '50%', bgcolor: 'info.main', flexShrink: 0 }}
                          data-testid="unread-dot"
                        />
                      </Tooltip>
                    )}
                    <span>{formatDate(row.createdAt, t('common.noDate'))}</span>
                  </Stack>
                </TableCell>
                <TableCell>{row.correlative}</TableCell>
                <TableCell onClick={(e) => e.stopPropagation()}>
                  <Tooltip describeChild title={row.applicantName}>
                    <Link component={RouterLink} to={`/main/${screen.path}/${row.id_application}`}>
                      <Ellipsis>{row.applicantName}</Ellipsis>
                    </Link>
                  </Tooltip>
                </TableCell>
                {columns.shows('email') && (
                  <TableCell onClick={(e) => e.stopPropagation()}>
                    {row.email ? <CopyEmail email={row.email} /> : t('common.notSelected')}
                  </TableCell>
                )}
                {columns.shows('phone') && <TableCell sx={{ whiteSpace: 'nowrap' }}>{row.phoneNumber ?? ''}</TableCell>}
                {columns.shows('grade') && <TableCell>{row.grade?.name ?? t('common.notSelected')}</TableCell>}
                {columns.shows('status') && (
                  <TableCell sx={{ whiteSpace: 'nowrap' }}>
                    {t(`statuses.${row.id_status}`)}
                    {row.waiting_list_position !== null && ` #${row.waiting_list_position}`}
                    {row.waitingReason && (
                      <WaitingReasonInfo reason={row.waitingReason} correlative={row.correlative} />
                    )}
                  </TableCell>
                )}
                {showLottery && <TableCell>{row.lottery_number ?? ''}</TableCell>}
                {showDeadline && (
                  <TableCell sx={{ whiteSpace: 'nowrap' }}>
                    {row.offer_expires_at ? formatDate(row.offer_expires_at, '') : ''}
                  </TableCell>
                )}
                {oneGrade && (
                  <TableCell sx={{ whiteSpace: 'nowrap' }} onClick={(e) => e.stopPropagation()}>
                    {row.waiting_list_position !== null && (
                      <>
                        <IconButton
                          size="small"
                          aria-label={t('waiting.moveUp')}
                          disabled={row.waiting_list_position <= 1 || moveWaiting.isPending}
                          onClick={() => void place(row, row.waiting_list_position! - 1)}
                          data-testid={`waiting-up-${row.correlative}`}
                        >
                          <ArrowUpIcon fontSize="small" />
                        </IconButton>
                        <IconButton
                          size="small"
                          aria-label={t('waiting.moveDown')}
                          disabled={row.waiting_list_position >= (list.data?.total ?? 0) || moveWaiting.isPending}
                          onClick={() => void place(row, row.waiting_list_position! + 1)}
                          data-testid={`waiting-down-${row.correlative}`}
                        >
                          <ArrowDownIcon fontSize="small" />
                        </IconButton>
                      </>
                    )}
                  </TableCell>
                )}
              </TableRow>
            ))}
            <EmptyRow
              show={list.isSuccess && rows.length === 0}
              columns={
                8 -
                columns.hidden.filter((c) => c !== 'lotteryNumber' && c !== 'offerDeadline').length +
                (showLottery ? 1 : 0) +
                (showDeadline ? 1 : 0) +
                (oneGrade ? 1 : 0)
              }
            />
          </TableBody>
        </Table>
        <TablePagination
          component="div"
          count={list.data?.total ?? 0}
          page={page}
          rowsPerPage={pageSize}
          rowsPerPageOptions={[10, 25, 50, 100]}
          onPageChange={(_, p) => setPage(p)}
          onRowsPerPageChange={(e) => {
            setPageSize(Number(e.target.value));
            setPage(0);
          }}
        />
      </TableContainer>
      {creating && (
        <NewApplicationDialog
          campuses={context.campuses}
          id_campus={context.id_campus}
          id_school_year={context.id_school_year}
          onClose={() => setCreating(false)}
          onCreated={(id) => {
            setCreating(false);
            navigate(`/main/applications/${id}`);
          }}
        />
      )}
      {reordering && id_campus_year !== null && (
        <ReorderWaitingListDialog
          id_campus_year={id_campus_year}
          initialGrade={filters.id_grade}
          onClose={() => setReordering(false)}
        />
      )}
    </>
  );
}
