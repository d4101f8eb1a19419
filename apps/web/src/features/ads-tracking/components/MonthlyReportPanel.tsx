import { useState } from 'react';
import {
  Accordion,
  AccordionDetails,
  AccordionSummary,
  Skeleton,
  TableCell,
  TableRow,
  Typography,
} from '@mui/material';
import { PagedTable } from '../../../components/PagedTable';
import ExpandMoreIcon from '@mui/icons-material/ExpandMore';
import { useTranslation } from 'react-i18next';
import { currentLanguage } from '../../../lib/i18n';
import { useMonthlyReport, type AdsRangeParams } from '../api/ads-tracking';
import { monthLabel } from '../month-label';

/** The advertising report (spec: fbPixel and googleAds, each a list of month and count), as a table. */
export function MonthlyReportPanel({ range, enabled }: { range: AdsRangeParams; enabled: boolean }) {
  const { t } = useTranslation();
  const [open, setOpen] = useState(false);
  const report = useMonthlyReport(range, enabled && open).data;
  const year = new Date().getUTCFullYear();
  const language = currentLanguage();
  return (
    <Accordion
      variant="outlined"
      expanded={open}
      onChange={(_, expanded) => setOpen(expanded)}
      sx={{ mb: 2 }}
      disableGutters
      slotProps={{ transition: { unmountOnExit: true } }}
    >
      <AccordionSummary expandIcon={<ExpandMoreIcon />} data-testid="ads-report-toggle">
        <Typography component="h2" variant="subtitle1">
          {t('adsTracking.report')}
        </Typography>
      </AccordionSummary>
      <AccordionDetails>
        {!report ? (
          <Skeleton variant="rounded" height={120} />
        ) : (
          <PagedTable
            testId="ads-report"
            paper={false}
            head={
              <>
                <TableCell>{t('adsTracking.month')}</TableCell>
                <TableCell align="right">{t('adsTracking.platformNames.fbPixel')}</TableCell>
                <TableCell align="right">{t('adsTracking.platformNames.googleAds')}</TableCell>
                <TableCell align="right">{t('adsTracking.total')}</TableCell>
              </>
            }
            rows={report.fbPixel}
            renderRow={(fb, i) => {
              const google = report.googleAds[i]?.count ?? 0;
              return (
                <TableRow key={fb.month}>
                  <TableCell>{monthLabel(fb.month, language, year)}</TableCell>
                  <TableCell align="right">{fb.count}</TableCell>
                  <TableCell align="right">{google}</TableCell>
                  <TableCell align="right">{fb.count + google}</TableCell>
                </TableRow>
              );
            }}
          />
        )}
      </AccordionDetails>
    </Accordion>
  );
}
