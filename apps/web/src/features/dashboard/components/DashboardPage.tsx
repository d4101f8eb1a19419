import { useState } from 'react';
import { Alert, Box, Button, FormControlLabel, Grid, Skeleton, Stack, Switch } from '@mui/material';
import TuneIcon from '@mui/icons-material/Tune';
import { useTranslation } from 'react-i18next';
import { CONTEXT_TYPE } from '@openseat/shared/constants';
import type { DashboardPeriod } from '@openseat/shared/schemas/dashboard';
import { useSession } from '../../../lib/client';
import { PageTitle } from '../../../components/PageTitle';
import { useWorkingContext } from '../../../hooks/working-context';
import { useDashboardWidgets, type DashboardScope } from '../api/dashboard';
import { ConfigureWidgetsDialog } from './ConfigureWidgetsDialog';
import { FunnelChart, MonthlyBars, StatusChart } from './DashboardCharts';
import { MetricCard } from './MetricCard';

/** The analytics dashboard: the user's metric cards, the lead funnel, the monthly bars and the status chart. */
export default function DashboardPage() {
  const { t } = useTranslation();
  const { user } = useSession();
  const { id_campus, id_school_year } = useWorkingContext();
  const widgets = useDashboardWidgets();
  const [configuring, setConfiguring] = useState(false);
  const [allCampuses, setAllCampuses] = useState(false);
  // each card keeps its own period while the page is open
  const [periods, setPeriods] = useState<Record<number, DashboardPeriod>>({});
  const seesAllCampuses =
    user?.id_school != null && (user.id_context_type === CONTEXT_TYPE.SCHOOL || user.isAllCampuses);
  const scope: DashboardScope = {
    id_campus: allCampuses && seesAllCampuses ? null : id_campus,
    id_school_year,
  };
  const active = (widgets.data?.data ?? []).filter((w) => w.isActive);
  return (
    <Box sx={{ minWidth: 0 }}>
      <Stack
        direction={{ xs: 'column', sm: 'row' }}
        spacing={1}
        sx={{ mb: 2, justifyContent: 'space-between', alignItems: { sm: 'center' } }}
      >
        <PageTitle>{t('dashboard.title')}</PageTitle>
        <Stack direction="row" spacing={1} sx={{ alignItems: 'center', flexWrap: 'wrap' }}>
          {seesAllCampuses && (
            <FormControlLabel
              control={
                <Switch
                  checked={allCampuses}
                  onChange={(e) => setAllCampuses(e.target.checked)}
                  data-testid="dashboard-all-campuses"
                />
              }
              label={t('dashboard.allCampuses')}
            />
          )}
          <Button
            variant="outlined"
            startIcon={<TuneIcon />}
            onClick={() => setConfiguring(true)}
            disabled={!widgets.data}
            data-testid="configure-widgets"
          >
            {t('dashboard.configure')}
          </Button>
        </Stack>
      </Stack>
      {widgets.isError && <Alert severity="error">{t('dashboard.loadFailed')}</Alert>}
      <Grid container spacing={2} sx={{ mb: 2 }} data-testid="metric-cards">
        {widgets.isPending &&
          Array.from({ length: 3 }, (_, i) => (
            <Grid key={i} size={{ xs: 12, sm: 6, lg: 4 }}>
              <Skeleton variant="rounded" height={170} />
            </Grid>
          ))}
        {widgets.data && active.length === 0 && (
          <Grid size={12}>
            <Alert severity="info" data-testid="no-widgets">
              {t('dashboard.noWidgets')}
            </Alert>
          </Grid>
        )}
        {active.map((w) => (
          <Grid key={w.id_dashboard_item} size={{ xs: 12, sm: 6, lg: 4 }}>
            <MetricCard
              id={w.id_dashboard_item}
              scope={scope}
              period={periods[w.id_dashboard_item] ?? 'this_month'}
              onPeriod={(p) => setPeriods((all) => ({ ...all, [w.id_dashboard_item]: p }))}
            />
          </Grid>
        ))}
      </Grid>
      <Grid container spacing={2}>
        <Grid size={{ xs: 12, lg: 6 }}>
          <FunnelChart scope={scope} />
        </Grid>
        <Grid size={{ xs: 12, lg: 6 }}>
          <StatusChart scope={scope} />
        </Grid>
        <Grid size={12}>
          <MonthlyBars scope={scope} />
        </Grid>
      </Grid>
      <ConfigureWidgetsDialog
        open={configuring}
        widgets={widgets.data?.data ?? []}
        onClose={() => setConfiguring(false)}
      />
    </Box>
  );
}
