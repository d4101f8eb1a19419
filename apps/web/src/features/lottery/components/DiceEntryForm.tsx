import { useState, type FormEvent } from 'react';
import { Alert, Box, Button, Stack, TextField } from '@mui/material';
import { useSnackbar } from 'notistack';
import { useTranslation } from 'react-i18next';
import { translate } from '@openseat/shared/messages';
import { currentLanguage } from '../../../lib/i18n';
import { useEnterDice } from '../api/lottery';
import { diceDigits } from '../v2';

/**
 * One staff user's entry of the 20 dice rolled at the meeting. The server records the first entry; another user's
 * identical entry confirms it; a mismatch clears both. Its answer is shown as it says it.
 */
export function DiceEntryForm({ id_lottery }: { id_lottery: number }) {
  const { t } = useTranslation();
  const { enqueueSnackbar } = useSnackbar();
  const enter = useEnterDice();
  const [text, setText] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [answer, setAnswer] = useState<{ ok: boolean; message: string } | null>(null);
  const submit = async (e: FormEvent) => {
    e.preventDefault();
    setAnswer(null);
    const digits = diceDigits(text);
    if (!digits) return setError(translate('lotteryDiceUnreadable', currentLanguage()));
    setError(null);
    try {
      const res = await enter.mutateAsync({ id: id_lottery, digits });
      const message = res.message || t('lottery.v2.diceSent');
      // the second, agreeing entry makes this form give way to the Draw button: its answer outlives it as a notice
      if (res.data.diceEntries >= 2) enqueueSnackbar(message, { variant: 'success' });
      setAnswer({ ok: true, message });
      setText('');
    } catch (err) {
      setAnswer({ ok: false, message: (err as Error).message });
    }
  };
  return (
    <Box component="form" onSubmit={(e) => void submit(e)} noValidate data-testid="lottery-dice-form" sx={{ mb: 2 }}>
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1} alignItems={{ sm: 'flex-start' }}>
        <TextField
          size="small"
          label={t('lottery.v2.diceDigits')}
          value={text}
          onChange={(e) => setText(e.target.value)}
          error={error !== null}
          helperText={error ?? t('lottery.v2.diceHelp')}
          sx={{ flex: 1, maxWidth: { sm: 420 } }}
          slotProps={{
            htmlInput: {
              inputMode: 'numeric',
              autoComplete: 'off',
              'data-testid': 'lottery-dice-digits',
              style: { fontFamily: 'monospace' },
            },
          }}
        />
        <Button type="submit" variant="outlined" disabled={enter.isPending} data-testid="lottery-dice-submit">
          {t('lottery.v2.diceEnter')}
        </Button>
      </Stack>
      {answer && (
        <Alert
          severity={answer.ok ? 'success' : 'error'}
          role={answer.ok ? 'status' : 'alert'}
          sx={{ mt: 1 }}
          data-testid="lottery-dice-answer"
        >
          {answer.message}
        </Alert>
      )}
    </Box>
  );
}
