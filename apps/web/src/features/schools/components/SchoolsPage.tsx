import { useState } from 'react';
import { Box, Button, Chip, Stack, Switch, Tab, TableCell, TableRow, Tabs } from '@mui/material';
import { useSnackbar } from 'notistack';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink, useNavigate } from 'react-router';
import { PAGE_SIZE_DEFAULT } from '@openseat/shared/constants';
import { useAbility } from '../../../lib/ability';
import { downloadCsv } from '../../../lib/download';
import { PageTitle } from '../../../components/PageTitle';
import type { SchoolRow, SchoolTab } from '@openseat/shared/schemas/schools';
import { ConfirmDialog } from '../../../components/ConfirmDialog';
import { useSchools, useSetSchoolActive } from '../api/schools';
import { SchoolDialog } from './SchoolDialog';
import { SearchField } from '../../../components/SearchField';
import { usePaging } from '../../../hooks/use-paging';
import { PagedTable } from '../../../components/PagedTable';

const TABS: SchoolTab[] = ['active', 'inactive', 'charter-connect'];

export default function SchoolsPage() {
  const { t } = useTranslation();
  const { enqueueSnackbar } = useSnackbar();
  const navigate = useNavigate();
  const ability = useAbility();
  const [tab, setTab] = useState<SchoolTab>('active');
  const [text, setText] = useState('');
  const { page, pageSize, restart, paging } = usePaging(PAGE_SIZE_DEFAULT, { resizable: true });
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
        <SearchField
          value={text}
          onChange={(value) => {
            setText(value);
            restart();
          }}
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
          restart();
        }}
      >
        {TABS.map((name) => (
          <Tab key={name} value={name} label={t(`schools.tabs.${name}`)} data-testid={`schools-tab-${name}`} />
        ))}
      </Tabs>
      <PagedTable
        testId="schools-table"
        head={
          <>
            {['name', 'address', 'email', 'telephone'].map((c) => (
              <TableCell key={c}>{t(`schools.fields.${c}`)}</TableCell>
            ))}
            <TableCell>{t('users.status')}</TableCell>
          </>
        }
        rows={schools.data?.data}
        renderRow={(row) => (
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
        )}
        paging={paging(schools.data?.total)}
      />
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
