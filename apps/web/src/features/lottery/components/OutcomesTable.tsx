import { Chip, Link, TableCell, TableRow } from '@mui/material';
import { PagedTable } from '../../../components/PagedTable';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import type { LotteryOutcome } from '@openseat/shared/schemas/lottery';

/** The outcomes of a draw: grade, correlative, applicant, level, lottery number, result, waiting position. */
export function OutcomesTable({
  outcomes,
  testId,
  label,
}: {
  outcomes: readonly LotteryOutcome[];
  testId: string;
  label: string;
}) {
  const { t } = useTranslation();
  return (
    <PagedTable
      testId={testId}
      label={label}
      paper={false}
      containerSx={{ overflowX: 'auto', mb: 2 }}
      head={[
        t('lottery.grade'),
        t('lottery.correlative'),
        t('lottery.applicant'),
        t('lottery.level'),
        t('lottery.number'),
        t('lottery.result'),
        t('lottery.waitingPosition'),
      ]}
      rows={outcomes}
      renderRow={(o) => (
        <TableRow key={o.id_application} data-testid={`outcome-${o.correlative}`}>
          <TableCell>{o.grade}</TableCell>
          <TableCell>{o.correlative}</TableCell>
          <TableCell>
            <Link component={RouterLink} to={`/main/applications/${o.id_application}`}>
              {o.applicantName}
            </Link>
          </TableCell>
          <TableCell>
            {o.level}
            {o.sibling && <Chip size="small" sx={{ ml: 1 }} label={t('lottery.siblingShort')} />}
          </TableCell>
          <TableCell>{o.lottery_number}</TableCell>
          <TableCell>{t(`lottery.results.${o.result}`)}</TableCell>
          <TableCell>{o.waiting_list_position ?? ''}</TableCell>
        </TableRow>
      )}
    />
  );
}
