import { useState } from 'react';
import {
  Alert,
  Box,
  Button,
  Checkbox,
  Dialog,
  DialogActions,
  DialogContent,
  DialogTitle,
  FormControlLabel,
  LinearProgress,
  Stack,
  Table,
  TableBody,
  TableCell,
  TableHead,
  TableRow,
  Typography,
} from '@mui/material';
import { useSnackbar } from 'notistack';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import type { LotteryResult } from '@openseat/shared/schemas/lottery';
import { useAbility } from '../../../lib/client';
import { currentLanguage } from '../../../lib/i18n';
import { ConfirmDialog } from '../../../components/ConfirmDialog';
import { formatDateTime } from '../../../lib/dates';
import {
  downloadRecordCsv,
  useLateApplications,
  useLotteries,
  useLotteryPlan,
  useLotteryRecord,
  usePracticeLottery,
  useRunLottery,
  useSpots,
} from '../api/lottery';
import { fingerprint, practiceCsv, saveText } from '../format';
import { HeldMessagesPanel } from './HeldMessagesPanel';
import { OutcomesTable } from './OutcomesTable';

export type LotteryPeriodRef = { id_campus_year: number; id_campus: number; id_school_year: number; started: boolean };

const mono = { fontFamily: 'monospace', wordBreak: 'break-all' } as const;

/** The selected and waiting lists of a result. */
export function ResultLists({ result }: { result: Pick<LotteryResult, 'selectedList' | 'waitingList'> }) {
  const { t } = useTranslation();
  return (
    <>
      <Typography variant="subtitle1" component="h3">
        {t('lottery.selectedList', { count: result.selectedList.length })}
      </Typography>
      <OutcomesTable outcomes={result.selectedList} testId="lottery-selected" label={t('lottery.selectedListName')} />
      <Typography variant="subtitle1" component="h3">
        {t('lottery.waitingList', { count: result.waitingList.length })}
      </Typography>
      <OutcomesTable outcomes={result.waitingList} testId="lottery-waiting" label={t('lottery.waitingListName')} />
    </>
  );
}

/** The lottery of a school period in enrollment settings: its state, practice, the draw, its record. */
export function LotteryPanel({ period }: { period: LotteryPeriodRef }) {
  const { t } = useTranslation();
  const { enqueueSnackbar } = useSnackbar();
  const ability = useAbility();
  const lotteries = useLotteries(period.id_campus_year);
  const drawn = lotteries.data?.find((l) => l.state === 'drawn') ?? null;
  const committed = lotteries.data?.find((l) => l.state === 'committed') ?? null;
  const record = useLotteryRecord(drawn?.id_lottery ?? null);
  const practice = usePracticeLottery();
  const late = useLateApplications();
  const [practiceResult, setPracticeResult] = useState<LotteryResult | null>(null);
  const [running, setRunning] = useState(false);
  const [addingLate, setAddingLate] = useState(false);
  const mayRun = ability.can('run_lottery', 'enrollment_settings');
  const periodKey = { id_campus: period.id_campus, id_school_year: period.id_school_year };
  const base = `/main/enrollment-settings/${period.id_campus_year}/lottery`;
  const language = currentLanguage();

  const rehearse = async () => {
    try {
      const res = await practice.mutateAsync(periodKey);
      setPracticeResult(res.data);
      if (res.message) enqueueSnackbar(res.message, { variant: 'success' });
    } catch (e) {
      enqueueSnackbar((e as Error).message, { variant: 'error' });
    }
  };
  const downloadPractice = (r: LotteryResult) =>
    saveText(
      practiceCsv(
        r,
        [
          t('lottery.grade'),
          t('lottery.correlative'),
          t('lottery.applicant'),
          t('lottery.level'),
          t('lottery.number'),
          t('lottery.result'),
          t('lottery.order'),
          t('lottery.waitingPosition'),
        ],
        (x) => t(`lottery.results.${x}`),
      ),
      `lottery-practice-${period.id_campus_year}.csv`,
    );

  return (
    <Box data-testid="lottery-panel">
      <Typography variant="h6" component="h2" gutterBottom>
        {t('lottery.title')}
      </Typography>
      {lotteries.isLoading && <LinearProgress aria-label={t('common.loading')} />}
      {lotteries.isError && <Alert severity="error">{lotteries.error.message}</Alert>}
      <Box data-testid="lottery-state" sx={{ mb: 2 }}>
        {drawn ? (
          <Alert severity="success">
            {t('lottery.stateDrawn', {
              date: formatDateTime(drawn.drawnAt, language, t('common.noDate')),
              by: drawn.drawnBy ?? t('common.unknown'),
              selected: drawn.selectedCount,
              waiting: drawn.waitingCount,
              considered: drawn.consideredCount,
            })}
          </Alert>
        ) : committed ? (
          <Alert severity="info">
            {t('lottery.stateCommitted')}{' '}
            <Box component="span" sx={mono}>
              {fingerprint(committed.seedHash)}
            </Box>
          </Alert>
        ) : (
          lotteries.isSuccess && <Alert severity="info">{t('lottery.stateNotDrawn')}</Alert>
        )}
      </Box>
      <HeldMessagesPanel id_campus={period.id_campus} mayRelease={mayRun} />
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1} sx={{ mb: 2, flexWrap: 'wrap' }} useFlexGap>
        {mayRun && !drawn && (
          <>
            <Button
              onClick={() => void rehearse()}
              disabled={practice.isPending || !period.started}
              data-testid="lottery-practice"
            >
              {t('lottery.practice')}
            </Button>
            <Button
              variant="contained"
              onClick={() => setRunning(true)}
              disabled={!period.started}
              data-testid="lottery-run"
            >
              {t('lottery.run')}
            </Button>
            <Button
              component={RouterLink}
              to={`${base}/present`}
              disabled={!period.started}
              data-testid="lottery-present"
            >
              {t('lottery.presentation')}
            </Button>
          </>
        )}
        {mayRun && drawn && (
          <Button onClick={() => setAddingLate(true)} data-testid="lottery-late">
            {t('lottery.addLate')}
          </Button>
        )}
        {drawn && (
          <>
            <Button
              onClick={() =>
                void downloadRecordCsv(drawn.id_lottery).catch((e: Error) =>
                  enqueueSnackbar(e.message, { variant: 'error' }),
                )
              }
              data-testid="lottery-download"
            >
              {t('lottery.downloadRecord')}
            </Button>
            <Button component={RouterLink} to={`${base}/${drawn.id_lottery}`} data-testid="lottery-verify-link">
              {t('lottery.verify')}
            </Button>
            <Button
              component={RouterLink}
              to={`${base}/${drawn.id_lottery}/certificate`}
              data-testid="lottery-certificate-link"
            >
              {t('lottery.certificate')}
            </Button>
          </>
        )}
      </Stack>
      {!period.started && !drawn && (
        <Typography color="text.secondary" sx={{ mb: 2 }}>
          {t('lottery.needsStarted')}
        </Typography>
      )}
      {practice.isPending && <LinearProgress aria-label={t('lottery.drawing')} sx={{ mb: 2 }} />}
      {record.data && (
        <ResultLists
          result={{
            selectedList: record.data.outcomes.filter((o) => o.result === 'selected'),
            waitingList: record.data.outcomes.filter((o) => o.result === 'waiting'),
          }}
        />
      )}
      <Dialog
        open={practiceResult !== null}
        onClose={() => setPracticeResult(null)}
        fullWidth
        maxWidth="lg"
        aria-labelledby="lottery-practice-title"
        data-testid="lottery-practice-dialog"
      >
        <DialogTitle id="lottery-practice-title">{t('lottery.practiceTitle')}</DialogTitle>
        <DialogContent>
          <Alert severity="info" sx={{ mb: 2 }}>
            {t('lottery.practiceNote')}
          </Alert>
          <Typography sx={{ mb: 2 }}>
            {t('lottery.seed')}:{' '}
            <Box component="span" sx={mono} data-testid="lottery-practice-seed">
              {practiceResult?.seed}
            </Box>
          </Typography>
          {practiceResult && <ResultLists result={practiceResult} />}
        </DialogContent>
        <DialogActions>
          <Button onClick={() => practiceResult && downloadPractice(practiceResult)} data-testid="lottery-practice-csv">
            {t('lottery.downloadCsv')}
          </Button>
          <Button onClick={() => setPracticeResult(null)} data-testid="lottery-practice-close">
            {t('common.close')}
          </Button>
        </DialogActions>
      </Dialog>
      {running && <RunLotteryDialog period={period} onClose={() => setRunning(false)} />}
      <ConfirmDialog
        open={addingLate}
        title={t('lottery.addLate')}
        consequence={t('lottery.addLateConsequence')}
        confirmLabel={t('lottery.addLate')}
        onConfirm={async () => {
          const res = await late.mutateAsync(periodKey);
          enqueueSnackbar(res.message || t('lottery.addLate'), { variant: 'success' });
        }}
        onClose={() => setAddingLate(false)}
      />
    </Box>
  );
}

/** Explains the draw, shows the seats per grade, asks for a confirmation, runs it and shows the lists. */
export function RunLotteryDialog({
  period,
  onClose,
  id_lottery,
}: {
  period: LotteryPeriodRef;
  onClose: () => void;
  id_lottery?: number;
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
              {t('lottery.runDone', { selected: result.selectedList.length, waiting: result.waitingList.length })}
            </Alert>
            <ResultLists result={result} />
          </>
        ) : (
          <>
            <Typography sx={{ mb: 1 }}>{t('lottery.rules')}</Typography>
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
      <DialogActions>
        {result ? (
          <Button onClick={onClose} data-testid="lottery-run-close">
            {t('common.close')}
          </Button>
        ) : (
          <>
            <Button onClick={onClose} disabled={run.isPending}>
              {t('common.cancel')}
            </Button>
            <Button
              variant="contained"
              color="warning"
              disabled={!confirmed || !plan.data || run.isPending}
              onClick={() => void go()}
              data-testid="lottery-run-accept"
            >
              {t('lottery.runNow')}
            </Button>
          </>
        )}
      </DialogActions>
    </Dialog>
  );
}
