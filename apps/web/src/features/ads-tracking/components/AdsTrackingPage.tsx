import { Typography } from '@mui/material';
import { useTranslation } from 'react-i18next';
import { useNavigate, useParams } from 'react-router';
import { DATE_RANGE } from '@openseat/shared/constants';
import { PageTitle } from '../../../components/PageTitle';
import { useWorkingContext } from '../../../hooks/working-context';
import { formatDate } from '../../../lib/dates';
import type { AdsRangeParams } from '../api/ads-tracking';
import { pathOf, viewOf, type AdsView } from '../route';
import { AdsApplicationsTable } from './AdsApplicationsTable';
import { AdsCharts } from './AdsCharts';
import { AdsFilters } from './AdsFilters';
import { MonthlyReportPanel } from './MonthlyReportPanel';

/**
 * Ads tracking (spec section 2): where the applications that came from an ad stand, for the campus and school
 * period of the top bar. `renderApplication` shows one application (composed by the router) at
 * .../application/{id}, given the address that lists the application's siblings.
 */
export default function AdsTrackingPage({
  renderApplication,
}: {
  renderApplication: (listPath: string) => React.ReactNode;
}) {
  const params = useParams();
  const view = viewOf(params);
  if (params.id) return <>{renderApplication(`${pathOf(view).replace(/^\/main\//, '')}/application`)}</>;
  return <Tracking view={view} />;
}

function Tracking({ view }: { view: AdsView }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const context = useWorkingContext();
  const go = (change: Partial<AdsView>) => navigate(pathOf({ ...view, ...change }));
  const range: AdsRangeParams = {
    dateRange: view.timeFrame,
    startDate: view.startDate,
    endDate: view.endDate,
    id_campus: context.id_campus ?? undefined,
    id_school_year: context.id_school_year ?? undefined,
  };
  const enabled = context.id_campus !== null;
  return (
    <>
      <PageTitle>{t('menu.adsTracking')}</PageTitle>
      <AdsFilters view={view} onChange={go} />
      {view.timeFrame === DATE_RANGE.PERSONALIZED && (
        <Typography variant="body2" color="text.secondary" sx={{ mb: 1 }} data-testid="ads-range">
          {t('adsTracking.rangeShown', {
            start: formatDate(view.startDate, ''),
            end: formatDate(view.endDate, ''),
          })}
        </Typography>
      )}
      <AdsCharts
        range={range}
        platform={view.platform}
        enabled={enabled}
        onPick={(platform, id_status) => go({ platform, id_status })}
      />
      <MonthlyReportPanel range={range} enabled={enabled} />
      <AdsApplicationsTable
        params={{ ...range, platform: view.platform, id_status: view.id_status }}
        enabled={enabled}
        detailPath={(id) => `${pathOf(view)}/application/${id}`}
      />
    </>
  );
}
