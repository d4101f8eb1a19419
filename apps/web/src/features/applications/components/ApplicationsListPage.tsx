import { useState } from 'react';
import { Alert, Box, Button } from '@mui/material';
import { useSnackbar } from 'notistack';
import { LIST_TYPE } from '@openseat/shared/constants';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink, useNavigate } from 'react-router';
import type { ApplicationRow } from '@openseat/shared/schemas/applications';
import { useAbility } from '../../../lib/ability';
import { PageTitle } from '../../../components/PageTitle';
import { useMoveWaitingPosition } from '../api/applications';
import { useHiddenColumns } from '../columns';
import { useApplicationList } from '../hooks/use-application-list';
import type { ListScreen } from '../lists';
import { ApplicationsTable } from './ApplicationsTable';
import { BulkMoveBar } from './BulkMoveBar';
import { ColumnsMenu } from './ColumnsMenu';
import { ExportMenu } from './ExportMenu';
import { ListFilters } from './ListFilters';
import { NewApplicationDialog } from './NewApplicationDialog';
import { ReorderWaitingListDialog } from './ReorderWaitingListDialog';

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
  const ability = useAbility();
  const { enqueueSnackbar } = useSnackbar();
  const state = useApplicationList(screen);
  const { context, schoolWide, list, filters, selected, setSelected } = state;
  const columns = useHiddenColumns(screen.type);
  const moveWaiting = useMoveWaitingPosition();
  const [reordering, setReordering] = useState(false);
  const [creating, setCreating] = useState(false);
  const mayReorder = screen.type === LIST_TYPE.WAITING_LIST && ability.can('reorder_waiting_list', 'waiting_list');
  const id_campus_year = context.years.find((y) => y.id_school_year === context.id_school_year)?.id_campus_year ?? null;
  // walk-in and phone enquiries: a new lead, from any list of the working campus's periods
  const mayCreate = ability.can('create', 'application') && !schoolWide && screen.type !== LIST_TYPE.HISTORICAL;
  const rows = list.data?.data ?? [];
  const place = (row: ApplicationRow, position: number) =>
    void moveWaiting
      .mutateAsync({ id_application: row.id_application, waiting_list_position: position })
      .then((r) => enqueueSnackbar(r.message, { variant: 'success' }))
      .catch((e: Error) => enqueueSnackbar(e.message, { variant: 'error' }));
  const clear = () => setSelected([]);

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
        {mayCreate && (
          <Button component={RouterLink} to="/main/imports">
            {t('menu.imports')}
          </Button>
        )}
        <Button component={RouterLink} to="/main/conflicting-applications">
          {t('imports.conflicts.title')}
        </Button>
        <ColumnsMenu shows={columns.shows} toggle={columns.toggle} />
        {ability.can('export_csv', screen.subject) && <ExportMenu params={state.params} />}
      </Box>
      <ListFilters
        type={screen.type}
        id_campus={schoolWide ? null : context.id_campus}
        value={filters}
        disabled={!state.restored}
        onChange={state.changeFilters}
        onReset={state.reset}
      />
      {selected.length > 0 && <BulkMoveBar selected={selected} id_campus={context.id_campus} onDone={clear} />}
      {selected.length > 0 && renderBulkActions?.({ ids: selected, listType: screen.type, clear })}
      {list.isError && <Alert severity="error">{list.error.message}</Alert>}
      <ApplicationsTable
        rows={rows}
        loaded={list.isSuccess}
        busy={list.isFetching}
        path={screen.path}
        columns={{
          shows: columns.shows,
          lottery: columns.shows('lotteryNumber'),
          deadline: screen.type === LIST_TYPE.SELECTED_LIST && columns.shows('offerDeadline'),
          // up/down only make sense inside one grade's list
          order: mayReorder && filters.id_grade !== undefined,
        }}
        sort={state.sort}
        onSort={state.sortBy}
        selected={selected}
        onSelect={setSelected}
        // past the count's bound the last place is unknown: the server refuses a move past the end
        reorder={{
          total: list.data?.totalExact === false ? Infinity : (list.data?.total ?? 0),
          pending: moveWaiting.isPending,
          place,
        }}
        paging={state.paging}
      />
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
