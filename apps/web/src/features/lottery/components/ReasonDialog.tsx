import { useState, type FormEvent } from 'react';
import { Alert, TextField } from '@mui/material';
import { useSnackbar } from 'notistack';
import { useTranslation } from 'react-i18next';
import { LotteryRerunSchema, LotteryUnfreezeSchema } from '@openseat/shared/schemas/lottery';
import { translate } from '@openseat/shared/messages';
import { DialogForm } from '../../../components/DialogForm';
import { currentLanguage } from '../../../lib/i18n';
import { useRerunLottery, useUnfreezeLottery } from '../api/lottery';
import type { LotteryPeriodRef } from './period-ref';

/** The steps that take a reason the public log publishes. */
const STEPS = {
  unfreeze: { schema: LotteryUnfreezeSchema, useWrite: useUnfreezeLottery },
  rerun: { schema: LotteryRerunSchema, useWrite: useRerunLottery },
} as const;

/**
 * "Unfreeze" (the inputs back to editing) or "Re-run" (the untold draw set aside): each with a reason of at least 10
 * characters that the public log shows. Both are destructive: the dialog says what follows before anything is sent.
 */
export function ReasonDialog({
  step,
  period,
  onClose,
}: {
  step: keyof typeof STEPS;
  period: LotteryPeriodRef;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const { enqueueSnackbar } = useSnackbar();
  const write = STEPS[step].useWrite();
  const [reason, setReason] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [refusal, setRefusal] = useState<string | null>(null);
  const submit = async (e: FormEvent) => {
    e.preventDefault();
    setRefusal(null);
    const parsed = STEPS[step].schema.safeParse({
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
      const res = await write.mutateAsync(parsed.data);
      enqueueSnackbar(res.message || t(`lottery.v2.${step}`), { variant: 'success' });
      onClose();
    } catch (err) {
      setRefusal((err as Error).message);
    }
  };
  return (
    <DialogForm
      title={t(`lottery.v2.${step}Title`)}
      titleId={`lottery-${step}-title`}
      onClose={onClose}
      formId={`lottery-${step}-form`}
      onSubmit={(e) => void submit(e)}
      pending={write.isPending}
      submitLabel={t(`lottery.v2.${step}`)}
      submitColor="error"
      submitTestId={`lottery-${step}-submit`}
      dialogProps={{ 'data-testid': `lottery-${step}-dialog` }}
      before={
        <>
          <Alert severity="warning">{t(`lottery.v2.${step}Consequence`)}</Alert>
          {refusal && (
            <Alert severity="error" role="alert" sx={{ mt: 2 }} data-testid={`lottery-${step}-refusal`}>
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
        slotProps={{ htmlInput: { 'data-testid': `lottery-${step}-reason`, maxLength: 500 } }}
      />
    </DialogForm>
  );
}
