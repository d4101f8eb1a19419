import { useState } from 'react';
import { Alert, Button, Dialog, DialogActions, DialogContent, DialogContentText, DialogTitle } from '@mui/material';
import { useTranslation } from 'react-i18next';

export type ConfirmDialogProps = {
  open: boolean;
  title: string;
  /** What happens when the user confirms, in words (never only "Are you sure?"). */
  consequence: string;
  confirmLabel: string;
  /** Danger actions (delete, deactivate) show a red confirm button. */
  danger?: boolean;
  /** Runs the action; a refusal (e.g. a 409 reason) is shown in the dialog, which stays open. */
  onConfirm: () => Promise<unknown>;
  onClose: () => void;
};

/** The one confirmation dialog of the app: used instead of `window.confirm` for every destructive action. */
export function ConfirmDialog({
  open,
  title,
  consequence,
  confirmLabel,
  danger,
  onConfirm,
  onClose,
}: ConfirmDialogProps) {
  const { t } = useTranslation();
  const [pending, setPending] = useState(false);
  const [refusal, setRefusal] = useState<string | null>(null);
  const close = () => {
    setRefusal(null);
    onClose();
  };
  const confirm = async () => {
    setPending(true);
    try {
      await onConfirm();
      close();
    } catch (error) {
      setRefusal((error as Error).message);
    } finally {
      setPending(false);
    }
  };
  return (
    <Dialog
      open={open}
      onClose={close}
      aria-labelledby="confirm-dialog-title"
      aria-describedby="confirm-dialog-consequence"
      data-testid="confirm-dialog"
    >
      <DialogTitle id="confirm-dialog-title">{title}</DialogTitle>
      <DialogContent>
        <DialogContentText id="confirm-dialog-consequence">{consequence}</DialogContentText>
        {refusal && (
          <Alert severity="error" sx={{ mt: 2 }} data-testid="confirm-refusal" role="alert">
            {refusal}
          </Alert>
        )}
      </DialogContent>
      <DialogActions>
        <Button onClick={close} data-testid="confirm-cancel">
          {t('common.cancel')}
        </Button>
        <Button
          variant="contained"
          color={danger ? 'error' : 'primary'}
          disabled={pending}
          onClick={() => void confirm()}
          data-testid="confirm-accept"
        >
          {confirmLabel}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
