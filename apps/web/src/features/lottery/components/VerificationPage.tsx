import { useState } from 'react';
import CancelIcon from '@mui/icons-material/Cancel';
import CheckCircleIcon from '@mui/icons-material/CheckCircle';
import { Alert, Box, Button, Chip, LinearProgress, Paper, Stack, Typography } from '@mui/material';
import { useSnackbar } from 'notistack';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink, useParams } from 'react-router';
import { LOTTERY_CHECKS, type LotteryVerification } from '@openseat/shared/schemas/lottery';
import { translate } from '@openseat/shared/messages';
import { currentLanguage } from '../../../lib/i18n';
import { LoadingOverlay } from '../../../components/LoadingOverlay';
import { NotFound } from '../../../components/NotFound';
import { PageTitle } from '../../../components/PageTitle';
import { isNotFound, routeId } from '../../../components/route-id';
import { downloadRecordCsv, useLotteryRecord, verifyLottery } from '../api/lottery';
import { OutcomesTable } from './OutcomesTable';
import { RecordFacts } from './RecordFacts';

/** A lottery record, its re-run verification, and how anyone can verify it themselves. */
export default function VerificationPage() {
  const { t } = useTranslation();
  const { enqueueSnackbar } = useSnackbar();
  const params = useParams();
  const id_campus_year = routeId(params.id_campus_year);
  const id = routeId(params.id_lottery);
  const record = useLotteryRecord(id);
  const [verification, setVerification] = useState<LotteryVerification | null>(null);
  const [checking, setChecking] = useState(false);
  if (id === null || id_campus_year === null || isNotFound(record.error))
    return <NotFound backTo="/main/enrollment-settings" />;
  if (record.isError) return <Alert severity="error">{record.error.message}</Alert>;
  if (!record.data) return <LoadingOverlay />;
  const r = record.data;
  const verify = async () => {
    setChecking(true);
    try {
      const v = await verifyLottery(id);
      setVerification(v);
      enqueueSnackbar(translate(v.valid ? 'lotteryVerified' : 'lotteryTampered', currentLanguage()), {
        variant: v.valid ? 'success' : 'error',
      });
    } catch (e) {
      enqueueSnackbar((e as Error).message, { variant: 'error' });
    } finally {
      setChecking(false);
    }
  };
  return (
    <>
      <PageTitle>{t('lottery.verificationTitle', { campus: r.campus, year: r.schoolYear })}</PageTitle>
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1} sx={{ mb: 2 }}>
        <Button variant="contained" onClick={() => void verify()} disabled={checking} data-testid="lottery-verify">
          {t('lottery.verify')}
        </Button>
        <Button
          onClick={() =>
            void downloadRecordCsv(id).catch((e: Error) => enqueueSnackbar(e.message, { variant: 'error' }))
          }
          data-testid="lottery-download"
        >
          {t('lottery.downloadRecord')}
        </Button>
        <Button
          component={RouterLink}
          to={`/main/enrollment-settings/${id_campus_year}/lottery/${id}/certificate`}
          data-testid="lottery-certificate-link"
        >
          {t('lottery.certificate')}
        </Button>
      </Stack>
      {checking && <LinearProgress aria-label={t('lottery.verifying')} sx={{ mb: 2 }} />}
      {verification && (
        <Paper sx={{ p: 2, mb: 2 }} data-testid="lottery-verification">
          <Alert
            severity={verification.valid ? 'success' : 'error'}
            sx={{ mb: 1 }}
            data-testid="lottery-verdict"
            role="status"
          >
            {translate(verification.valid ? 'lotteryVerified' : 'lotteryTampered', currentLanguage())}
          </Alert>
          <Box component="ul" sx={{ m: 0, p: 0, listStyle: 'none' }} aria-label={t('lottery.checksTitle')}>
            {verification.checks
              .filter((c) => (LOTTERY_CHECKS as readonly string[]).includes(c.name))
              .map((c) => (
                <Box
                  component="li"
                  key={c.name}
                  data-testid={`lottery-check-${c.name}`}
                  data-ok={c.ok}
                  sx={{ display: 'flex', gap: 1, py: 1, borderTop: 1, borderColor: 'divider' }}
                >
                  <Chip
                    size="small"
                    color={c.ok ? 'success' : 'error'}
                    icon={c.ok ? <CheckCircleIcon /> : <CancelIcon />}
                    label={c.ok ? t('lottery.pass') : t('lottery.fail')}
                    sx={{ flexShrink: 0, minWidth: 84 }}
                  />
                  <Box sx={{ minWidth: 0 }}>
                    <Typography sx={{ fontWeight: 500 }}>{t(`lottery.checks.${c.name}`)}</Typography>
                    <Typography variant="body2" color="text.secondary">
                      {t(`lottery.v2.checkHelp.${c.name}`)}
                    </Typography>
                    {!c.ok && (
                      <Typography variant="body2" sx={{ fontFamily: 'monospace', wordBreak: 'break-all' }}>
                        {t('lottery.expectedActual', { expected: c.expected, actual: c.actual })}
                      </Typography>
                    )}
                  </Box>
                </Box>
              ))}
          </Box>
          <Typography variant="body2" color="text.secondary" sx={{ mt: 1 }}>
            {t('lottery.elapsed', { ms: Math.round(verification.elapsedMs * 10) / 10 })}
          </Typography>
        </Paper>
      )}
      <Paper sx={{ p: 2, mb: 2 }}>
        <RecordFacts record={r} />
      </Paper>
      <Paper sx={{ p: 2, mb: 2 }}>
        <Typography variant="h6" component="h2" gutterBottom>
          {t('lottery.yourself')}
        </Typography>
        <Typography>{t('lottery.yourselfText')}</Typography>
        <Box component="pre" sx={{ fontFamily: 'monospace', whiteSpace: 'pre-wrap', wordBreak: 'break-all' }}>
          {`node scripts/verify-lottery.mjs lottery-${id}.csv`}
        </Box>
        <Typography variant="body2">
          {t('lottery.algorithmDoc')} <code>docs/lottery-algorithm.md</code>
        </Typography>
      </Paper>
      <Paper sx={{ p: 2 }}>
        <Typography variant="h6" component="h2" gutterBottom>
          {t('lottery.outcomes')}
        </Typography>
        <OutcomesTable outcomes={r.outcomes} testId="lottery-outcomes" label={t('lottery.outcomes')} />
      </Paper>
    </>
  );
}
