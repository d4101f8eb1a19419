import { useState } from 'react';
import { Alert, Button, Chip, Dialog, DialogActions, DialogContent, DialogContentText, DialogTitle, Paper, Stack, Typography } from '@mui/material';
import { useSnackbar } from 'notistack';
import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router';
import type { PeriodAction } from '@openseat/shared/schemas/enrollment';
import { translate } from '@openseat/shared/messages';
import { useAbility } from '../../../app/client';
import type { ApiError } from '../../../app/http';
import { currentLanguage } from '../../../app/i18n';
import { PageTitle } from '../../../components/PageTitle';
import { useActivatePeriod, usePeriod } from '../api/enrollment';
import { PeriodForm } from './PeriodForm';
import { SeatsTable } from './SeatsTable';

/** A school period: its settings, seats per grade, and the start / finalize dialogs (spec section 4). */
export default function PeriodDetailPage() {
  const { t } = useTranslation();
  const { enqueueSnackbar } = useSnackbar();
  const ability = useAbility();
  const id = Number(useParams().id_campus_year);
  const period = usePeriod(id);
  const activate = useActivatePeriod();
  const [confirming, setConfirming] = useState<PeriodAction | null>(null);
  const [refusals, setRefusals] = useState<string[]>([]);
  const p = period.data;
  if (!p) return null;
  const finalized = p.state === 'finalized';
  const mayEdit = ability.can('edit', 'enrollment_settings') && !finalized;

  const run = async (action: PeriodAction) => {
    setConfirming(null);
    try {
      const res = await activate.mutateAsync({ id_campus_year: id, action });
      setRefusals([]);
      enqueueSnackbar(res.message, { variant: 'success' });
    } catch (error) {
      const e = error as ApiError;
      setRefusals([e.message, ...e.errors.map((fe) => fe.message)]);
    }
  };

  return (
    <>
      <PageTitle>{`${p.campus.name} · ${p.school_year.name}`}</PageTitle>
      <Stack direction="row" spacing={2} alignItems="center" sx={{ mb: 2 }}>
        <Chip label={t(`context.states.${p.state}`)} color={p.state === 'started' ? 'success' : 'default'} data-testid="period-state" />
        {p.state === 'not_started' && ability.can('start_school_year', 'enrollment_settings') && <Button variant="contained" onClick={() => setConfirming('start')} data-testid="period-start">{t('periods.start')}</Button>}
        {p.state === 'started' && ability.can('finalize_school_year', 'enrollment_settings') && <Button color="warning" variant="contained" onClick={() => setConfirming('finalize')} data-testid="period-finalize">{t('periods.finalize')}</Button>}
      </Stack>
      {finalized && <Alert severity="info" sx={{ mb: 2 }}>{translate('periodFinalized', currentLanguage())}</Alert>}
      {refusals.length > 0 && (
        <Alert severity="error" sx={{ mb: 2 }} data-testid="period-refusal">
          {refusals.map((r) => <div key={r}>{r}</div>)}
        </Alert>
      )}
      {p.state === 'not_started' && p.readiness.length > 0 && (
        <Alert severity="warning" sx={{ mb: 2 }} data-testid="period-readiness">
          <strong>{t('periods.notReady')}</strong>
          {p.readiness.map((key) => <div key={key}>{translate(key, currentLanguage())}</div>)}
        </Alert>
      )}
      <Paper sx={{ p: 2, mb: 2 }}>
        <PeriodForm period={p} id_campus={p.id_campus} disabled={!mayEdit} onSaved={() => undefined} />
      </Paper>
      <Paper sx={{ p: 2 }}>
        <Typography variant="h6" gutterBottom>{t('periods.seatsPerGrade')}</Typography>
        <SeatsTable id_campus_year={id} total={p.spots} disabled={finalized || !ability.can('edit', 'school_year_spots')} />
      </Paper>
      <Dialog open={confirming !== null} onClose={() => setConfirming(null)}>
        <DialogTitle>{confirming === 'start' ? t('periods.start') : t('periods.finalize')}</DialogTitle>
        <DialogContent><DialogContentText>{confirming === 'start' ? t('periods.confirmStart') : t('periods.confirmFinalize')}</DialogContentText></DialogContent>
        <DialogActions>
          <Button onClick={() => setConfirming(null)}>{t('common.cancel')}</Button>
          <Button variant="contained" onClick={() => void run(confirming!)} data-testid="period-confirm">{t('periods.confirm')}</Button>
        </DialogActions>
      </Dialog>
    </>
  );
}
