import { useState } from 'react';
import { Box, Button, Chip, Paper, Stack, Switch, Tab, Table, TableBody, TableCell, TableContainer, TableHead, TablePagination, TableRow, Tabs, TextField } from '@mui/material';
import { useSnackbar } from 'notistack';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { PAGE_SIZE_DEFAULT } from '@openseat/shared/constants';
import { useAbility } from '../../../app/client';
import { downloadCsv } from '../../../app/download';
import { PageTitle } from '../../../components/PageTitle';
import { useSchools, useSetSchoolActive, type SchoolTab } from '../api/schools';
import { SchoolDialog } from './SchoolDialog';

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
  const toggle = async (id: number, active: boolean) => {
    try {
      enqueueSnackbar((await setActive.mutateAsync({ id, active })).message, { variant: 'success' });
    } catch (error) {
      enqueueSnackbar((error as Error).message, { variant: 'error' });
    }
  };
  return (
    <>
      <PageTitle>{t('menu.schools')}</PageTitle>
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2} sx={{ mb: 2 }}>
        <TextField size="small" label={t('common.search')} value={text} onChange={(e) => { setText(e.target.value); setPage(0); }} slotProps={{ inputLabel: { shrink: true } }} />
        <Box sx={{ flexGrow: 1 }} />
        {ability.can('export_csv', 'schools') && <Button onClick={() => void downloadCsv('/school/export', 'schools.csv', { tab, text })}>{t('common.exportCsv')}</Button>}
        {ability.can('create', 'schools') && <Button variant="contained" onClick={() => setCreating(true)} data-testid="school-create">{t('schools.create')}</Button>}
      </Stack>
      <Tabs value={tab} onChange={(_, v: SchoolTab) => { setTab(v); setPage(0); }}>
        {TABS.map((name) => <Tab key={name} value={name} label={t(`schools.tabs.${name}`)} data-testid={`schools-tab-${name}`} />)}
      </Tabs>
      <TableContainer component={Paper}>
        <Table size="small" data-testid="schools-table">
          <TableHead>
            <TableRow>
              {['name', 'address', 'email', 'telephone'].map((c) => <TableCell key={c}>{t(`schools.fields.${c}`)}</TableCell>)}
              <TableCell>{t('users.status')}</TableCell>
            </TableRow>
          </TableHead>
          <TableBody>
            {schools.data?.data.map((row) => (
              <TableRow key={row.id_school} hover sx={{ cursor: 'pointer' }} onClick={() => navigate(`/main/schools/school/${row.id_school}`)}>
                <TableCell>{row.name}</TableCell>
                <TableCell>{row.address}</TableCell>
                <TableCell>{row.email}</TableCell>
                <TableCell>{row.telephone}</TableCell>
                <TableCell onClick={(e) => e.stopPropagation()}>
                  {ability.can('enable_disable', 'schools') ? <Switch size="small" checked={row.active} onChange={(e) => void toggle(row.id_school, e.target.checked)} /> : <Chip size="small" label={row.active ? t('users.active') : t('users.inactive')} />}
                </TableCell>
              </TableRow>
            ))}
            {schools.data?.data.length === 0 && <TableRow><TableCell colSpan={5}>{t('common.noResults')}</TableCell></TableRow>}
          </TableBody>
        </Table>
        <TablePagination component="div" count={schools.data?.total ?? 0} page={page} rowsPerPage={pageSize} onPageChange={(_, p) => setPage(p)} onRowsPerPageChange={(e) => { setPageSize(Number(e.target.value)); setPage(0); }} />
      </TableContainer>
      <SchoolDialog open={creating} school={null} onClose={() => setCreating(false)} />
    </>
  );
}
