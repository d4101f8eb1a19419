import { useState } from 'react';
import { Alert, Paper, Tab, Tabs } from '@mui/material';
import { useTranslation } from 'react-i18next';
import { useNavigate, useParams } from 'react-router';
import { SUPER_ADMIN_ROLE } from '@openseat/shared/constants';
import { useAbility } from '../../../lib/ability';
import { useSession } from '../../../lib/client';
import { roleLabel } from '../../../lib/i18n';
import { PageTitle } from '../../../components/PageTitle';
import { useRole } from '../api/roles';
import { PermissionsTab } from './PermissionsTab';
import { RoleForm } from './RoleForm';

/** Role detail: details, and permissions by screen (spec section 2). Without an id it creates a role. */
export default function RoleDetailPage() {
  const { id } = useParams();
  // a new id in the address is a new page: the tab and the form start afresh
  return <RoleDetail key={id ?? 'new'} id={Number(id)} />;
}

function RoleDetail({ id }: { id: number }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const ability = useAbility();
  const { user } = useSession();
  const role = useRole(id);
  const [tab, setTab] = useState<'details' | 'permissions'>('details');
  const isNew = !Number.isInteger(id) || id <= 0;
  const systemCaller = user?.id_context_type === 1 && !user.schoolSwitch;
  const mayEdit = systemCaller && ability.can(isNew ? 'create' : 'edit', isNew ? 'roles' : 'role');
  const isSuperAdmin = role.data?.name === SUPER_ADMIN_ROLE;
  return (
    <>
      <PageTitle>{isNew ? t('roles.create') : role.data ? roleLabel(role.data.name) : ''}</PageTitle>
      {!isNew && (
        <Tabs value={tab} onChange={(_, v) => setTab(v)} sx={{ mb: 2 }}>
          <Tab value="details" label={t('roles.details')} />
          {ability.can('tab_permissions', 'role') && (
            <Tab value="permissions" label={t('roles.permissions')} data-testid="role-permissions-tab" />
          )}
        </Tabs>
      )}
      <Paper sx={{ p: 2 }}>
        {tab === 'details' && (
          <>
            {!mayEdit && (
              <Alert severity="warning" sx={{ mb: 2 }}>
                {t('roles.deniedRoleData')}
              </Alert>
            )}
            <RoleForm
              role={isNew ? null : (role.data ?? null)}
              disabled={!mayEdit || isSuperAdmin}
              onSaved={(newId) => isNew && navigate(`/main/roles/role/${newId}`, { replace: true })}
            />
          </>
        )}
        {tab === 'permissions' && !isNew && <PermissionsTab id_role={id} isSuperAdmin={isSuperAdmin} />}
      </Paper>
    </>
  );
}
