import { useState } from 'react';
import {
  Alert,
  Button,
  FormControl,
  FormControlLabel,
  FormLabel,
  LinearProgress,
  MenuItem,
  Paper,
  Radio,
  RadioGroup,
  Stack,
  Table,
  TableBody,
  TableCell,
  TableContainer,
  TableHead,
  TablePagination,
  TableRow,
  TextField,
  Typography,
} from '@mui/material';
import { useSnackbar } from 'notistack';
import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router';
import { STATUSES } from '@openseat/shared/constants';
import {
  SIS_HANDOFF_FORMATS,
  type SisHandoffBatch,
  type SisHandoffFormat,
  type SisHandoffInclude,
} from '@openseat/shared/schemas/sis-handoff';
import { NotFound } from '../../../components/NotFound';
import { PageTitle } from '../../../components/PageTitle';
import { isNotFound, routeId } from '../../../components/route-id';
import {
  downloadBatch,
  useHandoffBatches,
  useHandoffPeriod,
  useHandoffStudents,
  useSendBatch,
} from '../api/sis-handoff';

const when = (iso: string | null, lng: string) => (iso ? new Date(iso).toLocaleString(lng) : null);

/** Sends a school period's confirmed and enrolled students to the SIS, and shows who was sent when (issue 25). */
export default function SisHandoffPage() {
  const { t, i18n } = useTranslation();
  const { enqueueSnackbar } = useSnackbar();
  const id = routeId(useParams().id_campus_year);
  const period = useHandoffPeriod(id);
  const [format, setFormat] = useState<SisHandoffFormat>('powerschool');
  const [include, setInclude] = useState<SisHandoffInclude>('unsent');
  const [sent, setSent] = useState<'unsent' | 'sent' | 'all'>('all');
  const [page, setPage] = useState(0);
  const [pageSize, setPageSize] = useState(25);
  const [batchPage, setBatchPage] = useState(0);
  const [progress, setProgress] = useState<number | null>(null);
  const students = useHandoffStudents({ id_campus_year: id ?? 0, format, sent, page, pageSize });
  const batches = useHandoffBatches(id ?? 0, batchPage, 10);
  const send = useSendBatch();

  if (id === null || isNotFound(period.error) || isNotFound(students.error))
    return <NotFound backTo="/main/enrollment-settings" />;
  const p = period.data;
  const statusLabel = (id_status: number) => STATUSES.find((st) => st.id_status === id_status)?.label ?? '';

  const download = async (batch: SisHandoffBatch) => {
    setProgress(0);
    try {
      await downloadBatch(batch, setProgress);
      enqueueSnackbar(t('sisHandoff.downloaded', { count: batch.count }), { variant: 'success' });
    } catch (error) {
      enqueueSnackbar((error as Error).message, { variant: 'error' });
    } finally {
      setProgress(null);
    }
  };
  const start = async () => {
    try {
      const batch = await send.mutateAsync({ id_campus_year: id, format, include });
      await download(batch);
    } catch (error) {
      enqueueSnackbar((error as Error).message, { variant: 'error' });
    }
  };

  return (
    <>
      <PageTitle>
        {p ? `${t('sisHandoff.title')} · ${p.campus.name} · ${p.school_year.name}` : t('sisHandoff.title')}
      </PageTitle>
      <Stack spacing={2} sx={{ maxWidth: 1100 }}>
        <Typography variant="body2" color="text.secondary">
          {t('sisHandoff.explanation')}
        </Typography>
        <Paper sx={{ p: 2 }}>
          <Stack spacing={2}>
            <TextField
              select
              label={t('sisHandoff.format')}
              value={format}
              onChange={(e) => {
                setFormat(e.target.value as SisHandoffFormat);
                setPage(0);
              }}
              size="small"
              sx={{ maxWidth: 360 }}
              data-testid="sis-format"
            >
              {SIS_HANDOFF_FORMATS.map((f) => (
                <MenuItem key={f} value={f}>
                  {t(`sisHandoff.formats.${f}`)}
                </MenuItem>
              ))}
            </TextField>
            <FormControl>
              <FormLabel id="sis-include">{t('sisHandoff.include')}</FormLabel>
              <RadioGroup
                aria-labelledby="sis-include"
                value={include}
                onChange={(e) => setInclude(e.target.value as SisHandoffInclude)}
              >
                <FormControlLabel value="unsent" control={<Radio />} label={t('sisHandoff.includeUnsent')} />
                <FormControlLabel value="all" control={<Radio />} label={t('sisHandoff.includeAll')} />
              </RadioGroup>
            </FormControl>
            <Stack direction="row" spacing={2} sx={{ alignItems: 'center' }}>
              <Button
                variant="contained"
                onClick={() => void start()}
                disabled={send.isPending || progress !== null}
                data-testid="sis-send"
              >
                {t('sisHandoff.send')}
              </Button>
            </Stack>
            {progress !== null && (
              <Stack spacing={0.5}>
                <LinearProgress
                  variant="determinate"
                  value={Math.round(progress * 100)}
                  aria-label={t('sisHandoff.progress')}
                />
                <Typography variant="caption" role="status">
                  {t('sisHandoff.progressValue', { percent: Math.round(progress * 100) })}
                </Typography>
              </Stack>
            )}
          </Stack>
        </Paper>

        <Paper sx={{ p: 2 }}>
          <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2} sx={{ alignItems: { sm: 'center' }, mb: 1 }}>
            <Typography variant="h6" component="h2" sx={{ flexGrow: 1 }}>
              {t('sisHandoff.students', { format: t(`sisHandoff.formats.${format}`) })}
            </Typography>
            <TextField
              select
              label={t('sisHandoff.show')}
              value={sent}
              onChange={(e) => {
                setSent(e.target.value as typeof sent);
                setPage(0);
              }}
              size="small"
              sx={{ minWidth: 200 }}
            >
              <MenuItem value="all">{t('sisHandoff.showAll')}</MenuItem>
              <MenuItem value="unsent">{t('sisHandoff.showUnsent')}</MenuItem>
              <MenuItem value="sent">{t('sisHandoff.showSent')}</MenuItem>
            </TextField>
          </Stack>
          {students.error && <Alert severity="error">{students.error.message}</Alert>}
          <TableContainer>
            <Table size="small" aria-label={t('sisHandoff.studentsTable')} tabIndex={0}>
              <TableHead>
                <TableRow>
                  <TableCell>{t('sisHandoff.columns.id')}</TableCell>
                  <TableCell>{t('sisHandoff.columns.student')}</TableCell>
                  <TableCell>{t('sisHandoff.columns.grade')}</TableCell>
                  <TableCell>{t('sisHandoff.columns.status')}</TableCell>
                  <TableCell>{t('sisHandoff.columns.sentAt')}</TableCell>
                  <TableCell>{t('sisHandoff.columns.sentBy')}</TableCell>
                </TableRow>
              </TableHead>
              <TableBody>
                {students.data?.data.map((r) => (
                  <TableRow key={r.id_application}>
                    <TableCell>{r.correlative}</TableCell>
                    <TableCell>{r.applicant}</TableCell>
                    <TableCell>{r.grade}</TableCell>
                    <TableCell>{statusLabel(r.id_status)}</TableCell>
                    <TableCell>{when(r.sentAt, i18n.language) ?? t('sisHandoff.notSent')}</TableCell>
                    <TableCell>{r.sentBy}</TableCell>
                  </TableRow>
                ))}
                {students.data?.data.length === 0 && (
                  <TableRow>
                    <TableCell colSpan={6}>{t('sisHandoff.noStudents')}</TableCell>
                  </TableRow>
                )}
              </TableBody>
            </Table>
          </TableContainer>
          <TablePagination
            component="div"
            count={students.data?.total ?? 0}
            page={page}
            onPageChange={(_e, next) => setPage(next)}
            rowsPerPage={pageSize}
            onRowsPerPageChange={(e) => {
              setPageSize(Number(e.target.value));
              setPage(0);
            }}
            rowsPerPageOptions={[25, 50, 100]}
            labelRowsPerPage={t('sisHandoff.rowsPerPage')}
          />
        </Paper>

        <Paper sx={{ p: 2 }}>
          <Typography variant="h6" component="h2" gutterBottom>
            {t('sisHandoff.batches')}
          </Typography>
          <TableContainer>
            <Table size="small" aria-label={t('sisHandoff.batches')} tabIndex={0}>
              <TableHead>
                <TableRow>
                  <TableCell>{t('sisHandoff.columns.sentAt')}</TableCell>
                  <TableCell>{t('sisHandoff.columns.sentBy')}</TableCell>
                  <TableCell>{t('sisHandoff.format')}</TableCell>
                  <TableCell>{t('sisHandoff.columns.count')}</TableCell>
                  <TableCell />
                </TableRow>
              </TableHead>
              <TableBody>
                {batches.data?.data.map((b) => (
                  <TableRow key={b.id_sis_handoff}>
                    <TableCell>{when(b.createdAt, i18n.language)}</TableCell>
                    <TableCell>{b.createdBy}</TableCell>
                    <TableCell>
                      {t(`sisHandoff.formats.${b.format}`)} ·{' '}
                      {t(b.include === 'all' ? 'sisHandoff.includeAllShort' : 'sisHandoff.includeUnsentShort')}
                    </TableCell>
                    <TableCell>{b.count}</TableCell>
                    <TableCell>
                      <Button
                        size="small"
                        onClick={() => void download(b)}
                        disabled={progress !== null}
                        aria-label={t('sisHandoff.downloadAgainOf', { when: when(b.createdAt, i18n.language) })}
                      >
                        {t('sisHandoff.downloadAgain')}
                      </Button>
                    </TableCell>
                  </TableRow>
                ))}
              </TableBody>
            </Table>
          </TableContainer>
          <TablePagination
            component="div"
            count={batches.data?.total ?? 0}
            page={batchPage}
            onPageChange={(_e, next) => setBatchPage(next)}
            rowsPerPage={10}
            rowsPerPageOptions={[10]}
          />
        </Paper>
      </Stack>
    </>
  );
}
