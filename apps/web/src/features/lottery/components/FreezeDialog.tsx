import { useState, type FormEvent } from 'react';
import {
  Alert,
  FormControl,
  FormControlLabel,
  FormHelperText,
  FormLabel,
  MenuItem,
  Radio,
  RadioGroup,
  TextField,
} from '@mui/material';
import { useSnackbar } from 'notistack';
import { useTranslation } from 'react-i18next';
import { PUBLIC_BEACON_CHAINS, type LotteryFreeze, type RandomnessSourceKind } from '@openseat/shared/schemas/lottery';
import { translate } from '@openseat/shared/messages';
import { ConfirmDialog } from '../../../components/ConfirmDialog';
import { DialogForm } from '../../../components/DialogForm';
import { useCampusOptions } from '../../../hooks/lookups';
import { currentLanguage } from '../../../lib/i18n';
import { useFreezeLottery } from '../api/lottery';
import { drawInstant, localNow } from '../v2';
import type { LotteryPeriodRef } from './period-ref';

type Chain = (typeof PUBLIC_BEACON_CHAINS)[number];

/**
 * "Freeze inputs": the source of the draw's randomness (a drand round at the announced draw time, on the campus
 * clock, or public dice), then a confirmation, since the freeze locks the period's inputs.
 */
export function FreezeDialog({ period, onClose }: { period: LotteryPeriodRef; onClose: () => void }) {
  const { t } = useTranslation();
  const { enqueueSnackbar } = useSnackbar();
  const campuses = useCampusOptions();
  const timeZone = campuses.data?.find((c) => c.id_campus === period.id_campus)?.timeZone;
  const freeze = useFreezeLottery();
  const [source, setSource] = useState<RandomnessSourceKind>('drand');
  const [chain, setChain] = useState<Chain>('quicknet');
  const [drawAt, setDrawAt] = useState('');
  const [drawAtError, setDrawAtError] = useState<string | null>(null);
  const [request, setRequest] = useState<LotteryFreeze | null>(null);

  const submit = (e: FormEvent) => {
    e.preventDefault();
    const base = { id_campus: period.id_campus, id_school_year: period.id_school_year };
    if (source === 'dice') return setRequest({ ...base, source });
    const at = drawInstant(drawAt, timeZone);
    if (!at) return setDrawAtError(t('lottery.v2.drawAtRequired'));
    if (at.getTime() <= Date.now()) return setDrawAtError(translate('lotteryDrawAtPast', currentLanguage()));
    setDrawAtError(null);
    setRequest({ ...base, source, chain, drawAt: at.toISOString() });
  };

  return (
    <>
      <DialogForm
        open={request === null}
        title={t('lottery.v2.freezeTitle')}
        titleId="lottery-freeze-title"
        onClose={onClose}
        formId="lottery-freeze-form"
        onSubmit={submit}
        pending={freeze.isPending}
        submitLabel={t('lottery.v2.freeze')}
        submitTestId="lottery-freeze-submit"
        dialogProps={{ 'data-testid': 'lottery-freeze-dialog' }}
        before={<Alert severity="info">{t('lottery.v2.freezeIntro')}</Alert>}
      >
        <FormControl>
          <FormLabel id="lottery-source-label">{t('lottery.v2.source')}</FormLabel>
          <RadioGroup
            aria-labelledby="lottery-source-label"
            value={source}
            onChange={(e) => setSource(e.target.value as RandomnessSourceKind)}
          >
            <FormControlLabel value="drand" control={<Radio />} label={t('lottery.v2.sourceDrand')} />
            <FormHelperText sx={{ mt: -0.5, mb: 1, ml: 4 }}>{t('lottery.v2.sourceDrandHelp')}</FormHelperText>
            <FormControlLabel value="dice" control={<Radio />} label={t('lottery.v2.sourceDice')} />
            <FormHelperText sx={{ mt: -0.5, ml: 4 }}>{t('lottery.v2.sourceDiceHelp')}</FormHelperText>
          </RadioGroup>
        </FormControl>
        {source === 'drand' && (
          <>
            <TextField
              select
              label={t('lottery.v2.chain')}
              value={chain}
              onChange={(e) => setChain(e.target.value as Chain)}
              slotProps={{ htmlInput: { 'data-testid': 'lottery-freeze-chain' } }}
            >
              {PUBLIC_BEACON_CHAINS.map((c) => (
                <MenuItem key={c} value={c}>
                  {t(`lottery.v2.chains.${c}`)}
                </MenuItem>
              ))}
            </TextField>
            <TextField
              type="datetime-local"
              label={t('lottery.v2.drawAt')}
              value={drawAt}
              required
              onChange={(e) => setDrawAt(e.target.value)}
              error={drawAtError !== null}
              helperText={drawAtError ?? t('lottery.v2.drawAtHelp', { zone: timeZone ?? t('lottery.v2.yourZone') })}
              slotProps={{
                inputLabel: { shrink: true },
                htmlInput: { 'data-testid': 'lottery-freeze-draw-at', min: localNow(timeZone) },
              }}
            />
          </>
        )}
      </DialogForm>
      <ConfirmDialog
        open={request !== null}
        title={t('lottery.v2.freezeConfirmTitle')}
        consequence={t('lottery.v2.freezeConfirm')}
        confirmLabel={t('lottery.v2.freeze')}
        onConfirm={async () => {
          const res = await freeze.mutateAsync(request!);
          enqueueSnackbar(res.message || t('lottery.v2.frozenNotice'), { variant: 'success' });
          onClose();
        }}
        onClose={() => setRequest(null)}
      />
    </>
  );
}
