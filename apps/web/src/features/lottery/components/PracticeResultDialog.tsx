import { Alert, Box, Button, Dialog, DialogActions, DialogContent, DialogTitle, Typography } from '@mui/material';
import { useTranslation } from 'react-i18next';
import type { LotteryResult } from '@openseat/shared/schemas/lottery';
import { useSnackbar } from 'notistack';
import { downloadPracticeCsv } from '../api/lottery';
import type { LotteryPeriodRef } from './period-ref';
import { mono } from './mono';
import { ResultLists } from './ResultLists';

/** A practice draw's summary and seed, with every outcome as a CSV file: nothing of it is written. */
export function PracticeResultDialog({
  result,
  period,
  onClose,
}: {
  result: LotteryResult | null;
  period: LotteryPeriodRef;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const { enqueueSnackbar } = useSnackbar();
  const downloadPractice = (r: LotteryResult) =>
    void downloadPracticeCsv(
      { id_campus: period.id_campus, id_school_year: period.id_school_year },
      r.seed,
      period.id_campus_year,
    ).catch((e: Error) => enqueueSnackbar(e.message, { variant: 'error' }));

  return (
    <Dialog
      open={result !== null}
      onClose={onClose}
      fullWidth
      maxWidth="lg"
      aria-labelledby="lottery-practice-title"
      data-testid="lottery-practice-dialog"
    >
      <DialogTitle id="lottery-practice-title">{t('lottery.practiceTitle')}</DialogTitle>
      <DialogContent>
        <Alert severity="warning" sx={{ mb: 2 }} data-testid="lottery-practice-label">
          <strong>{t('lottery.v2.practiceLabel')}</strong> {t('lottery.practiceNote')}
        </Alert>
        <Typography sx={{ mb: 2 }}>
          {t('lottery.v2.practiceSeed')}:{' '}
          <Box component="span" sx={mono} data-testid="lottery-practice-seed">
            {result?.seed}
          </Box>
        </Typography>
        {result && <ResultLists result={result} />}
      </DialogContent>
      <DialogActions>
        <Button onClick={() => result && downloadPractice(result)} data-testid="lottery-practice-csv">
          {t('lottery.downloadCsv')}
        </Button>
        <Button onClick={onClose} data-testid="lottery-practice-close">
          {t('common.close')}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
