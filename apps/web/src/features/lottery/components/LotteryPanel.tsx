import { useState } from 'react';
import { Alert, Box, Button, LinearProgress, Stack, Typography } from '@mui/material';
import { useSnackbar } from 'notistack';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import type { LotteryResult } from '@openseat/shared/schemas/lottery';
import { useAbility } from '../../../lib/ability';
import { currentLanguage } from '../../../lib/i18n';
import { ConfirmDialog } from '../../../components/ConfirmDialog';
import { formatDateTime } from '../../../lib/dates';
import {
  downloadRecordCsv,
  useLateApplications,
  useLotteries,
  useLotterySummary,
  usePracticeLottery,
} from '../api/lottery';
import { fingerprint } from '../format';
import { HeldMessagesPanel } from './HeldMessagesPanel';
import { mono } from './mono';
import type { LotteryPeriodRef } from './period-ref';
import { PracticeResultDialog } from './PracticeResultDialog';
import { ResultLists } from './ResultLists';
import { FreezeDialog } from './FreezeDialog';
import { FrozenLottery } from './FrozenLottery';
import { LotteryLogSection } from './LotteryLogSection';
import { ReasonDialog } from './ReasonDialog';

/** The lottery of a school period in enrollment settings: its state, practice, the draw, its record. */
export function LotteryPanel({ period }: { period: LotteryPeriodRef }) {
  const { t } = useTranslation();
  const { enqueueSnackbar } = useSnackbar();
  const ability = useAbility();
  const lotteries = useLotteries(period.id_campus_year);
  const drawn = lotteries.data?.find((l) => l.state === 'drawn') ?? null;
  const committed = lotteries.data?.find((l) => l.state === 'committed') ?? null;
  const frozen = lotteries.data?.find((l) => l.state === 'frozen') ?? null;
  const superseded = lotteries.data?.filter((l) => l.state === 'superseded') ?? [];
  const summary = useLotterySummary(drawn?.id_lottery ?? null);
  const practice = usePracticeLottery();
  const late = useLateApplications();
  const [practiceResult, setPracticeResult] = useState<LotteryResult | null>(null);
  const [freezing, setFreezing] = useState(false);
  const [addingLate, setAddingLate] = useState(false);
  const [rerunning, setRerunning] = useState(false);
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
        ) : frozen ? null : committed ? (
          <Alert severity="info">
            {t('lottery.stateCommitted')}{' '}
            <Box component="span" sx={mono}>
              {fingerprint(committed.seedHash)}
            </Box>
          </Alert>
        ) : (
          lotteries.isSuccess && <Alert severity="info">{t('lottery.stateNotDrawn')}</Alert>
        )}
        {superseded.map((l) => (
          <Alert severity="warning" key={l.id_lottery} sx={{ mt: 1 }} data-testid="lottery-superseded">
            {t('lottery.v2.superseded', { date: formatDateTime(l.drawnAt, language, t('common.noDate')) })}{' '}
            <RouterLink to={`${base}/${l.id_lottery}`}>{t('lottery.v2.supersededRecord')}</RouterLink>
          </Alert>
        ))}
      </Box>
      {frozen && <FrozenLottery lottery={frozen} period={period} mayRun={mayRun} />}
      <HeldMessagesPanel id_campus={period.id_campus} mayRelease={mayRun} />
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1} sx={{ mb: 2, flexWrap: 'wrap' }} useFlexGap>
        {mayRun && !drawn && (
          <>
            <Button
              onClick={() => void rehearse()}
              disabled={practice.isPending || !period.started}
              aria-describedby="lottery-practice-label"
              data-testid="lottery-practice"
            >
              {t('lottery.practice')}
            </Button>
            {!frozen && (
              <Button
                variant="contained"
                onClick={() => setFreezing(true)}
                disabled={!period.started}
                data-testid="lottery-freeze"
              >
                {t('lottery.v2.freeze')}
              </Button>
            )}
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
          <>
            <Button onClick={() => setAddingLate(true)} data-testid="lottery-late">
              {t('lottery.addLate')}
            </Button>
            <Button color="error" onClick={() => setRerunning(true)} data-testid="lottery-rerun">
              {t('lottery.v2.rerun')}
            </Button>
          </>
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
      {mayRun && !drawn && (
        <Typography variant="body2" color="text.secondary" id="lottery-practice-label" sx={{ mb: 2 }}>
          {t('lottery.v2.practiceLabel')}
        </Typography>
      )}
      {!period.started && !drawn && (
        <Typography color="text.secondary" sx={{ mb: 2 }}>
          {t('lottery.needsStarted')}
        </Typography>
      )}
      {practice.isPending && <LinearProgress aria-label={t('lottery.drawing')} sx={{ mb: 2 }} />}
      {summary.data && drawn && <ResultLists result={summary.data} links={{ record: `${base}/${drawn.id_lottery}` }} />}
      <PracticeResultDialog result={practiceResult} period={period} onClose={() => setPracticeResult(null)} />
      {freezing && <FreezeDialog period={period} onClose={() => setFreezing(false)} />}
      {rerunning && <ReasonDialog step="rerun" period={period} onClose={() => setRerunning(false)} />}
      <LotteryLogSection id_campus_year={period.id_campus_year} id_campus={period.id_campus} />
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
