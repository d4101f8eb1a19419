import { Typography } from '@mui/material';
import { useTranslation } from 'react-i18next';
import type { LotteryResult } from '@openseat/shared/schemas/lottery';
import { OutcomesTable } from './OutcomesTable';

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
