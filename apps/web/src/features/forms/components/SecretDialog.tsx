import { Alert, Button, Dialog, DialogActions, DialogContent, DialogTitle, TextField } from '@mui/material';
import { useTranslation } from 'react-i18next';

/** The new webhook secret, shown this once, with a copy button. */
export function SecretDialog({
  secret,
  onCopy,
  onClose,
}: {
  secret: string | null;
  onCopy: (text: string) => void;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  return (
    <Dialog
      open={secret !== null}
      // a click beside the dialog must not lose a secret that is never shown again: Close or Escape only
      onClose={(_, reason) => reason !== 'backdropClick' && onClose()}
      fullWidth
      maxWidth="sm"
      aria-labelledby="form-secret-title"
    >
      <DialogTitle id="form-secret-title">{t('forms.secretTitle')}</DialogTitle>
      <DialogContent>
        <Alert severity="warning" sx={{ mb: 2 }} role="alert">
          {t('forms.secretOnce')}
        </Alert>
        <TextField
          fullWidth
          label={t('forms.secretTitle')}
          value={secret ?? ''}
          slotProps={{ htmlInput: { readOnly: true, 'data-testid': 'form-secret' }, inputLabel: { shrink: true } }}
          onFocus={(e) => e.target.select()}
        />
      </DialogContent>
      <DialogActions>
        <Button onClick={() => secret && onCopy(secret)} data-testid="form-secret-copy">
          {t('forms.copySecret')}
        </Button>
        <Button variant="contained" onClick={onClose}>
          {t('common.close')}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
