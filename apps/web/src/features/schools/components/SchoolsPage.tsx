import { useState } from 'react';
import {
  Box,
  Button,
  Chip,
  Paper,
  Stack,
  Switch,
  Tab,
  Table,
  TableBody,
  TableCell,
  TableContainer,
  TableHead,
  TablePagination,
  TableRow,
  Tabs,
  TextField,
} from '@mui/material';
import { useSnackbar } from 'notistack';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink, useNavigate } from 'react-router';
import { PAGE_SIZE_DEFAULT } from '@openseat/shared/constants';
import { useAbility } from '../../../lib/client';
import { downloadCsv } from '../../../lib/download';
import { PageTitle } from '../../../components/PageTitle';
import type { SchoolRow, SchoolTab } from '@openseat/shared/schemas/schools';
import { ConfirmDialog } from '../../../components/ConfirmDialog';
import { useSchools, useSetSchoolActive } from '../api/schools';
import { SchoolDialog } from './SchoolDialog';
import { EmptyRow } from '../../../components/EmptyRow';

const TABS: SchoolTab[] = ['active', 'inactive', 'charter-connect'];

export default function SchoolsPage() {
  const { t } = useTranslation();
  const { enqueueSnackbar } = useSnackbar();
  const navigate = useNavigate();
  const ability = useAbility();
  const [tab, setTab] = useState<SchoolTab>('active');
  const [text, setText] = useState('');
  const [page, setPage] = useState(0);
  const [pageSize, setPageSize] = useState(PAGE_SIZE_DEFAULT);
  const [creating, setCreating] = useState(false);
  const schools = useSchools({ tab, page, pageSize, text });
  const setActive = useSetSchoolActive();
  const [deactivating, setDeactivating] = useState<SchoolRow | null>(null);
  const save = async (id: number, active: boolean) =>
    enqueueSnackbar((await setActive.mutateAsync({ id, active })).message, { variant: 'success' });
  /** Activating is immediate; deactivating asks first, naming what it does. */
  const toggle = (row: SchoolRow, active: boolean) =>
    active
      ? void save(row.id_school, true).catch((e: Error) => enqueueSnackbar(e.message, { variant: 'error' }))
      : setDeactivating(row);
  return (
    <>
      <PageTitle>{t('menu.schools')}</PageTitle>
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2} sx={{ mb: 2 }}>
        <TextField
          size="small"
          label={t('common.search')}
          value={text}
          onChange={(e) => {
            setText(e.target.value);
            setPage(0);
          }}
          slotProps={{ inputLabel: { shrink: true } }}
        />
        <Box sx={{ flexGrow: 1 }} />
        {ability.can('export_csv', 'schools') && (
          <Button onClick={() => void downloadCsv('/school/export', 'schools.csv', { tab, text })}>
            {t('common.exportCsv')}
          </Button>
        )}
        {ability.can('create', 'schools') && (
          <Button variant="contained" onClick={() => setCreating(true)} data-testid="school-create">
            {t('schools.create')}
          </Button>
        )}
      </Stack>
      <Tabs
        variant="scrollable"
        value={tab}
        onChange={(_, v: SchoolTab) => {
          setTab(v);
          setPage(0);
        }}
      >
        {TABS.map((name) => (
          <Tab key={name} value={name} label={t(`schools.tabs.${name}`)} data-testid={`schools-tab-${name}`} />
        ))}
      </Tabs>
      <TableContainer component={Paper}>
        <Table size="small" data-testid="schools-table">
          <TableHead>
            <TableRow>
              {['name', 'address', 'email', 'telephone'].map((c) => (
                <TableCell key={c}>{t(`schools.fields.${c}`)}</TableCell>
              ))}
              <TableCell>{t('users.status')}</TableCell>
            </TableRow>
          </TableHead>
          <TableBody>
            {schools.data?.data.map((row) => (
              <TableRow
                key={row.id_school}
                hover
                sx={{ cursor: 'pointer' }}
                onClick={() => navigate(`/main/schools/school/${row.id_school}`)}
              >
                <TableCell>
                  <RouterLink to={`/main/schools/school/${row.id_school}`} onClick={(e) => e.stopPropagation()}>
                    {row.name}
                  </RouterLink>
                </TableCell>
                <TableCell>{row.address}</TableCell>
                <TableCell>{row.email}</TableCell>
                <TableCell>{row.telephone}</TableCell>
                <TableCell onClick={(e) => e.stopPropagation()}>
                  {ability.can('enable_disable', 'schools') ? (
                    <Switch
                      size="small"
                      checked={row.active}
                      onChange={(e) => toggle(row, e.target.checked)}
                      slotProps={{ input: { 'aria-label': t('schools.activeSwitch', { name: row.name }) } }}
                      data-testid={`school-active-${row.id_school}`}
                    />
                  ) : (
                    <Chip size="small" label={row.active ? t('users.active') : t('users.inactive')} />
                  )}
                </TableCell>
              </TableRow>
            ))}
            <EmptyRow show={schools.data?.data.length === 0} columns={5} />
          </TableBody>
        </Table>
        <TablePagination
          component="div"
          count={schools.data?.total ?? 0}
          page={page}
          rowsPerPage={pageSize}
          onPageChange={(_, p) => setPage(p)}
          onRowsPerPageChange={(e) => {
            setPageSize(Number(e.target.value));
            setPage(0);
          }}
        />
      </TableContainer>
      {creating && <SchoolDialog open school={null} onClose={() => setCreating(false)} />}
      <ConfirmDialog
        open={deactivating !== null}
        title={t('schools.deactivate')}
        consequence={t('schools.confirmDeactivate', { name: deactivating?.name ?? '' })}
        confirmLabel={t('common.deactivate')}
        danger
        onConfirm={() => save(deactivating!.id_school, false)}
        onClose={() => setDeactivating(null)}
      />
    </>
  );
}
