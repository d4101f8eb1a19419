import { useEffect, useState } from 'react';
import { zodResolver } from '@hookform/resolvers/zod';
import { Alert, Box, Button, DialogActions, LinearProgress, Typography } from '@mui/material';
import { FormSelect } from '../../../components/FormSelect';
import { FormCheckbox } from '../../../components/FormCheckbox';
import { useQueryClient } from '@tanstack/react-query';
import { useSnackbar } from 'notistack';
import { useForm, useWatch } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { z } from 'zod';
import { SchoolYearMoveSchema } from '@openseat/shared/schemas/application-records';
import { DialogForm } from '../../../components/DialogForm';
import { message } from '../../../lib/i18n';
import {
  applicationKeys,
  useCopyJob,
  useCopyToSchoolYear,
  useSchoolYearTargets,
  useTransferSchoolYear,
} from '../api/applications';

export type SchoolYearMode = 'copy' | 'transfer';

/** The request, once the staff member has confirmed it cannot be undone. */
const ConfirmedMoveSchema = SchoolYearMoveSchema.extend({ understood: z.boolean().refine((v) => v) });
type Input = z.input<typeof ConfirmedMoveSchema>;

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
  const form = useForm<Input, unknown, z.output<typeof ConfirmedMoveSchema>>({
    resolver: zodResolver(ConfirmedMoveSchema),
    defaultValues: { applicationIds, target: '', understood: false },
  });
  const [target, understood] = useWatch({ control: form.control, name: ['target', 'understood'] });
  const [jobId, setJobId] = useState<number | null>(null);
  const job = useCopyJob(jobId);
  const finished = job.data?.status === 'done' || job.data?.status === 'failed';
  useEffect(() => {
    if (finished) void client.invalidateQueries({ queryKey: applicationKeys.all });
  }, [finished, client]);

  const onSubmit = form.handleSubmit(async ({ understood: _, ...body }) => {
    try {
      if (mode === 'transfer') {
        const res = await transfer.mutateAsync(body);
        const variant = res.nonTransferable.length || res.refused.length ? 'warning' : 'success';
        enqueueSnackbar(res.message, { variant });
        onClose();
      } else {
        const res = await copy.mutateAsync(body);
        setJobId(res.data.id_application_copy);
      }
    } catch (error) {
      enqueueSnackbar((error as Error).message, { variant: 'error' });
    }
  });
  const none = targets.isSuccess && targets.data.length === 0;
  const busy = transfer.isPending || copy.isPending || (jobId !== null && !finished);
  const title = t(`applications.schoolYear_${mode}`);
  // before the move: the form; after a copy starts: its progress; with no target: the notice
  const footer =
    jobId !== null || none ? (
      <DialogActions>
        <Button onClick={onClose} disabled={busy}>
          {jobId !== null ? t('common.close') : t('common.cancel')}
        </Button>
      </DialogActions>
    ) : undefined;
  return (
    <DialogForm
      title={title}
      onClose={onClose}
      cancelDisabled={busy}
      formId="school-year-form"
      onSubmit={onSubmit}
      pending={busy}
      disabled={target === '' || !understood}
      submitLabel={title}
      submitColor="warning"
      submitTestId="school-year-submit"
      before={
        <>
          {none && <Alert severity="info">{message('noSchoolYearTarget')}</Alert>}
          {jobId !== null && <CopyProgress job={job.data} />}
        </>
      }
      footer={footer}
      plain={none || jobId !== null}
    >
      {!none && jobId === null && (
        <>
          <Typography>{t('applications.schoolYearCount', { count: applicationIds.length })}</Typography>
          <FormSelect
            control={form.control}
            name="target"
            label={t('applications.targetSchoolYear')}
            options={(targets.data ?? []).map((y) => ({ value: y.id_school_year, label: y.name }))}
            testId="school-year-target"
          />
          <Alert severity="warning">{t(`applications.schoolYearWarning_${mode}`)}</Alert>
          <FormCheckbox
            control={form.control}
            name="understood"
            label={t('applications.cannotBeUndone')}
            labelTestId="school-year-understood"
          />
        </>
      )}
    </DialogForm>
  );
}

/** A copy's progress, then its outcome. */
function CopyProgress({ job }: { job: ReturnType<typeof useCopyJob>['data'] }) {
  const { t } = useTranslation();
  return (
    <Box sx={{ pt: 1 }} data-testid="copy-progress">
      <LinearProgress variant="determinate" value={job?.progress ?? 0} aria-label={t('applications.copyProgress')} />
      <Typography sx={{ mt: 1 }}>
        {job?.status === 'done'
          ? t('applications.copyDone', { count: job.copied })
          : job?.status === 'failed'
            ? t('applications.copyFailed')
            : t('applications.copyRunning', { progress: job?.progress ?? 0 })}
      </Typography>
    </Box>
  );
}
