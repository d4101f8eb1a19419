import { Box, Grid, Paper, Skeleton, Stack, Typography } from '@mui/material';
import { BarChart } from '@mui/x-charts/BarChart';
import { PieChart, pieClasses } from '@mui/x-charts/PieChart';
import { useTranslation } from 'react-i18next';
import type { AdSource, StatusCount } from '@openseat/shared/schemas/ads-tracking';
import { currentLanguage } from '../../../lib/i18n';
import { VisuallyHidden } from '../../../components/VisuallyHidden';
import { useStatusCount, type AdsRangeParams } from '../api/ads-tracking';
import { monthLabel } from '../month-label';

const LEAD = 1;
const ENROLLED = 9;
/** Platforms and statuses in colours of their own (white labels stay readable on each). */
const COLORS = { fbPixel: '#1565c0', googleAds: '#bf360c' };
const STATUS_COLORS = { leads: '#455a64', enrolled: '#2e7d32' };

type Pick = (platform: AdSource, id_status: number) => void;

function PlatformPie({
  count,
  title,
  testId,
  onPick,
}: {
  count: StatusCount;
  title: string;
  testId: string;
  onPick: Pick;
}) {
  const { t } = useTranslation();
  const slices = (['fbPixel', 'googleAds'] as const)
    .map((platform) => ({
      id: platform,
      value: count[platform],
      label: t(`adsTracking.platformNames.${platform}`),
      color: COLORS[platform],
    }))
    .filter((slice) => slice.value > 0);
  return (
    <Box data-testid={testId} sx={{ flex: 1, minWidth: 0 }}>
      <Typography variant="subtitle2" component="h3" align="center">
        {title}
      </Typography>
      {slices.length ? (
        <PieChart
          height={160}
          hideLegend
          series={[
            {
              data: slices,
              innerRadius: 28,
              outerRadius: 72,
              arcLabel: (item) => String(item.value),
              arcLabelMinAngle: 25,
            },
          ]}
          sx={{ [`& .${pieClasses.arcLabel}`]: { fill: '#fff', fontWeight: 600 } }}
          onItemClick={(_, item) =>
            onPick(slices[item.dataIndex].id === 'fbPixel' ? 'facebook' : 'google', count.id_status)
          }
        />
      ) : (
        <Typography color="text.secondary" align="center" sx={{ py: 6 }}>
          {t('adsTracking.noEnrolled')}
        </Typography>
      )}
    </Box>
  );
}

/** The pie (by platform) and the bars (by month) of leads and enrolled: each asks for both statuses. */
export function AdsCharts({
  range,
  platform,
  enabled,
  onPick,
}: {
  range: AdsRangeParams;
  platform: AdSource;
  enabled: boolean;
  onPick: Pick;
}) {
  const { t } = useTranslation();
  const leadQuery = useStatusCount({ ...range, platform, id_status: LEAD }, enabled);
  const enrolledQuery = useStatusCount({ ...range, platform, id_status: ENROLLED }, enabled);
  const lead = leadQuery.data;
  const enrolled = enrolledQuery.data;
  // the previous range's numbers stay while the new ones load, dimmed
  const stale = leadQuery.isPlaceholderData || enrolledQuery.isPlaceholderData;
  if (!lead || !enrolled)
    return (
      <Grid container spacing={2} sx={{ mb: 2 }} data-testid="ads-charts-loading">
        <Grid size={{ xs: 12, md: 5 }}>
          <Skeleton variant="rounded" height={260} />
        </Grid>
        <Grid size={{ xs: 12, md: 7 }}>
          <Skeleton variant="rounded" height={260} />
        </Grid>
      </Grid>
    );
  const language = currentLanguage();
  const year = new Date().getUTCFullYear();
  const labels = lead.months.map((m) => monthLabel(m.month, language, year));
  return (
    <Box
      sx={{ opacity: stale ? 0.6 : 1, transition: 'opacity 150ms' }}
      aria-busy={stale}
      data-testid="ads-summary"
      data-range={`${lead.range.startDate}/${lead.range.endDate}`}
      data-stale={String(stale)}
    >
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={{ xs: 0.5, sm: 3 }} sx={{ mb: 1 }}>
        <Typography data-testid="ads-leads-total">{t('adsTracking.leadsTotal', { count: lead.total })}</Typography>
        <Typography data-testid="ads-enrolled-total">
          {t('adsTracking.enrolledTotal', { count: enrolled.total })}
        </Typography>
      </Stack>
      {lead.total === 0 ? (
        <Paper variant="outlined" sx={{ p: 3, mb: 2 }} data-testid="ads-charts-empty">
          <Typography color="text.secondary">{t('adsTracking.noData')}</Typography>
        </Paper>
      ) : (
        <Grid container spacing={2} sx={{ mb: 2 }} data-testid="ads-charts">
          <Grid size={{ xs: 12, md: 5 }}>
            <Paper variant="outlined" sx={{ p: 2, height: '100%' }}>
              <Typography variant="subtitle1" component="h2" gutterBottom>
                {t('adsTracking.byPlatform')}
              </Typography>
              <Stack direction="row" spacing={1}>
                <PlatformPie count={lead} title={t('adsTracking.pieLeads')} testId="ads-pie-leads" onPick={onPick} />
                <PlatformPie
                  count={enrolled}
                  title={t('adsTracking.pieEnrolled')}
                  testId="ads-pie-enrolled"
                  onPick={onPick}
                />
              </Stack>
              <Stack direction="row" spacing={2} justifyContent="center" sx={{ mt: 1 }}>
                {(['fbPixel', 'googleAds'] as const).map((platform) => (
                  <Stack key={platform} direction="row" spacing={0.75} alignItems="center">
                    <Box sx={{ width: 12, height: 12, borderRadius: '50%', bgcolor: COLORS[platform] }} />
                    <Typography variant="body2">
                      {t('adsTracking.legend', {
                        platform: t(`adsTracking.platformNames.${platform}`),
                        leads: lead[platform],
                        enrolled: enrolled[platform],
                      })}
                    </Typography>
                  </Stack>
                ))}
              </Stack>
            </Paper>
          </Grid>
          <Grid size={{ xs: 12, md: 7 }}>
            <Paper variant="outlined" sx={{ p: 2, height: '100%' }} data-testid="ads-bars">
              <Typography variant="subtitle1" component="h2" gutterBottom>
                {t('adsTracking.byMonth')}
              </Typography>
              <BarChart
                height={240}
                xAxis={[{ scaleType: 'band', data: labels }]}
                series={[
                  { data: lead.months.map((m) => m.count), label: t('adsTracking.leads'), color: STATUS_COLORS.leads },
                  {
                    data: enrolled.months.map((m) => m.count),
                    label: t('adsTracking.enrolled'),
                    color: STATUS_COLORS.enrolled,
                  },
                ]}
              />
              <VisuallyHidden>
                {lead.months
                  .map((m, i) =>
                    t('adsTracking.chartSummary', {
                      month: labels[i],
                      leads: m.count,
                      enrolled: enrolled.months[i]?.count ?? 0,
                    }),
                  )
                  .join('; ')}
              </VisuallyHidden>
            </Paper>
          </Grid>
        </Grid>
      )}
    </Box>
  );
}
