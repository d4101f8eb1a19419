import { useEffect, useState } from 'react';
import { Alert, Paper, Stack, Typography } from '@mui/material';
import { useTranslation } from 'react-i18next';
import type { ImportFilePreview, ImportMapping } from '@openseat/shared/schemas/import-files';
import { PageTitle } from '../../../components/PageTitle';
import { useImportPreview } from '../api/import-files';
import { MappingStep, mappingOf } from './MappingStep';
import { UploadStep } from './UploadStep';

/**
 * `/main/imports`: a school's applications and waiting lists brought in from its last system's spreadsheet
 * (issue 27): the file, then its columns and values mapped to OpenSeat's.
 */
export default function ImportPage() {
  const { t } = useTranslation();
  const [uploaded, setUploaded] = useState<ImportFilePreview | null>(null);
  const [sheet, setSheet] = useState<string | undefined>(undefined);
  const [mapping, setMapping] = useState<ImportMapping | null>(null);
  const other = useImportPreview(uploaded?.id_import_file ?? null, sheet, sheet !== undefined);
  const preview = sheet !== undefined ? other.data : (uploaded ?? undefined);

  // another sheet has other headers: its own guess replaces the mapping
  useEffect(() => {
    if (preview) setMapping(mappingOf(preview));
  }, [preview]);

  return (
    <Stack spacing={2} sx={{ maxWidth: 960 }}>
      <PageTitle>{t('imports.title')}</PageTitle>
      <Typography>{t('imports.explanation')}</Typography>
      <Paper component="section" aria-labelledby="import-upload-title" sx={{ p: 2 }}>
        <Typography id="import-upload-title" component="h2" variant="h6" sx={{ mb: 1 }}>
          {t('imports.upload.title')}
        </Typography>
        <UploadStep
          onUploaded={(answer) => {
            setSheet(undefined);
            setUploaded(answer);
          }}
        />
      </Paper>
      {other.error && <Alert severity="error">{(other.error as Error).message}</Alert>}
      {preview && mapping && (
        <Paper component="section" aria-labelledby="import-mapping-title" sx={{ p: 2 }}>
          <Typography id="import-mapping-title" component="h2" variant="h6" sx={{ mb: 1 }}>
            {t('imports.mapping.title')}
          </Typography>
          <MappingStep preview={preview} mapping={mapping} onChange={setMapping} onSheet={setSheet} />
        </Paper>
      )}
    </Stack>
  );
}
