import { useState } from 'react';
import {
  Alert,
  Button,
  Dialog,
  DialogActions,
  DialogContent,
  DialogContentText,
  DialogTitle,
  FormControlLabel,
  Radio,
  RadioGroup,
} from '@mui/material';
import { useSnackbar } from 'notistack';
import { useTranslation } from 'react-i18next';
import { LIST_TYPE } from '@openseat/shared/constants';
import type { ApplicationDetail } from '@openseat/shared/schemas/applications';
import { useApplications, useTransferSpot } from '../api/applications';

/**
 * Transfer spot (spec section 2): this application's seat goes to one waiting for the same grade in the same
 * school period, in one step; this one becomes declined. The head of the waiting list comes first.
 */
export function TransferSpotDialog({ application, onClose }: { application: ApplicationDetail; onClose: () => void }) {
  const { t } = useTranslation();
  const { enqueueSnackbar } = useSnackbar();
  const transfer = useTransferSpot();
  const waiting = useApplications({
    type: LIST_TYPE.WAITING_LIST,
    page: 0,
    pageSize: 25,
    id_campus: application.id_campus,
    id_school_year: application.id_school_year,
    id_grade: application.id_grade ?? undefined,
  });
  const [to, setTo] = useState<number | null>(null);
  const submit = async () => {
    if (to === null) return;
    try {
      const res = await transfer.mutateAsync({
        id_application_from: application.id_application,
        id_application_to: to,
      });
      enqueueSnackbar(res.message, { variant: 'success' });
      onClose();
    } catch (error) {
      enqueueSnackbar((error as Error).message, { variant: 'error' });
    }
  };
  const candidates = waiting.data?.data ?? [];
  return (
    <Dialog open onClose={onClose} fullWidth maxWidth="sm">
      <DialogTitle>{t('applications.transferSpot')}</DialogTitle>
      <DialogContent>
        <DialogContentText sx={{ mb: 1 }}>{t('applications.transferSpotHelp')}</DialogContentText>
        {waiting.isSuccess && candidates.length === 0 && <Alert severity="info">{t('applications.noneWaiting')}</Alert>}
        <RadioGroup value={to ?? ''} onChange={(e) => setTo(Number(e.target.value))}>
          {candidates.map((c) => (
            <FormControlLabel
              key={c.id_application}
              value={c.id_application}
              control={<Radio />}
              label={`#${c.waiting_list_position ?? ''} · ${c.applicantName} (${c.correlative})`}
            />
          ))}
        </RadioGroup>
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>{t('common.cancel')}</Button>
        <Button variant="contained" disabled={to === null || transfer.isPending} onClick={() => void submit()}>
          {t('applications.transferSpot')}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
