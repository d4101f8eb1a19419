import { useState } from 'react';
import { Button, Card, CardContent, Chip, Paper, Stack, Typography } from '@mui/material';
import DownloadIcon from '@mui/icons-material/Download';
import { useSnackbar } from 'notistack';
import { useTranslation } from 'react-i18next';
import { useAbility } from '../../../lib/ability';
import type { ApiError } from '../../../lib/http';
import { currentLanguage } from '../../../lib/i18n';
import { formatDateTime } from '../../../lib/dates';
import { fetchSubmissionCsv, saveCsv, useApplicationSubmissions } from '../api/forms';
import { AnswersList } from './AnswersList';

/** The form submissions of an application, in its detail; nothing at all when it has none. */
export function SubmissionsSection({ id_application }: { id_application: number }) {
  const { t } = useTranslation();
  const { enqueueSnackbar } = useSnackbar();
  const ability = useAbility();
  const submissions = useApplicationSubmissions(id_application);
  const [downloading, setDownloading] = useState(false);
  const rows = submissions.data ?? [];
  if (rows.length === 0) return null;

  const download = async () => {
    setDownloading(true);
    try {
      const csv = await fetchSubmissionCsv({
        id_campus: rows[0].id_campus,
        id_campus_form: null,
        ids: [id_application],
      });
      saveCsv(csv, `submissions-${id_application}.csv`);
    } catch (error) {
      enqueueSnackbar((error as ApiError).message, { variant: 'error' });
    } finally {
      setDownloading(false);
    }
  };

  return (
    <Card variant="outlined" component="section" aria-labelledby="submissions-title" data-testid="submissions">
      <CardContent>
        <Stack direction="row" justifyContent="space-between" alignItems="center" spacing={1} sx={{ mb: 1 }}>
          <Typography id="submissions-title" variant="h6" component="h2">
            {t('forms.submissions')}
          </Typography>
          {ability.can('export_csv', 'applications') && (
            <Button size="small" startIcon={<DownloadIcon />} disabled={downloading} onClick={() => void download()}>
              {t('forms.downloadCsv')}
            </Button>
          )}
        </Stack>
        <Stack spacing={1}>
          {rows.map((row) => (
            <Paper key={row.id_form_submission} variant="outlined" sx={{ p: 1.5 }}>
              <Stack direction="row" spacing={1} useFlexGap flexWrap="wrap" alignItems="center" sx={{ mb: 1 }}>
                <Typography variant="subtitle2">{row.form_name ?? t('forms.unknownForm')}</Typography>
                <Typography variant="caption" color="text.secondary">
                  {formatDateTime(row.createdAt, currentLanguage(), '')}
                </Typography>
                {row.status === 'needs_review' && <Chip size="small" color="warning" label={t('forms.review')} />}
              </Stack>
              {row.error && (
                <Typography variant="body2" color="warning.main" sx={{ mb: 1 }}>
                  {t('forms.reason')}: {row.error}
                </Typography>
              )}
              <AnswersList answers={row.answers} />
            </Paper>
          ))}
        </Stack>
      </CardContent>
    </Card>
  );
}
