import { Alert, Box, Button, Paper, Table, TableBody, TableCell, TableHead, TableRow, Typography } from '@mui/material';
import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router';
import { LoadingOverlay } from '../../../components/LoadingOverlay';
import { NotFound } from '../../../components/NotFound';
import { isNotFound, routeId } from '../../../components/route-id';
import { byGrade } from '../format';
import { useLotteryRecord } from '../api/lottery';
import { PrintStyles } from './PrintStyles';
import { RecordFacts } from './RecordFacts';

/** The one-page lottery certificate in the reader's language. */
export default function CertificatePage() {
  const { t } = useTranslation();
  const id = routeId(useParams().id_lottery);
  const record = useLotteryRecord(id);
  if (id === null || isNotFound(record.error)) return <NotFound backTo="/main/enrollment-settings" />;
  if (record.isError) return <Alert severity="error">{record.error.message}</Alert>;
  if (!record.data) return <LoadingOverlay />;
  const r = record.data;
  const grades = byGrade(r.outcomes);
  return (
    <>
      <PrintStyles page="lottery-certificate" />
      <Box data-print="hide" sx={{ mb: 2 }}>
        <Button variant="contained" onClick={() => window.print()} data-testid="certificate-print">
          {t('lottery.print')}
        </Button>
      </Box>
      <Paper
        data-testid="lottery-certificate"
        sx={{ p: { xs: 2, sm: 4 }, maxWidth: '190mm', mx: 'auto', '@media print': { p: 0 } }}
      >
        <Typography variant="h5" component="h1" align="center" gutterBottom data-testid="page-title">
          {t('lottery.certificateTitle')}
        </Typography>
        <Typography align="center" sx={{ mb: 2 }}>
          {t('lottery.certificateIntro', { campus: r.campus, year: r.schoolYear })}
        </Typography>
        <RecordFacts record={r} dense />
        <Typography variant="subtitle1" component="h2" sx={{ mt: 2 }}>
          {t('lottery.perGrade')}
        </Typography>
        <Table size="small" sx={{ '& td, & th': { py: 0.25 } }}>
          <TableHead>
            <TableRow>
              <TableCell>{t('lottery.grade')}</TableCell>
              <TableCell align="right">{t('lottery.results.selected')}</TableCell>
              <TableCell align="right">{t('lottery.results.waiting')}</TableCell>
            </TableRow>
          </TableHead>
          <TableBody>
            {grades.map((g) => (
              <TableRow key={g.id_grade}>
                <TableCell>{g.grade}</TableCell>
                <TableCell align="right">{g.outcomes.filter((o) => o.result === 'selected').length}</TableCell>
                <TableCell align="right">{g.outcomes.filter((o) => o.result === 'waiting').length}</TableCell>
              </TableRow>
            ))}
          </TableBody>
        </Table>
        <Typography variant="body2" sx={{ mt: 2 }}>
          {t('lottery.certificateVerify')}
        </Typography>
      </Paper>
    </>
  );
}
