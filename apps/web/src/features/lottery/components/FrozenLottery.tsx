import { useState } from 'react';
import { Alert, Box, Button, Link, Stack, Table, TableBody, TableCell, TableRow } from '@mui/material';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import type { LotterySummary } from '@openseat/shared/schemas/lottery';
import { useZonedDateTime } from '../../../hooks/use-zoned-date-time';
import { fingerprint } from '../format';
import { chainName, relayUrl, type Beacon } from '../v2';
import { DiceEntryForm } from './DiceEntryForm';
import { mono } from './mono';
import { PasteRoundDialog } from './PasteRoundDialog';
import type { LotteryPeriodRef } from './period-ref';
import { RoundCountdown, useTimeLeft } from './RoundCountdown';
import { RunLotteryDialog } from './RunLotteryDialog';
import { ReasonDialog } from './ReasonDialog';

type RunWith = { beacon?: Beacon; fetchBeacon?: true };

/** The facts of a frozen lottery: the inputs fingerprint, when it was frozen, and its source of randomness. */
export function FrozenFacts({ lottery, id_campus }: { lottery: LotterySummary; id_campus: number }) {
  const { t } = useTranslation();
  const moment = useZonedDateTime(id_campus);
  const chain = chainName(lottery.beaconChain);
  const rows: Array<[string, React.ReactNode, boolean]> = [
    [t('lottery.v2.inputsFingerprint'), fingerprint(lottery.inputsHash), true],
    [t('lottery.v2.frozenAt'), moment(lottery.frozenAt, t('common.noDate')), false],
  ];
  if (lottery.source === 'drand') {
    rows.push(
      [
        t('lottery.v2.source'),
        `${t('lottery.v2.sourceDrandShort')} · ${chain ? t(`lottery.v2.chains.${chain}`) : (lottery.beaconChain ?? '')}`,
        false,
      ],
      [t('lottery.v2.committedRound'), String(lottery.beaconRound ?? ''), false],
      [t('lottery.v2.roundAt'), moment(lottery.roundAt, t('common.noDate')), false],
    );
  } else if (lottery.source === 'dice') {
    rows.push(
      [t('lottery.v2.source'), t('lottery.v2.sourceDiceShort'), false],
      [t('lottery.v2.diceState'), t('lottery.v2.diceEntries', { count: lottery.diceEntries }), false],
    );
  }
  return (
    <Table size="small" data-testid="lottery-frozen-facts" sx={{ mb: 1 }}>
      <TableBody>
        {rows.map(([label, value, code]) => (
          <TableRow key={label}>
            <TableCell component="th" scope="row" sx={{ fontWeight: 600, width: { sm: 220 }, verticalAlign: 'top' }}>
              {label}
            </TableCell>
            <TableCell sx={code ? mono : { overflowWrap: 'anywhere' }}>{value}</TableCell>
          </TableRow>
        ))}
      </TableBody>
    </Table>
  );
}

/**
 * A frozen lottery on the panel: its facts, the countdown to the committed round, and what can be done now —
 * unfreeze (with a published reason), enter the dice, fetch or paste the round, and draw.
 */
export function FrozenLottery({
  lottery,
  period,
  mayRun,
}: {
  lottery: LotterySummary;
  period: LotteryPeriodRef;
  mayRun: boolean;
}) {
  const { t } = useTranslation();
  const left = useTimeLeft(lottery.roundAt);
  const [unfreezing, setUnfreezing] = useState(false);
  const [pasting, setPasting] = useState(false);
  const [running, setRunning] = useState<RunWith | null>(null);
  const drand = lottery.source === 'drand';
  const roundOut = drand && left === 0;
  return (
    <Box component="section" aria-labelledby="lottery-frozen-title" data-testid="lottery-frozen" sx={{ mb: 2 }}>
      <Alert severity="info" role="status" sx={{ mb: 1 }} id="lottery-frozen-title">
        {t('lottery.v2.stateFrozen')}
      </Alert>
      <FrozenFacts lottery={lottery} id_campus={period.id_campus} />
      {drand && <RoundCountdown roundAt={lottery.roundAt} sx={{ mb: 1, fontWeight: 500 }} />}
      {drand && lottery.beaconChain && lottery.beaconRound !== null && (
        <Link
          href={relayUrl(lottery.beaconChain, lottery.beaconRound)}
          target="_blank"
          rel="noreferrer"
          variant="body2"
          sx={{ display: 'inline-block', mb: 1, overflowWrap: 'anywhere' }}
        >
          {t('lottery.v2.relayLink', { round: lottery.beaconRound })}
        </Link>
      )}
      <Box sx={{ mb: 1 }}>
        <Button
          component={RouterLink}
          to={`/main/enrollment-settings/${period.id_campus_year}/lottery/${lottery.id_lottery}/notice`}
          data-testid="lottery-notice-link"
        >
          {t('lottery.v2.notice')}
        </Button>
      </Box>
      {mayRun && lottery.source === 'dice' && lottery.diceEntries < 2 && (
        <DiceEntryForm id_lottery={lottery.id_lottery} />
      )}
      {mayRun && (
        <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1} useFlexGap sx={{ flexWrap: 'wrap' }}>
          {roundOut && (
            <>
              <Button
                variant="contained"
                onClick={() => setRunning({ fetchBeacon: true })}
                data-testid="lottery-fetch-round"
              >
                {t('lottery.v2.fetchRound')}
              </Button>
              <Button variant="outlined" onClick={() => setPasting(true)} data-testid="lottery-paste-round">
                {t('lottery.v2.pasteRound')}
              </Button>
            </>
          )}
          {lottery.source === 'dice' && (
            <Button
              variant="contained"
              onClick={() => setRunning({})}
              disabled={lottery.diceEntries < 2}
              data-testid="lottery-draw"
            >
              {t('lottery.draw')}
            </Button>
          )}
          <Button color="error" variant="outlined" onClick={() => setUnfreezing(true)} data-testid="lottery-unfreeze">
            {t('lottery.v2.unfreeze')}
          </Button>
        </Stack>
      )}
      {unfreezing && <ReasonDialog step="unfreeze" period={period} onClose={() => setUnfreezing(false)} />}
      {pasting && (
        <PasteRoundDialog
          committedRound={lottery.beaconRound}
          onClose={() => setPasting(false)}
          onBeacon={(beacon) => {
            setPasting(false);
            setRunning({ beacon });
          }}
        />
      )}
      {running && (
        <RunLotteryDialog
          period={period}
          id_lottery={lottery.id_lottery}
          {...running}
          onClose={() => setRunning(null)}
        />
      )}
    </Box>
  );
}
