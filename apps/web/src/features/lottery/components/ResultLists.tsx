import { Box, Link, Stack, Table, TableBody, TableCell, TableHead, TableRow, Typography } from '@mui/material';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import type { LotteryResult } from '@openseat/shared/schemas/lottery';
import { OutcomesTable } from './OutcomesTable';

/** Where the rest of a drawn result is: its full record, and the applications' lists. */
export type ResultLinks = { record: string };

/**
 * A draw's answer: how many each grade drew, offered and put on the waiting list, and the first page of each grade's
 * lists (the answer holds no more); with `links`, where every outcome is.
 */
export function ResultLists({ result, links }: { result: LotteryResult; links?: ResultLinks }) {
  const { t } = useTranslation();
  const num = (n: number) => n.toLocaleString();
  return (
    <>
      <Typography variant="subtitle1" component="h3">
        {t('lottery.summaryTitle')}
      </Typography>
      <Box sx={{ overflowX: 'auto', mb: 2 }}>
        <Table size="small" aria-label={t('lottery.summaryTitle')} data-testid="lottery-grades">
          <TableHead>
            <TableRow>
              <TableCell>{t('lottery.grade')}</TableCell>
              <TableCell align="right">{t('lottery.considered')}</TableCell>
              <TableCell align="right">{t('lottery.selectedCount')}</TableCell>
              <TableCell align="right">{t('lottery.waitingCount')}</TableCell>
              <TableCell align="right">{t('lottery.lateCount')}</TableCell>
            </TableRow>
          </TableHead>
          <TableBody>
            {result.grades.map((g) => (
              <TableRow key={g.id_grade} data-testid={`lottery-grade-${g.id_grade}`}>
                <TableCell>{g.grade}</TableCell>
                <TableCell align="right">{num(g.considered)}</TableCell>
                <TableCell align="right">{num(g.selected)}</TableCell>
                <TableCell align="right">{num(g.waiting)}</TableCell>
                <TableCell align="right">{num(g.late)}</TableCell>
              </TableRow>
            ))}
          </TableBody>
        </Table>
      </Box>
      <Typography color="text.secondary" sx={{ mb: 1 }} data-testid="lottery-first-page-note">
        {t('lottery.firstPageNote', { size: result.pageSize })}
      </Typography>
      {links && (
        <Stack direction={{ xs: 'column', sm: 'row' }} spacing={{ xs: 0.5, sm: 2 }} sx={{ mb: 2 }} useFlexGap>
          <Link component={RouterLink} to={links.record} data-testid="lottery-full-record">
            {t('lottery.fullRecord')}
          </Link>
          <Link component={RouterLink} to="/main/applications/selected-list">
            {t('lottery.openSelectedList')}
          </Link>
          <Link component={RouterLink} to="/main/applications/waiting-list">
            {t('lottery.openWaitingList')}
          </Link>
        </Stack>
      )}
      <Typography variant="subtitle1" component="h3">
        {t('lottery.selectedList', { count: result.counts.selected })}
      </Typography>
      <OutcomesTable outcomes={result.selectedList} testId="lottery-selected" label={t('lottery.selectedListName')} />
      <Typography variant="subtitle1" component="h3">
        {t('lottery.waitingList', { count: result.counts.waiting })}
      </Typography>
      <OutcomesTable outcomes={result.waitingList} testId="lottery-waiting" label={t('lottery.waitingListName')} />
      {result.counts.late > 0 && (
        <>
          <Typography variant="subtitle1" component="h3">
            {t('lottery.lateShown', { count: result.counts.late })}
          </Typography>
          <OutcomesTable outcomes={result.late} testId="lottery-late-list" label={t('lottery.lateCount')} />
        </>
      )}
      {result.counts.skipped > 0 && (
        <Typography color="text.secondary" data-testid="lottery-skipped">
          {t('lottery.skippedShown', { count: result.counts.skipped })}:{' '}
          {result.skipped.map((s) => s.correlative).join(', ')}
        </Typography>
      )}
    </>
  );
}
