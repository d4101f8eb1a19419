import { useEffect, useState } from 'react';
import {
  Alert,
  Button,
  Chip,
  LinearProgress,
  Skeleton,
  Stack,
  TableCell,
  TableRow,
  TextField,
  Typography,
} from '@mui/material';
import { useSnackbar } from 'notistack';
import { useTranslation } from 'react-i18next';
import type { RetentionRun } from '@openseat/shared/schemas/retention';
import { ConfirmDialog } from '../../../components/ConfirmDialog';
import { PagedTable } from '../../../components/PagedTable';
import { formatDateTime } from '../../../lib/dates';
import type { ApiError } from '../../../lib/http';
import {
  useRetentionPreview,
  useRetentionRuns,
  useRetentionSettings,
  useRunRetention,
  useSaveRetention,
} from '../api/retention';

const STATUS_COLOR: Record<RetentionRun['status'], 'success' | 'error' | 'warning' | 'default'> = {
  pending: 'warning',
  working: 'warning',
  done: 'success',
  failed: 'error',
};

const skeletonRows = (label: string, columns: number) =>
  [0, 1].map((i) => (
    <TableRow key={i}>
      <TableCell colSpan={columns}>
        <Skeleton aria-label={label} />
      </TableCell>
    </TableRow>
  ));

/**
 * A school's retention policy (docs/privacy.md, "Retention"): how many school years applications of finalized periods
 * are kept, what a run would anonymise now, "run now" behind a confirmation, and the runs with their progress.
 */
export function RetentionPanel({ id_school }: { id_school: number }) {
  const { t } = useTranslation();
  const { enqueueSnackbar } = useSnackbar();
  const settings = useRetentionSettings(id_school);
  const preview = useRetentionPreview(id_school);
  const runs = useRetentionRuns(id_school);
  const save = useSaveRetention();
  const run = useRunRetention();
  const [years, setYears] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [confirming, setConfirming] = useState(false);
  useEffect(() => {
    if (settings.data) setYears(settings.data.retention_years === null ? '' : String(settings.data.retention_years));
  }, [settings.data]);

  const onSave = async (event: React.FormEvent) => {
    event.preventDefault();
    setError(null);
    try {
      const body = { id_school, retention_years: years.trim() === '' ? null : Number(years) };
      enqueueSnackbar((await save.mutateAsync(body)).message, { variant: 'success' });
    } catch (e) {
      const failure = e as ApiError;
      setError(failure.errors?.find((fe) => fe.path === 'retention_years')?.message ?? failure.message);
      enqueueSnackbar(failure.message, { variant: 'error' });
    }
  };

  const onRun = async () => {
    const started = await run.mutateAsync(id_school);
    enqueueSnackbar(started.message, { variant: 'success' });
  };

  const totals = preview.data?.totals;
  const active = runs.data?.some((r) => r.status === 'pending' || r.status === 'working');
  const policyOn = settings.data?.retention_years != null;
  return (
    <Stack
      spacing={2}
      sx={{ mt: 4, maxWidth: 900 }}
      data-testid="retention"
      component="section"
      aria-labelledby="retention-title"
    >
      <Typography variant="h6" component="h2" id="retention-title">
        {t('retention.title')}
      </Typography>
      <Alert severity="info">{t('retention.explanation')}</Alert>
      {!settings.data ? (
        <Skeleton variant="rounded" height={80} aria-label={t('retention.loading')} />
      ) : (
        <Stack component="form" spacing={2} onSubmit={onSave} noValidate sx={{ maxWidth: 560 }}>
          <TextField
            label={t('retention.years')}
            value={years}
            onChange={(e) => setYears(e.target.value)}
            error={!!error}
            helperText={error ?? t('retention.yearsHelp')}
            slotProps={{ htmlInput: { inputMode: 'numeric', 'data-testid': 'retention-years' } }}
          />
          {!policyOn && <Typography color="text.secondary">{t('retention.off')}</Typography>}
          <Button type="submit" variant="contained" disabled={save.isPending} sx={{ alignSelf: 'flex-start' }}>
            {t('retention.save')}
          </Button>
        </Stack>
      )}

      <Typography variant="subtitle1" component="h3">
        {t('retention.preview')}
      </Typography>
      {preview.data && (
        <Typography variant="body2" color="text.secondary">
          {t('retention.currentYear', { year: preview.data.currentSchoolYear })}
        </Typography>
      )}
      <PagedTable
        testId="retention-preview"
        label={t('retention.preview')}
        focusable
        paper={false}
        head={(['schoolYear', 'campus', 'applications', 'files', 'messages'] as const).map((c) => (
          <TableCell key={c}>{t(`retention.columns.${c}`)}</TableCell>
        ))}
        emptyText={t('retention.nothingDue')}
        loading={skeletonRows(t('retention.loading'), 5)}
        rows={preview.data?.periods}
        renderRow={(row) => (
          <TableRow key={`${row.id_school_year}-${row.id_campus}`}>
            <TableCell>{row.schoolYear}</TableCell>
            <TableCell>{row.campus}</TableCell>
            <TableCell>{row.applications}</TableCell>
            <TableCell>{row.files}</TableCell>
            <TableCell>{row.messages}</TableCell>
          </TableRow>
        )}
      />
      {totals && (
        <Typography variant="body2" data-testid="retention-totals">
          {t('retention.totals', totals)}
        </Typography>
      )}
      <Button
        variant="contained"
        color="error"
        sx={{ alignSelf: 'flex-start' }}
        disabled={!policyOn || !!active || run.isPending}
        onClick={() => setConfirming(true)}
      >
        {t('retention.runNow')}
      </Button>
      <ConfirmDialog
        open={confirming}
        danger
        title={t('retention.confirmTitle')}
        consequence={t('retention.confirmConsequence', { applications: totals?.applications ?? 0 })}
        confirmLabel={t('retention.confirm')}
        onConfirm={onRun}
        onClose={() => setConfirming(false)}
      />

      <Typography variant="subtitle1" component="h3">
        {t('retention.runs')}
      </Typography>
      <Runs runs={runs.data} />
    </Stack>
  );
}

function Runs({ runs }: { runs: RetentionRun[] | undefined }) {
  const { t, i18n } = useTranslation();
  const columns = ['date', 'by', 'status', 'applications', 'files', 'messages', 'reads'] as const;
  return (
    <PagedTable
      testId="retention-runs"
      label={t('retention.runs')}
      focusable
      paper={false}
      head={columns.map((c) => (
        <TableCell key={c}>{t(`retention.runColumns.${c}`)}</TableCell>
      ))}
      emptyText={t('retention.noRuns')}
      loading={skeletonRows(t('retention.loading'), columns.length)}
      rows={runs}
      renderRow={(row) => (
        <TableRow key={row.id_retention_run}>
          <TableCell sx={{ whiteSpace: 'nowrap' }}>{formatDateTime(row.createdAt, i18n.language, '')}</TableCell>
          <TableCell>{row.user ?? t('retention.schedule')}</TableCell>
          <TableCell sx={{ minWidth: 120 }}>
            <Chip size="small" label={t(`retention.statuses.${row.status}`)} color={STATUS_COLOR[row.status]} />
            {row.status === 'working' && row.total > 0 && (
              <LinearProgress
                variant="determinate"
                value={(100 * row.applications) / row.total}
                aria-label={t('retention.progress', { done: row.applications, total: row.total })}
                sx={{ mt: 1 }}
              />
            )}
            {row.error && (
              <Typography variant="caption" color="error" display="block">
                {row.error}
              </Typography>
            )}
          </TableCell>
          <TableCell>{row.applications}</TableCell>
          <TableCell>{row.files}</TableCell>
          <TableCell>{row.messages}</TableCell>
          <TableCell>{row.accessRows}</TableCell>
        </TableRow>
      )}
    />
  );
}
