import { useId, useState } from 'react';
import { Alert, Box, Button, LinearProgress, Stack, Typography } from '@mui/material';
import { useTranslation } from 'react-i18next';
import { IMPORT_MAX_BYTES } from '@openseat/shared/import-fields';
import type { ImportFilePreview } from '@openseat/shared/schemas/import-files';
import { uploadImportFile } from '../api/import-files';

const ACCEPT = '.csv,.xlsx,text/csv,application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';
const MB = 1024 * 1024;

/** Step 1: the school's file (CSV or XLSX, at most 50 MB) sent with its progress; the server answers its preview. */
export function UploadStep({ onUploaded }: { onUploaded: (preview: ImportFilePreview) => void }) {
  const { t } = useTranslation();
  const inputId = useId();
  const [file, setFile] = useState<File | null>(null);
  const [progress, setProgress] = useState<number | null>(null);
  const [error, setError] = useState<string | null>(null);

  const send = async () => {
    if (!file) return setError(t('imports.upload.chooseFirst'));
    if (file.size > IMPORT_MAX_BYTES) return setError(t('imports.upload.tooBig', { mb: IMPORT_MAX_BYTES / MB }));
    setError(null);
    setProgress(0);
    try {
      onUploaded(await uploadImportFile(file, setProgress));
    } catch (failure) {
      setError((failure as Error).message);
    } finally {
      setProgress(null);
    }
  };

  return (
    <Stack spacing={2}>
      <Typography>{t('imports.upload.explanation', { mb: IMPORT_MAX_BYTES / MB })}</Typography>
      <Box>
        <Typography component="label" htmlFor={inputId} sx={{ display: 'block', mb: 1, fontWeight: 500 }}>
          {t('imports.upload.file')}
        </Typography>
        <input
          id={inputId}
          type="file"
          accept={ACCEPT}
          data-testid="import-file"
          onChange={(event) => {
            setFile(event.target.files?.[0] ?? null);
            setError(null);
          }}
        />
      </Box>
      {error && (
        <Alert severity="error" data-testid="import-upload-error">
          {error}
        </Alert>
      )}
      {progress !== null && (
        <Box>
          <LinearProgress
            variant="determinate"
            value={Math.round(progress * 100)}
            aria-label={t('imports.upload.progress')}
          />
          <Typography variant="body2" aria-live="polite">
            {t('imports.upload.progressValue', { percent: Math.round(progress * 100) })}
          </Typography>
        </Box>
      )}
      <Box>
        <Button
          variant="contained"
          onClick={() => void send()}
          disabled={progress !== null}
          data-testid="import-upload"
        >
          {t('imports.upload.send')}
        </Button>
      </Box>
    </Stack>
  );
}
