import { useState } from 'react';
import { Alert, Button, Chip, Paper, Stack, Tab, Table, TableBody, TableCell, TableHead, TableRow, Tabs, TextField } from '@mui/material';
import { useSnackbar } from 'notistack';
import { useTranslation } from 'react-i18next';
import { useNavigate, useParams } from 'react-router';
import { useAbility } from '../../../app/client';
import { UsersPanel } from '../../users/components/UsersPage';
import { PageTitle } from '../../../components/PageTitle';
import { useCampuses, useCreateCampus, useSaveSchoolConfiguration, useSchool, useSchoolConfiguration } from '../api/schools';
import { ConfigurationForm, type ConfigField } from './ConfigurationForm';
import { SchoolDialog } from './SchoolDialog';

const SCHOOL_CONFIG: ConfigField[] = [
  { name: 'active', kind: 'flag' }, { name: 'is_charter_connect', kind: 'flag' }, { name: 'use_less_parameters', kind: 'flag' },
  { name: 'is_age_school', kind: 'flag' }, { name: 'is_one_form', kind: 'flag' }, { name: 'sendgrid_api_key', kind: 'secret' },
  { name: 'ga_customer_id', kind: 'text' }, { name: 'ga_conversion_lead_id', kind: 'text' }, { name: 'ga_conversion_applied_id', kind: 'text' },
  { name: 'ga_conversion_enrolled_id', kind: 'text' }, { name: 'fp_account_id', kind: 'text' }, { name: 'fp_access_token', kind: 'secret' },
];

function CampusesTab({ id_school }: { id_school: number }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { enqueueSnackbar } = useSnackbar();
  const ability = useAbility();
  const campuses = useCampuses(id_school);
  const create = useCreateCampus();
  const [name, setName] = useState('');
  const add = async () => {
    try {
      const res = await create.mutateAsync({ id_school, name });
      enqueueSnackbar(res.message, { variant: 'success' });
      navigate(`/main/schools/school/${id_school}/campus/${res.data.id_campus}`);
    } catch (error) {
      enqueueSnackbar((error as Error).message, { variant: 'error' });
    }
  };
  return (
    <>
      {ability.can('create', 'school_campus') && (
        <Stack direction="row" spacing={2} sx={{ mb: 2 }}>
          <TextField size="small" label={t('schools.newCampus')} value={name} onChange={(e) => setName(e.target.value)} slotProps={{ inputLabel: { shrink: true }, htmlInput: { 'data-testid': 'campus-name' } }} />
          <Button variant="contained" disabled={!name.trim() || create.isPending} onClick={() => void add()} data-testid="campus-create">{t('schools.addCampus')}</Button>
        </Stack>
      )}
      <Table size="small" data-testid="campuses-table">
        <TableHead><TableRow><TableCell>{t('schools.fields.name')}</TableCell><TableCell>{t('schools.fields.email')}</TableCell><TableCell>{t('schools.fields.telephone')}</TableCell><TableCell>{t('users.status')}</TableCell></TableRow></TableHead>
        <TableBody>
          {campuses.data?.data.map((c) => (
            <TableRow key={c.id_campus} hover sx={{ cursor: 'pointer' }} onClick={() => navigate(`/main/schools/school/${id_school}/campus/${c.id_campus}`)}>
              <TableCell>{c.name}</TableCell><TableCell>{c.email}</TableCell><TableCell>{c.telephone}</TableCell>
              <TableCell><Chip size="small" color={c.active ? 'success' : 'default'} label={c.active ? t('users.active') : t('users.inactive')} /></TableCell>
            </TableRow>
          ))}
        </TableBody>
      </Table>
    </>
  );
}

/** School detail: campuses and configuration tabs, guarded by the school screen's tab permissions. */
export default function SchoolDetailPage() {
  const { t } = useTranslation();
  const ability = useAbility();
  const id_school = Number(useParams().id_school);
  const school = useSchool(id_school);
  const mayConfigure = ability.can('tab_configuration', 'school');
  const configuration = useSchoolConfiguration(id_school, mayConfigure);
  const saveConfiguration = useSaveSchoolConfiguration();
  const [tab, setTab] = useState<'campuses' | 'users' | 'configuration'>('campuses');
  const [editing, setEditing] = useState(false);
  return (
    <>
      <PageTitle>{school.data?.name ?? ''}</PageTitle>
      {school.data && !school.data.active && <Alert severity="warning" sx={{ mb: 2 }}>{t('schools.inactiveNotice')}</Alert>}
      <Stack direction="row" spacing={2} sx={{ mb: 1 }}>
        {ability.can('edit', 'school') && <Button onClick={() => setEditing(true)}>{t('schools.edit')}</Button>}
      </Stack>
      <Tabs value={tab} onChange={(_, v) => setTab(v)} sx={{ mb: 2 }}>
        {ability.can('tab_campuses', 'school') && <Tab value="campuses" label={t('schools.campuses')} />}
        {ability.can('tab_users', 'school') && <Tab value="users" label={t('menu.users')} data-testid="school-users-tab" />}
        {mayConfigure && <Tab value="configuration" label={t('schools.configuration')} data-testid="school-configuration-tab" />}
      </Tabs>
      <Paper sx={{ p: 2 }}>
        {tab === 'campuses' && <CampusesTab id_school={id_school} />}
        {tab === 'users' && <UsersPanel id_school={id_school} />}
        {tab === 'configuration' && (
          <ConfigurationForm fields={SCHOOL_CONFIG} values={configuration.data} disabled={!mayConfigure} labelPrefix="schools.config" onSave={(body) => saveConfiguration.mutateAsync({ ...body, id_school })} />
        )}
      </Paper>
      <SchoolDialog open={editing} school={school.data ?? null} onClose={() => setEditing(false)} />
    </>
  );
}
