import { Alert, Box, Button, LinearProgress, MenuItem, Stack, TextField, Typography } from '@mui/material';
import { useTranslation } from 'react-i18next';
import type { ImportReport } from '@openseat/shared/schemas/imports';
import { useCampusOptions } from '../../../hooks/lookups';
import { useWorkingContext } from '../../../hooks/working-context';
import { useSession } from '../../../lib/client';
import { ReportView } from './ReportView';

/** Where the rows go: the school year, and the campus of rows whose file has no campus column. */
export type ImportWhere = { id_school_year: number | null; id_campus: number | null };

/**
 * Step 3: where the rows go, then every row checked on the server as an intake is (nothing written); the report says
 * which rows are new, duplicates or refused, and why, row by row.
 */
export function CheckStep({
  where,
  onWhere,
  checking,
  error,
  report,
  onCheck,
  onDownload,
}: {
  where: ImportWhere;
  onWhere: (where: ImportWhere) => void;
  checking: boolean;
  error: string | null;
  report: ImportReport | null;
  onCheck: () => void;
  onDownload: () => Promise<void>;
}) {
  const { t } = useTranslation();
  const { years } = useWorkingContext();
  const campuses = useCampusOptions();
  // a campus user imports into its own campus only (the server refuses another)
  const ownCampus = useSession().user?.id_campus ?? null;
  return (
    <Stack spacing={2}>
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2}>
        <TextField
          select
          label={t('imports.check.schoolYear')}
          value={where.id_school_year ?? ''}
          onChange={(event) => onWhere({ ...where, id_school_year: Number(event.target.value) })}
          sx={{ minWidth: 200 }}
          data-testid="import-school-year"
        >
          {years.map((year) => (
            <MenuItem key={year.id_school_year} value={year.id_school_year}>
              {year.name}
            </MenuItem>
          ))}
        </TextField>
        <TextField
          select
          label={t('imports.check.campus')}
          helperText={t('imports.check.campusHint')}
          value={where.id_campus ?? ''}
          onChange={(event) => onWhere({ ...where, id_campus: Number(event.target.value) })}
          disabled={ownCampus !== null}
          sx={{ minWidth: 240 }}
          data-testid="import-campus"
        >
          {(campuses.data ?? []).map((campus) => (
            <MenuItem key={campus.id_campus} value={campus.id_campus}>
              {campus.name}
            </MenuItem>
          ))}
        </TextField>
      </Stack>
      <Box>
        <Button
          variant="contained"
          onClick={onCheck}
          disabled={checking || where.id_school_year === null}
          data-testid="import-check"
        >
          {t('imports.check.run')}
        </Button>
      </Box>
      {checking && (
        <Box>
          <LinearProgress aria-label={t('imports.check.running')} />
          <Typography variant="body2" aria-live="polite">
            {t('imports.check.running')}
          </Typography>
        </Box>
      )}
      {error && (
        <Alert severity="error" data-testid="import-check-error">
          {error}
        </Alert>
      )}
      {report && <ReportView report={report} onDownload={onDownload} />}
    </Stack>
  );
}
