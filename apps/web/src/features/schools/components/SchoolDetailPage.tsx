import { useState } from 'react';
import { Alert, Button, Paper, Stack, Tab, Tabs } from '@mui/material';
import EditIcon from '@mui/icons-material/Edit';
import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router';
import type { SchoolConfigurationRequest } from '@openseat/shared/schemas/schools';
import { useAbility } from '../../../lib/ability';
import { NotFound } from '../../../components/NotFound';
import { PageTitle } from '../../../components/PageTitle';
import { isNotFound, routeId } from '../../../components/route-id';
import { useSaveSchoolConfiguration, useSchool, useSchoolConfiguration } from '../api/schools';
import { AdsConversionsPanel } from './AdsConversionsPanel';
import { CampusesTab } from './CampusesTab';
import { DeclineReasonsPanel } from './DeclineReasonsPanel';
import { RetentionPanel } from './RetentionPanel';
import { ConfigurationForm, type ConfigField } from './ConfigurationForm';
import { SchoolDialog } from './SchoolDialog';

const SCHOOL_CONFIG: ConfigField[] = [
  { name: 'active', kind: 'flag' },
  { name: 'is_charter_connect', kind: 'flag' },
  { name: 'use_less_parameters', kind: 'flag' },
  { name: 'is_age_school', kind: 'flag' },
  { name: 'is_one_form', kind: 'flag' },
  { name: 'sendgrid_api_key', kind: 'secret' },
  { name: 'ga_customer_id', kind: 'text' },
  { name: 'ga_conversion_lead_id', kind: 'text' },
  { name: 'ga_conversion_applied_id', kind: 'text' },
  { name: 'ga_conversion_enrolled_id', kind: 'text' },
  { name: 'fp_account_id', kind: 'text' },
  { name: 'fp_access_token', kind: 'secret' },
  { name: 'twilio_account_sid', kind: 'text' },
  { name: 'twilio_auth_token', kind: 'secret' },
  { name: 'sms_quiet_start', kind: 'time' },
  { name: 'sms_quiet_end', kind: 'time' },
];

type SchoolTab = 'campuses' | 'users' | 'configuration';

function SchoolConfiguration({ id_school, name }: { id_school: number; name: string }) {
  const { t } = useTranslation();
  const configuration = useSchoolConfiguration(id_school, true);
  const save = useSaveSchoolConfiguration();
  return (
    <>
      <ConfigurationForm
        fields={SCHOOL_CONFIG}
        values={configuration.data}
        disabled={false}
        labelPrefix="schools.config"
        deactivation={{ title: t('schools.deactivate'), consequence: t('schools.confirmDeactivate', { name }) }}
        onSave={(body) => save.mutateAsync({ ...body, id_school } as SchoolConfigurationRequest)}
      />
      <DeclineReasonsPanel id_school={id_school} />
      <AdsConversionsPanel id_school={id_school} />
      <RetentionPanel id_school={id_school} />
    </>
  );
}

/** School detail: campuses, users and configuration tabs, each shown (and loaded) only with its permission. */
export default function SchoolDetailPage({
  renderUsers,
}: {
  /** The users of this school (the users feature, composed by the router). */
  renderUsers: (scope: { id_school: number }) => React.ReactNode;
}) {
  const { t } = useTranslation();
  const ability = useAbility();
  const id_school = routeId(useParams().id_school);
  const school = useSchool(id_school);
  const tabs: SchoolTab[] = [
    ability.can('tab_campuses', 'school') && ability.can('access', 'school_campus') ? 'campuses' : null,
    ability.can('tab_users', 'school') && ability.can('access', 'users') ? 'users' : null,
    ability.can('tab_configuration', 'school') ? 'configuration' : null,
  ].filter((x): x is SchoolTab => x !== null);
  const [chosen, setChosen] = useState<SchoolTab | null>(null);
  const [editing, setEditing] = useState(false);
  const tab = chosen ?? tabs[0] ?? null;
  if (id_school === null || isNotFound(school.error)) return <NotFound backTo="/main/schools" />;
  if (!school.data) return null;
  return (
    <>
      <PageTitle>{school.data.name}</PageTitle>
      {!school.data.active && (
        <Alert severity="warning" sx={{ mb: 2 }}>
          {t('schools.inactiveNotice')}
        </Alert>
      )}
      {(ability.can('edit', 'school') || ability.can('edit', 'schools')) && (
        <Stack direction="row" spacing={2} sx={{ mb: 1 }}>
          <Button startIcon={<EditIcon />} onClick={() => setEditing(true)} data-testid="school-edit">
            {t('schools.edit')}
          </Button>
        </Stack>
      )}
      {tab && (
        <>
          <Tabs value={tab} onChange={(_, v: SchoolTab) => setChosen(v)} sx={{ mb: 2 }} variant="scrollable">
            {tabs.map((name) => (
              <Tab key={name} value={name} label={t(`schools.schoolTabs.${name}`)} data-testid={`school-${name}-tab`} />
            ))}
          </Tabs>
          <Paper sx={{ p: 2 }}>
            {tab === 'campuses' && <CampusesTab id_school={id_school} />}
            {tab === 'users' && renderUsers({ id_school })}
            {tab === 'configuration' && <SchoolConfiguration id_school={id_school} name={school.data.name} />}
          </Paper>
        </>
      )}
      {editing && <SchoolDialog open school={school.data} onClose={() => setEditing(false)} />}
    </>
  );
}
