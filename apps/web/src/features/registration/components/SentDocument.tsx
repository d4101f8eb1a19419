import { useEffect, useState } from 'react';
import { Box, Button, Stack, Typography } from '@mui/material';
import DownloadIcon from '@mui/icons-material/Download';
import { useSnackbar } from 'notistack';
import { useTranslation } from 'react-i18next';
import type { RegistrationFile } from '@openseat/shared/schemas/registration';
import { formatDateTime } from '../../../lib/dates';
import { downloadFile, fetchBlob } from '../../../lib/download';

const sizeText = (bytes: number) =>
  bytes < 1024 * 1024 ? `${Math.max(1, Math.round(bytes / 1024))} kB` : `${(bytes / 1024 / 1024).toFixed(1)} MB`;

/**
 * The file a family sent for a document item, for the staff's review: its name, type, size and time, the file
 * itself to download (each read is audited on the server), and an image shown on request to compare at a glance.
 */
export function SentDocument({ file, item }: { file: RegistrationFile; item: string }) {
  const { t, i18n } = useTranslation();
  const { enqueueSnackbar } = useSnackbar();
  const [preview, setPreview] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  useEffect(() => () => void (preview && URL.revokeObjectURL(preview)), [preview]);
  const failed = (error: unknown) => enqueueSnackbar((error as Error).message, { variant: 'error' });
  const show = () => {
    setBusy(true);
    fetchBlob(file.url)
      .then((blob) => setPreview(URL.createObjectURL(blob)), failed)
      .finally(() => setBusy(false));
  };
  return (
    <Stack spacing={1} data-testid="sent-document">
      <Typography variant="body2" sx={{ overflowWrap: 'anywhere' }}>
        {t('registration.review.file', {
          name: file.name,
          size: sizeText(file.size),
          date: formatDateTime(file.uploadedAt, i18n.language, ''),
        })}
      </Typography>
      <Stack direction="row" spacing={1} useFlexGap sx={{ flexWrap: 'wrap' }}>
        <Button
          size="small"
          startIcon={<DownloadIcon />}
          onClick={() => void downloadFile(file.url, file.name).catch(failed)}
          aria-label={t('registration.review.downloadOf', { item })}
        >
          {t('registration.review.download')}
        </Button>
        {file.type.startsWith('image/') && !preview && (
          <Button
            size="small"
            disabled={busy}
            onClick={show}
            aria-label={t('registration.review.showImageOf', { item })}
          >
            {t('registration.review.showImage')}
          </Button>
        )}
      </Stack>
      {preview && (
        <Box
          component="img"
          src={preview}
          alt={t('registration.review.imageOf', { item })}
          sx={{ maxWidth: '100%', maxHeight: 320, objectFit: 'contain', alignSelf: 'flex-start' }}
        />
      )}
    </Stack>
  );
}
