import { useState } from 'react';
import { Alert, Box, Button, Chip, Stack, TableCell, TableRow, Typography } from '@mui/material';
import { useTranslation } from 'react-i18next';
import { translate } from '@openseat/shared/messages';
import type { ImportReport } from '@openseat/shared/schemas/imports';
import { useCampusOptions, useGradeOptions } from '../../../hooks/lookups';
import { formatCount } from '../../../lib/numbers';
import { PagedTable, pagingBeyondOnePage } from '../../../components/PagedTable';

const PAGE = 25;

/** The dry run's counts, the grades the file would over-fill, and each bad row's column and message, a page at a time. */
export function ReportView({ report, onDownload }: { report: ImportReport; onDownload: () => Promise<void> }) {
  const { t, i18n } = useTranslation();
  const [page, setPage] = useState(0);
  const [downloading, setDownloading] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const grades = useGradeOptions();
  const campuses = useCampusOptions();
  const { counts, problems, overfilled } = report;
  const gradeName = (id: number) => grades.data?.find((g) => g.id_grade === id)?.name ?? String(id);
  const campusName = (id: number) => campuses.data?.find((c) => c.id_campus === id)?.name ?? String(id);
  const download = async () => {
    setDownloading(true);
    setError(null);
    try {
      await onDownload();
    } catch (failure) {
      setError((failure as Error).message);
    } finally {
      setDownloading(false);
    }
  };
  const count = (n: number) => formatCount(n, i18n.language);
  return (
    <Stack spacing={2} data-testid="import-report">
      <Typography component="h3" variant="subtitle1" sx={{ fontWeight: 500 }}>
        {t('imports.report.title')}
      </Typography>
      <Stack direction="row" spacing={1} sx={{ flexWrap: 'wrap', rowGap: 1 }} aria-live="polite">
        <Chip color="success" label={t('imports.report.new', { count: counts.new, n: count(counts.new) })} />
        <Chip
          color="warning"
          label={t('imports.report.duplicate', { count: counts.duplicate, n: count(counts.duplicate) })}
        />
        <Chip color="error" label={t('imports.report.refused', { count: counts.refused, n: count(counts.refused) })} />
      </Stack>
      {overfilled.map((grade) => (
        <Alert severity="error" key={`${grade.id_campus}-${grade.id_grade}`} data-testid="import-overfilled">
          {t('imports.report.overfilled', {
            grade: gradeName(grade.id_grade),
            campus: campusName(grade.id_campus),
            left: grade.seatsLeft,
            requested: grade.requested,
          })}
        </Alert>
      ))}
      {problems.length === 0 ? (
        <Alert severity="success">{t('imports.report.clean')}</Alert>
      ) : (
        <PagedTable
          testId="import-problems"
          label={t('imports.report.problems')}
          focusable
          paper={false}
          head={[t('imports.report.row'), t('imports.report.column'), t('imports.report.message')]}
          rows={problems.slice(page * PAGE, (page + 1) * PAGE)}
          paging={pagingBeyondOnePage(problems.length, page, PAGE, setPage)}
          renderRow={(problem, index) => (
            <TableRow key={`${problem.rowNumber}-${problem.column}-${index}`}>
              <TableCell>{problem.rowNumber}</TableCell>
              <TableCell>{t(`imports.fields.${problem.column}`)}</TableCell>
              <TableCell>{translate(problem.message, i18n.language)}</TableCell>
            </TableRow>
          )}
        />
      )}
      {error && <Alert severity="error">{error}</Alert>}
      <Box>
        <Button variant="outlined" onClick={() => void download()} disabled={downloading}>
          {t('imports.report.download')}
        </Button>
      </Box>
    </Stack>
  );
}
