import { useState } from 'react';
import { Box, Button, Chip, Stack, Tab, TableCell, TableRow, Tabs } from '@mui/material';
import BlockIcon from '@mui/icons-material/Block';
import EditIcon from '@mui/icons-material/Edit';
import { useSnackbar } from 'notistack';
import { useTranslation } from 'react-i18next';
import { CONTEXT_TYPE, PAGE_SIZE_DEFAULT } from '@openseat/shared/constants';
import { assignableContextTypes } from '@openseat/shared/role-levels';
import type { SessionUser } from '@openseat/shared/schemas/auth';
import type { UserRow, UserTab } from '@openseat/shared/schemas/users';
import { useAbility } from '../../../lib/ability';
import { useSession } from '../../../lib/client';
import { downloadCsv } from '../../../lib/download';
import { roleLabel } from '../../../lib/i18n';
import { ConfirmDialog } from '../../../components/ConfirmDialog';
import { useDeactivateUser, useUsers } from '../api/users';
import { UserDialog } from './UserDialog';
import { SearchField } from '../../../components/SearchField';
import { usePaging } from '../../../hooks/use-paging';
import { PagedTable } from '../../../components/PagedTable';
import { RowAction } from '../../../components/RowAction';

const TAB_OF_LEVEL: Record<number, UserTab> = {
  [CONTEXT_TYPE.SYSTEM]: 'system',
  [CONTEXT_TYPE.SCHOOL]: 'school',
  [CONTEXT_TYPE.CAMPUS]: 'campus',
  [CONTEXT_TYPE.SCHOOL_MAINTAINER]: 'maintenance',
};

/** The tabs a caller sees: the levels of users it may hold, narrowed to a school's or a campus's users. */
function tabsFor(me: SessionUser | null, scope: { id_school?: number; id_campus?: number }): UserTab[] {
  if (!me || scope.id_campus) return ['campus'];
  const levels = assignableContextTypes(me).filter((level) => !scope.id_school || level !== CONTEXT_TYPE.SYSTEM);
  return levels.length ? levels.map((level) => TAB_OF_LEVEL[level]) : ['campus'];
}

/** The users of the caller's scope, or of one school or campus (the users tabs of those screens). */
export function UsersPanel({ id_school, id_campus }: { id_school?: number; id_campus?: number }) {
  const { t } = useTranslation();
  const { enqueueSnackbar } = useSnackbar();
  const ability = useAbility();
  const { user: me } = useSession();
  const tabs = tabsFor(me, { id_school, id_campus });
  const [tab, setTab] = useState<UserTab>(tabs[0]);
  const [text, setText] = useState('');
  const { page, pageSize, restart, paging } = usePaging(PAGE_SIZE_DEFAULT, { resizable: true });
  // undefined: closed; null: a new user
  const [editing, setEditing] = useState<UserRow | null | undefined>(undefined);
  const [deactivating, setDeactivating] = useState<UserRow | null>(null);
  const users = useUsers({ tab, page, pageSize, text, id_school, id_campus });
  const deactivate = useDeactivateUser();

  const onDeactivate = async (row: UserRow) => {
    enqueueSnackbar((await deactivate.mutateAsync(row.id_user)).message, { variant: 'success' });
  };

  return (
    <>
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2} sx={{ mb: 2 }} alignItems={{ sm: 'center' }}>
        <SearchField
          value={text}
          onChange={(value) => {
            setText(value);
            restart();
          }}
          testId="users-search"
        />
        <Box sx={{ flexGrow: 1 }} />
        {ability.can('export_csv', 'users') && (
          <Button
            onClick={() =>
              void downloadCsv('/user/export', 'users.csv', { tab, text }).catch((e: Error) =>
                enqueueSnackbar(e.message, { variant: 'error' }),
              )
            }
          >
            {t('common.exportCsv')}
          </Button>
        )}
        {ability.can('create', 'users') && (
          <Button variant="contained" onClick={() => setEditing(null)} data-testid="user-create">
            {t('users.create')}
          </Button>
        )}
      </Stack>
      {tabs.length > 1 && (
        <Tabs
          value={tab}
          variant="scrollable"
          onChange={(_, v: UserTab) => {
            setTab(v);
            restart();
          }}
          sx={{ mb: 1 }}
        >
          {tabs.map((name) => (
            <Tab key={name} value={name} label={t(`users.tabs.${name}`)} data-testid={`users-tab-${name}`} />
          ))}
        </Tabs>
      )}
      <PagedTable
        testId="users-table"
        head={[
          t('users.name'),
          t('users.email'),
          t('users.role'),
          t('users.place'),
          t('users.telephone'),
          t('users.status'),
        ]}
        actions
        rows={users.data?.data}
        renderRow={(row) => (
          <TableRow key={row.id_user} hover>
            <TableCell>{row.name}</TableCell>
            <TableCell>{row.email}</TableCell>
            <TableCell>{roleLabel(row.roles.name)}</TableCell>
            <TableCell>{row.campus?.name ?? row.school?.name ?? row.schools.map((s) => s.name).join(', ')}</TableCell>
            <TableCell>{row.telephone}</TableCell>
            <TableCell>
              <Chip
                size="small"
                color={row.isActive ? 'success' : 'default'}
                label={row.isActive ? t('users.active') : t('users.inactive')}
              />
            </TableCell>
            <TableCell align="right" sx={{ whiteSpace: 'nowrap' }}>
              {ability.can('edit', 'users') && (
                <RowAction
                  title={t('users.edit')}
                  label={t('users.editNamed', { name: row.name })}
                  icon={<EditIcon fontSize="small" />}
                  onClick={() => setEditing(row)}
                />
              )}
              {ability.can('delete', 'users') && row.isActive && row.id_user !== me?.id_user && (
                <RowAction
                  title={t('users.deactivate')}
                  label={t('users.deactivateNamed', { name: row.name })}
                  icon={<BlockIcon fontSize="small" />}
                  onClick={() => setDeactivating(row)}
                  testId={`user-deactivate-${row.id_user}`}
                />
              )}
            </TableCell>
          </TableRow>
        )}
        paging={paging(users.data?.total)}
      />
      {editing !== undefined && <UserDialog user={editing} onClose={() => setEditing(undefined)} />}
      <ConfirmDialog
        open={deactivating !== null}
        title={t('users.deactivate')}
        consequence={t('users.confirmDeactivate', { name: deactivating?.name ?? '' })}
        confirmLabel={t('common.deactivate')}
        danger
        onConfirm={() => onDeactivate(deactivating!)}
        onClose={() => setDeactivating(null)}
      />
    </>
  );
}
