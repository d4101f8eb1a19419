import { useState } from 'react';
import { Button, ListItemText, Menu, MenuItem } from '@mui/material';
import { useSnackbar } from 'notistack';
import { useTranslation } from 'react-i18next';
import { EXPORT_FORMATS, SIS_EXPORT_STATUSES, type ExportFormat } from '@openseat/shared/schemas/application-records';
import { useAbility } from '../../../lib/ability';
import { exportList, exportSubmissions, type ListParams } from '../api/applications';

/**
 * Export CSV of the list as filtered: the spec's application CSV, the screen's columns, or an SIS format (each
 * SIS format says which applications it carries: the server sends it only those statuses); and the campus's full
 * submission data (every form submission, one column per question).
 */
export function ExportMenu({ params }: { params: ListParams }) {
  const { t } = useTranslation();
  const { enqueueSnackbar } = useSnackbar();
  const ability = useAbility();
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  const [busy, setBusy] = useState(false);
  const run = async (format: ExportFormat | 'submissions') => {
    setAnchor(null);
    setBusy(true);
    try {
      if (format === 'submissions') await exportSubmissions(params.id_campus!);
      else await exportList(params, format);
    } catch (error) {
      enqueueSnackbar((error as Error).message, { variant: 'error' });
    } finally {
      setBusy(false);
    }
  };
  return (
    <>
      <Button
        variant="outlined"
        disabled={busy}
        onClick={(e) => setAnchor(e.currentTarget)}
        aria-haspopup="menu"
        data-testid="applications-export"
      >
        {busy ? t('common.loading') : t('common.exportCsv')}
      </Button>
      <Menu anchorEl={anchor} open={anchor !== null} onClose={() => setAnchor(null)}>
        {EXPORT_FORMATS.map((format) => (
          <MenuItem key={format} onClick={() => void run(format)} data-testid={`export-${format}`}>
            <ListItemText
              primary={t(`applications.exportFormats.${format}`)}
              secondary={SIS_EXPORT_STATUSES[format] ? t(`applications.exportFormatScope.${format}`) : undefined}
              slotProps={{ secondary: { sx: { whiteSpace: 'normal', maxWidth: 320 } } }}
            />
          </MenuItem>
        ))}
        {params.id_campus !== undefined && ability.can('export_csv', 'applications') && (
          <MenuItem onClick={() => void run('submissions')} data-testid="export-submissions">
            {t('intake.exportSubmissions')}
          </MenuItem>
        )}
      </Menu>
    </>
  );
}
