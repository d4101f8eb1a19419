import { Button, Chip, Stack, TableCell, TableRow } from '@mui/material';
import { PagedTable } from '../../../components/PagedTable';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import { useAbility } from '../../../lib/ability';
import { useSession } from '../../../lib/client';
import { contextLabel, roleDescription, roleLabel, roleTypeLabel } from '../../../lib/i18n';
import { PageTitle } from '../../../components/PageTitle';
import { useRoleOptions } from '../../../hooks/lookups';

export default function RolesPage() {
  const { t } = useTranslation();
  const ability = useAbility();
  const { user } = useSession();
  const roles = useRoleOptions();
  const mayCreate = ability.can('create', 'roles') && user?.id_context_type === 1;
  return (
    <>
      <PageTitle>{t('menu.roles')}</PageTitle>
      {mayCreate && (
        <Stack direction="row" justifyContent="flex-end" sx={{ mb: 2 }}>
          <Button variant="contained" component={RouterLink} to="/main/roles/role">
            {t('roles.create')}
          </Button>
        </Stack>
      )}
      <PagedTable
        testId="roles-table"
        head={[t('roles.name'), t('roles.context'), t('roles.type'), t('roles.description'), t('roles.status')]}
        rows={roles.data}
        renderRow={(role) => (
          <TableRow
            key={role.id_role}
            hover
            component={RouterLink}
            to={`/main/roles/role/${role.id_role}`}
            sx={{ textDecoration: 'none' }}
          >
            <TableCell>{roleLabel(role.name)}</TableCell>
            <TableCell>{contextLabel(role.id_context_type, role.context_type_name)}</TableCell>
            <TableCell>{roleTypeLabel(role.type)}</TableCell>
            <TableCell>{roleDescription(role.name, role.description)}</TableCell>
            <TableCell>
              <Chip
                size="small"
                color={role.isActive ? 'success' : 'default'}
                label={role.isActive ? t('users.active') : t('users.inactive')}
              />
            </TableCell>
          </TableRow>
        )}
      />
    </>
  );
}
