import { useState } from 'react';
import {
  Alert,
  Button,
  Checkbox,
  Dialog,
  DialogActions,
  DialogContent,
  DialogTitle,
  FormControlLabel,
  LinearProgress,
  Table,
  TableBody,
  TableCell,
  TableHead,
  TableRow,
  Typography,
} from '@mui/material';
import { DialogFooter } from '../../../components/DialogForm';
import { useSnackbar } from 'notistack';
import { useTranslation } from 'react-i18next';
import type { LotteryResult } from '@openseat/shared/schemas/lottery';
import { useLotteryPlan, useRunLottery, useSpots } from '../api/lottery';
import type { Beacon } from '../v2';
import type { LotteryPeriodRef } from './period-ref';
import { ResultLists } from './ResultLists';

/** Explains the draw, shows the seats per grade, asks for a confirmation, runs it and shows the lists. */
export function RunLotteryDialog({
  period,
  onClose,
  id_lottery,
  beacon,
  fetchBeacon,
}: {
  period: LotteryPeriodRef;
  onClose: () => void;
  id_lottery?: number;
  /** A frozen drand lottery's round: pasted by staff, or fetched by the server from its relays. */
  beacon?: Beacon;
  fetchBeacon?: true;
}) {
  const { t } = useTranslation();
  const { enqueueSnackbar } = useSnackbar();
  const spots = useSpots(period.id_campus_year);
  const plan = useLotteryPlan({ id_campus: period.id_campus, id_school_year: period.id_school_year });
  const run = useRunLottery();
  const [confirmed, setConfirmed] = useState(false);
  const [refusal, setRefusal] = useState<string | null>(null);
  const [result, setResult] = useState<LotteryResult | null>(null);
  const go = async () => {
    setRefusal(null);
    try {
      const res = await run.mutateAsync({
        id_campus: period.id_campus,
        id_school_year: period.id_school_year,
        ...(id_lottery ? { id_lottery } : {}),
        ...(beacon ? { beacon } : {}),
        ...(fetchBeacon ? { fetchBeacon } : {}),
      });
      setResult(res.data);
      enqueueSnackbar(res.message || t('lottery.drawnNotice'), { variant: 'success' });
    } catch (e) {
      setRefusal((e as Error).message);
    }
  };
  return (
    <Dialog
      open
      onClose={run.isPending ? undefined : onClose}
      fullWidth
      maxWidth={result ? 'lg' : 'sm'}
      aria-labelledby="lottery-run-title"
      data-testid="lottery-run-dialog"
    >
      <DialogTitle id="lottery-run-title">{t('lottery.run')}</DialogTitle>
      <DialogContent>
        {result ? (
          <>
            <Alert severity="success" sx={{ mb: 2 }}>
              {t('lottery.runDone', { selected: result.counts.selected, waiting: result.counts.waiting })}
            </Alert>
            <ResultLists result={result} />
          </>
        ) : (
          <>
            <Typography sx={{ mb: 1 }}>{t('lottery.rules')}</Typography>
            {(beacon || fetchBeacon) && (
              <Typography sx={{ mb: 1 }} data-testid="lottery-run-source">
                {beacon ? t('lottery.v2.runPasted', { round: beacon.round }) : t('lottery.v2.runFetched')}
              </Typography>
            )}
            <Alert severity="warning" sx={{ mb: 2 }}>
              {t('lottery.final')}
            </Alert>
            {spots.data && spots.data.length > 0 && (
              <Table size="small" sx={{ mb: 2 }} aria-label={t('lottery.seatsPerGrade')}>
                <TableHead>
                  <TableRow>
                    <TableCell>{t('lottery.grade')}</TableCell>
                    <TableCell align="right">{t('lottery.seats')}</TableCell>
                    <TableCell align="right">{t('lottery.free')}</TableCell>
                  </TableRow>
                </TableHead>
                <TableBody>
                  {spots.data.map((g) => (
                    <TableRow key={g.id_grade}>
                      <TableCell>{g.grade.name}</TableCell>
                      <TableCell align="right">{g.spots}</TableCell>
                      <TableCell align="right">{g.available}</TableCell>
                    </TableRow>
                  ))}
                </TableBody>
              </Table>
            )}
            <Alert severity="info" sx={{ mb: 2 }} data-testid="lottery-run-plan">
              {plan.data ? t('lottery.drawConfirm', plan.data) : t('lottery.drawCounting')}
            </Alert>
            <FormControlLabel
              control={
                <Checkbox
                  checked={confirmed}
                  onChange={(e) => setConfirmed(e.target.checked)}
                  data-testid="lottery-run-confirm"
                />
              }
              label={t('lottery.confirmRun')}
            />
            {run.isPending && <LinearProgress aria-label={t('lottery.drawing')} sx={{ mt: 2 }} />}
            {refusal && (
              <Alert severity="error" role="alert" sx={{ mt: 2 }} data-testid="lottery-run-refusal">
                {refusal}
              </Alert>
            )}
          </>
        )}
      </DialogContent>
      {result ? (
        <DialogActions>
          <Button onClick={onClose} data-testid="lottery-run-close">
            {t('common.close')}
          </Button>
        </DialogActions>
      ) : (
        <DialogFooter
          onCancel={onClose}
          cancelDisabled={run.isPending}
          onSubmit={() => void go()}
          pending={run.isPending}
          disabled={!confirmed || !plan.data}
          submitLabel={t('lottery.runNow')}
          submitColor="warning"
          submitTestId="lottery-run-accept"
        />
      )}
    </Dialog>
  );
}
