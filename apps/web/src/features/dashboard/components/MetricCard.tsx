import { Card, CardContent, MenuItem, Skeleton, Stack, TextField, Typography } from '@mui/material';
import { useTranslation } from 'react-i18next';
import { DASHBOARD_PERIODS, type DashboardPeriod } from '@openseat/shared/schemas/dashboard';
import { useDashboardMetrics, type DashboardScope } from '../api/dashboard';
import { formatCount } from '../../../lib/numbers';

/** The comparison line: change against the previous equivalent window, in words (no colour alone). */
export function Comparison({ value, previous }: { value: number; previous: number }) {
  const { t } = useTranslation();
  if (value === previous) return <>{t('dashboard.noChange')}</>;
  if (previous === 0) return <>{t('dashboard.previous', { value: previous })}</>;
  const change = Math.round(((value - previous) / previous) * 100);
  return <>{t('dashboard.change', { sign: change > 0 ? '+' : '', value: change })}</>;
}

export function PeriodPicker({
  value,
  onChange,
  label,
  testId,
}: {
  value: DashboardPeriod;
  onChange: (period: DashboardPeriod) => void;
  label: string;
  testId: string;
}) {
  const { t } = useTranslation();
  return (
    <TextField
      select
      size="small"
      label={t('dashboard.period')}
      value={value}
      onChange={(e) => onChange(e.target.value as DashboardPeriod)}
      sx={{ minWidth: 150 }}
      slotProps={{
        select: { SelectDisplayProps: { 'data-testid': testId, 'aria-label': label } as object },
      }}
    >
      {DASHBOARD_PERIODS.map((p) => (
        <MenuItem key={p} value={p}>
          {t(`dashboard.periods.${p}`)}
        </MenuItem>
      ))}
    </TextField>
  );
}

/** One metric card: its value over the chosen period, and the previous equivalent window. */
export function MetricCard({
  id,
  scope,
  period,
  onPeriod,
}: {
  id: number;
  scope: DashboardScope;
  period: DashboardPeriod;
  onPeriod: (period: DashboardPeriod) => void;
}) {
  const { t, i18n } = useTranslation();
  const metrics = useDashboardMetrics(scope, period);
  const metric = metrics.data?.data.find((m) => m.id_dashboard_item === id);
  const name = t(`dashboard.items.${id}`);
  return (
    <Card variant="outlined" data-testid={`metric-card-${id}`} sx={{ height: '100%' }}>
      <CardContent>
        <Stack spacing={1.5}>
          <Typography component="h2" variant="subtitle1" sx={{ fontWeight: 500 }}>
            {name}
          </Typography>
          <PeriodPicker
            value={period}
            onChange={onPeriod}
            label={t('dashboard.periodOf', { name })}
            testId={`metric-period-${id}`}
          />
          {metrics.isPending || !metric ? (
            metrics.isError ? (
              <Typography color="error">{t('dashboard.loadFailed')}</Typography>
            ) : (
              <>
                <Skeleton variant="text" width={80} height={48} data-testid="metric-skeleton" />
                <Skeleton variant="text" width="70%" />
              </>
            )
          ) : (
            <>
              <Typography variant="h4" component="p" data-testid={`metric-value-${id}`}>
                {formatCount(metric.value, i18n.language)}
              </Typography>
              <Typography variant="body2" color="text.secondary">
                <Comparison value={metric.value} previous={metric.previous} />
              </Typography>
              {id === 1 && metrics.data && metrics.data.spots.spots > 0 && (
                <Typography variant="body2" color="text.secondary">
                  {t('dashboard.seats', metrics.data.spots)}
                </Typography>
              )}
            </>
          )}
        </Stack>
      </CardContent>
    </Card>
  );
}
