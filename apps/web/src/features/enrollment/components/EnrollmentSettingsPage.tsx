import { useState } from 'react';
import { Button, Chip, Dialog, DialogContent, DialogTitle, Stack, Tab, TableCell, TableRow, Tabs } from '@mui/material';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { useAbility } from '../../../lib/ability';
import { PageTitle } from '../../../components/PageTitle';
import { formatDate } from '../../../lib/dates';
import { useWorkingContext } from '../../../hooks/working-context';
import { usePeriods } from '../api/enrollment';
import { PeriodForm } from './PeriodForm';
import { PagedTable } from '../../../components/PagedTable';

/** School periods of the campuses in scope; finalized ones live under Historical. */
export default function EnrollmentSettingsPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const ability = useAbility();
  const { id_campus } = useWorkingContext();
  const [historical, setHistorical] = useState(false);
  const [creating, setCreating] = useState(false);
  const periods = usePeriods({ historical });
  const date = (v: string | null) => formatDate(v, t('common.noDate'));
  return (
    <>
      <PageTitle>{t('menu.enrollmentSettings')}</PageTitle>
      <Stack direction="row" justifyContent="space-between" sx={{ mb: 1 }}>
        <Tabs value={historical ? 'historical' : 'current'} onChange={(_, v) => setHistorical(v === 'historical')}>
          <Tab value="current" label={t('periods.current')} data-testid="periods-current" />
          <Tab value="historical" label={t('menu.historical')} data-testid="periods-historical" />
        </Tabs>
        {ability.can('create', 'enrollment_settings') && (
          <Button variant="contained" onClick={() => setCreating(true)} data-testid="period-create">
            {t('periods.create')}
          </Button>
        )}
      </Stack>
      <PagedTable
        testId="periods-table"
        head={[
          t('periods.fields.id_campus'),
          t('periods.fields.id_school_year'),
          t('periods.state'),
          t('periods.fields.spots'),
          t('periods.taken'),
          t('periods.fields.enrollment_start_date'),
          t('periods.fields.enrollment_end_date'),
        ]}
        rows={periods.data}
        renderRow={(p) => (
          <TableRow
            key={p.id_campus_year}
            hover
            sx={{ cursor: 'pointer' }}
            onClick={() => navigate(`/main/enrollment-settings/${p.id_campus_year}`)}
          >
            <TableCell>{p.campus.name}</TableCell>
            <TableCell>{p.school_year.name}</TableCell>
            <TableCell>
              <Chip
                size="small"
                label={t(`context.states.${p.state}`)}
                color={p.state === 'started' ? 'success' : 'default'}
              />
            </TableCell>
            <TableCell>{p.spots}</TableCell>
            <TableCell>{p.seats.taken}</TableCell>
            <TableCell>{date(p.enrollment_start_date)}</TableCell>
            <TableCell>{date(p.enrollment_end_date)}</TableCell>
          </TableRow>
        )}
      />
      <Dialog open={creating} onClose={() => setCreating(false)} fullWidth maxWidth="md">
        <DialogTitle>{t('periods.create')}</DialogTitle>
        <DialogContent sx={{ pt: 1 }}>
          <PeriodForm
            period={null}
            id_campus={id_campus}
            disabled={false}
            onSaved={(row) => {
              setCreating(false);
              navigate(`/main/enrollment-settings/${row.id_campus_year}`);
            }}
          />
        </DialogContent>
      </Dialog>
    </>
  );
}
