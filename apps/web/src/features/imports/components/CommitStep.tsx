import { useState } from 'react';
import { Alert, Box, Button, LinearProgress, Link, Stack, Typography } from '@mui/material';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import type { ImportBatch } from '@openseat/shared/schemas/imports';
import { ConfirmDialog } from '../../../components/ConfirmDialog';
import { isRunning, useImportBatch } from '../api/import-runs';

/**
 * Step 5: the checked rows written as one background job, all or nothing, after a confirmation; its progress polled
 * until it ends. `blocked` says why it cannot start yet (an over-filled grade, a duplicate without a decision).
 */
export function CommitStep({
  rows,
  blocked,
  onCommit,
}: {
  /** The rows the commit would write. */
  rows: number;
  blocked: string | null;
  onCommit: () => Promise<ImportBatch>;
}) {
  const { t } = useTranslation();
  const [confirming, setConfirming] = useState(false);
  const [batchId, setBatchId] = useState<number | null>(null);
  const batch = useImportBatch(batchId);
  // once the rows are in (or going in), this report is spent: a second click would import them twice
  const committed = batchId !== null && batch.data?.status !== 'failed';
  return (
    <Stack spacing={2}>
      {blocked && <Alert severity="warning">{blocked}</Alert>}
      <Box>
        <Button
          variant="contained"
          disabled={blocked !== null || rows === 0 || committed}
          onClick={() => setConfirming(true)}
          data-testid="import-commit"
        >
          {t('imports.commit.run', { count: rows })}
        </Button>
      </Box>
      {batchId !== null && <Progress batch={batch.data} />}
      <ConfirmDialog
        open={confirming}
        title={t('imports.commit.confirmTitle')}
        consequence={t('imports.commit.confirm', { count: rows })}
        confirmLabel={t('imports.commit.confirmLabel')}
        onConfirm={async () => setBatchId((await onCommit()).id_import_batch)}
        onClose={() => setConfirming(false)}
      />
    </Stack>
  );
}

/** The job's progress while it runs, then what it wrote or why it failed. */
function Progress({ batch }: { batch: ImportBatch | undefined }) {
  const { t } = useTranslation();
  if (!batch || isRunning(batch)) {
    const percent = batch && batch.total > 0 ? Math.round((batch.processed / batch.total) * 100) : 0;
    return (
      <Box>
        <LinearProgress variant="determinate" value={percent} aria-label={t('imports.commit.progress')} />
        <Typography variant="body2" aria-live="polite">
          {t('imports.commit.progressValue', { done: batch?.processed ?? 0, total: batch?.total ?? 0 })}
        </Typography>
      </Box>
    );
  }
  if (batch.status === 'failed')
    return (
      <Alert severity="error" data-testid="import-commit-failed">
        {t('imports.commit.failed', { reason: batch.error ?? '' })}
      </Alert>
    );
  return (
    <Alert severity="success" data-testid="import-commit-done">
      {t('imports.commit.done', { created: batch.created, merged: batch.merged, skipped: batch.skipped })}{' '}
      <Link component={RouterLink} to="/main/applications">
        {t('imports.commit.toApplications')}
      </Link>
    </Alert>
  );
}
