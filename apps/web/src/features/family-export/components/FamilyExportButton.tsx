import { useState } from 'react';
import { Button, Tooltip } from '@mui/material';
import { useSnackbar } from 'notistack';
import { useTranslation } from 'react-i18next';
import { downloadFamilyExport } from '../api/family-export';

/**
 * Export on request (docs/privacy.md): downloads one zip of the family's data (every application of the same
 * guardian that the user may see) and their files. The server records the export in the audit log.
 */
export function FamilyExportButton({ id_application, correlative }: { id_application: number; correlative: number }) {
  const { t } = useTranslation();
  const { enqueueSnackbar } = useSnackbar();
  const [busy, setBusy] = useState(false);
  const run = async () => {
    setBusy(true);
    try {
      await downloadFamilyExport(id_application, correlative);
    } catch (error) {
      enqueueSnackbar((error as Error).message, { variant: 'error' });
    } finally {
      setBusy(false);
    }
  };
  return (
    <Tooltip title={t('familyExport.hint')}>
      <span>
        <Button
          onClick={() => void run()}
          disabled={busy}
          aria-label={t('familyExport.button')}
          data-testid="application-family-export"
        >
          {busy ? t('familyExport.busy') : t('familyExport.button')}
        </Button>
      </span>
    </Tooltip>
  );
}
