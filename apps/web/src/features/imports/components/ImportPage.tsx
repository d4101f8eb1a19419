import { useEffect, useState } from 'react';
import { Alert, Link, Paper, Stack, Typography } from '@mui/material';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import type { ImportFilePreview, ImportMapping } from '@openseat/shared/schemas/import-files';
import { PageTitle } from '../../../components/PageTitle';
import { useImportPreview } from '../api/import-files';
import { useImportRun } from '../hooks/use-import-run';
import { CheckStep } from './CheckStep';
import { CommitStep } from './CommitStep';
import { DuplicatePairs } from './DuplicatePairs';
import { ImportBatches } from './ImportBatches';
import { MappingStep, mappingOf } from './MappingStep';
import { UploadStep } from './UploadStep';

/** A titled step of the page. */
function Step({ id, title, children }: { id: string; title: string; children: React.ReactNode }) {
  return (
    <Paper component="section" aria-labelledby={id} sx={{ p: 2 }}>
      <Typography id={id} component="h2" variant="h6" sx={{ mb: 1 }}>
        {title}
      </Typography>
      {children}
    </Paper>
  );
}

/**
 * `/main/imports`: a school's applications and waiting lists brought in from its last system's spreadsheet
 * (issue 27): the file, its columns and values mapped to OpenSeat's, every row checked (nothing written), the
 * duplicates decided, then the commit as one job; the imports so far, each undoable while nothing moved since.
 */
export default function ImportPage() {
  const { t } = useTranslation();
  const [uploaded, setUploaded] = useState<ImportFilePreview | null>(null);
  const [sheet, setSheet] = useState<string | undefined>(undefined);
  const [mapping, setMapping] = useState<ImportMapping | null>(null);
  const other = useImportPreview(uploaded?.id_import_file ?? null, sheet, sheet !== undefined);
  const preview = sheet !== undefined ? other.data : (uploaded ?? undefined);
  const run = useImportRun(preview, mapping);

  // another sheet has other headers: its own guess replaces the mapping
  useEffect(() => {
    if (preview) setMapping(mappingOf(preview));
  }, [preview]);

  return (
    <Stack spacing={2} sx={{ maxWidth: 960 }}>
      <PageTitle>{t('imports.title')}</PageTitle>
      <Typography>{t('imports.explanation')}</Typography>
      <Step id="import-upload-title" title={t('imports.upload.title')}>
        <UploadStep
          onUploaded={(answer) => {
            setSheet(undefined);
            setUploaded(answer);
          }}
        />
      </Step>
      {other.error && <Alert severity="error">{(other.error as Error).message}</Alert>}
      {preview && mapping && (
        <Step id="import-mapping-title" title={t('imports.mapping.title')}>
          <MappingStep preview={preview} mapping={mapping} onChange={setMapping} onSheet={setSheet} />
        </Step>
      )}
      {preview && mapping && (
        <Step id="import-check-title" title={t('imports.check.title')}>
          <CheckStep
            where={run.where}
            onWhere={run.setWhere}
            checking={run.checking}
            error={run.error}
            report={run.report}
            onCheck={run.check}
            onDownload={run.download}
          />
        </Step>
      )}
      {run.report && run.report.duplicates.length > 0 && (
        <Step id="import-duplicates-title" title={t('imports.duplicates.title')}>
          <DuplicatePairs duplicates={run.report.duplicates} decisions={run.decisions} onDecide={run.setDecisions} />
        </Step>
      )}
      {run.report && (
        <Step id="import-commit-title" title={t('imports.commit.title')}>
          <CommitStep rows={run.rowsToWrite} blocked={run.blocked} onCommit={run.commit} />
        </Step>
      )}
      <Step id="import-batches-title" title={t('imports.batches.title')}>
        <ImportBatches />
        <Link component={RouterLink} to="/main/conflicting-applications" sx={{ display: 'inline-block', mt: 1 }}>
          {t('imports.conflicts.link')}
        </Link>
      </Step>
    </Stack>
  );
}
