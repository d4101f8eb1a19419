import { useState } from 'react';
import { Button, Link, Paper, Skeleton, Stack, TableCell, TableRow, TextField, Typography } from '@mui/material';
import { useSnackbar } from 'notistack';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import { PAGE_SIZE_DEFAULT } from '@openseat/shared/constants';
import type { AdsApplicationRow } from '@openseat/shared/schemas/ads-tracking';
import { useAbility } from '../../../lib/client';
import { currentLanguage } from '../../../lib/i18n';
import { ListPagination, PagedTable } from '../../../components/PagedTable';
import { formatDateTime } from '../../../lib/dates';
import { exportAds, useAdsApplications, type AdsTableParams } from '../api/ads-tracking';
import { useSettled } from '../../../hooks/use-settled';

const COLUMNS = 7;
type Filters = { text: string; ad_id: string; campaign_id: string };

/** The platform applications table (date, id, applicant, campaign_id, ad_id; times in UTC), its filters and export. */
export function AdsApplicationsTable({
  params,
  enabled,
  detailPath,
}: {
  params: Omit<AdsTableParams, keyof Filters>;
  enabled: boolean;
  /** Where a row opens: the address of the application detail under the screen's own address. */
  detailPath: (id_application: number) => string;
}) {
  const { t } = useTranslation();
  const { enqueueSnackbar } = useSnackbar();
  const ability = useAbility();
  const [typed, setFilters] = useState<Filters>({ text: '', ad_id: '', campaign_id: '' });
  const filters = useSettled(typed);
  // a new range, platform or filter starts again at the first page
  const pagingKey = JSON.stringify({ params, filters });
  const [paging, setPaging] = useState({ key: pagingKey, page: 0 });
  const page = paging.key === pagingKey ? paging.page : 0;
  const [exporting, setExporting] = useState(false);
  const query = { ...params, ...filters };
  const list = useAdsApplications({ ...query, page, pageSize: PAGE_SIZE_DEFAULT }, enabled);
  const filter = (key: keyof Filters) => (e: React.ChangeEvent<HTMLInputElement>) =>
    setFilters((f) => ({ ...f, [key]: e.target.value }));
  const runExport = async () => {
    setExporting(true);
    try {
      await exportAds(query);
    } catch (error) {
      enqueueSnackbar((error as Error).message, { variant: 'error' });
    } finally {
      setExporting(false);
    }
  };
  const language = currentLanguage();
  return (
    <Paper variant="outlined" sx={{ p: 2 }}>
      <Typography variant="subtitle1" component="h2" gutterBottom>
        {t('adsTracking.table')}
      </Typography>
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2} sx={{ mb: 2 }} useFlexGap flexWrap="wrap">
        <TextField
          size="small"
          label={t('adsTracking.searchText')}
          value={typed.text}
          onChange={filter('text')}
          slotProps={{ htmlInput: { 'data-testid': 'ads-filter-text' } }}
        />
        <TextField
          size="small"
          label={t('adsTracking.adId')}
          value={typed.ad_id}
          onChange={filter('ad_id')}
          slotProps={{ htmlInput: { 'data-testid': 'ads-filter-ad' } }}
        />
        <TextField
          size="small"
          label={t('adsTracking.campaignId')}
          value={typed.campaign_id}
          onChange={filter('campaign_id')}
          slotProps={{ htmlInput: { 'data-testid': 'ads-filter-campaign' } }}
        />
        {ability.can('export_csv', 'ads_tracking') && (
          <Button
            variant="outlined"
            disabled={exporting}
            onClick={() => void runExport()}
            data-testid="ads-export"
            sx={{ ml: { sm: 'auto' } }}
          >
            {exporting ? t('adsTracking.exporting') : t('adsTracking.exportCsv')}
          </Button>
        )}
      </Stack>
      <PagedTable
        testId="ads-table"
        paper={false}
        containerSx={{ opacity: list.isPlaceholderData ? 0.6 : 1, transition: 'opacity 150ms' }}
        busy={list.isPlaceholderData}
        tableProps={{ 'data-stale': String(list.isPlaceholderData) }}
        head={[
          t('adsTracking.date'),
          t('adsTracking.id'),
          t('adsTracking.applicant'),
          t('adsTracking.campaignId'),
          t('adsTracking.adId'),
          t('adsTracking.applicationStatus'),
          t('adsTracking.platform'),
        ]}
        loading={Array.from({ length: 5 }, (_, i) => (
          <TableRow key={i} data-testid="ads-table-loading">
            <TableCell colSpan={COLUMNS}>
              <Skeleton />
            </TableCell>
          </TableRow>
        ))}
        rows={list.data?.data}
        renderRow={(row: AdsApplicationRow) => (
          <TableRow key={row.id_application} hover data-testid={`ads-row-${row.id_application}`}>
            <TableCell sx={{ whiteSpace: 'nowrap' }}>
              {formatDateTime(row.createdAt, language, t('common.noDate'), 'UTC')}
            </TableCell>
            <TableCell>{row.correlative}</TableCell>
            <TableCell sx={{ minWidth: 140 }}>
              <Link
                component={RouterLink}
                to={detailPath(row.id_application)}
                aria-label={t('adsTracking.openApplication', { name: row.applicantName })}
                data-testid={`ads-open-${row.id_application}`}
              >
                {row.applicantName}
              </Link>
            </TableCell>
            <TableCell sx={{ wordBreak: 'break-all' }}>{row.campaign_id}</TableCell>
            <TableCell sx={{ wordBreak: 'break-all' }}>{row.ad_id}</TableCell>
            <TableCell>{t(`statuses.${row.id_status}`)}</TableCell>
            <TableCell>{t(`adsTracking.platformNames.${row.platform}`)}</TableCell>
          </TableRow>
        )}
      />
      <ListPagination
        paging={{
          page,
          pageSize: PAGE_SIZE_DEFAULT,
          total: list.data?.total ?? 0,
          totalExact: list.data?.totalExact,
          onPageChange: (p) => setPaging({ key: pagingKey, page: p }),
        }}
        testId="ads-pagination"
      />
    </Paper>
  );
}
