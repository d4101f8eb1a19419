import { useState } from 'react';
import { Box, Card, CardContent, MenuItem, Skeleton, Stack, TextField, Typography } from '@mui/material';
import { BarChart } from '@mui/x-charts/BarChart';
import { useTranslation } from 'react-i18next';
import { BAR_MONTHS, type DashboardPeriod } from '@openseat/shared/schemas/dashboard';
import { useDashboardBars, useDashboardFunnel, useDashboardStatus, type DashboardScope } from '../api/dashboard';
import { Comparison, PeriodPicker } from './MetricCard';

const CHART_HEIGHT = 280;

function ChartCard({
  title,
  testId,
  children,
  actions,
}: {
  title: string;
  testId: string;
  children: React.ReactNode;
  actions?: React.ReactNode;
}) {
  return (
    <Card variant="outlined" data-testid={testId} sx={{ height: '100%', minWidth: 0 }}>
      <CardContent>
        <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1} sx={{ mb: 1, justifyContent: 'space-between' }}>
          <Typography component="h2" variant="subtitle1" sx={{ fontWeight: 500 }}>
            {title}
          </Typography>
          {actions}
        </Stack>
        {children}
      </CardContent>
    </Card>
  );
}

/** Loading skeleton, error or "no data" in the chart's place. */
function ChartState({ pending, failed, empty }: { pending: boolean; failed: boolean; empty: boolean }) {
  const { t } = useTranslation();
  if (pending) return <Skeleton variant="rounded" height={CHART_HEIGHT} data-testid="chart-skeleton" />;
  if (failed) return <Typography color="error">{t('dashboard.loadFailed')}</Typography>;
  if (empty)
    return (
      <Box sx={{ height: 120, display: 'grid', placeItems: 'center' }} data-testid="chart-empty">
        <Typography color="text.secondary">{t('dashboard.noData')}</Typography>
      </Box>
    );
  return null;
}

/** The lead funnel (lead, applied, confirmed, enrolled) over a chosen period, as horizontal bars. */
export function FunnelChart({ scope }: { scope: DashboardScope }) {
  const { t } = useTranslation();
  const [period, setPeriod] = useState<DashboardPeriod>('this_year');
  const funnel = useDashboardFunnel(scope, period);
  const stages = funnel.data?.data ?? [];
  const empty = stages.every((s) => s.value === 0);
  return (
    <ChartCard
      title={t('dashboard.funnel')}
      testId="funnel-chart"
      actions={
        <PeriodPicker
          value={period}
          onChange={setPeriod}
          label={t('dashboard.periodOf', { name: t('dashboard.funnel') })}
          testId="funnel-period"
        />
      }
    >
      {funnel.isPending || funnel.isError || empty ? (
        <ChartState pending={funnel.isPending} failed={funnel.isError} empty={empty} />
      ) : (
        <>
          <BarChart
            height={CHART_HEIGHT}
            layout="horizontal"
            yAxis={[{ scaleType: 'band', data: stages.map((s) => t(`dashboard.stages.${s.stage}`)), width: 90 }]}
            series={[{ data: stages.map((s) => s.value), label: t(`dashboard.periods.${period}`) }]}
            hideLegend
          />
          <Box component="ul" sx={{ m: 0, pl: 2 }}>
            {stages.map((s) => (
              <Typography component="li" variant="body2" key={s.stage} data-testid={`funnel-${s.stage}`}>
                {t(`dashboard.stages.${s.stage}`)}: {s.value} · <Comparison value={s.value} previous={s.previous} />
              </Typography>
            ))}
          </Box>
        </>
      )}
    </ChartCard>
  );
}

/** Live applications of the school period by current status (the 9 statuses). */
export function StatusChart({ scope }: { scope: DashboardScope }) {
  const { t } = useTranslation();
  const status = useDashboardStatus(scope);
  const rows = status.data?.data ?? [];
  const empty = (status.data?.total ?? 0) === 0;
  return (
    <ChartCard title={t('dashboard.statusChart')} testId="status-chart">
      {status.isPending || status.isError || empty ? (
        <ChartState pending={status.isPending} failed={status.isError} empty={empty} />
      ) : (
        <BarChart
          height={CHART_HEIGHT + 60}
          layout="horizontal"
          yAxis={[{ scaleType: 'band', data: rows.map((r) => t(`statuses.${r.id_status}`)), width: 100 }]}
          series={[{ data: rows.map((r) => r.value), label: t('dashboard.applications') }]}
          hideLegend
        />
      )}
    </ChartCard>
  );
}

const THIS_YEAR = new Date().getFullYear();
const YEARS = Array.from({ length: 6 }, (_, i) => THIS_YEAR - 5 + i);

function YearPicker({
  label,
  value,
  onChange,
  testId,
}: {
  label: string;
  value: number;
  onChange: (y: number) => void;
  testId: string;
}) {
  return (
    <TextField
      select
      size="small"
      label={label}
      value={value}
      onChange={(e) => onChange(Number(e.target.value))}
      sx={{ minWidth: 110 }}
      slotProps={{ select: { SelectDisplayProps: { 'data-testid': testId } as object } }}
    >
      {YEARS.map((y) => (
        <MenuItem key={y} value={y}>
          {y}
        </MenuItem>
      ))}
    </TextField>
  );
}

/** New applications per month of two years side by side (default the previous and the current year). */
export function MonthlyBars({ scope }: { scope: DashboardScope }) {
  const { t } = useTranslation();
  const [year1, setYear1] = useState(THIS_YEAR - 1);
  const [year2, setYear2] = useState(THIS_YEAR);
  const bars = useDashboardBars(scope, year1, year2);
  const data = bars.data?.data ?? {};
  const months = BAR_MONTHS.map((m) => data[m] ?? { value: 0, value2: 0 });
  const empty = months.every((m) => m.value === 0 && m.value2 === 0);
  return (
    <ChartCard
      title={t('dashboard.bars')}
      testId="bars-chart"
      actions={
        <Stack direction="row" spacing={1}>
          <YearPicker label={t('dashboard.year1')} value={year1} onChange={setYear1} testId="bars-year1" />
          <YearPicker label={t('dashboard.year2')} value={year2} onChange={setYear2} testId="bars-year2" />
        </Stack>
      }
    >
      {bars.isPending || bars.isError || empty ? (
        <ChartState pending={bars.isPending} failed={bars.isError} empty={empty} />
      ) : (
        <BarChart
          height={CHART_HEIGHT}
          xAxis={[{ scaleType: 'band', data: BAR_MONTHS.map((m) => t(`dashboard.months.${m}`)) }]}
          series={[
            { data: months.map((m) => m.value), label: bars.data?.label1 ?? String(year1) },
            { data: months.map((m) => m.value2), label: bars.data?.label2 ?? String(year2) },
          ]}
        />
      )}
    </ChartCard>
  );
}
