import { Alert, Box, Link, Table, TableBody, TableCell, TableHead, TableRow, Typography } from '@mui/material';
import { useTranslation } from 'react-i18next';
import { useZonedDateTime } from '../../../hooks/use-zoned-date-time';
import { useLotteryLog } from '../api/lottery';
import { mono } from './mono';

/** The period's public, hash-chained lottery log: each entry's number, time, kind and a short hash. */
export function LotteryLogSection({ id_campus_year, id_campus }: { id_campus_year: number; id_campus: number }) {
  const { t } = useTranslation();
  const moment = useZonedDateTime(id_campus);
  const log = useLotteryLog(id_campus_year);
  return (
    <Box component="section" aria-labelledby="lottery-log-title" data-testid="lottery-log" sx={{ mt: 3 }}>
      <Typography variant="subtitle1" component="h3" id="lottery-log-title" gutterBottom>
        {t('lottery.v2.logTitle')}
      </Typography>
      {log.isError && <Alert severity="error">{log.error.message}</Alert>}
      {log.data?.publicToken && (
        <Typography variant="body2" sx={{ mb: 1 }}>
          <Link
            href={`/public/lottery/${encodeURIComponent(log.data.publicToken)}`}
            target="_blank"
            rel="noreferrer"
            data-testid="lottery-log-public"
          >
            {t('lottery.v2.logPublic')}
          </Link>
        </Typography>
      )}
      {log.data && log.data.entries.length === 0 && (
        <Typography variant="body2" color="text.secondary">
          {t('lottery.v2.logEmpty')}
        </Typography>
      )}
      {log.data && log.data.entries.length > 0 && (
        <Box sx={{ overflowX: 'auto' }}>
          <Table size="small" aria-labelledby="lottery-log-title">
            <TableHead>
              <TableRow>
                <TableCell>#</TableCell>
                <TableCell>{t('lottery.v2.logAt')}</TableCell>
                <TableCell>{t('lottery.v2.logKind')}</TableCell>
                <TableCell>{t('lottery.v2.logHash')}</TableCell>
              </TableRow>
            </TableHead>
            <TableBody>
              {log.data.entries.map((e) => (
                <TableRow key={e.seq} data-testid={`lottery-log-${e.seq}`}>
                  <TableCell>{e.seq}</TableCell>
                  <TableCell>{moment(e.at, t('common.noDate'))}</TableCell>
                  <TableCell>{t(`lottery.v2.logKinds.${e.kind}`)}</TableCell>
                  <TableCell sx={mono} title={e.hash}>
                    {e.hash.slice(0, 12)}
                  </TableCell>
                </TableRow>
              ))}
            </TableBody>
          </Table>
        </Box>
      )}
    </Box>
  );
}
