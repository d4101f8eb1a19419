import { useState } from 'react';
import { Alert, Button, Pagination, Stack, TableCell, TableRow, Typography } from '@mui/material';
import { PagedTable } from '../../../components/PagedTable';
import { useSnackbar } from 'notistack';
import { useTranslation } from 'react-i18next';
import { FilterSelect } from '../../../components/FilterSelect';
import { JOB_STATES, type AdminJob, type JobState } from '@openseat/shared/schemas/admin';
import { ConfirmDialog } from '../../../components/ConfirmDialog';
import { formatDateTime } from '../../../lib/dates';
import { useJobs, useRetryJob } from '../api/admin';

/** pg-boss's jobs: the counts per queue and state, the list with its filters, the error of a failed job, Retry. */
export function JobsTab() {
  const { t, i18n } = useTranslation();
  const { enqueueSnackbar } = useSnackbar();
  const [page, setPage] = useState(0);
  const [state, setState] = useState<JobState | ''>('');
  const [name, setName] = useState('');
  const [retrying, setRetrying] = useState<AdminJob | null>(null);
  const jobs = useJobs({ page, state, name });
  const retry = useRetryJob();
  const counts = jobs.data?.counts ?? [];
  const queues = [...new Set(counts.map((c) => c.name))];
  const pages = jobs.data ? Math.max(1, Math.ceil(jobs.data.total / jobs.data.pageSize)) : 1;
  const when = (v: string | null) => formatDateTime(v, i18n.language, '');
  return (
    <>
      <Typography variant="h6" component="h2" sx={{ mb: 1 }}>
        {t('admin.counts')}
      </Typography>
      <PagedTable
        testId="admin-job-counts"
        label={t('admin.countsTable')}
        containerSx={{ overflowX: 'auto', mb: 3 }}
        head={
          <>
            <TableCell>{t('admin.queue')}</TableCell>
            {JOB_STATES.map((s) => (
              <TableCell key={s} align="right">
                {t(`admin.states.${s}`)}
              </TableCell>
            ))}
          </>
        }
        emptyText={t('admin.noJobs')}
        rows={queues}
        renderRow={(q) => (
          <TableRow key={q}>
            <TableCell sx={{ whiteSpace: 'nowrap' }}>{q}</TableCell>
            {JOB_STATES.map((s) => (
              <TableCell key={s} align="right">
                {counts.find((c) => c.name === q && c.state === s)?.count ?? 0}
              </TableCell>
            ))}
          </TableRow>
        )}
      />

      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2} sx={{ mb: 2 }}>
        <FilterSelect
          label={t('admin.state')}
          value={state}
          allLabel={t('admin.allStates')}
          options={JOB_STATES}
          optionLabel={(s) => t(`admin.states.${s}`)}
          onChange={(v) => {
            setState(v);
            setPage(0);
          }}
          testId="admin-job-state"
        />
        <FilterSelect
          label={t('admin.queue')}
          value={name}
          allLabel={t('admin.allQueues')}
          options={queues}
          onChange={(v) => {
            setName(v);
            setPage(0);
          }}
          testId="admin-job-queue"
        />
      </Stack>
      {jobs.isError && <Alert severity="error">{jobs.error.message}</Alert>}
      <PagedTable
        testId="admin-jobs-table"
        label={t('admin.jobsTable')}
        containerSx={{ overflowX: 'auto' }}
        head={
          <>
            <TableCell>{t('admin.queue')}</TableCell>
            <TableCell>{t('admin.state')}</TableCell>
            <TableCell align="right">{t('admin.retries')}</TableCell>
            <TableCell>{t('admin.created')}</TableCell>
            <TableCell>{t('admin.started')}</TableCell>
            <TableCell>{t('admin.completed')}</TableCell>
            <TableCell>{t('admin.error')}</TableCell>
            <TableCell />
          </>
        }
        emptyText={t('admin.noJobs')}
        rows={jobs.data?.data}
        renderRow={(job) => (
          <TableRow key={job.id} data-testid="admin-job-row">
            <TableCell sx={{ whiteSpace: 'nowrap' }}>{job.name}</TableCell>
            <TableCell>{t(`admin.states.${job.state}`)}</TableCell>
            <TableCell align="right">
              {job.retryCount}/{job.retryLimit}
            </TableCell>
            <TableCell sx={{ whiteSpace: 'nowrap' }}>{when(job.createdOn)}</TableCell>
            <TableCell sx={{ whiteSpace: 'nowrap' }}>{when(job.startedOn)}</TableCell>
            <TableCell sx={{ whiteSpace: 'nowrap' }}>{when(job.completedOn)}</TableCell>
            <TableCell sx={{ minWidth: 240 }}>
              {job.error && (
                <Typography
                  component="pre"
                  variant="body2"
                  sx={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere', m: 0, maxHeight: 160, overflow: 'auto' }}
                >
                  {job.error}
                </Typography>
              )}
            </TableCell>
            <TableCell>
              {job.state === 'failed' && (
                <Button
                  size="small"
                  onClick={() => setRetrying(job)}
                  aria-label={t('admin.retryLabel', { id: job.id })}
                >
                  {t('admin.retry')}
                </Button>
              )}
            </TableCell>
          </TableRow>
        )}
      />
      <Pagination count={pages} page={page + 1} onChange={(_, p) => setPage(p - 1)} sx={{ p: 1 }} />
      <ConfirmDialog
        open={retrying !== null}
        title={t('admin.retryTitle')}
        consequence={t('admin.retryConsequence', { name: retrying?.name ?? '' })}
        confirmLabel={t('admin.retry')}
        onConfirm={async () => {
          const res = await retry.mutateAsync(retrying!.id);
          enqueueSnackbar(res.message, { variant: 'success' });
        }}
        onClose={() => setRetrying(null)}
      />
    </>
  );
}
