import { useState } from 'react';
import {
  Alert,
  Button,
  Dialog,
  DialogActions,
  DialogContent,
  DialogContentText,
  DialogTitle,
  MenuItem,
  TextField,
} from '@mui/material';
import { useTranslation } from 'react-i18next';
import type { CampusYearRow } from '@openseat/shared/schemas/enrollment';

type Props = {
  open: boolean;
  /** The periods a checklist may come from (the school's others the user can see). */
  periods: CampusYearRow[] | undefined;
  onCopy: (from_id_campus_year: number) => Promise<unknown>;
  onClose: () => void;
};

/** Chooses another period of the school; its checklist replaces this one's once confirmed. */
export function CopyChecklistDialog({ open, periods, onCopy, onClose }: Props) {
  const { t } = useTranslation();
  const [from, setFrom] = useState('');
  const [pending, setPending] = useState(false);
  const [refusal, setRefusal] = useState<string | null>(null);
  const close = () => {
    setFrom('');
    setRefusal(null);
    onClose();
  };
  const copy = async () => {
    setPending(true);
    setRefusal(null);
    try {
      await onCopy(Number(from));
      close();
    } catch (error) {
      setRefusal((error as Error).message);
    } finally {
      setPending(false);
    }
  };
  const none = periods !== undefined && periods.length === 0;
  return (
    <Dialog
      open={open}
      onClose={close}
      aria-labelledby="registration-copy-title"
      aria-describedby="registration-copy-consequence"
      fullWidth
      maxWidth="sm"
    >
      <DialogTitle id="registration-copy-title">{t('registration.copyTitle')}</DialogTitle>
      <DialogContent>
        <DialogContentText id="registration-copy-consequence" sx={{ mb: 2 }}>
          {t('registration.copyConsequence')}
        </DialogContentText>
        {none ? (
          <Alert severity="info">{t('registration.noOtherPeriods')}</Alert>
        ) : (
          <TextField
            select
            fullWidth
            label={t('registration.copyFrom')}
            value={from}
            onChange={(e) => setFrom(e.target.value)}
            disabled={!periods}
          >
            {(periods ?? []).map((p) => (
              <MenuItem key={p.id_campus_year} value={String(p.id_campus_year)}>
                {`${p.campus.name} · ${p.school_year.name}`}
              </MenuItem>
            ))}
          </TextField>
        )}
        {refusal && (
          <Alert severity="error" sx={{ mt: 2 }} role="alert">
            {refusal}
          </Alert>
        )}
      </DialogContent>
      <DialogActions>
        <Button onClick={close}>{t('common.cancel')}</Button>
        <Button variant="contained" color="warning" disabled={!from || pending} onClick={() => void copy()}>
          {t('registration.copyAction')}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
