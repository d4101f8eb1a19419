import { useCallback, useEffect, useRef, useState } from 'react';
import {
  Alert,
  Box,
  Button,
  FormControlLabel,
  LinearProgress,
  Link,
  Stack,
  Switch,
  Table,
  TableBody,
  TableCell,
  TableHead,
  TableRow,
  Typography,
} from '@mui/material';
import { useSnackbar } from 'notistack';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink, useParams } from 'react-router';
import type { LotteryOutcome, LotteryResult } from '@openseat/shared/schemas/lottery';
import { useAbility } from '../../../lib/ability';
import { ConfirmDialog } from '../../../components/ConfirmDialog';
import { NotFound } from '../../../components/NotFound';
import { routeId } from '../../../components/route-id';
import { useZonedDateTime } from '../../../hooks/use-zoned-date-time';
import { useLotteries, useLotteryPeriod, useLotteryPlan, useRunLottery } from '../api/lottery';
import { byGrade, drawOrder, fingerprint } from '../format';
import { chainName, type Beacon } from '../v2';
import { PasteRoundDialog } from './PasteRoundDialog';
import { RoundCountdown, useTimeLeft } from './RoundCountdown';

const big = { fontSize: { xs: '1.25rem', md: '2rem' } } as const;
const hash = { fontFamily: 'monospace', wordBreak: 'break-all', fontSize: { xs: '1.25rem', md: '2.5rem' } } as const;

/**
 * The public draw on a projector (v2): the inputs fingerprint frozen before any randomness exists, then the committed
 * drand round with its countdown (or the dice entries), then the draw and the results grade by grade, and at the end
 * the seed, which anyone can re-compute from the fingerprint and the round.
 */
export default function PresentationPage() {
  const { t } = useTranslation();
  const { enqueueSnackbar } = useSnackbar();
  const ability = useAbility();
  const id_campus_year = routeId(useParams().id_campus_year);
  const period = useLotteryPeriod(id_campus_year);
  const lotteries = useLotteries(id_campus_year);
  const frozen = lotteries.data?.find((l) => l.state === 'frozen') ?? null;
  const moment = useZonedDateTime(period.data?.id_campus ?? null);
  const left = useTimeLeft(frozen?.roundAt);
  const run = useRunLottery();
  const stage = useRef<HTMLDivElement>(null);
  const [result, setResult] = useState<LotteryResult | null>(null);
  const [shown, setShown] = useState(0);
  const [names, setNames] = useState(false);
  const [pasting, setPasting] = useState(false);
  const [confirming, setConfirming] = useState<{ beacon?: Beacon; fetchBeacon?: true } | null>(null);
  const plan = useLotteryPlan(
    confirming && period.data ? { id_campus: period.data.id_campus, id_school_year: period.data.id_school_year } : null,
  );
  const grades = result ? byGrade(drawOrder(result)) : [];
  const done = result !== null && shown >= grades.length;
  const next = useCallback(() => setShown((s) => Math.min(s + 1, grades.length)), [grades.length]);
  const back = useCallback(() => setShown((s) => Math.max(s - 1, 0)), []);
  useEffect(() => {
    if (!result) return;
    const onKey = (e: KeyboardEvent) => {
      if (e.key === 'ArrowRight' || e.key === 'PageDown') next();
      if (e.key === 'ArrowLeft' || e.key === 'PageUp') back();
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, [result, next, back]);
  if (id_campus_year === null || period.isError) return <NotFound backTo="/main/enrollment-settings" />;
  const p = period.data;
  const mayRun = ability.can('run_lottery', 'enrollment_settings');
  const drand = frozen?.source === 'drand';
  const ready = frozen !== null && (drand ? left === 0 : frozen.diceEntries >= 2);
  const chain = chainName(frozen?.beaconChain ?? null);

  // a refusal (the round not out yet, a signature that fails) stays in the confirmation dialog, which shows it
  const doDraw = async () => {
    const res = await run.mutateAsync({
      id_campus: p!.id_campus,
      id_school_year: p!.id_school_year,
      id_lottery: frozen!.id_lottery,
      ...confirming,
    });
    setResult(res.data);
    setShown(0);
    if (res.message) enqueueSnackbar(res.message, { variant: 'success' });
  };
  const fullscreen = () => {
    if (document.fullscreenElement) void document.exitFullscreen();
    else void stage.current?.requestFullscreen?.();
  };
  const grade = grades[shown];
  const counts = result?.grades.find((g) => g.id_grade === grade?.id_grade);
  const idLottery = result?.lottery?.id_lottery;

  return (
    <Box
      ref={stage}
      data-testid="lottery-presentation"
      sx={{
        bgcolor: '#000',
        color: '#fff',
        minHeight: '80vh',
        p: { xs: 2, md: 5 },
        overflow: 'auto',
        '& .MuiTableCell-root': { color: '#fff', borderColor: '#555', ...big },
      }}
    >
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2} justifyContent="space-between" sx={{ mb: 3 }}>
        <Typography
          component="h1"
          sx={{ fontSize: { xs: '1.75rem', md: '3rem' }, fontWeight: 700 }}
          data-testid="page-title"
        >
          {t('lottery.presentationTitle', { campus: p?.campus.name ?? '' })}
        </Typography>
        <Stack direction="row" spacing={1} alignItems="center">
          <FormControlLabel
            control={
              <Switch checked={names} onChange={(e) => setNames(e.target.checked)} data-testid="present-names" />
            }
            label={t('lottery.showNames')}
          />
          <Button variant="outlined" color="inherit" onClick={fullscreen} data-testid="present-fullscreen">
            {t('lottery.fullscreen')}
          </Button>
        </Stack>
      </Stack>
      {lotteries.isError && (
        <Alert severity="error" role="alert" sx={{ mb: 2, ...big }} data-testid="present-error">
          {lotteries.error.message}
        </Alert>
      )}
      {lotteries.isSuccess && !frozen && !result && (
        <Stack spacing={3} alignItems="flex-start" data-testid="present-needs-freeze">
          <Typography sx={big}>{t('lottery.v2.presentNeedsFreeze')}</Typography>
          <Link
            component={RouterLink}
            to={`/main/enrollment-settings/${id_campus_year}`}
            sx={{ color: '#9cf', ...big }}
          >
            {t('lottery.v2.presentBack')}
          </Link>
        </Stack>
      )}
      {frozen && !result && (
        <Stack spacing={3} alignItems="flex-start">
          <Typography sx={big}>
            {t('lottery.v2.presentStep1', { date: moment(frozen.frozenAt, t('common.noDate')) })}
          </Typography>
          <Typography sx={hash} data-testid="present-fingerprint">
            {fingerprint(frozen.inputsHash)}
          </Typography>
          {drand ? (
            <Box data-testid="present-round">
              <Typography sx={big}>
                {t('lottery.v2.presentRound', {
                  round: frozen.beaconRound ?? '',
                  chain: chain ? t(`lottery.v2.chains.${chain}`) : (frozen.beaconChain ?? ''),
                  date: moment(frozen.roundAt, t('common.noDate')),
                })}
              </Typography>
              <RoundCountdown
                roundAt={frozen.roundAt}
                sx={{ fontFamily: 'monospace', fontSize: { xs: '1.75rem', md: '3.5rem' }, fontWeight: 700 }}
              />
            </Box>
          ) : (
            <Typography sx={big} data-testid="present-dice">
              {t('lottery.v2.presentDice', { count: frozen.diceEntries })}
            </Typography>
          )}
          <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2}>
            <Button
              variant="contained"
              color="warning"
              size="large"
              onClick={() => setConfirming(drand ? { fetchBeacon: true } : {})}
              disabled={run.isPending || !mayRun || !ready}
              data-testid="present-draw"
              sx={big}
            >
              {t('lottery.draw')}
            </Button>
            {drand && (
              <Button
                variant="outlined"
                color="inherit"
                size="large"
                onClick={() => setPasting(true)}
                disabled={run.isPending || !mayRun || !ready}
                data-testid="present-paste"
              >
                {t('lottery.v2.pasteRound')}
              </Button>
            )}
          </Stack>
          {run.isPending && <LinearProgress sx={{ width: '100%' }} aria-label={t('lottery.drawing')} />}
        </Stack>
      )}
      {pasting && frozen && (
        <PasteRoundDialog
          committedRound={frozen.beaconRound}
          onClose={() => setPasting(false)}
          onBeacon={(beacon) => {
            setPasting(false);
            setConfirming({ beacon });
          }}
        />
      )}
      <ConfirmDialog
        open={confirming !== null && plan.isSuccess}
        title={t('lottery.drawConfirmTitle')}
        consequence={plan.data ? t('lottery.drawConfirm', plan.data) : ''}
        confirmLabel={t('lottery.drawNow')}
        onConfirm={doDraw}
        onClose={() => setConfirming(null)}
      />
      {confirming && plan.isError && (
        <Alert severity="error" role="alert" sx={{ mb: 2, ...big }} data-testid="present-plan-error">
          {plan.error.message}
        </Alert>
      )}
      {result && grade && (
        <Box data-testid="present-grade">
          <Typography component="h2" sx={{ fontSize: { xs: '1.5rem', md: '2.5rem' }, mb: 2 }}>
            {t('lottery.gradeOf', { grade: grade.grade, n: shown + 1, total: grades.length })}
          </Typography>
          <Stack direction={{ xs: 'column', md: 'row' }} spacing={4}>
            <RevealList
              title={t('lottery.results.selected')}
              outcomes={grade.outcomes.filter((o) => o.result === 'selected')}
              count={counts?.selected ?? 0}
              names={names}
            />
            <RevealList
              title={t('lottery.waitingListName')}
              outcomes={grade.outcomes.filter((o) => o.result === 'waiting')}
              count={counts?.waiting ?? 0}
              names={names}
            />
          </Stack>
        </Box>
      )}
      {done && (
        <Stack spacing={2} data-testid="present-end">
          <Typography sx={big}>{t('lottery.seedRevealed')}</Typography>
          <Typography sx={hash} data-testid="present-seed">
            {result?.seed}
          </Typography>
          <Typography sx={big}>{t('lottery.v2.seedFrom')}</Typography>
          {idLottery && (
            <Link
              component={RouterLink}
              to={`/main/enrollment-settings/${id_campus_year}/lottery/${idLottery}`}
              sx={{ color: '#9cf', ...big }}
              data-testid="present-verify-link"
            >
              {t('lottery.verifyLink')}
            </Link>
          )}
        </Stack>
      )}
      {result && (
        <Stack direction="row" spacing={2} sx={{ mt: 4 }}>
          <Button variant="outlined" color="inherit" onClick={back} disabled={shown === 0} data-testid="present-prev">
            {t('lottery.previousGrade')}
          </Button>
          <Button variant="contained" onClick={next} disabled={done} data-testid="present-next" sx={big}>
            {shown === grades.length - 1 ? t('lottery.finish') : t('lottery.nextGrade')}
          </Button>
        </Stack>
      )}
    </Box>
  );
}

/** One list of a grade as the answer holds it: its first page, and how many it has in all. */
function RevealList({
  title,
  outcomes,
  count,
  names,
}: {
  title: string;
  outcomes: LotteryOutcome[];
  count: number;
  names: boolean;
}) {
  const { t } = useTranslation();
  return (
    <Box sx={{ flex: 1 }}>
      <Typography component="h3" sx={{ fontSize: { xs: '1.25rem', md: '2rem' }, fontWeight: 700 }}>
        {title}
      </Typography>
      {count > outcomes.length && (
        <Typography sx={big} data-testid="present-more">
          {t('lottery.moreInGrade', { shown: outcomes.length, count: count.toLocaleString() })}
        </Typography>
      )}
      <Table size="small" aria-label={title}>
        <TableHead>
          <TableRow>
            <TableCell>#</TableCell>
            <TableCell>{t('lottery.correlative')}</TableCell>
            <TableCell>{t('lottery.levelShort')}</TableCell>
            <TableCell>{t('lottery.number')}</TableCell>
            {names && <TableCell>{t('lottery.applicant')}</TableCell>}
          </TableRow>
        </TableHead>
        <TableBody>
          {outcomes.map((o) => (
            <TableRow key={o.id_application}>
              <TableCell>{o.waiting_list_position ?? o.order}</TableCell>
              <TableCell>{o.correlative}</TableCell>
              <TableCell>{o.level}</TableCell>
              <TableCell>{o.lottery_number}</TableCell>
              {names && <TableCell>{o.applicantName}</TableCell>}
            </TableRow>
          ))}
          {outcomes.length === 0 && (
            <TableRow>
              <TableCell colSpan={names ? 5 : 4}>{t('common.noResults')}</TableCell>
            </TableRow>
          )}
        </TableBody>
      </Table>
    </Box>
  );
}
