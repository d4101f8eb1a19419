import { useState } from 'react';
import { Alert, FormControlLabel, Grid, Paper, Switch, Tab, Tabs } from '@mui/material';
import { useSnackbar } from 'notistack';
import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router';
import type { Action } from '@openseat/shared/permissions';
import { useAbility } from '../../../app/client';
import { PrioritiesPanel } from '../../priorities/PrioritiesPage';
import { UsersPanel } from '../../users/components/UsersPage';
import { PageTitle } from '../../../components/PageTitle';
import { useCampus, useCampusConfiguration, useCampusGrades, useSaveCampusConfiguration, useToggleGrade } from '../api/schools';
import { ConfigurationForm, type ConfigField } from './ConfigurationForm';

const CAMPUS_CONFIG: ConfigField[] = [
  { name: 'active', kind: 'flag' }, { name: 'is_lottery_campus', kind: 'flag' }, { name: 'email', kind: 'text' }, { name: 'phone_number', kind: 'text' },
  { name: 'google_analytics_tag', kind: 'text' }, { name: 'looker_studio_link', kind: 'text' }, { name: 'id_enrollment_sis', kind: 'text' }, { name: 'api_secret', kind: 'secret' },
];

/** Tabs of the campus screen (spec section 6) with the permission each needs. */
const TABS: Array<{ value: string; action: Action }> = [
  { value: 'users', action: 'tab_users' },
  { value: 'configuration', action: 'tab_configuration' },
  { value: 'grades', action: 'tab_grade_settings' },
  { value: 'forms', action: 'tab_forms' },
  { value: 'emails', action: 'tab_emails' },
  { value: 'reminders', action: 'tab_reminders' },
  { value: 'sms', action: 'tab_sms' },
  { value: 'priorities', action: 'tab_priorities' },
];

function GradeSettings({ id_campus, mayToggle }: { id_campus: number; mayToggle: boolean }) {
  const { t } = useTranslation();
  const { enqueueSnackbar } = useSnackbar();
  const grades = useCampusGrades(id_campus);
  const toggle = useToggleGrade(id_campus);
  const onToggle = async (id: number) => {
    try {
      enqueueSnackbar((await toggle.mutateAsync(id)).message, { variant: 'success' });
    } catch (error) {
      enqueueSnackbar((error as Error).message, { variant: 'error' });
    }
  };
  return (
    <>
      {!mayToggle && <Alert severity="warning" sx={{ mb: 2 }}>{t('schools.deniedGrades')}</Alert>}
      <Grid container spacing={1} data-testid="grade-settings">
        {grades.data?.map((g) => (
          <Grid key={g.id_campus_grade} size={{ xs: 6, sm: 4, md: 3 }}>
            <FormControlLabel control={<Switch checked={g.activatable} disabled={!mayToggle || toggle.isPending} onChange={() => void onToggle(g.id_campus_grade)} slotProps={{ input: { 'aria-label': `grade ${g.name}` } }} />} label={g.display} />
          </Grid>
        ))}
      </Grid>
    </>
  );
}

export default function CampusDetailPage() {
  const { t } = useTranslation();
  const ability = useAbility();
  const id_campus = Number(useParams().id_campus);
  const campus = useCampus(id_campus);
  const tabs = TABS.filter((tab) => ability.can(tab.action, 'school_campus'));
  const [tab, setTab] = useState(tabs[0]?.value ?? 'configuration');
  const configuration = useCampusConfiguration(id_campus, ability.can('tab_configuration', 'school_campus'));
  const save = useSaveCampusConfiguration();
  return (
    <>
      <PageTitle>{campus.data ? `${campus.data.schoolName} · ${campus.data.name}` : ''}</PageTitle>
      {campus.data && !campus.data.active && <Alert severity="warning" sx={{ mb: 2 }}>{t('schools.inactiveCampus')}</Alert>}
      <Tabs value={tab} onChange={(_, v) => setTab(v)} sx={{ mb: 2 }} variant="scrollable">
        {tabs.map((x) => <Tab key={x.value} value={x.value} label={t(`schools.campusTabs.${x.value}`)} data-testid={`campus-tab-${x.value}`} />)}
      </Tabs>
      <Paper sx={{ p: 2 }}>
        {tab === 'configuration' && (
          <ConfigurationForm fields={CAMPUS_CONFIG} values={configuration.data} disabled={false} labelPrefix="schools.campusConfig"
            onSave={(body) => save.mutateAsync({ ...body, id_enrollment_sis: body.id_enrollment_sis === '' ? null : body.id_enrollment_sis, id_campus })} />
        )}
        {tab === 'grades' && <GradeSettings id_campus={id_campus} mayToggle={ability.can('tab_grade_settings', 'school_campus')} />}
        {tab === 'users' && <UsersPanel id_campus={id_campus} />}
        {tab === 'priorities' && <PrioritiesPanel fixedCampus={id_campus} />}
        {['forms', 'emails', 'reminders', 'sms'].includes(tab) && <Alert severity="info">{t('common.notBuilt')}</Alert>}
      </Paper>
    </>
  );
}
