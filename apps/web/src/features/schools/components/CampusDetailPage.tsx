import { useState } from 'react';
import { Alert, FormControlLabel, Grid, Paper, Switch, Tab, Tabs } from '@mui/material';
import { useSnackbar } from 'notistack';
import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router';
import { ENROLLMENT_SIS } from '@openseat/shared/constants';
import type { Action } from '@openseat/shared/permissions';
import type { CampusConfigurationRequest } from '@openseat/shared/schemas/schools';
import { useAbility } from '../../../lib/ability';
import { NotFound } from '../../../components/NotFound';
import { PageTitle } from '../../../components/PageTitle';
import { isNotFound, routeId } from '../../../components/route-id';
import {
  useCampus,
  useCampusConfiguration,
  useCampusGrades,
  useSaveCampusConfiguration,
  useToggleGrade,
} from '../api/schools';
import { CampusCard } from './CampusCard';
import { ConfigurationForm, type ConfigField } from './ConfigurationForm';

/** The student information systems a campus may export to (spec: enrollment SIS). */
const SIS_OPTIONS = [
  { value: ENROLLMENT_SIS.POWERSCHOOL, label: 'PowerSchool' },
  { value: ENROLLMENT_SIS.SCHOOLMINT, label: 'SchoolMint' },
  { value: ENROLLMENT_SIS.ASPIRE, label: 'Aspire' },
];

const CAMPUS_CONFIG: ConfigField[] = [
  { name: 'active', kind: 'flag' },
  { name: 'is_lottery_campus', kind: 'flag' },
  { name: 'email', kind: 'text' },
  { name: 'phone_number', kind: 'text' },
  { name: 'google_analytics_tag', kind: 'text' },
  { name: 'looker_studio_link', kind: 'text' },
  { name: 'id_enrollment_sis', kind: 'select', options: SIS_OPTIONS },
  { name: 'api_secret', kind: 'secret' },
];

type CampusTab = 'users' | 'configuration' | 'grades' | 'forms' | 'emails' | 'reminders' | 'sms' | 'priorities';

/** Tabs of the campus screen (spec section 6) with the permission each needs. */
const TABS: Array<{ value: CampusTab; action: Action }> = [
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
  const grades = useCampusGrades(id_campus, true);
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
      {!mayToggle && (
        <Alert severity="warning" sx={{ mb: 2 }}>
          {t('schools.deniedGrades')}
        </Alert>
      )}
      <Grid container spacing={1} data-testid="grade-settings">
        {grades.data?.map((g) => (
          <Grid key={g.id_campus_grade} size={{ xs: 6, sm: 4, md: 3 }}>
            <FormControlLabel
              control={
                <Switch
                  checked={g.activatable}
                  disabled={!mayToggle || toggle.isPending}
                  onChange={() => void onToggle(g.id_campus_grade)}
                  slotProps={{ input: { 'aria-label': t('campus.gradeSwitch', { name: g.name }) } }}
                />
              }
              label={g.display}
            />
          </Grid>
        ))}
      </Grid>
    </>
  );
}

function CampusConfiguration({ id_campus, name }: { id_campus: number; name: string }) {
  const { t } = useTranslation();
  const configuration = useCampusConfiguration(id_campus, true);
  const save = useSaveCampusConfiguration();
  return (
    <ConfigurationForm
      fields={CAMPUS_CONFIG}
      values={configuration.data}
      disabled={false}
      labelPrefix="schools.campusConfig"
      deactivation={{ title: t('campus.deactivate'), consequence: t('campus.confirmDeactivate', { name }) }}
      onSave={(body) => save.mutateAsync({ ...body, id_campus } as CampusConfigurationRequest)}
    />
  );
}

export type CampusDetailSlots = {
  /** The users of this campus (the users feature, composed by the router). */
  renderUsers: (scope: { id_campus: number }) => React.ReactNode;
  /** The priority levels of this campus (the priorities feature, composed by the router). */
  renderPriorities: (id_campus: number) => React.ReactNode;
  /** The forms, e-mails, reminders and SMS tabs (their features, composed by the router). */
  renderForms: (id_campus: number) => React.ReactNode;
  renderEmails: (id_campus: number) => React.ReactNode;
  renderReminders: (id_campus: number) => React.ReactNode;
  renderSms: (id_campus: number) => React.ReactNode;
};

/** Campus screen: details and photo, then the tabs the caller's role opens. An unknown id is "not found". */
export default function CampusDetailPage(slots: CampusDetailSlots) {
  const { renderUsers, renderPriorities } = slots;
  const { t } = useTranslation();
  const ability = useAbility();
  const params = useParams();
  const id_school = routeId(params.id_school);
  const id_campus = routeId(params.id_campus);
  const campus = useCampus(id_school === null ? null : id_campus);
  const tabs = TABS.filter(
    (tab) =>
      ability.can(tab.action, 'school_campus') &&
      (tab.value !== 'users' || ability.can('access', 'users')) &&
      (tab.value !== 'priorities' || ability.can('access', 'priorities_configuration')),
  );
  const [chosen, setChosen] = useState<CampusTab | null>(null);
  const tab = chosen ?? tabs[0]?.value ?? null;
  const backTo = id_school === null ? '/main/schools' : `/main/schools/school/${id_school}`;
  if (id_school === null || id_campus === null || isNotFound(campus.error)) return <NotFound backTo={backTo} />;
  if (!campus.data) return null;
  if (campus.data.id_school !== id_school) return <NotFound backTo={backTo} />;
  return (
    <>
      <PageTitle>{`${campus.data.schoolName} · ${campus.data.name}`}</PageTitle>
      {!campus.data.active && (
        <Alert severity="warning" sx={{ mb: 2 }}>
          {t('schools.inactiveCampus')}
        </Alert>
      )}
      <CampusCard campus={campus.data} />
      {tab && (
        <>
          <Tabs value={tab} onChange={(_, v: CampusTab) => setChosen(v)} sx={{ mb: 2 }} variant="scrollable">
            {tabs.map((x) => (
              <Tab
                key={x.value}
                value={x.value}
                label={t(`schools.campusTabs.${x.value}`)}
                data-testid={`campus-tab-${x.value}`}
              />
            ))}
          </Tabs>
          <Paper sx={{ p: 2 }}>
            {tab === 'configuration' && <CampusConfiguration id_campus={id_campus} name={campus.data.name} />}
            {tab === 'grades' && (
              <GradeSettings id_campus={id_campus} mayToggle={ability.can('tab_grade_settings', 'school_campus')} />
            )}
            {tab === 'users' && renderUsers({ id_campus })}
            {tab === 'priorities' && renderPriorities(id_campus)}
            {tab === 'forms' && slots.renderForms(id_campus)}
            {tab === 'emails' && slots.renderEmails(id_campus)}
            {tab === 'reminders' && slots.renderReminders(id_campus)}
            {tab === 'sms' && slots.renderSms(id_campus)}
          </Paper>
        </>
      )}
    </>
  );
}
