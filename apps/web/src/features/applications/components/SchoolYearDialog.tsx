import { useEffect, useState } from 'react';
import {
  Alert,
  Box,
  Button,
  Checkbox,
  Dialog,
  DialogActions,
  DialogContent,
  DialogTitle,
  FormControlLabel,
  LinearProgress,
  MenuItem,
  Stack,
  TextField,
  Typography,
} from '@mui/material';
import { useQueryClient } from '@tanstack/react-query';
import { useSnackbar } from 'notistack';
import { useTranslation } from 'react-i18next';
import { message } from '../../../lib/i18n';
import {
  applicationKeys,
  useCopyJob,
  useCopyToSchoolYear,
  useSchoolYearTargets,
  useTransferSchoolYear,
} from '../api/applications';

export type SchoolYearMode = 'copy' | 'transfer';

/**
 * Transfer or copy applications to another school year (spec section 4): the target must be another available
 * school year; neither can be undone, so the staff member confirms that first. A copy runs in the background:
 * its progress shows here, and an e-mail follows when it is done.
 */
export function SchoolYearDialog({
  mode,
  applicationIds,
  onClose,
}: {
  mode: SchoolYearMode;
  applicationIds: number[];
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const { enqueueSnackbar } = useSnackbar();
  const client = useQueryClient();
  const targets = useSchoolYearTargets(applicationIds);
  const transfer = useTransferSchoolYear();
  const copy = useCopyToSchoolYear();
  const [target, setTarget] = useState<number | ''>('');
  const [understood, setUnderstood] = useState(false);
  const [jobId, setJobId] = useState<number | null>(null);
  const job = useCopyJob(jobId);
  const finished = job.data?.status === 'done' || job.data?.status === 'failed';
  useEffect(() => {
    if (finished) void client.invalidateQueries({ queryKey: applicationKeys.all });
  }, [finished, client]);

  const submit = async () => {
    if (target === '') return;
    try {
      if (mode === 'transfer') {
        const res = await transfer.mutateAsync({ applicationIds, target });
        const variant = res.nonTransferable.length || res.refused.length ? 'warning' : 'success';
        enqueueSnackbar(res.message, { variant });
        onClose();
      } else {
        const res = await copy.mutateAsync({ applicationIds, target });
        setJobId(res.data.id_application_copy);
      }
    } catch (error) {
      enqueueSnackbar((error as Error).message, { variant: 'error' });
    }
  };
  const none = targets.isSuccess && targets.data.length === 0;
  const busy = transfer.isPending || copy.isPending || (jobId !== null && !finished);
  return (
    <Dialog open onClose={busy ? undefined : onClose} fullWidth maxWidth="sm">
      <DialogTitle>{t(`applications.schoolYear_${mode}`)}</DialogTitle>
      <DialogContent>
        {none && <Alert severity="info">{message('noSchoolYearTarget')}</Alert>}
        {!none && jobId === null && (
          <Stack spacing={2} sx={{ pt: 1 }}>
            <Typography>{t('applications.schoolYearCount', { count: applicationIds.length })}</Typography>
            <TextField
              select
              label={t('applications.targetSchoolYear')}
              value={target}
              onChange={(e) => setTarget(Number(e.target.value))}
              slotProps={{ select: { SelectDisplayProps: { 'data-testid': 'school-year-target' } as object } }}
            >
              {(targets.data ?? []).map((y) => (
                <MenuItem key={y.id_school_year} value={y.id_school_year}>
                  {y.name}
                </MenuItem>
              ))}
            </TextField>
            <Alert severity="warning">{t(`applications.schoolYearWarning_${mode}`)}</Alert>
            <FormControlLabel
              control={<Checkbox checked={understood} onChange={(e) => setUnderstood(e.target.checked)} />}
              label={t('applications.cannotBeUndone')}
              data-testid="school-year-understood"
            />
          </Stack>
        )}
        {jobId !== null && (
          <Box sx={{ pt: 1 }} data-testid="copy-progress">
            <LinearProgress
              variant="determinate"
              value={job.data?.progress ?? 0}
              aria-label={t('applications.copyProgress')}
            />
            <Typography sx={{ mt: 1 }}>
              {job.data?.status === 'done'
                ? t('applications.copyDone', { count: job.data.copied })
                : job.data?.status === 'failed'
                  ? t('applications.copyFailed')
                  : t('applications.copyRunning', { progress: job.data?.progress ?? 0 })}
            </Typography>
          </Box>
        )}
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose} disabled={busy}>
          {jobId !== null ? t('common.close') : t('common.cancel')}
        </Button>
        {jobId === null && !none && (
          <Button
            variant="contained"
            color="warning"
            disabled={target === '' || !understood || busy}
            onClick={() => void submit()}
            data-testid="school-year-submit"
          >
            {t(`applications.schoolYear_${mode}`)}
          </Button>
        )}
      </DialogActions>
    </Dialog>
  );
}
