import { useEffect, useState } from 'react';
import { Typography, type TypographyProps } from '@mui/material';
import { useTranslation } from 'react-i18next';
import { countdownText } from '../v2';

/** Milliseconds until `at` (ISO), re-read each second and no more once it is reached; null without a time. */
export function useTimeLeft(at: string | null | undefined): number | null {
  const target = at ? Date.parse(at) : NaN;
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    if (Number.isNaN(target) || Date.now() >= target) return;
    const timer = setInterval(() => {
      const t = Date.now();
      setNow(t);
      if (t >= target) clearInterval(timer);
    }, 1000);
    return () => clearInterval(timer);
  }, [target]);
  return Number.isNaN(target) ? null : Math.max(0, target - now);
}

/** The live countdown to the committed drand round (a timer region, read politely by screen readers). */
export function RoundCountdown({ roundAt, sx }: { roundAt: string | null; sx?: TypographyProps['sx'] }) {
  const { t } = useTranslation();
  const left = useTimeLeft(roundAt);
  if (left === null) return null;
  return (
    <Typography role="timer" aria-live="polite" aria-atomic="true" sx={sx} data-testid="lottery-countdown">
      {left > 0 ? t('lottery.v2.countdown', { time: countdownText(left) }) : t('lottery.v2.roundPublished')}
    </Typography>
  );
}
