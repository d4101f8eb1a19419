import { useState, type FormEvent } from 'react';
import { Alert, TextField } from '@mui/material';
import { useSnackbar } from 'notistack';
import { useTranslation } from 'react-i18next';
import { LotteryUnfreezeSchema } from '@openseat/shared/schemas/lottery';
import { translate } from '@openseat/shared/messages';
import { DialogForm } from '../../../components/DialogForm';
import { currentLanguage } from '../../../lib/i18n';
import { useUnfreezeLottery } from '../api/lottery';
import type { LotteryPeriodRef } from './period-ref';

/** "Unfreeze": gives the inputs back to editing, with a reason (at least 10 characters) that the public log shows. */
export function UnfreezeDialog({ period, onClose }: { period: LotteryPeriodRef; onClose: () => void }) {
  const { t } = useTranslation();
  const { enqueueSnackbar } = useSnackbar();
  const unfreeze = useUnfreezeLottery();
  const [reason, setReason] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [refusal, setRefusal] = useState<string | null>(null);
  const submit = async (e: FormEvent) => {
    e.preventDefault();
    setRefusal(null);
    const parsed = LotteryUnfreezeSchema.safeParse({
      id_campus: period.id_campus,
      id_school_year: period.id_school_year,
      reason,
    });
    if (!parsed.success) {
      const issue = parsed.error.issues.find((i) => i.path[0] === 'reason') ?? parsed.error.issues[0]!;
      return setError(translate(issue.message, currentLanguage(), { min: 10 }));
    }
    setError(null);
    try {
      const res = await unfreeze.mutateAsync(parsed.data);
      enqueueSnackbar(res.message || t('lottery.v2.unfreeze'), { variant: 'success' });
      onClose();
    } catch (err) {
      setRefusal((err as Error).message);
    }
  };
  return (
    <DialogForm
      title={t('lottery.v2.unfreezeTitle')}
      titleId="lottery-unfreeze-title"
      onClose={onClose}
      formId="lottery-unfreeze-form"
      onSubmit={(e) => void submit(e)}
      pending={unfreeze.isPending}
      submitLabel={t('lottery.v2.unfreeze')}
      submitColor="error"
      submitTestId="lottery-unfreeze-submit"
      dialogProps={{ 'data-testid': 'lottery-unfreeze-dialog' }}
      before={
        <>
          <Alert severity="warning">{t('lottery.v2.unfreezeConsequence')}</Alert>
          {refusal && (
            <Alert severity="error" role="alert" sx={{ mt: 2 }} data-testid="lottery-unfreeze-refusal">
              {refusal}
            </Alert>
          )}
        </>
      }
    >
      <TextField
        label={t('lottery.v2.reason')}
        value={reason}
        onChange={(e) => setReason(e.target.value)}
        required
        multiline
        minRows={2}
        error={error !== null}
        helperText={error ?? t('lottery.v2.reasonHelp')}
        slotProps={{ htmlInput: { 'data-testid': 'lottery-unfreeze-reason', maxLength: 500 } }}
      />
    </DialogForm>
  );
}
