import { useState } from 'react';
import { Button, Chip, TableCell, TableRow } from '@mui/material';
import { useSnackbar } from 'notistack';
import { useTranslation } from 'react-i18next';
import type { ImportBatch, ImportBatchStatus } from '@openseat/shared/schemas/imports';
import { ConfirmDialog } from '../../../components/ConfirmDialog';
import { PagedTable, pagingBeyondOnePage } from '../../../components/PagedTable';
import { useCampusOptions } from '../../../hooks/lookups';
import { useImportBatches, useUndoImport } from '../api/import-runs';

const PAGE = 10;
const COLOR: Record<ImportBatchStatus, 'default' | 'info' | 'success' | 'error'> = {
  pending: 'info',
  working: 'info',
  done: 'success',
  failed: 'error',
  undone: 'default',
};

/** The school's imports, newest first: when, where, what each wrote, and undo while nothing has moved since. */
export function ImportBatches() {
  const { t, i18n } = useTranslation();
  const { enqueueSnackbar } = useSnackbar();
  const [page, setPage] = useState(0);
  const [undoing, setUndoing] = useState<ImportBatch | null>(null);
  const batches = useImportBatches(page, PAGE);
  const campuses = useCampusOptions();
  const undo = useUndoImport();
  const campusName = (id: number | null) =>
    id === null ? t('imports.batches.severalCampuses') : (campuses.data?.find((c) => c.id_campus === id)?.name ?? '');
  return (
    <>
      <PagedTable
        testId="import-batches"
        label={t('imports.batches.title')}
        focusable
        paper={false}
        head={[
          t('imports.batches.when'),
          t('imports.batches.campus'),
          t('imports.batches.status'),
          t('imports.batches.written'),
        ]}
        actions
        rows={batches.data?.data}
        emptyText={t('imports.batches.none')}
        paging={pagingBeyondOnePage(batches.data?.total, page, PAGE, setPage)}
        renderRow={(batch) => (
          <TableRow key={batch.id_import_batch}>
            <TableCell>{new Date(batch.createdAt).toLocaleString(i18n.language)}</TableCell>
            <TableCell>{campusName(batch.id_campus)}</TableCell>
            <TableCell>
              <Chip size="small" color={COLOR[batch.status]} label={t(`imports.batches.states.${batch.status}`)} />
            </TableCell>
            <TableCell>
              {t('imports.batches.counts', { created: batch.created, merged: batch.merged, skipped: batch.skipped })}
            </TableCell>
            <TableCell>
              {batch.status === 'done' && (
                <Button size="small" color="error" onClick={() => setUndoing(batch)}>
                  {t('imports.batches.undo')}
                </Button>
              )}
            </TableCell>
          </TableRow>
        )}
      />
      <ConfirmDialog
        open={undoing !== null}
        danger
        title={t('imports.batches.undoTitle')}
        consequence={t('imports.batches.undoConsequence', {
          created: undoing?.created ?? 0,
          merged: undoing?.merged ?? 0,
        })}
        confirmLabel={t('imports.batches.undo')}
        onConfirm={async () => {
          await undo.mutateAsync(undoing!.id_import_batch);
          enqueueSnackbar(t('imports.batches.undone'), { variant: 'success' });
        }}
        onClose={() => setUndoing(null)}
      />
    </>
  );
}
