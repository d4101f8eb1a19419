import { Alert, Box, Button, Dialog, DialogActions, DialogContent, DialogTitle, Typography } from '@mui/material';
import { useTranslation } from 'react-i18next';
import type { LotteryResult } from '@openseat/shared/schemas/lottery';
import { practiceCsv, saveText } from '../format';
import { mono } from './mono';
import { ResultLists } from './ResultLists';

/** A practice draw's lists and seed, with its CSV: nothing of it is written. */
export function PracticeResultDialog({
  result,
  id_campus_year,
  onClose,
}: {
  result: LotteryResult | null;
  id_campus_year: number;
  onClose: () => void;
}) {
  const { t } = useTranslation();
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
      `lottery-practice-${id_campus_year}.csv`,
    );

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
        <Alert severity="info" sx={{ mb: 2 }}>
          {t('lottery.practiceNote')}
        </Alert>
        <Typography sx={{ mb: 2 }}>
          {t('lottery.seed')}:{' '}
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
