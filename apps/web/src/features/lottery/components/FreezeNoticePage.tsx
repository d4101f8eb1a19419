import { Alert, Box, Button, Paper, Typography } from '@mui/material';
import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router';
import { LoadingOverlay } from '../../../components/LoadingOverlay';
import { NotFound } from '../../../components/NotFound';
import { isNotFound, routeId } from '../../../components/route-id';
import { useZonedDateTime } from '../../../hooks/use-zoned-date-time';
import { useLotteryLog, useLotteryPeriod, useLotteryRecord } from '../api/lottery';
import { FrozenFacts } from './FrozenLottery';
import { mono } from './mono';
import { PrintStyles } from './PrintStyles';

/**
 * The printable notice of a freeze (issue 23): posted before the draw, it fixes in public the inputs fingerprint and
 * where the randomness will come from, so anyone can later check that the draw used exactly these. In the reader's
 * language, on one page.
 */
export default function FreezeNoticePage() {
  const { t } = useTranslation();
  const params = useParams();
  const id = routeId(params.id_lottery);
  const id_campus_year = routeId(params.id_campus_year);
  const record = useLotteryRecord(id);
  const period = useLotteryPeriod(id_campus_year);
  const log = useLotteryLog(id_campus_year);
  const moment = useZonedDateTime(period.data?.id_campus ?? null);
  if (id === null || id_campus_year === null || isNotFound(record.error))
    return <NotFound backTo="/main/enrollment-settings" />;
  if (record.isError) return <Alert severity="error">{record.error.message}</Alert>;
  if (!record.data || !period.data) return <LoadingOverlay />;
  const r = record.data;
  if (!r.frozenAt || r.id_campus_year !== id_campus_year) return <NotFound backTo="/main/enrollment-settings" />;
  const publicUrl = log.data?.publicToken ? `${window.location.origin}/public/lottery/${log.data.publicToken}` : null;
  return (
    <>
      <PrintStyles page="lottery-freeze-notice" />
      <Box data-print="hide" sx={{ mb: 2 }}>
        <Button variant="contained" onClick={() => window.print()} data-testid="notice-print">
          {t('lottery.print')}
        </Button>
      </Box>
      <Paper
        data-testid="lottery-freeze-notice"
        sx={{ p: { xs: 2, sm: 4 }, maxWidth: '190mm', mx: 'auto', '@media print': { p: 0 } }}
      >
        <Typography variant="h5" component="h1" align="center" gutterBottom data-testid="page-title">
          {t('lottery.v2.noticeTitle')}
        </Typography>
        <Typography sx={{ mb: 2 }}>
          {t('lottery.v2.noticeIntro', {
            campus: r.campus,
            year: r.schoolYear,
            date: moment(r.frozenAt, t('common.noDate')),
            count: r.consideredCount,
          })}
        </Typography>
        <FrozenFacts lottery={r} id_campus={period.data.id_campus} />
        <Typography variant="body2" sx={{ mt: 1, ...mono }} data-testid="notice-fingerprint">
          {r.inputsHash}
        </Typography>
        <Typography sx={{ mt: 2 }}>
          {r.source === 'drand'
            ? t('lottery.v2.noticeDrand', { round: r.beaconRound, date: moment(r.roundAt, t('common.noDate')) })
            : t('lottery.v2.noticeDice')}
        </Typography>
        <Typography sx={{ mt: 2 }}>{t('lottery.v2.noticeCheck')}</Typography>
        {publicUrl && (
          <Typography sx={{ mt: 2, overflowWrap: 'anywhere' }} data-testid="notice-public-url">
            {t('lottery.v2.noticePublic')} <strong>{publicUrl}</strong>
          </Typography>
        )}
      </Paper>
    </>
  );
}
