import { Alert, Card, CardContent, FormControlLabel, Grid, Switch, Typography } from '@mui/material';
import { useSnackbar } from 'notistack';
import { useTranslation } from 'react-i18next';
import { useAbility } from '../../../lib/ability';
import { useSession } from '../../../lib/client';
import { actionLabel, subjectLabel } from '../../../lib/i18n';
import { usePermissions, useSubjects, useTogglePermission } from '../api/roles';

/** Permissions by screen: one switch per action the screen offers. */
export function PermissionsTab({ id_role, isSuperAdmin }: { id_role: number; isSuperAdmin: boolean }) {
  const { t } = useTranslation();
  const { enqueueSnackbar } = useSnackbar();
  const ability = useAbility();
  const { user } = useSession();
  const subjects = useSubjects();
  const permissions = usePermissions(id_role, !isSuperAdmin);
  const toggle = useTogglePermission(id_role);
  const mayChange = ability.can('tab_permissions', 'role') && user?.id_context_type === 1 && !user.schoolSwitch;
  if (isSuperAdmin) return <Alert severity="info">{t('roles.superAdmin')}</Alert>;
  const active = new Set(
    (permissions.data ?? []).filter((p) => p.isActive).map((p) => `${p.id_subject}:${p.id_action}`),
  );
  const onToggle = async (id_subject: number, id_action: number, isActive: boolean) => {
    try {
      enqueueSnackbar((await toggle.mutateAsync({ id_subject, id_action, isActive })).message, { variant: 'success' });
    } catch (error) {
      enqueueSnackbar((error as Error).message, { variant: 'error' });
    }
  };
  return (
    <>
      {!mayChange && (
        <Alert severity="warning" sx={{ mb: 2 }} data-testid="permissions-denied">
          {t('roles.deniedPermissions')}
        </Alert>
      )}
      <Grid container spacing={2}>
        {(subjects.data ?? []).map((subject) => (
          <Grid key={subject.id_subject} size={{ xs: 12, md: 6, lg: 4 }}>
            <Card variant="outlined">
              <CardContent>
                <Typography variant="subtitle1" component="h2" sx={{ mb: 1 }}>
                  {subjectLabel(subject.name)}
                </Typography>
                {subject.actions.map((action) => {
                  const on = active.has(`${subject.id_subject}:${action.id_action}`);
                  return (
                    <FormControlLabel
                      key={action.id_action}
                      sx={{ display: 'flex' }}
                      control={
                        <Switch
                          size="small"
                          checked={on}
                          disabled={!mayChange || toggle.isPending}
                          onChange={(e) => void onToggle(subject.id_subject, action.id_action, e.target.checked)}
                          slotProps={{
                            input: { 'aria-label': `${subjectLabel(subject.name)}: ${actionLabel(action.name)}` },
                          }}
                        />
                      }
                      label={actionLabel(action.name)}
                    />
                  );
                })}
              </CardContent>
            </Card>
          </Grid>
        ))}
      </Grid>
    </>
  );
}
