import { useState } from 'react';
import {
  Alert,
  Button,
  Dialog,
  DialogActions,
  DialogContent,
  DialogContentText,
  DialogTitle,
  TextField,
} from '@mui/material';
import { useTranslation } from 'react-i18next';
import { RegistrationDecisionSchema } from '@openseat/shared/schemas/registration';
import { message } from '../../../lib/i18n';

export type ReturnDialogProps = {
  /** The item's name; null: closed. */
  item: string | null;
  /** Sends the return; a refusal (a 409) is shown in the dialog, which stays open. */
  onReturn: (reason: string) => Promise<unknown>;
  onClose: () => void;
};

/** Confirms returning an item to the family, with the reason they read (required, checked by the shared schema). */
export function ReturnDialog({ item, onReturn, onClose }: ReturnDialogProps) {
  const { t } = useTranslation();
  const [reason, setReason] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [refusal, setRefusal] = useState<string | null>(null);
  const [pending, setPending] = useState(false);
  const close = () => {
    setReason('');
    setError(null);
    setRefusal(null);
    onClose();
  };
  const submit = async (event: React.FormEvent) => {
    event.preventDefault();
    const parsed = RegistrationDecisionSchema.safeParse({ decision: 'return', reason });
    if (!parsed.success || parsed.data.decision !== 'return') {
      setError(message(parsed.error?.issues[0]?.message) ?? message('required') ?? '');
      return;
    }
    setPending(true);
    try {
      await onReturn(parsed.data.reason);
      close();
    } catch (failure) {
      setRefusal((failure as Error).message);
    } finally {
      setPending(false);
    }
  };
  return (
    <Dialog
      open={item !== null}
      onClose={close}
      aria-labelledby="return-dialog-title"
      aria-describedby="return-dialog-consequence"
      data-testid="return-dialog"
      fullWidth
    >
      <form onSubmit={submit} noValidate>
        <DialogTitle id="return-dialog-title">{t('registration.review.returnTitle', { item: item ?? '' })}</DialogTitle>
        <DialogContent>
          <DialogContentText id="return-dialog-consequence" sx={{ mb: 2 }}>
            {t('registration.review.returnConsequence')}
          </DialogContentText>
          <TextField
            label={t('registration.review.reason')}
            required
            fullWidth
            multiline
            minRows={3}
            autoFocus
            value={reason}
            onChange={(e) => {
              setReason(e.target.value);
              setError(null);
            }}
            error={error !== null}
            helperText={error}
            slotProps={{ htmlInput: { maxLength: 500, 'data-testid': 'return-reason' } }}
          />
          {refusal && (
            <Alert severity="error" sx={{ mt: 2 }} role="alert" data-testid="return-refusal">
              {refusal}
            </Alert>
          )}
        </DialogContent>
        <DialogActions>
          <Button onClick={close}>{t('common.cancel')}</Button>
          <Button type="submit" color="error" variant="contained" disabled={pending}>
            {t('registration.review.returnAction')}
          </Button>
        </DialogActions>
      </form>
    </Dialog>
  );
}
